; breadbin open 1541 DOS: the commands of channel 15.
;
; I initialise (read the disk's ID and BAM); M-R, M-W, M-E read, write and run the drive's
; memory; U0 is accepted, U1/UA and U2/UB read and write a block into a channel's buffer,
; U3-U8 jump to $0500, $0503 ... $050F, UI (U9) and UJ (U:) reset; B-R, B-W, B-P, B-A,
; B-F, B-E work on blocks and buffers; S scratches, R renames, N formats, V validates.
; Numbers in block commands are decimal, after a colon, apart by spaces, commas or
; cursor-right characters.

        .include "dos.inc"
        .include "fs.inc"

        .export run_command
        .import set_error, set_error_ts, err_ok, disk_init, disk_ready, job_read, job_write
        .import parse_name, dir_search, entry_ptr, free_chain, bam_write, buf_ptr
        .import block_free, block_take, get_buffer, check_ts, reset, next_free
        .import cmd_more

        .segment "CODE"

run_command:
        ldx CMDLEN              ; a CR at the end is not part of the command (M-W counts
        stx COUNT               ; its bytes: it keeps it)
        beq @none
        lda CMDBUF-1,x
        cmp #$0D
        bne @go
        dec CMDLEN
        beq @none
@go:    jsr err_ok
        lda CMDLEN
        cmp #CMDLONG+1
        bcc @fits
        lda #32                 ; too long
        jmp set_error
@fits:  lda CMDBUF
        ldx #0
@find:  cmp cmd_letters,x
        beq @run
        inx
        cpx #cmd_count
        bne @find
        jmp cmd_more            ; the file commands (S R N V C)
@run:   txa
        asl
        tax
        lda cmd_addrs+1,x
        pha
        lda cmd_addrs,x
        pha
@none:  rts

cmd_letters:
        .byte "IMUB"
cmd_count = * - cmd_letters
cmd_addrs:
        .word cmd_i-1, cmd_m-1, cmd_u-1, cmd_b-1

syntax: lda #31
        jmp set_error

cmd_i:  jmp disk_init

; ---- M-R, M-W, M-E ---------------------------------------------------------------------------
cmd_m:  lda CMDBUF+1
        cmp #'-'
        bne syntax
        lda CMDLEN
        cmp #5
        bcc syntax
        lda CMDBUF+3
        sta PTR2
        lda CMDBUF+4
        sta PTR2+1
        lda CMDBUF+2
        cmp #'R'
        beq @r
        cmp #'W'
        beq @w
        cmp #'E'
        bne syntax
        jmp (PTR2)
@r:     lda #1                  ; M-R lo hi [count]: the bytes come on channel 15
        ldx CMDLEN
        cpx #6
        bcc @n
        lda CMDBUF+5
        bne @n
        lda #1                  ; 0 reads one
@n:     sta MRCOUNT
        lda #0
        sta ERRPOS
        rts
@w:     ldy #0                  ; M-W lo hi count data...
        ldx #6
@wb:    cpy CMDBUF+5
        beq @wd
        cpx COUNT
        beq @wd
        lda CMDBUF,x
        sta (PTR2),y
        inx
        iny
        bne @wb
@wd:    rts

; ---- U commands -------------------------------------------------------------------------------
cmd_u:  lda CMDBUF+1
        cmp #'0'
        beq @ok
        cmp #'1'
        beq u1
        cmp #'A'
        beq u1
        cmp #'2'
        beq u2
        cmp #'B'
        beq u2
        cmp #'I'
        beq @reset
        cmp #'9'
        beq @reset
        cmp #'J'
        beq @reset
        cmp #':'
        beq @reset
        sec
        sbc #'3'
        bcc bad
        cmp #6
        bcs bad
        sta TMP
        asl
        adc TMP                 ; U3 -> $0500, U4 -> $0503 ...
        sta PTR2
        lda #$05
        sta PTR2+1
        jmp (PTR2)
@ok:    rts
@reset: jmp reset
bad:    jmp syntax

; U1 / B-R: channel, drive, track, sector -> the block into the channel's buffer.
u1:     jsr block_params
        bcs @r
        jsr job_read
        bcs @r
        ldx BUFN
        lda #0
        sta B_PTR,x
        sta B_LAST,x
@r:     rts
; U2 / B-W: the channel's buffer to the block.
u2:     jsr block_params
        bcs @r2
        jsr job_write
@r2:    rts

; block_params: numbers channel, drive, track, sector: BUFN = the channel's buffer (which
; must be a '#' channel), TRK/SCT checked. C set on an error (set).
block_params:
        jsr numbers
        lda NUMS
        cmp #15
        bcs @noch
        tax
        lda CH_BUF,x
        bmi @noch
        lda CH_MODE,x
        cmp #M_DIRECT
        bne @noch
        lda #0                  ; a byte kept back is the buffer's as it was
        sta CH_HELD,x
        jsr get_buffer
        lda NUMS+2
        sta TRK
        lda NUMS+3
        sta SCT
        jsr check_ts
        bcc @ok
        lda #66
        ldx #1
        jsr set_error_ts
        sec
        rts
@noch:  lda #70
        jsr set_error
        sec
@ok:    rts

; numbers: the decimal numbers after the colon (or the first space) into NUMS (up to 4);
; COUNT = how many.
NUMS = $0180
numbers:
        ldx #0
@sep:   cpx CMDLEN
        beq @none
        lda CMDBUF,x
        inx
        cmp #':'
        beq @found
        cmp #' '
        bne @sep
@found: lda #0
        sta COUNT
        sta NUMS
        sta NUMS+1
        sta NUMS+2
        sta NUMS+3
@next:  cpx CMDLEN              ; skip to a digit
        beq @done
        lda CMDBUF,x
        cmp #'0'
        bcc @skip
        cmp #'9'+1
        bcs @skip
        lda #0
        sta TMP
@dig:   lda TMP                 ; TMP = TMP * 10 + digit
        asl
        asl
        adc TMP
        asl
        sta TMP
        lda CMDBUF,x
        and #$0F
        adc TMP
        sta TMP
        inx
        cpx CMDLEN
        beq @store
        lda CMDBUF,x
        cmp #'0'
        bcc @store
        cmp #'9'+1
        bcc @dig
@store: ldy COUNT
        lda TMP
        sta NUMS,y
        inc COUNT
        cpy #3
        bne @next
@done:  rts
@skip:  inx
        bne @next
@none:  lda #0
        sta COUNT
        rts

; ---- B commands -------------------------------------------------------------------------------
cmd_b:  lda CMDBUF+1
        cmp #'-'
        beq @dash
        jmp syntax
@dash:
        lda CMDBUF+2
        cmp #'R'
        beq @br
        cmp #'W'
        beq @bw
        cmp #'P'
        beq @bp
        cmp #'A'
        beq @ba
        cmp #'F'
        beq @bf
        cmp #'E'
        beq @be
        jmp syntax
@br:    jsr u1                  ; B-R: as U1, the first byte says how many follow
        bcs @r
        ldx BUFN
        lda #1
        sta B_PTR,x
        lda #$40
        sta B_LAST,x
        ldy #0
        lda (PTR),y
        sta B_END,x
        rts
@bw:    jsr block_params        ; B-W: the pointer goes into the first byte
        bcs @r
        ldx BUFN
        lda B_PTR,x
        sec
        sbc #1                  ; the last byte written
        ldy #0
        sta (PTR),y
        jmp job_write
@bp:    jsr numbers             ; B-P: channel, position
        lda NUMS
        cmp #15
        bcs @noch
        tax
        lda CH_BUF,x
        bmi @noch
        tay
        lda #0
        sta CH_HELD,x
        lda NUMS+1
        sta B_PTR,y
@r:     rts
@noch:  lda #70
        jmp set_error
@ba:    jsr bf_params           ; B-A: drive, track, sector taken in the BAM
        bcs @r
        jsr block_take
        bcc @wbam
        jsr next_free           ; not free: 65, NO BLOCK and the next free block
        lda #65
        ldx #1
        jmp set_error_ts
@bf:    jsr bf_params           ; B-F: freed
        bcs @r
        jsr block_free
@wbam:  jmp bam_write
@be:    jsr block_params        ; B-E: read, then run the buffer
        bcs @r
        jsr job_read
        bcs @r
        jmp (PTR)

bf_params:
        jsr numbers
        jsr disk_ready
        bcs @r
        lda NUMS+1
        sta TRK
        lda NUMS+2
        sta SCT
        jsr check_ts
        bcc @r
        lda #66
        ldx #1
        jsr set_error_ts
        sec
@r:     rts
