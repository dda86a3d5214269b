; breadbin open KERNAL: screen editor routines that programs call at the addresses the C64's
; memory maps document (each in its own segment with that start address, see rom.cfg).

        .include "kernal_vars.inc"

        .segment "KSCRL"
; $E8EA: scroll the screen up one logical line (the line link table decides how many rows);
; the cursor row TBLX stays as it was.
        lda TBLX
        pha
        jsr scroll_up
        pla
        sta TBLX
        rts

        .segment "KLINE"
; $E9F0: PNT ($D1/$D2) = the address of screen row X. Keeps X and Y; returns A = PNT's high byte.
        lda rowlo,x
        sta PNT
        lda rowhi,x
        ora HIBASE
        sta PNT+1
        rts
