; Load-time probe: times the KERNAL's LOAD of one file from drive 8 (to $2000, secondary
; address 0) with CIA 2's timers cascaded (timer B counts timer A's underflows, both from
; $FFFF). Leaves timer A at $0340/$0341, timer B at $0342/$0343, LOAD's A and status at
; $0344/$0345, then writes 0 to $D7FF. NAME is replaced by the file's name (measure.sh).
        .segment "LOADADDR"
        .word $0801
        .segment "CODE"
        .word next, 10
        .byte $9E, "2061", 0
next:   .word 0
start:  lda #0
        sta $DD0E
        sta $DD0F
        lda #$FF
        sta $DD04
        sta $DD05
        sta $DD06
        sta $DD07
        lda #$7F
        sta $DD0D
        lda #$51          ; timer B: count A's underflows, force load, start
        sta $DD0F
        lda #$11          ; timer A: force load, start, continuous
        sta $DD0E
        lda #namelen
        ldx #<name
        ldy #>name
        jsr $FFBD         ; SETNAM
        lda #1
        ldx #8
        ldy #0
        jsr $FFBA         ; SETLFS (secondary 0: load to X/Y)
        lda #0
        ldx #$00
        ldy #$20
        jsr $FFD5         ; LOAD
        php
        sta $0344
        pla
        sta $0345
        lda #0
        sta $DD0E         ; stop A (B counts A's underflows only)
        lda $DD06         ; B low, then A
        ldx $DD04
        ldy $DD05
        sta $0342
        stx $0340
        sty $0341
        lda $DD07
        sta $0343
        lda #0
        sta $D7FF
done:   jmp done
name:   .byte "NAME"
namelen = * - name
