; Sound comparison 3: a 110 Hz sawtooth on voice 1 through the filter (resonance 10) in
; low pass, band pass and high pass, the cutoff rising from 0 to $7E0 over 1.3 s (the high
; byte 4 higher each frame) and falling back, then a pulse through the low pass. Between
; the sweeps 0.5 s with the gate off. About 13 s.
; Build: make -C tools/sound. Compare: see tools/sound/README.md.
        .include "sound.inc"

        start
        lda #$00                ; attack 0, decay 0
        sta SID+5
        lda #$F4                ; sustain 15, release 4
        sta SID+6
        lda #<1873              ; 110 Hz
        sta SID+0
        lda #>1873
        sta SID+1
        lda #$00
        sta SID+2
        lda #$06                ; pulse width 37.5 %
        sta SID+3
        lda #$A1                ; resonance 10, voice 1 through the filter
        sta SID+$17
        ldy #0
mode:   lda modes,y
        sta SID+$18
        lda #0
        sta SID+$15
        sta SID+$16
        lda waves,y
        ora #1                  ; gate on
        sta SID+4
up:     ldx #1
        jsr frames
        lda cut                 ; the cutoff's high byte
        clc
        adc #4
        sta cut
        sta SID+$16
        cmp #$FC
        bne up
down:   ldx #1
        jsr frames
        lda cut
        sec
        sbc #4
        sta cut
        sta SID+$16
        bne down
        lda waves,y             ; gate off
        sta SID+4
        ldx #25
        jsr frames
        iny
        cpy #4
        bne mode
        finish
        frames_routine
cut:    .byte 0
modes:  .byte $1F, $2F, $4F, $1F
waves:  .byte $20, $20, $20, $40
