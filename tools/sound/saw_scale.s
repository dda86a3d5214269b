; Sound comparison 1: a sawtooth scale on voice 1. C major from C4 to C5, each note held
; for 0.4 s (attack 2, decay 4, sustain 10, release 6), then 0.6 s with the gate off: the
; release and a quiet stretch in which the oscillator keeps running. About 9.5 s.
; Build: make -C tools/sound. Compare: see tools/sound/README.md.
        .include "sound.inc"

        start
        lda #$24                ; attack 2, decay 4
        sta SID+5
        lda #$A6                ; sustain 10, release 6
        sta SID+6
        ldy #0
note:   lda lo,y
        sta SID+0
        lda hi,y
        sta SID+1
        lda #$21                ; sawtooth, gate on
        sta SID+4
        ldx #20
        jsr frames
        lda #$20                ; gate off
        sta SID+4
        ldx #30
        jsr frames
        iny
        cpy #8
        bne note
        finish
        frames_routine
; PAL frequency values (f x 17.03): C4 D4 E4 F4 G4 A4 B4 C5
lo:     .byte <4455, <5001, <5613, <5947, <6675, <7492, <8410, <8910
hi:     .byte >4455, >5001, >5613, >5947, >6675, >7492, >8410, >8910
