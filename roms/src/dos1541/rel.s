; breadbin open 1541 DOS: relative (REL) files: OPEN, the P command, bytes in and out, CLOSE.
;
; OPEN lf,8,sa,"NAME,L,"+CHR$(length) makes a new file (length 1-254); "NAME" or "NAME,L"
; opens one (a length given must be the file's, else 50). A new file has its directory entry
; (type $84, the first side sector at +21, the length at +23), one data block of empty
; records and one side sector (bytes 0-1 the next side sector, or 0 and its last byte; 2 its
; number; 3 the record length; 4-15 the six side sectors; 16-255 up to 120 data blocks).
;
; "P" CHR$(channel) CHR$(record low) CHR$(record high) CHR$(position) on channel 15 picks a
; record (from 1) and a byte in it (from 1); the channel is its low four bits (96 + sa as
; BASIC programs send it works too). A byte left out is taken as 1; the CR PRINT# sends after
; the record number is taken as the position, as a 1541 takes it. A record past the end is
; 50, RECORD NOT PRESENT; writing to it makes the file longer. A position past the record's
; length is 51 (the record's first byte is taken).
;
; Bytes written go into the record from the position; the last byte of a PRINT# (the one
; with EOI) ends the record: the rest of it is zeros, and the next record is the current one.
; More bytes than the record holds are dropped (51, OVERFLOW IN RECORD). Reading sends the
; record from the position to its last non-zero byte, that one with EOI; then the next record
; is the current one. Reading a record not in the file sends a CR with EOI (50).
;
; Only one relative file is open at a time (another is 70, NO CHANNEL); it takes two
; buffers: its channel's for the data blocks, a second for the side sectors. The close writes
; the changed blocks, the BAM, and the entry's block count (data blocks and side sectors)
; when the file was written to.

        .include "dos.inc"
        .include "fs.inc"

        .export rel_name, rel_wants, rel_open, rel_close, rel_get, rel_put, cmd_p
        .import set_error, err_ok, buf_alloc, buf_free, buf_ptr, job_read, job_write
        .import bam_write, block_alloc, entry_ptr, dir_extend, open_fail, entry_name
        .import get_block, get_ss, flush_rel, rel_seek, rel_advance, rel_present, rel_expand
        .import rel_calc_d, cur_block, put_table, rel_next, last_index

        .segment "CODE"

; rel_name: after parse_name: FTYPE 4 when the name goes on with ",L"; R_NEWLEN the byte
; after ",L," (0 when there is none).
rel_name:
        lda #0
        sta R_NEWLEN
        lda NAMEPOS
        clc
        adc NAMELEN
        tax
        inx                     ; X: after the ','
        cpx CMDLEN
        bcs @no
        lda CMDBUF-1,x
        cmp #','
        bne @no
        lda CMDBUF,x
        cmp #'L'
        bne @no
        lda #4
        sta FTYPE
        inx
        inx                     ; X: the length, after ",L,"
        cpx CMDLEN
        bcs @no
        lda CMDBUF-1,x
        cmp #','
        bne @no
        lda CMDBUF,x
        sta R_NEWLEN
@no:    rts

; rel_wants: after dir_search: C set when the file is to be opened as a relative one (L was
; asked for, or no type was and the entry found is one; another type is 64 as for any file).
rel_wants:
        lda FTYPE
        cmp #4
        beq @yes
        cmp #0
        bne @no
        bit FOUND
        bpl @no
        jsr buf_ptr
        jsr entry_ptr
        ldy #2
        lda (PTR2),y
        and #7
        cmp #4
        beq @yes
@no:    clc
        rts
@yes:   sec
        rts

; ---- open -------------------------------------------------------------------------------------
; An error: the side-sector buffer is freed, the channel closed.
fail_a: jsr set_error
fail:   lda R_SBUF
        bmi @no
        jsr buf_free
        lda #$FF
        sta R_SBUF
@no:    jmp open_fail

; rel_open: channel CUR_SA, its buffer BUFN (with the directory sector searched).
rel_open:
        lda #$FF
        sta R_SBUF
        ldx #14                 ; one at a time
@ch:    lda CH_BUF,x
        bmi @n
        lda CH_MODE,x
        cmp #M_REL
        beq @busy
@n:     dex
        bpl @ch
        lda BUFN
        sta R_DBUF
        jsr buf_alloc
        bcc @two
@busy:  lda #70
        bne fail_a
@two:   sta R_SBUF
        lda R_DBUF
        sta BUFN
        lda #0
        sta R_DPTR
        sta R_SPTR
        sta R_DDIRTY
        sta R_SDIRTY
        sta R_CHANGED
        sta R_CVALID
        sta R_OKREC
        sta R_REC
        sta R_REC+1
        sta R_POS
        lda R_DBUF
        clc
        adc #3
        sta R_DPTR+1
        lda R_SBUF
        clc
        adc #3
        sta R_SPTR+1
        lda #$FF
        sta R_SSN
        sta R_BBLK
        sta R_BBLK+1
        sta R_END
        lda CUR_SA
        sta R_CH
        bit FOUND
        bmi old
        jmp rel_new

; An existing file: its length, side sectors, data blocks and last block's end.
fa_old: jmp fail_a
f_old:  jmp fail
old:    jsr buf_ptr
        jsr entry_ptr
        ldy #2
        lda (PTR2),y
        and #7
        cmp #4
        beq @rel
        lda #64
        bne fa_old
@rel:   ldy #23
        lda (PTR2),y
        sta R_LEN
        lda R_NEWLEN
        beq @len
        cmp R_LEN
        beq @len
        lda #50
        bne fa_old
@len:   ldy #21
        lda (PTR2),y
        sta R_SSTAB
        iny
        lda (PTR2),y
        sta R_SSTAB+1
        lda DIRTRK
        sta R_DTRK
        lda DIRSEC
        sta R_DSEC
        lda DIROFS
        sta R_DOFS
        lda #0
        jsr get_ss
        bcs f_old
        ldy #4                  ; the table of side sectors
@tab:   lda (R_SPTR),y
        sta R_SSTAB-4,y
        iny
        cpy #16
        bne @tab
        ldx #0
@cnt:   lda R_SSTAB,x
        beq @counted
        inx
        inx
        cpx #12
        bne @cnt
@counted:
        txa
        lsr
        bne @some
        lda #1
@some:  sta R_NSS
        sec
        sbc #1
        jsr get_ss              ; the last one: its data blocks
        bcs f_old
        ldy #1
        lda (R_SPTR),y
        sec
        sbc #15
        lsr
        sta R_NBLK
        lda #0
        sta R_NBLK+1
        ldx R_NSS
@add:   dex
        beq @sum
        lda R_NBLK
        clc
        adc #120
        sta R_NBLK
        bcc @add
        inc R_NBLK+1
        jmp @add
@sum:   jsr last_index
        jsr get_block
        bcs fail2
        ldy #1
        lda (R_DPTR),y
        sta R_LAST
        jsr rel_calc_d
ready:  ldx CUR_SA
        lda #M_REL
        sta CH_MODE,x
        jmp err_ok
fail2:  jmp fail

; A new file: a directory entry, a data block of empty records, a side sector.
rel_new:
        jmp new
f_new:  jmp fail
new:
        lda R_NEWLEN
        bne @len
        lda #62
        bne @f
@len:   cmp #255
        bne @lok
        lda #51
@f:     jmp fail_a
@lok:   sta R_LEN
        lda FREETRK
        bne @entry
        jsr dir_extend
        bcs fail2
@entry: jsr block_alloc         ; the first data block
        bcs fail2
        ldx R_DBUF
        lda TRK
        sta B_CTRK,x
        lda SCT
        sta B_CSEC,x
        lda TRK
        sta NEXTTRK
        lda SCT
        sta NEXTSEC
        jsr rel_next            ; the side sector after it
        bcs fail2
        ldx #11
        lda #0
@clt:   sta R_SSTAB,x
        dex
        bpl @clt
        lda TRK
        sta R_SSTAB
        lda SCT
        sta R_SSTAB+1
        lda #1
        sta R_NSS
        sta R_NBLK
        lda #0
        sta R_NBLK+1
        sta R_SSN
        sta R_BBLK
        sta R_BBLK+1
        sta R_D
        sta R_D+1
        sta R_D+2
        tay
@c1:    sta (R_SPTR),y
        sta (R_DPTR),y
        iny
        bne @c1
        ldy #1
        lda #17
        sta (R_SPTR),y
        ldy #3
        lda R_LEN
        sta (R_SPTR),y
        jsr put_table
        ldx R_DBUF
        ldy #16
        lda B_CTRK,x
        sta (R_SPTR),y
        iny
        lda B_CSEC,x
        sta (R_SPTR),y
        lda #$80
        sta R_SDIRTY
        sta R_DDIRTY
        jsr rel_expand          ; its records (record 1 and on, to the block's end)
        bcc :+
        jmp fail
:
        lda #0
        sta R_CHANGED
        jsr flush_rel
        bcc :+
        jmp fail
:
        lda FREETRK             ; the entry
        sta TRK
        sta R_DTRK
        lda FREESEC
        sta SCT
        sta R_DSEC
        lda FREEOFS
        sta DIROFS
        sta R_DOFS
        lda R_DBUF
        sta BUFN
        lda #$FF
        sta R_BBLK
        sta R_BBLK+1
        jsr job_read
        bcc :+
        jmp fail
:
        jsr buf_ptr
        jsr entry_ptr
        ldy #2
        lda #$84
        sta (PTR2),y
        ldy #16
        lda (R_SPTR),y
        ldy #3
        sta (PTR2),y
        ldy #17
        lda (R_SPTR),y
        ldy #4
        sta (PTR2),y
        jsr entry_name          ; Y = 21 after it
        lda R_SSTAB
        sta (PTR2),y
        iny
        lda R_SSTAB+1
        sta (PTR2),y
        iny
        lda R_LEN
        sta (PTR2),y
        iny
        lda #0
@z:     sta (PTR2),y
        iny
        cpy #32
        bne @z
        jsr job_write
        bcc :+
        jmp fail
:
        jsr bam_write
        jmp ready

; ---- close ------------------------------------------------------------------------------------
; rel_close: the relative file of channel CUR_SA.
rel_close:
        jsr flush_rel
        bcs @free
        bit R_CHANGED
        bpl @bam
        lda R_DTRK
        sta TRK
        lda R_DSEC
        sta SCT
        lda R_DOFS
        sta DIROFS
        lda R_DBUF
        sta BUFN
        jsr job_read
        bcs @free
        jsr buf_ptr
        jsr entry_ptr
        ldy #30
        lda R_NBLK
        clc
        adc R_NSS
        sta (PTR2),y
        iny
        lda R_NBLK+1
        adc #0
        sta (PTR2),y
        jsr job_write
@bam:   jsr bam_write
@free:  lda R_SBUF
        jsr buf_free
        lda #$FF
        sta R_SBUF
        sta R_CH
        rts

; ---- the P command ----------------------------------------------------------------------------
cmd_p:  lda COUNT               ; the bytes as sent, with a CR at the end
        cmp #2
        bcs @ch
        lda #30
        jmp set_error
@ch:    lda CMDBUF+1
        and #$0F
        tax
        lda CH_BUF,x
        bmi @nochan
        lda CH_MODE,x
        cmp #M_REL
        beq @rel
@nochan:
        lda #70
        jmp set_error
@rel:   lda #1
        sta R_REC
        lda #0
        sta R_REC+1
        ldx COUNT
        cpx #3
        bcc @r0
        lda CMDBUF+2
        sta R_REC
        cpx #4
        bcc @r0
        lda CMDBUF+3
        sta R_REC+1
@r0:    lda R_REC               ; from 0 (record 0 is record 1)
        ora R_REC+1
        beq @pos
        lda R_REC
        bne @d
        dec R_REC+1
@d:     dec R_REC
@pos:   lda #1
        cpx #5
        bcc @p
        lda CMDBUF+4
@p:     tax
        bne @p1
        inx
@p1:    dex
        cpx R_LEN
        bcc @pok
        lda #51
        jsr set_error
        ldx #0
@pok:   stx R_POS
        lda #0
        sta R_CVALID
        sta R_OKREC
        lda #$FF
        sta R_END
        jsr rel_present
        bcc @r
        lda #50
        jmp set_error
@r:     rts

; ---- bytes -------------------------------------------------------------------------------------
; next_record: the record after the current one, from its first byte.
next_record:
        inc R_REC
        bne @n
        inc R_REC+1
@n:     lda #0
        sta R_POS
        sta R_CVALID
        sta R_OKREC
        lda #$FF
        sta R_END
        rts

; rel_get: the next byte of the current record: A, X = 1 for its last, else 0.
rel_get:
        jsr rel_present
        bcc @here
        lda #50
        jsr set_error
        jmp @cr
@here:  jsr rel_seek
        lda R_END
        cmp #$FF
        bne @known
        jsr find_end
        bcs @cr
@known: jsr cur_block
        bcs @cr
        lda (R_DPTR),y
        pha
        jsr rel_advance
        lda R_POS
        cmp R_END
        bcs @last
        inc R_POS
        pla
        ldx #0
        rts
@last:  jsr next_record
        pla
        ldx #1
        rts
@cr:    lda #$0D
        ldx #1
        rts

; find_end: R_END = the current record's last non-zero byte from R_POS on (R_POS when none).
find_end:
        lda R_CBLK
        pha
        lda R_CBLK+1
        pha
        lda R_COFS
        pha
        lda R_POS
        sta R_END
        sta R_S
@scan:  jsr cur_block
        bcs @out
        lda (R_DPTR),y
        beq @z
        lda R_S
        sta R_END
@z:     jsr rel_advance
        inc R_S
        lda R_S
        cmp R_LEN
        bcc @scan
        clc
@out:   pla
        sta R_COFS
        pla
        sta R_CBLK+1
        pla
        sta R_CBLK
        rts

; rel_put: A into the current record; with EOI (BUSEOI b7) the record ends.
rel_put:
        sta R_BYTE
        jsr rel_present
        bcc @here
        jsr rel_expand
        bcs @end
        jsr rel_present
        bcs @end
@here:  lda R_POS
        cmp R_LEN
        bcs @over
        jsr rel_seek
        jsr cur_block
        bcs @end
        lda R_BYTE
        sta (R_DPTR),y
        lda #$80
        sta R_DDIRTY
        sta R_CHANGED
        jsr rel_advance
        inc R_POS
        jmp @end
@over:  lda #51
        jsr set_error
@end:   bit BUSEOI
        bpl @r
        bit R_OKREC
        bpl @next
@fill:  lda R_POS               ; the rest of the record: zeros
        cmp R_LEN
        bcs @next
        jsr rel_seek
        jsr cur_block
        bcs @next
        lda #0
        sta (R_DPTR),y
        lda #$80
        sta R_DDIRTY
        jsr rel_advance
        inc R_POS
        jmp @fill
@next:  jmp next_record
@r:     rts
