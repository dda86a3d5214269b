; Sprite position and X/Y expansion (VIC-II article, 3.8.1). Blank text screen (background
; 6, border 14). All three sprites show the 63 bytes at $0340 (pointer 13), byte i =
; (i * 37 + 11) & $FF: sprite 0 at X 100, Y 100, colour 1; sprite 1 at X 200, Y 100,
; X-expanded, colour 7; sprite 2 at X 100, Y 150, Y-expanded, colour 2. After two frames,
; $00 to $D7FF; the runner checks the picture.
        .include "common.inc"
        setup
        text_scene 0
        shape_to_block13 shape
        lda #13
        sta $07F8
        sta $07F9
        sta $07FA
        vic_table regs
        wait_frames 2
        lda #$00
        finish

regs:   .byte $20, 14, $21, 6, $18, $18, $16, $08, $11, $1B
        .byte $10, $00, $00, 100, $01, 100, $02, 200, $03, 100, $04, 100, $05, 150
        .byte $17, $04, $1D, $02, $1C, $00, $1B, $00
        .byte $27, 1, $28, 7, $29, 2, $15, $07, $FF
shape:
        .repeat 63, I
        .byte <(I * 37 + 11)
        .endrep
