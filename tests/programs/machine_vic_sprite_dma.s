; Cycles sprite DMA takes from the CPU (VIC-II article, 3.6.3 and 3.8.1), with the sprites
; to enable ($D015) taken from $02. Display off ($D011 = $0B: no bad lines), sprites 0-2 at
; Y 128, so each enabled one does its s-accesses in lines 128-148 of every frame. After
; syncing to raster line 150, CIA 2 timers A and B count every cycle as one 32-bit counter
; while the CPU runs the read-only loop of machine_badlines.s (328,703 cycles: the window
; ends before line 128 of the 17th frame after, so it holds 16 x 21 sprite lines). Result:
; the 32-bit count of timer underflows at $04-$07 (little endian, as 65535-TA and
; 65535-TB), then $00 to $D7FF.
        .include "common.inc"
        setup
        lda #$0B
        sta $D011
        lda #$00
        sta $D010
        sta $D017
        lda #128
        sta $D001
        sta $D003
        sta $D005
        lda #$40
        sta $D000
        sta $D002
        sta $D004
        lda $02
        sta $D015
        preset_cia2_timers
        ; Wait for raster line 150 (bit 8 clear and $D012 = 150).
sync:   lda $D011
        bmi sync
        lda $D012
        cmp #150
        bne sync
        timed_loop
        lda #$00
        finish
