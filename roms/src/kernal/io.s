; breadbin open KERNAL: files, channels and the small jump-table routines.
;
; Devices: 0 keyboard and 3 screen work through OPEN/CHKIN/CHKOUT/CHRIN/CHROUT/GETIN.
; breadbin has no cassette, RS-232 or serial-bus devices: those answer as the C64 does
; when nothing is connected, with ST bit 7 ($80, device not present) and KERNAL error 5.
; Errors return with carry set and A = the documented KERNAL error number (1 too many
; files, 2 file open, 3 file not open, 5 device not present, 6 not input file, 7 not
; output file, 8 missing file name, 9 illegal device number); when MSGFLG ($9D) bit 6 is
; set the KERNAL also prints "I/O ERROR #n". The open-file tables are the documented
; ones: LAT $0259, FAT $0263, SAT $026D, LDTND $98.

        .include "kernal_vars.inc"

        .segment "KERNAL"

; ---- errors -------------------------------------------------------------------------------
err_not_present:
        lda #$80
        jsr set_status
        lda #ERR_NO_DEVICE
        .byte $2C               ; BIT abs: skips the next LDA
err_too_many:
        lda #ERR_TOO_MANY
        .byte $2C
err_file_open:
        lda #ERR_FILE_OPEN
        .byte $2C
err_not_open:
        lda #ERR_NOT_OPEN
        .byte $2C
err_not_input:
        lda #ERR_NOT_INPUT
        .byte $2C
err_not_output:
        lda #ERR_NOT_OUTPUT
        .byte $2C
err_no_name:
        lda #ERR_NO_NAME
        .byte $2C
err_bad_device:
        lda #ERR_BAD_DEVICE
kernal_error:
        pha
        bit MSGFLG
        bvc @quiet
        ldx #msg_ioerr - messages
        jsr print_msg
        pla
        pha
        ora #$30
        jsr scr_out
@quiet: pla
        sec
        rts

set_status:
        ora STATUS
        sta STATUS
        rts

; Print message X (offset into messages, ends at a zero byte) on the screen.
print_msg:
        lda messages,x
        beq @r
        jsr scr_out
        inx
        bne print_msg
@r:     rts

messages:
msg_ioerr:
        .byte $0D, "I/O ERROR #", 0
msg_search:
        .byte $0D, "SEARCHING FOR ", 0
msg_saving:
        .byte $0D, "SAVING ", 0

; Print the file name (FNLEN bytes at FNADR).
print_name:
        ldy #0
@l:     cpy FNLEN
        beq @r
        lda (FNADR),y
        jsr scr_out
        iny
        bne @l
@r:     rts

; ---- the file table ------------------------------------------------------------------------
; Look up logical file A: carry clear and X = its slot when open, carry set when not.
find_file:
        ldx LDTND
@l:     dex
        bmi @no
        cmp LAT,x
        bne @l
        clc
        rts
@no:    sec
        rts

; LA, FA and SA from slot X.
use_file:
        lda LAT,x
        sta LA
        lda FAT,x
        sta FA
        lda SAT,x
        sta SA
        rts

; OPEN: logical file LA on device FA with secondary address SA and the SETNAM name.
open_impl:
        ldx LA
        bne @known
        jmp err_not_input       ; logical file 0 cannot be opened
@known: lda LA
        jsr find_file
        bcs @free
        jmp err_file_open
@free:  ldx LDTND
        cpx #10
        bcc @room
        jmp err_too_many
@room:  inc LDTND
        lda LA
        sta LAT,x
        lda SA
        ora #$60
        sta SAT,x
        lda FA
        sta FAT,x
        beq @ok                 ; keyboard
        cmp #3
        beq @ok                 ; screen
        cmp #4
        bcc @none               ; cassette, RS-232
        lda FNLEN               ; serial bus: only a name goes on the bus
        beq @ok
@none:  jmp err_not_present     ; the entry stays: CLOSE it, as on the C64
@ok:    clc
        rts

; CLOSE logical file A (not open: nothing happens).
close_impl:
        jsr find_file
        bcs @r
        jsr use_file
        ldy LDTND
        dey
        sty LDTND
        lda LAT,y               ; the last entry fills the gap
        sta LAT,x
        lda FAT,y
        sta FAT,x
        lda SAT,y
        sta SAT,x
@r:     clc
        rts

; CHKIN: input from logical file X.
chkin_impl:
        txa
        jsr find_file
        bcc @open
        jmp err_not_open
@open:  jsr use_file
        lda FA
        beq @set
        cmp #3
        beq @set
        jmp err_not_present
@set:   sta DFLTN
        clc
        rts

; CHKOUT: output to logical file X.
chkout_impl:
        txa
        jsr find_file
        bcc @open
        jmp err_not_open
@open:  jsr use_file
        lda FA
        bne @dev
        jmp err_not_output      ; the keyboard
@dev:   cmp #3
        beq @set
        jmp err_not_present
@set:   sta DFLTO
        clc
        rts

; CLALL: forget every open file, then CLRCHN.
clall_impl:
        lda #0
        sta LDTND
; CLRCHN: keyboard in, screen out.
clrchn_impl:
        lda #0
        sta DFLTN
        lda #3
        sta DFLTO
        rts

; CHRIN: a character from the input device.
chrin_impl:
        lda DFLTN
        bne @dev
        jmp kbd_chrin
@dev:   cmp #3
        bne @none
        jmp scr_chrin
@none:  lda #$80
        jsr set_status
        lda #$0D
        clc
        rts

; CHROUT: a character to the output device. A, X and Y are kept.
chrout_impl:
        pha
        lda DFLTO
        cmp #3
        bne @dev
        pla
        jmp scr_out
@dev:   lda #$80
        jsr set_status
        pla
        clc
        rts

; POKE 808,225, a BASIC idiom that disables RUN/STOP (and with it RUN/STOP + RESTORE),
; changes the low byte of the STOP vector from $ED to $E1. STOP sits at $F5ED and this
; routine at $F5E1, so the idiom lands here: the key never reads as pressed. (On the C64
; STOP is at $F6ED; only the low byte matters to the idiom.)
        .segment "KNOSTOP"
stop_never:
        lda #$FF                ; Z clear
        rts

; STOP ($F5ED, the default of the vector): Z and C set when RUN/STOP is down
; (STKEY = $7F); then the channels are reset and the keyboard buffer emptied.
        .segment "KSTOP"
stop_impl:
        lda STKEY
        cmp #$7F
        bne @r
        php
        jsr clrchn_impl
        lda #0
        sta NDX
        plp
@r:     rts

        .segment "KERNAL"

; ---- LOAD and SAVE -------------------------------------------------------------------------
; LOAD ($FFD5): A = 0 load / 1 verify, X/Y = load address (used when SA = 0).
load_pre:
        stx MEMUSS
        sty MEMUSS+1
        jmp (ILOAD)

load_impl:
        sta VERCKK
        ldx #msg_search - messages
; LOAD and SAVE: the cassette and serial devices are absent; others cannot load or save.
; X = the message shown (in direct mode) before a serial device fails to answer.
file_device:
        lda #0
        sta STATUS
        lda FA
        cmp #4
        bcs @serial
        cmp #1
        bne @bad
        jmp err_not_present     ; cassette
@bad:   jmp err_bad_device      ; keyboard, RS-232, screen
@serial:
        lda FNLEN
        bne @named
        jmp err_no_name
@named: bit MSGFLG
        bpl @quiet
        jsr print_msg
        jsr print_name
@quiet: jmp err_not_present

; SAVE ($FFD8): A = zero-page address of the start pointer, X/Y = end address + 1.
save_pre:
        stx $AE
        sty $AF
        tax
        lda $00,x
        sta STAL
        lda $01,x
        sta STAL+1
        jmp (ISAVE)

save_impl:
        ldx #msg_saving - messages
        jmp file_device

; ---- the serial bus: nobody answers ----------------------------------------------------------
; LISTEN, TALK, SECOND, TKSA, CIOUT, UNTLK, UNLSN.
serial_none:
        pha
        lda #$80
        jsr set_status
        pla
        clc
        rts

; ACPTR: no byte comes; returns RETURN with ST bit 7 set.
acptr_impl:
        lda #$80
        jsr set_status
        lda #$0D
        clc
        rts

; ---- small entries -----------------------------------------------------------------------------
setmsg_impl:
        sta MSGFLG
        rts

readst_impl:
        lda STATUS
        rts

setlfs_impl:
        sta LA
        stx FA
        sty SA
        rts

setnam_impl:
        sta FNLEN
        stx FNADR
        sty FNADR+1
        rts

settmo_impl:
        sta TIMOUT
        rts

; MEMTOP / MEMBOT: carry set reads X/Y, carry clear sets them.
memtop_impl:
        bcc @set
        ldx KMEMSIZ
        ldy KMEMSIZ+1
        rts
@set:   stx KMEMSIZ
        sty KMEMSIZ+1
        rts

membot_impl:
        bcc @set
        ldx KMEMSTR
        ldy KMEMSTR+1
        rts
@set:   stx KMEMSTR
        sty KMEMSTR+1
        rts

; SETTIM: A = least, X = middle, Y = most significant byte of the jiffy clock.
settim_impl:
        php
        sei
        sta TIME+2
        stx TIME+1
        sty TIME
        plp
        rts

; RDTIM: the jiffy clock in A (least), X, Y (most significant).
rdtim_impl:
        php
        sei
        lda TIME+2
        ldx TIME+1
        ldy TIME
        plp
        rts

; IOBASE: the I/O block (CIA 1) at X/Y.
iobase_impl:
        ldx #$00
        ldy #$DC
        rts
