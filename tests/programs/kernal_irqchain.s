; KERNAL test program (load and start at $C000 with the open KERNAL running): chains the
; system interrupt the two documented ways and reports through $D7FF (0 = pass).
;  1. A handler through CINV ($0314) counts interrupts and goes on with JMP $EA31: after
;     60 of them the jiffy clock ($A0-$A2, read with RDTIM) must have advanced by 60.
;  2. A handler that acknowledges CIA 1 itself and returns with JMP $EA81: 30 interrupts
;     later the jiffy clock must not have moved.
;  3. BRK through CBINV ($0316) reaches a handler with A, X, Y on the stack; it returns
;     with RTI after pulling them.
; Failure codes: 1 clock wrong after phase 1, 2 clock moved in phase 2, 3 BRK handler
; not reached, 4 registers of BRK wrong.

RDTIM   = $FFDE
COUNT   = $FB
T0      = $FC                   ; 2 bytes: clock at the start of a phase (low, middle)

        sei
        lda #<chain
        sta $0314
        lda #>chain
        sta $0315
        lda #0
        sta COUNT
        jsr RDTIM
        sta T0
        stx T0+1
        cli
@w1:    lda COUNT
        cmp #60
        bcc @w1
        sei
        jsr RDTIM
        sec
        sbc T0
        sta T0
        txa
        sbc T0+1
        bne fail1
        lda T0
        cmp #60
        bne fail1
        ; phase 2
        lda #<quick
        sta $0314
        lda #>quick
        sta $0315
        lda #0
        sta COUNT
        jsr RDTIM
        sta T0
        cli
@w2:    lda COUNT
        cmp #30
        bcc @w2
        sei
        jsr RDTIM
        cmp T0
        bne fail2
        lda #$31                ; back to the KERNAL's handler
        sta $0314
        lda #$EA
        sta $0315
        cli
        ; phase 3
        lda #<onbrk
        sta $0316
        lda #>onbrk
        sta $0317
        lda #0
        sta COUNT
        lda #$11
        ldx #$22
        ldy #$33
        brk
        nop
        lda COUNT
        beq fail3
        cmp #1
        bne fail4
        lda #0
        .byte $2C
fail1:  lda #1
        .byte $2C
fail2:  lda #2
        .byte $2C
fail3:  lda #3
        .byte $2C
fail4:  lda #4
        sta $D7FF
@end:   jmp @end

chain:  inc COUNT
        jmp $EA31

quick:  inc COUNT
        lda $DC0D
        jmp $EA81

onbrk:  tsx                     ; stack: Y, X, A, P, return address
        lda $0101,x
        cmp #$33
        bne @bad
        lda $0102,x
        cmp #$22
        bne @bad
        lda $0103,x
        cmp #$11
        bne @bad
        inc COUNT
        jmp $EA81
@bad:   lda #2
        sta COUNT
        jmp $EA81
