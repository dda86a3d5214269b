; breadbin open BASIC V2: errors, the READY prompt and main loop, the tokeniser, program
; line editing, the statement loop and small parsing helpers.

        .include "interp.inc"

        .segment "BASIC2"

; ---------------------------------------------------------------- errors
; Entry points that load an error number and fall into ERROR (BIT abs skips the next LDX).
OMERR:  ldx #ERR_MEMORY
        .byte $2C
TMERR:  ldx #ERR_TYPE
        .byte $2C
IQERR:  ldx #ERR_ILLQUAN
        .byte $2C
SNERR:  ldx #ERR_SYNTAX
ERROR:  jmp (IERROR)            ; X = error number, or >= $80 for a plain READY.

; Default error handler: reset channels and the BASIC stack, print the message.
ERRDEF: stx ERRNUM
        jsr CLRCHN
        lda #0
        sta CHANNL
        jsr STKINI              ; (no CONTinuing after an error)
        ldx ERRNUM
        bmi READY
        jsr CRDO
        lda #'?'
        jsr OUTDO
        ldx ERRNUM
        jsr PRTMSG
        lda #<ERRMSG
        ldy #>ERRMSG
        jsr STROUT
ERRIN:  ldy CURLIN+1            ; " IN line" when a program was running
        iny
        beq READY
        lda #<INMSG
        ldy #>INMSG
        jsr STROUT
        lda CURLIN+1
        ldx CURLIN
        jsr LINPRT
READY:  lda #<RDYMSG
        ldy #>RDYMSG
        jsr STROUT
        lda #$80                ; direct mode: KERNAL control messages on
        jsr SETMSG
        ; CURLIN keeps the last line run (or $00xx after power-on) until a direct-mode
        ; line is executed: MAINDF sets its high byte to $FF then, as programs expect.
MAIN:   jmp (IMAIN)

        .segment "BASIC4"

; Print message X (1-30) of the error table.
PRTMSG: ldy #<(ERRTAB-1)
        sty INDEX1
        ldy #>(ERRTAB-1)
        sty INDEX1+1
        ldy #0
@skip:  dex                     ; skip X-1 messages
        beq @prt
@skp1:  iny
        bne @skp2
        inc INDEX1+1
@skp2:  lda (INDEX1),y
        bpl @skp1
        bmi @skip
@prt:   iny
        bne @p1
        inc INDEX1+1
@p1:    lda (INDEX1),y
        pha
        and #$7F
        jsr OUTDO
        pla
        bpl @prt
        rts

; ILLEGAL DIRECT unless a program is running.
ERRDIR: ldx CURLIN+1
        inx
        beq @dir
        rts
@dir:   ldx #ERR_DIRECT
        jmp ERROR

; ---------------------------------------------------------------- main loop
MAINDF: jsr INLIN
        stx TXTPTR
        sty TXTPTR+1
        jsr CHRGET
        tax
        beq MAINDF
        ldx #$FF
        stx CURLIN+1
        bcc NUMLIN
        jsr CRUNCH
        jmp GONE

; A line with a number: replace, insert or delete it, then read the next line.
NUMLIN: jsr LINGET
        jsr CRUNCH
        jsr FNDLIN
        bcc @ins
        ldy #0                  ; delete the old line: move the rest of the text down
        lda (LOWTR),y
        sta INDEX1
        iny
        lda (LOWTR),y
        sta INDEX1+1
        lda LOWTR
        sta INDEX2
        lda LOWTR+1
        sta INDEX2+1
        dey
@mov:   lda (INDEX1),y
        sta (INDEX2),y
        inc INDEX1
        bne @m1
        inc INDEX1+1
@m1:    inc INDEX2
        bne @m2
        inc INDEX2+1
@m2:    lda INDEX1
        cmp VARTAB
        bne @mov
        lda INDEX1+1
        cmp VARTAB+1
        bne @mov
        lda INDEX2
        sta VARTAB
        lda INDEX2+1
        sta VARTAB+1
@ins:   lda BUF
        beq @done               ; a bare line number only deletes
        lda VARTAB              ; open a gap of COUNT + 4 bytes at LOWTR
        sta HIGHTR
        lda VARTAB+1
        sta HIGHTR+1
        lda COUNT
        clc
        adc #4
        adc VARTAB
        sta HIGHDS
        lda VARTAB+1
        adc #0
        sta HIGHDS+1
        pha                     ; the new end of the program (BLTU moves HIGHDS)
        lda HIGHDS
        pha
        jsr BLTU
        pla
        sta VARTAB
        pla
        sta VARTAB+1
        ldy #0                  ; link (any non-zero value; LINKPRG sets it) and number
        lda #1
        sta (LOWTR),y
        iny
        sta (LOWTR),y
        iny
        lda LINNUM
        sta (LOWTR),y
        iny
        lda LINNUM+1
        sta (LOWTR),y
        ldx #0
@cpy:   iny
        lda BUF,x
        sta (LOWTR),y
        inx
        cpx COUNT
        bne @cpy
@done:  jsr RUNC
        jsr LINKPRG
        jmp MAIN

        .segment "BASIC3"

; Recompute every line link by scanning for the line ends.
LINKPRG:
        lda TXTTAB
        ldy TXTTAB+1
@line:  sta INDEX1
        sty INDEX1+1
        ldy #1
        lda (INDEX1),y
        beq RTS1
        ldy #3
@scan:  iny
        lda (INDEX1),y
        bne @scan
        iny
        tya
        clc
        adc INDEX1
        pha
        lda INDEX1+1
        adc #0
        ldy #1
        sta (INDEX1),y
        tay
        pla
        ldx #0
        sta (INDEX1,x)
        jmp @line
RTS1:   rts

; Read a line into BUF from the current input channel; return X/Y = BUF - 1.
INLIN:  ldx #0
@get:   jsr CHRIN
        cmp #13
        beq @end
        sta BUF,x
        inx
        cpx #BUFLEN
        bcc @get
        ldx #ERR_STRLONG
        jmp ERROR
@end:   lda #0
        sta BUF,x
        ldx #<(BUF-1)
        ldy #>(BUF-1)
        rts

        .segment "BASIC3B"

; ---------------------------------------------------------------- tokeniser
; Tokenise the text at TXTPTR (inside BUF) into BUF from its start. Keywords are matched
; in table order at every position outside quotes, DATA and REM; a keyword may be cut
; short by typing its next letter shifted. Returns COUNT = length with the end zero and
; TXTPTR = BUF - 1.
CRUNCH: jmp (ICRNCH)
CRNDEF: ldx TXTPTR
        lda #0
        sta COUNT
        sta QTFLAG
        sta DATFLG
@next:  lda BUF,x
        bne @chr
        jmp @end
@chr:   ldy QTFLAG
        bne @quote
        cmp #'"'
        beq @qon
        ldy DATFLG
        bne @data
        cmp #' '
        beq @store
        cmp #'?'
        bne @notq
        lda #TK_PRINT
        bne @store
@notq:  cmp #$80
        bcs @store
        cmp #'0'
        bcc @search
        cmp #'<'
        bcc @store
@search:
        stx INDEX1              ; start of the candidate in BUF
        ldy #0
        lda #$80
        sta TOKNUM
@kw:    ldx INDEX1
@kwch:  lda BUF,x
        eor KWTAB,y
        beq @more
        cmp #$80
        beq @found
@skip:  lda KWTAB,y             ; no match: skip the rest of this keyword
        iny
        asl a
        bcc @skip
        inc TOKNUM
        lda KWTAB,y
        bne @kw
        ldx INDEX1              ; no keyword starts here
        lda BUF,x
        bne @store
@more:  lda KWTAB,y             ; equal characters; a last one (shifted) also ends it
        bmi @found
        inx
        iny
        bne @kwch
@found: lda TOKNUM
        cmp #TK_DATA
        bne @notd
        sta DATFLG
@notd:  cmp #TK_REM             ; REM: the rest of the line as it is (a quote that no
        bne @store              ; character closes)
        ldy #13
        sty QTFLAG
        bne @store
@data:  cmp #':'                ; inside DATA only a colon ends the literal text
        bne @store
        ldy #0
        sty DATFLG
        beq @store
@qon:   sta QTFLAG
        bcs @store              ; (carry set by the equal compare)
@quote: cmp QTFLAG
        bne @store
        ldy #0
        sty QTFLAG
@store: jsr @put
        jmp @next
@end:   ldy COUNT               ; the end zero, and a zero link for the direct-mode line
        sta BUF,y
        sta BUF+2,y
        iny
        sty COUNT
        lda #<(BUF-1)
        sta TXTPTR
        lda #>(BUF-1)
        sta TXTPTR+1
        rts
@put:   ldy COUNT
        sta BUF,y
        inc COUNT
        inx
        rts

; ---------------------------------------------------------------- line numbers
; LINGET: parse a line number at CHRGOT (carry clear = digit) into LINNUM (0 if none).
LINGET: ldx #0
        stx LINNUM
        stx LINNUM+1
@dig:   bcs RTS2
        sbc #'0'-1              ; carry clear: A - '0'
        sta CHARAC
        lda LINNUM+1
        cmp #25                 ; 6400 or more would pass 63999
        bcs SNERR1
        sta INDEX1
        lda LINNUM
        asl a
        rol INDEX1
        asl a
        rol INDEX1
        adc LINNUM              ; 5 * n
        sta LINNUM
        lda INDEX1
        adc LINNUM+1
        asl LINNUM              ; 10 * n
        rol a
        sta LINNUM+1
        lda LINNUM
        adc CHARAC
        sta LINNUM
        bcc @nx
        inc LINNUM+1
@nx:    jsr CHRGET
        jmp @dig
SNERR1: jmp SNERR

; FNDLIN: find line LINNUM from the start of the program; FNDLNC: from the line at A/X.
; Carry set: found, LOWTR = the line. Carry clear: LOWTR = the first line with a higher
; number or the end of the program.
FNDLIN: lda TXTTAB
        ldx TXTTAB+1
FNDLNC: sta LOWTR
        stx LOWTR+1
        ldy #1
        lda (LOWTR),y
        beq @no
        ldy #3
        lda LINNUM+1
        cmp (LOWTR),y
        bcc RTS2
        beq @lo
@next:  ldy #1
        lda (LOWTR),y
        tax
        dey
        lda (LOWTR),y
        bcs FNDLNC
@lo:    dey
        lda LINNUM
        cmp (LOWTR),y
        bcc RTS2
        bne @next
        rts
@no:    clc
RTS2:   rts

        .segment "BASIC5"

; ---------------------------------------------------------------- statement loop
NEWSTT: jsr ISCNTC
        lda TXTPTR
        ldy TXTPTR+1
        cpy #>BUF               ; remember where to CONTinue, in a program only
        beq @dir
        sta OLDTXT
        sty OLDTXT+1
@dir:   ldy #0
        lda (TXTPTR),y
        bne NSCOLN
        ldy #2                  ; end of line: follow the link
        lda (TXTPTR),y
        clc
        beq NSEND
        iny
        lda (TXTPTR),y
        sta CURLIN
        iny
        lda (TXTPTR),y
        sta CURLIN+1
        tya
        adc TXTPTR
        sta TXTPTR
        bcc GONE
        inc TXTPTR+1
GONE:   jmp (IGONE)
NSCOLN: cmp #':'
        beq GONE
        jmp SNERR
NSEND:
        jsr ENDST               ; END discards one return address

GONEDF: jsr CHRGET
        jsr EXECST
        jmp NEWSTT

; Execute the statement whose first character is CHRGOT's (flags as CHRGET left them).
EXECST: beq RTS10
        sec
        sbc #$80
        bcc @let
        cmp #TK_NEW-$80+1
        bcs @other
        asl a
        tay
        lda STMTAB+1,y
        pha
        lda STMTAB,y
        pha
        jmp CHRGET
@let:   jmp LET
@other: cmp #TK_GO-$80          ; GO TO
        bne SNERR9
        jsr CHRGET
        lda #TK_TO
        jsr SYNCHR
        jmp GOTO

; Check the STOP key; if pressed, stop as the STOP statement does (carry set).
ISCNTC: jsr STOP
        bne RTS10
        sec
        jmp STOPST
RTS10:  rts

; ---------------------------------------------------------------- helpers
CHKCLS: lda #')'
        .byte $2C
CHKOPN: lda #'('
        .byte $2C
CHKCOM: lda #','
SYNCHR: ldy #0
        cmp (TXTPTR),y
        bne SNERR9
        jmp CHRGET
SNERR9: jmp SNERR

; Make sure 2 * A + 62 bytes of stack are free.
; GETSTK: room on the stack for a FOR frame and an expression.
GETSTK: tsx
        cpx #80
        bcc OMERR1
        rts
OMERR1: jmp OMERR

; REASON: make sure the address A/Y stays below the strings (collecting garbage once).
REASON: jsr BELOW
        bcc RTS3
        pha
        tya
        pha
        jsr GARBAG
        pla
        tay
        pla
        jsr BELOW
        bcs OMERR1
RTS3:   rts
BELOW:  cpy FRETOP+1            ; carry clear when A/Y < FRETOP
        bne RTS3
        cmp FRETOP
        rts

        .segment "BASIC5B"
; BLTU: move the block LOWTR..HIGHTR-1 up so that it ends at HIGHDS-1 (memory checked).
BLTU:   lda HIGHDS
        ldy HIGHDS+1
        jsr REASON
        ldy #0
@mov:   lda HIGHTR
        cmp LOWTR
        bne @m1
        lda HIGHTR+1
        cmp LOWTR+1
        beq @rts
@m1:    lda HIGHTR
        bne @m2
        dec HIGHTR+1
@m2:    dec HIGHTR
        lda HIGHDS
        bne @m3
        dec HIGHDS+1
@m3:    dec HIGHDS
        lda (HIGHTR),y
        sta (HIGHDS),y
        jmp @mov
@rts:   rts

; The CHRGET routine, copied to $73 at cold start (TXTPTR is its LDA operand at $7A).
CHRTPL: inc TXTPTR
        bne @read
        inc TXTPTR+1
@read:  lda $FFFF
        cmp #':'
        bcs @done
        cmp #' '
        beq CHRTPL
        sec
        sbc #'0'
        sec
        sbc #$100-'0'
@done:  rts
.assert * - CHRTPL = 24, error, "CHRGET must be 24 bytes"

RDYMSG: .byte 13, "READY.", 13, 0
ERRMSG: .byte "  ERROR", 0
INMSG:  .byte " IN ", 0
