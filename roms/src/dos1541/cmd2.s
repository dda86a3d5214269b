; breadbin open 1541 DOS: the file commands of channel 15: S (scratch), R (rename), N (new:
; format), V (validate); C (copy) is in copy.s.

        .include "dos.inc"
        .include "fs.inc"

        .export cmd_more, colon, name_len, len_to
        .import cmd_c
        .import set_error, set_error_ts, err_ok, disk_init, disk_ready, job_read, job_write
        .import dir_search, entry_ptr, free_chain, bam_write, buf_ptr, buf_alloc, buf_free
        .import block_take, sectors_of, link_of, empty_dir_sector, cmd_p

BAM = $0700

        .segment "CODE"

cmd_more:
        cmp #'S'
        beq cmd_s
        cmp #'P'
        bne @r
        jmp cmd_p
@r:
        cmp #'R'
        bne @n
        jmp cmd_r
@n:     cmp #'N'
        bne @v
        jmp cmd_n
@v:     cmp #'V'
        bne @c
        jmp cmd_v
@c:     cmp #'C'
        bne @bad
        jmp cmd_c
@bad:   lda #31
        jmp set_error

; colon: X at the character after the first ':' in CMDBUF; C set when there is none.
colon:  ldx #0
@f:     cpx CMDLEN
        beq @no
        lda CMDBUF,x
        inx
        cmp #':'
        bne @f
        clc
        rts
@no:    sec
        rts

; NAMELEN: from NAMEPOS up to a ',' or '=' or the end.
name_len:
        ldx NAMEPOS
@l:     cpx CMDLEN
        beq @e
        lda CMDBUF,x
        cmp #','
        beq @e
        cmp #'='
        beq @e
        inx
        bne @l
@e:
; len_to: NAMELEN = X - NAMEPOS (C is set).
len_to: txa
        sec
        sbc NAMEPOS
        sta NAMELEN
        rts

need_buffer:
        jsr disk_ready
        bcs @r
        jsr buf_alloc
        bcc @r
        lda #70
        jsr set_error
        sec
@r:     rts

syntax: lda #34
        jmp set_error

; ---- S:name[,name...] ------------------------------------------------------------------------
cmd_s:  jsr colon
        bcc :+
        jmp syntax
:
        stx NAMEPOS
        jsr need_buffer
        bcc @buf
        rts
@buf:   lda #0
        sta COUNT
@name:  jsr name_len
@again: jsr dir_search
        bcs @end
        bit FOUND
        bpl @nextn
        jsr entry_ptr
        ldy #2
        lda (PTR2),y
        and #$40
        bne @nextn              ; locked
        lda #0
        sta (PTR2),y
        iny
        lda (PTR2),y
        sta NEXTTRK
        iny
        lda (PTR2),y
        sta NEXTSEC
        ldy #21                 ; a REL file's side sectors
        lda (PTR2),y
        sta TMP3
        iny
        lda (PTR2),y
        pha
        lda DIRTRK
        sta TRK
        lda DIRSEC
        sta SCT
        jsr job_write
        pla
        bcs @end
        sta SCT
        lda TMP3
        sta TRK
        jsr free_chain
        lda NEXTTRK
        sta TRK
        lda NEXTSEC
        sta SCT
        jsr free_chain
        inc COUNT
        jmp @again
@nextn: ldx NAMEPOS             ; the next name after a ','
        txa
        clc
        adc NAMELEN
        tax
        cpx CMDLEN
        bcs @end
        inx
        stx NAMEPOS
        jmp @name
@end:   jsr bam_write
        lda BUFN
        jsr buf_free
        lda COUNT
        sta TRK
        lda #0
        sta SCT
        lda #1
        ldx #1
        jmp set_error_ts

; ---- R:new=old ----------------------------------------------------------------------------------
cmd_r:  jsr colon
        bcc :+
        jmp syntax
:
        stx NAMEPOS
        jsr name_len
        lda NAMEPOS
        sta FTYPE               ; the new name's place and length
        lda NAMELEN
        sta FMODE
        clc
        adc NAMEPOS
        tax
        cpx CMDLEN
        bcc :+
        lda #30                 ; no '='
        jmp set_error
:
        inx
        stx NAMEPOS
        jsr need_buffer
        bcs @r
        jsr name_len            ; the old name
        lda NAMEPOS
        pha
        lda NAMELEN
        pha
        lda FTYPE
        sta NAMEPOS
        lda FMODE
        sta NAMELEN
        jsr dir_search          ; the new name must not be there
        pla
        sta NAMELEN
        pla
        sta NAMEPOS
        bcs @free
        bit FOUND
        bmi @exists
        jsr dir_search
        bcs @free
        bit FOUND
        bmi @found
        lda #62
        bne @err
@exists:
        lda #63
@err:   jsr set_error
        jmp @free
@found: jsr entry_ptr           ; the old entry takes the new name
        ldx FTYPE
        ldy #5
@ch:    txa
        sec
        sbc FTYPE
        cmp FMODE
        lda #$A0
        bcs @pad
        lda CMDBUF,x
        inx
@pad:   sta (PTR2),y
        iny
        cpy #21
        bne @ch
        jsr job_write
@free:  lda BUFN
        jmp buf_free
@r:     rts

; ---- N:name[,id] ---------------------------------------------------------------------------------
; With an ID every track is formatted; without, the disk keeps its ID and gets an empty
; directory and BAM.
cmd_n:  jsr colon
        bcc :+
        jmp syntax
:
        stx NAMEPOS
        jsr name_len
        lda NAMEPOS
        clc
        adc NAMELEN
        tax
        inx
        cpx CMDLEN
        bcc @full
        beq @full
        jsr disk_init           ; quick: the ID stays
        bcs @r
        jmp @bam
@full:  lda CMDBUF,x            ; the ID's two characters
        sta DISKID
        inx
        lda #' '
        cpx CMDLEN
        bcs @id2
        lda CMDBUF,x
@id2:   sta DISKID+1
        lda #35                 ; the controller formats 35 tracks
        sta HDRS+8
        lda #0
        sta HDRS+9
        lda #$F0
        sta JOBS+4
@wait:  lda JOBS+4
        bmi @wait
        cmp #1
        beq @bam
        clc
        adc #18
        jmp set_error
@bam:   jsr new_bam
        lda #4
        sta BUFN
        lda #$C0
        sta BAMOK               ; in buffer 4, to be written
        jsr bam_write
        bcs @r
        jsr buf_alloc           ; an empty directory sector
        bcs @r
        jsr buf_ptr
        jsr empty_dir_sector
        lda #18
        sta TRK
        lda #1
        sta SCT
        jsr job_write
        lda BUFN
        jsr buf_free
        lda #$80
        sta BAMOK
@r:     rts

; new_bam: an empty BAM in buffer 4: every block free but 18/0 and 18/1, the name at
; CMDBUF[NAMEPOS], the ID from DISKID.
new_bam:
        ldx #0
        txa
@clr:   sta BAM,x
        inx
        bne @clr
        lda #18
        sta BAM
        lda #1
        sta BAM+1
        lda #'A'
        sta BAM+2
        ldx #1
@tr:    txa
        jsr sectors_of
        pha
        txa
        asl
        asl
        tay
        pla
        sta BAM,y
        sec
        sbc #16
        sta TMP
        lda #$FF
        sta BAM+1,y
        sta BAM+2,y
        lda #0
@bits:  sec
        rol                     ; TMP low bits set
        dec TMP
        bne @bits
        sta BAM+3,y
        inx
        cpx #36
        bne @tr
        lda #18
        sta TRK
        lda #0
        sta SCT
        jsr block_take
        inc SCT
        jsr block_take
        ldx #$90                ; name, padding, ID, "2A"
        lda #$A0
@pad:   sta BAM,x
        inx
        cpx #$AB
        bne @pad
        ldy NAMEPOS
        ldx #$90
@nm:    tya
        sec
        sbc NAMEPOS
        cmp NAMELEN
        bcs @id
        cpx #$A0
        beq @id
        lda CMDBUF,y
        sta BAM,x
        iny
        inx
        bne @nm
@id:    lda DISKID
        sta BAM+$A2
        lda DISKID+1
        sta BAM+$A3
        lda #'2'
        sta BAM+$A5
        lda #'A'
        sta BAM+$A6
        rts

; ---- V ---------------------------------------------------------------------------------------
; Validate: a new BAM from the chains of the closed files; files never closed are deleted.
cmd_v:  jsr disk_ready
        bcs @r0
        ldx #$90                ; keep the name and ID: rebuild the map only
        ldy #0
@keep:  lda BAM,x
        sta ERRTXT,y            ; (free while a command runs)
        inx
        iny
        cpy #$1B
        bne @keep
        lda #0
        sta NAMELEN
        jsr new_bam
        ldx #$90
        ldy #0
@back:  lda ERRTXT,y
        sta BAM,x
        inx
        iny
        cpy #$1B
        bne @back
        jsr buf_alloc           ; the directory's sector
        bcs @r0
        sta TMP2
        jsr buf_alloc           ; the chains' blocks
        bcc @two
        lda TMP2
        jsr buf_free
@r0:    rts
@two:   lda #18
        sta DIRTRK
        lda #1
        sta DIRSEC
        lda #0
        sta LOOPS
@sec:   lda DIRTRK
        sta TRK
        lda DIRSEC
        sta SCT
        jsr block_take
        lda TMP2
        sta BUFN
        jsr job_read
        bcs @done
        lda #2
        sta DIROFS
@ent:   lda TMP2
        sta BUFN
        jsr buf_ptr
        ldy DIROFS
        lda (PTR),y
        beq @nexte
        bmi @closed
        lda #0                  ; never closed: deleted
        sta (PTR),y
        lda DIRTRK
        sta TRK
        lda DIRSEC
        sta SCT
        jsr job_write
        jmp @nexte
@closed:
        iny
        lda (PTR),y
        sta TRK
        iny
        lda (PTR),y
        sta SCT
        tya
        clc
        adc #17                 ; +21: side sectors
        tay
        lda (PTR),y
        pha
        iny
        lda (PTR),y
        pha
        jsr use_chain
        pla
        sta SCT
        pla
        sta TRK
        jsr use_chain
@nexte: lda DIROFS
        clc
        adc #32
        sta DIROFS
        bcc @ent
        lda TMP2
        sta BUFN
        jsr buf_ptr
        ldy #0
        lda (PTR),y
        beq @done
        sta DIRTRK
        iny
        lda (PTR),y
        sta DIRSEC
        inc LOOPS
        lda LOOPS
        cmp #19
        bcc @sec
        lda #71
        jsr set_error
@done:  lda BAMOK
        ora #$40
        sta BAMOK
        jsr bam_write
        lda TMP2
        jsr buf_free
        lda TMP2
        clc
        adc #1
        jmp buf_free

; use_chain: mark the chain from TRK/SCT used (read through buffer TMP2 + 1).
use_chain:
        ldx TMP2
        inx
        stx BUFN
        lda #0
        sta COUNT
@blk:   lda TRK
        beq @r
        jsr block_take
        bcs @r                  ; already used: a cross-link or a loop, stop here
        jsr job_read
        bcs @r
        jsr link_of
        inc COUNT
        bne @blk
@r:     rts
