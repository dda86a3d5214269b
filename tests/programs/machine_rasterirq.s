; Raster interrupt entry: a raster IRQ at line $80 with the handler at `handler` via the
; hardware vector ($FFFE with the KERNAL banked out). The main loop is a NOP slide, so the
; handler's first instruction starts 9 or 10 cycles after the line's first cycle (the
; interrupt sequence takes 7 cycles, the NOP in progress 1 or 2 more). The handler counts
; its entries in $02 and acknowledges; after 3 entries it reports through $D7FF.
        .include "common.inc"
        setup
        irq_vector handler
        lda #$1B
        sta $D011
        lda #$80
        sta $D012
        lda #$00
        sta $02
        lda #$01
        sta $D01A
        cli
slide:  .repeat 100
        nop
        .endrepeat
        jmp slide
handler:
        inc $02
        lda #$01
        sta $D019
        lda $02
        cmp #3
        bne @out
        lda #$00
        finish
@out:   rti
