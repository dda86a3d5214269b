; Instruction mix for the bare-core benchmark: a 4 KiB block copy through (zp),Y and a
; shift-and-add 8x8 multiply over 256 operand pairs, forever. Loaded at $0200.
start:  lda #$00
        sta $FB
        sta $FD
        lda #$10
        sta $FC
        lda #$30
        sta $FE
        ldx #$10
        ldy #$00
copy:   lda ($FB),y
        sta ($FD),y
        iny
        bne copy
        inc $FC
        inc $FE
        dex
        bne copy
        ldx #$00
mul:    stx $F0
        txa
        eor #$5A
        sta $F1
        lda #$00
        ldy #$08
mbit:    lsr $F1
        bcc skip
        clc
        adc $F0
skip:   ror a
        ror $F2
        dey
        bne mbit
        sta $F3
        inx
        bne mul
        jmp start
