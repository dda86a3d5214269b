; breadbin open BASIC: floating-point core. Loading and storing the accumulators, rounding,
; addition, subtraction, multiplication, division, comparison, sign functions, and the
; conversions between floats and integers.
;
; The number format and the accumulators are the documented ones of Commodore BASIC V2 (see
; math.inc). Arithmetic works on 40 bits: the 32-bit mantissa of FAC extended by its rounding
; byte FACOV. A result keeps its rounding byte in FACOV; it is rounded (half up, on the
; magnitude) only when FAC is stored or copied to ARG, so a chain of operations on FAC loses
; less than one that goes through memory. The algorithms are the classic ones of the era:
; alignment by shifting the smaller operand right (bits beyond the rounding byte are dropped),
; byte-wise shift-and-add multiplication, restoring shift-and-subtract division.

        .include "basic_zp.inc"
        .include "math.inc"

        .import ERROR

        .export MOVFM, CONUPK, MOVMF, MOVFA, MOVAF, MOVEF, ROUND
        .export FADD, FADDT, FSUB, FSUBT, FADDH, FMULT, FMULTT, FDIV, FDIVT
        .export NEGOP, FCOMP, SIGN, SGN, ABS, INT, QINT
        .export GIVAYF, FLOAT, FLTU32, AYINT, GETADR, MUL10, DIV10, FINLOG
        .export FONE, FHALF, FTEN, FPI, N32768
        ; shared with the other math*.s files
        .export FPERR_IQ, FPERR_OV, FPERR_DZ, FP_NORM, FP_ZERO, FP_INCRND, FP_MULDIV2
        .export FP_NEGMANT, FP_NEGFAC

        .segment "BASIC6B"

; ---------------------------------------------------------------------------------------------
; Constants (packed floats).

FONE:   .byte $81, $00, $00, $00, $00   ; 1
FHALF:  .byte $80, $00, $00, $00, $00   ; 0.5
FTEN:   .byte $84, $20, $00, $00, $00   ; 10
FPI:    .byte $82, $49, $0F, $DA, $A2   ; pi
N32768: .byte $90, $80, $00, $00, $00   ; -32768

; ---------------------------------------------------------------------------------------------
; MOVFM: FAC = packed float at A(lo)/Y(hi). Returns A = FACEXP, Z set when it is zero.

MOVFM:  sta INDEX1
        sty INDEX1+1
        ldy #4
        lda (INDEX1),y
        sta FACLO
        dey
        lda (INDEX1),y
        sta FACMO
        dey
        lda (INDEX1),y
        sta FACMOH
        dey
        lda (INDEX1),y
        sta FACSGN
        ora #$80
        sta FACHO
        dey
        sty FACOV
        lda (INDEX1),y
        sta FACEXP
        rts

; CONUPK: ARG = packed float at A/Y; ARISGN = FAC sign EOR ARG sign. Returns A = FACEXP
; with Z set when FAC is zero.

CONUPK: sta INDEX1
        sty INDEX1+1
        ldy #4
        lda (INDEX1),y
        sta ARGLO
        dey
        lda (INDEX1),y
        sta ARGMO
        dey
        lda (INDEX1),y
        sta ARGMOH
        dey
        lda (INDEX1),y
        sta ARGSGN
        eor FACSGN
        sta ARISGN
        lda ARGSGN
        ora #$80
        sta ARGHO
        dey
        lda (INDEX1),y
        sta ARGEXP
        lda FACEXP
        rts

; MOVMF: store FAC, rounded, as a packed float at X(lo)/Y(hi). FACOV is 0 afterwards, so FAC
; equals what was stored.

MOVMF:  jsr ROUND
        stx INDEX1
        sty INDEX1+1
        ldy #4
        lda FACLO
        sta (INDEX1),y
        dey
        lda FACMO
        sta (INDEX1),y
        dey
        lda FACMOH
        sta (INDEX1),y
        dey
        lda FACSGN
        ora #$7F
        and FACHO
        sta (INDEX1),y
        dey
        lda FACEXP
        sta (INDEX1),y
        sty FACOV
        rts

; MOVFA: FAC = ARG. MOVAF: ARG = FAC rounded. MOVEF: ARG = FAC as it is (rounding byte
; dropped). All three leave FACOV = 0.

MOVFA:  ldx #6
@copy:  lda ARGEXP-1,x
        sta FACEXP-1,x
        dex
        bne @copy
        stx FACOV
        rts

MOVAF:  jsr ROUND
MOVEF:  ldx #6
@copy:  lda FACEXP-1,x
        sta ARGEXP-1,x
        dex
        bne @copy
        stx FACOV
        rts                     ; A = FACEXP

; ROUND: add the rounding byte's top bit to the mantissa. Keeps X and Y.

ROUND:  lda FACEXP
        beq rndrts
        asl FACOV
        bcc rndrts
FP_INCRND:                      ; mantissa + 1; a carry out of the top makes it 1.0 * 2^(e+1)
        jsr FP_INCMANT
        bne rndrts
        lda #$80                ; the carry shifts in from the top, FACOV moves down with it
        sta FACHO
        lsr FACOV
        inc FACEXP
        beq FPERR_OV
rndrts: rts

; ---------------------------------------------------------------------------------------------
; Error exits (X = error number as documented for BASIC V2).

FPERR_IQ:
        ldx #14                 ; ILLEGAL QUANTITY
        .byte $2C               ; BIT abs: skip the next load
FPERR_OV:
        ldx #15                 ; OVERFLOW
        .byte $2C
FPERR_DZ:
        ldx #20                 ; DIVISION BY ZERO
        jmp ERROR
        .segment "BASIC6C"
; ---------------------------------------------------------------------------------------------
; Negation of the 40-bit mantissa (two's complement over FACHO..FACLO and FACOV).

FP_NEGFAC:
        lda FACSGN
        eor #$FF
        sta FACSGN
FP_NEGMANT:
        lda FACHO
        eor #$FF
        sta FACHO
        lda FACMOH
        eor #$FF
        sta FACMOH
        lda FACMO
        eor #$FF
        sta FACMO
        lda FACLO
        eor #$FF
        sta FACLO
        lda FACOV
        eor #$FF
        sta FACOV
        inc FACOV
        bne incrts
FP_INCMANT:                     ; 32-bit increment; Z set when it wrapped to zero
        inc FACLO
        bne incrts
        inc FACMO
        bne incrts
        inc FACMOH
        bne incrts
        inc FACHO
incrts: rts

; ---------------------------------------------------------------------------------------------
; FP_SHIFTR: shift the mantissa at 1..4,X and the rounding byte FACOV right by A bits
; (0-255): an arithmetic shift of the 41-bit number whose sign is SHFILL ($00 or $FF), which
; fills whole bytes and whose top bit fills single bits. Bits shifted out of FACOV are lost.
; Uses Y.

FP_SHIFTR:
@bytes: cmp #8
        bcc @bits
        tay
        lda 4,x
        sta FACOV
        lda 3,x
        sta 4,x
        lda 2,x
        sta 3,x
        lda 1,x
        sta 2,x
        lda SHFILL
        sta 1,x
        tya
        sbc #8                  ; carry is set by the compare
        jmp @bytes
@bits:  tay
        beq @done
        lda SHFILL
@bit:   cmp #$80                ; carry = the sign
        ror 1,x
        ror 2,x
        ror 3,x
        ror 4,x
        ror FACOV
        dey
        bne @bit
@done:  rts

; ---------------------------------------------------------------------------------------------
; Addition and subtraction.
;
; FSUB: FAC = mem(A/Y) - FAC. FSUBT: FAC = ARG - FAC. FADD: FAC = mem(A/Y) + FAC.
; FADDT: FAC = ARG + FAC. FADDH: FAC = FAC + 0.5.
; The T entries need only ARG (exponent, mantissa, sign) and FAC; they work ARISGN out.

FSUB:   jsr CONUPK
FSUBT:  lda FACSGN
        eor #$FF
        sta FACSGN
        jmp FADDT

FADDH:  lda #<FHALF
        ldy #>FHALF
FADD:   jsr CONUPK
FADDT:  lda FACEXP
        bne @facnz
        jmp MOVFA               ; 0 + ARG (so 0 - 0 is +0, not -0)
@facnz: ldx ARGEXP
        beq @addrts             ; FAC + 0
        lda FACSGN
        eor ARGSGN
        sta ARISGN
        lda FACOV               ; FAC's rounding byte, for when FAC stays put
        sta OLDOV
        txa
        sec
        sbc FACEXP              ; A = ARG exponent - FAC exponent
        beq @same
        bcs @argbig
        eor #$FF                ; FAC is bigger: shift ARG right by the difference
        adc #1
        ldy #0
        sty FACOV               ; ARG's rounding byte starts empty
        sty SHFILL
        ldx #ARGEXP
        jsr FP_SHIFTR
        jmp @facstays
@same:  sta FACOV               ; A = 0: ARG is not shifted and has no rounding byte
        ldy #FACEXP
        ldx #ARGEXP
        bit ARISGN
        bmi @subtract
        bpl @addc               ; carry set: equal exponents add one unit of the rounding byte
@facstays:
        ldy #FACEXP             ; Y: the operand that stays, X: the shifted one
        ldx #ARGEXP
        bne @combine
@argbig:                        ; ARG is bigger: FAC (with its rounding byte) shifts right
        stx FACEXP
        ldx ARGSGN
        stx FACSGN
        ldy #0
        sty OLDOV
        sty SHFILL
        ldx #FACEXP
        jsr FP_SHIFTR
        ldy #ARGEXP
        ldx #FACEXP
@combine:
        bit ARISGN
        bmi @subtract
        clc                     ; same signs: add the magnitudes
@addc:  lda OLDOV
        adc FACOV
        sta FACOV
        lda FACLO
        adc ARGLO
        sta FACLO
        lda FACMO
        adc ARGMO
        sta FACMO
        lda FACMOH
        adc ARGMOH
        sta FACMOH
        lda FACHO
        adc ARGHO
        sta FACHO
        bcc @addrts
        inc FACEXP              ; carry out: one place right, exponent + 1
        beq FPERR_OV2
        ror FACHO
        ror FACMOH
        ror FACMO
        ror FACLO
        ror FACOV
@addrts: rts
@subtract:                      ; signs differ: the staying operand minus the shifted one
        sec
        lda OLDOV
        sbc FACOV
        sta FACOV
        lda a:4,y
        sbc 4,x
        sta FACLO
        lda a:3,y
        sbc 3,x
        sta FACMO
        lda a:2,y
        sbc 2,x
        sta FACMOH
        lda a:1,y
        sbc 1,x
        sta FACHO
        bcs FP_NORM
        jsr FP_NEGFAC           ; only possible with equal exponents: FAC was the smaller
        ; fall through

; FP_NORM: normalise FAC (mantissa and rounding byte) by shifting left; an exponent that
; drops to 0 or below gives zero.

FP_NORM:
        ldy #0                  ; bits shifted so far
@byte:  lda FACHO
        bne @bit
        lda FACMOH
        sta FACHO
        lda FACMO
        sta FACMOH
        lda FACLO
        sta FACMO
        lda FACOV
        sta FACLO
        lda #0
        sta FACOV
        tya
        clc
        adc #8
        tay
        cpy #32
        bne @byte
        beq FP_ZERO             ; four byte shifts give zero, whatever came up from FACOV
@shift: iny
        asl FACOV
        rol FACLO
        rol FACMO
        rol FACMOH
        rol FACHO
@bit:   bpl @shift
        tya
        beq normrts
        eor #$FF                ; exponent - shift count
        sec
        adc FACEXP
        beq FP_ZERO
        bcc FP_ZERO
        sta FACEXP
normrts:
        rts

FP_ZERO:                        ; exponent and sign only: the mantissa and FACOV stay
        lda #0
        sta FACEXP
        sta FACSGN
        rts

FPERR_OV2:
        jmp FPERR_OV

; ---------------------------------------------------------------------------------------------
; FP_MULDIV2: exponent of a product or quotient. A = exponent to add to FACEXP (FDIV passes
; ARG's after negating FAC's). Sets FACEXP and FACSGN = ARISGN. On underflow it drops its
; caller's return address and returns zero to the caller's caller; on overflow ?OVERFLOW.

FP_MULDIV:
        lda ARGEXP
FP_MULDIV2:
        beq @zero
        clc
        adc FACEXP
        bcc @below
        bmi FPERR_OV2           ; sum >= $180
        adc #$7F                ; carry set: + $80
        bne @set
@below: bpl @zero               ; sum < $80
        and #$7F
        bne @set
        sta FACEXP              ; sum = $80 goes on with exponent 0, and the sign is lost
        sta FACSGN
        rts
@set:   sta FACEXP
        lda ARISGN
        sta FACSGN
        rts
@zero:  pla
        pla
        jmp FP_ZERO

; ---------------------------------------------------------------------------------------------
; Multiplication. FMULT: FAC = mem(A/Y) * FAC. FMULTT: FAC = ARG * FAC.
; The multiplier is FAC's 40 bits (rounding byte first), one byte at a time from the low
; end: for each bit, ARG's mantissa is added into the partial product when the bit is set,
; then the product (RESHO..RESHO+3 and FACOV) shifts right one place.

FMULT:  jsr CONUPK
        jmp mulgo
FMULTT: lda ARGSGN
        eor FACSGN
        sta ARISGN
mulgo:  lda FACEXP
        beq mulrts
        jsr FP_MULDIV
        lda #0
        sta RESHO
        sta RESHO+1
        sta RESHO+2
        sta RESHO+3
        ldx #$80                ; X: zero bytes since the last nonzero one ($80: none yet)
        lda FACOV
        jsr mulbyte
        lda FACLO
        jsr mulbyte
        lda FACMO
        jsr mulbyte
        lda FACMOH
        jsr mulbyte
        lda FACHO
        jsr mulbits
resnorm:                        ; FAC mantissa = RESHO..RESHO+3, then normalise
        lda RESHO
        sta FACHO
        lda RESHO+1
        sta FACMOH
        lda RESHO+2
        sta FACMO
        lda RESHO+3
        sta FACLO
        jmp FP_NORM

mulbyte:
        bne mulbits
        lda RESHO+3             ; a zero byte: shift the product right a whole byte
        sta FACOV
        lda RESHO+2
        sta RESHO+3
        lda RESHO+1
        sta RESHO+2
        lda RESHO
        sta RESHO+1
        lda #0
        sta RESHO
        txa                     ; a zero byte after a zero byte shifts one bit further
        beq @first              ; (before any nonzero byte the product is 0: no need)
        bmi @first
        lsr RESHO+1
        ror RESHO+2
        ror RESHO+3
        ror FACOV
@first: inx
mulrts: rts
mulbits:
        ldx #0
        sec
        ror a                   ; bit 0 to carry, a marker bit in bit 7
@bit:   tay
        bcc @shift
        clc
        lda RESHO+3
        adc ARGLO
        sta RESHO+3
        lda RESHO+2
        adc ARGMO
        sta RESHO+2
        lda RESHO+1
        adc ARGMOH
        sta RESHO+1
        lda RESHO
        adc ARGHO
        sta RESHO
@shift: ror RESHO
        ror RESHO+1
        ror RESHO+2
        ror RESHO+3
        ror FACOV
        tya
        lsr a
        bne @bit                ; the marker leaves after the eighth bit
        rts

; ---------------------------------------------------------------------------------------------
; Division. FDIV: FAC = mem(A/Y) / FAC. FDIVT: FAC = ARG / FAC.
; The divisor is FAC rounded. Restoring division of ARG's mantissa by FAC's gives 34 quotient
; bits: 32 in the mantissa, 2 in the top of the rounding byte.

FDIV:   jsr CONUPK
        jmp divgo
FDIVT:  lda ARGSGN
        eor FACSGN
        sta ARISGN
divgo:  lda FACEXP
        bne @nz
        jmp FPERR_DZ
@nz:    jsr ROUND
        lda #0
        sec
        sbc FACEXP
        sta FACEXP
        jsr FP_MULDIV
        inc FACEXP
        bne @expok
        jmp FPERR_OV
@expok: ldx #0                  ; quotient byte being filled
        lda #1                  ; marker: after 8 bits it leaves into the carry
        sta RESHO
        clc                     ; no bit has left the dividend yet
@bit:   bcs @sub                ; the dividend overflowed: it is surely >= the divisor
        lda ARGHO
        cmp FACHO
        bne @cmp
        lda ARGMOH
        cmp FACMOH
        bne @cmp
        lda ARGMO
        cmp FACMO
        bne @cmp
        lda ARGLO
        cmp FACLO
@cmp:   bcc @qbit               ; smaller: quotient bit 0 (carry clear)
@sub:   lda ARGLO               ; carry is set here
        sbc FACLO
        sta ARGLO
        lda ARGMO
        sbc FACMO
        sta ARGMO
        lda ARGMOH
        sbc FACMOH
        sta ARGMOH
        lda ARGHO
        sbc FACHO
        sta ARGHO
        sec                     ; quotient bit 1
@qbit:  rol RESHO,x
        bcc @shift
        inx                     ; byte full: start the next one
        lda #1
        cpx #4
        bcc @next
        bne @done
        lda #$40                ; the fifth "byte" takes only two bits
@next:  sta RESHO,x
@shift: asl ARGLO
        rol ARGMO
        rol ARGMOH
        rol ARGHO
        jmp @bit
@done:  lda RESHO+4             ; the two extra bits to the top of the rounding byte
        lsr a
        ror a
        ror a
        sta FACOV
        jmp resnorm

; ---------------------------------------------------------------------------------------------
; FCOMP: compare FAC with mem(A/Y): A = $00 equal, $01 FAC > mem, $FF FAC < mem. FAC's
; rounding byte counts as rounding its last mantissa byte up.

FCOMP:  sta INDEX2
        sty INDEX2+1
        ldy #0
        lda (INDEX2),y
        iny
        tax
        beq SIGN                ; mem is zero: the sign of FAC decides
        lda (INDEX2),y
        eor FACSGN
        bmi sgnfac              ; signs differ: FAC's sign decides
        cpx FACEXP
        bne @diff
        lda (INDEX2),y
        ora #$80
        cmp FACHO
        bne @diff
        iny
        lda (INDEX2),y
        cmp FACMOH
        bne @diff
        iny
        lda (INDEX2),y
        cmp FACMO
        bne @diff
        iny
        lda #$7F
        cmp FACOV               ; carry clear when the rounding byte rounds up
        lda (INDEX2),y
        sbc FACLO
        beq sgnrts
@diff:  lda FACSGN              ; carry set: |mem| > |FAC|
        bcc sgnbit
        eor #$FF
        bcs sgnbit

; SIGN: A = $00 when FAC is zero, $01 positive, $FF negative.

SIGN:   lda FACEXP
        beq sgnrts
sgnfac: lda FACSGN
sgnbit: asl a
        lda #1
        bcc sgnrts
        lda #$FF
sgnrts: rts

; SGN: FAC = SGN(FAC).

SGN:    jsr SIGN
        ; fall through

; FLOAT: FAC = the signed byte in A.

FLOAT:  sta FACHO
        lda #0
        sta FACMOH
        ldx #$88
        bne fltint

; GIVAYF: FAC = the signed 16-bit integer A (high) / Y (low).

GIVAYF: sta FACHO
        sty FACMOH
        ldx #$90
fltint: lda #0
        sta FACMO
        sta FACLO
fltsgn: lda FACHO
        sta FACSGN
        bpl fltpos
        stx FACEXP
        lda #0
        sta FACOV
        jsr FP_NEGMANT
        jmp FP_NORM

; FLTU32: FAC = the unsigned number in FACHO..FACLO (most significant first) times
; 2^(X-$A0), positive. (X = $A0: a 32-bit integer; $90 with FACMO/FACLO zero: 16 bits.)

FLTU32: lda #0
        sta FACSGN
fltpos: stx FACEXP
        lda #0
        sta FACOV
        jmp FP_NORM

; ABS: FAC = |FAC|. NEGOP: FAC = -FAC.

ABS:    lsr FACSGN
        rts

NEGOP:  lda FACEXP
        beq @rts
        lda FACSGN
        eor #$FF
        sta FACSGN
@rts:   rts

; ---------------------------------------------------------------------------------------------
; QINT: FACHO..FACLO = floor(FAC) as a 32-bit two's complement integer (FAC below 2^31 in
; magnitude): a negative FAC is negated (40 bits) and shifted with the sign coming in, which
; rounds towards minus infinity.

QINT:   lda FACEXP
        beq @zero
        lda #0
        bit FACSGN
        bpl @fill
        jsr FP_NEGMANT
        lda #$FF
@fill:  sta SHFILL
        lda #$A0
        sec
        sbc FACEXP              ; bits to shift out
        bcs @count
        lda #0
@count: ldx #FACEXP
        jmp FP_SHIFTR
@zero:  sta FACHO
        sta FACMOH
        sta FACMO
        sta FACLO
        rts

; INT: FAC = floor(FAC). Leaves the low byte of the integer in INTEGR.

INT:    lda FACEXP
        cmp #$A0
        bcs @rts                ; no fraction bits
        jsr QINT
        lda FACLO
        sta INTEGR
        ldx #$A0
        jmp fltsgn
@rts:   rts

; AYINT: FACMO (high) / FACLO (low) = floor(FAC) as a signed 16-bit integer;
; ?ILLEGAL QUANTITY unless -32768 <= FAC < 32768 (a number at or above 2^15 in magnitude
; passes only when it is exactly -32768).

AYINT:  lda FACEXP
        cmp #$90
        bcc @ok
        lda #<N32768
        ldy #>N32768
        jsr FCOMP
        beq @ok
        jmp FPERR_IQ
@ok:    jmp QINT

; GETADR: LINNUM = FAC as an unsigned 16-bit integer (the fraction dropped); ?ILLEGAL
; QUANTITY unless 0 <= FAC < 65536. Returns A = high byte, Y = low byte.

GETADR: lda FACSGN
        bmi @bad
        lda FACEXP
        cmp #$91
        bcs @bad
        jsr QINT
        lda FACMO
        ldy FACLO
        sty LINNUM
        sta LINNUM+1
        rts
@bad:   jmp FPERR_IQ

; ---------------------------------------------------------------------------------------------
; Helpers of number input and output.

; MUL10: FAC = 10 * FAC (FAC is rounded first: 4x + x, then doubled).

MUL10:  jsr MOVAF
        tax
        beq @rts
        clc
        adc #2
        bcs @ovf
        sta FACEXP
        jsr FADDT
        inc FACEXP
        beq @ovf
@rts:   rts
@ovf:   jmp FPERR_OV

; DIV10: FAC = FAC / 10 (FAC rounded first).

DIV10:  jsr MOVAF
        lda #<FTEN
        ldy #>FTEN
        jsr MOVFM
        jmp FDIVT

; FINLOG: FAC = FAC (rounded) + the signed byte in A.

FINLOG: pha
        jsr MOVAF
        pla
        jsr FLOAT
        jmp FADDT
