; breadbin open BASIC V2: entry points at the addresses the C64's memory maps document.
;
; Machine-language programs (packers, test programs, utilities) call BASIC's routines at
; their documented addresses rather than through a table: STROUT at $AB1E, LINPRT at
; $BDCD, READY at $A474 and so on. Each segment BF_xxxx holds the entry at address $xxxx
; (see rom.cfg): a jump into breadbin's own routine with the documented register contract,
; or a few bytes that programs are known to execute or compare at that address.

        .include "interp.inc"

        .import FP_NORM, FP_NEGFAC

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

        .segment "BF_A660"
        jmp CLEARC              ; forget variables, arrays and strings, RESTORE, close files

        .segment "BF_A68E"
        jmp STXTPT              ; text pointer to the program's start (less one)

        .segment "BF_A7AE"
        jmp NEWSTT              ; execute the next statement

        .segment "BF_AABC"
        jmp PRTFAC              ; print FAC as PRINT does (cursor right after), then go on with the PRINT statement at TXTPTR

        .segment "BF_AB1E"
        jmp STROUT              ; print the zero-terminated text at A (low) / Y (high)

        .segment "BF_AF7E"
        jmp INTFAC              ; FAC = the integer in $62-$65 (high first), Y its rounding byte; see INTFAC

        .segment "BF_AF87"
        ; $62 = 0, $63 = Y, $64 = X, $65 = A: a 24-bit integer (A low) in FAC's mantissa for
        ; $AF7E (or with $62 set, a 32-bit one). Keeps A, X and the carry; returns Y = 0.
        sty FACHO+1
        stx FACMO
        sta FACLO
        ldy #0
        sty FACHO
        rts

        .segment "BF_B391"
        ldx #0                  ; GIVAYF: FAC = the signed 16-bit integer A (high) / Y (low); VALTYP = number
        stx VALTYP
        .assert * = $B395, error, "$B395 must follow $B391's first four bytes"
        jmp GIVAYF              ; $B395: the same without VALTYP

        .segment "BF_B7F7"
        jmp GETADR              ; $14/$15 = FAC as an unsigned 16-bit integer, also Y (low) / A (high)

        .segment "BF_B82A"
        .byte $91, LINNUM       ; STA ($14),Y (see $A4E1)

        .segment "BF_B849"
        jmp FADDH               ; FAC = FAC + 0.5

        .segment "BF_B850"
        jmp FSUB                ; FAC = the float at A (low) / Y (high) - FAC
        jmp FSUBT               ; $B853: FAC = ARG - FAC

        .segment "BF_B86A"
        jmp FADDT               ; FAC = ARG + FAC

        .segment "BF_BA28"
        jmp FMULT               ; FAC = FAC * the float at A (low) / Y (high)

        .segment "BF_BA8C"
        jmp CONUPK              ; ARG = the float at A (low) / Y (high); $6F = sign of FAC EOR sign of ARG

        .segment "BF_BB0F"
        jmp FDIV                ; FAC = the float at A (low) / Y (high) / FAC
        jmp FDIVT               ; $BB12: FAC = ARG / FAC

        .segment "BF_BBA2"
        jmp MOVFM               ; FAC = the float at A (low) / Y (high)

        .segment "BF_BBD4"
        jmp MOVMF               ; the float at X (low) / Y (high) = FAC, rounded

        .segment "BF_BC0C"
        jmp MOVAF               ; ARG = FAC, rounded

        .segment "BF_BC3C"
        jmp FLOAT               ; FAC = A as a signed byte

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

        .segment "BF_BC9B"
        jmp QINT                ; $62-$65 = floor(FAC) as a 32-bit signed integer, high byte first

        .segment "BASIC9"
; INTFAC ($AF7E): FAC = the 32-bit integer in $62-$65 with Y as its rounding byte, and as the
; sign byte for a positive number (carry set); carry clear: the integer and Y are a 40-bit
; two's complement negative number and the sign is Y EOR $FF.
INTFAC: sty FACSGN
        sty FACOV
        ldx #$A0
        stx FACEXP
        bcs @norm
        jsr FP_NEGFAC
@norm:  jmp FP_NORM

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
