; breadbin open 1541 DOS: sectors through the job queue, the disk's ID and its BAM.
;
; The BAM (track 18, sector 0) is kept in buffer 4 ($0700): four bytes a track from $04, the
; free count and a bitmap of three bytes (a set bit is a free sector, sector 0 in bit 0 of
; the first). Files are given blocks as a 1541 gives them: the first on the track nearest
; the directory's with room, alternating outward (17, 19, 16, 20, ...), the next ones ten
; sectors on (the interleave) on the same track, then on the next track outward.

        .include "dos.inc"
        .include "fs.inc"

        .export job_read, job_write, disk_ready, disk_init, bam_write, sectors_of
        .export block_alloc, block_next, block_free, block_take, blocks_free, check_ts
        .export take_on_track, link_of, empty_dir_sector, next_free
        .import set_error, set_error_ts, buf_ptr

BAM = $0700

        .segment "CODE"

; job_read / job_write: block TRK/SCT to or from buffer BUFN. C set on an error, which is
; then the error channel's (20-29, 74 with the block's track and sector).
job_read:
        lda #$80
        .byte $2C
job_write:
        lda #$90
job:    pha
        jsr check_ts
        pla
        bcs @bad
        ldx BUFN
        pha
        txa
        asl
        tay
        lda TRK
        sta HDRS,y
        lda SCT
        sta HDRS+1,y
        pla
        sta JOBS,x
@wait:  lda JOBS,x
        bmi @wait
        cmp #1
        beq @ok
        cmp #$0F
        beq @74
        clc
        adc #18                 ; 2 -> 20 ... 11 -> 29
        .byte $2C
@74:    lda #74
        pha
        lda #0                  ; a failed job: the disk may be another
        sta BAMOK
        pla
        ldx #1
        jsr set_error_ts
        sec
        rts
@ok:    clc
        rts
@bad:   lda #66
        ldx #1
        jsr set_error_ts
        sec
        rts

; check_ts: C set when TRK/SCT is not a block of the disk.
check_ts:
        lda TRK
        beq @bad
        cmp #36
        bcs @bad
        jsr sectors_of
        cmp SCT
        beq @bad
        bcc @bad
        clc
        rts
@bad:   sec
        rts

; sectors_of: the sectors on track A (1-35) in A.
sectors_of:
        cmp #18
        bcc @z3
        cmp #25
        bcc @z2
        cmp #31
        bcc @z1
        lda #17
        rts
@z1:    lda #18
        rts
@z2:    lda #19
        rts
@z3:    lda #21
        rts

; disk_ready: make sure the BAM is in buffer 4 (reading the disk's ID and BAM once after a
; change). C set on an error.
disk_ready:
        bit BAMOK
        bmi @ok
        jmp disk_init
@ok:    clc
        rts

; disk_init ("I"): learn the disk's ID from a header on track 18, then read the BAM.
disk_init:
        lda #0
        sta BAMOK
        sta DISKID
        sta DISKID+1
        lda #18
        sta HDRS+8
        lda #0
        sta HDRS+9
        lda #$B0                ; seek: the controller reads a header and keeps its ID
        sta JOBS+4
@wait:  lda JOBS+4
        bmi @wait
        lda #18
        sta TRK
        lda #0
        sta SCT
        lda BUFN
        pha
        lda #4
        sta BUFN
        jsr job_read
        pla
        sta BUFN
        bcs @err
        lda #$80
        sta BAMOK
        clc
@err:   rts

; bam_write: the BAM back to 18/0 when it was changed.
bam_write:
        lda BAMOK
        and #$40
        beq @done
        lda BUFN
        pha
        lda TRK
        pha
        lda SCT
        pha
        lda #4
        sta BUFN
        lda #18
        sta TRK
        lda #0
        sta SCT
        jsr job_write
        pla
        sta SCT
        pla
        sta TRK
        pla
        sta BUFN
        bcs @done
        lda #$80
        sta BAMOK
@done:  rts

; bam_bit: X = the BAM offset of TRK's bitmap byte for SCT, A = the bit.
bam_bit:
        lda TRK
        asl
        asl
        sta TMP3
        lda SCT
        lsr
        lsr
        lsr
        sec
        adc TMP3                ; TRK*4 + 1 + SCT/8
        tax
        lda SCT
        and #7
        tay
        lda #1
@sh:    dey
        bmi @done
        asl
        bne @sh
@done:  rts

; next_free: the first free block after TRK/SCT, on its track and then on the tracks above,
; in TRK/SCT (0/0 when there is none).
next_free:
@sect:  inc SCT
        lda TRK
        jsr sectors_of
        cmp SCT
        beq @track
        bcc @track
        jsr bam_bit
        and BAM,x
        beq @sect
        rts
@track: inc TRK
        lda TRK
        cmp #36
        bcs @none
        lda #$FF
        sta SCT
        bne @sect
@none:  lda #0
        sta TRK
        sta SCT
        rts

; block_free: mark TRK/SCT free (once).
block_free:
        jsr bam_bit
        pha
        and BAM,x
        bne @was
        pla
        ora BAM,x
        sta BAM,x
        lda TRK
        asl
        asl
        tax
        inc BAM,x
        jmp dirty
@was:   pla
        rts

; block_take: mark TRK/SCT used; C set when it was not free.
block_take:
        jsr bam_bit
        pha
        and BAM,x
        beq @used
        pla
        eor #$FF
        and BAM,x
        sta BAM,x
        lda TRK
        asl
        asl
        tax
        dec BAM,x
        jsr dirty
        clc
        rts
@used:  pla
        sec
        rts
dirty:  lda BAMOK
        ora #$40
        sta BAMOK
        rts

; take_on_track: take the first free sector of TRK at or after SCT (wrapping); C set when
; the track is full.
take_on_track:
        lda TRK
        asl
        asl
        tax
        lda BAM,x
        beq @full
        lda TRK
        jsr sectors_of
        sta COUNT
        sta TMP2
@try:   lda SCT
        cmp COUNT
        bcc @in
        sbc COUNT
        sta SCT
@in:    jsr block_take
        bcc @got
        inc SCT
        dec TMP2
        bne @try
@full:  sec
        rts
@got:   clc
        rts

; block_alloc: the first block of a file, into TRK/SCT. C set (error 72) when the disk is
; full.
block_alloc:
        lda #1
        sta TMP
@dist:  lda #18
        sec
        sbc TMP
        beq @up
        sta TRK
        lda #0
        sta SCT
        jsr take_on_track
        bcc @got
@up:    lda #18
        clc
        adc TMP
        cmp #36
        bcs @next
        sta TRK
        lda #0
        sta SCT
        jsr take_on_track
        bcc @got
@next:  inc TMP
        lda TMP
        cmp #18
        bne @dist
        lda #72
        jsr set_error
        sec
        rts
@got:
; took: TRK/SCT is the file's newest block.
took:   lda TRK
        sta NEXTTRK
        lda SCT
        sta NEXTSEC
        clc
        rts

; block_next: the block after NEXTTRK/NEXTSEC of a file, into TRK/SCT: ten sectors on (past
; the track's last sector, one less than the wrap gives, as the 1541 counts), the first
; free one from there on the same track, else on the next track outward from the same
; sector. C set (error 72) when the disk is full.
block_next:
        lda NEXTTRK
        sta TRK
        jsr sectors_of
        sta COUNT
        lda NEXTSEC
        clc
        adc #10
        cmp COUNT
        bcc @from
        sbc COUNT
        beq @from
        sbc #1
@from:  sta NEXTSEC
        sta SCT
        jsr take_on_track
        bcc took
        lda TRK
        cmp #18
        bcc @down
@upw:   inc TRK
        lda TRK
        cmp #36
        bcs @wrap
        jsr @try
        bcs @upw
        bcc took
@down:  dec TRK
        beq @wrap
        jsr @try
        bcs @down
        bcc took
@try:   lda NEXTSEC
        sta SCT
        jmp take_on_track
@wrap:  jmp block_alloc     ; one side is full: anywhere

; link_of: TRK/SCT = the link (first two bytes) of the block in buffer BUFN; PTR points
; at the buffer.
link_of:
        jsr buf_ptr
        ldy #0
        lda (PTR),y
        sta TRK
        iny
        lda (PTR),y
        sta SCT
        rts

; empty_dir_sector: the buffer at PTR as an empty last directory sector (00 FF, zeros).
empty_dir_sector:
        ldy #0
        tya
@clr:   sta (PTR),y
        iny
        bne @clr
        iny
        lda #$FF
        sta (PTR),y
        rts

; blocks_free: the free blocks of tracks other than 18, in PTR2 (low, high).
blocks_free:
        lda #0
        sta PTR2
        sta PTR2+1
        ldx #4
@tr:    cpx #18*4
        beq @skip
        lda BAM,x
        clc
        adc PTR2
        sta PTR2
        bcc @skip
        inc PTR2+1
@skip:  inx
        inx
        inx
        inx
        cpx #36*4
        bne @tr
        rts
