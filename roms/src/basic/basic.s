; breadbin open BASIC V2: the ROM header at $A000 and the interpreter's tables.
;
; This file must stay first in link order (the Makefile links src/basic/*.s sorted by
; name) so that the start vectors land at $A000 and the signature at $A004.

        .include "interp.inc"

; Keyword text: every character as typed, the last one with bit 7 set.
.macro KW s
        .repeat .strlen(s)-1, i
        .byte .strat(s, i)
        .endrepeat
        .byte .strat(s, .strlen(s)-1) | $80
.endmacro

        .segment "BASIC"
        .word COLDV, WARMV      ; $A000: cold start ($E394), $A002: warm start ($E37B)
        .byte "CBMBASIC"        ; $A004: the signature programs look for

; Statement routines for tokens $80-$A2, entered through RTS: address - 1.
STMTAB: .word ENDST-1, FOR-1, NEXT-1, DATA-1, INPUTN-1, INPUT-1, DIM-1, READ-1
        .word LET-1, GOTO-1, RUN-1, IF-1, RESTORE-1, GOSUB-1, RETURN-1, REM-1
        .word STOPST-1, ON-1, WAIT-1, LOADST-1, SAVEST-1, VERIFYST-1, DEF-1, POKE-1
        .word PRINTN-1, PRINT-1, CONT-1, LIST-1, CLR-1, CMD-1, SYS-1, OPENST-1
        .word CLOSEST-1, GET-1, NEW-1

; Functions for tokens $B4-$CA, called with the argument in FAC.
FUNTAB: .word SGN, INT, ABS, USRPOK, FRE, POS, SQR, RND, LOG, EXP, COS, SIN, TAN
        .word ATN, PEEK, LEN, STRD, VAL, ASC, CHRD, LEFTD, RIGHTD, MIDD

; Binary operators + - * / ^ AND OR (tokens $AA-$B0): precedence and routine.
; Precedence scale: OR 1, AND 2, NOT 3, comparisons 4, + - 5, * / 6, unary minus 7, ^ 8.
OPPREC: .byte 5, 5, 6, 6, 8, 2, 1
OPADR:  .word FADDT, FSUBT, FMULTT, FDIVT, FPWRT, ANDOP, OROP

; The keyword table, in token order from $80 (255 bytes, so one index register walks it).
KWTAB:  KW "END"
        KW "FOR"
        KW "NEXT"
        KW "DATA"
        KW "INPUT#"
        KW "INPUT"
        KW "DIM"
        KW "READ"
        KW "LET"
        KW "GOTO"
        KW "RUN"
        KW "IF"
        KW "RESTORE"
        KW "GOSUB"
        KW "RETURN"
        KW "REM"
        KW "STOP"
        KW "ON"
        KW "WAIT"
        KW "LOAD"
        KW "SAVE"
        KW "VERIFY"
        KW "DEF"
        KW "POKE"
        KW "PRINT#"
        KW "PRINT"
        KW "CONT"
        KW "LIST"
        KW "CLR"
        KW "CMD"
        KW "SYS"
        KW "OPEN"
        KW "CLOSE"
        KW "GET"
        KW "NEW"
        KW "TAB("
        KW "TO"
        KW "FN"
        KW "SPC("
        KW "THEN"
        KW "NOT"
        KW "STEP"
        KW "+"
        KW "-"
        KW "*"
        KW "/"
        .byte $DE               ; the up arrow, PETSCII $5E, with bit 7 set
        KW "AND"
        KW "OR"
        KW ">"
        KW "="
        KW "<"
        KW "SGN"
        KW "INT"
        KW "ABS"
        KW "USR"
        KW "FRE"
        KW "POS"
        KW "SQR"
        KW "RND"
        KW "LOG"
        KW "EXP"
        KW "COS"
        KW "SIN"
        KW "TAN"
        KW "ATN"
        KW "PEEK"
        KW "LEN"
        KW "STR$"
        KW "VAL"
        KW "ASC"
        KW "CHR$"
        KW "LEFT$"
        KW "RIGHT$"
        KW "MID$"
        KW "GO"
        .byte 0
.assert * - KWTAB = 256, error, "keyword table must fill one page index"

; Error messages 1-30, each with its last character's bit 7 set.
ERRTAB: KW "TOO MANY FILES"
        KW "FILE OPEN"
        KW "FILE NOT OPEN"
        KW "FILE NOT FOUND"
        KW "DEVICE NOT PRESENT"
        KW "NOT INPUT FILE"
        KW "NOT OUTPUT FILE"
        KW "MISSING FILE NAME"
        KW "ILLEGAL DEVICE NUMBER"
        KW "NEXT WITHOUT FOR"
        KW "SYNTAX"
        KW "RETURN WITHOUT GOSUB"
        KW "OUT OF DATA"
        KW "ILLEGAL QUANTITY"
        KW "OVERFLOW"
        KW "OUT OF MEMORY"
        KW "UNDEF'D STATEMENT"
        KW "BAD SUBSCRIPT"
        KW "REDIM'D ARRAY"
        KW "DIVISION BY ZERO"
        KW "ILLEGAL DIRECT"
        KW "TYPE MISMATCH"
        KW "STRING TOO LONG"
        KW "FILE DATA"
        KW "FORMULA TOO COMPLEX"
        KW "CAN'T CONTINUE"
        KW "UNDEF'D FUNCTION"
        KW "VERIFY"
        KW "LOAD"
        KW "BREAK"
