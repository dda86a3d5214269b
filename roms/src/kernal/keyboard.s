; breadbin open KERNAL: keyboard scan, decode tables, key repeat and the keyboard buffer.
;
; CIA 1 port A drives the matrix columns, port B reads the rows (C64 Programmer's Reference
; Guide, keyboard matrix). A key's matrix code is column * 8 + row, the numbering programs
; read in $CB/$C5 (64 = no key). SHIFT (codes 15 and 52), C= (61) and CTRL (58) are not
; keys but modifiers: they set bits 0, 1 and 2 of SHFLAG ($028D). After the scan the
; KERNAL jumps through KEYLOG ($028F) to the routine at $EB48, which handles SHIFT+C=
; (switch character set unless MODE $0291 locks it), picks the decode table for the
; modifiers into KEYTAB ($F5), and stores the key's PETSCII code in the keyboard buffer
; ($0277, count $C6, size XMAX $0289) with the documented repeat rules (RPTFLG $028A:
; $80 every key repeats, $40 none, otherwise cursor keys, space and INST/DEL).

        .include "kernal_vars.inc"

; ------------------------------------------------------------------------------------------
; SCNKEY ($EA87, also through $FF9F).
        .segment "KSCAN"
scnkey_impl:
        lda #0
        sta SHFLAG
        ldy #$40
        sty SFDX
        sta $DC00               ; every column low: is any key down at all?
        ldx $DC01
        inx
        beq @done               ; $FF: nothing pressed
        lda #$FE
        sta TMPCOL
        ldy #0                  ; matrix code of the first key of the column
@col:   lda TMPCOL
        sta $DC00
@read:  lda $DC01
        cmp $DC01               ; wait for a settled value
        bne @read
        ldx #8
@row:   lsr a
        bcs @next               ; a high row: key up
        pha
        cpy #15
        beq @shift
        cpy #52
        beq @shift
        cpy #61
        beq @cbm
        cpy #58
        beq @ctrl
        sty SFDX                ; a real key: the last one found wins
        jmp @pl
@shift: lda #1
        bne @mod
@cbm:   lda #2
        bne @mod
@ctrl:  lda #4
@mod:   ora SHFLAG
        sta SHFLAG
@pl:    pla
@next:  iny
        dex
        bne @row
        sec
        rol TMPCOL              ; next column; the low bit leaves after column 7
        bcs @col
@done:  lda #$7F                ; leave column 7 selected, as the C64 does: programs read
        sta $DC00               ; joystick 2 on port A and expect $7F when it is idle
        jmp (KEYLOG)

; ------------------------------------------------------------------------------------------
; The default KEYLOG routine ($EB48). Programs that wedge $028F end with JMP $EB48.
        .segment "KLOG"
keylog_default:
        lda SHFLAG
        cmp #3                  ; SHIFT+C= newly pressed: switch the character set
        bne @table
        cmp LSTSHF
        beq @table
        bit MODE
        bmi @table
        lda $D018
        eor #$02
        sta $D018
@table: lda SHFLAG
        and #$07
        tax
        lda tab_lo,x
        sta KEYTAB
        lda tab_hi,x
        sta KEYTAB+1
        ; fall into key_store

; Decode SFDX with KEYTAB and put the code in the buffer (new key) or repeat it (held).
key_store:
        lda SHFLAG
        sta LSTSHF
        ldy SFDX
        lda (KEYTAB),y
        cpy LSTX
        beq @held
        sty LSTX                ; a new key (or none): restart the repeat delay
        ldx #$10
        stx DELAY
        ldx #4
        stx KOUNT
        cmp #$FF
        bne buffer_put
        rts
@held:  cmp #$FF
        beq @r
        bit RPTFLG
        bmi @rpt                ; $80: every key repeats
        bvs @r                  ; $40: none does
        ldx #6
@rk:    cmp repeat_keys,x
        beq @rpt
        dex
        bpl @rk
@r:     rts
@rpt:   ldx DELAY
        beq @count
        dec DELAY
        rts
@count: dec KOUNT
        bne @r
        ldx #4
        stx KOUNT
        ldx NDX                 ; repeat only into an empty buffer
        bne @r
buffer_put:
        ldx NDX
        cpx XMAX
        bcs @full
        sta KEYD,x
        inc NDX
@full:  rts

repeat_keys:
        .byte $20, $1D, $9D, $11, $91, $14, $94

; Decode tables by modifier bits: none, SHIFT, C=, SHIFT+C=, then CTRL with any others.
tab_lo: .lobytes keys_plain, keys_shift, keys_cbm, keys_cbm, keys_ctrl, keys_ctrl, keys_ctrl, keys_ctrl
tab_hi: .hibytes keys_plain, keys_shift, keys_cbm, keys_cbm, keys_ctrl, keys_ctrl, keys_ctrl, keys_ctrl

; ------------------------------------------------------------------------------------------
        .segment "KERNALB"

; Remove the first key from the buffer: A = its code. X and Y are changed.
kbd_get:
        sei
        ldy KEYD
        ldx #0
@l:     lda KEYD+1,x
        sta KEYD,x
        inx
        cpx NDX
        bcc @l
        dec NDX
        tya
        cli
        clc
        rts

; GETIN: from the keyboard buffer (A = 0 when empty), else as CHRIN. X and Y are kept.
getin_impl:
        lda DFLTN
        bne @other
        lda NDX
        beq @r
        txa
        pha
        tya
        pha
        jsr kbd_get
        sta DATAB
        pla
        tay
        pla
        tax
        lda DATAB
@r:     clc
        rts
@other: jmp chrin_impl

; The decode tables: 64 matrix codes each, then code 64 (no key). $FF: no character.
; Rows of 8 are the matrix columns 0-7 (port A lines); within a row, port B lines 0-7.
keys_plain:
        .byte $14, $0D, $1D, $88, $85, $86, $87, $11     ; DEL RETURN CRSR-RT F7 F1 F3 F5 CRSR-DN
        .byte "3WA4ZSE", $FF                              ; ... LEFT-SHIFT
        .byte "5RD6CFTX"
        .byte "7YG8BHUV"
        .byte "9IJ0MKON"
        .byte "+PL-.:@,"
        .byte $5C, "*;", $13, $FF, "=", $5E, "/"          ; POUND * ; HOME RIGHT-SHIFT = UP-ARROW /
        .byte "1", $5F, $FF, "2 ", $FF, "Q", $03          ; 1 LEFT-ARROW CTRL 2 SPACE C= Q RUN/STOP
        .byte $FF

keys_shift:
        .byte $94, $8D, $9D, $8C, $89, $8A, $8B, $91     ; INST S-RETURN CRSR-LT F8 F2 F4 F6 CRSR-UP
        .byte "#", $D7, $C1, "$", $DA, $D3, $C5, $FF
        .byte "%", $D2, $C4, "&", $C3, $C6, $D4, $D8
        .byte "'", $D9, $C7, "(", $C2, $C8, $D5, $D6
        .byte ")", $C9, $CA, "0", $CD, $CB, $CF, $CE
        .byte $DB, $D0, $CC, $DD, ">[", $BA, "<"          ; + gives a cross, - a vertical bar
        .byte $A9, $C0, "]", $93, $FF, "=", $DE, "?"      ; POUND triangle, * horizontal bar, pi
        .byte "!", $5F, $FF, $22, $A0, $FF, $D1, $83      ; SHIFT+RUN/STOP: $83
        .byte $FF

keys_cbm:
        .byte $94, $8D, $9D, $8C, $89, $8A, $8B, $91
        .byte $96, $B3, $B0, $97, $AD, $AE, $B1, $FF      ; C=3 lt.red, C=4 dk.grey
        .byte $98, $B2, $AC, $99, $BC, $BB, $A3, $BD      ; C=5 grey, C=6 lt.green
        .byte $9A, $B7, $A5, $9B, $BF, $B4, $B8, $BE      ; C=7 lt.blue, C=8 lt.grey
        .byte ")", $A2, $B5, "0", $A7, $A1, $B9, $AA
        .byte $A6, $AF, $B6, $DC, ">[", $A4, "<"
        .byte $A8, $DF, "]", $93, $FF, "=", $DE, "?"
        .byte $81, $5F, $FF, $95, $A0, $FF, $AB, $83      ; C=1 orange, C=2 brown
        .byte $FF

keys_ctrl:
        .byte $FF, $FF, $FF, $FF, $FF, $FF, $FF, $FF
        .byte $1C, $17, $01, $9F, $1A, $13, $05, $FF      ; CTRL+3 red, CTRL+4 cyan
        .byte $9C, $12, $04, $1E, $03, $06, $14, $18      ; CTRL+5 purple, CTRL+6 green
        .byte $1F, $19, $07, $9E, $02, $08, $15, $16      ; CTRL+7 blue, CTRL+8 yellow
        .byte $12, $09, $0A, $92, $0D, $0B, $0F, $0E      ; CTRL+9 RVS ON, CTRL+0 RVS OFF
        .byte $FF, $10, $0C, $FF, $FF, $1B, $FF, $FF
        .byte $1C, $FF, $1D, $FF, $FF, $1F, $1E, $FF
        .byte $90, $06, $FF, $05, $FF, $FF, $11, $FF      ; CTRL+1 black, CTRL+2 white
        .byte $FF
