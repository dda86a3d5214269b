; The two bitmap modes and the invalid ECM+BMM modes (VIC-II article, 3.7.3.3, 3.7.3.4,
; 3.7.3.7, 3.7.3.8). The runner puts $D011 in $02 and $D016 in $03 ($3B/$08 hires,
; $3B/$18 multicolour, $7B/$08 and $7B/$18 invalid). VIC bank 0, screen $0400, bitmap
; $2000: every cell of the bitmap holds the 8 bytes of `pattern`; screen RAM is $12 in
; even and $C5 in odd columns, colour RAM 5, $D021 6, border 14. After two frames with
; these registers, $00 to $D7FF; the runner checks the picture.
        .include "common.inc"
        setup
        plain_bank0             ; VIC bank 0, no sprites, colours 14/6
        ; Bitmap $2000-$3FFF: pattern[offset & 7].
        lda #$00
        sta $FB
        lda #$20
        sta $FC
page:   ldy #$00
byte:   tya
        and #$07
        tax
        lda pattern,x
        sta ($FB),y
        iny
        bne byte
        inc $FC
        lda $FC
        cmp #$40
        bne page
        ; Screen RAM $0400-$07FF (columns alternate, 40 being even) and colour RAM.
        ldy #$00
scr:    tya
        and #$01
        tax
        lda screen,x
        sta $0400,y
        sta $0500,y
        sta $0600,y
        sta $0700,y
        lda #$05
        sta $D800,y
        sta $D900,y
        sta $DA00,y
        sta $DB00,y
        iny
        bne scr
        lda #$18
        sta $D018               ; screen $0400, bitmap $2000
        runner_modes_then_finish

pattern: .byte $AA, $55, $F0, $0F, $1B, $E4, $00, $FF
screen:  .byte $12, $C5
