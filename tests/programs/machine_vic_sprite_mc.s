; Multicolour sprites (VIC-II article, 3.8.1): bit pairs 00 transparent, 01 $D025,
; 10 the sprite's colour, 11 $D026, each pair two pixels wide (four X-expanded). Blank
; text screen (background 6, border 14). Both sprites show the 63 bytes at $0340 (pointer
; 13), byte i = (i * 37 + 11) & $FF: sprite 0 at X 100, Y 100, colour 7; sprite 1 at X 200,
; Y 100, X-expanded, colour 10; $D025 = 2, $D026 = 5. After two frames, $00 to $D7FF; the
; runner checks the picture.
        .include "common.inc"
        setup
        text_scene 0
        shape_to_block13 shape
        lda #13
        sta $07F8
        sta $07F9
        vic_table regs
        wait_frames 2
        lda #$00
        finish

regs:   .byte $20, 14, $21, 6, $18, $18, $16, $08, $11, $1B
        .byte $10, $00, $00, 100, $01, 100, $02, 200, $03, 100
        .byte $17, $00, $1D, $02, $1C, $03, $1B, $00
        .byte $25, 2, $26, 5, $27, 7, $28, 10, $15, $03, $FF
shape:
        .repeat 63, I
        .byte <(I * 37 + 11)
        .endrep
