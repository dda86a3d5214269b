; A busy machine for the throughput benchmark: display on (bad lines), the 60 Hz CIA 1
; interrupt as the KERNAL sets it up (latch $4025) with a small handler, and a main loop
; mixing memory copies, arithmetic and screen writes. Never ends.
        .include "common.inc"
        setup
        irq_vector handler
        lda #$1B
        sta $D011
        lda #$14
        sta $D018
        lda #$25
        sta $DC04
        lda #$40
        sta $DC05
        lda #$81
        sta $DC0D
        lda #$11
        sta $DC0E
        cli
main:   ldx #$00
copy:   lda $0400,x
        clc
        adc #$01
        sta $0400,x
        lda $1000,x
        sta $2000,x
        inx
        bne copy
        inc $D020
        jmp main
handler:
        pha
        inc $02
        bne :+
        inc $03
:       lda $DC0D
        pla
        rti
