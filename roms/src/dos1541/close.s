; breadbin open 1541 DOS: closing a file, and freeing a chain of blocks.

        .include "dos.inc"
        .include "fs.inc"

        .export file_close, close_one, free_chain
        .import buf_free, buf_ptr, job_read, job_write, bam_write, block_free
        .import get_buffer, next_block, entry_ptr, link_of, rel_close

        .segment "CODE"

; ---- close --------------------------------------------------------------------------------
; file_close: close channel A (15 closes every channel).
file_close:
        cmp #15
        bne close_one
        lda #14
        sta TMP3
@all:   lda TMP3
        jsr close_one
        dec TMP3
        bpl @all
        rts
close_one:
        sta CUR_SA
        tax
        lda CH_BUF,x
        bmi @done
        jsr get_buffer
        ldx CUR_SA
        lda CH_MODE,x
        cmp #M_REL
        bne @w
        jsr rel_close
        jmp @free
@w:     cmp #M_WRITE
        bne @free
        jsr close_write
@free:  ldx CUR_SA
        lda CH_BUF,x
        jsr buf_free
        ldx CUR_SA
        lda #$FF
        sta CH_BUF,x
        lda #0
        sta CH_MODE,x
@done:  rts

; close_write: the last block, the directory entry, the BAM.
close_write:
        ldx BUFN
        ldy B_PTR,x
        cpy #2
        bne @some
        lda B_BLKL,x
        ora B_BLKH,x
        bne @some
        lda #$0D                ; a file with nothing in it gets one CR, as on the 1541
        sta (PTR),y
        iny
        tya
        sta B_PTR,x
@some:  ldy B_PTR,x
        bne @room
        jsr next_block          ; full to the last byte: the end goes in a block of its own
        bcc @nb
        rts
@nb:    ldx BUFN
        ldy #2
@room:  dey                     ; the last byte used (1 for an empty file)
        tya
        ldy #1
        sta (PTR),y
        dey
        tya
        sta (PTR),y
        lda B_CTRK,x
        sta TRK
        lda B_CSEC,x
        sta SCT
        jsr job_write
        bcs @err
        ldx BUFN
        inc B_BLKL,x
        bne @n
        inc B_BLKH,x
@n:     lda B_DTRK,x            ; the entry
        sta TRK
        lda B_DSEC,x
        sta SCT
        lda B_DOFS,x
        sta DIROFS
        jsr job_read
        bcs @err
        jsr buf_ptr
        jsr entry_ptr
        ldx BUFN
        ldy #3
        lda (PTR2),y            ; the old chain, freed when it is another
        sta NEXTTRK
        iny
        lda (PTR2),y
        sta NEXTSEC
        ldy #2
        lda B_TYPE,x
        ora #$80
        sta (PTR2),y
        iny
        lda B_FTRK,x
        sta (PTR2),y
        iny
        lda B_FSEC,x
        sta (PTR2),y
        ldy #30
        lda B_BLKL,x
        sta (PTR2),y
        iny
        lda B_BLKH,x
        sta (PTR2),y
        jsr job_write
        bcs @err
        ldx BUFN
        lda B_REPL,x
        bpl @bam
        lda NEXTTRK
        sta TRK
        lda NEXTSEC
        sta SCT
        jsr free_chain
@bam:   jmp bam_write
@err:   rts

; free_chain: free the blocks of the chain from TRK/SCT (read through buffer BUFN).
free_chain:
        lda #0
        sta LOOPS
@blk:   lda TRK
        beq @done
        jsr block_free
        jsr job_read
        bcs @done
        jsr link_of
        inc LOOPS
        bne @blk
@done:  rts
