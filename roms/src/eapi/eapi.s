; breadbin's EAPI: the flash routines an EasyFlash cartridge's programs call, for the
; Am29F040 chips breadbin's EasyFlash has. Written to the interface the EasyFlash
; Programmer's Guide documents ("EasyAPI"): the block starts with "EAPI" and a 16-byte
; name, EAPIInit is at offset 20, the whole is at most $300 bytes and runs from any
; page-aligned copy in RAM; its data lives in the EasyFlash's RAM at $DF80-$DFFF, where
; Init builds the jump table the other calls are made through.
;
; The driver is position independent: inside it there are only relative branches, and its
; own routines are called through entries Init adds to the jump table. What must be at a
; fixed address (the store made in Ultimax mode, when only the EasyFlash's RAM is there to
; run from, and a load) Init copies into the EasyFlash's RAM after the table. Flash
; commands are written in Ultimax mode, as the chips are only selected for writes there;
; read-backs are made in 16K mode.

EFBANK  = $DE00             ; bank register
EFCTRL  = $DE02             ; control: $05 Ultimax, $07 16K
ULTIMAX = $05
MODE16K = $07

JT      = $DF80             ; 10 entries of JMP, then the driver's own 7
CMD     = JT+30             ; the driver's own routines, called through the table
PROGRAM = JT+33
ADVANCE = JT+36
AWAIT   = JT+39
EXIT    = JT+42
ENTER   = JT+45
UNLOCK  = JT+48
HELPERS = JT+51             ; copied there by Init
ZP      = $4B               ; borrowed by Init, given back

; Variables, after the helpers.
V_BANK  = $DFE0
V_PTRL  = $DFE1
V_PTRH  = $DFE2
V_MODE  = $DFE3
V_LEN   = $DFE4             ; 3 bytes, low first
V_A     = $DFE7
V_X     = $DFE8
V_Y     = $DFE9
V_P     = $DFEA             ; the caller's flags
V_OK    = $DFEB             ; the carry to return: 0 done, 1 failed
V_T     = $DFEC
V_BASE  = $DFED             ; the chip's high address byte in Ultimax mode: $80 or $E0
V_TRY   = $DFEE

; Save A, the flags, X and Y, and shut out interrupts.
.macro enter
        jsr ENTER
.endmacro

; The unlock cycles, then command `cmd` at $x555 of the chip of V_BASE.
.macro command cmd
        lda #cmd
        jsr CMD
.endmacro

        .org 0
start:
        .byte $65, $61, $70, $69            ; "EAPI"
        .byte "BREADBIN 29F040", 0          ; 16 bytes of name, 0-terminated
        .res 20 - (* - start)

; ---- EAPIInit (offset 20) -----------------------------------------------------------
init:
        php
        sei
        lda ZP
        pha
        lda ZP+1
        pha
        lda #$60                            ; an RTS at ZP: a JSR there leaves this
        sta ZP                              ; page's number on the stack
        jsr ZP
        tsx
        lda $0100,x
        sta V_T
        ; The helpers into the EasyFlash's RAM.
        clc
        adc #>helpers
        sta ZP+1
        lda #<helpers
        sta ZP
        ldy #helpers_end - helpers - 1
@copy:  lda (ZP),y
        sta HELPERS,y
        dey
        bpl @copy
        ; The jump table: JMP page+offset for each entry.
        lda V_T
        clc
        adc #>entries
        sta ZP+1
        lda #<entries
        sta ZP
        ldx #0
        ldy #0
@jt:    lda #$4C
        sta JT,x
        lda (ZP),y
        sta JT+1,x
        iny
        lda (ZP),y
        clc
        adc V_T
        sta JT+2,x
        iny
        inx
        inx
        inx
        cpy #34
        bne @jt
        ; What fails goes into V_OK as an error code: 1 the RAM, 2 and 3 the chips.
        lda #0
        sta V_OK
        lda JT+27                           ; the RAM kept what was written?
        cmp #$4C
        beq @ram
        lda #1
        sta V_OK
@ram:   ; Both chips' IDs: manufacturer $01 (AMD), device $A4 (Am29F040).
        lda #0
        sta EFBANK
        sta V_BANK
        lda #MODE16K
        sta EFCTRL
        lda #$80                            ; the low chip, then the high one
@chip:  sta V_BASE
        command $90
        lda V_BASE
        and #$BF                            ; its IDs in 16K mode at $8000 or $A000
        sta LOAD_HI
        lda #0
        sta LOAD_LO
        jsr LOAD
        sta V_T
        inc LOAD_LO
        jsr LOAD
        sta V_TRY
        command $F0
        lda V_T
        cmp #$01
        bne @bad
        lda V_TRY
        cmp #$A4
        beq @good
@bad:   lda V_BASE                          ; 2 the low chip, 3 the high one
        cmp #$E0
        lda #2
        adc #0
        sta V_OK
@good:  lda V_BASE
        cmp #$E0
        beq @ids
        lda #$E0
        bne @chip
@ids:
        lda #$D0
        sta V_MODE
        pla
        sta ZP+1
        pla
        sta ZP
        lda V_OK
        bne @fail
        ldy #$40                            ; 64 banks
        ldx #$01
        lda #$A4
        plp
        clc
        rts
@fail:  plp
        sec
        rts

; The entries' offsets, in jump table order.
entries:
        .word write_flash, erase_sector, set_bank, get_bank, set_ptr
        .word set_len, read_inc, write_inc, set_slot, get_slot
        .word cmd, program, advance, await, exit, enter_, unlock

; ---- the helpers, run at HELPERS -----------------------------------------------------
helpers:
        .org HELPERS
; Store A at STORE_HI/LO in Ultimax mode; X is lost.
STORE:  ldx #ULTIMAX
        stx EFCTRL
        .byte $8D                           ; STA abs
STORE_LO:
        .byte 0
STORE_HI:
        .byte 0
        ldx #MODE16K
        stx EFCTRL
        rts
; Load A from LOAD_HI/LO, in 16K mode.
LOAD:   .byte $AD                           ; LDA abs
LOAD_LO:
        .byte 0
LOAD_HI:
        .byte 0
        rts
helpers_run_end:
        .reloc
helpers_end = helpers + (helpers_run_end - HELPERS)
        .assert helpers_run_end <= V_BANK, error, "the helpers overlap the variables"

; ---- the driver's own routines (through the jump table) ------------------------------

; The caller's A, flags, X and Y saved; interrupts shut out (JSR leaves the flags alone).
enter_: sta V_A
        php
        pla
        sta V_P
        sei
        stx V_X
        sty V_Y
        rts

; The unlock cycles, then command A at $x555, to the chip of V_BASE.
cmd:    pha
        jsr UNLOCK
        lda V_BASE
        ora #$05
        sta STORE_HI
        lda #$55
        sta STORE_LO
        pla
        jmp STORE

; The two unlock cycles to the chip of V_BASE: $AA at $x555, $55 at $x2AA.
unlock: lda V_BASE
        ora #$05
        sta STORE_HI
        lda #$55
        sta STORE_LO
        lda #$AA
        jsr STORE
        lda V_BASE
        ora #$02
        sta STORE_HI
        lda #$AA
        sta STORE_LO
        lda #$55
        jmp STORE

; Wait until LOAD gives A: V_OK 0 when it did, 1 when 256 tries did not see it.
await:  sta V_T
        lda #0
        sta V_TRY
@poll:  jsr LOAD
        cmp V_T
        beq @done
        dec V_TRY
        bne @poll
        lda #1
        bne @set
@done:  lda #0
@set:   sta V_OK
        rts

; Program V_A at the address X (low) / A (high) as in Ultimax mode ($80-$9F the low chip,
; $E0-$FF the high one; $A0-$BF taken as the high chip's too), in bank V_BANK; V_OK.
program:
        cmp #$A0
        bcc @low
        ora #$40
        ldy #$E0
        bne @chip
@low:   ldy #$80
@chip:  sty V_BASE
        sta V_T
        stx LOAD_LO
        and #$BF                            ; read back in 16K mode: $Exxx at $Axxx
        sta LOAD_HI
        lda V_BANK
        sta EFBANK
        lda V_T
        pha
        command $A0
        pla
        sta STORE_HI
        lda LOAD_LO
        sta STORE_LO
        lda V_A
        jsr STORE
        lda V_A
        jmp AWAIT

; The pointer past one byte, into the next window as the bank mode says.
advance:
        inc V_PTRL
        bne @out
        inc V_PTRH
        lda V_PTRH
        and #$1F
        bne @out                            ; still in the 8 KiB window
        lda V_PTRH
        cmp #$A0
        bne @high
        lda V_MODE                          ; past the low chip's window
        cmp #$B0
        bne @out                            ; l h: on to the high chip, same bank
        lda #$80                            ; l l: the next bank's low chip
        bne @next
@high:  lda V_MODE                          ; past the high chip's window
        cmp #$D4
        beq @hh
        lda #$80                            ; l h: the next bank's low chip
        bne @next
@hh:    lda #$A0                            ; h h: the next bank's high chip
@next:  sta V_PTRH
        inc V_BANK
@out:   rts

; The common end of a call that reports: A, X and Y from V_A, V_X, V_Y; the flags as they
; came but for C (V_OK) and N and Z (from V_A); the current bank shown, in 16K mode.
exit:   lda V_BANK
        sta EFBANK
        lda V_A
        php
        pla
        and #$82
        sta V_T
        lda V_P
        and #$7C
        ora V_T
        ora V_OK
        pha
        lda V_A
        ldx V_X
        ldy V_Y
        plp
        rts

; ---- the calls ------------------------------------------------------------------------

; EAPISetBank: A = bank, at once and for the next reads and writes.
set_bank:
        sta V_BANK
        sta EFBANK
        rts

; EAPIGetBank: A = the bank.
get_bank:
        lda V_BANK
        rts

; EAPISetPtr: A = bank mode ($D0: l h l h, $B0: l l l, $D4: h h h), X/Y = address.
set_ptr:
        sta V_MODE
        stx V_PTRL
        sty V_PTRH
        rts

; EAPISetLen: X/Y/A = length, low to high.
set_len:
        stx V_LEN
        sty V_LEN+1
        sta V_LEN+2
        rts

; EAPISetSlot, EAPIGetSlot: one slot only.
set_slot:
        rts
get_slot:
        lda #0
        rts

; EAPIWriteFlash: A = value, X/Y = address as in Ultimax mode, in the current bank.
write_flash:
        enter
        tya
        jsr PROGRAM
        jmp EXIT

; EAPIWriteFlashInc: A = value, at the pointer; the pointer moves on after a success.
write_inc:
        enter
        ldx V_PTRL
        lda V_PTRH
        jsr PROGRAM
        lda V_OK
        bne @out
        jsr ADVANCE
@out:   jmp EXIT

; EAPIReadFlashInc: A = the byte at the pointer; the pointer moves on. C set when the
; length had run out (the byte is read all the same), else the length counts one down.
read_inc:
        enter
        lda V_LEN
        ora V_LEN+1
        ora V_LEN+2
        beq @eof
        lda V_LEN
        bne @dec0
        lda V_LEN+1
        bne @dec1
        dec V_LEN+2
@dec1:  dec V_LEN+1
@dec0:  dec V_LEN
        lda #0
        beq @ok
@eof:   lda #1
@ok:    sta V_OK
        lda V_BANK
        sta EFBANK
        lda V_PTRL
        sta LOAD_LO
        lda V_PTRH
        sta LOAD_HI
        jsr LOAD
        sta V_A
        jsr ADVANCE
        jmp EXIT

; EAPIEraseSector: A = bank (a multiple of 8), Y = $80 for the low chip, $A0 or $E0 for
; the high one: that chip's 64 KiB sector from that bank becomes $FF.
erase_sector:
        enter
        ldx #$80
        lda #$80
        cpy #$80
        beq @chip
        ldx #$E0
        lda #$A0
@chip:  stx V_BASE
        sta LOAD_HI
        lda #0
        sta LOAD_LO
        lda V_A
        sta EFBANK
        command $80
        jsr UNLOCK                          ; the second unlock, then $30 at the sector
        lda V_BASE
        sta STORE_HI
        lda #0
        sta STORE_LO
        lda #$30
        jsr STORE
        lda #$FF
        jsr AWAIT
        jmp EXIT

end:
        .assert end <= $300, error, "EAPI is at most $300 bytes"
