; breadbin open BASIC V2: entry points at the addresses the C64's memory maps document.
;
; Machine-language programs (packers, test programs, utilities) call BASIC's routines at
; their documented addresses rather than through a table: STROUT at $AB1E, LINPRT at
; $BDCD, READY at $A474 and so on. Each segment BF_xxxx holds the entry at address $xxxx
; (see rom.cfg): a jump into breadbin's own routine with the documented register contract,
; or a few bytes that programs are known to execute or compare at that address.

        .include "interp.inc"

; ---------------------------------------------------------------- $A000-$BFFF
        .segment "BF_A474"
        jmp READY               ; print READY. and enter the main loop

        .segment "BF_A4E1"
        ; STA ($24),Y. Bank-switching tests store A through ($24) by executing these two
        ; bytes right after mapping the ROM in (a RAM copy of the program around them).
        .byte $91, INDEX2

        .segment "BF_A533"
        jmp LINKPRG             ; recompute the line links of the program

        .segment "BF_A659"
        jmp RUNC                ; text pointer to the program's start, then CLR

        .segment "BF_A7AE"
        jmp NEWSTT              ; execute the next statement

        .segment "BF_AB1E"
        jmp STROUT              ; print the zero-terminated text at A (low) / Y (high)

        .segment "BF_B82A"
        .byte $91, LINNUM       ; STA ($14),Y (see $A4E1)

        .segment "BF_B86A"
        jmp FADDT               ; FAC = ARG + FAC

        .segment "BF_BA28"
        jmp FMULT               ; FAC = FAC * the float at A (low) / Y (high)

        .segment "BF_BC0C"
        jmp MOVAF               ; ARG = FAC, rounded

        .segment "BF_BC49"
; FLOATC: FAC = the 16-bit number in $62 (high) / $63 (low) times 2^(X - $90); carry set
; for a positive number, clear for a negative one in two's complement.
FLOATC: lda #0                  ; (LDA and STA keep the carry and X)
        sta FACMO
        sta FACLO
        bcs @pos
        sec                     ; negative: the magnitude is 0 - the number
        sbc FACHO+1
        sta FACHO+1
        lda #0
        sbc FACHO
        sta FACHO
        jsr FLTU32
        lda FACEXP
        beq @done
        lda #$FF
        sta FACSGN
@done:  rts
@pos:   jmp FLTU32

        .segment "BF_BDCD"
        jmp LINPRT              ; print the unsigned number A (high) / X (low)

        .segment "BF_BDDD"
        jmp FOUT                ; FAC as text at $0100; returns A/Y = $0100

; ---------------------------------------------------------------- in the KERNAL ROM
        .segment "BF_E000"
        ; The first byte of the KERNAL ROM, which tests of the banking compare with the
        ; RAM underneath: $85 (a STA zero page opcode, as on the C64).
        .byte $85

        .segment "BF_E37B"
WARMV:  jmp WARM                ; the warm start, $A002's value

        .segment "BF_E394"
COLDV:  jmp COLD                ; the cold start, $A000's value
