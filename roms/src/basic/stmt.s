; breadbin open BASIC V2: flow-of-control and housekeeping statements.
;
; Statement routines are entered through RTS with CHRGET's result for the character after
; the token, and one return address (to the statement loop) on the stack. FOR and GOSUB
; frames live on the CPU stack below that return address:
;   FOR   (18 bytes, from the top): token, variable address (2), text pointer after the
;         statement (2), line number (2), sign of STEP, STEP (5, packed), limit (5, packed)
;   GOSUB (5 bytes): token, line number (2), text pointer at the line number (2)

        .include "interp.inc"

        .segment "BASIC7"

; ---------------------------------------------------------------- END, STOP, CONT
ENDST:  clc
STOPST: beq STOPGO
RTS0:   rts                     ; trailing text: the statement loop reports it
STOPGO: ldy CURLIN+1
        iny
        beq @dir
        ldx #1                  ; a program can be CONTinued from here
@save:  lda TXTPTR,x
        sta OLDTXT,x
        lda CURLIN,x
        sta OLDLIN,x
        dex
        bpl @save
@dir:   pla
        pla
        bcs @brk
        jmp READY
@brk:   lda #<BRKMSG
        ldy #>BRKMSG
        jsr STROUT
        jmp ERRIN

CONT:   bne RTS0
        ldx #ERR_CANTCONT
        ldy OLDTXT+1
        bne @go
        jmp ERROR
@go:    ldx #1
@rest:  lda OLDTXT,x
        sta TXTPTR,x
        lda OLDLIN,x
        sta CURLIN,x
        dex
        bpl @rest
PRGMSG: lda #0                  ; program mode: no KERNAL control messages
        jmp SETMSG

; ---------------------------------------------------------------- RUN, CLR, NEW, RESTORE
RUN:    php
        jsr PRGMSG
        plp
        bne @line
        jsr RUNC
        jmp NEWSTT
@line:  jsr CLEARC
        jsr CHRGOT
        jsr GOTO
        jmp NEWSTT

CLR:    bne RTS4
        jsr CLEARC
        jmp NEWSTT

NEW:    bne RTS4
        jsr SCRTCH
        jmp NEWSTT

; Empty the program, then clear as RUN does.
SCRTCH: lda #0
        tay
        sta (TXTTAB),y
        iny
        sta (TXTTAB),y
        lda TXTTAB
        clc
        adc #2
        sta VARTAB
        lda TXTTAB+1
        adc #0
        sta VARTAB+1
; RUNC: text pointer to the start of the program, then CLEARC. Keeps the caller's return
; address, drops the rest of the stack.
RUNC:   jsr STXTPT
; CLEARC: close files, forget variables, arrays and strings, RESTORE, reset the stack.
CLEARC: jsr CLALL
        lda MEMSIZ
        ldy MEMSIZ+1
        sta FRETOP
        sty FRETOP+1
        lda VARTAB
        ldy VARTAB+1
        sta ARYTAB
        sty ARYTAB+1
        sta STREND
        sty STREND+1
        jsr RESTR1
; STKINI: reset the stack (keeping the caller's return address), the temporary strings and
; the evaluator; CONT is no longer possible.
STKINI: pla
        tay
        pla
        ldx #STKTOP
        txs
        pha
        tya
        pha
        lda #0
        sta OLDTXT+1
        sta SUBFLG
        sta OPMASK
        ldx #TEMPST
        stx TEMPPT
RTS4:   rts

STXTPT: clc
        lda TXTTAB
        adc #$FF
        sta TXTPTR
        lda TXTTAB+1
        adc #$FF
        sta TXTPTR+1
        rts

RESTORE:
        bne RTS4
RESTR1: sec
        lda TXTTAB
        sbc #1
        sta DATPTR
        lda TXTTAB+1
        sbc #0
        sta DATPTR+1
        rts

        .segment "BASIC8B"

; ---------------------------------------------------------------- FOR / NEXT
FOR:    lda #$80                ; a simple float variable only
        sta SUBFLG
        jsr LET
        jsr CHKNUM
        jsr FNDFOR
        bne @new
        txa                     ; the same variable loops already: drop that frame and
        clc                     ; everything above it
        adc #18
        tax
        txs
        bne @push
@new:   pla
        pla
@push:  jsr GETSTK
        lda #TK_TO
        jsr SYNCHR
        jsr FRMNUM
        jsr PUSHF               ; the limit
        lda #<FONE
        ldy #>FONE
        jsr MOVFM
        jsr CHRGOT
        cmp #TK_STEP
        bne @step
        jsr CHRGET
        jsr FRMNUM
@step:  jsr PUSHF               ; the step and its sign
        jsr SIGN
        pha
        lda CURLIN+1
        pha
        lda CURLIN
        pha
        lda TXTPTR+1            ; NEXT continues after this statement
        pha
        lda TXTPTR
        pha
        lda FORPNT+1
        pha
        lda FORPNT
        pha
        lda #TK_FOR
        pha
        jmp NEWSTT

; Push FAC rounded, in memory format (exponent at the lowest address).
PUSHF:  jsr ROUND
        pla                     ; our return address goes back on top afterwards
        sta INDEX1
        pla
        sta INDEX1+1
        lda FACLO
        pha
        lda FACMO
        pha
        lda FACHO+1
        pha
        lda FACSGN
        ora #$7F
        and FACHO
        pha
        lda FACEXP
        pha
        lda INDEX1+1
        pha
        lda INDEX1
        pha
        rts

        .segment "BASIC8C"
NEXT:   bne @var
        ldy #0                  ; NEXT without a name: the innermost loop
        sty FORPNT+1
        beq @find
@var:   jsr PTRFOR
@find:  jsr FNDFOR
        beq @found
        ldx #ERR_NEXT
        jmp ERROR
@found: txs                     ; drop what lies above the frame
        lda FORPNT
        ldy FORPNT+1
        jsr MOVFM
        tsx
        txa
        clc
        adc #9                  ; the step at $0109,X
        ldy #1
        jsr FADD
        ldx FORPNT
        ldy FORPNT+1
        jsr MOVMF
        tsx
        txa
        clc
        adc #14                 ; the limit at $010E,X
        ldy #1
        jsr FCOMP
        tsx
        cmp $0108,x             ; finished when the comparison equals the step's sign
        beq @done
        lda $0104,x
        sta TXTPTR
        lda $0105,x
        sta TXTPTR+1
        lda $0106,x
        sta CURLIN
        lda $0107,x
        sta CURLIN+1
        jmp NEWSTT
@done:  txa
        adc #17                 ; carry set: 18 bytes
        tax
        txs
        jsr CHRGOT
        cmp #','
        bne @end
        jsr CHRGET
        jsr @var                ; FNDFOR expects one return address above the frames
@end:   jmp NEWSTT

        .segment "BASIC8"
; FNDFOR: find the FOR frame of the variable at FORPNT (FORPNT+1 = 0: the first FOR
; frame, whose variable is then put in FORPNT). The frames start above this routine's
; and the statement's return addresses. Z set: found, $0101,X is its token. Z clear:
; A = the token of the first frame that is not a FOR.
FNDFOR: tsx
        inx
        inx
        inx
        inx
@loop:  lda $0101,x
        cmp #TK_FOR
        bne RTS5
        lda FORPNT+1
        bne @cmp
        lda $0102,x
        sta FORPNT
        lda $0103,x
        sta FORPNT+1
@cmp:   cmp $0103,x
        bne @next
        lda FORPNT
        cmp $0102,x
        beq RTS5
@next:  txa
        clc
        adc #18
        tax
        bne @loop
RTS5:   rts

        .segment "BASIC9B"

; ---------------------------------------------------------------- GOTO, GOSUB, RETURN
GOSUB:  pla
        pla
        jsr GETSTK
        lda TXTPTR+1
        pha
        lda TXTPTR
        pha
        lda CURLIN+1
        pha
        lda CURLIN
        pha
        lda #TK_GOSUB
        pha
        jsr CHRGOT
        jsr GOTO
        jmp NEWSTT

; GOTO: a target above the current line is searched from the next line, others from the
; start of the program.
GOTO:   jsr LINGET
        jsr REMN
        lda CURLIN
        cmp LINNUM
        lda CURLIN+1
        sbc LINNUM+1
        bcs @start
        tya
        sec
        adc TXTPTR
        ldx TXTPTR+1
        bcc @fwd
        inx
@fwd:   jsr FNDLNC
        bcs @found
        bcc @undef
@start: jsr FNDLIN
        bcc @undef
@found: lda LOWTR               ; continue at the zero before the line
        sbc #1
        sta TXTPTR
        lda LOWTR+1
        sbc #0
        sta TXTPTR+1
        rts
@undef: ldx #ERR_UNDEF
        jmp ERROR

RETURN: lda #$FF                ; skip all FOR frames
        sta FORPNT+1
        jsr FNDFOR
        txs
        cmp #TK_GOSUB
        beq @ok
        ldx #ERR_RETURN
        jmp ERROR
@ok:    pla
        pla
        sta CURLIN
        pla
        sta CURLIN+1
        pla
        sta TXTPTR
        pla
        sta TXTPTR+1
        jsr DATA                ; the rest of the GOSUB statement
        jmp NEWSTT

; ---------------------------------------------------------------- DATA, REM, IF, ON
DATA:   jsr DATAN
ADDON:  tya
        clc
        adc TXTPTR
        sta TXTPTR
        bcc RTS6
        inc TXTPTR+1
RTS6:   rts

; DATAN: Y = offset from TXTPTR of the end of the statement (colon outside quotes, or
; the end of the line). REMN: of the end of the line.
DATAN:  ldx #':'
        .byte $2C
REMN:   ldx #0
        stx CHARAC
        ldy #0
        sty ENDCHR
@scan:  lda (TXTPTR),y
        beq RTS6
        cmp CHARAC
        beq RTS6
        iny
        cmp #'"'
        bne @scan
        lda CHARAC              ; a quote swaps the terminators
        ldx ENDCHR
        sta ENDCHR
        stx CHARAC
        jmp @scan

IF:     jsr FRMEVL
        jsr CHRGOT
        cmp #TK_GOTO
        beq @test
        lda #TK_THEN
        jsr SYNCHR
@test:  bit VALTYP
        bpl @num
        jsr FREFAC              ; a string is true when it is not empty
        tax
        bne IFTRUE
        beq REM
@num:   lda FACEXP
        bne IFTRUE
REM:    jsr REMN
        jmp ADDON
IFTRUE:  jsr CHRGOT
        bcs @stmt
        jmp GOTO
@stmt:  jmp EXECST

ON:     jsr GETBYT
        pha
        cmp #TK_GOSUB
        beq @loop
        cmp #TK_GOTO
        beq @loop
        jmp SNERR
@loop:  dec FACLO
        bne @skip
        pla
        jmp EXECST
@skip:  jsr CHRGET
        jsr LINGET
        cmp #','
        beq @loop
        pla
        rts

        .segment "BASIC10"

; ---------------------------------------------------------------- LET, DIM, DEF
LET:    jsr PTRFOR
        lda VARNAM              ; TI and ST cannot be assigned; TI$ sets the clock
        cmp #'T'
        beq @t
        cmp #'S'
        bne @ok
        lda VARNAM+1
        cmp #'T'
        bne @ok
        beq SNERR2
@t:     lda VARNAM+1
        cmp #'I'
        beq SNERR2
        cmp #'I'|$80
        bne @ok
        jmp SETTI
@ok:    lda #TK_EQ
        jsr SYNCHR
        lda INTFLG
        pha
        lda VALTYP
        pha
        jsr FRMEVL
        pla
        rol a
        jsr CHKVAL
        pla
        sta INTFLG
        bit VALTYP
        bpl LETNUM
        jmp LETSTR
; PTRFOR: PTRGET, the address also in FORPNT.
PTRFOR: jsr PTRGET
        sta FORPNT
        sty FORPNT+1
        rts

; LETNUM: store FAC in the numeric variable at FORPNT (integer when INTFLG says so).
LETNUM: bit INTFLG
        bmi @int
        ldx FORPNT
        ldy FORPNT+1
        jmp MOVMF
@int:   jsr AYINT
        ldy #0
        lda FACMO
        sta (FORPNT),y
        iny
        lda FACLO
        sta (FORPNT),y
        rts
SNERR2: jmp SNERR

DIM:    lda #$FF
        sta DIMFLG
        jsr PTRGET
        lda #0
        sta DIMFLG
        jsr CHRGOT
        cmp #','
        bne RTS7
        jsr CHRGET
        jmp DIM

DEF:    jsr ERRDIR
        lda #TK_FN
        jsr SYNCHR
        jsr GETFNM
        sta DEFPNT
        sty DEFPNT+1
        jsr CHKOPN
        lda #$80
        sta SUBFLG
        jsr PTRGET
        jsr CHKNUM
        ldy #2
        lda VARPNT
        sta (DEFPNT),y
        iny
        lda VARPNT+1
        sta (DEFPNT),y
        jsr CHKCLS
        lda #TK_EQ
        jsr SYNCHR
        ldy #0
        lda TXTPTR
        sta (DEFPNT),y
        iny
        lda TXTPTR+1
        sta (DEFPNT),y
        jmp DATA

; ---------------------------------------------------------------- POKE, WAIT, SYS
POKE:   jsr GETNUM
        txa
        ldy #0
        sta (LINNUM),y
RTS7:   rts

WAIT:   jsr GETNUM
        stx FORPNT
        ldx #0
        jsr CHRGOT
        beq @go
        jsr COMBYT
@go:    stx FORPNT+1
        ldy #0
@wait:  lda (LINNUM),y
        eor FORPNT+1
        and FORPNT
        beq @wait
        rts

SYS:    jsr FRMNUM
        jsr GETADR
        lda #>(@back-1)
        pha
        lda #<(@back-1)
        pha
        lda SPREG
        pha
        lda SAREG
        ldx SXREG
        ldy SYREG
        plp
        jmp (LINNUM)
@back:  php
        sta SAREG
        stx SXREG
        sty SYREG
        pla
        sta SPREG
        rts

BRKMSG: .byte 13, "BREAK", 0
