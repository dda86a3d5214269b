; breadbin open 1541 DOS: the disk controller.
;
; It runs in VIA 2's timer 1 interrupt, every 15,000 cycles (15 ms). Each interrupt looks
; at the job queue ($00-$05, one code per buffer, track and sector at $06+2n) and works on
; the first job found (bit 7 set), start to end, with interrupts off; its result (bit 7
; clear) then replaces the code. A job may take up to a few turns of the disk (a turn is
; 200,000 cycles). Results: $01 OK, $02 header not found, $03 no sync, $04 no data block,
; $05 data checksum, $07 verify error, $08 write protect, $09 header checksum, $0B ID
; mismatch.
;
; Choices made here:
; - The head's position is unknown at power-on and after a reset through $EAA0: the first
;   job that needs the head bumps it to track 1 first (88 half-track steps outward, enough
;   from track 42), then seeks.
; - BUMP ($C0) leaves the head on track 1.
; - A track of 0 or above 42 (40- and 42-track images are read too), or a sector beyond
;   the last of its track, ends the job with $02 (header not found) without moving.
; - With no disk the drive sees no sync: $03 (no sync). A WRITE without a disk gives $08
;   (the write-protect sense reads "protected" with no disk in).
; - A sector whose sync marks are missing is not found: $02. No sync for about 28 ms is
;   $03; a header not found within 90 sync marks (over two turns) is $02.
; - The ID: READ, WRITE and VERIFY want the header's ID to be the disk's ($12/$13) and end
;   with $0B if it is not; while $12/$13 are 0/0 (after power-on) they take the ID of
;   another sector's header on the track, so any disk reads. SEEK ($B0) sets $12/$13.
; - WRITE and VERIFY code the buffer to GCR in place (with $0100-$0144) and decode it back
;   at the end: the buffer's 256 bytes are as they were.
; - JUMP ($D0) runs the buffer's code at once (no motor, no seek); EXECUTE ($E0) turns the
;   motor on and seeks its track first. Code run by either ends its job with LDA #result /
;   JMP $F969, keeps it ($E0: it runs again at the next interrupt) with JMP $F99C, or ends
;   it with $01 by RTS.
; - FORMAT ($F0, breadbin's own): writes tracks 1 to the job's track, one track an
;   interrupt, each with its zone's sectors (header ID from $12/$13) of $4B then 255 x $01;
;   the buffer then holds such a sector. Result $01, or $08 on a protected disk.
; - Motor: on when a job comes, jobs wait 12 interrupts (0.18 s) for it to come up to
;   speed; off 170 interrupts (2.5 s) after the last job. The LED is on with it.
; - Steps: one phase (half a track) every 3,000 cycles.
;
; The entry points at fixed addresses (for drive code written for the 1541) are at the end.

        .include "dos.inc"
        .include "ctl.inc"

        .export ctl_init, ctl_head, ctl_irq, job_end, job_ok, job_loop, seek_track, sectors
        .import find_hdr, wait_sync_job, dec_sector, enc_sector, hdr_decode
        .import write_data, job_format, verify_data, any_hdr, find_data, read_sector

        .segment "CTRL"

; Power-on and reset: VIA 2 set up, the motor off, the controller's variables cleared; Y =
; the head's track from ctl_head before the reset (0: not known).
ctl_init:
        lda #$7F
        sta V2_IER              ; no VIA 2 interrupt ...
        sta V2_IFR              ; ... nor flag
        tya                     ; motor, LED off; zone 0; the stepper's phase as it was
        rol                     ; when the head's track is known (Y bits 6-7), else 0
        rol
        rol
        and #$03
        sta V2_PB
        lda #$6F                ; b0-1 stepper, b2 motor, b3 LED, b5-6 zone: outputs
        sta V2_DDRB
        lda #$00
        sta V2_DDRA             ; port A reads the head
        lda #PCR_READ
        sta V2_PCR
        lda #$40                ; timer 1 free-running, PB7 not driven, no latching
        sta V2_ACR
        lda #<14998             ; a period of 15,000 cycles
        sta V2_T1LL
        lda #>14998
        sta V2_T1LH
        sta V2_T1CH             ; start it
        lda #$C0
        sta V2_IER              ; timer 1 interrupts
        lda #0
        ldx #$2C
@clr:   cpx #BUFPTR
        beq @next
        cpx #BUFPTR+1
        beq @next
        sta $00,x
@next:  inx
        cpx #$4C
        bne @clr
        sta DRVST
        sta CURTRK              ; not known: F_HEAD is clear
        tya                     ; known before a reset: still known
        and #$3F
        beq @r
        sta CURTRK
        lda #F_HEAD
        sta FLAGS
@r:     rts

; ctl_head: Y = the head's track with the stepper's phase in bits 6-7 when the controller
; knows it and VIA 2 still drives the stepper (a jump to $EAA0), else 0 (a reset through
; the RESET line lets the stepper's lines go).
ctl_head:
        ldy #0
        bit FLAGS
        bpl @r
        lda V2_DDRB
        and #$03
        cmp #$03
        bne @r
        lda V2_PB
        ror
        ror
        ror
        and #$C0
        ora CURTRK
        tay
@r:     rts

; The controller's interrupt. Ends with RTS (possibly from a routine below it, through
; job_end or job_loop, which put the stack back as it was here).
ctl_irq:
        lda V2_T1CL             ; acknowledge timer 1
        tsx
        stx SAVESP
        ldx #0
@scan:  lda JOBS,x
        bmi job
        inx
        cpx #6
        bne @scan
        ; No job: the motor goes off a while after the last one.
        lda DRVST
        and #$20
        beq @rts
        ora #$10
        sta DRVST
        dec OFFCNT
        bne @rts
        lda V2_PB
        and #$F3                ; motor and LED off
        sta V2_PB
        lda #0
        sta DRVST
@rts:   rts

job:    stx JOBNUM
        and #$F0
        sta JOBCODE
        txa
        clc
        adc #>$0300
        sta BUFPTR+1
        lda #0
        sta BUFPTR
        lda #OFFTIME
        sta OFFCNT
        lda JOBCODE
        cmp #$D0
        beq job_jump
        ; The motor: on, then a while to come up to speed.
        lda DRVST
        and #$20
        bne @on
        lda V2_PB
        ora #$0C                ; motor and LED on
        sta V2_PB
        lda #$A0                ; motor on, not ready
        sta DRVST
        lda #SPINUP
        sta SPINCNT
        rts
@on:    lda DRVST
        bpl @ready
        dec SPINCNT
        bne @wait
@ready: lda #$20                ; motor on, ready
        sta DRVST
        lda JOBCODE
        cmp #$80
        beq job_read
        cmp #$90
        beq job_write_
        cmp #$A0
        beq job_verify_
        cmp #$B0
        beq job_seek_
        cmp #$C0
        beq job_bump
        cmp #$E0
        beq job_exec
        cmp #$F0
        bne @unk
        jmp job_format
@unk:   jmp job_ok              ; a code with no job: done
@wait:  rts

job_write_:
        jmp job_write
job_verify_:
        jmp job_verify
job_seek_:
        jmp job_seek

; $D0: run the buffer's code now.
job_jump:
        jsr run_buf
        jmp job_ok

; $E0: on the job's track, run the buffer's code (again at each interrupt until it ends
; the job).
job_exec:
        jsr check_trk
        jsr seek_track
        jsr run_buf
        jmp job_ok
run_buf:
        jmp (BUFPTR)

; $C0: the head to track 1.
job_bump:
        jsr bump
        jmp job_ok

; $80: read the sector into the buffer.
job_read:
        jsr check_ts
        jsr seek_track
        jsr read_sector
        jmp job_end

; $A0: compare the sector with the buffer.
job_verify:
        jsr check_ts
        jsr seek_track
        jsr enc_sector
        jsr find_hdr
        jsr verify_data
        jmp job_end

; $90: write the buffer to the sector.
job_write:
        jsr check_ts
        lda V2_PB
        and #$10
        bne @rw
        lda #$08                ; write protected
        jmp job_end
@rw:    jsr seek_track
        jsr enc_sector
        jsr find_hdr
        jsr write_data
        jmp job_ok

; $B0: read any header of the job's track; its ID becomes the disk's.
job_seek:
        jsr check_trk
        jsr seek_track
        lda #0
        sta CNT
        jsr any_hdr
        lda HDR_ID1
        sta DISKID
        lda HDR_ID2
        sta DISKID+1
        jmp job_ok

; The job's track and sector in WANTTRK/WANTSEC; ends the job with $02 when the track
; (check_trk) or also the sector (check_ts) is not on a disk.
check_ts:
        jsr check_trk
        jsr sectors
        cmp WANTSEC
        beq @bad
        bcc @bad
        rts
@bad:   lda #$02
        jmp job_end
check_trk:
        lda JOBNUM
        asl
        tax
        lda HDRS,x
        sta WANTTRK
        lda HDRS+1,x
        sta WANTSEC
        lda WANTTRK
        beq @bad
        cmp #43
        bcs @bad
        rts
@bad:   lda #$02
        jmp job_end

; A = the sectors on track WANTTRK; X = its zone (0-3, 3 the fastest).
sectors:
        ldx #3
        lda WANTTRK
        cmp #18
        bcc @z
        dex
        cmp #25
        bcc @z
        dex
        cmp #31
        bcc @z
        dex
@z:     lda zone_secs,x
        rts
zone_secs:
        .byte 17, 18, 19, 21

; The head to track WANTTRK (a bump first if its position is not known); the bit rate and
; LASTSEC for that track.
seek_track:
        lda FLAGS
        and #F_HEAD
        bne @loop
        jsr bump
@loop:  lda CURTRK
        cmp WANTTRK
        beq @there
        bcc @in
        jsr step_out
        jsr step_out
        dec CURTRK
        jmp @loop
@in:    jsr step_in
        jsr step_in
        inc CURTRK
        jmp @loop
@there: lda DRVST
        and #$BF                ; the head is still
        sta DRVST
        jsr sectors
        sec
        sbc #1
        sta LASTSEC
        txa                     ; the zone to PB5-6
        asl
        asl
        asl
        asl
        asl
        sta TMP
        lda V2_PB
        and #$9F
        ora TMP
        sta V2_PB
        rts

; Out to track 1, against the stop.
bump:
        lda #88
        sta CNT
@out:   jsr step_out
        dec CNT
        bne @out
@ph:    lda V2_PB               ; on to the coil of half-track 0
        and #3
        beq @done
        jsr step_out
        jmp @ph
@done:  lda #1
        sta CURTRK
        lda DRVST
        and #$BF                ; the head is still
        sta DRVST
        lda FLAGS
        ora #F_HEAD
        sta FLAGS
        rts

; One phase out (half a track), or in; then 3,000 cycles for the head to follow.
step_out:
        lda V2_PB
        tax
        dex
        jmp step
step_in:
        lda V2_PB
        tax
        inx
step:   txa
        and #3
        sta TMP
        lda V2_PB
        and #$FC
        ora TMP
        sta V2_PB
        lda DRVST
        ora #$40                ; the head moves
        sta DRVST
        ldy #3
@o:     ldx #199
@i:     dex
        bne @i
        dey
        bne @o
        rts

; End the job in progress with result A ($F969): the buffer back from GCR if it was coded,
; the head back to reading, the result in the queue; then out of the interrupt.
job_ok:
        lda #$01
job_end:
        pha
        lda #PCR_READ
        sta V2_PCR
        lda #0
        sta V2_DDRA
        lda FLAGS
        and #F_GCR
        beq @plain
        eor FLAGS
        sta FLAGS
        jsr dec_sector
@plain: lda JOBCODE
        cmp #$F0
        bne @res
        lda #0
        sta FMTTRK              ; a format, ended, starts from track 1 again
@res:   pla
        ldx JOBNUM
        sta JOBS,x
; Back out of the interrupt, the job left as it is ($F99C).
job_loop:
        ldx SAVESP
        txs
        rts

; ---- entry points at the 1541's addresses -----------------------------------------------

        .segment "F_F497"
        jmp hdr_decode          ; the GCR header at $24 to $16-$1A
        .segment "F_F4D1"
        jmp read_sector         ; the job's sector into its buffer
        .segment "F_F50A"
        jmp find_data           ; the job's sector: its data block's sync has just ended
        .segment "F_F556"
        jmp wait_sync_job       ; the next sync mark (none: the job ends with $03)
        .segment "F_F969"
        jmp job_end             ; end the job with result A
        .segment "F_F99C"
        jmp job_loop            ; leave the job running
        .segment "F_FD9E"
        jmp job_ok              ; end the job: OK
