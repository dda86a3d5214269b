; Port reads the C compiler must not optimise away.

        .export _joy_port2

; unsigned char joy_port2(void): joystick 2's lines, read with every keyboard column let go;
; a bit is set while its line is pulled low (up 1, down 2, left 4, right 8, fire 16).
.proc _joy_port2
        sei
        lda #$ff
        sta $dc00
        lda $dc00
        cli
        eor #$ff
        and #$1f
        ldx #0
        rts
.endproc

; unsigned int xorshift32(void): the generator's random numbers: state ^= state << 13,
; state ^= state >> 17, state ^= state << 5 (on the 32-bit `_rng`, little endian), then
; bits 8-23 of the new state.
        .export _rng, _xorshift32

.bss
_rng:   .res 4
t:      .res 4

.code
.proc _xorshift32
        ; t = rng << 13: rng << 8, then << 5
        lda #0
        sta t
        lda _rng
        sta t+1
        lda _rng+1
        sta t+2
        lda _rng+2
        sta t+3
        ldx #5
:       asl t+1
        rol t+2
        rol t+3
        dex
        bne :-
        lda _rng+1
        eor t+1
        sta _rng+1
        lda _rng+2
        eor t+2
        sta _rng+2
        lda _rng+3
        eor t+3
        sta _rng+3
        ; rng ^= rng >> 17: (rng >> 16) >> 1
        lda _rng+3
        lsr a
        sta t+1
        lda _rng+2
        ror a
        eor _rng
        sta _rng
        lda t+1
        eor _rng+1
        sta _rng+1
        ; rng ^= rng << 5
        lda _rng
        sta t
        lda _rng+1
        sta t+1
        lda _rng+2
        sta t+2
        lda _rng+3
        sta t+3
        ldx #5
:       asl t
        rol t+1
        rol t+2
        rol t+3
        dex
        bne :-
        lda _rng
        eor t
        sta _rng
        lda _rng+1
        eor t+1
        sta _rng+1
        lda _rng+2
        eor t+2
        sta _rng+2
        lda _rng+3
        eor t+3
        sta _rng+3
        lda _rng+1
        ldx _rng+2
        rts
.endproc
