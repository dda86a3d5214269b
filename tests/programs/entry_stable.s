; A timing-sensitive program that starts the same way whenever it is started: the golden
; trace tests/golden/vice_entry_trace.txt.gz is VICE x64sc's run of it from `entry`
; (tests/trace_compare.rs, tools/vice-trace.sh -p -e).
;
; Built as a PRG at $0801 with a BASIC stub (10 SYS 2061), so autostart runs it. Before
; `entry` it synchronises the CPU to the raster exactly, with the display off (no bad lines):
; from line $10 it reads $D012 every 62 cycles, one cycle earlier in the line each time,
; until a read sees the line before the expected one; then it waits in 63-cycle steps for
; the frame's last line. Wherever the autostart's RUN left it, `entry` is then the same
; cycle of line $137, and from there everything is
; fixed to the cycle: $D012 read across bad lines (the display is on), CIA1 timer A
; started and read, one raster interrupt through $FFFE, then the end ($D7FF, then a loop).
        .include "common.inc"

        .word $0801             ; load address
        .word stub_end, 10      ; 10 SYS 2061
        .byte $9E, "2061", 0
stub_end:
        .word 0
start:                          ; $080D
        setup
        lda #$0B                ; display off while syncing: no bad lines, no stalls
        sta $D011
:       bit $D011               ; from the start of line $10 of the next frame ...
        bpl :-
:       bit $D011
        bmi :-
        lda #$0F
:       cmp $D012
        bne :-
        lda #$10
:       cmp $D012
        bne :-
        ldx $D012               ; ... read $D012 every 62 cycles, one cycle earlier in the
fine:   inx                     ; line each time, until a read sees the line before the one
        ldy #9                  ; expected: that read was the last cycle before the change
:       dey                     ; (53 cycles of delay, 62 in all)
        bne :-
        nop
        nop
        jmp :+
:       cpx $D012
        beq fine
synced: ldx #$00                ; now the line varies, the cycle does not: wait in 63-cycle
        jsr wait63              ; steps for line $100, then line $137, the last of the frame
        ldx #$37
        jsr wait63
entry:                          ; from here, every cycle is the same in every run
        lda #$1B                ; display on, 25 rows, YSCROLL 3: bad lines when line & 7 = 3
        sta $D011
        ldx #$2E                ; line $2E of the next frame
        jsr wait63
        ; 1. $D012 across bad lines: 128 reads, 16 cycles apart, kept at $C000
        ldx #0
rloop:  lda $D012
        sta $C000,x
        inx
        cpx #128
        bne rloop
        ; 2. CIA1 timer A, started now: its phase against the raster is fixed
        lda #$34
        sta $DC04
        lda #$12
        sta $DC05
        lda #$11                ; load and start, continuous, phi2
        sta $DC0E
        ldx #0
tloop:  lda $DC04
        sta $C100,x
        ldy $DC05
        tya
        sta $C180,x
        inx
        cpx #64
        bne tloop
        ; 3. one raster interrupt, line $90, through $FFFE
        irq_vector irq3
        lda #$90
        sta $D012
        lda #$01
        sta $D01A
        lda #$00
        sta $02
        lda #$0F
        sta $D019
        cli
wait:   lda $02
        beq wait
        sei
        lda $D012
        ldx $DC04
        ldy $DC05
        lda #$00
        finish

; Wait until $D012 = X, reading it every 63 cycles: the cycle in the line is kept.
wait63: cpx $D012
        beq @out
        ldy #10                 ; 54 cycles of delay, 63 in all
@delay: dey
        bne @delay
        jmp @jmp
@jmp:   jmp wait63
@out:   rts

irq3:   pha
        lda $D019
        sta $D019
        lda $D012
        ldx $DC04
        ldy $DC05
        inc $02
        pla
        rti
