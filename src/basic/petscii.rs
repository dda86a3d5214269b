//! PETSCII ↔ text, PETSCII → screen codes, screen codes → text.
//!
//! Facts used (C64 Programmer's Reference Guide, appendices "Screen display codes" and
//! "ASCII and CHR$ codes"; Mapping the Commodore 64, the screen editor at $E716):
//!
//! - PETSCII $20-$3F are the ASCII characters of the same codes; $41-$5A are the letters the
//!   C64 shows as upper case in its power-on character set ("unshifted" letters); $5B `[`,
//!   $5C `£`, $5D `]`, $5E `↑`, $5F `←`; $C1-$DA are the shifted letters (graphics in the
//!   power-on set); $FF is π.
//! - Printing a code puts this screen code in screen memory: $20-$3F → $20-$3F,
//!   $40-$5F → $00-$1F, $60-$7F → $40-$5F, $A0-$BF → $60-$7F, $C0-$DF → $40-$5F,
//!   $E0-$FE → $60-$7E, $FF → $5E. Control codes ($00-$1F, $80-$9F) show, in quote mode, as
//!   the reverse-video character of $40-$5F and $60-$7F respectively: screen codes $80-$9F and
//!   $C0-$DF (so `{CLR}` in a listed string is a reverse heart, screen code $D3).
//!
//! Text conventions of breadbin's BASIC text format: letters of either case become unshifted
//! letters; `£`, `\` or `|` is $5C, `↑` or `^` is $5E, `←` or `_` is $5F, `π` or `~` is $FF,
//! `` ` `` is $40 and a `}` outside a `{NAME}` is $5D (the bytes petcat gives them). Every
//! other PETSCII code is written as a `{NAME}` (see [`super::control`]).
//!
//! "Screen as text" (the layout of `NAME.txt` in the reference folder): screen codes $00-$1F
//! are `@`, `A`-`Z`, `[`, `£`, `]`, `↑`, `←`; $20-$3F are the ASCII characters of the same
//! codes; $5E is `π`; every other graphics character ($40-$7F) is shown as `?`; reverse video
//! (bit 7) is shown as the same character without reverse.

/// The PETSCII code a character of BASIC text stands for, when written as itself (not in
/// braces). `None` for characters that have no PETSCII equivalent (`{` and `}` start and end
/// control-code names and are handled by the text parser).
pub fn char_to_petscii(c: char) -> Option<u8> {
    match c {
        ' '..='@' | '[' | ']' => Some(c as u8),
        'A'..='Z' => Some(c as u8),
        'a'..='z' => Some(c.to_ascii_uppercase() as u8),
        '£' | '\\' | '|' => Some(0x5C),
        '`' => Some(0x40),
        '}' => Some(0x5D),
        '↑' | '^' => Some(0x5E),
        '←' | '_' => Some(0x5F),
        'π' | '~' => Some(0xFF),
        _ => None,
    }
}

/// The character the text format writes for a PETSCII code without braces, if any: the
/// printable codes $20-$5B and $5D (letters as upper case). The other codes are written as
/// `{NAME}` so that text stays plain ASCII.
pub fn petscii_to_char(code: u8) -> Option<char> {
    match code {
        0x20..=0x5B | 0x5D => Some(char::from(code)),
        _ => None,
    }
}

/// The screen code that printing PETSCII `code` puts on the screen (for control codes: the
/// reverse-video character the screen editor shows for them in quote mode).
pub fn petscii_to_screen(code: u8) -> u8 {
    match code {
        0x00..=0x1F => code + 0x80,
        0x20..=0x3F => code,
        0x40..=0x5F => code - 0x40,
        0x60..=0x7F => code - 0x20,
        0x80..=0x9F => code + 0x40,
        0xA0..=0xBF => code - 0x40,
        0xC0..=0xFE => code - 0x80,
        0xFF => 0x5E,
    }
}

/// The PETSCII code the screen editor reads back for a screen code (as when RETURN is pressed
/// on a line): the inverse of [`petscii_to_screen`] for the printable codes, reverse video
/// ignored; π (screen $5E) reads back as $FF, as the C64's editor does.
pub fn screen_to_petscii(screen: u8) -> u8 {
    match screen & 0x7F {
        s @ 0x00..=0x1F => s + 0x40,
        s @ 0x20..=0x3F => s,
        0x5E => 0xFF,
        s @ 0x40..=0x5F => s + 0x80,
        s => s + 0x40,
    }
}

/// The character shown for a screen code in the "screen as text" view (power-on upper-case /
/// graphics character set; reverse video shown as the plain character; graphics as `?`).
pub fn screen_to_char(screen: u8) -> char {
    const LOW: [char; 32] = [
        '@', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q',
        'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', '[', '£', ']', '↑', '←',
    ];
    match screen & 0x7F {
        s @ 0x00..=0x1F => LOW[usize::from(s)],
        s @ 0x20..=0x3F => char::from(s),
        0x5E => 'π',
        _ => '?',
    }
}

/// How [`screen_to_string`] writes characters the C64 has and ASCII has not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextStyle {
    /// Unicode look-alikes of the PETSCII graphics ([`UNICODE_GRAPHICS`]), `£ ↑ ← π`.
    Unicode,
    /// Plain ASCII: `£ ↑ ← π` as `\ ^ _ ~` (as breadbin's BASIC text reads them), every
    /// graphics character as `?`.
    Ascii,
    /// The "screen as text" layout of the reference folder: `£ ↑ ← π` as themselves,
    /// graphics as `?` (see the module docs).
    Reference,
}

/// Unicode look-alikes of the graphics of the upper-case/graphics set, screen codes
/// $40-$7F: box drawing, block elements, card suits and shapes, and where Unicode's own
/// blocks lack a shape the "Symbols for Legacy Computing" block (U+1FB00-U+1FBFF, added in
/// Unicode 13.0 for the characters of home computers such as the C64's).
pub const UNICODE_GRAPHICS: [char; 64] = [
    '─',
    '♠',
    '\u{1FB72}',
    '\u{1FB78}',
    '\u{1FB77}',
    '\u{1FB76}',
    '\u{1FB7A}',
    '\u{1FB71}', // $40
    '\u{1FB74}',
    '╮',
    '╰',
    '╯',
    '\u{1FB7C}',
    '╲',
    '╱',
    '\u{1FB7D}', // $48
    '\u{1FB7E}',
    '●',
    '\u{1FB7B}',
    '♥',
    '\u{1FB70}',
    '╭',
    '╳',
    '○', // $50
    '♣',
    '\u{1FB75}',
    '♦',
    '┼',
    '\u{1FB8C}',
    '│',
    'π',
    '◥', // $58
    '\u{A0}',
    '▌',
    '▄',
    '▔',
    '▁',
    '▏',
    '▒',
    '▕', // $60
    '\u{1FB8F}',
    '◤',
    '\u{1FB87}',
    '├',
    '▗',
    '└',
    '┐',
    '▂', // $68
    '┌',
    '┴',
    '┬',
    '┤',
    '▎',
    '▍',
    '\u{1FB88}',
    '\u{1FB82}', // $70
    '\u{1FB83}',
    '▃',
    '\u{1FB7F}',
    '▖',
    '▝',
    '┘',
    '▘',
    '▚', // $78
];

/// The character for a screen code in `style`; `lower` is the upper/lower-case set (letters
/// $01-$1A lower case, $41-$5A upper case; its few graphics as in the other set).
pub fn screen_to_char_in(screen: u8, style: TextStyle, lower: bool) -> char {
    let s = screen & 0x7F;
    if lower {
        match s {
            0x01..=0x1A => return char::from(b'a' + s - 1),
            0x41..=0x5A => return char::from(b'A' + s - 0x41),
            _ => {}
        }
    }
    match (style, s) {
        (TextStyle::Reference, _) => screen_to_char(s),
        (TextStyle::Ascii, 0x1C) => '\\',
        (TextStyle::Ascii, 0x1E) => '^',
        (TextStyle::Ascii, 0x1F) => '_',
        (TextStyle::Ascii, 0x5E) => '~',
        (TextStyle::Ascii, _) => screen_to_char(s),
        (TextStyle::Unicode, 0x40..=0x7F) => UNICODE_GRAPHICS[usize::from(s - 0x40)],
        (TextStyle::Unicode, _) => screen_to_char(s),
    }
}

/// The screen as text in `style` (see [`screen_to_text`] for the layout), with the lower
/// case set when `lower`.
pub fn screen_to_string(screen: &[u8], style: TextStyle, lower: bool) -> String {
    let mut lines: Vec<String> = (0..SCREEN_ROWS)
        .map(|row| {
            let start = (row * SCREEN_COLUMNS).min(screen.len());
            let end = ((row + 1) * SCREEN_COLUMNS).min(screen.len());
            let line: String = screen[start..end]
                .iter()
                .map(|&c| screen_to_char_in(c, style, lower))
                .collect();
            line.trim_end_matches([' ', '\u{A0}']).to_string()
        })
        .collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Screen width and height of the text screen in characters.
pub(crate) const SCREEN_COLUMNS: usize = 40;
/// Rows of the text screen.
pub(crate) const SCREEN_ROWS: usize = 25;

/// The screen as text: 1,000 screen codes (row by row, as at $0400) → 25 lines of 40
/// characters through [`screen_to_char`], trailing spaces of each line and trailing empty
/// lines removed, each line ended by `\n`. A shorter slice is treated as padded with spaces,
/// extra bytes are ignored.
pub fn screen_to_text(screen: &[u8]) -> String {
    screen_to_string(screen, TextStyle::Reference, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_codes_round_trip_through_the_screen() {
        for code in (0x20..=0x7Fu8).chain(0xA0..=0xFF) {
            let back = screen_to_petscii(petscii_to_screen(code));
            // Two PETSCII codes share each glyph; the editor reads the $C0/$A0 ranges back.
            let expect = match code {
                0x60..=0x7F => code + 0x60,
                0xE0..=0xFE => code - 0x40,
                _ => code,
            };
            // π: the editor reads its glyph back as $FF, whichever code printed it.
            let expect = if expect == 0xDE { 0xFF } else { expect };
            assert_eq!(back, expect, "code {code:#04x}");
        }
    }

    #[test]
    fn text_styles() {
        // The dungeon's heart and gem, a box corner, reverse video and £.
        let codes = [0x53, 0x5A, 0x70, 0x81, 0x1C, 0x5E];
        let line = |style, lower| screen_to_string(&codes, style, lower);
        assert_eq!(line(TextStyle::Unicode, false), "♥♦┌A£π\n");
        assert_eq!(line(TextStyle::Ascii, false), "???A\\~\n");
        assert_eq!(line(TextStyle::Reference, false), "???A£π\n");
        assert_eq!(
            screen_to_string(&[0x01, 0x41], TextStyle::Ascii, true),
            "aA\n"
        );
        assert!(line(TextStyle::Ascii, false).is_ascii());
        // Every code of the set has a character of its own in the Unicode style.
        let all: std::collections::HashSet<char> = (0x40..0x80u8)
            .map(|c| screen_to_char_in(c, TextStyle::Unicode, false))
            .collect();
        assert_eq!(all.len(), 64);
    }

    #[test]
    fn screen_characters() {
        assert_eq!(screen_to_char(0x01), 'A');
        assert_eq!(screen_to_char(0x81), 'A');
        assert_eq!(screen_to_char(0x00), '@');
        assert_eq!(screen_to_char(0x1C), '£');
        assert_eq!(screen_to_char(0x20), ' ');
        assert_eq!(screen_to_char(0x3F), '?');
        assert_eq!(screen_to_char(0x53), '?');
        assert_eq!(screen_to_char(0x5E), 'π');
        assert_eq!(petscii_to_screen(0x93), 0xD3);
        assert_eq!(petscii_to_screen(0x12), 0x92);
    }

    #[test]
    fn text_characters() {
        assert_eq!(char_to_petscii('a'), Some(0x41));
        assert_eq!(char_to_petscii('Z'), Some(0x5A));
        assert_eq!(char_to_petscii('£'), Some(0x5C));
        assert_eq!(char_to_petscii('{'), None);
        assert_eq!(char_to_petscii('\t'), None);
        assert_eq!(petscii_to_char(0x41), Some('A'));
        assert_eq!(petscii_to_char(0x5C), None);
    }

    #[test]
    fn screen_text_layout() {
        let mut screen = [0x20u8; 1000];
        screen[40] = 0x01;
        screen[41] = 0x82;
        assert_eq!(screen_to_text(&screen), "\nAB\n");
        assert_eq!(screen_to_text(&[0x20; 1000]), "");
    }
}
