; breadbin open BASIC V2: cold and warm start, and the jiffy clock as TI and TI$.
; This module lives in the BASICHI3 segment (free space of the KERNAL ROM).

        .include "interp.inc"

        .segment "BASICHI3"

; Cold start: the KERNAL has initialised the machine and jumps here through $A000.
COLD:   ldx #STKTOP
        txs
        jsr INITV
        jsr INITRAM
        jsr STKINI
        lda #<BANNER
        ldy #>BANNER
        jsr STROUT
        lda MEMSIZ
        sec
        sbc TXTTAB
        tax
        lda MEMSIZ+1
        sbc TXTTAB+1
        jsr LINPRT
        lda #<BYTMSG
        ldy #>BYTMSG
        jsr STROUT
        jsr SCRTCH
        jmp READY

; Warm start (RUN/STOP-RESTORE): channels, stack and temporaries reset, then READY.
WARM:   ldx #$80
        jmp ERROR

VECTAB: .word ERRDEF, MAINDF, CRNDEF, QPLOP, GONEDF, EVALDF

BANNER: .byte 13, "    **** BREADBIN OPEN BASIC V2 ****", 13, 13, " 64K RAM SYSTEM  ", 0
BYTMSG: .byte " BASIC BYTES FREE", 13, 0

; ---------------------------------------------------------------- TI and TI$
; RDTI: FAC = the jiffy clock.
RDTI:   jsr RDTIM
        sty FACHO+1
        stx FACMO
        sta FACLO
        lda #0
        sta FACHO
        ldx #$A0
        jmp FLTU32

; GETTI: TI$ as six digits HHMMSS: each digit counts how often its weight in jiffies
; (10 hours, 1 hour, 10 minutes, 1 minute, 10 seconds, 1 second) fits.
GETTI:  lda #6                  ; (first: a garbage collection would use RESHO)
        jsr STRINI
        jsr RDTIM
        sta RESHO
        stx RESHO+1
        sty RESHO+2
        ldx #0
@digit: txa
        tay
        lda #'0'-1
        sta CHARAC
@sub:   inc CHARAC
        sec
        lda RESHO
        sbc TIMLO,x
        pha
        lda RESHO+1
        sbc TIMMI,x
        pha
        lda RESHO+2
        sbc TIMHI,x
        bcc @next
        sta RESHO+2
        pla
        sta RESHO+1
        pla
        sta RESHO
        bcs @sub
@next:  pla
        pla
        lda CHARAC
        sta (DSCADR),y
        inx
        cpx #6
        bne @digit
        jmp PUTNEW

; SETTI: TI$ = "HHMMSS" (reached from LET): the sum of each digit times its weight.
SETTI:  lda #TK_EQ
        jsr SYNCHR
        jsr FRMEVL
        jsr FRESTR
        cmp #6
        bne @iq
        ldx #0
        stx RESHO
        stx RESHO+1
        stx RESHO+2
@digit: txa
        tay
        lda (INDEX1),y
        sec
        sbc #'0'
        cmp #10
        bcs @iq
        tay
@add:   dey
        bmi @next
        clc
        lda RESHO
        adc TIMLO,x
        sta RESHO
        lda RESHO+1
        adc TIMMI,x
        sta RESHO+1
        lda RESHO+2
        adc TIMHI,x
        sta RESHO+2
        jmp @add
@next:  inx
        cpx #6
        bne @digit
        lda RESHO
        ldx RESHO+1
        ldy RESHO+2
        jmp SETTIM
@iq:    jmp IQERR

TIMLO:  .byte <2160000, <216000, <36000, <3600, <600, <60
TIMMI:  .byte >2160000, >216000, >36000, >3600, >600, >60
TIMHI:  .byte ^2160000, ^216000, ^36000, ^3600, ^600, ^60

; $E453: the BASIC vectors at $0300-$030B to their defaults (programs that start BASIC's
; machinery themselves call it here).
        .segment "BF_E453"
INITV:
        ldx #11                 ; the BASIC vectors at $0300-$030B
@vec:   lda VECTAB,x
        sta IERROR,x
        dex
        bpl @vec
        rts

; $E3BF: BASIC's RAM: the JMP opcodes and USR, CHRGET, the RND seed, and the program's start
; and the top of memory from the KERNAL (programs that start BASIC's machinery themselves
; call it here).
        .segment "BF_E3BF"
INITRAM:
        lda #$4C                ; JMP opcodes
        sta JMPER
        sta USRPOK
        lda #<IQERR
        ldy #>IQERR
        sta USRADD
        sty USRADD+1
        lda #<FACINX
        ldy #>FACINX
        sta ADRAY1
        sty ADRAY1+1
        lda #<GIVAYF
        ldy #>GIVAYF
        sta ADRAY2
        sty ADRAY2+1
        ldx #23
@chr:   lda CHRTPL,x
        sta CHRGET,x
        dex
        bpl @chr
        ldx #4
@rnd:   lda RNDSEED,x
        sta RNDX,x
        lda #0
        sta $01FB,x             ; FOR and GOSUB searches stop at these
        dex
        bpl @rnd
        sta CHANNL
        sta LASTPT+1
        sec
        jsr MEMBOT
        stx TXTTAB
        sty TXTTAB+1
        ldy #0
        tya
        sta (TXTTAB),y          ; the zero before the program
        inc TXTTAB
        bne @txt
        inc TXTTAB+1
@txt:   sec
        jsr MEMTOP
        stx MEMSIZ
        sty MEMSIZ+1
        stx FRETOP
        sty FRETOP+1
        rts

        .segment "BASICHI3"
