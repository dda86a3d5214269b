//! Text pasted from the host's clipboard, as the keys a person would type for it: line
//! breaks become RETURN, tabs spaces, and the look-alikes modern text uses for the C64's
//! characters (typographic quotes and dashes, the box-drawing lines, round corners and card
//! suits of the C64's SHIFT graphics) the PETSCII code they look like. Characters with no key
//! on the C64 are left out and counted.

use crate::basic::petscii::char_to_petscii;

/// The PETSCII codes of `text` (each of them has a key), and how many characters had none.
pub fn to_petscii(text: &str) -> (Vec<u8>, usize) {
    let mut out = Vec::with_capacity(text.len());
    let mut skipped = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let codes: &[u8] = match c {
            '\r' => {
                // CR LF is one line break.
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                &[0x0D]
            }
            '\n' => &[0x0D],
            '\t' | '\u{A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' => b" ",
            '“' | '”' | '„' | '″' | '«' | '»' => b"\"",
            '‘' | '’' | '‚' | '′' => b"'",
            '–' | '—' | '−' | '‐' => b"-",
            '…' => b"...",
            '×' => b"*",
            '÷' => b"/",
            '─' | '━' => &[0xC0],
            '│' | '┃' => &[0xDD],
            '┼' => &[0xDB],
            // The corners the C64 has on SHIFT are round.
            '┌' | '╭' => &[0xD5],
            '┐' | '╮' => &[0xC9],
            '└' | '╰' => &[0xCA],
            '┘' | '╯' => &[0xCB],
            '♠' => &[0xC1],
            '♥' => &[0xD3],
            '♦' => &[0xDA],
            '♣' => &[0xD8],
            '●' => &[0xD1],
            '○' => &[0xD7],
            '╱' => &[0xCE],
            '╲' => &[0xCD],
            '╳' => &[0xD6],
            // `}` stands for a code of its own in the text notation; pasted, it has no key.
            '{' | '}' => &[],
            c => match char_to_petscii(c) {
                Some(code) => {
                    out.push(code);
                    continue;
                }
                None => &[],
            },
        };
        if codes.is_empty() {
            skipped += 1;
        }
        out.extend_from_slice(codes);
    }
    // Every code must have a key (all of the above do; checked for the rest).
    let before = out.len();
    out.retain(|&c| crate::chips::keyboard::keys_for_petscii(c).is_some());
    let no_key = before - out.len();
    (out, skipped + no_key)
}
