//! The BASIC V2 keyword table.
//!
//! BASIC V2 stores each keyword of a program line as one byte, $80 for `END` up to $CB for
//! `GO`, in the order of this table; $FF is the constant π. The table and its order are the
//! documented token list of Commodore BASIC V2 (C64 Programmer's Reference Guide, appendix
//! "BASIC abbreviations / tokens"; Mapping the Commodore 64, $A09E). The order matters: the
//! C64's line entry tries the keywords in table order and takes the first one that matches,
//! which is why `INPUT#` comes before `INPUT` and `GO` comes last, after `GOTO` and `GOSUB`.

/// The first keyword token (`END`).
pub(crate) const FIRST_TOKEN: u8 = 0x80;
/// The last keyword token (`GO`).
pub(crate) const LAST_TOKEN: u8 = 0xCB;

/// Token bytes with a meaning the tokenizer and lister care about.
pub(crate) mod tok {
    pub(crate) const DATA: u8 = 0x83;
    pub(crate) const GOTO: u8 = 0x89;
    pub(crate) const RUN: u8 = 0x8A;
    pub(crate) const GOSUB: u8 = 0x8D;
    pub(crate) const REM: u8 = 0x8F;
    pub(crate) const PRINT: u8 = 0x99;
    pub(crate) const TO: u8 = 0xA4;
    pub(crate) const FN: u8 = 0xA5;
    pub(crate) const THEN: u8 = 0xA7;
    pub(crate) const GO: u8 = 0xCB;
}

/// Keyword spellings for tokens $80..=$CB, in token order. `↑` (the power operator, $AE) is
/// spelled with PETSCII's up-arrow character, which the text format writes as `^`.
pub(crate) const KEYWORDS: [&str; 76] = [
    "END", "FOR", "NEXT", "DATA", "INPUT#", "INPUT", "DIM", "READ", "LET", "GOTO", "RUN", "IF",
    "RESTORE", "GOSUB", "RETURN", "REM", "STOP", "ON", "WAIT", "LOAD", "SAVE", "VERIFY", "DEF",
    "POKE", "PRINT#", "PRINT", "CONT", "LIST", "CLR", "CMD", "SYS", "OPEN", "CLOSE", "GET", "NEW",
    "TAB(", "TO", "FN", "SPC(", "THEN", "NOT", "STEP", "+", "-", "*", "/", "^", "AND", "OR", ">",
    "=", "<", "SGN", "INT", "ABS", "USR", "FRE", "POS", "SQR", "RND", "LOG", "EXP", "COS", "SIN",
    "TAN", "ATN", "PEEK", "LEN", "STR$", "VAL", "ASC", "CHR$", "LEFT$", "RIGHT$", "MID$", "GO",
];

/// The keyword a token byte stands for, as the text format writes it.
pub(crate) fn keyword(token: u8) -> Option<&'static str> {
    if (FIRST_TOKEN..=LAST_TOKEN).contains(&token) {
        Some(KEYWORDS[usize::from(token - FIRST_TOKEN)])
    } else {
        None
    }
}

/// The token for a keyword spelled exactly (case-insensitive), e.g. `"print"` → $99.
pub(crate) fn token_for(word: &str) -> Option<u8> {
    KEYWORDS
        .iter()
        .position(|k| k.eq_ignore_ascii_case(word))
        .map(|i| FIRST_TOKEN + i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_positions_match_documented_tokens() {
        assert_eq!(token_for("END"), Some(0x80));
        assert_eq!(token_for("rem"), Some(0x8F));
        assert_eq!(token_for("PRINT"), Some(0x99));
        assert_eq!(token_for("TAB("), Some(0xA3));
        assert_eq!(token_for("^"), Some(0xAE));
        assert_eq!(token_for("SGN"), Some(0xB4));
        assert_eq!(token_for("MID$"), Some(0xCA));
        assert_eq!(token_for("GO"), Some(0xCB));
        assert_eq!(keyword(0x7F), None);
        assert_eq!(keyword(0xCC), None);
    }
}
