; breadbin open BASIC V2: PRINT and CMD, INPUT, GET and READ, and the file statements,
; all through the KERNAL jump table.

        .include "interp.inc"

        .segment "BASIC5"

; ---------------------------------------------------------------- output
; STROUT: print the zero-terminated text at A/Y (at most 255 characters).
STROUT: sta INDEX1
        sty INDEX1+1
        ldy #0
@char:  lda (INDEX1),y
        beq RTS8
        jsr OUTDO
        iny
        bne @char
; STRPRT: print the string value in FAC and release it.
STRPRT: jsr FREFAC
        tax
        ldy #0
        inx
@next:  dex
        beq RTS8
        lda (INDEX1),y
        jsr OUTDO
        iny
        bne @next
RTS8:   rts

; OUTSPC: after a number, and for TAB( SPC( and commas: cursor right on the screen, a
; space in a file.
OUTSPC: lda CHANNL
        bne @space
        lda #$1D
        .byte $2C
@space: lda #' '
OUTDO:  jmp CHROUT

; CRDO: a carriage return, followed by a line feed in files numbered 128 and above.
CRDO:   lda #13
        jsr OUTDO
        bit CHANNL
        bpl RTS8
        lda #10
        bne OUTDO

; ---------------------------------------------------------------- PRINT, CMD
PRINTN: jsr CMD
CLRCH0: jsr CLRCHN
        lda #0
        sta CHANNL
        rts

CMD:    jsr GETBYT
        beq @open
        jsr CHKCOM
@open:  php
        stx CHANNL
        jsr CHKOUT
        bcs BIOERR
        plp
PRINT:  bne PRT1
        jmp CRDO
PRT1:   beq RTS8                ; ended after ; , TAB( or SPC(
        cmp #TK_TAB
        beq @tab
        cmp #TK_SPC
        beq @tab
        cmp #','
        beq @comma
        cmp #';'
        beq @next
        jsr FRMEVL
        bit VALTYP
        bmi @str
        jsr FOUT
        jsr STROUT
        jsr OUTSPC
        jmp @item
@str:   jsr STRPRT
@item:  jsr CHRGOT
        jmp PRINT
@comma: sec                     ; to the next zone of 10 columns
        jsr PLOT
        tya
        sec
@zone:  sbc #10
        bcs @zone
        eor #$FF
        adc #1
        bne @move
@tab:   pha
        jsr GTBYTC
        cmp #')'
        bne SNERR4
        pla
        cmp #TK_TAB
        bne @spc
        stx TMPOP
        sec
        jsr PLOT
        tya
        eor #$FF
        sec
        adc TMPOP
        bcc @next
        bcs @move
@spc:   txa
@move:  tax
        beq @next
@out:   jsr OUTSPC
        dex
        bne @out
@next:  jsr CHRGET
        jmp PRT1
SNERR4: jmp SNERR

; A KERNAL routine failed: A = its error number (0: stopped with the STOP key).
BIOERR: tax
        bne @err
        ldx #ERR_BREAK
@err:   jmp ERROR

; ---------------------------------------------------------------- INPUT, INPUT#
INPUTN: jsr GETBYT
        jsr CHKINP
        jsr INPCO
        jmp CLRCH0
; CHKINP: a comma, then input from the file numbered X.
CHKINP: jsr CHKCOM
        stx CHANNL
        jsr CHKIN
        bcs BIOERR
        rts

INPUT:  jsr ERRDIR
        cmp #'"'
        bne INPCO
        jsr STRTXT              ; the prompt
        lda #';'
        jsr SYNCHR
        jsr STRPRT
INPCO:  jsr QINLIN
        jsr @got
@var:   jsr PTRFOR
@item:  jsr SWAPTX
        jsr ITEM
        bcs @bad
        jsr SWAPTX
        jsr CHRGOT
        cmp #','
        bne @end
        jsr CHRGET
        jsr PTRFOR
        ldy #0                  ; more data on this line?
        lda (INPPTR),y
        cmp #','
        beq @item
        lda CHANNL              ; no: ask for another line
        bne @more
        lda #'?'
        jsr OUTDO
@more:  jsr QINLIN
        jsr @got
        jmp @item
@got:   lda BUF
        bne @keep
        pla                     ; an empty answer leaves the variables as they are
        pla
        jmp DATA
@keep:  stx INPPTR
        sty INPPTR+1
        rts
@end:   ldy #0
        lda (INPPTR),y
        beq @done
        lda CHANNL
        bne @done
        lda #<EXTMSG
        ldy #>EXTMSG
        jmp STROUT
@done:  rts
@bad:   lda CHANNL
        beq @redo
        ldx #ERR_FILEDATA
        jmp ERROR
@redo:  lda #<REDMSG
        ldy #>REDMSG
        jsr STROUT
        ldx #OLDTXT             ; the statement starts again
        jmp SWAPX

; "? " on the screen, then a line into BUF; X/Y = BUF - 1.
QINLIN: lda CHANNL
        bne @read
        lda #'?'
        jsr OUTDO
        lda #' '
        jsr OUTDO
@read:  jmp INLIN

; SWAPTX: exchange TXTPTR and INPPTR; SWAPDT: with DATPTR; SWAPX: with the pointer at X.
SWAPDT: ldx #DATPTR
        .byte $2C
SWAPTX: ldx #INPPTR
SWAPX:  lda TXTPTR
        ldy 0,x
        sta 0,x
        sty TXTPTR
        lda TXTPTR+1
        ldy 1,x
        sta 1,x
        sty TXTPTR+1
        rts

; ITEM: read the item after TXTPTR into the variable at FORPNT (type from PTRGET).
; Strings may be quoted; unquoted ones end at a comma, a colon or the end. Carry set when
; what follows the item is not a comma or the end.
ITEM:   lda INTFLG
        pha
        jsr CHRGET
        bit VALTYP
        bmi @str
        jsr FIN
        pla
        sta INTFLG
        jsr CHRGOT
        beq @num
        cmp #','
        bne @bad
@num:   jsr LETNUM
        clc
        rts
@str:   tax
        pla
        txa
        cmp #'"'
        beq @quote
        lda #':'
        sta CHARAC
        lda #','
        sta ENDCHR
        lda TXTPTR
        ldy TXTPTR+1
        jsr STRLT2
        ldy #0
        lda (FACMO),y
        tay
        jsr ADDON
        jmp @let
@quote: jsr STRTXT
@let:   jsr CHRGOT
        beq @ok
        cmp #','
        bne @bad
@ok:    jsr LETSTR
        clc
        rts
@bad:   sec
        rts

; ---------------------------------------------------------------- READ
READ:   jsr PTRFOR
        jsr SWAPDT
        ldy #0
        lda (TXTPTR),y
        cmp #','
        beq @item
@find:  ldy #0                  ; look for the next DATA statement
        lda (TXTPTR),y
        bne @stmt
        ldy #2
        lda (TXTPTR),y
        bne @line
        ldx #ERR_DATA
        jmp ERROR
@line:  iny
        lda (TXTPTR),y
        sta DATLIN
        iny
        lda (TXTPTR),y
        sta DATLIN+1
        jsr ADDON
@stmt:  jsr CHRGET
        cmp #TK_DATA
        beq @item
        jsr DATA
        jmp @find
@item:  jsr ITEM
        bcs @bad
        jsr SWAPDT
        jsr CHRGOT
        cmp #','
        bne @done
        jsr CHRGET
        jmp READ
@done:  rts
@bad:   lda DATLIN              ; bad data: a syntax error in the DATA line
        sta CURLIN
        lda DATLIN+1
        sta CURLIN+1
        jmp SNERR


        .segment "BASIC6B"

; ---------------------------------------------------------------- GET, GET#
GET:    cmp #'#'
        bne @kbd
        jsr GTBYTC
        jsr CHKINP
        jsr GETCO
        jmp CLRCH0
@kbd:   jsr ERRDIR
GETCO:  jsr PTRFOR
        jsr GETIN
        bit VALTYP
        bmi @str
        tay
        beq @num                ; no key: 0
        sec
        sbc #'0'
        cmp #10
        bcs SNERR5
        tay
@num:   lda #0
        jsr GIVAYF
        jsr LETNUM
        jmp @next
@str:   sta CHARAC
        cmp #1                  ; no key: the empty string
        lda #0
        rol a
        jsr STRINI
        lda DSCLEN
        beq @empty
        lda CHARAC
        ldy #0
        sta (DSCADR),y
@empty: jsr PUTNEW
        jsr LETSTR
@next:  jsr CHRGOT
        cmp #','
        bne RTS9
        jsr CHRGET
        jmp GETCO
SNERR5: jmp SNERR
RTS9:   rts

; ---------------------------------------------------------------- files
; Parameters of LOAD, SAVE, VERIFY and OPEN: logical file in FORPNT, device in FORPNT+1,
; secondary address in VARPNT; the name goes straight to SETNAM.
; PARSL: ["name"[,device[,secondary]]] (device 1, secondary 0).
PARSL:  ldy #0
        sty FORPNT
        jsr PINIT
        jsr CHRGOT
        beq PSET
        jsr PNAME
        jsr PDEV
PSET:   lda FORPNT
        ldx FORPNT+1
        ldy VARPNT
        jmp SETLFS
; PINIT: device 1, secondary Y, no name.
PINIT:  sty VARPNT
        ldx #1
        stx FORPNT+1
        lda #0
        jmp SETNAM
; PDEV: [,device[,secondary]]; Z set at the end of the statement.
PDEV:   jsr CHRGOT
        beq @done
        jsr COMBYT
        stx FORPNT+1
        beq @done
        jsr COMBYT
        stx VARPNT
@done:  rts
PNAME:  jsr FRMEVL
        jsr FRESTR
        ldx INDEX1
        ldy INDEX1+1
        jmp SETNAM

        .segment "BASIC7"
; PRTFAC ($AABC): print the number in FAC and a cursor right, as PRINT does, then go on
; with the PRINT statement at TXTPTR.
PRTFAC: jsr FOUT
        jsr STROUT
        jsr OUTSPC
        jsr CHRGOT
        jmp PRINT

LOADST: lda #0
        .byte $2C
VERIFYST:
        lda #1
        sta VERCK
        jsr PARSL
        lda VERCK
        ldx TXTTAB
        ldy TXTTAB+1
        jsr LOAD
        bcs BIOER2
        stx INDEX2
        sty INDEX2+1
        jsr READST
        ldx VERCK
        and STMASK,x            ; LOAD: any error bit but end of file; VERIFY: mismatch
        beq @ok
        txa
        eor #ERR_LOAD           ; 29 LOAD, 28 VERIFY
        tax
        jmp ERROR
@ok:    txa
        beq @load
        ldx CURLIN+1
        inx
        bne @rts                ; program mode: no message
        lda #<OKMSG
        ldy #>OKMSG
        jmp STROUT
@load:  ldx CURLIN+1
        inx
        beq @dir
        pla                     ; in a program: run the new one, keeping the variables
        pla
        jsr STXTPT
        jsr LINKPRG
        jmp NEWSTT
@dir:   lda INDEX2
        sta VARTAB
        lda INDEX2+1
        sta VARTAB+1
        jsr LINKPRG
        jsr RUNC
        jmp READY
@rts:   rts
BIOER2: jmp BIOERR

SAVEST: jsr PARSL
        ldx VARTAB
        ldy VARTAB+1
        lda #TXTTAB
        jsr SAVE
        bcs BIOER2
        rts

; OPEN file[,device[,secondary[,"name"]]] (device 1, no secondary address).
OPENST: jsr GETBYT
        stx FORPNT
        ldy #$FF
        jsr PINIT
        jsr PDEV
        beq @open
        jsr CHKCOM
        jsr PNAME
@open:  jsr PSET
        jsr OPEN
        bcs BIOER2
        rts

CLOSEST:
        jsr GETBYT
        txa
        jmp CLOSE

REDMSG: .byte "?REDO FROM START", 13, 0
EXTMSG: .byte "?EXTRA IGNORED", 13, 0
OKMSG:  .byte 13, "OK", 13, 0
STMASK: .byte $BF, $10
