; A stand-in for BASIC used by breadbin's KERNAL tests: an 8 KiB image for $A000 with
; BASIC's two start vectors. Cold start: "KERNAL TEST" banner, then read lines with CHRIN
; forever, each into $0200 (up to the RETURN that ends it), counting lines in $02F0 and
; the length of the last one (RETURN included) in $02F1. Warm start (RUN/STOP+RESTORE,
; BRK): count in $02F2, print "WARM", read lines again.
;
; Build: ca65 kernal_driver.s && ld65 -t none -S 0xA000 -o kernal_driver.bin kernal_driver.o
; (then pad to 8192 bytes; see kernal.mk).

CHRIN   = $FFCF
CHROUT  = $FFD2
LINES   = $02F0
LENGTH  = $02F1
WARMS   = $02F2

        .word cold, warm
cold:   ldx #$FF
        txs
        ldx #0
@b:     lda banner,x
        beq lines
        jsr CHROUT
        inx
        bne @b
warm:   ldx #$FF
        txs
        inc WARMS
        ldx #0
@w:     lda warmmsg,x
        beq lines
        jsr CHROUT
        inx
        bne @w
lines:  cli
        ldy #0
@l:     jsr CHRIN
        sta $0200,y
        iny
        cmp #$0D
        bne @l
        sty LENGTH
        inc LINES
        jmp lines

banner: .byte "KERNAL TEST", $0D, 0
warmmsg:
        .byte "WARM", $0D, 0
