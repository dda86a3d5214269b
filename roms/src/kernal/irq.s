; breadbin open KERNAL: the system interrupt.
;
; CIA 1 timer A interrupts 60 times a second. The hardware vector enters at $FF48, which
; saves A, X and Y on the stack (in that order) and goes through CBINV ($0316) for a BRK
; or CINV ($0314) for an interrupt. The default handler at $EA31 updates the jiffy clock
; and the STOP-key flag, blinks the cursor and scans the keyboard, then ends at $EA7E
; (acknowledge CIA 1) and $EA81 (restore Y, X, A and return), the two addresses that
; chained handlers jump to.

        .include "kernal_vars.inc"

; ------------------------------------------------------------------------------------------
        .segment "KIRQ"
irq_body:                               ; $EA31
        jsr udtim_impl
        lda BLNSW                       ; cursor blink: every 20 jiffies while enabled
        bne @scan
        dec BLNCT
        bne @scan
        lda #20
        sta BLNCT
        ldy PNTR
        lsr BLNON
        bcs @off
        lda (PNT),y                     ; show: the character reversed, in the text colour
        sta GDBLN
        eor #$80
        sta (PNT),y
        lda (USER),y
        sta GDCOL
        lda COLOR
        sta (USER),y
        inc BLNON
        bne @scan
@off:   lda GDBLN                       ; hide: put back what was there
        sta (PNT),y
        lda GDCOL
        sta (USER),y
@scan:  jsr scnkey_impl
        jmp irq_exit

        .segment "KEA79"
        ; STA $01. Bank-switching tests map the KERNAL in from a RAM copy of code around
        ; this address and expect these two bytes to be executed next.
        .byte $85, $01

        .segment "KIRQX"
irq_exit:                               ; $EA7E
        lda $DC0D                       ; acknowledge CIA 1
irq_restore:                            ; $EA81
        pla
        tay
        pla
        tax
        pla
        rti

; ------------------------------------------------------------------------------------------
        .segment "KERNALB"

; UDTIM: advance the jiffy clock (TIME $A0-$A2, most significant first; it reads 0 again
; when it would reach $4F1A01, 24 hours and one jiffy) and read the STOP key's matrix column into STKEY ($91:
; $7F when RUN/STOP alone is down, $FF when no key of that column is).
udtim_impl:
        inc TIME+2
        bne @wrap
        inc TIME+1
        bne @wrap
        inc TIME
@wrap:  lda TIME
        cmp #$4F
        bcc @stop
        bne @zero
        lda TIME+1
        cmp #$1A
        bcc @stop
        bne @zero
        lda TIME+2
        beq @stop               ; $4F1A00 shows for one jiffy, as on the C64
@zero:  lda #0
        sta TIME
        sta TIME+1
        sta TIME+2
@stop:  lda #$7F
        sta $DC00
@read:  lda $DC01
        cmp $DC01
        bne @read
        sta STKEY
        rts

; ------------------------------------------------------------------------------------------
; The IRQ/BRK entry of the hardware vector.
        .segment "KIRQENT"
irq_entry:                              ; $FF48
        pha
        txa
        pha
        tya
        pha
        tsx
        lda $0104,x                     ; the status register pushed by the interrupt
        and #$10
        beq @irq
        jmp (CBINV)
@irq:   jmp (CINV)
