; breadbin open 1541 DOS: FORMAT ($F0), breadbin's own job: the whole disk written anew.
;
; Tracks 1 to the job's track (1-42), one track each controller interrupt (the job stays
; $F0 until the last is written). A track is written in one turn from where the head is:
; each sector a sync (5 x $FF), its header (ID from $12/$13), a gap of 9 x $55, a sync, a
; data block of $4B ($00 on track 1) and 255 x $01, and the zone's gap (9, 12, 17 or 8 x $55 for zones 0-3);
; then $55 to the end of the turn (turns hold 6250, 6666, 7142 and 7692 bytes).
; The data block is the same in every sector: its GCR is three kinds of 5 bytes (the first
; group, 63 of the middle one, the last). Results: $01, $08 (write protect), $02 (a track
; of 0 or above 42). At the end the buffer holds a formatted sector's bytes.

        .include "dos.inc"
        .include "ctl.inc"

        .export job_format
        .import job_end, job_ok, seek_track, enc4, wait_sync, sectors

        .segment "CTRL2"

job_format:
        lda V2_PB
        and #$10
        bne @rw
        lda #$08
        jmp job_end
@rw:    jsr last_trk
        beq @bad
        cmp #43
        bcs @bad
        lda FMTTRK
        bne @t
        lda #1
        sta FMTTRK
@t:     lda FMTTRK
        sta WANTTRK
        jsr seek_track
        jsr fmt_prepare
        jsr fmt_write
        inc FMTTRK
        jsr last_trk
        cmp FMTTRK
        bcc @end
        rts                     ; the next track at the next interrupt
@end:   ldy #0                  ; the buffer: a formatted sector
        lda #$01
@f:     sta (BUFPTR),y
        iny
        bne @f
        lda #$4B
        sta (BUFPTR),y
        jmp job_ok
@bad:   lda #$02
        jmp job_end

; A = the last track to format (the job's track byte).
last_trk:
        lda JOBNUM
        asl
        tax
        lda HDRS,x
        rts

; The header's second half and the data block's groups in OVF; the first half of each
; sector's header (5 bytes) in the buffer.
fmt_prepare:
        lda DISKID+1
        sta B0
        lda DISKID
        sta B1
        lda #$0F
        sta B2
        sta B3
        ldy #FMT_H2-OVF
        jsr enc_ovf
        lda #$07
        sta B0
        lda #$4B                ; (on track 1, $00 and 255 x $01, as the 1541 leaves it)
        ldx FMTTRK
        dex
        bne @k0
        lda #$00
@k0:    sta B1
        lda #$01
        sta B2
        sta B3
        ldy #FMT_P0-OVF
        jsr enc_ovf
        lda #$01
        sta B0
        sta B1
        ldy #FMT_P1-OVF
        jsr enc_ovf
        lda #$4A                ; $4B ^ 255 x $01
        ldx FMTTRK
        dex
        bne @k2
        lda #$01
@k2:    sta B1
        lda #$00
        sta B2
        sta B3
        ldy #FMT_P2-OVF
        jsr enc_ovf
        lda #0
        sta WANTSEC
@s:     lda #$08
        sta B0
        lda WANTSEC
        sta B2
        lda WANTTRK
        sta B3
        eor B2
        eor DISKID
        eor DISKID+1
        sta B1
        jsr enc4
        lda WANTSEC             ; its place: 5 x the sector
        asl
        asl
        clc
        adc WANTSEC
        tay
        ldx #0
@c:     lda G0,x
        sta (BUFPTR),y
        iny
        inx
        cpx #5
        bne @c
        inc WANTSEC
        jsr sectors
        cmp WANTSEC
        bne @s
        rts

; B0-B3 to GCR at OVF+Y.
enc_ovf:
        jsr enc4
        ldx #0
@c:     lda G0,x
        sta OVF,y
        iny
        inx
        cpx #5
        bne @c
        rts

; Write track WANTTRK in one turn, starting at a byte's start after a sync (so that the
; bytes written fall where the track's bytes were).
fmt_write:
        jsr sectors
        sta SECLEFT
        lda fmt_gap,x
        sta WANTSEC             ; (free now) the gap after a data block
        lda fmt_tail,x
        sta CNT                 ; the bytes after the last sector
        jsr wait_sync           ; (on a blank track there is none: any byte will do)
        clv
@al:    bvc @al
        clv
        lda #$FF
        sta V2_PA               ; the byte taken when the next one starts
        sta V2_DDRA
        lda #PCR_WRITE
        sta V2_PCR
        ldy #0
@sec:   lda #$FF
        ldx #5
@1:     bvc @1                  ; sync
        clv
        sta V2_PA
        dex
        bne @1
        ldx #5
@2:     lda (BUFPTR),y          ; header, first half
@2w:    bvc @2w
        clv
        sta V2_PA
        iny
        dex
        bne @2
        ldx #0
@3:     lda FMT_H2,x            ; header, second half
@3w:    bvc @3w
        clv
        sta V2_PA
        inx
        cpx #5
        bne @3
        lda #$55
        ldx #9
@4:     bvc @4                  ; header gap
        clv
        sta V2_PA
        dex
        bne @4
        lda #$FF
        ldx #5
@5:     bvc @5                  ; sync
        clv
        sta V2_PA
        dex
        bne @5
        ldx #0
@6:     lda FMT_P0,x            ; data: the first group
@6w:    bvc @6w
        clv
        sta V2_PA
        inx
        cpx #5
        bne @6
        ldx #63
@7:     lda FMT_P1              ; data: 63 middle groups
@7a:    bvc @7a
        clv
        sta V2_PA
        lda FMT_P1+1
@7b:    bvc @7b
        clv
        sta V2_PA
        lda FMT_P1+2
@7c:    bvc @7c
        clv
        sta V2_PA
        lda FMT_P1+3
@7d:    bvc @7d
        clv
        sta V2_PA
        lda FMT_P1+4
@7e:    bvc @7e
        clv
        sta V2_PA
        dex
        bne @7
        ldx #0
@8:     lda FMT_P2,x            ; data: the last group
@8w:    bvc @8w
        clv
        sta V2_PA
        inx
        cpx #5
        bne @8
        lda #$55
        ldx WANTSEC
@9:     bvc @9                  ; gap
        clv
        sta V2_PA
        dex
        bne @9
        dec SECLEFT
        beq @last
        jmp @sec
@last:  ldx CNT
@t:     bvc @t                  ; to the end of the turn
        clv
        sta V2_PA
        dex
        bne @t
        lda #$FF                ; (the turn's first byte is a sync byte)
@f:     bvc @f
        clv
        sta V2_PA
@g:     bvc @g                  ; the last byte is written
        lda #PCR_READ
        sta V2_PCR
        lda #0
        sta V2_DDRA
        rts

; By zone (0-3): the gap after a data block, and the $55 bytes after the last sector (a turn
; less one byte, less the sectors: the one byte is the $FF written first).
fmt_gap:
        .byte 9, 12, 17, 8
fmt_tail:
        .byte 6250-1-17*363, 6666-1-18*366, 7142-1-19*371, 7692-1-21*362
