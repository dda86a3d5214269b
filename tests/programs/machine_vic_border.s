; The border with 40/38 columns and 25/24 rows (VIC-II article, 3.4 and 3.9). The runner
; puts $D011 in $02 and $D016 in $03 (RSEL = $D011 bit 3, CSEL = $D016 bit 3). Text mode,
; VIC bank 0, screen $0400 all character 0, character set $2000 all zero: the display
; window shows only the background colour 6, the border is 14. After two frames with
; these registers, $00 to $D7FF; the runner checks the picture.
        .include "common.inc"
        setup
        plain_bank0             ; VIC bank 0, no sprites, colours 14/6
        ; Screen $0400-$07FF and the character set $2000-$27FF: zero.
        lda #$00
        tay
clr:    sta $0400,y
        sta $0500,y
        sta $0600,y
        sta $0700,y
        sta $2000,y
        sta $2100,y
        sta $2200,y
        sta $2300,y
        sta $2400,y
        sta $2500,y
        sta $2600,y
        sta $2700,y
        iny
        bne clr
        lda #$18
        sta $D018               ; screen $0400, characters $2000
        runner_modes_then_finish
