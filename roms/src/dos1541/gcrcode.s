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
        lda #255                ; the last group: block bytes 256-259 at V[255-258]
        sta GI
        lda #0
        sta GI+1
        lda #<320               ; to V[320-324]
        sta PI
        lda #>320
        sta PI+1
        lda #65
        sta GCNT
@g:     ldx #0
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
        lda GI                  ; back to the group before
        sec
        sbc #8
        sta GI
        bcs @p
        dec GI+1
@p:     lda PI
        sec
        sbc #10
        sta PI
        bcs @n
        dec PI+1
@n:     dec GCNT
        bne @g
        lda FLAGS
        ora #F_GCR
        sta FLAGS
        rts

; The GCR of a data block in the buffer and OVF to its bytes (in place).
dec_sector:
        lda #0
        sta GI
        sta GI+1
        lda #$FF                ; the block ID (V[-1]) to BLKID
        sta PI
        sta PI+1
        lda #65
        sta GCNT
@g:     ldx #0
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
