; Time of day: CIA 1's TOD clock, fed 50 pulses a second on a PAL machine, set to
; 1:59:59.0 AM with CRA bit 7 selecting the 50 Hz divider. Writing the hours stops the
; clock until the tenths are written. The program then waits; the test reads the clock.
        .include "common.inc"
        setup
        lda #$80
        sta $DC0E           ; 50 Hz TOD input
        lda #$00
        sta $DC0F           ; writes set the clock, not the alarm
        lda #$01
        sta $DC0B           ; hours: 1 AM (stops the clock)
        lda #$59
        sta $DC0A           ; minutes
        sta $DC09           ; seconds
        lda #$00
        sta $DC08           ; tenths: the clock runs from here
        sta $D7FF
:       jmp :-
