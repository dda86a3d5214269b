; breadbin open 1541 DOS: the serial bus (placeholder).
        .include "dos.inc"
        .export bus_init, idle_loop, err_init
        .segment "CODE"
bus_init:
err_init:
        rts
idle_loop:
        jmp idle_loop
