; Sprite collision registers (VIC-II article, 3.8.2): $D01E latches the sprites that
; overlapped another sprite, $D01F those that overlapped foreground graphics; reading
; clears them. Blank text screen but for character 1 (left 4 pixels set) at row 7,
; column 23 (X 208-211 of lines 107-114). Four solid sprites (pointer 14): 0 at X 100,
; Y 100 and 1 at X 110, Y 105 overlap each other; 2 at X 200, Y 100 covers the character;
; 3 at X 250, Y 160 touches nothing. After two frames, in line 0 (no sprite there):
; $D01E at $10 and read again at $11, $D01F at $12 and again at $13; $00 to $D7FF.
        .include "common.inc"
        setup
        text_scene 0
        lda #$01
        sta $0400 + 7 * 40 + 23
        lda #14
        sta $07F8
        sta $07F9
        sta $07FA
        sta $07FB
        lda $D01E               ; clear anything from before
        lda $D01F
        vic_table regs
        wait_frames 2
        lda $D01E
        sta $10
        lda $D01E
        sta $11
        lda $D01F
        sta $12
        lda $D01F
        sta $13
        lda #$00
        finish

regs:   .byte $20, 14, $21, 6, $18, $18, $16, $08, $11, $1B
        .byte $10, $00, $00, 100, $01, 100, $02, 110, $03, 105
        .byte $04, 200, $05, 100, $06, 250, $07, 160
        .byte $17, $00, $1D, $00, $1C, $00, $1B, $00
        .byte $27, 1, $28, 2, $29, 7, $2A, 5, $15, $0F, $FF
