; The picture's inner loop in assembly: putting rows of 16 pixels, shifted, through a mask.

        .include "zeropage.inc"
        .export _pr_shape, _pr_mask, _pr_dest, _pr_shift, _pr_rows, _pr_line
        .export _put_rows_asm

.bss
_pr_shape:  .res 2      ; the rows' pixels: 16-bit words, bit 15 leftmost
_pr_mask:   .res 2      ; where each row's pixels are put (same format)
_pr_dest:   .res 2      ; the bitmap byte of the first row's left edge
_pr_shift:  .res 1      ; pixels from that byte's left edge (0-7)
_pr_rows:   .res 1      ; how many rows
_pr_line:   .res 1      ; the first row's line within its character cell (0-7)
s0:         .res 3      ; a row's shape bytes, left to right
m0:         .res 3      ; its mask bytes
row:        .res 1
line:       .res 1

.code
; For each row: pixel = (pixel AND NOT mask) OR (shape AND mask), over the three bytes the
; shifted row covers; the next row is one byte on, or 313 on at a cell's last line.
.proc _put_rows_asm
        lda _pr_shape
        sta ptr1
        lda _pr_shape+1
        sta ptr1+1
        lda _pr_mask
        sta ptr2
        lda _pr_mask+1
        sta ptr2+1
        lda _pr_dest
        sta ptr3
        lda _pr_dest+1
        sta ptr3+1
        lda _pr_line
        sta line
        lda #0
        sta row
next_row:
        lda row
        asl a
        tay
        lda (ptr1),y
        sta s0+1
        lda (ptr2),y
        sta m0+1
        iny
        lda (ptr1),y
        sta s0
        lda (ptr2),y
        sta m0
        lda #0
        sta s0+2
        sta m0+2
        ldx _pr_shift
        beq put
shift:  lsr s0
        ror s0+1
        ror s0+2
        lsr m0
        ror m0+1
        ror m0+2
        dex
        bne shift
put:    ldy #0
        ldx #0
byte:   lda m0,x
        eor #$ff
        and (ptr3),y
        sta tmp1
        lda s0,x
        and m0,x
        ora tmp1
        sta (ptr3),y
        tya
        clc
        adc #8
        tay
        inx
        cpx #3
        bne byte
        ; The next row down.
        lda line
        cmp #7
        beq next_cell
        inc line
        inc ptr3
        bne advanced
        inc ptr3+1
        jmp advanced
next_cell:
        lda #0
        sta line
        lda ptr3
        clc
        adc #<313
        sta ptr3
        lda ptr3+1
        adc #>313
        sta ptr3+1
advanced:
        inc row
        lda row
        cmp _pr_rows
        beq done
        jmp next_row
done:   rts
.endproc

; XOR along a line: Bresenham's walk from a byte and bit of the bitmap, `_xs_count` steps
; (the longer axis's length), each step one pixel along the longer axis and, when the error
; says so, one along the other; every `_xs_dots`th pixel is flipped, the first one first.
; With `_xs_color` set, the colour cell under each flipped pixel gets it.
        .export _xs_ptr, _xs_bit, _xs_line, _xs_dx, _xs_dy, _xs_left, _xs_up, _xs_count
        .export _xs_dots, _xs_color, _xor_span_asm

BITMAP = $A000
COLORS = $8000

.bss
_xs_ptr:    .res 2
_xs_bit:    .res 1
_xs_line:   .res 1
_xs_dx:     .res 2      ; |x1 - x0|
_xs_dy:     .res 2      ; -|y1 - y0|
_xs_left:   .res 1      ; nonzero: x goes down
_xs_up:     .res 1      ; nonzero: y goes down
_xs_count:  .res 2
_xs_dots:   .res 1
_xs_color:  .res 1
err:        .res 2
e2:         .res 2
dots_left:  .res 1

.code
.proc _xor_span_asm
        lda _xs_ptr
        sta ptr1
        lda _xs_ptr+1
        sta ptr1+1
        clc
        lda _xs_dx
        adc _xs_dy
        sta err
        lda _xs_dx+1
        adc _xs_dy+1
        sta err+1
        lda #0
        sta dots_left
loop:   lda _xs_count
        ora _xs_count+1
        bne more
        rts
more:   lda dots_left
        bne no_plot
        ldy #0
        lda (ptr1),y
        eor _xs_bit
        sta (ptr1),y
        lda _xs_color
        beq no_color
        ; The colour cell: (p - BITMAP) / 8 past COLORS.
        sec
        lda ptr1
        sbc #<BITMAP
        sta ptr2
        lda ptr1+1
        sbc #>BITMAP
        lsr a
        ror ptr2
        lsr a
        ror ptr2
        lsr a
        ror ptr2
        clc
        adc #>COLORS
        sta ptr2+1
        lda _xs_color
        sta (ptr2),y
no_color:
        lda _xs_dots
        sta dots_left
no_plot:
        dec dots_left
        ; e2 = 2 err
        lda err
        asl a
        sta e2
        lda err+1
        rol a
        sta e2+1
        ; e2 >= dy: a step in x.
        sec
        lda e2
        sbc _xs_dy
        lda e2+1
        sbc _xs_dy+1
        bvc :+
        eor #$80
:       bmi no_x
        clc
        lda err
        adc _xs_dy
        sta err
        lda err+1
        adc _xs_dy+1
        sta err+1
        lda _xs_left
        bne go_left
        lsr _xs_bit
        bcc no_x
        ror _xs_bit
        clc
        lda ptr1
        adc #8
        sta ptr1
        bcc no_x
        inc ptr1+1
        jmp no_x
go_left:
        asl _xs_bit
        bcc no_x
        rol _xs_bit
        sec
        lda ptr1
        sbc #8
        sta ptr1
        bcs no_x
        dec ptr1+1
no_x:   ; dx >= e2: a step in y.
        sec
        lda _xs_dx
        sbc e2
        lda _xs_dx+1
        sbc e2+1
        bvc :+
        eor #$80
:       bmi next
        clc
        lda err
        adc _xs_dx
        sta err
        lda err+1
        adc _xs_dx+1
        sta err+1
        lda _xs_up
        bne go_up
        lda _xs_line
        cmp #7
        beq down_cell
        inc _xs_line
        inc ptr1
        bne next
        inc ptr1+1
        jmp next
down_cell:
        lda #0
        sta _xs_line
        clc
        lda ptr1
        adc #<313
        sta ptr1
        lda ptr1+1
        adc #>313
        sta ptr1+1
        jmp next
go_up:  lda _xs_line
        beq up_cell
        dec _xs_line
        lda ptr1
        bne :+
        dec ptr1+1
:       dec ptr1
        jmp next
up_cell:
        lda #7
        sta _xs_line
        sec
        lda ptr1
        sbc #<313
        sta ptr1
        lda ptr1+1
        sbc #>313
        sta ptr1+1
next:   lda _xs_count
        bne :+
        dec _xs_count+1
:       dec _xs_count
        jmp loop
.endproc

; ASCII text into the bitmap's character cells: `_pt_dest` the first cell's first byte,
; `_pt_text` the zero-terminated text; at most `_pt_max` characters.  Letters map to the
; character ROM's second set (a-z at 1-26, A-Z at 65-90), '@' to the gravity star at 0,
; the rest to their low six bits.
        .export _pt_dest, _pt_text, _pt_max, _put_text_asm

FONT = $C800

.bss
_pt_dest:   .res 2
_pt_text:   .res 2
_pt_max:    .res 1
pt_n:       .res 1

.code
.proc _put_text_asm
        lda _pt_dest
        sta ptr1
        lda _pt_dest+1
        sta ptr1+1
        lda _pt_text
        sta ptr2
        lda _pt_text+1
        sta ptr2+1
        lda #0
        sta pt_n
char:   lda pt_n
        cmp _pt_max
        beq done
        ldy pt_n
        lda (ptr2),y
        beq done
        cmp #$61
        bcc upper
        cmp #$7b
        bcs low6
        sbc #$5f                ; carry clear: a-z -> 1-26
        jmp code
upper:  cmp #$41
        bcc low6
        cmp #$5b
        bcc code                ; A-Z stay 65-90
low6:   and #$3f
code:   ; ptr3 = FONT + code * 8
        ldx #0
        stx ptr3+1
        asl a
        rol ptr3+1
        asl a
        rol ptr3+1
        asl a
        rol ptr3+1
        sta ptr3
        lda ptr3+1
        clc
        adc #>FONT
        sta ptr3+1
        ldy #7
copy:   lda (ptr3),y
        sta (ptr1),y
        dey
        bpl copy
        clc
        lda ptr1
        adc #8
        sta ptr1
        bcc :+
        inc ptr1+1
:       inc pt_n
        jmp char
done:   rts
.endproc
