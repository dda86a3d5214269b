; breadbin example: eight multicolour sprites bouncing over a multicolour bitmap.
;
;   breadbin examples/sprites.prg
;
; Build: make -C examples (ca65/ld65 from the cc65 package); the built PRG is committed.
; Memory: BASIC stub and code at $0801, sprite shape at $0C00 (block 48), video matrix at
; $0400, bitmap at $2000. The main loop waits for raster line 250 (below the picture),
; then moves every sprite one step and bounces it off the edges.

        .segment "LOADADDR"
        .word $0801
        .segment "CODE"
; 10 SYS2061
        .word basic_end, 10
        .byte $9E, "2061", 0
basic_end:
        .word 0

SHAPE   = $0C00
BITMAP  = $2000
MATRIX  = $0400
COLRAM  = $D800
ptr     = $FB

start:  sei
        lda #$7F               ; no CIA interrupts: the demo polls the raster
        sta $DC0D
        lda $DC0D
        ; Bitmap: every 8-byte cell one of four stripes of colour pairs.
        lda #<BITMAP
        sta ptr
        lda #>BITMAP
        sta ptr+1
        ldx #$20               ; 32 pages: $2000-$3FFF
        ldy #0
@bm:    tya
        lsr
        lsr
        lsr
        eor ptr+1
        and #3
        sty $02
        tay
        lda stripes,y
        ldy $02
        sta (ptr),y
        iny
        bne @bm
        inc ptr+1
        dex
        bne @bm
        ; Matrix and colour RAM: a different colour pair in every cell.
        ldx #0
@col:   txa
        sta MATRIX,x
        sta MATRIX+$100,x
        sta MATRIX+$200,x
        sta MATRIX+$300,x
        eor #$55
        sta COLRAM,x
        sta COLRAM+$100,x
        sta COLRAM+$200,x
        sta COLRAM+$300,x
        inx
        bne @col
        ; The ball.
        ldx #63
@shp:   lda ball,x
        sta SHAPE,x
        dex
        bpl @shp
        ; VIC: multicolour bitmap, matrix $0400, bitmap $2000.
        lda #$3B
        sta $D011
        lda #$18
        sta $D016
        lda #$18
        sta $D018
        lda #0
        sta $D020
        sta $D021
        lda #1                  ; sprite multicolour 1: white
        sta $D025
        lda #11                 ; sprite multicolour 2: dark grey
        sta $D026
        ldx #7
@spr:   lda #SHAPE/64
        sta MATRIX+$3F8,x
        lda colours,x
        sta $D027,x
        dex
        bpl @spr
        lda #$FF
        sta $D01C              ; all multicolour
        sta $D015              ; all on
        lda #$81
        sta $D01D              ; sprites 0 and 7 twice as wide

frame:  lda #250
@wait:  cmp $D012
        bne @wait
        ldx #7
@move:  ; X: 16-bit position, bounce between 24 and 320.
        lda xlo,x
        clc
        adc dx,x
        sta xlo,x
        lda dx,x
        and #$80
        beq @pos
        lda #$FF
@pos:   adc xhi,x
        and #1
        sta xhi,x
        bne @right
        lda xlo,x
        cmp #24
        bcs @ydir
        lda #1                  ; left edge: move right
        sta dx,x
        bne @ydir
@right: lda xlo,x
        cmp #<320
        bcc @ydir
        lda #$FF               ; right edge: move left
        sta dx,x
@ydir:  lda ypos,x
        clc
        adc dy,x
        sta ypos,x
        cmp #50
        bcs @low
        lda #1
        sta dy,x
        bne @set
@low:   cmp #230
        bcc @set
        lda #$FF
        sta dy,x
@set:   txa
        asl
        tay
        lda xlo,x
        sta $D000,y
        lda ypos,x
        sta $D001,y
        dex
        bpl @move
        ; The ninth X bits.
        ldx #7
        lda #0
@msb:   asl
        ora xhi,x
        dex
        bpl @msb
        sta $D010
        jmp frame

stripes: .byte $00, $55, $AA, $FF
colours: .byte 2, 5, 6, 7, 8, 10, 13, 14
xlo:    .byte 30, 70, 110, 150, 190, 230, 14, 54
xhi:    .byte 0, 0, 0, 0, 0, 0, 1, 1
dx:     .byte 1, $FF, 1, $FF, 1, $FF, 1, $FF
ypos:   .byte 60, 80, 100, 120, 140, 160, 180, 200
dy:     .byte 1, 1, $FF, $FF, 1, 1, $FF, $FF
ball:
        .byte $00, $FF, $00
        .byte $03, $FF, $C0
        .byte $0F, $EB, $F0
        .byte $0E, $AA, $B0
        .byte $3D, $6A, $BC
        .byte $39, $6A, $AC
        .byte $F9, $6A, $AF
        .byte $F9, $6A, $AF
        .byte $E9, $6A, $AB
        .byte $EA, $AA, $AB
        .byte $EA, $AA, $AB
        .byte $EA, $AA, $AB
        .byte $EA, $AA, $AB
        .byte $FA, $AA, $AF
        .byte $FA, $AA, $AF
        .byte $3A, $AA, $AC
        .byte $3E, $AA, $BC
        .byte $0E, $AA, $B0
        .byte $0F, $EB, $F0
        .byte $03, $FF, $C0
        .byte $00, $FF, $00
        .byte 0
