; breadbin open KERNAL: files, channels and the small jump-table routines.
;
; Devices: 0 keyboard and 3 screen, and devices 4-30 on the serial bus (serial.s), work
; through OPEN/CHKIN/CHKOUT/CHRIN/CHROUT/GETIN. breadbin has no cassette or RS-232: those
; answer as the C64 does when nothing is connected, with ST bit 7 ($80, device not
; present) and KERNAL error 5.
; Errors return with carry set and A = the documented KERNAL error number (1 too many
; files, 2 file open, 3 file not open, 4 file not found, 5 device not present, 6 not input
; file, 7 not output file, 8 missing file name, 9 illegal device number); when MSGFLG ($9D)
; bit 6 is set the KERNAL also prints "I/O ERROR #n". The open-file tables are the
; documented ones: LAT $0259, FAT $0263, SAT $026D, LDTND $98.

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
err_not_found:
        lda #ERR_NOT_FOUND
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
msg_loading:
        .byte $0D, "LOADING", 0
msg_verifying:
        .byte $0D, "VERIFYING", 0

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
        .segment "KFILES2"
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

; The routines that are the default values of the vectors $031A-$0332 keep the addresses
; they have always had (each in its own segment): the power-on traces record those values.

; OPEN ($EDCD): logical file LA on device FA with secondary address SA and the SETNAM name.
        .segment "KOPEN"
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
        bcc @none               ; cassette, RS-232
        jmp open_serial         ; the serial bus
@none:  jmp err_not_present     ; the entry stays: CLOSE it, as on the C64
@ok:    clc
        rts

; CLOSE ($EE0D): logical file A (not open: nothing happens); a file on the serial bus is
; closed there first.
        .segment "KCLOSE"
close_impl:
        jsr find_file
        bcs @r
        jsr close_use
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

; CHKIN ($EE2E): input from logical file X.
        .segment "KCHKIN"
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
        jmp chkin_bus           ; cassette, RS-232 or the serial bus
@set:   sta DFLTN
        clc
        rts

; CHKOUT ($EE49): output to logical file X.
        .segment "KCHKOUT"
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
        jmp chkout_bus          ; cassette, RS-232 or the serial bus
@set:   sta DFLTO
        clc
        rts

; CLALL ($EE67): forget every open file, then CLRCHN. (The bus is left as it is: a device
; still listening or talking hears the next ATN command.)
        .segment "KCLALL"
clall_impl:
        lda #0
        sta LDTND
; CLRCHN ($EE6B): keyboard in, screen out. The jump table's CLRCHN first UNLISTENs and
; UNTALKs the devices on the serial bus (clrchn_bus), then comes here through $0322.
clrchn_impl:
        lda #0
        sta DFLTN
        lda #3
        sta DFLTO
        rts

; CHRIN ($EE74): a character from the input device.
chrin_impl:
        lda DFLTN
        bne @dev
        jmp kbd_chrin
@dev:   cmp #3
        bne @bus
        jmp scr_chrin
@bus:   jmp chrin_bus

; CHROUT ($EE8B): a character to the output device. A, X and Y are kept.
        .segment "KCHROUT"
chrout_impl:
        pha
        lda DFLTO
        cmp #3
        bne @dev
        pla
        jmp scr_out
@dev:   pla                     ; the serial bus
        jmp ciout_impl

; LOAD ($FFD5): A = 0 load / 1 verify, X/Y = load address (used when SA = 0).
load_pre:
        stx MEMUSS
        sty MEMUSS+1
        jmp (ILOAD)

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
        jsr clrchn_bus
        lda #0
        sta NDX
        plp
@r:     rts

; LOAD through $0330 ($EEA5).
        .segment "KLOAD"
load_impl:
        sta VERCKK
        ldx #msg_search - messages
        jsr file_device
        bcs file_r
        jmp load_serial

; LOAD and SAVE: only the serial bus has devices that load and save; the cassette is
; absent, the others cannot. For a serial device with a name: ST cleared, message X shown
; with the name in direct mode, carry clear.
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
@quiet: clc
file_r: rts

; SAVE through $0332 ($EEE1).
        .segment "KSAVE"
save_impl:
        jmp save_bus

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

; ---- small entries ($EEF8-$EF48: boot runs SETMSG, MEMTOP and MEMBOT here) ----------------
        .segment "KIOSMALL"
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
