; CIA 1 timer A in continuous mode with latch $1000 raises IRQs every $1001 cycles.
; The handler records the low/high bytes of CIA 2 timer A (free running, latch $FFFF,
; started together) at each entry in a table at $2000, 16 entries, then reports.
        .include "common.inc"
        setup
        irq_vector handler
        lda #$00
        sta $02
        lda #$00
        sta $D011           ; display off: no bad lines disturb the entry times
        lda #$FF
        sta $DD04
        sta $DD05
        lda #$00
        sta $DC04
        lda #$10
        sta $DC05
        lda #$81
        sta $DC0D           ; timer A interrupt on
        lda #$11
        sta $DD0E           ; CIA 2 timer A: force load, start, continuous
        sta $DC0E           ; CIA 1 timer A: force load, start, continuous
        cli
slide:  .repeat 100
        nop
        .endrepeat
        jmp slide
handler:
        ldx $DD04           ; 4 cycles: read in the 4th cycle of the handler
        ldy $DD05
        lda $DC0D           ; acknowledge
        txa
        pha
        lda $02
        asl
        tax
        pla
        sta $2000,x
        tya
        sta $2001,x
        inc $02
        lda $02
        cmp #16
        bne @out
        lda #$00
        finish
@out:   rti
