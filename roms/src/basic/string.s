; breadbin open BASIC V2: strings. Descriptors are 3 bytes (length, address); string text
; is allocated downwards from MEMSIZ with FRETOP as its lowest byte. Up to three
; temporary descriptors (TEMPST, TEMPPT = next free, LASTPT = newest) hold intermediate
; results. When FRETOP would pass STREND every string still referenced is moved to the
; top of memory, highest first, one scan of all descriptors per string moved.

        .include "interp.inc"

        .segment "BASICHI2"

; STRLIT: make a temporary for the string at A/Y ending at a quote or the end of the text.
; STRLT2: ending at CHARAC, ENDCHR or zero. Text below the program (input buffer, number
; buffer) is copied into string space; other text is referred to where it is.
STRLIT: ldx #'"'
        stx CHARAC
        stx ENDCHR
STRLT2: sta DSCADR
        sty DSCADR+1
        ldy #$FF
@scan:  iny
        lda (DSCADR),y
        beq @end
        cmp CHARAC
        beq @end
        cmp ENDCHR
        bne @scan
@end:   sty DSCLEN
        lda DSCADR+1
        cmp TXTTAB+1
        bcs PUTNEW
        lda DSCADR+1            ; (a garbage collection may use INDEX1)
        pha
        lda DSCADR
        pha
        tya
        jsr STRINI
        pla
        sta INDEX1
        pla
        sta INDEX1+1
        lda DSCLEN
        jsr MOVINS
; PUTNEW: push the descriptor DSCPNT as the newest temporary; FAC points at it.
PUTNEW: ldx TEMPPT
        cpx #TEMPST+9
        bne @room
        ldx #ERR_FORMULA
        jmp ERROR
@room:  lda DSCLEN
        sta 0,x
        lda DSCADR
        sta 1,x
        lda DSCADR+1
        sta 2,x
        stx FACMO
        stx LASTPT
        ldy #0
        sty FACLO
        dey
        sty VALTYP
        inx
        inx
        inx
        stx TEMPPT
        rts

; STRINI: reserve A bytes of string space as the scratch descriptor DSCPNT.
STRINI: jsr STRSPA
        sta DSCLEN
        lda FRESPC
        sta DSCADR
        lda FRESPC+1
        sta DSCADR+1
        rts

; STRSPA: reserve A bytes below FRETOP; FRESPC = their address, A = length.
STRSPA: pha
        lda #0
        sta GARBFL
@try:   pla
        pha
        eor #$FF
        sec
        adc FRETOP
        tax
        ldy FRETOP+1
        bcs @hi
        dey
@hi:    cpy STREND+1
        bcc @full
        bne @ok
        cpx STREND
        bcc @full
@ok:    stx FRETOP
        sty FRETOP+1
        stx FRESPC
        sty FRESPC+1
        pla
        rts
@full:  lda GARBFL
        bne @om
        dec GARBFL
        jsr GARBAG
        jmp @try
@om:    jmp OMERR

; MOVINS: copy A bytes from INDEX1 to FRESPC, advancing FRESPC.
MOVINS: tay
        beq @adv
        pha
@copy:  dey
        lda (INDEX1),y
        sta (FRESPC),y
        tya
        bne @copy
        pla
@adv:   clc
        adc FRESPC
        sta FRESPC
        bcc @done
        inc FRESPC+1
@done:  rts

; FRESTR: a string value's text; FREFAC: FAC's; FRETMP: descriptor A/Y's. The newest
; temporary is dropped, and its space given back when it is the newest string.
; Returns A = length (flags set), INDEX1 = address.
FRESTR: jsr CHKSTR
FREFAC: lda FACMO
        ldy FACLO
FRETMP: sta INDEX1
        sty INDEX1+1
        ldy #0
        lda (INDEX1),y
        pha
        iny
        lda (INDEX1),y
        tax
        iny
        lda (INDEX1),y
        tay
        lda INDEX1+1
        bne @keep
        lda INDEX1
        cmp LASTPT
        bne @keep
        sta TEMPPT
        sbc #3
        sta LASTPT
        cpy FRETOP+1
        bne @keep
        cpx FRETOP
        bne @keep
        pla
        pha
        clc
        adc FRETOP
        sta FRETOP
        bcc @keep
        inc FRETOP+1
@keep:  stx INDEX1
        sty INDEX1+1
        pla
        rts

; FRETMS: drop descriptor A/Y from the temporaries if it is the newest (Z set then).
FRETMS: cpy LASTPT+1
        bne @done
        cmp LASTPT
        bne @done
        sta TEMPPT
        sbc #3
        sta LASTPT
        ldy #0
@done:  rts

; LETSTR: assign the string value in FAC to the variable descriptor at FORPNT. A
; temporary is taken over; another variable's text in string space is copied.
LETSTR: lda FACMO
        ldy FACLO
        jsr FRETMS
        beq @desc
        ldy #2
        lda (FACMO),y
        cmp FRETOP+1
        bcc @desc
        bne @copy
        dey
        lda (FACMO),y
        cmp FRETOP
        bcc @desc
@copy:  ldy #0
        lda (FACMO),y
        jsr STRINI
        ldy #1
        lda (FACMO),y
        sta INDEX1
        iny
        lda (FACMO),y
        sta INDEX1+1
        lda DSCLEN
        jsr MOVINS
        lda #<DSCPNT
        sta FACMO
        lda #>DSCPNT
        sta FACLO
@desc:  ldy #2
@cp:    lda (FACMO),y
        sta (FORPNT),y
        dey
        bpl @cp
        rts

; CONCAT: left string (descriptor address in ARG) + right string (FAC).
CONCAT: jsr CHKSTR
        ldy #0
        lda (ARGMO),y
        clc
        adc (FACMO),y
        bcc @fits
        ldx #ERR_STRLONG
        jmp ERROR
@fits:  jsr STRINI
        jsr FREFAC
        pha
        lda INDEX1
        pha
        lda INDEX1+1
        pha
        lda ARGMO
        ldy ARGMO+1
        jsr FRETMP
        jsr MOVINS
        pla
        sta INDEX1+1
        pla
        sta INDEX1
        pla
        jsr MOVINS
        jmp PUTNEW

; STRCMP: compare the left string (ARG) with the right (FAC): A = $FF when left > right,
; 0 when equal, 1 when left < right.
STRCMP: jsr FREFAC
        sta DSCLEN
        lda INDEX1
        sta DSCADR
        lda INDEX1+1
        sta DSCADR+1
        lda ARGMO
        ldy ARGMO+1
        jsr FRETMP
        tax
        ldy #0
@loop:  cpy DSCLEN
        beq @rend
        txa
        beq @less
        lda (INDEX1),y
        cmp (DSCADR),y
        bne @diff
        iny
        dex
        jmp @loop
@rend:  txa
        beq @eq
@more:  lda #$FF
        rts
@diff:  bcs @more
@less:  lda #1
@eq:    rts

; ---------------------------------------------------------------- string functions
LEN:    jsr FRESTR
GIVEA:  tay
        lda #0
        sta VALTYP
        jmp GIVAYF

ASC:    jsr FRESTR
        beq IQERR2
        ldy #0
        lda (INDEX1),y
        jmp GIVEA
IQERR2: jmp IQERR

CHRD:   jsr CHKNUM
        jsr CONINT
        txa
        pha
        lda #1
        jsr STRINI
        pla
        ldy #0
        sta (DSCADR),y
        jmp PUTNEW

STRD:   jsr CHKNUM
        jsr FOUT
        jmp STRLIT

VAL:    jsr FRESTR
        bne @text
        sta VALTYP
        sta FACEXP
        sta FACSGN
        rts
@text:  clc                     ; end the text with a zero for the moment
        adc INDEX1
        sta INDEX2
        lda INDEX1+1
        adc #0
        sta INDEX2+1
        ldy #0
        lda (INDEX2),y
        pha
        lda INDEX2+1
        pha
        lda INDEX2
        pha
        tya
        sta (INDEX2),y
        lda TXTPTR+1
        pha
        lda TXTPTR
        pha
        lda INDEX1
        sta TXTPTR
        lda INDEX1+1
        sta TXTPTR+1
        jsr CHRGOT
        jsr FIN
        pla
        sta TXTPTR
        pla
        sta TXTPTR+1
        pla
        sta INDEX2
        pla
        sta INDEX2+1
        pla
        ldy #0
        sta (INDEX2),y
        sty VALTYP
        rts

; LEFT$ RIGHT$ MID$: entered with X = second argument and the string's descriptor address
; on the stack.
LEFTD:  jsr CHKCLS
        lda #0
        beq SUBST

RIGHTD: jsr CHKCLS
        stx TMPPREC
        jsr SLEN
        sec
        sbc TMPPREC
        bcs @start
        lda #0
@start: ldx TMPPREC
        jmp SUBST

MIDD:   txa
        bne @m
        jmp IQERR
@m:     dex
        txa
        pha
        ldx #255
        jsr CHRGOT
        cmp #')'
        beq @two
        jsr COMBYT
@two:   jsr CHKCLS
        pla
; SUBST: X characters (fewer if the string ends) from offset A of the string whose
; descriptor address is on the stack.
SUBST:  sta TMPOP
        stx TMPPREC
        jsr SLEN
        sec
        sbc TMPOP
        bcs @left
        lda #0
@left:  cmp TMPPREC
        bcs @cnt
        sta TMPPREC
@cnt:   lda TMPPREC
        jsr STRINI
        pla
        tax
        pla
        tay
        txa
        jsr FRETMP
        lda TMPOP
        clc
        adc INDEX1
        sta INDEX1
        bcc @copy
        inc INDEX1+1
@copy:  lda TMPPREC
        jsr MOVINS
        jmp PUTNEW

; SLEN: A = the length of the string whose descriptor address lies below the caller's
; return address (INDEX1 = the descriptor).
SLEN:   tsx
        lda $0103,x
        sta INDEX1
        lda $0104,x
        sta INDEX1+1
        ldy #0
        lda (INDEX1),y
        rts

; ---------------------------------------------------------------- garbage collection
; Each pass scans every descriptor (temporaries, string variables, string array elements)
; for the string with the highest address below GCBND, moves it to just below FRESPC and
; makes its old address the new GCBND. RESHO/1: its descriptor, RESHO+2/3: its address,
; RESHO+4: found. INDEX1 walks the descriptors, GCEND is the end of the current stretch.
GARBAG: lda MEMSIZ
        ldy MEMSIZ+1
        sta FRESPC              ; strings are packed below FRESPC
        sty FRESPC+1
@pass:  sta GCBND               ; strings at or above GCBND are done
        sty GCBND+1
        lda FRETOP
        sta RESHO+2
        lda FRETOP+1
        sta RESHO+3
        ldx #0
        stx RESHO+4
        stx INDEX1+1
        stx GCEND+1
        lda #TEMPST
        sta INDEX1
        lda TEMPPT
        sta GCEND
        jsr @desc3
        lda VARTAB
        ldx VARTAB+1
@var:   sta INDEX1
        stx INDEX1+1
        ldx #ARYTAB
        jsr @at
        beq @arys
        ldy #0
        lda (INDEX1),y
        bmi @vnext
        iny
        lda (INDEX1),y
        bpl @vnext
        lda #2
        jsr @adv
        jsr @check
        lda #5
        .byte $2C
@vnext: lda #7
        jsr @adv
        lda INDEX1
        ldx INDEX1+1
        bcc @var                ; (always: @adv leaves carry clear)
@arys:  ldx #STREND
        jsr @at
        beq @move
        ldy #2                  ; GCEND: the end of this array
        lda (INDEX1),y
        clc
        adc INDEX1
        sta GCEND
        iny
        lda (INDEX1),y
        adc INDEX1+1
        sta GCEND+1
        ldy #0
        lda (INDEX1),y
        bmi @anext
        iny
        lda (INDEX1),y
        bpl @anext
        ldy #4                  ; string array: its elements
        lda (INDEX1),y
        asl a
        adc #5
        jsr @adv
        jsr @desc3
@anext: lda GCEND
        sta INDEX1
        lda GCEND+1
        sta INDEX1+1
        bcc @arys               ; (carry clear after the comparison or @desc3)
@move:  lda RESHO+4
        bne @mv1
        lda FRESPC              ; all done
        sta FRETOP
        lda FRESPC+1
        sta FRETOP+1
        rts
@mv1:   ldy #0                  ; move the string found just below FRESPC
        lda (RESHO),y
        tax
        eor #$FF
        sec
        adc FRESPC
        sta FRESPC
        bcs @mv2
        dec FRESPC+1
@mv2:   txa
        tay
@mv3:   dey
        lda (RESHO+2),y
        sta (FRESPC),y
        tya
        bne @mv3
        iny
        lda FRESPC
        sta (RESHO),y
        iny
        lda FRESPC+1
        sta (RESHO),y
        lda RESHO+2
        ldy RESHO+3
        jmp @pass

; Descriptors from INDEX1 up to GCEND, three bytes each.
@desc3: ldx #GCEND
        jsr @at
        beq @rts
        jsr @check
        lda #3
        jsr @adv
        jmp @desc3

; INDEX1 += A (carry clear afterwards unless it wrapped).
@adv:   clc
        adc INDEX1
        sta INDEX1
        bcc @rts
        inc INDEX1+1
        clc
@rts:   rts

; Z set when INDEX1 equals the pointer at X; carry clear then.
@at:    lda INDEX1
        cmp 0,x
        bne @rts
        lda INDEX1+1
        cmp 1,x
        bne @rts
        clc
        rts

; Is the descriptor at INDEX1 the highest non-empty string below GCBND so far?
@check: ldy #0
        lda (INDEX1),y
        beq @no
        iny
        lda (INDEX1),y          ; below GCBND?
        cmp GCBND
        iny
        lda (INDEX1),y
        sbc GCBND+1
        bcs @no
        dey
        lda (INDEX1),y          ; at or above the best so far?
        cmp RESHO+2
        iny
        lda (INDEX1),y
        sbc RESHO+3
        bcc @no
        lda (INDEX1),y
        sta RESHO+3
        dey
        lda (INDEX1),y
        sta RESHO+2
        lda INDEX1
        sta RESHO
        lda INDEX1+1
        sta RESHO+1
        sty RESHO+4
@no:    rts
