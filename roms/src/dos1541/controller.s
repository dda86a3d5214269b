; breadbin open 1541 DOS: the disk controller (placeholder: no jobs yet).
        .include "dos.inc"
        .export ctl_init, ctl_irq
        .segment "CTRL"
ctl_init:
        rts
ctl_irq:
        lda V2_T1CL
        rts
