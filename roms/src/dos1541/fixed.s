; breadbin open 1541 DOS: bytes at fixed addresses that programs read to recognise a 1541.
        .segment "F_E5C6"
        .byte $34, $B1
        .segment "F_FEA0"
        .byte $0D, $ED
