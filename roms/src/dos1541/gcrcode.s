; breadbin open 1541 DOS: GCR coding, 4 bytes to 5 and back, and a data block's coding in
; place.
;
; A data block's GCR lies in the job's buffer (bytes 0-255) and OVF (bytes 256-324): the
; "V" array below. Decoding runs forward, byte n+1 of the block landing on V[n] (the block
; ID in BLKID, the checksum in OVF[0]); encoding runs backward from the same places. Both
; work in place: what is read is never overwritten before.

        .include "dos.inc"
        .include "ctl.inc"

        .export enc4, dec5, enc_sector, dec_sector

        .segment "CTRL"

; The buffer's 256 bytes to the GCR of their data block (in place: buffer and OVF).
enc_sector:
        ldy #0
        tya
@x:     eor (BUFPTR),y
        iny
        bne @x
        sta OVF                 ; the checksum and two $00: block bytes 257-259
        lda #0
        sta OVF+1
        sta OVF+2
        lda #$07
        sta BLKID
        lda #255                ; group 64: V[255-258] to V[320-324]
        sta GI
        lda #<320
        sta PI
        lda #0
        sta GI+1
        lda #>320
        sta PI+1
        jsr enc_slow
        lda #251                ; groups 63-52: V[251-254]... to V[315-319] (OVF)...
        sta GI
        lda BUFPTR+1
        sta GI+1
        lda #<(OVF+59)
        sta PI
        lda #>(OVF+59)
        sta PI+1
        ldx #12
        jsr enc_fast
        lda #203                ; group 51: V[203-206] to V[255-259]
        sta GI
        lda #255
        sta PI
        lda #0
        sta GI+1
        sta PI+1
        jsr enc_slow
        lda #199                ; groups 50-1: V[199-202]... to V[250-254]...
        sta GI
        lda #250
        sta PI
        lda BUFPTR+1
        sta GI+1
        sta PI+1
        ldx #50
        jsr enc_fast
        lda #$FF                ; group 0: V[-1-2] (BLKID first) to V[0-4]
        sta GI
        sta GI+1
        lda #0
        sta PI
        sta PI+1
        jsr enc_slow
        lda FLAGS
        ora #F_GCR
        sta FLAGS
        rts

; One group: V[GI...] to V[PI...] (indices).
enc_slow:
        ldx #0
@r:     jsr rd_v
        sta B0,x
        inx
        cpx #4
        bne @r
        jsr enc4
        ldx #0
@w:     lda G0,x
        jsr wr_v
        inx
        cpx #5
        bne @w
        rts

; X groups from address GI to address PI, then each the group before (neither pointer
; going past the start of its page).
enc_fast:
        stx GCNT
@g:     ldy #0
        lda (GI),y
        sta B0
        iny
        lda (GI),y
        sta B1
        iny
        lda (GI),y
        sta B2
        iny
        lda (GI),y
        sta B3
        jsr enc4
        ldy #0
        lda G0
        sta (PI),y
        iny
        lda G1
        sta (PI),y
        iny
        lda G2
        sta (PI),y
        iny
        lda G3
        sta (PI),y
        iny
        lda G4
        sta (PI),y
        lda GI
        sec
        sbc #4
        sta GI
        lda PI
        sec
        sbc #5
        sta PI
        dec GCNT
        bne @g
        rts

; The GCR of a data block in the buffer and OVF to its bytes (in place). The groups that
; lie within a page are decoded through pointers (dec_fast), the three others byte by byte
; through the V array (dec_slow).
dec_sector:
        lda #0                  ; group 0: V[0-4] to BLKID, V[0-2]
        sta GI
        sta GI+1
        lda #$FF
        sta PI
        sta PI+1
        jsr dec_slow
        lda #5                  ; groups 1-50: V[5-254] to V[3-202]
        sta GI
        lda #3
        sta PI
        lda BUFPTR+1
        sta GI+1
        sta PI+1
        ldx #50
        jsr dec_fast
        lda #255                ; group 51: V[255-259] to V[203-206]
        sta GI
        lda #203
        sta PI
        lda #0
        sta GI+1
        sta PI+1
        jsr dec_slow
        lda #<(OVF+4)           ; groups 52-63: V[260-319] (OVF) to V[207-254]
        sta GI
        lda #>(OVF+4)
        sta GI+1
        lda #207
        sta PI
        lda BUFPTR+1
        sta PI+1
        ldx #12
        jsr dec_fast
        lda #<320               ; group 64: V[320-324] to V[255-258]
        sta GI
        lda #>320
        sta GI+1
        lda #255
        sta PI
        lda #0
        sta PI+1
; One group: V[GI...] to V[PI...] (indices).
dec_slow:
        ldx #0
@r:     jsr rd_v
        sta G0,x
        inx
        cpx #5
        bne @r
        jsr dec5
        ldx #0
@w:     lda B0,x
        jsr wr_v
        inx
        cpx #4
        bne @w
        rts

; X groups from address GI on to address PI on (neither running past its page).
dec_fast:
        stx GCNT
@g:     ldy #0
        lda (GI),y
        sta G0
        iny
        lda (GI),y
        sta G1
        iny
        lda (GI),y
        sta G2
        iny
        lda (GI),y
        sta G3
        iny
        lda (GI),y
        sta G4
        lda GI
        clc
        adc #5
        sta GI
        jsr dec5
        ldy #0
        lda B0
        sta (PI),y
        iny
        lda B1
        sta (PI),y
        iny
        lda B2
        sta (PI),y
        iny
        lda B3
        sta (PI),y
        lda PI
        clc
        adc #4
        sta PI
        dec GCNT
        bne @g
        rts

; A = V[GI], GI + 1 (V[-1] is BLKID). Uses Y.
rd_v:
        ldy GI
        lda GI+1
        beq @buf
        bmi @blk
        lda OVF,y
        jmp @inc
@blk:   lda BLKID
        jmp @inc
@buf:   lda (BUFPTR),y
@inc:   inc GI
        bne @r
        inc GI+1
@r:     rts

; V[PI] = A, PI + 1. Uses Y.
wr_v:
        ldy PI+1
        beq @buf
        bmi @blk
        ldy PI
        sta OVF,y
        jmp @inc
@blk:   sta BLKID
        jmp @inc
@buf:   ldy PI
        sta (BUFPTR),y
@inc:   inc PI
        bne @r
        inc PI+1
@r:     rts

; B0-B3 to their GCR in G0-G4. Uses A, X, TMP.
enc4:
        lda B0
        lsr
        lsr
        lsr
        lsr
        tax
        lda gcr_code,x
        asl
        asl
        asl
        sta G0                  ; code 0 in bits 7-3
        lda B0
        and #$0F
        tax
        lda gcr_code,x
        sta TMP
        lsr
        lsr
        ora G0
        sta G0                  ; code 1's top 3 bits
        lda TMP
        ror
        ror
        ror
        and #$C0
        sta G1                  ; its last 2
        lda B1
        lsr
        lsr
        lsr
        lsr
        tax
        lda gcr_code,x
        asl
        ora G1
        sta G1                  ; code 2 in bits 5-1
        lda B1
        and #$0F
        tax
        lda gcr_code,x
        sta TMP
        lsr
        lsr
        lsr
        lsr
        ora G1
        sta G1                  ; code 3's top bit
        lda TMP
        asl
        asl
        asl
        asl
        sta G2                  ; its last 4
        lda B2
        lsr
        lsr
        lsr
        lsr
        tax
        lda gcr_code,x
        sta TMP
        lsr
        ora G2
        sta G2                  ; code 4's top 4 bits
        lda TMP
        ror
        ror
        and #$80
        sta G3                  ; its last
        lda B2
        and #$0F
        tax
        lda gcr_code,x
        asl
        asl
        ora G3
        sta G3                  ; code 5 in bits 6-2
        lda B3
        lsr
        lsr
        lsr
        lsr
        tax
        lda gcr_code,x
        sta TMP
        lsr
        lsr
        lsr
        ora G3
        sta G3                  ; code 6's top 2 bits
        lda TMP
        asl
        asl
        asl
        asl
        asl
        sta G4                  ; its last 3
        lda B3
        and #$0F
        tax
        lda gcr_code,x
        ora G4
        sta G4                  ; code 7
        rts

; G0-G4 to the 4 bytes they code in B0-B3 (a 5-bit group GCR never writes reads as 0).
; Uses A, X, TMP.
dec5:
        lda G0
        lsr
        lsr
        lsr
        tax
        lda dec_hi,x
        sta B0
        lda G0
        and #$07
        asl
        asl
        sta TMP
        lda G1
        rol
        rol
        rol
        and #$03
        ora TMP
        tax
        lda dec_lo,x
        ora B0
        sta B0
        lda G1
        lsr
        and #$1F
        tax
        lda dec_hi,x
        sta B1
        lda G1
        and #$01
        asl
        asl
        asl
        asl
        sta TMP
        lda G2
        lsr
        lsr
        lsr
        lsr
        ora TMP
        tax
        lda dec_lo,x
        ora B1
        sta B1
        lda G3
        asl                     ; its top bit to C
        lda G2
        rol
        and #$1F
        tax
        lda dec_hi,x
        sta B2
        lda G3
        lsr
        lsr
        and #$1F
        tax
        lda dec_lo,x
        ora B2
        sta B2
        lda G3
        and #$03
        asl
        asl
        asl
        sta TMP
        lda G4
        lsr
        lsr
        lsr
        lsr
        lsr
        ora TMP
        tax
        lda dec_hi,x
        sta B3
        lda G4
        and #$1F
        tax
        lda dec_lo,x
        ora B3
        sta B3
        rts

; The 5-bit code of each nybble.
gcr_code:
        .byte $0A, $0B, $12, $13, $0E, $0F, $16, $17
        .byte $09, $19, $1A, $1B, $0D, $1D, $1E, $15

; The nybble of each 5-bit code (dec_hi: shifted to the high half).
dec_lo:
        .byte 0, 0, 0, 0, 0, 0, 0, 0
        .byte 0, 8, 0, 1, 0, 12, 4, 5
        .byte 0, 0, 2, 3, 0, 15, 6, 7
        .byte 0, 9, 10, 11, 0, 13, 14, 0
dec_hi:
        .byte 0, 0, 0, 0, 0, 0, 0, 0
        .byte 0, 8<<4, 0, 1<<4, 0, 12<<4, 4<<4, 5<<4
        .byte 0, 0, 2<<4, 3<<4, 0, 15<<4, 6<<4, 7<<4
        .byte 0, 9<<4, 10<<4, 11<<4, 0, 13<<4, 14<<4, 0
