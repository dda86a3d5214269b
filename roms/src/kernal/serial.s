; breadbin open KERNAL: the serial bus, and the files, LOAD and SAVE on it.
;
; The bus has three open-collector lines: ATN (the C64's alone), CLK and DATA. CIA 2 port A
; ($DD00) pulls them low through inverters with bits 3, 4 and 5 (1 = pulled) and reads CLK
; and DATA on bits 6 and 7 (1 = the line is high). Every write here keeps bits 0-2 (the VIC
; bank and the RS-232 output).
;
; A byte: the talker holds CLK low while it has nothing to send and each listener holds
; DATA low while it is busy. The talker releases CLK (ready to send); once every listener
; has released DATA (ready for data) the talker pulls CLK within 200 µs and sends eight
; bits, least significant first, each put on DATA (high = 1) while CLK is low and valid
; while CLK is high. Then the talker pulls CLK and releases DATA, and a listener takes the
; byte by pulling DATA within 1 ms. The last byte of a transmission (EOI) is announced by
; the talker staying silent for more than 200 µs after "ready for data": the listeners
; answer by pulling DATA for at least 60 µs, and the byte follows as usual.
;
; Under ATN the C64 talks to every device: LISTEN ($20 + device), TALK ($40 + device),
; secondary addresses ($60 + channel: data, $E0: close, $F0: open with the name that
; follows), UNLISTEN ($3F), UNTALK ($5F). A device answers ATN by pulling DATA within 1 ms;
; if none does, the device is not present. After TALK and its secondary address the C64
; becomes a listener: it pulls DATA, releases ATN and CLK, and the device takes CLK.
;
; Breadbin's timing: a bit is sent with CLK low for about 66 µs and high for about 70 µs;
; ACPTR takes a silence of 280 µs after "ready for data" as EOI and acknowledges it for
; 72 µs; a device has 1.1 ms to answer ATN and to take a byte. Each byte is sent and
; received with interrupts disabled (the caller's I flag comes back at the end).
;
; ST ($90): bit 7 device not present, bit 6 EOI, bit 4 VERIFY found a difference, bit 1
; nothing came (read time-out), bit 0 a byte sent was not taken (write time-out).
;
; CIOUT keeps one byte back (SBUF/SBYTE): it goes out when the next one comes, and at
; UNLISTEN (or before the next ATN command) with EOI, so the listener knows the last byte.
;
; The serial entries keep X and Y (only A and the zero-page bytes below are used).

        .include "kernal_vars.inc"

PORT     = $DD00
ATN_OUT  = $08
CLK_OUT  = $10
DATA_OUT = $20

SBUF    = $94   ; bit 7: CIOUT holds a byte back in SBYTE
SBYTE   = $95   ; the byte held back
SEOI    = $A3   ; sending: bit 7 = send with EOI; ACPTR: non-zero once EOI was seen
SSHIFT  = $A4   ; the byte going out or coming in; TKSA's time-out, high byte
SCOUNT  = $A5   ; bits left; time-out counts
STIME   = $96   ; time-out count, high byte

        .segment "KSERIAL"

; ---- delays that keep every register and flag (the cost of the JSR included) ----------------
wait48: jsr wait24
wait24: jsr wait12
wait12: rts

; ---- ATN commands ------------------------------------------------------------------------
; LISTEN ($FFB1): device A becomes a listener. ATN stays asserted for SECOND.
listen_impl:
        ora #$20
        .byte $2C               ; BIT abs: skips the ORA #$40
; TALK ($FFB4): device A becomes the talker. ATN stays asserted for TKSA.
talk_impl:
        ora #$40
; Send command A under ATN; a byte CIOUT held back goes out first, with EOI.
; Carry set when no device answered (ST bit 7, every line released).
atn_cmd:
        pha
        bit SBUF
        bpl @atn
        lsr SBUF
        lda SBYTE
        jsr send_eoi
@atn:   jsr atn_on
        bit PORT                ; a device pulls DATA
        bpl @there
        pla
        lda #$80
        jsr set_status
        jsr bus_free
        sec
        rts
@there: pla
        jmp send_plain

; Pull ATN and CLK, release DATA, and give the devices 1 ms to answer (SCOUNT ends at 0).
atn_on: lda PORT
        and #<~DATA_OUT
        ora #ATN_OUT | CLK_OUT
        sta PORT
        lda #125
        sta SCOUNT
@wait:  dec SCOUNT
        bne @wait
        rts

; SECOND ($FF93): secondary address A after LISTEN, then ATN is released; the C64 stays
; the talker (CLK held).
second_impl:
        jsr send_plain
; Release ATN (at least 20 µs after the last byte was taken).
atn_off:
        jsr wait24
        lda PORT
        and #<~ATN_OUT
        sta PORT
        rts

; TKSA ($FF96): secondary address A after TALK, then the device becomes the talker.
tksa_impl:
        jsr send_plain
        bcs atn_off             ; nobody there
; Hand the talker role to the device: hold DATA, release ATN, then CLK; the device pulls
; CLK (ST bit 1 when it has not within about 70 ms). Interrupts are off meanwhile: a device
; may hold CLK only briefly before it is ready to send, and releasing it then means "ready".
turnaround:
        php
        sei
        lda PORT
        ora #DATA_OUT
        and #<~ATN_OUT
        sta PORT
        jsr wait24
        and #<~CLK_OUT
        sta PORT
        lda #20
        sta SSHIFT
@wait:  bit PORT
        bvc @r                  ; CLK low: the device talks
        dec SCOUNT
        bne @wait
        dec SSHIFT
        bne @wait
        plp
        lda #$02
        jmp set_status
@r:     plp
        rts

; UNTLK ($FFAB) and UNLSN ($FFAE): the command under ATN, then the bus is left idle.
untlk_impl:
        lda #$5F
        .byte $2C
unlsn_impl:
        lda #$3F
        jsr atn_cmd
        jsr atn_off
        jsr wait48
; Release ATN, CLK and DATA.
bus_free:
        lda PORT
        and #<~(ATN_OUT | CLK_OUT | DATA_OUT)
        sta PORT
        rts

; CIOUT ($FFA8): send A to the listeners, one byte late. A, X and Y are kept.
ciout_impl:
        bit SBUF
        bpl @keep
        pha
        lda SBYTE
        jsr send_plain
        pla
@keep:  sta SBYTE
        sec
        ror SBUF
        clc
        rts

; ---- one byte out ------------------------------------------------------------------------
; Send A as the talker (CLK held by the C64), with EOI (send_eoi) or without. Carry set
; when nobody holds DATA: no listener (ST bit 7).
send_eoi:
        sec
        .byte $24               ; BIT zp: skips the CLC
send_plain:
        clc
        ror SEOI
        sta SSHIFT
        php
        sei
        bit PORT
        bpl @there
        lda #$80                ; DATA high: nobody is listening
        jsr set_status
        plp
        sec
        rts
@there: lda PORT
        and #<~CLK_OUT
        sta PORT                ; ready to send
@again: lda #22
        sta STIME
@ready: lda PORT                ; (a listener that is ready for data waits 200 µs at most)
        bmi @go                 ; every listener is ready for data
        and #ATN_OUT
        beq @ready              ; a listener of data may take its time
        dec SCOUNT
        bne @ready
        dec STIME
        bne @ready
        lda PORT                ; under ATN nobody got ready in 0.1 s: ATN once more (a
        ora #CLK_OUT            ; device that was starting up missed the first); CLK
        and #<~ATN_OUT          ; stays pulled, so nobody takes this for a byte
        sta PORT
        jsr wait48
        jsr atn_on
        lda PORT
        and #<~CLK_OUT
        sta PORT
        jmp @again
@go:    bit SEOI
        bpl @send
@eoi:   bit PORT                ; EOI: the listeners pull DATA ...
        bmi @eoi
@eoi2:  bit PORT                ; ... and release it
        bpl @eoi2
@send:  lda #8
        sta SCOUNT
@bit:   lda PORT
        and #<~DATA_OUT
        ora #CLK_OUT
        lsr SSHIFT
        bcs @one
        ora #DATA_OUT           ; a 0 pulls DATA
@one:   sta PORT                ; CLK low, the bit on DATA
        jsr wait48
        jsr wait12
        and #<~CLK_OUT
        sta PORT                ; CLK high: the bit is valid
        jsr wait48
        dec SCOUNT
        bne @bit
        lda PORT
        and #<~DATA_OUT
        ora #CLK_OUT
        sta PORT                ; CLK low, DATA released
        lda #80
        sta SCOUNT
@taken: bit PORT
        bpl @ok                 ; a listener took the byte
        dec SCOUNT
        bne @taken
        lda #$01
        jsr set_status
@ok:    plp
        clc
        rts

; ---- one byte in -------------------------------------------------------------------------
; ACPTR ($FFA5): a byte from the talker in A. EOI sets ST bit 6; a talker that sends
; nothing sets ST bit 1 and returns RETURN. X and Y are kept; carry clear.
acptr_impl:
        php
        lda #0
        sta SEOI
@talker:                        ; interrupts as the caller had them while the talker is busy
        plp
        php
        sei
        bit PORT
        bvc @talker             ; until the talker is ready to send (CLK released)
@rfd:   lda PORT
        and #<~DATA_OUT
        sta PORT                ; ready for data
        lda #20
        sta SCOUNT
@wait:  bit PORT
        bvc @start              ; CLK pulled: the bits follow
        dec SCOUNT
        bne @wait
        lda SEOI
        bne @none               ; silent after EOI too: nothing comes
        lda #$40
        sta SEOI
        jsr set_status          ; EOI: the last byte comes next
        lda PORT
        ora #DATA_OUT
        sta PORT
        jsr wait48
        jsr wait24
        jmp @rfd
@none:  lda #$02
        jsr set_status
        lda #$0D
        bne @end
@start: lda #8
        sta SCOUNT
@bit:   lda PORT
        asl                     ; C = DATA, N = CLK
        bpl @bit                ; until CLK is released: the bit is valid
        ror SSHIFT
@low:   bit PORT
        bvs @low                ; until CLK is pulled again
        dec SCOUNT
        bne @bit
        lda PORT
        ora #DATA_OUT
        sta PORT                ; the byte is taken
        lda SSHIFT
@end:   plp
        clc
        rts

; CLRCHN ($FFCC): UNLISTEN the output device and UNTALK the input device when they are on
; the bus, then the default CLRCHN through its vector.
clrchn_bus:
        lda #3
        cmp DFLTO
        bcs @in
        jsr unlsn_impl
@in:    lda #3
        cmp DFLTN
        bcs @done
        jsr untlk_impl
@done:  jmp (ICLRCH)

; ---- files on the bus ----------------------------------------------------------------------
        .segment "KFILES"

; LISTEN device FA, then SECOND A.
listen_sa:
        pha
        lda FA
        jsr listen_impl
        pla
        jmp second_impl

; Close channel A ($E0 + channel) of device FA.
bus_close:
        jsr listen_sa
        jmp unlsn_impl

; Open channel A ($F0 + channel) of device FA with the SETNAM name.
bus_open:
        jsr listen_sa
        ldy #0
@name:  cpy FNLEN
        beq @end
        lda (FNADR),y
        jsr ciout_impl
        iny
        bne @name
@end:   jmp unlsn_impl

; OPEN on the bus (the table entry made, LA/FA/SA set): a name opens channel SA, unless the
; file has no secondary address.
open_serial:
        lda #0
        sta STATUS
        lda FNLEN
        beq bus_ok
        lda SA
        bmi bus_ok
        and #$0F
        ora #$F0
        jsr bus_open
bus_check:
        bit STATUS
        bpl bus_ok
        jmp err_not_present
bus_ok: clc
        rts

; CLOSE: LA/FA/SA from slot X; a file on the bus with a secondary address has its channel
; closed. X is kept.
close_use:
        jsr use_file
        lda FA
        cmp #4
        bcc @r
        lda SA
        bmi @r
        and #$0F
        ora #$E0
        jmp bus_close
@r:     rts
        .segment "KSERIAL2"
; CHKIN, CHKOUT to device FA (not 0 or 3; the flags of CMP #3): devices 1 and 2 are
; absent; on the bus TALK and TKSA, or LISTEN and SECOND, with the file's secondary address
; (none: TALK or LISTEN alone).
chkin_bus:
        bcc bus_none
        jsr bus_start
        jsr talk_impl
        lda SA
        bmi @nosa
        jsr tksa_impl
        jmp @check
@nosa:  bcs @check
        jsr turnaround
@check: jsr bus_check
        bcs bus_r
        lda FA
        sta DFLTN
bus_r:  rts

chkout_bus:
        bcc bus_none
        jsr bus_start
        jsr listen_impl
        lda SA
        bmi @nosa
        jsr second_impl
        jmp @check
@nosa:  jsr atn_off
@check: jsr bus_check
        bcs bus_r
        lda FA
        sta DFLTO
        rts

bus_none:
        jmp err_not_present

; ST cleared, A = FA.
bus_start:
        lda #0
        sta STATUS
        lda FA
        rts

        .segment "KSERIAL"

; CHRIN from the bus: after EOI or an error RETURN, else ACPTR.
chrin_bus:
        lda STATUS
        bne @cr
        jmp acptr_impl
@cr:    lda #$0D
        clc
        rts

; LOAD from device FA (>= 4; ST cleared, the name given and "SEARCHING FOR" shown): the file
; on channel 0, its first two bytes the load address (used when SA is not 0; SA 0 loads to
; MEMUSS, the X/Y given to LOAD), then the bytes until EOI are stored, or compared when
; VERCKK is not 0. The end address + 1 in $AE/$AF and X/Y.
load_serial:
        lda #$F0
        jsr bus_open
        bit STATUS
        bpl @open
        jmp err_not_present
@open:  lda FA
        jsr talk_impl
        lda #$60
        jsr tksa_impl
        jsr acptr_impl
        tax
        lda STATUS
        and #$02
        beq @found
        jsr load_end
        jmp err_not_found       ; nothing came: the drive has no such file
@found: jsr acptr_impl
        ldy SA
        beq @msg
        stx MEMUSS
        sta MEMUSS+1
@msg:   bit MSGFLG
        bpl @quiet
        ldx #<(msg_loading - messages)
        lda VERCKK
        beq @say
        ldx #<(msg_verifying - messages)
@say:   jsr print_msg
@quiet: lda MEMUSS
        sta $AE
        lda MEMUSS+1
        sta $AF
@byte:  jsr STOP
        beq @stop
        jsr acptr_impl
        tax
        lda STATUS
        and #$02
        bne @done               ; the talker went silent
        txa
        ldy #0
        ldx VERCKK
        bne @verify
        sta ($AE),y
        beq @next
@verify:
        cmp ($AE),y
        beq @next
        lda #$10
        jsr set_status
@next:  inc $AE
        bne @eoi
        inc $AF
@eoi:   bit STATUS
        bvc @byte
@done:  jsr load_end
        ldx $AE
        ldy $AF
        clc
        rts
@stop:  jsr load_end
        lda #0                  ; stopped with the STOP key
        sec
        rts

; UNTALK and close channel 0.
load_end:
        jsr untlk_impl
        lda #$E0
        jmp bus_close

        .segment "KSAVEBUS"

; SAVE: the end address in $AE/$AF is kept across the message.
save_bus:
        lda $AF
        pha
        lda $AE
        pha
        ldx #<(msg_saving - messages)
        jsr file_device
        tax
        pla
        sta $AE
        pla
        sta $AF
        txa
        bcs @r
        jmp save_serial
@r:     rts

; SAVE to device FA (>= 4; "SAVING" shown): channel 1 opened with the name, the start
; address, the bytes from STAL up to $AE/$AF (exclusive), then the channel closed.
save_serial:
        lda #$F1
        jsr bus_open
        bit STATUS
        bpl @open
        jmp err_not_present
@open:  lda #$61
        jsr listen_sa
        lda STAL
        sta $AC
        jsr ciout_impl
        lda STAL+1
        sta $AD
        jsr ciout_impl
        ldy #0
@byte:  lda $AC
        cmp $AE
        lda $AD
        sbc $AF
        bcs @done
        jsr STOP
        beq @stop
        lda ($AC),y
        jsr ciout_impl
        inc $AC
        bne @byte
        inc $AD
        bne @byte
@done:  jsr save_end
        clc
        rts
@stop:  jsr save_end
        lda #0                  ; stopped with the STOP key
        sec
        rts

; UNLISTEN and close channel 1.
save_end:
        jsr unlsn_impl
        lda #$E1
        jmp bus_close
