; breadbin open KERNAL: power-on entry (placeholder until the KERNAL is written).
        .segment "KERNAL"
reset:  sei
        cld
        ldx #$FF
        txs
@halt:  jmp @halt
nmi:
irq:    rti

        .segment "VECTORS"
        .word nmi, reset, irq
