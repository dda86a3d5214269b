; Sound comparison 4: envelopes. A 440 Hz pulse (50 %) on voice 1, one note for each
; attack/decay/sustain/release setting in the table, the gate held 1 s and released for
; 1 s (fast releases leave a quiet stretch, slow ones fade through it). About 13 s.
; Build: make -C tools/sound. Compare: see tools/sound/README.md.
        .include "sound.inc"

        start
        lda #<7492              ; 440 Hz
        sta SID+0
        lda #>7492
        sta SID+1
        lda #$00
        sta SID+2
        lda #$08
        sta SID+3
        ldy #0
note:   lda ad,y
        sta SID+5
        lda sr,y
        sta SID+6
        lda #$41                ; pulse, gate on
        sta SID+4
        ldx #50
        jsr frames
        lda #$40                ; gate off
        sta SID+4
        ldx #50
        jsr frames
        iny
        cpy #6
        bne note
        finish
        frames_routine
; attack/decay, sustain/release
ad:     .byte $00, $09, $59, $88, $0C, $A0
sr:     .byte $F0, $00, $80, $48, $6A, $C3
