; The solver's innermost steps in assembly (solve.c has the same in C, which the host
; build of the rules uses): taking the line at the current depth, taking it back, and
; whether the search may go on with it left out.  A star "lacks" when it needs more lines
; than are left for it: avail - need has bit 7 set (counts stay below 128).

        .include "zeropage.inc"
        .import _need, _avail, _bends, _blocked, _pos, _ca, _cb, _cg
        .import _picked, _npicked, _took, _found, _limit
        .import _s_k, _s_a, _s_g, _s_b, _s_c, _s_n, _s_p
        .export _take_asm, _untake_asm, _leave_ok_asm

NONE = $FF
MAX_BENDS = 2

.bss
lacks:  .res 1
e:      .res 1

.code
; Bit 7 of A: whether star X lacks.
.macro LACKS_X
        lda _avail,x
        sec
        sbc _need,x
        and #$80
.endmacro

; unsigned char take_asm(void): 1 when the line was taken and every star can still be met.
.proc _take_asm
        jmp start
no:     lda #0
        ldx #0
        rts
start:  ldx _s_a
        lda _need,x
        beq no
        ldx _s_b
        lda _need,x
        beq no
        ldx _s_c
        lda _blocked,x
        bne no
        lda #0
        sta lacks
        ldx _s_g
        cpx #NONE
        beq ends
        lda _need,x
        beq no
        lda _bends,x
        cmp #MAX_BENDS
        bcs no
        dec _need,x
        inc _bends,x
        LACKS_X
        sta lacks
ends:   ldx _s_a
        dec _need,x
        LACKS_X
        ora lacks
        sta lacks
        ldx _s_b
        dec _need,x
        LACKS_X
        ora lacks
        sta lacks
        ; The lines it clashes with that are still to be decided no longer count.
        lda _s_p
        sta ptr1
        lda _s_p+1
        sta ptr1+1
        ldy #0
clash:  cpy _s_n
        beq clashed
        lda (ptr1),y
        tax
        lda _blocked,x
        bne count
        lda _pos,x
        cmp _s_k
        beq count
        bcc count
        stx e
        lda _ca,x
        tax
        dec _avail,x
        LACKS_X
        ora lacks
        sta lacks
        ldx e
        lda _cb,x
        tax
        dec _avail,x
        LACKS_X
        ora lacks
        sta lacks
        ldx e
        lda _cg,x
        cmp #NONE
        beq bent_done
        tax
        dec _avail,x
        LACKS_X
        ora lacks
        sta lacks
bent_done:
        ldx e
count:  inc _blocked,x
        iny
        jmp clash
clashed:
        ldx _npicked
        lda _s_c
        sta _picked,x
        inc _npicked
        ldx _s_k
        lda #1
        sta _took,x
        lda lacks
        beq yes
        jmp no
yes:    lda #1
        ldx #0
        rts
.endproc

; void untake_asm(void): takes the line back, if take_asm took it.
.proc _untake_asm
        ldx _s_k
        lda _took,x
        bne back
        rts
back:   dec _npicked
        lda _s_p
        sta ptr1
        lda _s_p+1
        sta ptr1+1
        ldy #0
clash:  cpy _s_n
        beq clashed
        lda (ptr1),y
        tax
        dec _blocked,x
        bne next
        lda _pos,x
        cmp _s_k
        beq next
        bcc next
        stx e
        lda _ca,x
        tax
        inc _avail,x
        ldx e
        lda _cb,x
        tax
        inc _avail,x
        ldx e
        lda _cg,x
        cmp #NONE
        beq next
        tax
        inc _avail,x
next:   iny
        jmp clash
clashed:
        ldx _s_a
        inc _need,x
        ldx _s_b
        inc _need,x
        ldx _s_g
        cpx #NONE
        beq ends
        inc _need,x
        dec _bends,x
ends:   ldx _s_k
        lda #0
        sta _took,x
        rts
.endproc

; unsigned char leave_ok_asm(void): fewer solutions found than asked for, and neither end
; (nor the bend) lacks with the line left out.
.proc _leave_ok_asm
        lda _found
        cmp _limit
        bcs no
        ldx _s_a
        LACKS_X
        bne no
        ldx _s_b
        LACKS_X
        bne no
        ldx _s_g
        cpx #NONE
        beq yes
        LACKS_X
        bne no
yes:    lda #1
        ldx #0
        rts
no:     lda #0
        ldx #0
        rts
.endproc
