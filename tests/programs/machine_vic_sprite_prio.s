; Sprite priority against the graphics (VIC-II article, 3.8.2, $D01B). Text screen full of
; character 1 (left 4 pixels of each cell set, colour 1), background 6, border 14. Two
; solid sprites (pointer 14): sprite 0 at X 100, Y 100, colour 2, behind the foreground
; ($D01B bit 0 set); sprite 1 at X 200, Y 100, colour 7, in front. After two frames, $00
; to $D7FF; the runner checks the picture.
        .include "common.inc"
        setup
        text_scene 1
        lda #14
        sta $07F8
        sta $07F9
        vic_table regs
        wait_frames 2
        lda #$00
        finish

regs:   .byte $20, 14, $21, 6, $18, $18, $16, $08, $11, $1B
        .byte $10, $00, $00, 100, $01, 100, $02, 200, $03, 100
        .byte $17, $00, $1D, $00, $1C, $00, $1B, $01
        .byte $27, 2, $28, 7, $15, $03, $FF
