; Sound comparison 2: every waveform of voice 1 at 220 Hz, one after another: triangle,
; sawtooth, pulse (50 %), noise, then the combined ones (triangle + sawtooth, triangle +
; pulse, sawtooth + pulse, all three), then pulse at 12.5 % and a ring-modulated triangle.
; Each is held 0.6 s (attack 0, sustain 15, release 2) and followed by 0.4 s with the gate
; off and the waveform still selected. About 11 s.
; Build: make -C tools/sound. Compare: see tools/sound/README.md.
        .include "sound.inc"

        start
        lda #$00                ; attack 0, decay 0
        sta SID+5
        lda #$F2                ; sustain 15, release 2
        sta SID+6
        lda #<3746              ; 220 Hz
        sta SID+0
        lda #>3746
        sta SID+1
        lda #<5619              ; voice 3 at 330 Hz for the ring modulation
        sta SID+14
        lda #>5619
        sta SID+15
        ldy #0
wave:   lda pwlo,y
        sta SID+2
        lda pwhi,y
        sta SID+3
        lda ctrl,y
        sta SID+4
        ldx #30
        jsr frames
        lda ctrl,y
        and #$FE                ; gate off
        sta SID+4
        ldx #20
        jsr frames
        iny
        cpy #10
        bne wave
        finish
        frames_routine
ctrl:   .byte $11, $21, $41, $81, $31, $51, $61, $71, $41, $15
pwlo:   .byte $00, $00, $00, $00, $00, $00, $00, $00, $00, $00
pwhi:   .byte $08, $08, $08, $08, $08, $08, $08, $08, $02, $08
