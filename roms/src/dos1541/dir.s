; breadbin open 1541 DOS: the directory: finding names, and the listing LOAD"$" reads.
;
; The directory is a chain of sectors on track 18 from 18/1, eight entries of 32 bytes each:
; +2 the type ($80 closed, $40 locked; 0 DEL, 1 SEQ, 2 PRG, 3 USR, 4 REL), +3/+4 the first
; block, +5-+20 the name padded with $A0, +30/+31 the blocks. A chain longer than the track
; has sectors loops: it ends with error 71.

        .include "dos.inc"
        .include "fs.inc"

        .export dir_search, name_match, dir_list_start, dir_list_next, entry_ptr, entry_name
        .import job_read, set_error, buf_ptr, blocks_free

BAM = $0700

        .segment "CODE"

; dir_search: find the name CMDBUF[NAMEPOS], NAMELEN long (with * and ?) in the directory,
; reading its sectors into buffer BUFN. FOUND b7 set when found (DIRTRK/DIRSEC/DIROFS);
; FREETRK/FREESEC/FREEOFS is the first unused entry (FREETRK 0: none); LASTDIR the last
; sector of the chain. C set on an error.
dir_search:
        lda #0
        sta FOUND
        sta FREETRK
        sta LOOPS
        lda #18
        sta TRK
        lda #1
        sta SCT
@sector:
        inc LOOPS
        lda LOOPS
        cmp #19
        bcs @loop
        jsr job_read
        bcs @err
        lda SCT
        sta LASTDIR
        jsr buf_ptr
        ldy #2
@entry: lda (PTR),y
        bne @used
        lda FREETRK
        bne @next
        lda TRK
        sta FREETRK
        lda SCT
        sta FREESEC
        sty FREEOFS
        dec FREEOFS
        dec FREEOFS
        jmp @next
@used:  and #7
        beq @next               ; a deleted file
        sty TMP
        tya
        clc
        adc #3                  ; the name, at +5
        tay
        jsr name_match
        ldy TMP
        bcc @next
        lda #$80
        sta FOUND
        lda TRK
        sta DIRTRK
        lda SCT
        sta DIRSEC
        dey
        dey
        sty DIROFS
        clc
        rts
@next:  tya
        clc
        adc #32
        tay
        bcc @entry
        ldy #0
        lda (PTR),y
        beq @end
        sta TRK
        iny
        lda (PTR),y
        sta SCT
        jmp @sector
@end:   clc
@err:   rts
@loop:  lda #71
        jsr set_error
        sec
        rts

; name_match: does the name at (PTR),Y (16 bytes, $A0 padded) match CMDBUF[NAMEPOS] of
; NAMELEN bytes? C set when it does. Y is changed.
name_match:
        ldx NAMEPOS
        lda #16
        sta TMP2
@ch:    txa
        sec
        sbc NAMEPOS
        cmp NAMELEN
        beq @endp
        lda CMDBUF,x
        cmp #'*'
        beq @yes
        pha
        lda TMP2
        beq @nop
        lda (PTR),y
        cmp #$A0
        beq @nop
        pla
        cmp #'?'
        beq @same
        cmp (PTR),y
        bne @no
@same:  inx
        iny
        dec TMP2
        jmp @ch
@endp:  lda TMP2
        beq @yes
        lda (PTR),y
        cmp #$A0
        beq @yes
@no:    clc
        rts
@nop:   pla
        clc
        rts
@yes:   sec
        rts

; entry_ptr: PTR2 = PTR + DIROFS (the entry found).
entry_ptr:
        lda PTR
        clc
        adc DIROFS
        sta PTR2
        lda PTR+1
        adc #0
        sta PTR2+1
        rts

; entry_name: the name CMDBUF[NAMEPOS], NAMELEN long, into the entry at PTR2 (+5 to +20),
; padded with $A0; Y = 21 after it.
entry_name:
        ldy #4
        ldx NAMEPOS
@name:  iny
        cpy #21
        beq @done
        txa
        sec
        sbc NAMEPOS
        cmp NAMELEN
        lda #$A0
        bcs @pad
        lda CMDBUF,x
        inx
@pad:   sta (PTR2),y
        jmp @name
@done:  rts

; ---- the listing ------------------------------------------------------------------------------
; dir_list_start: a listing of the names matching CMDBUF[NAMEPOS], NAMELEN long (all when
; 0), through buffer BUFN.
dir_list_start:
        ldx #0
@cp:    cpx NAMELEN
        beq @cpd
        cpx #16
        beq @cpd
        txa
        clc
        adc NAMEPOS
        tay
        lda CMDBUF,y
        sta DIRPAT,x
        inx
        bne @cp
@cpd:   stx DIRPATN
        lda #0
        sta DIRPHASE
        sta LINELEN
        sta LINEPOS
        rts

; dir_list_next: the next line in LINEBUF (LINELEN bytes).
dir_list_next:
        lda #0
        sta LINELEN
        sta LINEPOS
        lda DIRPHASE
        beq header
        cmp #1
        beq files
        jmp free_line

header: lda #$01                ; loaded at $0401
        jsr out
        lda #$04
        jsr out
        jsr link
        lda #0
        jsr out
        jsr out
        lda #$12                ; reverse on
        jsr out
        lda #'"'
        jsr out
        ldx #$90
@name:  lda BAM,x
        jsr out_a0
        inx
        cpx #$A0
        bne @name
        lda #'"'
        jsr out
        lda #' '
        jsr out
        ldx #$A2
@id:    lda BAM,x
        jsr out_a0
        inx
        cpx #$A7
        bne @id
        lda #0
        jsr out
        lda #1
        sta DIRPHASE
        lda #18
        sta DIRTRK
        lda #1
        sta DIRSEC
        lda #8
        sta DIRENTS
        lda #0
        sta LOOPS
        rts

files:  lda DIRENTS
        cmp #8
        bcc @entry
        lda DIRTRK              ; the next sector of the chain
        beq @last
        inc LOOPS
        lda LOOPS
        cmp #19
        bcs @last
        lda DIRTRK
        sta TRK
        lda DIRSEC
        sta SCT
        jsr job_read
        bcs @last
        jsr buf_ptr
        ldy #0
        lda (PTR),y
        sta DIRTRK
        iny
        lda (PTR),y
        sta DIRSEC
        lda #0
        sta DIRENTS
@entry: lda DIRENTS
        inc DIRENTS
        asl
        asl
        asl
        asl
        asl
        sta DIROFS
        jsr buf_ptr
        jsr entry_ptr
        ldy #2
        lda (PTR2),y
        beq files               ; unused
        lda DIRPATN
        beq @show
        jsr pat_match
        bcc files
@show:  jmp file_line
@last:  lda #2
        sta DIRPHASE
        jmp free_line

; pat_match: does the entry at PTR2 match DIRPAT? C set when it does.
pat_match:
        ldx #0
        ldy #5
@ch:    cpx DIRPATN
        beq @endp
        lda DIRPAT,x
        cmp #'*'
        beq @yes
        cpy #21
        beq @no
        lda (PTR2),y
        cmp #$A0
        beq @no
        lda DIRPAT,x
        cmp #'?'
        beq @same
        cmp (PTR2),y
        bne @no
@same:  inx
        iny
        bne @ch
@endp:  cpy #21
        beq @yes
        lda (PTR2),y
        cmp #$A0
        beq @yes
@no:    clc
        rts
@yes:   sec
        rts

; One file's line: blocks, the name in quotes, the type.
file_line:
        jsr link
        ldy #30
        lda (PTR2),y
        jsr out
        iny
        lda (PTR2),y
        jsr out
        ; spaces so that names line up: 3 below 10 blocks, 2 below 100, else 1
        ldy #31
        lda (PTR2),y
        bne @one
        dey
        lda (PTR2),y
        cmp #10
        bcc @three
        cmp #100
        bcc @two
@one:   lda #' '
        jsr out
        jmp @quote
@three: lda #' '
        jsr out
@two:   lda #' '
        jsr out
        jsr out
@quote: lda #'"'
        jsr out
        ldy #5
@name:  lda (PTR2),y
        cmp #$A0
        beq @endn
        jsr out
        iny
        cpy #21
        bne @name
@endn:  lda #'"'
        jsr out
@pad:   cpy #21
        beq @type
        lda #' '
        jsr out
        iny
        bne @pad
@type:  ldy #2
        lda (PTR2),y
        pha
        ldx #' '
        and #$80
        bne @closed
        ldx #'*'
@closed:
        txa
        jsr out
        pla
        pha
        and #7
        cmp #5
        bcc @known
        lda #0
@known: sta TMP
        asl
        adc TMP                 ; x3
        tax
        lda types,x
        jsr out
        lda types+1,x
        jsr out
        lda types+2,x
        jsr out
        pla
        ldx #' '
        and #$40
        beq @unl
        ldx #'<'
@unl:   txa
@fill:  jsr out                 ; spaces to 31 bytes: every file's line is 32 long
        lda #' '
        ldy LINELEN
        cpy #31
        bcc @fill
        lda #0
        jmp out

types:  .byte "DELSEQPRGUSRREL"

; The last line: the free blocks, then the end of the program.
free_line:
        jsr link
        jsr blocks_free
        lda PTR2
        jsr out
        lda PTR2+1
        jsr out
        ldx #0
@t:     lda free_text,x
        jsr out
        inx
        cpx #free_len
        bne @t
        lda #3
        sta DIRPHASE
        rts
free_text:
        .byte "BLOCKS FREE.             ", 0, 0, 0
free_len = * - free_text

; A line's link (any non-zero value: the C64 relinks the program after loading).
link:   lda #1
        jsr out
out:    sty OUTY
        ldy LINELEN
        sta LINEBUF,y
        inc LINELEN
        ldy OUTY
        rts
; out_a0: A, with $A0 shown as a space.
out_a0: cmp #$A0
        bne out
        lda #' '
        bne out
