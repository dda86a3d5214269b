; breadbin open KERNAL: the screen editor.
;
; Output to the screen (every PETSCII control code), 40-column physical lines linked into
; logical lines of up to 80 characters, scrolling that keeps logical lines together, and
; line input: CHRIN from the keyboard echoes keys until RETURN and then hands back the
; logical line under the cursor, character by character.
;
; Cursor state, as documented for the C64: TBLX ($D6) is the physical row; PNT ($D1) points
; at the first screen line of the logical line holding the cursor and PNTR ($D3) is the
; column within that logical line (0-79); LNMX ($D5) is 39 or 79; USER ($F3) is PNT's
; colour RAM twin. The link table LDTB1 ($D9-$F2) holds one byte per row: the high byte of
; the row's screen address, with bit 7 set when the row starts a logical line and clear
; when it continues the row above.

        .include "kernal_vars.inc"

; ------------------------------------------------------------------------------------------
; Fixed entry points: $E544 clears the screen, $E566 homes the cursor. Programs also
; clear the screen with JSR $E536 (the test bench's SHA/SHX/SHY programs do).
        .segment "KCLR2"
        jmp clrscr              ; $E536

        .segment "KCLR"
clrscr:
        lda #0
        sta BLNON               ; a cursor shown is wiped with the rest
        ldx #24
@row:   lda rowhi,x
        ora HIBASE
        ora #$80                ; every row starts its own logical line
        sta LDTB1,x
        jsr clrline
        dex
        bpl @row
        jmp home

        .segment "KHOME"
home:                                   ; $E566
        lda #0
        sta TBLX
        sta PNTR
; $E56C: put the cursor where TBLX ($D6) and PNTR ($D3, a column of that row) say; BASIC
; programs POKE both and SYS 58732.
setcursor:
        lda PNTR
        jmp setpos

; ------------------------------------------------------------------------------------------
        .segment "KED"

; Screen offsets of the 25 rows.
rowlo:
        .repeat 25, I
        .byte <(I * 40)
        .endrepeat
rowhi:
        .repeat 25, I
        .byte >(I * 40)
        .endrepeat

; Point DSTPTR/DSTCOL at row X (screen and colour RAM). Keeps X.
lineptr:
        lda rowlo,x
        sta DSTPTR
        sta DSTCOL
        lda rowhi,x
        ora #$D8
        sta DSTCOL+1
        lda rowhi,x
        ora HIBASE
        sta DSTPTR+1
        rts

; Blank row X: spaces in the current colour (as the C64's third KERNAL does). Keeps X.
clrline:
        jsr lineptr
        ldy #39
@l:     lda #$20
        sta (DSTPTR),y
        lda COLOR
        sta (DSTCOL),y
        dey
        bpl @l
        rts

; Copy row A to row X, screen and colour. Keeps X.
copyrow:
        stx TMPX
        tax
        jsr lineptr
        lda DSTPTR
        sta SRCPTR
        sta SRCCOL
        lda DSTPTR+1
        sta SRCPTR+1
        lda DSTCOL+1
        sta SRCCOL+1
        ldx TMPX
        jsr lineptr
        ldy #39
@l:     lda (SRCPTR),y
        sta (DSTPTR),y
        lda (SRCCOL),y
        sta (DSTCOL),y
        dey
        bpl @l
        rts

; X = first row of the logical line holding the cursor.
logstart:
        ldx TBLX
        beq @r
        lda LDTB1,x
        bmi @r
        dex
@r:     rts

; A = the cursor's column on its physical row (flags set by it).
physcol:
        lda PNTR
        cmp #40
        bcc @r
        sbc #40
        rts
@r:     ora #0
        rts

; Put the cursor on row TBLX, physical column A: sets PNT, PNTR, LNMX and USER.
setpos:
        sta PNTR
        ldx TBLX
        beq @start
        lda LDTB1,x
        bmi @start
        dex                     ; a continuation row: the logical line began one row up
        lda PNTR
        clc
        adc #40
        sta PNTR
@start: lda #39
        cpx #24
        bcs @len
        ldy LDTB1+1,x
        bmi @len
        lda #79
@len:   sta LNMX
        lda rowlo,x
        sta PNT
        sta USER
        lda rowhi,x
        ora #$D8
        sta USER+1
        lda rowhi,x
        ora HIBASE
        sta PNT+1
        rts

; Scroll the whole screen up by one logical line (one or two rows). The cursor row and
; the row where line input began follow the text.
scroll_up:
        ldx #0
@row:   inx
        txa
        dex
        jsr copyrow             ; row X+1 to row X
        lda LDTB1+1,x
        and #$80
        sta DATAB
        lda LDTB1,x
        and #$7F
        ora DATAB
        sta LDTB1,x
        inx
        cpx #24
        bne @row
        jsr clrline
        lda LDTB1+24
        ora #$80
        sta LDTB1+24
        lda TBLX
        beq @lxsp
        dec TBLX
@lxsp:  lda LXSP
        bmi @more
        dec LXSP
@more:  lda LDTB1
        bpl scroll_up           ; the top row continues a scrolled-off line: drop it too
        ; CTRL held slows scrolling down, as on the C64.
        lda #$7F
        sta $DC00
        lda $DC01
        and #$04
        bne @done
        ldy #0
        ldx #8
@wait:  dey
        bne @wait
        dex
        bne @wait
@done:  rts

; Open a blank row at row X (a logical line start): rows X..23 move down one, row 24's
; text is lost. Keeps X.
insert_line:
        stx TMPROW
        ldx #24
@row:   cpx TMPROW
        beq @clear
        dex
        txa
        inx
        jsr copyrow             ; row X-1 to row X
        lda LDTB1-1,x
        and #$80
        sta DATAB
        lda LDTB1,x
        and #$7F
        ora DATAB
        sta LDTB1,x
        dex
        bne @row
@clear: jsr clrline
        lda LDTB1,x
        ora #$80
        sta LDTB1,x
        lda LXSP
        bmi @r
        cmp TMPROW
        bcc @r
        inc LXSP
@r:     rts

; Make the row below the cursor's (one-row) logical line its continuation, opening a
; blank row there (unless AUTODN is set) or scrolling when the line is at the bottom.
extend:
        jsr logstart
        cpx #24
        bcc @room
        jsr scroll_up
        jsr logstart
@room:  inx
        lda AUTODN
        bne @link
        jsr insert_line
@link:  lda LDTB1,x
        and #$7F
        sta LDTB1,x
        cpx #24                 ; a row taken over (AUTODN) may have had a continuation:
        bcs @r                  ; it becomes a line of its own (lines have two rows at most)
        lda LDTB1+1,x
        ora #$80
        sta LDTB1+1,x
@r:     rts

; Cursor to column 0 of the next row, scrolling at the bottom.
nextrow:
        lda TBLX
        cmp #24
        bcc @down
        jsr scroll_up
@down:  inc TBLX
        lda #0
        jmp setpos

; ------------------------------------------------------------------------------------------
; CHROUT to the screen. A = PETSCII code; A, X and Y are kept, carry is cleared. At $E716,
; where programs call it to print on the screen directly.
        .segment "KSCROUT"
scr_out:
        sta DATAB
        pha
        txa
        pha
        tya
        pha
        lda #0
        sta CRSW                ; printing ends any pending screen-line input
        lda DATAB
        jsr scr_put
        pla
        tay
        pla
        tax
        pla
        clc
        rts

scr_put:
        tax
        and #$60
        beq control             ; $00-$1F and $80-$9F
        txa
        cmp #$22
        bne @conv
        lda QTSW                ; a quote toggles quote mode
        eor #$01
        sta QTSW
        lda #$22
@conv:  cmp #$40                ; PETSCII -> screen code
        bcc @code               ; $20-$3F: the same
        cmp #$60
        bcc @and3f              ; $40-$5F -> $00-$1F
        cmp #$80
        bcc @sub20              ; $60-$7F -> $40-$5F
        cmp #$C0
        bcc @sub40              ; $A0-$BF -> $60-$7F
        cmp #$FF
        beq @pi
        and #$7F                ; $C0-$FE -> $40-$7E
        bpl @code
@sub20: sbc #$1F                ; carry is clear: subtracts $20
        bcs @code
@sub40: sbc #$3F                ; carry is clear: subtracts $40
        bcs @code
@and3f: and #$3F
        bpl @code
@pi:    lda #$5E
@code:  ldx RVS
        beq @plain
        ora #$80
@plain: ldx INSRT
        beq putadv
        dec INSRT
putadv: jsr putc
; Advance the cursor after a character was stored.
advance:
        ldy PNTR
        cpy LNMX
        bcs @end
        iny
        sty PNTR
        cpy #40
        bne @r
        inc TBLX                ; into the second row of the logical line
@r:     rts
@end:   lda LNMX
        cmp #79
        bne @grow
        jmp nextrow             ; 80 characters: the next row starts a new logical line
@grow:
        jsr extend
        inc TBLX
        lda #0
        jmp setpos

; Store screen code A at the cursor, in the current colour.
putc:
        ldy PNTR
        sta (PNT),y
        lda COLOR
        sta (USER),y
        lda #2                  ; the cursor reappears soon after typing
        sta BLNCT
        rts

; A control code (in X). RETURN always acts; INST always inserts; in insert mode every
; other code is shown as a reversed character, DEL included; in quote mode every other
; code but DEL is.
control:
        txa
        and #$7F
        cmp #$0D
        beq do_cr
        cpx #$94
        beq inst
        lda INSRT
        bne reversed
        cpx #$14
        beq del
        lda QTSW
        bne reversed
        ; dispatch through the table: codes $00-$1F at 0-31, $80-$9F at 32-63
        txa
        bpl @low
        and #$1F
        ora #$20
        bne @go
@low:   and #$1F
@go:    tay
        lda ctl_lo,y
        sta JMPPTR
        lda ctl_hi,y
        sta JMPPTR+1
        jmp (JMPPTR)

; A control code shown as a character: $00-$1F as reversed screen codes $80-$9F,
; $80-$9F as reversed $C0-$DF.
reversed:
        txa
        bmi @high
        ora #$80
        bne @show
@high:  clc
        adc #$40
@show:  ldx INSRT
        beq @put
        dec INSRT
@put:   jmp putadv

; RETURN and SHIFT+RETURN: column 0 of the row after the logical line; reverse, quote
; and insert modes end.
do_cr:
        lda #0
        sta RVS
        sta QTSW
        sta INSRT
        jsr logstart
        lda LNMX
        cmp #79
        bne @one
        inx
@one:   stx TBLX
        jmp nextrow

; DEL: the character left of the cursor goes, the rest of the logical line moves left.
; At the start of a logical line the cursor backs up to the end of the row above.
del:
        lda PNTR
        bne @go
        ldx TBLX
        beq ignore
@go:    jsr crsr_left
        ldy PNTR
@l:     cpy LNMX
        bcs @last
        iny
        lda (PNT),y
        dey
        sta (PNT),y
        iny
        lda (USER),y
        dey
        sta (USER),y
        iny
        bne @l
@last:  lda #$20
        sta (PNT),y
        lda COLOR
        sta (USER),y
ignore: rts

; INST: a space opens at the cursor, the rest of the logical line moves right. A full
; one-row line first grows into the row below; a full two-row line takes no insert.
inst:
        ldy LNMX
        lda (PNT),y
        cmp #$20
        beq @room
        cpy #79
        beq ignore
        jsr physcol
        pha
        jsr extend
        pla
        jsr setpos
        ldy LNMX
@room:  cpy PNTR
        beq @put
        dey
        lda (PNT),y
        iny
        sta (PNT),y
        dey
        lda (USER),y
        iny
        sta (USER),y
        dey
        jmp @room
@put:   lda #$20
        sta (PNT),y
        lda COLOR
        sta (USER),y
        inc INSRT
        bne @r
        dec INSRT               ; stays at 255
@r:     rts

crsr_down:
        jsr physcol
        pha
        lda TBLX
        cmp #24
        bcc @down
        jsr scroll_up
@down:  inc TBLX
        pla
        jmp setpos

crsr_up:
        lda TBLX
        beq ignore
        jsr physcol
        dec TBLX
        jmp setpos

crsr_right:
        jsr physcol
        cmp #39
        bcs @wrap
        adc #1
        jmp setpos
@wrap:  jmp nextrow

crsr_left:
        jsr physcol
        beq @up
        sec
        sbc #1
        jmp setpos
@up:    lda TBLX
        beq ignore
        dec TBLX
        lda #39
        jmp setpos

rvs_on:
        lda #$12
        sta RVS
        rts

rvs_off:
        lda #0
        sta RVS
        rts

lower_case:
        lda $D018
        ora #$02
        sta $D018
        rts

upper_case:
        lda $D018
        and #$FD
        sta $D018
        rts

case_lock:
        lda #$80
        sta MODE
        rts

case_unlock:
        lda #$00
        sta MODE
        rts

; A colour code (in DATAB): its colour number is its place in the table.
set_colour:
        ldy #15
        lda DATAB
@l:     cmp colour_codes,y
        beq @found
        dey
        bpl @l
        rts
@found: sty COLOR
        rts
        .segment "KED2"
colour_codes:
        .byte $90, $05, $1C, $9F, $9C, $1E, $1F, $9E   ; black white red cyan purple green blue yellow
        .byte $81, $95, $96, $97, $98, $99, $9A, $9B   ; orange brown lt.red dk.grey grey lt.green lt.blue lt.grey

; Handlers of the control codes.
.define CTL_LOW ignore, ignore, ignore, ignore, ignore, set_colour, ignore, ignore, case_lock, case_unlock, ignore, ignore, ignore, do_cr, lower_case, ignore, ignore, crsr_down, rvs_on, home, del, ignore, ignore, ignore, ignore, ignore, ignore, ignore, set_colour, crsr_right, set_colour, set_colour
.define CTL_HIGH ignore, set_colour, ignore, ignore, ignore, ignore, ignore, ignore, ignore, ignore, ignore, ignore, ignore, do_cr, upper_case, ignore, set_colour, crsr_up, rvs_off, clrscr, inst, set_colour, set_colour, set_colour, set_colour, set_colour, set_colour, set_colour, set_colour, crsr_left, set_colour, set_colour
ctl_lo: .lobytes CTL_LOW
        .lobytes CTL_HIGH
ctl_hi: .hibytes CTL_LOW
        .hibytes CTL_HIGH

; ------------------------------------------------------------------------------------------
; Line input.
        .segment "KCOLPTR"
; $EA24: point USER ($F3/$F4) at the colour RAM of the screen line that PNT ($D1/$D2) points
; at. Programs that place the cursor themselves call it.
colptr_sync:
        lda PNT
        sta USER
        lda PNT+1
        and #$03
        ora #$D8
        sta USER+1
        rts

        .segment "KERNAL"

; Take the cursor off the screen if it is shown.
cursor_off:
        lda BLNON
        beq @r
        ldy PNTR
        lda GDBLN
        sta (PNT),y
        lda GDCOL
        sta (USER),y
        lda #0
        sta BLNON
@r:     rts

; CHRIN from the keyboard. Without a finished line, echo keys (cursor blinking) until
; RETURN; then return the logical line under the cursor one character per call, from the
; column where input began if the cursor is still on that logical line, else from its
; start; trailing spaces are dropped; a final RETURN ends it. X and Y are kept.
kbd_chrin:
        txa
        pha
        tya
        pha
        lda CRSW
        bne @read
        jsr logstart
        stx LXSP
        lda PNTR
        sta LXSP+1
@wait:  lda NDX
        sta BLNSW               ; the cursor blinks while no key is waiting
        beq @wait
        sei
        jsr cursor_off
        cli
        jsr kbd_get
        cmp #$83                ; SHIFT+RUN/STOP types LOAD and RUN
        bne @key
        ldx #8
@lr:    lda load_run,x
        sta KEYD,x
        dex
        bpl @lr
        lda #9
        sta NDX
        bne @wait
@key:   cmp #$0D
        beq @enter
        jsr scr_out
        jmp @wait
@enter: jsr logstart
        ldy #0
        cpx LXSP
        bne @from
        ldy LXSP+1
@from:  jsr line_end
@read:  jmp chrin_next

load_run:
        .byte "LOAD", $0D, "RUN", $0D

; CHRIN from the screen (device 3): the logical line from the cursor on. X, Y kept.
scr_chrin:
        txa
        pha
        tya
        pha
        lda CRSW
        bne @read
        ldy PNTR
        jsr line_end
@read:
chrin_next:
        jsr scr_next
        sta DATAB
        pla
        tay
        pla
        tax
        lda DATAB
        clc
        rts

; Start reading the cursor's logical line back at column Y: INDX = its length without
; trailing spaces.
line_end:
        sty PNTR
        ldy LNMX
@l:     lda (PNT),y
        cmp #$20
        bne @e
        dey
        bpl @l
@e:     iny
        sty INDX
        lda #0
        sta QTSW
        lda #1
        sta CRSW
        rts

; The next character of the line being read, as PETSCII; RETURN at its end, with the
; cursor moved to the start of the next line.
scr_next:
        ldy PNTR
        cpy INDX
        bcs @end
        inc PNTR
        lda (PNT),y
        sta DATAB
        and #$7F
        cmp #$22
        bne @notq
        lda QTSW
        eor #$01
        sta QTSW
        lda #$22
        rts
@notq:  bit DATAB
        bpl @norm
        ldx QTSW
        beq @norm
        ; a reversed character inside quotes is the control code that printed it
        cmp #$20
        bcc @r
        cmp #$40
        bcc @norm
        cmp #$60
        bcs @norm
        adc #$40                ; $40-$5F -> $80-$9F (carry clear)
@r:     rts
@norm:  cmp #$20
        bcs @n2
        ora #$40                ; $00-$1F -> $40-$5F
        rts
@n2:    cmp #$40
        bcc @r                  ; $20-$3F: the same
        cmp #$60
        bcs @n3
        cmp #$5E                ; pi reads as $FF, the code BASIC knows
        beq @pi
        ora #$80                ; $40-$5F -> $C0-$DF
        rts
@pi:    lda #$FF
        rts
@n3:    adc #$3F                ; $60-$7F -> $A0-$BF (carry set)
        rts
@end:   lda #0
        sta CRSW
        jsr do_cr
        lda #$0D
        rts

; ------------------------------------------------------------------------------------------
; PLOT: carry set reads the cursor (X row, Y column in the logical line); carry clear
; puts it at row X, column Y.
plot_impl:
        bcs @read
        stx TBLX
        stx DATAB
        tya
        pha
        jsr setpos
        pla
        tay
        ldx DATAB
        rts
@read:  ldx TBLX
        ldy PNTR
        rts

; SCREEN: columns in X, rows in Y.
screen_impl:
        ldx #40
        ldy #25
        rts

; Editor part of CINT: defaults, then a clear screen.
cint_screen:
        lda #0
        sta NDX
        sta RVS
        sta QTSW
        sta INSRT
        sta CRSW
        sta BLNON
        sta DFLTN
        lda #3
        sta DFLTO
        lda #1
        sta BLNSW
        lda #20
        sta BLNCT
        lda #14                 ; light blue text
        sta COLOR
        lda #10
        sta XMAX
        lda #$10
        sta DELAY
        lda #4
        sta KOUNT
        lda #$40
        sta LSTX
        sta SFDX
        lda #<keylog_default
        sta KEYLOG
        lda #>keylog_default
        sta KEYLOG+1
        lda #$FF
        sta LXSP
        jmp clrscr
