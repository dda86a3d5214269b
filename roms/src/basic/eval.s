; breadbin open BASIC V2: expression evaluation, variables and arrays.
;
; FRMEVL evaluates by operator precedence with the pending operations on the CPU stack.
; A level starts with a marker (operation 0, the level's precedence); a pending operation
; is its left operand (FAC rounded, 6 bytes), the operand's type, the operation and its
; precedence. Operation codes: 1-7 a comparison mask (1 >, 2 =, 4 <), 8-14 the binary
; operators + - * / ^ AND OR. Comparison operators are read as soon as they are met and
; kept in OPMASK, so a level that returns early (unary minus, NOT) hands them upwards.

        .include "interp.inc"

        .segment "BASIC6"

FRMNUM: jsr FRMEVL
CHKNUM: clc
        .byte $24               ; BIT zp: skips the SEC
CHKSTR: sec
; CHKVAL: TYPE MISMATCH unless the value's type is string (carry set) or number (clear).
CHKVAL: bit VALTYP
        bmi @str
        bcs TMERR1
        rts
@str:   bcc TMERR1
        rts
TMERR1: jmp TMERR
SNERR3: jmp SNERR
OMERR2: jmp OMERR

; FRMEVL: evaluate the expression starting at CHRGOT; FAC = value, VALTYP = type.
FRMEVL: ldx TXTPTR
        bne @back
        dec TXTPTR+1
@back:  dec TXTPTR
        lda #0
        sta OPMASK
; FRMPRC: evaluate operators that bind tighter than precedence A.
FRMPRC: tay
        tsx
        cpx #62                 ; room for one more level
        bcc OMERR2
        lda #0
        pha
        tya
        pha
@oper:  jsr EVAL
@look:  lda OPMASK
        bne @rel
        jsr CHRGOT
        sec
        sbc #TK_PLUS
        bcc @end
        cmp #TK_LT-TK_PLUS+1
        bcs @end
        cmp #TK_GT-TK_PLUS
        bcs @relrd
        tax
        ldy OPPREC,x
        ora #8
        bne @have
@relrd: sbc #TK_GT-TK_PLUS      ; 0 >, 1 =, 2 <
@relb:  tax
        lda RELBIT,x
        bit OPMASK
        bne SNERR3
        ora OPMASK
        sta OPMASK
        jsr CHRGET
        sec
        sbc #TK_GT
        bcc @rel
        cmp #3
        bcc @relb
@rel:   lda OPMASK
        ldy #4
        bne @have
@end:   ldy #0
@have:  sta TMPOP
        sty TMPPREC
        tsx
        lda $0101,x             ; precedence of the innermost pending operation
        cmp TMPPREC
        bcs @apply
        lda TMPOP               ; push a pending operation
        cmp #8
        bcc @cmpop
        bit VALTYP              ; (EVAL steps over the operator) a string knows only +
        bpl @push
        cmp #8
        beq @push
        jmp TMERR
@cmpop: lda #0                  ; comparisons were read already: back up one
        sta OPMASK
        lda TXTPTR
        bne @back
        dec TXTPTR+1
@back:  dec TXTPTR
@push:  tsx
        cpx #62
        bcc @om
        bit VALTYP
        bmi @pstr
        jsr ROUND
@pstr:  ldx #5                  ; FACEXP..FACSGN, exponent on top
@pfac:  lda FACEXP,x
        pha
        dex
        bpl @pfac
        lda VALTYP
        pha
        lda TMPOP
        pha
        lda TMPPREC
        pha
        jmp @oper
@om:    jmp OMERR
@apply: pla
        pla
        bne @do
        rts                     ; the level's marker: done
@do:    sta TMPOP
        pla
        sta TMPPREC             ; left operand's type
        ldx #0                  ; into ARGEXP..ARGSGN
@parg:  pla
        sta ARGEXP,x
        inx
        cpx #6
        bne @parg
        lda TMPOP
        cmp #8
        bcc @compare
        bit TMPPREC
        bmi @concat
        jsr CHKNUM
        lda TMPOP
        asl a
        tax
        lda OPADR-16,x
        sta JMPER+1
        lda OPADR-15,x
        sta JMPER+2
        jsr JMPER
        jmp @look
@concat:
        jsr CONCAT
        jmp @look
@compare:
        lda TMPPREC
        eor VALTYP
        bne TMERR2
        bit VALTYP
        bmi @scmp
        lda ARGSGN              ; ARG into memory format, then compare FAC with it
        ora #$7F
        and ARGHO
        sta ARGHO
        lda #<ARGEXP
        ldy #>ARGEXP
        jsr FCOMP
        jmp @res
@scmp:  jsr STRCMP
@res:   tax                     ; $FF: left > right, 0: equal, 1: left < right
        inx
        lda RELBIT,x
        and TMPOP
        beq @false
        lda #$FF
@false: ldy #0
        sty VALTYP
        jsr FLOAT
        jmp @look

TMERR2: jmp TMERR

RELBIT: .byte 1, 2, 4

; STRTXT: the string literal whose quote is CHRGOT's character: a temporary for it, then
; CHRGET past the closing quote (if the line does not end first).
STRTXT: lda TXTPTR
        ldy TXTPTR+1
        sec
        adc #0
        bcc @s1
        iny
@s1:    jsr STRLIT
        ldy #0
        lda (FACMO),y
        tay
        iny
        lda (TXTPTR),y
        cmp #'"'
        beq @s2
        dey
@s2:    jsr ADDON
        jmp CHRGET

; ---------------------------------------------------------------- single terms
EVAL:   jmp (IEVAL)
EVALDF: lda #0
        sta VALTYP
@next:  jsr CHRGET
        bcs @nodig
@fin:   jmp FIN
@nodig: jsr ISLETC
        bcs EVVAR
        cmp #TK_PI
        beq EVPI
        cmp #'.'
        beq @fin
        cmp #TK_MINUS
        beq EVNEG
        cmp #TK_PLUS
        beq @next
        cmp #'"'
        beq STRTXT
        cmp #TK_NOT
        beq EVNOT
        cmp #TK_FN
        bne @nofn
        jmp EVFN
@nofn:  cmp #TK_SGN
        bcc PARCHK
        jmp EVFUNC
PARCHK: jsr CHKOPN
        jsr FRMEVL
        jmp CHKCLS

EVPI:   lda #<FPI
        ldy #>FPI
        jsr MOVFM
        jmp CHRGET

EVNEG:  lda #7
        jsr FRMPRC
        jsr CHKNUM
        jmp NEGOP

EVNOT:  lda #3
        jsr FRMPRC
        jsr CHKNUM
        jsr AYINT
        lda FACLO
        eor #$FF
        tay
        lda FACMO
        eor #$FF
        jmp GIVAYF


EVVAR:  jsr PTRGTR
        sta FACMO
        sty FACLO
        lda VARNAM
        ldy VARNAM+1
        bit VALTYP
        bmi @svar
        bit INTFLG
        bmi @ivar
        cmp #'T'                ; TI and ST are read from the KERNAL
        beq @t
        cmp #'S'
        bne @flt
        cpy #'T'
        bne @flt
        jsr READST
        tay
        lda #0
        jmp GIVAYF
@t:     cpy #'I'
        bne @flt
        jmp RDTI
@flt:   lda VARPNT
        ldy VARPNT+1
        jmp MOVFM
@ivar:  ldy #0
        lda (VARPNT),y
        tax
        iny
        lda (VARPNT),y
        tay
        txa
        jmp GIVAYF
@svar:  cmp #'T'
        bne @rts
        cpy #'I'|$80
        bne @rts
        jmp GETTI
@rts:   rts

EVFN:   jsr CHRGET
        jsr GETFNM
        ldy #1
        lda (VARPNT),y
        bne @def
        ldx #ERR_UNDEFFN
        jmp ERROR
@def:   lda VARPNT+1
        pha
        lda VARPNT
        pha
        jsr PARCHK
        jsr CHKNUM
        pla
        sta DEFPNT
        pla
        sta DEFPNT+1
        ldy #2                  ; the parameter variable
        lda (DEFPNT),y
        sta VARPNT
        iny
        lda (DEFPNT),y
        sta VARPNT+1
        lda TXTPTR+1            ; save the text pointer and the parameter's value
        pha
        lda TXTPTR
        pha
        ldy #4
@save:  lda (VARPNT),y
        pha
        dey
        bpl @save
        lda VARPNT+1
        pha
        lda VARPNT
        pha
        ldy #0
        lda (DEFPNT),y
        sta TXTPTR
        iny
        lda (DEFPNT),y
        sta TXTPTR+1
        ldx VARPNT
        ldy VARPNT+1
        jsr MOVMF
        jsr FRMNUM
        jsr CHRGOT
        bne SNERR7
        pla
        sta VARPNT
        pla
        sta VARPNT+1
        ldy #0
@rest:  pla
        sta (VARPNT),y
        iny
        cpy #5
        bne @rest
        pla
        sta TXTPTR
        pla
        sta TXTPTR+1
        rts

SNERR7: jmp SNERR

EVFUNC: cmp #TK_MID+1
        bcs SNERR7
        sbc #TK_SGN-1           ; carry clear: A - TK_SGN
        asl a
        pha
        jsr CHRGET
        pla
        cmp #(TK_LEFT-TK_SGN)*2
        bcs @strfn
        pha
        jsr PARCHK
        pla
        tay
        cpy #(TK_LEN-TK_SGN)*2
        bcs @call
        cpy #(TK_FRE-TK_SGN)*2
        beq @call
        cpy #(TK_POS-TK_SGN)*2
        beq @call
        jsr CHKNUM
@call:  lda FUNTAB,y
        sta JMPER+1
        lda FUNTAB+1,y
        sta JMPER+2
        jmp JMPER
; LEFT$ RIGHT$ MID$: the string's descriptor address stays on the stack for the routine,
; which is entered with X = the second argument.
@strfn: pha
        jsr CHKOPN
        jsr FRMEVL
        jsr CHKSTR
        jsr CHKCOM
        pla
        tay
        lda FACLO
        pha
        lda FACMO
        pha
        tya
        pha
        jsr GETBYT
        pla
        tay
        bcs @call               ; (always: GETBYT ends at the comma or parenthesis)

; FN name after the FN token: find (or make) its entry. A/Y = VARPNT = the entry's data:
; text of the body (2), parameter variable (2).
GETFNM: lda #$C0
        sta SUBFLG
        jsr PTRGET
        jmp CHKNUM

; AND and OR on 16-bit integers (OR as the complement of AND of complements).
ANDOP:  ldy #0
        .byte $2C
OROP:   ldy #$FF
        sty TMPPREC
        jsr AYINT
        lda FACMO
        pha
        lda FACLO
        pha
        jsr MOVFA
        jsr AYINT
        pla
        eor TMPPREC
        sta TMPOP
        lda FACLO
        eor TMPPREC
        and TMPOP
        eor TMPPREC
        tay
        pla
        eor TMPPREC
        sta TMPOP
        lda FACMO
        eor TMPPREC
        and TMPOP
        eor TMPPREC
        jmp GIVAYF

; ---------------------------------------------------------------- variables
; PTRGET: parse the variable name at CHRGOT and find it, creating it when missing.
; PTRGTR: the same for reading: a missing simple variable is not created; its value is
; zero (or the empty string). Returns A/Y = VARPNT = address of the value, VALTYP,
; INTFLG, VARNAM. SUBFLG $80 (FOR, FN parameter): no array, no integer; $C0: FN name.
SNERR8: jmp SNERR

PTRGTR: ldx #$80
        .byte $2C
PTRGET: ldx #0
        stx RDMODE
        jsr CHRGOT
        jsr ISLETC
        bcc SNERR8
        sta VARNAM
        ldx #0
        stx VALTYP
        stx INTFLG
        jsr CHRGET
        bcc @two
        jsr ISLETC
        bcc @one
@two:   tax
@skip:  jsr CHRGET              ; further letters and digits do not count
        bcc @skip
        jsr ISLETC
        bcs @skip
@one:   cmp #'$'
        beq @str
        cmp #'%'
        bne @name
        bit SUBFLG
        bmi SNERR8
        lda #$80
        sta INTFLG
        ora VARNAM
        sta VARNAM
        bne @sfx
@str:   lda #$FF
        sta VALTYP
@sfx:   txa
        ora #$80
        tax
        jsr CHRGET
@name:  stx VARNAM+1
        ldx SUBFLG
        bne @spec
        cmp #'('
        bne @simple
        jmp ARRAY
@spec:  ldy #0
        sty SUBFLG
        cpx #$C0
        bne @simple
        lda VARNAM
        ora #$80
        sta VARNAM
@simple:
        lda VARTAB
        ldx VARTAB+1
@loop:  sta LOWTR
        stx LOWTR+1
        cpx ARYTAB+1
        bne @cmp
        cmp ARYTAB
        beq @none
@cmp:   ldy #0
        lda VARNAM
        cmp (LOWTR),y
        bne @next
        iny
        lda VARNAM+1
        cmp (LOWTR),y
        beq @found
@next:  lda LOWTR
        clc
        adc #7
        bcc @loop
        inx
        bne @loop
@found: lda LOWTR
        clc
        adc #2
        ldy LOWTR+1
        bcc @set
        iny
@set:   sta VARPNT
        sty VARPNT+1
        rts
@none:  bit RDMODE
        bpl @make
        lda #<ZERO5
        ldy #>ZERO5
        bne @set
@make:  lda STREND              ; move the arrays up 7 bytes; the variable goes below
        ldy STREND+1
        sta HIGHTR
        sty HIGHTR+1
        clc
        adc #7
        bcc @m1
        iny
@m1:    sta HIGHDS
        sty HIGHDS+1
        jsr BLTU
        ldx #2                  ; STREND and ARYTAB move up 7
@m2:    clc
        lda ARYTAB,x
        adc #7
        sta ARYTAB,x
        bcc @m3
        inc ARYTAB+1,x
@m3:    dex
        dex
        bpl @m2
        ldy #0
        lda VARNAM
        sta (LOWTR),y
        iny
        lda VARNAM+1
        sta (LOWTR),y
        lda #0
@zero:  iny
        sta (LOWTR),y
        cpy #6
        bne @zero
        beq @found

ISLETC: cmp #'Z'+1
        bcs @no
        cmp #'A'
        rts
@no:    clc
        rts
        .segment "BASIC6B"
; ---------------------------------------------------------------- arrays
; Array entry: name (2), total size (2), number of dimensions (1), then each dimension's
; size (2, high byte first), the last subscript's first, then the elements with the
; first subscript varying fastest (float 5, integer 2 high first, string descriptor 3).
ARRAY:  ldy #0
@sub:   lda DIMFLG              ; keep the name and types over the subscript
        pha
        lda INTFLG
        pha
        lda VALTYP
        pha
        lda VARNAM+1
        pha
        lda VARNAM
        pha
        tya
        pha
        lda #0
        sta DIMFLG
        jsr CHRGET
        jsr FRMNUM
        jsr INTIDX
        pla
        tay
        pla
        sta VARNAM
        pla
        sta VARNAM+1
        pla
        sta VALTYP
        pla
        sta INTFLG
        pla
        sta DIMFLG
        lda FACMO
        pha
        lda FACLO
        pha
        iny
        jsr CHRGOT
        cmp #','
        beq @sub
        sty COUNT
        jsr CHKCLS
        lda ARYTAB
        ldx ARYTAB+1
@loop:  sta LOWTR
        stx LOWTR+1
        cpx STREND+1
        bne @cmp
        cmp STREND
        bne @cmp
        jmp @new
@cmp:   ldy #0
        lda (LOWTR),y
        cmp VARNAM
        bne @next
        iny
        lda (LOWTR),y
        cmp VARNAM+1
        beq @found
@next:  ldy #2
        lda (LOWTR),y
        clc
        adc LOWTR
        pha
        iny
        lda (LOWTR),y
        adc LOWTR+1
        tax
        pla
        jmp @loop
@found: ldx #ERR_REDIM
        lda DIMFLG
        bne @err
        ldy #4
        lda (LOWTR),y
        cmp COUNT
        beq @index
@bad:   ldx #ERR_BADSUB
@err:   jmp ERROR

; The element: offset = ((last subscript) * next dimension + next subscript) ..., times
; the element size; subscripts come off the stack, last first, as the header lists them.
@index: lda #5
        sta TMPOP
        lda #0
        sta INDEX2
        sta INDEX2+1
@each:  pla
        sta RESHO+2
        pla
        sta RESHO+3
        ldy TMPOP
        cmp (LOWTR),y
        bcc @inb
        bne @bad
        iny
        lda RESHO+2
        cmp (LOWTR),y
        bcs @bad
        dey
@inb:   lda (LOWTR),y
        tax
        iny
        lda (LOWTR),y
        iny
        sty TMPOP
        jsr UMULT
        clc
        lda INDEX2
        adc RESHO+2
        sta INDEX2
        lda INDEX2+1
        adc RESHO+3
        sta INDEX2+1
        dec COUNT
        bne @each
        lda INDEX2              ; times the element size: 2, 3 or 5
        ldx INDEX2+1
        asl INDEX2
        rol INDEX2+1
        bit INTFLG
        bmi @sized
        bit VALTYP
        bmi @plus
        asl INDEX2
        rol INDEX2+1
@plus:  clc
        adc INDEX2
        sta INDEX2
        txa
        adc INDEX2+1
        sta INDEX2+1
@sized: lda LOWTR
        clc
        adc TMPOP
        bcc @e1
        inc LOWTR+1
        clc
@e1:    adc INDEX2
        sta VARPNT
        lda LOWTR+1
        adc INDEX2+1
        sta VARPNT+1
        tay
        lda VARPNT
        rts

; A new array at STREND: DIM gives each dimension its subscript + 1, otherwise 11.
@new:   jsr ELSIZE
        sta INDEX2
        ldy #0
        sty INDEX2+1
        lda VARNAM
        sta (LOWTR),y
        iny
        lda VARNAM+1
        sta (LOWTR),y
        ldy #4
        lda COUNT
        sta (LOWTR),y
@dims:  iny
        bit DIMFLG
        bpl @auto
        pla                     ; DIM: the subscripts are done with
        clc
        adc #1
        sta TMPPREC
        pla
        adc #0
        tax
        lda TMPPREC
        bcc @dim                ; (always: at most 32768)
@auto:  lda #11
        ldx #0
@dim:   pha
        txa
        sta (LOWTR),y
        iny
        pla
        sta (LOWTR),y
        sty TMPOP
        jsr UMULT               ; the size in bytes grows by this dimension
        ldy TMPOP
        tya
        sec
        sbc #4
        lsr a
        cmp COUNT
        bne @dims
        iny                     ; Y = size of the header
        tya
        clc
        adc INDEX2
        sta INDEX2
        bcc @n3
        inc INDEX2+1
        beq @om
@n3:    clc
        lda LOWTR
        adc INDEX2
        sta HIGHDS
        tax
        lda LOWTR+1
        adc INDEX2+1
        bcs @om
        sta HIGHDS+1
        tay
        txa
        jsr REASON              ; (garbage collection leaves INDEX2 and LOWTR alone)
        ldy #2
        lda INDEX2
        sta (LOWTR),y
        iny
        lda INDEX2+1
        sta (LOWTR),y
        lda HIGHDS
        sta STREND
        lda HIGHDS+1
        sta STREND+1
        lda COUNT               ; clear the elements
        asl a
        adc #5
        adc LOWTR
        tay
        lda LOWTR+1
        adc #0
        sta INDEX1+1
        lda #0
        sta INDEX1
@clr:   ldx INDEX1+1
        cpx HIGHDS+1
        bne @c1
        cpy HIGHDS
        beq @c3
@c1:    sta (INDEX1),y
        iny
        bne @clr
        inc INDEX1+1
        bne @clr
@c3:    lda DIMFLG
        bne @rts
        jmp @index
@om:    jmp OMERR
@rts:   rts

; Bytes per element: 5 float, 3 string, 2 integer.
ELSIZE: lda #5
        bit VALTYP
        bpl @num
        lda #3
@num:   bit INTFLG
        bpl @done
        lda #2
@done:  rts

; UMULT: INDEX2 = INDEX2 * X/A (high/low); OUT OF MEMORY when it passes 65535.
UMULT:  sta INDEX1
        stx INDEX1+1
        lda #0
        sta RESHO
        sta RESHO+1
        ldy #16
@bit:   asl RESHO
        rol RESHO+1
        bcs @ovf
        asl INDEX1
        rol INDEX1+1
        bcc @nadd
        clc
        lda RESHO
        adc INDEX2
        sta RESHO
        lda RESHO+1
        adc INDEX2+1
        sta RESHO+1
        bcs @ovf
@nadd:  dey
        bne @bit
        lda RESHO
        sta INDEX2
        lda RESHO+1
        sta INDEX2+1
        rts
@ovf:   jmp OMERR

; A subscript: an integer 0-32767.
INTIDX: jsr AYINT
        lda FACMO
        bmi IQERR1
        rts

ZERO5:  .byte 0, 0, 0, 0, 0

; ---------------------------------------------------------------- integer arguments
GTBYTC: jsr CHRGET
GETBYT: jsr FRMNUM
; CONINT: FAC to 0-255 in X, then CHRGOT.
CONINT: jsr AYINT
        ldx FACLO
        lda FACMO
        bne IQERR1
        jmp CHRGOT

IQERR1: jmp IQERR

; GETNUM: an address into LINNUM, a comma, a byte into X.
GETNUM: jsr FRMNUM
        jsr GETADR
COMBYT: jsr CHKCOM
        jmp GETBYT

; FAC to a signed integer in A/Y (the ADRAY1 vector).
FACINX: jsr AYINT
        lda FACMO
        ldy FACLO
        rts

PEEK:   lda LINNUM+1
        pha
        lda LINNUM
        pha
        jsr GETADR
        ldy #0
        lda (LINNUM),y
        tay
        pla
        sta LINNUM
        pla
        sta LINNUM+1
        lda #0
        jmp GIVAYF

FRE:    bit VALTYP
        bpl @num
        jsr FREFAC
@num:   jsr GARBAG
        lda #0
        sta VALTYP
        sec
        lda FRETOP
        sbc STREND
        tay
        lda FRETOP+1
        sbc STREND+1
        jmp GIVAYF

POS:    sec
        jsr PLOT
        lda #0
        sta VALTYP
        jmp GIVAYF
