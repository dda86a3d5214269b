; breadbin open 1541 DOS: relative files: numbers, the data and side-sector buffers, and
; making a file longer.
;
; A record is found by its place in the file's data bytes: record R (from 0), byte P is data
; byte R * length + P, in data block (that / 254), at byte (that mod 254) + 2. Side sector
; (block / 120) holds that block's track and sector at 16 + 2 * (block mod 120).
;
; A file grows a block at a time: each new data block is given after the file's last one, ten
; sectors on, as a 1541 gives them (rel_next), and a new side sector, when one is full, after
; the data block that needs it; when the file grows by more than one block at once, as if the
; data block after that one were taken already (where a 1541 puts it). Every record that
; starts in a block gets $FF as its first byte; the last block's last byte (its link's second
; byte) is the end of the last record that ends in it.

        .include "dos.inc"
        .include "fs.inc"

        .export rel_mul, rel_div, add_t, get_block, get_ss, flush_rel, rel_seek
        .export rel_advance, rel_present, rel_expand, rel_calc_d, cur_block, put_table
        .export rel_next, last_index
        .import job_read, job_write, block_alloc, block_free, take_on_track, sectors_of
        .import set_error

        .segment "CODE"

; ---- numbers -----------------------------------------------------------------------------------
; rel_mul: R_T = R_M (16 bits) * A.
rel_mul:
        sta R_CNT
        lda #0
        sta R_T
        sta R_T+1
        sta R_T+2
        ldx #8
@bit:   asl R_T
        rol R_T+1
        rol R_T+2
        asl R_CNT
        bcc @next
        lda R_T
        clc
        adc R_M
        sta R_T
        lda R_T+1
        adc R_M+1
        sta R_T+1
        bcc @next
        inc R_T+2
@next:  dex
        bne @bit
        rts

; rel_div: R_T = R_T / A (A 1-254), the remainder in A.
rel_div:
        sta R_CNT
        ldx #24
        lda #0
@bit:   asl R_T
        rol R_T+1
        rol R_T+2
        rol a
        bcs @sub
        cmp R_CNT
        bcc @next
@sub:   sbc R_CNT
        inc R_T
@next:  dex
        bne @bit
        rts

; add_t: R_T = R_T + A.
add_t:  clc
        adc R_T
        sta R_T
        bcc @r
        inc R_T+1
        bne @r
        inc R_T+2
@r:     rts

; rec_end: R_T = (R_REC + 1) * R_LEN, the data bytes up to the current record's end.
rec_end:
        lda R_REC
        clc
        adc #1
        sta R_M
        lda R_REC+1
        adc #0
        sta R_M+1
        lda R_LEN
        jmp rel_mul

; last_index: R_WBLK = the last data block's index.
last_index:
        lda R_NBLK
        sec
        sbc #1
        sta R_WBLK
        lda R_NBLK+1
        sbc #0
        sta R_WBLK+1
        rts

; rel_calc_d: R_D = the data bytes of the whole records: (blocks - 1) * 254 + R_LAST - 1.
rel_calc_d:
        jsr last_index
        lda R_WBLK
        sta R_M
        lda R_WBLK+1
        sta R_M+1
        lda #254
        jsr rel_mul
        lda R_LAST
        beq @none
        sec
        sbc #1
        jsr add_t
@none:  lda R_T
        sta R_D
        lda R_T+1
        sta R_D+1
        lda R_T+2
        sta R_D+2
        rts

; rel_present: C clear when the current record is in the file.
rel_present:
        bit R_OKREC
        bmi @yes
        jsr rec_end
        lda R_D
        cmp R_T
        lda R_D+1
        sbc R_T+1
        lda R_D+2
        sbc R_T+2
        bcc @no
        lda #$80
        sta R_OKREC
@yes:   clc
        rts
@no:    sec
        rts

; ---- the cursor ------------------------------------------------------------------------------
; rel_seek: the cursor (R_CBLK, R_COFS) at the current record's byte R_POS.
rel_seek:
        bit R_CVALID
        bmi @r
        lda R_REC
        sta R_M
        lda R_REC+1
        sta R_M+1
        lda R_LEN
        jsr rel_mul
        lda R_POS
        jsr add_t
        lda #254
        jsr rel_div
        clc
        adc #2
        sta R_COFS
        lda R_T
        sta R_CBLK
        lda R_T+1
        sta R_CBLK+1
        lda #$80
        sta R_CVALID
@r:     rts

; rel_advance: the cursor one byte on.
rel_advance:
        inc R_COFS
        bne @r
        lda #2
        sta R_COFS
        inc R_CBLK
        bne @r
        inc R_CBLK+1
@r:     rts

; cur_block: the cursor's block in the data buffer, Y = its byte. C set on an error.
cur_block:
        lda R_CBLK
        sta R_WBLK
        lda R_CBLK+1
        sta R_WBLK+1
        jsr get_block
        ldy R_COFS
        rts

; ---- buffers ---------------------------------------------------------------------------------
ok:     clc
        rts

; flush_rel: the data and side-sector buffers to the disk, when changed. C set on an error.
flush_rel:
        jsr flush_data
        bcs ok_r
; flush_ss: the side-sector buffer to its block when changed.
flush_ss:
        bit R_SDIRTY
        bpl ok
        lda R_SSN
        jsr ss_ts
        lda R_SBUF
        sta BUFN
        jsr job_write
        bcs ok_r
        lda #0
        sta R_SDIRTY
ok_r:   rts

; ss_ts: TRK/SCT = side sector A's.
ss_ts:  asl
        tax
        lda R_SSTAB,x
        sta TRK
        lda R_SSTAB+1,x
        sta SCT
        rts

; flush_data: the data buffer to its block when changed.
flush_data:
        bit R_DDIRTY
        bpl ok
        ldx R_DBUF
        stx BUFN
        lda B_CTRK,x
        sta TRK
        lda B_CSEC,x
        sta SCT
        jsr job_write
        bcs ok_r
        lda #0
        sta R_DDIRTY
        rts

; get_ss: side sector A in the side-sector buffer. C set on an error.
get_ss: cmp R_SSN
        beq ok
        pha
        jsr flush_ss
        pla
        bcs ok_r
        sta R_SSN
        jsr ss_ts
        lda R_SBUF
        sta BUFN
        jsr job_read
        bcc ok_r
        lda #$FF
        sta R_SSN
        rts

; ss_of: the side sector (A) and the byte in it (Y) of data block R_WBLK.
ss_of:  lda R_WBLK
        sta R_T
        lda R_WBLK+1
        sta R_T+1
        ldx #0
@sub:   lda R_T+1
        bne @big
        lda R_T
        cmp #120
        bcc @done
@big:   lda R_T
        sec
        sbc #120
        sta R_T
        bcs @nb
        dec R_T+1
@nb:    inx
        bne @sub
@done:  asl
        adc #16
        tay
        txa
        rts

; get_block: data block R_WBLK in the data buffer. C set on an error.
get_block:
        lda R_WBLK
        cmp R_BBLK
        bne @load
        lda R_WBLK+1
        cmp R_BBLK+1
        bne @load
        clc
        rts
@load:  jsr flush_data
        bcs @r
        lda #$FF
        sta R_BBLK
        sta R_BBLK+1
        jsr ss_of
        sty R_Y
        jsr get_ss
        bcs @r
        ldy R_Y
        lda (R_SPTR),y
        sta TRK
        iny
        lda (R_SPTR),y
        sta SCT
        lda R_DBUF
        sta BUFN
        jsr job_read
        bcs @r
        ldx R_DBUF
        lda TRK
        sta B_CTRK,x
        lda SCT
        sta B_CSEC,x
        lda R_WBLK
        sta R_BBLK
        lda R_WBLK+1
        sta R_BBLK+1
        clc
@r:     rts

; put_table: the six side sectors' track and sector into the side sector in its buffer.
put_table:
        ldy #4
@t:     lda R_SSTAB-4,y
        sta (R_SPTR),y
        iny
        cpy #16
        bne @t
        rts

; ---- growing ----------------------------------------------------------------------------------
; rel_expand: the file long enough for the current record; C set on an error (52 when it
; would pass 720 data blocks).
rel_expand:
        jsr rec_end             ; R_K = the blocks it needs
        lda #254
        jsr rel_div
        cmp #1                  ; C: a part of a block
        lda R_T
        adc #0
        sta R_K
        lda R_T+1
        adc #0
        sta R_K+1
        cmp #>721
        bcc @fits
        bne @big
        lda R_K
        cmp #<721
        bcc @fits
@big:   lda #52
        jsr set_error
        sec
        rts
@fits:  lda R_D                 ; the first record to mark: at the end of the last whole one
        sta R_T
        lda R_D+1
        sta R_T+1
        lda R_D+2
        sta R_T+2
        lda #254
        jsr rel_div
        clc
        adc #2
        sta R_MO
        lda R_T
        sta R_MB
        lda R_T+1
        sta R_MB+1
        jsr last_index
        jsr get_block
        bcs @r
        lda #$80
        sta R_FIRST
        lda #0
        sta R_FAIL
@more:  jsr mark_here
        lda R_NBLK
        cmp R_K
        lda R_NBLK+1
        sbc R_K+1
        bcs @last
        jsr append_block
        lda #0
        sta R_FIRST
        bcc @more
        ror R_FAIL              ; no room (72): the file ends with the blocks it has
        jsr last_index
        jsr get_block
        bcc @last
@r:     rts
@last:  lda R_NBLK              ; R_LAST = 255 - (blocks * 254 mod length)
        sta R_M
        lda R_NBLK+1
        sta R_M+1
        lda #254
        jsr rel_mul
        lda R_LEN
        jsr rel_div
        eor #$FF
        sta R_LAST
        ldy #0                  ; the last block (in the buffer) ends there
        tya
        sta (R_DPTR),y
        iny
        lda R_LAST
        sta (R_DPTR),y
        lda #$80
        sta R_DDIRTY
        sta R_CHANGED
        jsr rel_calc_d
        asl R_FAIL              ; C: the file could not grow enough
        rts

; mark_here: $FF at the start of each record that starts in the block in the data buffer,
; from R_MB/R_MO on.
mark_here:
        lda R_MB
        cmp R_BBLK
        bne @r
        lda R_MB+1
        cmp R_BBLK+1
        bne @r
        ldy R_MO
        lda #$FF
        sta (R_DPTR),y
        lda #$80
        sta R_DDIRTY
        lda R_MO
        sec
        sbc #2
        clc
        adc R_LEN
        bcs @wrap
        cmp #254
        bcc @same
@wrap:  sbc #254
        inc R_MB
        bne @same
        inc R_MB+1
@same:  clc
        adc #2
        sta R_MO
        jmp mark_here
@r:     rts

; append_block: a new, empty data block after the last one (in the data buffer), which is
; linked to it and written; the new one is left in the buffer. C set on an error.
append_block:
        ldx R_DBUF
        lda B_CTRK,x
        sta NEXTTRK
        lda B_CSEC,x
        sta NEXTSEC
        jsr rel_next
        bcs @r
        lda TRK
        sta R_NT
        lda SCT
        sta R_NS
        lda R_NBLK              ; its place in the side sectors
        sta R_WBLK
        lda R_NBLK+1
        sta R_WBLK+1
        jsr ss_of
        sta R_S
        sty R_I
        cpy #16
        bne @old
        jsr new_ss              ; the last side sector is full
        bcc @put
@r:     rts
@old:   jsr get_ss
        bcs @r
@put:   ldy R_I
        lda R_NT
        sta (R_SPTR),y
        iny
        lda R_NS
        sta (R_SPTR),y
        tya                     ; the side sector's last byte
        ldy #1
        sta (R_SPTR),y
        dey
        tya
        sta (R_SPTR),y
        lda #$80
        sta R_SDIRTY
        ldy #0                  ; the link to it
        lda R_NT
        sta (R_DPTR),y
        iny
        lda R_NS
        sta (R_DPTR),y
        lda #$80
        sta R_DDIRTY
        jsr flush_data
        bcs @r
        ldy #0
        tya
@clr:   sta (R_DPTR),y
        iny
        bne @clr
        ldx R_DBUF
        lda R_NT
        sta B_CTRK,x
        lda R_NS
        sta B_CSEC,x
        lda R_NBLK
        sta R_BBLK
        lda R_NBLK+1
        sta R_BBLK+1
        lda #$80
        sta R_DDIRTY
        inc R_NBLK
        bne @n
        inc R_NBLK+1
@n:     clc
        rts

; new_ss: side sector R_S (1-5), given after the new data block (NEXTTRK/NEXTSEC); the ones
; before it learn of it (the table, and the last one's link). Left in its buffer.
new_ss: bit R_FIRST
        bmi @one
        lda NEXTTRK             ; the data block after it is given first (and back)
        pha
        lda NEXTSEC
        pha
        jsr rel_next
        pla
        sta NEXTSEC
        pla
        sta NEXTTRK
        bcs @r1
        lda TRK
        sta R_WBLK
        lda SCT
        sta R_WBLK+1
        jsr rel_next
        bcs @r1
        lda TRK
        pha
        lda SCT
        pha
        lda R_WBLK
        sta TRK
        lda R_WBLK+1
        sta SCT
        jsr block_free
        pla
        sta SCT
        pla
        sta TRK
        jmp @got
@r1:    rts
@one:   jsr rel_next
        bcs @r
@got:   lda R_S
        asl
        tax
        lda TRK
        sta R_SSTAB,x
        lda SCT
        sta R_SSTAB+1,x
        inc R_NSS
        lda #0
        sta R_CNT
@each:  lda R_CNT
        jsr get_ss
        bcs @r
        jsr put_table
        ldx R_CNT
        inx
        cpx R_S
        bne @nl
        lda R_S                 ; the one before: its link
        asl
        tax
        ldy #0
        lda R_SSTAB,x
        sta (R_SPTR),y
        iny
        lda R_SSTAB+1,x
        sta (R_SPTR),y
@nl:    lda #$80
        sta R_SDIRTY
        inc R_CNT
        lda R_CNT
        cmp R_S
        bne @each
        jsr flush_ss
        bcs @r
        lda R_S
        sta R_SSN
        ldy #0
        tya
@clr:   sta (R_SPTR),y
        iny
        bne @clr
        ldy #2
        lda R_S
        sta (R_SPTR),y
        iny
        lda R_LEN
        sta (R_SPTR),y
        jsr put_table
        lda #$80
        sta R_SDIRTY
        clc
@r:     rts

; rel_next: the block after NEXTTRK/NEXTSEC into TRK/SCT (and NEXTTRK/NEXTSEC): ten sectors
; on; past the track's last sector, counted on from sector 0 one less (a 1541's order); the
; first free one from there. When the track is full, the next one outward from the same
; sector; when that side is full, anywhere. C set (72) when the disk is full.
rel_next:
        lda NEXTTRK
        sta TRK
        jsr sectors_of
        sta R_CNT
        lda NEXTSEC
        clc
        adc #10
        cmp R_CNT
        bcc @in
        sbc R_CNT
        beq @in
        sbc #1
@in:    sta R_S2
@try:   lda R_S2
        sta SCT
        jsr take_on_track
        bcc @got
        lda TRK
        cmp #18
        bcc @down
        inc TRK
        lda TRK
        cmp #36
        bcc @try
        bcs @any
@down:  dec TRK
        bne @try
@any:   jsr block_alloc
        bcs @r
@got:   lda TRK
        sta NEXTTRK
        lda SCT
        sta NEXTSEC
        clc
@r:     rts
