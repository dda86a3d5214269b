; breadbin open 1541 DOS: files: opening, reading, writing and closing them.
;
; A name as OPEN sends it: [@][drive:]NAME[,type][,mode], type P S U L, mode R W A. Channel
; 0 reads and channel 1 writes a program; "$" is the directory listing and "#" a buffer.
; A file being written has its directory entry made when it is opened, without the closed
; flag ($80); closing it writes its last block, the entry's blocks and flag, and the BAM.
; "@" replaces a file: the new one takes the old one's entry at the close, and the old
; chain is freed.

        .include "dos.inc"
        .include "fs.inc"

        .export file_open, file_get, file_put, parse_name, next_block
        .export get_buffer, open_read, open_write, name_pattern, open_fail, dir_extend
        .import set_error, set_error_ts, err_ok, buf_alloc, buf_free, buf_ptr
        .import job_read, job_write, disk_ready, bam_write, block_alloc, block_next
        .import block_free, block_take, dir_search, dir_list_start, dir_list_next
        .import entry_ptr, take_on_track, file_close, empty_dir_sector, entry_name
        .import rel_name, rel_wants, rel_open, rel_get, rel_put

        .segment "CODE"

; parse_name: the name in CMDBUF: REPLACE, NAMEPOS/NAMELEN, FTYPE (0 any, or 1-4), FMODE.
parse_name:
        lda #0
        sta REPLACE
        sta FTYPE
        sta FMODE
        sta NAMEPOS
        ldx #0
        lda CMDBUF
        cmp #'@'
        bne @colon
        lda #$80
        sta REPLACE
        inx
        stx NAMEPOS
@colon: cpx CMDLEN              ; a drive number before ':' is skipped
        beq @start
        lda CMDBUF,x
        inx
        cmp #':'
        bne @colon
        stx NAMEPOS
@start: ldx NAMEPOS
@len:   cpx CMDLEN
        beq @endn
        lda CMDBUF,x
        cmp #','
        beq @endn
        cmp #$0D
        beq @endn
        inx
        bne @len
@endn:  txa
        sec
        sbc NAMEPOS
        sta NAMELEN
@opt:   cpx CMDLEN
        beq @done
        lda CMDBUF,x
        inx
        cmp #','
        bne @opt
        cpx CMDLEN
        beq @done
        lda CMDBUF,x
        ldy #4
@ty:    cmp type_letters-1,y
        beq @type
        dey
        bne @ty
        cmp #'R'
        beq @mode
        cmp #'W'
        beq @mode
        cmp #'A'
        beq @mode
        cmp #'M'
        bne @opt
@mode:  sta FMODE
        jmp @opt
@type:  sty FTYPE
        jmp @opt
@done:  rts
type_letters:
        .byte "SPUL"

; name_pattern: C set when the name at NAMEPOS (NAMELEN long) has a '*' or '?'.
name_pattern:
        ldx NAMEPOS
        ldy NAMELEN
        beq @no
@l:     lda CMDBUF,x
        cmp #'*'
        beq @yes
        cmp #'?'
        beq @yes
        inx
        dey
        bne @l
@no:    clc
        rts
@yes:   sec
        rts

; ---- open ---------------------------------------------------------------------------------
; file_open: channel CUR_SA with the name in CMDBUF.
file_open:
        lda CUR_SA
        jsr file_close
        lda CMDLEN
        bne @named
        lda #34
        jmp set_error
@named: lda CMDBUF
        cmp #'#'
        bne @file
        jmp open_direct
@file:  jsr parse_name
        jsr rel_name
        jsr disk_ready
        bcc @ready
        rts
@ready: jsr buf_alloc
        bcc @buf
        lda #70
        jmp set_error
@buf:   ldx CUR_SA
        sta CH_BUF,x
        lda CMDBUF
        cmp #'$'
        bne @mode
        jmp open_dir
@mode:  lda FMODE               ; the defaults: channel 0 reads, 1 writes a program
        bne @m
        lda #'R'
        ldx CUR_SA
        cpx #1
        bne @m0
        lda #'W'
@m0:    sta FMODE
@m:     lda FTYPE
        bne @t
        ldx CUR_SA
        cpx #2
        bcs @t
        lda #2                  ; PRG
        sta FTYPE
@t:     lda FMODE               ; a new file's name is no pattern
        cmp #'W'
        bne @find
        jsr name_pattern
        bcc @find
        lda #33
        bne fail_a
@find:  jsr dir_search
        bcs fail
        jsr rel_wants
        bcc @nrel
        jmp rel_open
@nrel:  lda FMODE
        cmp #'W'
        bne @r
        jmp open_write
@r:     cmp #'A'
        bne open_read
        jmp open_append

; An error: the channel is closed again.
open_fail:
fail:   ldx CUR_SA
        lda CH_BUF,x
        jsr buf_free
        ldx CUR_SA
        lda #$FF
        sta CH_BUF,x
        rts
not_found:
        lda #62
fail_a: jsr set_error
        jmp fail

open_read:
        bit FOUND
        bpl not_found
        jsr entry_ptr
        ldy #2
        lda (PTR2),y
        bmi @closed
        ldx FMODE               ; a file never closed (or being written) is read only
        cpx #'M'                ; with mode M
        beq @closed
        lda #60
        bne fail_a
@closed:
        and #7
        ldx FTYPE
        beq @any
        cmp FTYPE
        beq @any
        lda #64
        bne fail_a
@any:   iny
        lda (PTR2),y
        sta TRK
        iny
        lda (PTR2),y
        sta SCT
        jsr read_first
        bcs fail
        ldx CUR_SA
        lda #M_READ
        sta CH_MODE,x
        jmp err_ok

; read_first: block TRK/SCT into buffer BUFN, ready to be read from its third byte.
read_first:
        jsr job_read
        bcs @r
        jsr buf_ptr
        ldx BUFN
        lda #2
        sta B_PTR,x
        ldy #0
        lda (PTR),y
        bne @more
        iny
        lda (PTR),y
        sta B_END,x
        lda #$80
        sta B_LAST,x
        clc
        rts
@more:  lda #$FF
        sta B_END,x
        lda #0
        sta B_LAST,x
        clc
@r:     rts

open_dir:
        lda NAMEPOS             ; "$" and "$0:PATTERN"
        bne @pat
        lda #1
        sta NAMEPOS
        lda CMDLEN
        sec
        sbc #1
        sta NAMELEN
@pat:   jsr dir_list_start
        ldx CUR_SA
        lda #M_DIR
        sta CH_MODE,x
        jmp err_ok

open_direct:
        jsr buf_alloc
        bcc @ok
        lda #70
        jmp set_error
@ok:    ldx CUR_SA
        sta CH_BUF,x
        lda #M_DIRECT
        sta CH_MODE,x
        jmp err_ok

open_write:
        bit FOUND
        bpl @new
        bit REPLACE
        bmi @repl
        lda #63
        jmp fail_a
@repl:  ldx BUFN                ; the old entry is taken over at the close
        lda DIRTRK
        sta B_DTRK,x
        lda DIRSEC
        sta B_DSEC,x
        lda DIROFS
        sta B_DOFS,x
        lda #$80
        sta B_REPL,x
        jsr block_alloc
        bcs @fail
        jmp @first
@fail:  jmp fail
@new:   lda FREETRK
        bne @entry
        jsr dir_extend
        bcc @entry
        jmp fail
@entry: jsr block_alloc
        bcc @made
        jmp fail
@made:  lda TRK
        pha
        lda SCT
        pha
        lda FREETRK
        sta TRK
        lda FREESEC
        sta SCT
        jsr job_read
        pla
        sta SCT
        pla
        sta TRK
        bcc @fill
        jmp fail
@fill:  lda FREEOFS
        sta DIROFS
        ldx BUFN
        sta B_DOFS,x
        lda FREETRK
        sta B_DTRK,x
        lda FREESEC
        sta B_DSEC,x
        lda #0
        sta B_REPL,x
        jsr buf_ptr
        jsr entry_ptr
        ldy #2
        lda FTYPE
        bne @ft
        lda #1                  ; SEQ
@ft:    sta (PTR2),y            ; not closed yet
        iny
        lda TRK
        sta (PTR2),y
        iny
        lda SCT
        sta (PTR2),y
        jsr entry_name          ; Y = 21 after it
        lda #0
@z:     sta (PTR2),y
        iny
        cpy #32
        bne @z
        lda TRK
        pha
        lda SCT
        pha
        ldx BUFN
        lda B_DTRK,x
        sta TRK
        lda B_DSEC,x
        sta SCT
        jsr job_write
        pla
        sta SCT
        pla
        sta TRK
        bcc @first
        jmp fail
@first: ldx BUFN                ; TRK/SCT: the first block
        lda TRK
        sta B_FTRK,x
        sta B_CTRK,x
        lda SCT
        sta B_FSEC,x
        sta B_CSEC,x
        lda FTYPE
        bne @ty
        lda #1
@ty:    sta B_TYPE,x
        lda #2
        sta B_PTR,x
        lda #0
        sta B_BLKL,x
        sta B_BLKH,x
        ldx CUR_SA
        lda #M_WRITE
        sta CH_MODE,x
        jmp err_ok

; dir_extend: a new directory sector after LASTDIR, three sectors on; FREETRK/SCT/OFS is
; its first entry. C set on an error (72 when track 18 is full).
dir_extend:
        lda #18
        sta TRK
        lda LASTDIR
        clc
        adc #3
        sta SCT
        jsr take_on_track
        bcc @got
        lda #72
        jsr set_error
        sec
        rts
@got:   lda SCT
        sta FREESEC
        lda #18
        sta FREETRK
        lda #0
        sta FREEOFS
        lda LASTDIR             ; link the last sector to it
        sta SCT
        jsr job_read
        bcs @err
        jsr buf_ptr
        ldy #0
        lda #18
        sta (PTR),y
        iny
        lda FREESEC
        sta (PTR),y
        jsr job_write
        bcs @err
        jsr empty_dir_sector    ; the new one: empty, last
        lda FREESEC
        sta SCT
        jsr job_write
@err:   rts

open_append:
        bit FOUND
        bmi @found
        jmp not_found
@found: jsr entry_ptr
        ldx BUFN
        lda DIRTRK
        sta B_DTRK,x
        lda DIRSEC
        sta B_DSEC,x
        lda DIROFS
        sta B_DOFS,x
        lda #0
        sta B_REPL,x
        sta B_BLKL,x
        sta B_BLKH,x
        ldy #2
        lda (PTR2),y
        and #7
        sta B_TYPE,x
        iny
        lda (PTR2),y
        sta TRK
        sta B_FTRK,x
        iny
        lda (PTR2),y
        sta SCT
        sta B_FSEC,x
        lda #0
        sta LOOPS
@walk:  ldx BUFN
        lda TRK
        sta B_CTRK,x
        lda SCT
        sta B_CSEC,x
        jsr job_read
        bcc @rd
        jmp fail
@rd:    ldx BUFN
        inc B_BLKL,x
        bne @nc
        inc B_BLKH,x
@nc:    jsr buf_ptr
        ldy #0
        lda (PTR),y
        beq @last
        sta TRK
        iny
        lda (PTR),y
        sta SCT
        inc LOOPS               ; 255 blocks without an end: give up
        bne @walk
        lda #66
        jmp fail_a
@last:  iny
        lda (PTR),y
        clc
        adc #1
        ldx BUFN
        sta B_PTR,x
        ; the last block is written again from here; the count is made again at the close
        lda B_BLKL,x
        bne @dec
        dec B_BLKH,x
@dec:   dec B_BLKL,x
        ldx CUR_SA
        lda #M_WRITE
        sta CH_MODE,x
        jmp err_ok

; ---- bytes ---------------------------------------------------------------------------------
; get_buffer: BUFN and PTR for channel X's buffer (Y = the buffer).
get_buffer:
        lda CH_BUF,x
        sta BUFN
        tay
        jmp buf_ptr

; file_get: the next byte of channel CUR_SA (X = CUR_SA, Y = its buffer): A, X = 0, 1 for
; the last, 2 for none.
file_get:
        jsr get_buffer
        ldx CUR_SA
        lda CH_MODE,x
        cmp #M_DIR
        beq get_dir
        cmp #M_DIRECT
        beq get_direct
        cmp #M_READ
        beq get_read
        cmp #M_REL
        bne none
        jmp rel_get
none:   ldx #2
        rts

; A buffer read with B-R (B_LAST b6) holds as many bytes as its first byte says: the last
; of them comes with EOI, and reading goes on from the second byte again.
get_direct:
        ldx BUFN
        ldy B_PTR,x
        inc B_PTR,x
        lda (PTR),y
        pha
        lda B_LAST,x
        and #$40
        beq @plain
        tya
        cmp B_END,x
        bne @plain
        lda #1
        sta B_PTR,x
        pla
        ldx #1
        rts
@plain: pla
        ldx #0
        rts

get_dir:
        lda LINEPOS
        cmp LINELEN
        bcc @have
        lda DIRPHASE
        cmp #3
        beq none
        jsr dir_list_next
@have:  ldx LINEPOS
        lda LINEBUF,x
        inc LINEPOS
        ldx #0
        pha
        lda DIRPHASE
        cmp #3
        bne @r
        lda LINEPOS
        cmp LINELEN
        bne @r
        inx
@r:     pla
        rts

get_read:
        ldx BUFN
        lda B_PTR,x
        beq none                ; the end was sent
        tay
        lda B_END,x
        cmp B_PTR,x
        bcc none                ; an empty last block
        lda (PTR),y
        pha
        tya
        cmp B_END,x
        beq @end
        inc B_PTR,x
        pla
        ldx #0
        rts
@end:   lda B_LAST,x
        bpl @next
        lda #0
        sta B_PTR,x
        pla
        ldx #1
        rts
@next:  ldy #0                  ; the next block
        lda (PTR),y
        sta TRK
        iny
        lda (PTR),y
        sta SCT
        jsr read_first
        bcc @ok
        ldx BUFN                ; a read error ends the file here
        lda #0
        sta B_PTR,x
        pla
        ldx #1
        rts
@ok:    pla
        ldx #0
        rts

; file_put: A to channel CUR_SA (X = CUR_SA, Y = its buffer).
file_put:
        pha
        jsr get_buffer
        ldx CUR_SA
        lda CH_MODE,x
        cmp #M_DIRECT
        beq put_direct
        cmp #M_WRITE
        beq put_write
        tax
        pla
        cpx #M_REL
        bne @r
        jmp rel_put
@r:     rts
put_direct:
        ldx BUFN
        ldy B_PTR,x
        inc B_PTR,x
        pla
        sta (PTR),y
        rts
put_write:
        ldx BUFN
        ldy B_PTR,x
        bne @room
        jsr next_block          ; the block is full: on to the next
        bcs @lost
        ldx BUFN
        ldy #2
@room:  pla
        sta (PTR),y
        iny
        tya
        sta B_PTR,x
        rts
@lost:  pla
        rts

; next_block: the block in buffer BUFN is full: link it to a new block, write it, and
; start the new one. C set on an error (the channel stops writing).
next_block:
        ldx BUFN
        lda B_CTRK,x
        sta NEXTTRK
        lda B_CSEC,x
        sta NEXTSEC
        jsr block_next
        bcs @err
        ldy #0
        lda TRK
        sta (PTR),y
        iny
        lda SCT
        sta (PTR),y
        ldx BUFN
        lda TRK                 ; the new block, while the old one is written
        pha
        lda SCT
        pha
        lda B_CTRK,x
        sta TRK
        lda B_CSEC,x
        sta SCT
        jsr job_write
        pla
        tay
        pla
        bcs @err
        ldx BUFN
        sta B_CTRK,x
        tya
        sta B_CSEC,x
        inc B_BLKL,x
        bne @n
        inc B_BLKH,x
@n:     lda #2
        sta B_PTR,x
        clc
        rts
@err:   ldx CUR_SA
        lda #M_NONE
        sta CH_MODE,x
        sec
        rts

