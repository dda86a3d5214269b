; breadbin open BASIC: number input and output.
;
; FIN reads a number from program or buffer text through CHRGET; FOUT writes FAC as text the
; way BASIC V2 prints numbers: a leading space or minus, at most nine significant digits,
; no leading zero before the point, no trailing zeros, and E-notation (E+nn / E-nn) outside
; 0.01 <= |x| < 999999999.25. Both scale by powers of ten one step at a time with the
; package's own arithmetic, so their rounding is the arithmetic's.

        .include "basic_zp.inc"
        .include "math.inc"

        .import MOVFM, FMULT, FCOMP, QINT, FADDH, MUL10, DIV10, FINLOG, NEGOP, FLTU32
        .import STROUT
        .import FPERR_OV
        .export FIN, FOUT, FOUTY, LINPRT

        .segment "BASICHI2"

; Constants first: their bytes do not depend on where the module is linked.

F1E9:   .byte $9E, $6E, $6B, $28, $00   ; 1E9
FOUTHI: .byte $9E, $6E, $6B, $27, $FD   ; 999999999.25
FOUTLO: .byte $9B, $3E, $BC, $1F, $FD   ; 99999999.9 (99999999.90625)

; 10^8 .. 10^0 with alternating signs, 32-bit, most significant byte first
FOUTTAB:
        .byte $FA, $0A, $1F, $00        ; -100000000
        .byte $00, $98, $96, $80        ;   10000000
        .byte $FF, $F0, $BD, $C0        ;   -1000000
        .byte $00, $01, $86, $A0        ;     100000
        .byte $FF, $FF, $D8, $F0        ;     -10000
        .byte $00, $00, $03, $E8        ;       1000
        .byte $FF, $FF, $FF, $9C        ;       -100
        .byte $00, $00, $00, $0A        ;         10
        .byte $FF, $FF, $FF, $FF        ;         -1

; ---------------------------------------------------------------------------------------------
; FIN: FAC = the number at TXTPTR. Entered with A = the current character as CHRGOT returns
; it (carry clear for a digit); returns with it at the first character that cannot continue
; the number. Accepts a leading sign, one decimal point, and E with an optional sign (the
; characters or the tokens of + and -) and up to two exponent digits; a third exponent digit
; is ?OVERFLOW after E or E+ and means "very small" after E-.

FIN:    ldx #0
        stx FACEXP              ; FAC starts as an all-zero number, mantissa included
        stx FACHO
        stx FACMOH
        stx FACMO
        stx FACLO
        stx FACSGN
        stx FACOV
        stx DECCNT
        stx TENEXP
        stx DPTFLG
        stx EXPSGN
        stx FINSGN
        bcc @digit
        cmp #'-'
        bne @plus
        dec FINSGN
        bne @next
@plus:  cmp #'+'
        bne @nodig              ; (the compares changed C: not a digit, known from entry)
@next:  jsr CHRGET
        bcc @digit
@nodig: cmp #'.'
        beq @point
        cmp #'E'
        bne @scale
        jsr CHRGET              ; exponent part
        bcc @edigit
        cmp #TK_MINUS
        beq @eminus
        cmp #'-'
        beq @eminus
        cmp #TK_PLUS
        beq @enext
        cmp #'+'
        beq @enext
        bne @scale
@eminus:
        dec EXPSGN
@enext: jsr CHRGET
        bcs @scale
@edigit:
        and #$0F
        pha
        lda TENEXP
        cmp #10
        bcs @ethird
        asl a                   ; TENEXP * 10 + digit
        asl a
        adc TENEXP
        asl a
        sta TENEXP
        pla
        adc TENEXP
        sta TENEXP
        jmp @enext
@ethird:
        pla
        bit EXPSGN
        bmi @tiny
        jmp FPERR_OV
@tiny:  lda #100
        sta TENEXP
        bne @enext

@point: bit DPTFLG
        bmi @scale              ; a second point ends the number
        dec DPTFLG
        bne @next

@digit: pha
        bit DPTFLG
        bpl @whole
        inc DECCNT
@whole: jsr MUL10
        pla
        sec
        sbc #'0'
        jsr FINLOG
        jmp @next

@scale: lda TENEXP              ; power of ten still to apply: +-exponent - digits after point
        bit EXPSGN
        bpl @epos
        lda #0
        sec
        sbc TENEXP
@epos:  sec
        sbc DECCNT
        sta TENEXP
        beq @sign
        bpl @mul
@div:   jsr DIV10
        inc TENEXP
        bne @div
        beq @sign
@mul:   jsr MUL10
        dec TENEXP
        bne @mul
@sign:  lda FINSGN
        bpl @rts
        jmp NEGOP
@rts:   rts

; ---------------------------------------------------------------------------------------------
; FOUT: FAC as text at FBUFFR ($0100), zero-terminated; returns A/Y = $0100. FAC is destroyed.
; FOUTY: the same with the sign cell at FBUFFR-1+Y (Y = 0 puts the sign at $FF, so the text
; at $0100 starts with the first digit).
;
; Method: bring FAC into 99999999.9 < x <= 999999999.25 by multiplying (after one multiply by
; 1E9 when x < 1) and dividing by ten, counting the steps; add 0.5 and take the integer;
; take its nine digits by repeated subtraction of powers of ten.

FOUT:   ldy #1
FOUTY:  lda #' '
        bit FACSGN
        bpl @sgn
        lda #'-'
@sgn:   sta a:FBUFFR-1,y
        sta FACSGN              ; FAC positive from here on
        sty FBUFPT              ; FBUFPT: index (from FBUFFR-1) of the last character
        lda FACEXP
        bne @nonzero
        lda #'0'
        sta FBUFFR,y
        lda #0
        sta FBUFFR+1,y
        jmp @ret

@nonzero:
        lda #0
        ldx FACEXP
        cpx #$81
        bcs @big
        lda #<F1E9              ; below 1: times 1E9 first
        ldy #>F1E9
        jsr FMULT
        lda #<-9
@big:   sta DECCNT
@down:  lda #<FOUTHI
        ldy #>FOUTHI
        jsr FCOMP
        beq @int                ; exactly the upper bound: no rounding step
        bpl @div10
@up:    lda #<FOUTLO
        ldy #>FOUTLO
        jsr FCOMP
        beq @mul10
        bpl @inrange
@mul10: jsr MUL10
        dec DECCNT
        jmp @up
@div10: jsr DIV10
        inc DECCNT
        jmp @down
@inrange:
        jsr FADDH
@int:   jsr QINT                ; 100000000 <= FACHO..FACLO <= 999999999

        ; layout: value = digits * 10^DECCNT. Plain notation when 0 <= DECCNT+10 <= 10,
        ; with DECCNT+9 digits before the point (0 or -1: ".", ".0" lead in); otherwise one
        ; digit before the point and the exponent DECCNT+8.
        lda DECCNT
        clc
        adc #10
        bmi @sci
        cmp #11
        bcs @sci
        sbc #0                  ; carry clear: A - 1
        sta DECCNT
        lda #0
        sta TENEXP
        beq @lead
@sci:   lda DECCNT
        clc
        adc #8
        sta TENEXP
        lda #1
        sta DECCNT
@lead:  ldx FBUFPT
        lda DECCNT
        beq @dot
        bpl @digits
@dot:   inx
        lda #'.'
        sta a:FBUFFR-1,x
        lda DECCNT
        beq @digits
        inx
        lda #'0'
        sta a:FBUFFR-1,x
@digits:
        stx FBUFPT
        ldy #0                  ; offset into the power table
        ; (the two counting loops below are written out rather than shared: they run about
        ; fifty times per number printed)
@neg:   ldx #'0'-1              ; subtract 10^k until it goes below zero
@negl:  inx
        clc
        lda FACLO
        adc FOUTTAB+3,y
        sta FACLO
        lda FACMO
        adc FOUTTAB+2,y
        sta FACMO
        lda FACMOH
        adc FOUTTAB+1,y
        sta FACMOH
        lda FACHO
        adc FOUTTAB,y
        sta FACHO
        bcs @negl
        jsr @put
        cpy #36
        beq @strip
        ldx #'9'+1              ; add 10^k back until it is no longer below zero
@posl:  dex
        clc
        lda FACLO
        adc FOUTTAB+3,y
        sta FACLO
        lda FACMO
        adc FOUTTAB+2,y
        sta FACMO
        lda FACMOH
        adc FOUTTAB+1,y
        sta FACMOH
        lda FACHO
        adc FOUTTAB,y
        sta FACHO
        bcc @posl
        jsr @put
        jmp @neg

@strip: ldx FBUFPT              ; drop trailing zeros, then a trailing point
@sl:    lda a:FBUFFR-1,x
        dex
        cmp #'0'
        beq @sl
        cmp #'.'
        beq @exp
        inx
@exp:   lda TENEXP
        beq @term
        ldy #'+'
        bit TENEXP
        bpl @epos
        lda #0
        sec
        sbc TENEXP
        ldy #'-'
@epos:  pha
        lda #'E'
        sta FBUFFR,x
        tya
        sta FBUFFR+1,x
        pla
        ldy #'0'-1
@tens:  iny
        sec
        sbc #10
        bcs @tens
        adc #'0'+10
        sta FBUFFR+3,x
        tya
        sta FBUFFR+2,x
        inx
        inx
        inx
        inx
@term:  lda #0
        sta FBUFFR,x
@ret:   lda #<FBUFFR
        ldy #>FBUFFR
        rts

; store digit X, count down to the decimal point, advance to the next power
@put:   txa
        ldx FBUFPT
        inx
        sta a:FBUFFR-1,x
        dec DECCNT
        bne @nopt
        inx
        lda #'.'
        sta a:FBUFFR-1,x
@nopt:  stx FBUFPT
        iny
        iny
        iny
        iny
        rts

; ---------------------------------------------------------------------------------------------
; LINPRT: print the unsigned 16-bit number A (high) / X (low) through STROUT, without a
; leading space (line numbers).

LINPRT: sta FACHO
        stx FACMOH
        lda #0
        sta FACMO
        sta FACLO
        ldx #$90
        jsr FLTU32
        ldy #0
        jsr FOUTY
        jmp STROUT
