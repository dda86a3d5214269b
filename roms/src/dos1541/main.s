; breadbin open 1541 DOS: reset, the idle loop and the interrupt.
;
; Two things run in the drive. The main loop serves the serial bus (ATN is polled, and
; while ATN is not acknowledged the VIA's hardware holds DATA low, so the C64 waits for
; the drive however long a command takes) and runs the commands and files; it asks the
; controller for sectors through the job queue. The controller runs in the interrupt of
; VIA 2's timer 1, a few times a frame: it turns the motor on and off, moves the head and
; reads and writes sectors (controller.s).

        .include "dos.inc"

        .import ctl_init, ctl_head, ctl_irq, bus_init, idle_loop, err_init

        .segment "HEADER"
; The DOS's name, as the power-on message shows it.
        .export dos_name
dos_name:
        .byte "BREADBIN DOS V2.6 1541", 0

        .segment "F_EAA0"
; Reset: both VIAs to their idle state, RAM cleared, the power-on message, the idle loop.
        .export reset
reset:  sei
        cld
        ldx #$FF
        txs
        jmp reset2

        .segment "CODE"
reset2:
        jsr ctl_head            ; Y: where the head is, if the controller knew
        ; RAM $0000-$07FF to zero (drive code uploaded later may count on it).
        lda #0
        tax
@clr:   sta $00,x
        sta $0100,x
        sta $0200,x
        sta $0300,x
        sta $0400,x
        sta $0500,x
        sta $0600,x
        sta $0700,x
        inx
        bne @clr
        ; The device number from the jumpers (PB5-6): 8 + jumpers.
        lda V1_PB
        and #$60
        lsr
        lsr
        lsr
        lsr
        lsr
        clc
        adc #8
        ora #$20
        sta LISTENA
        eor #$60                ; $20+n -> $40+n
        sta TALKA
        jsr bus_init
        jsr ctl_init
        jsr err_init            ; 73, the DOS's name
        cli
        jmp idle_loop

; The interrupt: the controller's timer (VIA 2's timer 1). ATN is served by the main loop,
; which reads ATN's edge in VIA 1's flag (CA1) itself.
irq:    pha
        txa
        pha
        tya
        pha
        tsx
        lda $0104,x             ; the pushed status: BRK?
        and #$10
        bne @out
        lda V2_IFR
        and #$40
        beq @out
        jsr ctl_irq             ; reads $1C04, which clears the flag
@out:   pla
        tay
        pla
        tax
        pla
        rti

        .segment "VECTORS"
        .word reset             ; NMI (the UI command)
        .word reset
        .word irq
