; breadbin open KERNAL: reset, NMI, warm start and the system initialisation routines.
;
; Reset ($FCE2, SYS 64738): stack, an autostart cartridge ("CBM80" at $8004: JMP ($8000)),
; IOINIT, RAMTAS, RESTOR, CINT, then BASIC's cold start through ($A000). NMI enters at
; $FE43 and goes through NMINV ($0318, default $FE47): RUN/STOP + RESTORE restores the
; vectors, I/O and screen and warm-starts BASIC through ($A002), as BRK does (CBINV
; default $FE66).

        .include "kernal_vars.inc"

; ------------------------------------------------------------------------------------------
        .segment "KRESET"
reset_impl:                             ; $FCE2
        ldx #$FF
        sei
        txs
        cld
        jsr cart_check
        bne @boot
        jmp ($8000)
@boot:  jsr ioinit_impl
        jsr ramtas_impl
        jsr video_detect
        jsr restor_impl
        jsr cint_impl
        cli
        jmp ($A000)

; Z set when an autostart cartridge's signature "CBM80" is at $8004 (the loop ends with X
; counted down to zero only when all five bytes matched).
cart_check:
        ldx #5
@l:     lda $8003,x
        cmp cbm80-1,x
        bne @r
        dex
        bne @l
@r:     rts

cbm80:  .byte $C3, $C2, $CD, $38, $30

; ------------------------------------------------------------------------------------------
        .segment "KIOINIT"
; IOINIT ($FDA3, also through $FF84): CIAs, SID volume, the processor port, and CIA 1 timer A
; as the 60 Hz system interrupt (PAL: 985,248 Hz / $4025 = 60.0 Hz). Control registers as a
; C64 leaves them: both TOD clocks set to count 60 Hz (CRA bit 7 clear; programs that want
; the 50 Hz mains of a PAL machine set it themselves), timer B of CIA 1 and both timers of
; CIA 2 stopped in one-shot mode.
ioinit_impl:
        lda #$7F
        sta $DC0D               ; no CIA interrupts yet
        sta $DD0D
        sta $DC00               ; keyboard column 7 selected (the STOP key)
        lda #$08
        sta $DC0E               ; timers stopped, one-shot
        sta $DD0E
        sta $DC0F
        sta $DD0F
        lda #$00
        sta $DC03               ; port B: keyboard rows in
        sta $DD03
        sta $D418               ; SID silent
        lda #$FF
        sta $DC02               ; port A: keyboard columns out
        lda #$07
        sta $DD00               ; VIC bank 0, serial lines released
        lda #$3F
        sta $DD02
        lda #$37                ; BASIC, KERNAL and I/O visible (data before direction,
        sta $01                 ; or the ROMs vanish the moment the lines become outputs)
        lda #$2F
        sta $00
        jsr jiffy_timer
        lda #$81
        sta $DC0D               ; timer A interrupts
        lda $DC0D
        lda $DD0D
        lda #$11
        sta $DC0E               ; timer A: load, start, continuous; TOD at 60 Hz
        rts

; ------------------------------------------------------------------------------------------
        .segment "KNMI"
nmi_hw:                                 ; $FE43
        sei
        jmp (NMINV)

        .segment "KNMI2"
nmi_default:                            ; $FE47
        pha
        txa
        pha
        tya
        pha
        jmp nmi_body

        .segment "KNMIEND"
nmi_end:                                ; $FEBC: pull Y, X and A, return from the interrupt
        pla
        tay
        pla
        tax
        pla
nmi_off:                                ; $FEC1: POKE 792,193 sends NMIs here, ignoring RESTORE
        rti

        .segment "KWARM"
warm_impl:                              ; $FE66: BRK, RUN/STOP + RESTORE
        jsr restor_impl
        jsr ioinit_impl
        jsr cint_impl
        cli
        jmp ($A002)

; ------------------------------------------------------------------------------------------
        .segment "KERNALB"

; The system interrupt's period by PALNTS: 60 Hz of the PAL clock (985,248 Hz / $4025) or of
; the NTSC clock (1,022,727 Hz / $4295).
jiffy_timer:
        ldx #$25
        ldy #$40
        lda PALNTS
        bne @set
        ldx #$95
        ldy #$42
@set:   stx $DC04
        sty $DC05
        rts

; PAL or NTSC, from the length of a raster line: CIA 1 timer B times 32 lines, 2016 cycles
; on a PAL VIC-II (63 a line), 2048 or 2080 on an NTSC one (64 or 65). The reset runs this
; before CINT turns the screen on, so no bad line or sprite stalls the polling, which is
; late by up to 6 cycles at either end. Sets PALNTS (1: PAL) and the jiffy timer, leaves
; timer B stopped in one-shot mode.
video_detect:
        lda #$FF
        sta $DC06
        sta $DC07
        ldx #32
        lda $D012
@first: cmp $D012
        beq @first
        ldy #$19                ; timer B: load, one-shot, start
        sty $DC0F
@line:  lda $D012
@same:  cmp $D012
        beq @same
        dex
        bne @line
        lda #$08
        sta $DC0F
        ldx #0                  ; NTSC unless fewer than 2032 cycles passed:
        lda $DC06               ; timer B above $FFFF - 2032 = $F80F
        cmp #$10
        lda $DC07
        sbc #$F8
        bcc @store
        inx
@store: stx PALNTS
        jmp jiffy_timer

nmi_body:
        lda $DD0D               ; acknowledge CIA 2 (no RS-232 here)
        bmi @exit               ; it was CIA 2, not RESTORE
        jsr cart_check
        bne @stop
        jmp ($8002)             ; a cartridge's warm start
@stop:  lda #$7F                ; RESTORE with RUN/STOP held: warm start. The key is asked
        sta $DC00               ; through the STOP vector, so a program that disabled
        lda $DC01               ; RUN/STOP there disables this too.
        sta STKEY
        jsr STOP
        bne @exit
        jmp warm_impl
@exit:  jmp irq_restore_addr

irq_restore_addr = IRQ_RESTORE

; RAMTAS: clear pages 0 (from $02), 2 and 3; tape buffer pointer; find the top of RAM
; from $0800 up, a page at a time (the BASIC ROM at $A000 ends it); BASIC from $0800;
; screen at $0400.
ramtas_impl:
        lda #0
        tay
@clr:   sta $0002,y
        sta $0200,y
        sta $0300,y
        iny
        bne @clr
        lda #<$033C
        sta TAPE1
        lda #>$033C
        sta TAPE1+1
        sty STAL                ; Y = 0
        lda #$08
        sta STAL+1
@probe: lda (STAL),y
        tax
        lda #$55
        sta (STAL),y
        cmp (STAL),y
        bne @top
        lda #$AA
        sta (STAL),y
        cmp (STAL),y
        bne @top
        txa
        sta (STAL),y
        inc STAL+1
        bne @probe
@top:   txa
        sta (STAL),y
        ldy STAL+1
        ldx #0
        stx KMEMSIZ
        sty KMEMSIZ+1
        stx KMEMSTR
        lda #$08
        sta KMEMSTR+1
        lda #$04
        sta HIBASE
        rts

; ------------------------------------------------------------------------------------------
        .segment "KRESTOR"
; RESTOR ($FD15, also through $FF8A): the default I/O vectors into $0314-$0333.
restor_impl:
        ldx #<default_vectors
        ldy #>default_vectors
        clc
; VECTOR ($FD1A, also through $FF8D): carry set copies $0314-$0333 to (X/Y); carry clear
; copies (X/Y) into them. (The copy out is a STA ($C3),Y at $FD27, where bank-switching
; tests expect that instruction.)
vector_impl:
        stx MEMUSS
        sty MEMUSS+1
        php
        sei
        ldy #$1F
@l:     lda CINV,y
        bcc @in
        sta (MEMUSS),y
        bcs @next
@in:    lda (MEMUSS),y
        sta CINV,y
@next:  dey
        bpl @l
        plp
        rts

        .segment "KERNALB"
default_vectors:
        .word IRQ_ENTRY         ; $0314 IRQ
        .word WARM_ENTRY        ; $0316 BRK
        .word NMI_ENTRY         ; $0318 NMI
        .word open_impl         ; $031A OPEN
        .word close_impl        ; $031C CLOSE
        .word chkin_impl        ; $031E CHKIN
        .word chkout_impl       ; $0320 CHKOUT
        .word clrchn_impl       ; $0322 CLRCHN
        .word chrin_impl        ; $0324 CHRIN
        .word chrout_impl       ; $0326 CHROUT
        .word stop_impl         ; $0328 STOP
        .word getin_impl        ; $032A GETIN
        .word clall_impl        ; $032C CLALL
        .word WARM_ENTRY        ; $032E user command
        .word load_impl         ; $0330 LOAD
        .word save_impl         ; $0332 SAVE

        .segment "KCINT1"
cint1:  jmp cint_impl           ; $E518: screen and keyboard set-up (CINT without the timer)

        .segment "KERNALB"
; CINT: VIC defaults (text mode, screen $0400, light blue border, blue background),
; editor defaults and a clear screen.
cint_impl:
        ldx #vic_count - 1
@l:     ldy vic_regs,x
        lda vic_vals,x
        sta $D000,y
        dex
        bpl @l
        jmp cint_screen

vic_regs:
        .byte $11, $12, $15, $16, $17, $18, $19, $1A, $1B, $1C, $1D, $20, $21, $22, $23, $24
vic_count = * - vic_regs
vic_vals:
        .byte $1B, $00, $00, $C8, $00, $14, $0F, $00, $00, $00, $00, $0E, $06, $01, $02, $03

; ------------------------------------------------------------------------------------------
        .segment "VECTORS"
        .word nmi_hw, reset_impl, $FF48
