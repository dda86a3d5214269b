; breadbin open 1541 DOS: channels, the error channel, and what UNLISTEN sets off.
;
; Each of the sixteen secondary addresses is a channel. Channel 15 takes commands and gives
; the error message (or the bytes of an M-R); the others are files, the directory listing
; or buffers. A channel holds a buffer of the five at $0300-$07FF; buffer 4 ($0700) holds
; the BAM whenever a channel does not need it.

        .include "dos.inc"
        .include "fs.inc"

        .export ch_get, ch_put, run_pending, name_byte, err_init, set_error, set_error_ts
        .export err_ok, ch_close_all, buf_alloc, buf_free, buf_ptr
        .import dos_name, run_command, file_open, file_close
        .import file_get, file_put

        .segment "CODE"

; A byte of a name or a command, into the command buffer (the rest of a long one is lost).
name_byte:
        ldx CMDLEN
        cpx #CMDMAX
        bcs @full
        sta CMDBUF,x
        inc CMDLEN
@full:  rts

; What the commands under ATN asked for, run once ATN is released (DATA held: busy).
run_pending:
        ldx CUR_SA              ; a byte kept back belongs to the file (or message) as
        lda #0                  ; it was
        sta CH_HELD,x
        lda PENDING
        and #$40
        beq @open
        lda CUR_SA
        pha
        jsr file_close          ; (which moves CUR_SA when it closes them all)
        pla
        sta CUR_SA
@open:  bit PENDING
        bpl @done
        lda #0
        sta PENDING
        lda CUR_SA
        cmp #15
        beq @cmd
        jsr file_open
        lda #0
        sta OPENING
        rts
@cmd:   lda #0
        sta OPENING
        jmp run_command
@done:  rts

; ---- data to and from a channel -------------------------------------------------------------
; ch_put: A to channel CUR_SA (not 15).
ch_put: ldx CUR_SA
        ldy CH_BUF,x
        bmi @closed
        jmp file_put
@closed:
        rts

; ch_get: the next byte of channel CUR_SA in A; X = 0, or 1 for the last byte, 2 for none.
ch_get: ldx CUR_SA
        cpx #15
        beq err_get
        ldy CH_BUF,x
        bmi @none
        jmp file_get
@none:  ldx #2
        rts

; Channel 15: the bytes of an M-R, else the error message, after which the error is cleared.
err_get:
        lda MRCOUNT
        beq @msg
        ldy #0
        lda (PTR2),y
        inc PTR2
        bne @n
        inc PTR2+1
@n:     ldx #0
        dec MRCOUNT             ; after the last a CR comes, with EOI
        bne @r
        pha
        lda #$80
        sta MRDONE
        pla
@r:     rts
@msg:   bit MRDONE
        bpl @text
        lda #0
        sta MRDONE
        ldx #1
        lda #$0D
        rts
@text:  ldx ERRPOS
        bne @send
        jsr make_message
        ldx #1
        stx ERRPOS
@send:  lda ERRTXT-1,x
        cmp #$0D
        beq @last
        inc ERRPOS
        ldx #0
        rts
@last:  jsr err_ok
        ldx #1
        lda #$0D
        rts

; ---- the error message --------------------------------------------------------------------
err_init:
        jsr ch_close_all
        lda #73
        ldx #0
        jmp set_error_ts

err_ok: lda #0
set_error:
        ldx #0
        stx TRK
        stx SCT
; Error A with track TRK and sector SCT (set_error_ts: X = 0 gives 00,00).
set_error_ts:
        sta ERRNUM
        lda #0
        sta ERRPOS
        sta MRCOUNT
        sta MRDONE
        cpx #0
        beq @zero
        lda TRK
        sta ERRTRK
        lda SCT
        sta ERRSEC
        rts
@zero:  stx ERRTRK
        stx ERRSEC
        rts

; Build "nn,TEXT,tt,ss" and CR in ERRTXT.
make_message:
        ldy #0
        lda ERRNUM
        jsr put_dec
        lda #','
        jsr put_chr
        lda ERRNUM
        cmp #73
        bne @table
        ldx #0
@name:  lda dos_name,x
        beq @ts
        jsr put_chr
        inx
        bne @name
@table: sty TMP
        jsr find_text
        ldy TMP
@text:  ldx #0
        lda (PTR,x)
        beq @ts
        jsr put_chr
        jsr ptr_next
        jmp @text
@ts:    lda #','
        jsr put_chr
        lda ERRTRK
        jsr put_dec
        lda #','
        jsr put_chr
        lda ERRSEC
        jsr put_dec
        lda #$0D
put_chr:
        sta ERRTXT,y
        iny
        rts
; Two decimal digits of A (0-99).
put_dec:
        ldx #'0'
@ten:   cmp #10
        bcc @one
        sbc #10
        inx
        bne @ten
@one:   pha
        txa
        jsr put_chr
        pla
        ora #'0'
        jmp put_chr

; PTR = error ERRNUM's text (ending with 0) in err_texts.
find_text:
        lda #<err_texts
        sta PTR
        lda #>err_texts
        sta PTR+1
        ldy #0
@entry: lda (PTR),y
        cmp ERRNUM
        beq @found
        cmp #$FF
        beq @found              ; the table ends with $FF and an empty text
@skip:  jsr ptr_next
        lda (PTR),y
        bne @skip
        jsr ptr_next
        jmp @entry
@found: 
; ptr_next: PTR one on.
ptr_next:
        inc PTR
        bne @r
        inc PTR+1
@r:     rts

; A leading space is part of the text where the 1541's message has one.
err_texts:
        .byte 0, " OK", 0
        .byte 1, " FILES SCRATCHED", 0
        .byte 20, "READ ERROR", 0
        .byte 21, "READ ERROR", 0
        .byte 22, "READ ERROR", 0
        .byte 23, "READ ERROR", 0
        .byte 24, "READ ERROR", 0
        .byte 25, "WRITE ERROR", 0
        .byte 26, "WRITE PROTECT ON", 0
        .byte 27, "READ ERROR", 0
        .byte 28, "WRITE ERROR", 0
        .byte 29, "DISK ID MISMATCH", 0
        .byte 30, "SYNTAX ERROR", 0
        .byte 31, "SYNTAX ERROR", 0
        .byte 32, "SYNTAX ERROR", 0
        .byte 33, "SYNTAX ERROR", 0
        .byte 34, "SYNTAX ERROR", 0
        .byte 39, " FILE NOT FOUND", 0
        .byte 50, " RECORD NOT PRESENT", 0
        .byte 51, "OVERFLOW IN RECORD", 0
        .byte 52, " FILE TOO LARGE", 0
        .byte 60, " WRITE FILE OPEN", 0
        .byte 61, " FILE NOT OPEN", 0
        .byte 62, " FILE NOT FOUND", 0
        .byte 63, " FILE EXISTS", 0
        .byte 64, " FILE TYPE MISMATCH", 0
        .byte 65, "NO BLOCK", 0
        .byte 66, "ILLEGAL TRACK OR SECTOR", 0
        .byte 67, "ILLEGAL TRACK OR SECTOR", 0
        .byte 70, "NO CHANNEL", 0
        .byte 71, "DIR ERROR", 0
        .byte 72, "DISK FULL", 0
        .byte 74, "DRIVE NOT READY", 0
        .byte $FF, 0

; ---- buffers --------------------------------------------------------------------------------
; buf_alloc: a free buffer (0-3; buffer 4 is the BAM's) in A and BUFN; C set when none is
; free.
buf_alloc:
        ldx #0
@try:   lda B_USED,x
        beq @got
        inx
        cpx #4
        bne @try
        beq @no
@got:   lda #1
        sta B_USED,x
        lda #0
        sta B_PTR,x
        sta B_END,x
        sta B_LAST,x
        stx BUFN
        txa
        clc
        rts
@no:    sec
        rts

; buf_free: buffer A is free again.
buf_free:
        tax
        lda #0
        sta B_USED,x
        rts

; buf_ptr: PTR = the address of buffer BUFN.
buf_ptr:
        lda #0
        sta PTR
        lda BUFN
        clc
        adc #3
        sta PTR+1
        rts

; Every channel closed (without writing anything).
ch_close_all:
        ldx #15
        lda #$FF
@ch:    sta CH_BUF,x
        sta CH_BUF2,x
        dex
        bpl @ch
        ldx #4
        lda #0
@b:     sta B_USED,x
        dex
        bpl @b
        sta BAMOK
        rts

        .segment "F_C194"
; $C194: the error channel says error A (track and sector 00).
        jmp set_error
