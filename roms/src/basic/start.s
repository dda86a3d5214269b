; breadbin open BASIC: cold and warm start vectors (placeholder until BASIC is written).
        .segment "BASIC"
        .word cold, warm
cold:
warm:   jmp cold
