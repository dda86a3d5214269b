; breadbin open 1541 DOS: C (copy) on channel 15.
;
; C[0]:NEW=[0:]OLD[,[0:]OLD...] makes NEW, of the first file's type, from the files one
; after another. Every file named must be there before NEW is made (62 otherwise); NEW
; must not be (63). It runs on two channels that no one has open, one reading and one
; writing, so the bytes go through the same paths as a program's OPEN, GET# and PRINT#.

        .include "dos.inc"
        .include "fs.inc"

        .export cmd_c
        .import set_error, disk_ready, buf_alloc, dir_search, entry_ptr, open_read
        .import open_write, file_get, file_put, close_one, colon, name_len
        .import len_to, name_pattern

CP_R    = $0146         ; the channel reading the old files
CP_W    = $0147         ; the channel writing the new one
CP_POS  = $0148         ; the first old name's place in CMDBUF
CP_DPOS = $0149         ; the new name's place and length
CP_DLEN = $014A
CP_TYPE = $014B         ; the first old file's type (0 until one is found)
CP_LAST = $014C         ; 1: the byte just copied was its file's last
CP_SA   = $014D         ; the channel the command came on
CP_COPY = $014E         ; 0 while the names are checked, 1 while the bytes are copied

        .segment "CODE"

cmd_c:  lda CUR_SA
        sta CP_SA
        jsr colon
        bcc @have
        lda #31
        jmp set_error
@have:  stx NAMEPOS
        jsr name_len
        jsr name_pattern        ; a pattern names no one file
        bcs @syn
        lda NAMEPOS
        sta CP_DPOS
        clc
        adc NAMELEN
        tax
        cpx CMDLEN
        bcs @syn
        lda CMDBUF,x
        cmp #'='
        bne @syn
        inx
        stx CP_POS
        lda NAMELEN
        bne @dlen
        lda #1                  ; "C:=OLD" makes a file named "="
        sta NAMELEN
@dlen:  sta CP_DLEN
        jmp @named
@syn:   lda #30
        jmp set_error
@named: jsr disk_ready
        bcs @ret
        ldx #14                 ; two channels no one has open
        jsr free_channel
        bcs @nochan
        stx CP_R
        dex
        jsr free_channel
        bcs @nochan
        stx CP_W
        jsr buf_alloc
        bcs @nochan
        ldx CP_R
        sta CH_BUF,x
        lda #0
        sta CP_TYPE
        sta CP_COPY
        jsr each_old            ; every old file is there: note the first one's type
        bcs @end
        lda CP_W
        sta CUR_SA
        jsr buf_alloc
        bcs @nochan
        ldx CP_W
        sta CH_BUF,x
        lda CP_DPOS
        sta NAMEPOS
        lda CP_DLEN
        sta NAMELEN
        lda CP_TYPE
        sta FTYPE
        lda #0
        sta REPLACE
        jsr dir_search
        bcs @end
        jsr open_write
        ldx CP_W
        lda CH_BUF,x
        bmi @end                ; it could not be made (the error is set)
        inc CP_COPY
        jsr each_old            ; the bytes
@end:   lda CP_R
        jsr close_one
        lda CP_W
        jsr close_one
        lda CP_SA
        sta CUR_SA
@ret:   rts
@nochan:
        lda #70
        jsr set_error
        jmp @end

; free_channel: the first channel from X down that is closed, in X; C set when none is.
free_channel:
@try:   lda CH_BUF,x
        bmi @got
        dex
        bpl @try
        sec
        rts
@got:   clc
        rts

; each_old: each old name in turn. While CP_COPY is 0, check that each is there (62 if not,
; 64 for a relative file) and keep the first one's type; then copy each one's bytes to the
; new file. C set on an error.
each_old:
        lda CP_POS
        sta NAMEPOS
@name:  lda CP_R
        sta CUR_SA
        tax
        lda CH_BUF,x
        sta BUFN
        jsr old_name
        bcs @syn
        lda NAMELEN
        beq @nf
        lda #0
        sta FTYPE
        jsr dir_search
        bcs @r
        bit FOUND
        bpl @nf
        lda CP_COPY
        bne @copy
        jsr entry_ptr
        ldy #2
        lda (PTR2),y
        and #7
        cmp #4
        beq @mismatch
        ldx CP_TYPE             ; the first name's type is the new file's
        bne @next
        sta CP_TYPE
        jmp @next
@copy:  jsr open_read
        ldx CP_R
        lda CH_BUF,x
        bmi @fail
        jsr copy_bytes
@next:  lda NAMEPOS             ; the next name after a ','
        clc
        adc NAMELEN
        tax
        cpx CMDLEN
        bcs @done
        inx
        stx NAMEPOS
        jmp @name
@done:  clc
@r:     rts
@syn:   lda #30
        .byte $2C
@nf:    lda #62
        .byte $2C
@mismatch:
        lda #64
        jsr set_error
@fail:  sec
        rts

; old_name: the name at NAMEPOS, up to a ',' or the end; a drive number and ':' before it
; are skipped. NAMELEN is its length; C set when it has a '*' or '?'.
old_name:
        ldx NAMEPOS
@l:     cpx CMDLEN
        beq @e
        lda CMDBUF,x
        cmp #','
        beq @e
        cmp #'='                ; ends the list
        beq @last
        inx
        cmp #'*'                ; a pattern names no one file
        beq @pat
        cmp #'?'
        beq @pat
        cmp #':'
        bne @l
        stx NAMEPOS             ; the name starts after the ':'
        jmp @l
@pat:   lda #0                  ; (C set: a syntax error)
        sta NAMELEN
        sec
        rts
@last:  stx CMDLEN
@e:     jsr len_to
        clc
        rts

; copy_bytes: every byte of channel CP_R to channel CP_W.
copy_bytes:
@byte:  ldx CP_R                ; file_get and file_put take the channel in X too
        stx CUR_SA
        jsr file_get
        cpx #2
        beq @r
        stx CP_LAST
        ldx CP_W
        stx CUR_SA
        jsr file_put
        lda CP_LAST
        beq @byte
@r:     rts
