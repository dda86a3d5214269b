; breadbin open BASIC V2: LIST [first][-[last]]. Each line starts with a carriage
; return, then its number, a space and its text with the keywords spelled out (not inside
; quotes). Tokens go through the IQPLOP vector so that extensions can list their own.

        .include "interp.inc"

        .segment "BASIC"

LIST:   php
        ldy #$FF                ; last line: 65535 unless given
        sty FORPNT
        sty FORPNT+1
        iny
        sty LINNUM
        sty LINNUM+1
        plp
        bcs @nonum
        jsr LINGET
        bne @dash
        lda LINNUM              ; LIST n: that line only
        sta FORPNT
        lda LINNUM+1
        sta FORPNT+1
        jmp @find
@nonum: beq @find
@dash:  cmp #TK_MINUS
        bne LSSNER
        lda LINNUM+1
        pha
        lda LINNUM
        pha
        jsr CHRGET
        beq @start
        jsr LINGET
        bne LSSNER
        lda LINNUM
        sta FORPNT
        lda LINNUM+1
        sta FORPNT+1
@start: pla
        sta LINNUM
        pla
        sta LINNUM+1
@find:  jsr FNDLIN
        pla                     ; LIST ends at READY
        pla
LSLINE: ldy #1
        lda (LOWTR),y
        beq LSDONE
        jsr ISCNTC
        ldy #3
        lda (LOWTR),y
        tax
        cmp FORPNT+1
        bcc @show
        bne LSDONE
        dey
        lda (LOWTR),y
        cmp FORPNT
        beq @show
        bcs LSDONE
@show:  jsr CRDO
        ldy #2
        lda (LOWTR),y
        tax
        iny
        lda (LOWTR),y
        jsr LINPRT
        lda #' '
        jsr OUTDO
        lda #0
        sta GARBFL              ; not in quotes
        ldy #4
LSTLP:  lda (LOWTR),y
        beq LSEOL
        jmp (IQPLOP)
LSTNXT: iny
        bne LSTLP
LSEOL:  ldy #0
        lda (LOWTR),y
        tax
        iny
        lda (LOWTR),y
        stx LOWTR
        sta LOWTR+1
        jmp LSLINE
LSDONE: jmp READY
LSSNER: jmp SNERR

; Default IQPLOP: print the byte A of the line at offset Y, spelling out keywords.
QPLOP:  cmp #'"'
        bne @q
        pha
        lda GARBFL
        eor #$FF
        sta GARBFL
        pla
@q:     bit GARBFL
        bmi @char
        cmp #$80
        bcc @char
        cmp #TK_PI
        beq @char
        sty DSCLEN
        sec
        sbc #$7F                ; keyword number from 1
        tax
        ldy #$FF
@skip:  dex
        beq @word
@sk1:   iny
        lda KWTAB,y
        beq @end
        bpl @sk1
        bmi @skip
@word:  iny
        lda KWTAB,y
        bmi @last
        jsr OUTDO
        jmp @word
@last:  and #$7F
        jsr OUTDO
@end:   ldy DSCLEN
        jmp LSTNXT
@char:  jsr OUTDO
        jmp LSTNXT
