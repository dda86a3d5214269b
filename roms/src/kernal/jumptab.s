; breadbin open KERNAL: the jump table at $FF81-$FFF5, each entry at its documented
; address. Entries with a RAM vector ($031A-$0332) jump through it, so programs that
; change a vector see every call, as on the C64.

        .include "kernal_vars.inc"

; $FF5B: where programs call CINT directly (the jump table's first entry leads there).
        .segment "KCINT"
        jmp cint_impl

        .segment "KJUMP"
        jmp cint_impl           ; $FF81 CINT
        jmp ioinit_impl         ; $FF84 IOINIT
        jmp ramtas_impl         ; $FF87 RAMTAS
        jmp restor_impl         ; $FF8A RESTOR
        jmp vector_impl         ; $FF8D VECTOR
        jmp setmsg_impl         ; $FF90 SETMSG
        jmp second_impl         ; $FF93 SECOND
        jmp tksa_impl           ; $FF96 TKSA
        jmp memtop_impl         ; $FF99 MEMTOP
        jmp membot_impl         ; $FF9C MEMBOT
        jmp scnkey_impl         ; $FF9F SCNKEY
        jmp settmo_impl         ; $FFA2 SETTMO
        jmp acptr_impl          ; $FFA5 ACPTR
        jmp ciout_impl          ; $FFA8 CIOUT
        jmp untlk_impl          ; $FFAB UNTLK
        jmp unlsn_impl          ; $FFAE UNLSN
        jmp listen_impl         ; $FFB1 LISTEN
        jmp talk_impl           ; $FFB4 TALK
        jmp readst_impl         ; $FFB7 READST
        jmp setlfs_impl         ; $FFBA SETLFS
        jmp setnam_impl         ; $FFBD SETNAM
        jmp (IOPEN)             ; $FFC0 OPEN
        jmp (ICLOSE)            ; $FFC3 CLOSE
        jmp (ICHKIN)            ; $FFC6 CHKIN
        jmp (ICKOUT)            ; $FFC9 CHKOUT
        jmp clrchn_bus          ; $FFCC CLRCHN (the bus, then ($0322))
        jmp (IBASIN)            ; $FFCF CHRIN
        jmp (IBSOUT)            ; $FFD2 CHROUT
        jmp load_pre            ; $FFD5 LOAD
        jmp save_pre            ; $FFD8 SAVE
        jmp settim_impl         ; $FFDB SETTIM
        jmp rdtim_impl          ; $FFDE RDTIM
        jmp (ISTOP)             ; $FFE1 STOP
        jmp (IGETIN)            ; $FFE4 GETIN
        jmp (ICLALL)            ; $FFE7 CLALL
        jmp udtim_impl          ; $FFEA UDTIM
        jmp screen_impl         ; $FFED SCREEN
        jmp plot_impl           ; $FFF0 PLOT
        jmp iobase_impl         ; $FFF3 IOBASE
