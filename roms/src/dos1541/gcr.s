; breadbin open 1541 DOS: finding, reading, writing and comparing a sector.
;
; GCR writes each 4 bits as 5 (codes in gcr_code), 4 bytes as 5. A header is the GCR of
; $08, checksum (sector ^ track ^ ID2 ^ ID1), sector, track, ID2, ID1, $0F, $0F (10 bytes);
; a data block the GCR of $07, the 256 bytes, their XOR, $00, $00 (325 bytes). Each block
; follows a sync mark (ten 1 bits or more; the head reports it on PB7 = 0). After a sync
; BYTE READY comes every 8 bits and sets the CPU's V flag: bytes are read and written with
; BVC * / CLV / LDA or STA $1C01. (BIT would change V: the loops here test with LDA.)
; The coding itself: gcrcode.s.

        .include "dos.inc"
        .include "ctl.inc"

        .export find_hdr, wait_sync, wait_sync_job, read_data
        .export hdr_decode, data_check, write_data, verify_data, find_data, read_sector
        .export any_hdr
        .import job_end, enc4, dec5, dec_sector

        .segment "CTRL"

; Wait for a sync mark and for its end (C clear; V clear, so that BVC waits for the first
; byte after it), or C set after about 28 ms without one (longer than the stretch of a track
; whose sector lost its sync marks).
wait_sync:
        ldx #0
        ldy #10
@w:     lda V2_PB
        bpl @in
        dex
        bne @w
        dey
        bne @w
        sec
        rts
@in:    clv
@e:     lda V2_PB
        bmi @out
        dex
        bne @e
        dey
        bne @e
        sec
        rts
@out:   clc
        rts

; The same for job code ($F556): no sync ends the job with $03.
wait_sync_job:
        jsr wait_sync
        bcs @no
        rts
@no:    lda #$03
        jmp job_end

; Read the next header of the track into GCRHDR ($24) and decode it to $16-$1A; headers
; that do not decode are passed over. Ends the job with $03 (no sync) or $02 (no header
; within MAXSYNC sync marks counted in CNT).
any_hdr:
        jsr count_sync
        jsr wait_sync
        bcs no_sync
        ldy #0
@rd:    bvc @rd
        clv
        lda V2_PA
        sta GCRHDR,y
        iny
        cpy #8
        bne @rd
        lda GCRHDR
        cmp #$52                ; the GCR of a header begins so
        bne any_hdr
        jsr hdr_decode
        bne any_hdr
        rts
no_sync:
        lda #$03
        jmp job_end
count_sync:
        inc CNT
        lda CNT
        cmp #MAXSYNC
        bcs @none
        rts
@none:  lda #$02
        jmp job_end

; Decode the header's first 8 GCR bytes at GCRHDR ($F497): $16 ID1, $17 ID2, $18 track, $19
; sector, $1A checksum. A = 0 (Z set) for a good header, $02 if it is no header block, $09
; if its checksum is wrong.
hdr_decode:
        ldx #4
@c:     lda GCRHDR,x
        sta G0,x
        dex
        bpl @c
        jsr dec5
        lda B1
        sta HDR_CHK
        lda B2
        sta HDR_SEC
        lda B3
        sta HDR_TRK
        lda B0
        pha
        lda GCRHDR+5
        sta G0
        lda GCRHDR+6
        sta G1
        lda GCRHDR+7
        sta G2
        lda #$55                ; what $0F, $0F end with
        sta G3
        sta G4
        jsr dec5
        lda B0
        sta HDR_ID2
        lda B1
        sta HDR_ID1
        pla
        cmp #$08
        bne @nohdr
        lda HDR_CHK
        eor HDR_SEC
        eor HDR_TRK
        eor HDR_ID1
        eor HDR_ID2
        bne @sum
        rts
@nohdr: lda #$02
        rts
@sum:   lda #$09
        rts

; EXP = the first 8 GCR bytes of the header of WANTTRK/WANTSEC with ID1 = A, ID2 = X.
mk_exp:
        sta EXP+7
        stx EXP+6
        lda #$08
        sta B0
        lda WANTSEC
        sta B2
        lda WANTTRK
        sta B3
        eor B2
        eor EXP+6
        eor EXP+7
        sta B1
        jsr enc4
        ldx #4
@c:     lda G0,x
        sta EXP,x
        dex
        bpl @c
        lda EXP+6
        sta B0
        lda EXP+7
        sta B1
        lda #$0F
        sta B2
        sta B3
        jsr enc4
        lda G0
        sta EXP+5
        lda G1
        sta EXP+6
        lda G2
        sta EXP+7
        rts

; Find the header of the job's sector: returns (C clear) just after its 8th GCR byte was
; read, with time to wait for the data block's sync, or to count the 11 bytes to it. The
; ID looked for is the disk's ($12/$13) or, when that is 0/0 (not known yet), the ID of
; another sector's header on the track. Ends the job: $02 not found, $03 no sync, $09
; header checksum, $0B another ID.
find_hdr:
        lda #0
        sta CNT
        lda DISKID
        ora DISKID+1
        beq @unk
        lda DISKID
        ldx DISKID+1
        jsr mk_exp
        jmp @next
@unk:   jsr any_hdr
        lda HDR_SEC
        cmp WANTSEC
        beq @unk                ; not from the sector looked for: it may be the odd one
        lda HDR_ID1
        ldx HDR_ID2
        jsr mk_exp
@next:  jsr count_sync
        jsr wait_sync
        bcs @ns
        ; The bytes as they come (26 cycles apart at the fastest bit rate), checked between;
        ; none may be missed (two BYTE READYs unanswered make one V). After the 8th the
        ; return to the caller is short: write_data must see the 9th and 10th apart.
@b1:    bvc @b1
        clv
        lda V2_PA
        sta GCRHDR
        cmp #$52
        bne @next               ; a data block
@b2:    bvc @b2
        clv
        lda V2_PA
        sta GCRHDR+1
        eor EXP+1
        sta DIFF
@b3:    bvc @b3
        clv
        lda V2_PA
        sta GCRHDR+2
        eor EXP+2
        and #$0F                ; the sector's first bits
        bne @next
@b4:    bvc @b4
        clv
        lda V2_PA
        sta GCRHDR+3
        cmp EXP+3               ; the sector, the track's first bits
        bne @next
@b5:    bvc @b5
        clv
        lda V2_PA
        sta GCRHDR+4
        cmp EXP+4               ; the track
        bne @next
        lda GCRHDR+2            ; the checksum's last bits
        eor EXP+2
        and #$F0
        ora DIFF
        sta DIFF
@b6:    bvc @b6
        clv
        lda V2_PA
        sta GCRHDR+5
        eor EXP+5
        ora DIFF
        sta DIFF
@b7:    bvc @b7
        clv
        lda V2_PA
        sta GCRHDR+6
        eor EXP+6
        ora DIFF
        sta DIFF
@b8:    bvc @b8
        clv
        lda V2_PA
        sta GCRHDR+7
        eor EXP+7
        ora DIFF
        bne @bad
        clc                     ; (the 9th byte came 26 cycles after the 8th at the
        rts                     ; fastest rate; the 10th is 26 later: write_data counts on it)
@bad:   jsr hdr_decode          ; the sector's header, but not as it should be
        bne @end
        lda #$0B                ; good but for another disk
@end:   jmp job_end
@ns:    jmp no_sync

; The job's sector, for job code ($F50A): its header found, its data block's sync just
; ended (BVC then waits for the block's first byte). No data block: the job ends with $04.
find_data:
        jsr find_hdr
        jsr wait_sync
        bcs no_data
        rts
no_data:
        lda #$04
        jmp job_end

; Read the job's sector into its buffer ($F4D1). A = the result: $01, $04 (no data block)
; or $05 (checksum); a header not found ends the job.
read_sector:
        jsr find_hdr
        jsr wait_sync
        bcs @nod
        jsr read_data
        jsr dec_sector
        jmp data_check
@nod:   lda #$04
        rts

; The 325 GCR bytes of a data block (its sync just passed) into the buffer and OVF.
read_data:
        ldy #0
@a:     bvc @a
        clv
        lda V2_PA
        sta (BUFPTR),y
        iny
        bne @a
@b:     bvc @b
        clv
        lda V2_PA
        sta OVF,y
        iny
        cpy #69
        bne @b
        rts

; A decoded data block: A = $01 good, $04 not a data block, $05 checksum.
data_check:
        lda BLKID
        cmp #$07
        bne @nod
        ldy #0
        tya
@x:     eor (BUFPTR),y
        iny
        bne @x
        cmp OVF
        bne @sum
        lda #$01
        rts
@nod:   lda #$04
        rts
@sum:   lda #$05
        rts

; Compare the data block after the header just found with the buffer's GCR (encoded
; before): A = $01 same, $07 different, $04 no data block.
verify_data:
        jsr wait_sync
        bcs @nod
        ldy #0
@a:     bvc @a
        clv
        lda V2_PA
        cmp (BUFPTR),y
        bne @diff
        iny
        bne @a
@b:     bvc @b
        clv
        lda V2_PA
        cmp OVF,y
        bne @diff
        iny
        cpy #69
        bne @b
        lda #$01
        rts
@diff:  lda #$07
        rts
@nod:   lda #$04
        rts

; Write the buffer's GCR as the data block of the header just found: past the header's
; last 2 bytes and the 9-byte gap, a sync of 5 x $FF, the 325 bytes; then back to reading.
write_data:
        ldx #11
@c:     bvc @c
        clv
        dex
        bne @c
        lda #$FF
        sta V2_PA               ; the first sync byte, taken at the next byte's start
        sta V2_DDRA
        lda #PCR_WRITE
        sta V2_PCR
        lda #$FF
        ldx #4
@s:     bvc @s                  ; each BYTE READY: the head took the byte; the next one
        clv
        sta V2_PA
        dex
        bne @s
        ldy #0
@a:     lda (BUFPTR),y
@aw:    bvc @aw
        clv
        sta V2_PA
        iny
        bne @a
@b:     lda OVF,y
@bw:    bvc @bw
        clv
        sta V2_PA
        iny
        cpy #69
        bne @b
        lda #$55                ; the gap after it
@e1:    bvc @e1
        clv
        sta V2_PA
@e2:    bvc @e2                 ; the last byte is written
        lda #PCR_READ
        sta V2_PCR
        lda #0
        sta V2_DDRA
        rts
