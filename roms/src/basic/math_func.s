; breadbin open BASIC: the numeric functions SQR, LOG, EXP, SIN, COS, TAN, ATN, RND and the
; power operator.
;
; LOG, EXP, SIN and ATN evaluate the polynomial approximations whose coefficients are
; published for Microsoft BASIC (the tables below, as packed floats); the argument
; reductions are the classic ones: LOG splits off the binary exponent and maps the mantissa m
; to (m - 1/sqr 2) / (m + 1/sqr 2); EXP works in base 2 and splits off the integer part; SIN
; reduces by 2 pi to a quarter turn; ATN reflects |x| > 1 through 1/x. SQR(x) is x^0.5 and
; x^y is EXP(y * LOG(x)), as in the original, so they print the same digits.
;
; RND follows the documented algorithm: seed * 11879546 + 3.927677739E-8, then the two outer
; and the two inner mantissa bytes swap places, the old exponent becomes the rounding byte,
; and the number is normalised between 0 and 1 and stored back as the seed. A negative
; argument is shuffled the same way to become the seed; RND(0) takes the four bytes of CIA 1's
; timers A and B instead of the product.

        .include "basic_zp.inc"
        .include "math.inc"

        .import MOVFM, MOVMF, MOVFA, MOVAF, MOVEF, FADD, FADDH, FSUB, FSUBT, FMULT, FDIV, FDIVT
        .import NEGOP, FCOMP, SIGN, INT, FINLOG, FONE, FHALF
        .import FPERR_IQ, FPERR_OV, FP_NORM, FP_ZERO, FP_INCRND, FP_MULDIV2

        .export SQR, FPWRT, LOG, EXP, SIN, COS, TAN, ATN, RND, RNDSEED, POLY, POLYX

        .segment "BASICHI"

; ---------------------------------------------------------------------------------------------
; Constants and coefficient tables (packed floats; values as published). They come first:
; their bytes do not depend on where the module is linked.

RNDSEED: .byte $80, $4F, $C7, $52, $58  ; the seed at power-on, .811635157
RMULC:  .byte $98, $35, $44, $7A, $00   ; 11879546
RADDC:  .byte $68, $28, $B1, $46, $00   ; 3.927677739E-8
SQRHLF: .byte $80, $35, $04, $F3, $34   ; .707106781 = 1/sqr 2
SQRTWO: .byte $81, $35, $04, $F3, $34   ; 1.41421356 = sqr 2
NEGHLF: .byte $80, $80, $00, $00, $00   ; -.5
LN2:    .byte $80, $31, $72, $17, $F8   ; .693147181 = ln 2
LOG2E:  .byte $81, $38, $AA, $3B, $29   ; 1.44269504 = 1/ln 2
PI2:    .byte $81, $49, $0F, $DA, $A2   ; 1.57079633 = pi/2
TWOPI:  .byte $83, $49, $0F, $DA, $A2   ; 6.28318531 = 2 pi
FR4:    .byte $7F, $00, $00, $00, $00   ; .25

LOGCON: .byte 3                         ; log2((1+t)/(1-t)) / t, in t^2
        .byte $7F, $5E, $56, $CB, $79   ; .434255942
        .byte $80, $13, $9B, $0B, $64   ; .576584541
        .byte $80, $76, $38, $93, $16   ; .961800759
        .byte $82, $38, $AA, $3B, $20   ; 2.88539007

EXPCON: .byte 7                         ; 2^f
        .byte $71, $34, $58, $3E, $56   ; 2.14987637E-05
        .byte $74, $16, $7E, $B3, $1B   ; 1.4352314E-04
        .byte $77, $2F, $EE, $E3, $85   ; 1.34226348E-03
        .byte $7A, $1D, $84, $1C, $2A   ; 9.61401701E-03
        .byte $7C, $63, $59, $58, $0A   ; .0555051269
        .byte $7E, $75, $FD, $E7, $C6   ; .240226385
        .byte $80, $31, $72, $18, $10   ; .693147186
        .byte $81, $00, $00, $00, $00   ; 1

SINCON: .byte 5                         ; sin(2 pi w) / w, in w^2
        .byte $84, $E6, $1A, $2D, $1B   ; -14.3813907
        .byte $86, $28, $07, $FB, $F8   ; 42.0077971
        .byte $87, $99, $68, $89, $01   ; -76.7041703
        .byte $87, $23, $35, $DF, $E1   ; 81.6052237
        .byte $86, $A5, $5D, $E7, $28   ; -41.3417021
        .byte $83, $49, $0F, $DA, $A2   ; 6.28318531

ATNCON: .byte 11                        ; atn(x) / x, in x^2
        .byte $76, $B3, $83, $BD, $D3   ; -6.84793912E-04
        .byte $79, $1E, $F4, $A6, $F5   ; 4.85094216E-03
        .byte $7B, $83, $FC, $B0, $10   ; -.0161117018
        .byte $7C, $0C, $1F, $67, $CA   ; .034209638
        .byte $7C, $DE, $53, $CB, $C1   ; -.0542791328
        .byte $7D, $14, $64, $70, $4C   ; .0724571965
        .byte $7D, $B7, $EA, $51, $7A   ; -.0898023954
        .byte $7D, $63, $30, $88, $7E   ; .110932413
        .byte $7E, $92, $44, $99, $3A   ; -.142839808
        .byte $7E, $4C, $CC, $91, $C7   ; .19999912
        .byte $7F, $AA, $AA, $AA, $13   ; -.333333316
        .byte $81, $00, $00, $00, $00   ; 1

; ---------------------------------------------------------------------------------------------
; POLYX: FAC = x * P(x^2); POLY: FAC = P(x); x = FAC, P = the table at A/Y: a count n, then
; n+1 packed coefficients, highest power first. Horner's rule: each step multiplies the
; running value (in FAC) by x (in memory) and adds the next coefficient.

POLYX:  sta POLYPT
        sty POLYPT+1
        ldx #<TEMPF1
        ldy #>TEMPF1
        jsr MOVMF
        lda #<TEMPF1
        ldy #>TEMPF1
        jsr FMULT
        jsr poly1
        lda #<TEMPF1
        ldy #>TEMPF1
        jmp FMULT

POLY:   sta POLYPT
        sty POLYPT+1
poly1:  ldx #<TEMPF2
        ldy #>TEMPF2
        jsr MOVMF
        ldy #0
        lda (POLYPT),y
        sta DEGREE
        inc POLYPT
        bne @first
        inc POLYPT+1
@first: lda POLYPT
        ldy POLYPT+1
@term:  jsr FMULT
        lda POLYPT
        clc
        adc #5
        sta POLYPT
        bcc @add
        inc POLYPT+1
@add:   ldy POLYPT+1
        jsr FADD
        lda #<TEMPF2
        ldy #>TEMPF2
        dec DEGREE
        bne @term
        rts

; ---------------------------------------------------------------------------------------------
; SQR: FAC = FAC ^ 0.5. FPWRT: FAC = ARG ^ FAC.

SQR:    jsr MOVAF
        lda #<FHALF
        ldy #>FHALF
        jsr MOVFM
FPWRT:  lda FACEXP
        bne @y
        jmp EXP                 ; x^0 = EXP(0) = 1
@y:     lda ARGEXP
        bne @x
        jmp FP_ZERO             ; 0^y = 0
@x:     ldx #<TEMPF3
        ldy #>TEMPF3
        jsr MOVMF               ; the power, rounded
        lda #0                  ; bit 0: negate the result
        bit ARGSGN
        bpl @go
        jsr INT                 ; a negative base needs an integer power
        lda #<TEMPF3
        ldy #>TEMPF3
        jsr FCOMP
        bne @go                 ; it is not: LOG of the negative base reports the error
        lsr ARGSGN
        lda INTEGR              ; odd power: negative result
@go:    pha
        jsr MOVFA
        jsr LOG
        lda #<TEMPF3
        ldy #>TEMPF3
        jsr FMULT
        jsr EXP
        pla
        lsr a
        bcc @rts
        jmp NEGOP
@rts:   rts

; ---------------------------------------------------------------------------------------------
; LOG: natural logarithm; ?ILLEGAL QUANTITY for x <= 0.
; x = m * 2^e with 0.5 <= m < 1; log2(x) = e - 0.5 + P(t), t = 1 - sqr2 / (m + 1/sqr2).

LOG:    jsr SIGN
        beq @bad
        bpl @ok
@bad:   jmp FPERR_IQ
@ok:    lda FACEXP
        sec
        sbc #$80
        pha                     ; e
        lda #$80
        sta FACEXP              ; m
        lda #<SQRHLF
        ldy #>SQRHLF
        jsr FADD
        lda #<SQRTWO
        ldy #>SQRTWO
        jsr FDIV
        lda #<FONE
        ldy #>FONE
        jsr FSUB
        lda #<LOGCON
        ldy #>LOGCON
        jsr POLYX
        lda #<NEGHLF
        ldy #>NEGHLF
        jsr FADD
        pla
        jsr FINLOG
        lda #<LN2
        ldy #>LN2
        jmp FMULT

; ---------------------------------------------------------------------------------------------
; EXP: e^x = 2^y, y = x / ln 2 = n + f with n = INT(y): 2^f from the polynomial, then n added
; to the exponent. ?OVERFLOW when the result is too big; too small gives 0.

EXP:    lda #<LOG2E
        ldy #>LOG2E
        jsr FMULT
        lda FACOV               ; nudge y by 5/16 of a rounding unit (carrying into the mantissa)
        clc
        adc #$50
        sta OLDOV
        bcc @nudged
        jsr FP_INCRND
@nudged:
        jsr MOVEF               ; ARG = y
        lda FACEXP
        cmp #$88
        bcs @range              ; |y| >= 128
        jsr INT
        lda INTEGR
        clc
        adc #$81
        beq @range              ; n = 127
        sec
        sbc #1
        pha                     ; n + $80: the exponent to apply
        ldx #5                  ; FAC <-> ARG: FAC = y, ARG = n
@swap:  lda ARGEXP,x
        ldy FACEXP,x
        sta FACEXP,x
        sty ARGEXP,x
        dex
        bpl @swap
        lda OLDOV
        sta FACOV
        jsr FSUBT               ; n - y
        jsr NEGOP               ; f = y - n, 0 <= f < 1
        lda #<EXPCON
        ldy #>EXPCON
        jsr POLY
        lda #0
        sta ARISGN
        pla
        jsr FP_MULDIV2          ; times 2^n
        rts
@range: lda FACSGN
        bmi @zero
        jmp FPERR_OV
@zero:  jmp FP_ZERO

; ---------------------------------------------------------------------------------------------
; COS(x) = SIN(x + pi/2). SIN: u = x / 2pi, f = u - INT(u); the quarter-turn argument w in
; [-0.25, 0.25] with sin(2pi f) = sin(2pi w) goes to the odd polynomial. TANSGN flips when f
; is in the middle half (where cos changes sign), for TAN.

COS:    lda #<PI2
        ldy #>PI2
        jsr FADD
SIN:    jsr MOVAF
        lda #<TWOPI
        ldy #>TWOPI
        jsr MOVFM
        jsr FDIVT               ; u
        jsr MOVAF
        jsr INT
        jsr FSUBT               ; f
        lda #<FR4
        ldy #>FR4
        jsr FSUB                ; 0.25 - f
        lda FACSGN
        pha
        bpl sinneg              ; f <= 0.25: w = f
        jsr FADDH               ; 0.75 - f
        lda FACSGN
        bmi sinadd              ; f > 0.75: w = f - 1
        lda TANSGN              ; else w = 0.5 - f
        eor #$FF
        sta TANSGN
sinneg: jsr NEGOP
sinadd: lda #<FR4
        ldy #>FR4
        jsr FADD
        pla
        bpl @poly
        jsr NEGOP
@poly:  lda #<SINCON
        ldy #>SINCON
        jmp POLYX

; TAN = SIN / COS. The cosine comes from the same reduced argument w, which POLYX left in
; TEMPF1: cos(2pi w) = sin(2pi (0.25 - |w|)), with the sign TANSGN collected by SIN.

TAN:    lda #0
        sta TANSGN
        jsr SIN
        ldx #<TEMPF3
        ldy #>TEMPF3
        jsr MOVMF
        lda #<TEMPF1
        ldy #>TEMPF1
        jsr MOVFM
        lda #0
        sta FACSGN
        lda TANSGN
        jsr @cos
        lda #<TEMPF3
        ldy #>TEMPF3
        jmp FDIV
@cos:   pha
        jmp sinneg

; ---------------------------------------------------------------------------------------------
; ATN: odd polynomial on |x| <= 1; for |x| > 1, pi/2 - ATN(1/|x|); the sign put back last.

ATN:    lda FACSGN
        pha
        bpl @abs
        jsr NEGOP
@abs:   lda FACEXP
        pha
        cmp #$81
        bcc @poly
        lda #<FONE
        ldy #>FONE
        jsr FDIV
@poly:  lda #<ATNCON
        ldy #>ATNCON
        jsr POLYX
        pla
        cmp #$81
        bcc @sign
        lda #<PI2
        ldy #>PI2
        jsr FSUB
@sign:  pla
        bpl @rts
        jmp NEGOP
@rts:   rts

; ---------------------------------------------------------------------------------------------
; RND: FAC = RND(FAC), seed in RNDX.

RND:    jsr SIGN
        bmi @swap               ; negative: reseed from the argument
        bne @next
        lda $DC04               ; RND(0): CIA 1 timer A and B
        sta FACHO
        lda $DC05
        sta FACMOH
        lda $DC06
        sta FACMO
        lda $DC07
        sta FACLO
        jmp @norm
@next:  lda #<RNDX
        ldy #>RNDX
        jsr MOVFM
        lda #<RMULC
        ldy #>RMULC
        jsr FMULT
        lda #<RADDC
        ldy #>RADDC
        jsr FADD
@swap:  ldx FACLO
        lda FACHO
        sta FACLO
        stx FACHO
        ldx FACMOH
        lda FACMO
        sta FACMOH
        stx FACMO
@norm:  lda #0
        sta FACSGN
        lda FACEXP
        sta FACOV
        lda #$80
        sta FACEXP
        jsr FP_NORM
        ldx #<RNDX
        ldy #>RNDX
        jmp MOVMF
