; breadbin open 1541 DOS: the serial bus, from the drive's side.
;
; VIA 1's port B: the drive pulls DATA with b1 and CLK with b3 and reads DATA (b0), CLK (b2)
; and ATN (b7), each 1 while its line is low. While b4 (ATN acknowledge) differs from ATN,
; the VIA's hardware pulls DATA by itself: at rest b4 is 0, so the moment the C64 pulls ATN
; the drive answers "present" and the C64 waits, however long the drive takes to notice.
;
; The drive polls ATN in its idle loop. Under ATN it listens to the C64's commands (LISTEN,
; TALK, the secondary addresses, UNLISTEN, UNTALK); once ATN is released it becomes a
; listener or the talker, or runs what the commands asked for (a command on channel 15,
; opening or closing a file) while it holds DATA, the bus's "busy".
;
; A byte, as a listener: the talker releases CLK (ready to send); the drive releases DATA
; (ready for data); the talker pulls CLK and sends eight bits, least significant first, each
; valid on DATA (high = 1) while CLK is released; the drive pulls DATA to take the byte. A
; talker that waits more than 200 µs before pulling CLK marks the last byte (EOI): the drive
; answers with a pulse on DATA. As the talker the drive does the same the other way round.

        .include "dos.inc"
        .include "fs.inc"

        .export bus_init, idle_loop
        .import ch_get, ch_put, run_pending, name_byte

        .segment "CODE"

bus_init:
        lda #B_DATAOUT | B_CLKOUT | B_ATNA
        sta V1_DDRB
        lda #0
        sta V1_PB               ; every line released, ATN not acknowledged
        sta V1_DDRA
        lda #$01                ; CA1 (ATN, inverted) flags the moment ATN is pulled
        sta V1_PCR
        lda #0
        sta ADDRESSED
        sta PENDING
        sta OPENING
        ldx #15
@held:  sta CH_HELD,x
        dex
        bpl @held
        rts

; The idle loop: wait for ATN.
idle_loop:
        lda V1_PB
        bpl idle_loop
; The V flag is never tested outside the controller: BYTE READY sets it through the CPU's SO
; pin whenever the head reads.
; ---- under ATN ---------------------------------------------------------------------------
atn_serve:
        cld
        ldx #$FF                ; whatever was running is over
        txs
        cli
        lda #B_DATAOUT | B_ATNA ; hold DATA ourselves, acknowledge ATN, release CLK
        sta V1_PB
        lda #$02                ; this ATN's edge is seen
        sta V1_IFR
        jsr wait_40             ; the C64 pulls CLK a little after ATN: until it has, a
        jsr wait_40             ; released CLK does not mean a byte is coming
        lda ADDRESSED           ; a talker that was cut short keeps no role
        and #$80
        sta ADDRESSED
@next:  jsr recv_atn
        bcc @cmd
        jmp released
@cmd:
        cmp LISTENA
        beq @listen
        cmp TALKA
        beq @talk
        cmp #$3F
        beq @unlisten
        cmp #$5F
        beq @untalk
        tax
        and #$E0
        cmp #$20
        beq @unlisten           ; another device's LISTEN
        cmp #$40
        beq @untalk             ; another device's TALK
        bit ADDRESSED
        bpl @sa_talk
        ; a secondary address for the listener
        txa
        and #$0F
        sta CUR_SA
        txa
        and #$F0
        cmp #$E0
        beq @close
        cmp #$F0
        bne @next               ; $60: data for the channel
        lda #$80                ; $F0: OPEN, the name follows
        sta OPENING
        lda #0
        sta CMDLEN
        beq @next
@close: lda PENDING
        ora #$40
        sta PENDING
        bne @next
@sa_talk:
        lda ADDRESSED
        and #$40
        beq @next
        txa
        and #$0F
        sta CUR_SA
        jmp @next
@listen:
        lda #$80
        sta ADDRESSED
        lda #0
        sta OPENING
        sta CMDLEN
        jmp @next
@talk:  lda #$40
        sta ADDRESSED
        jmp @next
@untalk:
        lda ADDRESSED
        and #$80
        sta ADDRESSED
        jmp @next
@unlisten:
        bit ADDRESSED
        bpl @un2
        lda CUR_SA              ; the end of a name, or of a command on channel 15
        cmp #15
        beq @run
        bit OPENING
        bpl @un2
@run:   lda PENDING
        ora #$80
        sta PENDING
@un2:   lda ADDRESSED
        and #$40
        sta ADDRESSED
        jmp @next

; ATN released: listen, talk, or do what was asked while holding DATA.
released:
        lda ADDRESSED
        bmi listen_loop
        and #$40
        bne talk_start
        lda #B_DATAOUT          ; busy
        sta V1_PB
        lda PENDING
        beq @free
        jsr run_pending
@free:  lda #0
        sta PENDING
        sta V1_PB
        jmp idle_loop

; ---- listener ------------------------------------------------------------------------------
listen_loop:
        lda #B_DATAOUT          ; ATN acknowledge off, DATA held until a byte comes
        sta V1_PB
@byte:  jsr recv_data
        bcs @atn
        bit OPENING
        bmi @name
        ldx CUR_SA
        cpx #15
        beq @name               ; a command
        jsr ch_put
        jmp @byte
@name:  jsr name_byte
        jmp @byte
@atn:   jmp atn_serve

; ---- talker --------------------------------------------------------------------------------
; The C64 holds DATA and releases ATN, then CLK: the drive takes CLK.
talk_start:
        lda #B_DATAOUT | B_ATNA
@wait:  ldx V1_PB
        bmi @atn                ; a new ATN
        txa
        and #B_CLKIN
        bne @wait
        lda #B_CLKOUT           ; ATN acknowledge off, DATA released, CLK pulled
        sta V1_PB
        jsr wait_40             ; long enough for a C64 held up by the VIC to see it
        jsr wait_40
        jsr wait_40
        jsr wait_40
@byte:  ldx CUR_SA
        lda CH_HELD,x
        bpl @get
        and #1
        pha
        lda #0
        sta CH_HELD,x
        lda CH_HBYTE,x
        tay
        pla
        tax                     ; X = 1 for the last byte
        tya
        jmp @send
@get:   jsr ch_get              ; A = the byte, X = 1 for the last one, 2 when none
        cpx #2
        beq @none
@send:  sta HELDBYTE
        stx HELDEOI
        stx BUSEOI
        jsr send_byte
        bcs @cut
        lda HELDEOI
        beq @byte
        ; after the last byte the C64 takes no more: release CLK when it sends ATN
@done:  lda V1_PB
        bpl @done
@atn:   jmp atn_serve
@cut:   ldx CUR_SA              ; the byte was not taken: it goes out first next time
        lda HELDBYTE
        sta CH_HBYTE,x
        lda HELDEOI
        ora #$80
        sta CH_HELD,x
        jmp atn_serve
@none:  lda #0                  ; nothing to send: release CLK and stay silent (the C64
        sta V1_PB               ; sees a time-out)
        jmp idle_loop

; ---- one byte ------------------------------------------------------------------------------
; recv_atn: a command byte under ATN; C set when ATN was released instead.
recv_atn:
        lda #$80
        sta RXMODE
@ready: lda V1_IFR
        and #$02
        bne @gone               ; ATN released and pulled again while we were busy
        lda V1_PB
        bpl @gone               ; ATN released
        and #B_CLKIN
        bne @ready              ; the C64 still holds CLK
        jmp recv_byte
@gone:  sec
        rts

; recv_data: a data byte; C set when ATN came instead.
recv_data:
        lda #0
        sta RXMODE
@ready: lda V1_PB
        bmi @atn
        and #B_CLKIN
        bne @ready
        jmp recv_byte
@atn:   sec
        rts

; The talker is ready: release DATA, take eight bits, pull DATA. A = the byte, C clear,
; BUSEOI b7 set when it came as the last.
recv_byte:
        sei
        lda V1_PB
        and #<~B_DATAOUT
        sta V1_PB               ; ready for data
        lsr BUSEOI
        ldx #16                 ; about 250 µs for the talker to pull CLK
@start: lda V1_PB
        eor RXMODE              ; ATN changed: no byte comes (a C64 that pulses ATN
        bmi @cut                ; alone, to stop drive code started with M-E)
        and #B_CLKIN
        bne @bits
        dex
        bne @start
        ; silence: the last byte comes; answer with DATA for 80 µs
        lda V1_PB
        ora #B_DATAOUT
        sta V1_PB
        jsr wait_40
        jsr wait_40
        and #<~B_DATAOUT
        sta V1_PB
        sec
        ror BUSEOI
@start2:
        lda V1_PB
        eor RXMODE
        bmi @cut
        and #B_CLKIN
        beq @start2
@bits:  lda V1_PB                ; ATN changed with CLK: no byte after all (a C64 that
        eor RXMODE              ; waited too long for "ready for data" and starts its
        bmi @cut                ; command again)
        ldx #8
@bit:   lda V1_PB               ; until CLK is released: the bit is valid
        and #B_CLKIN
        bne @bit
        lda V1_PB
        lsr                     ; C = DATA low = a 0
        ror SHIFT
@low:   lda V1_PB
        and #B_CLKIN
        beq @low
        dex
        bne @bit
        lda V1_PB
        ora #B_DATAOUT
        sta V1_PB               ; taken
        cli
        lda SHIFT
        eor #$FF
        clc
        rts
@cut:   lda V1_PB
        ora #B_DATAOUT
        sta V1_PB
        cli
        sec
        rts

; send_byte: send HELDBYTE, as the last one when BUSEOI is 1. C set when ATN cut it short.
send_byte:
        lda HELDBYTE
        sta SHIFT
        sei                     ; from "ready to send" on the listener counts the time
        lda V1_PB
        and #<~B_CLKOUT
        sta V1_PB               ; ready to send
@rfd:   lda V1_IFR
        and #$02
        bne @atn                ; ATN came and went
        lda V1_PB
        bmi @atn
        and #B_DATAIN | B_CLKIN
        bne @rfd                ; until the listener releases DATA (CLK held by the C64:
                                ; it is between two tries of a command under ATN)
        lda BUSEOI
        beq @go
@eoi1:  lda V1_PB               ; the last byte: wait for the listener's answer
        bmi @atn
        lsr
        bcc @eoi1
@eoi2:  lda V1_PB
        bmi @atn
        lsr
        bcs @eoi2
@go:    ldx #8
@bit:   lda #B_CLKOUT
        lsr SHIFT
        bcs @one
        ora #B_DATAOUT          ; a 0 pulls DATA
@one:   sta V1_PB               ; CLK pulled, the bit on DATA
        jsr wait_40             ; each half of a bit lasts 90 µs or more: the C64 may
        jsr wait_40             ; be held up 43 cycles by the VIC, and checks twice
        and #<~B_CLKOUT
        sta V1_PB               ; CLK released: the bit is valid
        jsr wait_40
        jsr wait_40
        dex
        bne @bit
        lda #B_CLKOUT
        sta V1_PB               ; CLK pulled, DATA released
        cli
        ldx #0                  ; about 2.5 ms for the listener to take it
@ack:   lda V1_PB               ; DATA pulled: taken (also when ATN follows at once)
        lsr
        bcs @ok
        dex
        bne @ack
@atn:   cli
        sec
        rts
@ok:    clc
        rts

; Delays that keep every register and flag (the JSR included).
wait_40:
        jsr wait_20
wait_20:
        nop
        nop
        nop
        nop
        rts
