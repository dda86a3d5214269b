; Cycles the CPU gets with the display on or off. The display mode is taken from $02
; ($1B = on, $0B = off). After syncing to raster line 0, CIA 2 timers A and B count every
; cycle as one 32-bit counter (as the BASIC benchmarks do) while the CPU runs a fixed
; read-only loop of 328,703 cycles. The elapsed count minus the work is what the VIC
; stole. Result: the 32-bit count of timer underflows at $04-$07 (little endian, as
; 65535-TA and 65535-TB), then $00 to $D7FF.
        .include "common.inc"
        setup
        lda $02
        sta $D011
        preset_cia2_timers
        ; Wait for raster line 0 (bit 8 clear and $D012 = 0).
sync:   lda $D011
        bmi sync
        lda $D012
        bne sync
        timed_loop
        lda #$00
        finish
