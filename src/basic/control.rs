//! Control-code names in braces: `{CLR}`, `{3 DOWN}`, `{$93}`, `{CBM-A}`, `{SHIFT-A}`.
//!
//! The names are those of VICE's petcat (`{clr}`, `{rvon}`, `{gry2}`, `{sret}`, ...) together
//! with the spellings commonly used in printed listings and other tools (`{RVS ON}`,
//! `{GREY}`, `{YELLOW}`, `{RIGHT}`, ...). Matching is case-insensitive and runs of spaces count
//! as one. The PETSCII values are the documented control codes of the C64 (Programmer's
//! Reference Guide, appendix "ASCII and CHR$ codes") and the keyboard's SHIFT and Commodore
//! graphics (the key legends of the C64 keyboard).
//!
//! Forms accepted inside braces:
//!
//! - a name or alias from [`NAMED_CODES`];
//! - `$hh`: one byte in hexadecimal (one or two digits);
//! - `SHIFT-k` / `SHIFT k`, `CBM-k` / `CBM k` (also `C=-k`), `CTRL-k` / `CTRL k` for a key `k`:
//!   a letter, a digit (`CBM-1`..`CBM-8` and `CTRL-1`..`CTRL-0` are the colour and reverse
//!   keys), `@ + - * £ ↑ ^ [ ]` or the words `POUND`, `SPACE`, `RETURN`, `UP ARROW`;
//! - any of these preceded by a repeat count and a space: `{3 DOWN}` is three `{DOWN}`s.
//!
//! The lister writes every code with one canonical spelling ([`control_name`]): the first name
//! in [`NAMED_CODES`], then `SHIFT-k`/`CBM-k` for keyboard graphics, `CTRL-k` for the
//! remaining codes below $20 (petcat's spelling), and `$hh` for everything else.

/// Named codes: the canonical spelling first, then the aliases.
pub const NAMED_CODES: &[(u8, &[&str])] = &[
    (0x03, &["STOP"]),
    (0x05, &["WHT", "WHITE", "WHI"]),
    (0x08, &["DISH", "LOCK", "DISABLE SHIFT"]),
    (0x09, &["ENSH", "UNLOCK", "ENABLE SHIFT"]),
    (0x0D, &["RETURN", "CR", "RET"]),
    (0x0E, &["SWLC", "LOWER CASE", "LOWER", "TEXT"]),
    (0x11, &["DOWN", "CRSR DOWN", "CURSOR DOWN"]),
    (
        0x12,
        &["RVS ON", "RVON", "RVSON", "RVS", "REVERSE ON", "REV ON"],
    ),
    (0x13, &["HOME", "HOM", "CRSR HOME", "CURSOR HOME"]),
    (0x14, &["DEL", "DELETE", "DEL KEY"]),
    (0x1B, &["ESC", "ESCAPE"]),
    (0x1C, &["RED"]),
    (0x1D, &["RIGHT", "RGHT", "CRSR RIGHT", "CURSOR RIGHT"]),
    (0x1E, &["GRN", "GREEN"]),
    (0x1F, &["BLU", "BLUE"]),
    (0x20, &["SPACE", "SPC"]),
    (0x5C, &["POUND", "GBP"]),
    (0x5E, &["UP ARROW", "ARROW UP", "UPARROW"]),
    (
        0x5F,
        &["LEFT ARROW", "ARROW LEFT", "BACK ARROW", "LEFTARROW"],
    ),
    (0x81, &["ORNG", "ORANGE", "ORG"]),
    (0x85, &["F1"]),
    (0x86, &["F3"]),
    (0x87, &["F5"]),
    (0x88, &["F7"]),
    (0x89, &["F2"]),
    (0x8A, &["F4"]),
    (0x8B, &["F6"]),
    (0x8C, &["F8"]),
    (
        0x8D,
        &["SHIFT RETURN", "SRET", "SHIFT-RETURN", "SHIFTED RETURN"],
    ),
    (0x8E, &["SWUC", "UPPER CASE", "UPPER", "GRAPHICS"]),
    (0x90, &["BLK", "BLACK", "BLA"]),
    (0x91, &["UP", "CRSR UP", "CURSOR UP"]),
    (
        0x92,
        &[
            "RVS OFF",
            "RVOF",
            "RVSOFF",
            "RVOFF",
            "REVERSE OFF",
            "REV OFF",
        ],
    ),
    (0x93, &["CLR", "CLEAR", "CLS", "CLR HOME", "SHIFT CLR HOME"]),
    (0x94, &["INST", "INSERT", "INS"]),
    (0x95, &["BRN", "BROWN"]),
    (
        0x96,
        &["LRED", "PINK", "LIGHT RED", "LT RED", "LT. RED", "LIGHTRED"],
    ),
    (
        0x97,
        &[
            "GRY1",
            "DARK GREY",
            "DARK GRAY",
            "GREY1",
            "GRAY1",
            "GREY 1",
            "GRAY 1",
            "DGRY",
        ],
    ),
    (
        0x98,
        &[
            "GRY2",
            "GREY",
            "GRAY",
            "GREY2",
            "GRAY2",
            "GREY 2",
            "GRAY 2",
            "MEDIUM GREY",
            "MEDIUM GRAY",
            "MGRY",
        ],
    ),
    (
        0x99,
        &["LGRN", "LIGHT GREEN", "LT GREEN", "LT. GREEN", "LIGHTGREEN"],
    ),
    (
        0x9A,
        &["LBLU", "LIGHT BLUE", "LT BLUE", "LT. BLUE", "LIGHTBLUE"],
    ),
    (
        0x9B,
        &[
            "GRY3",
            "LIGHT GREY",
            "LIGHT GRAY",
            "GREY3",
            "GRAY3",
            "GREY 3",
            "GRAY 3",
            "LGRY",
        ],
    ),
    (0x9C, &["PUR", "PURPLE", "PURP"]),
    (0x9D, &["LEFT", "CRSR LEFT", "CURSOR LEFT"]),
    (0x9E, &["YEL", "YELLOW", "YELL"]),
    (0x9F, &["CYN", "CYAN"]),
    (0xA0, &["SHIFT SPACE", "SHIFT-SPACE", "SHIFTED SPACE"]),
    (0xFF, &["PI", "π"]),
];

/// Commodore-key graphics: CBM plus a letter gives $A0-$BF in this order of letters
/// (the legends on the front of the C64's keys).
const CBM_LETTERS: [u8; 26] = [
    0xB0, 0xBF, 0xBC, 0xAC, 0xB1, 0xBB, 0xA5, 0xB4, 0xA2, 0xB5, 0xA1, 0xB6, 0xA7, // A-M
    0xAA, 0xB9, 0xAF, 0xAB, 0xB2, 0xAE, 0xA3, 0xB8, 0xBE, 0xB3, 0xBD, 0xB7, 0xAD, // N-Z
];

/// The colour keys 1-8: with CTRL the first eight colours, with CBM the second eight.
const CTRL_DIGITS: [u8; 8] = [0x90, 0x05, 0x1C, 0x9F, 0x9C, 0x1E, 0x1F, 0x9E];
const CBM_DIGITS: [u8; 8] = [0x81, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0x9B];

/// Upper-case `s` and reduce every run of spaces to one.
fn normalize(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase()
}

/// The key a `SHIFT-`/`CBM-`/`CTRL-` name refers to, as one character (already upper case).
fn key_char(key: &str) -> Option<char> {
    match key {
        "POUND" => Some('£'),
        "SPACE" => Some(' '),
        "RETURN" => Some('\r'),
        "UP ARROW" | "ARROW UP" | "^" => Some('↑'),
        "LEFT ARROW" | "ARROW LEFT" | "_" => Some('←'),
        _ => {
            let mut chars = key.chars();
            let c = chars.next()?;
            chars.next().is_none().then_some(c)
        }
    }
}

fn shifted(key: char) -> Option<u8> {
    match key {
        'A'..='Z' => Some(0xC1 + (key as u8 - b'A')),
        '*' => Some(0xC0),
        '+' => Some(0xDB),
        '-' => Some(0xDD),
        '@' => Some(0xBA),
        '£' => Some(0xA9),
        // SHIFT-↑ is π; the screen editor stores it as $FF.
        '↑' => Some(0xFF),
        ' ' => Some(0xA0),
        '\r' => Some(0x8D),
        _ => None,
    }
}

fn commodore(key: char) -> Option<u8> {
    match key {
        'A'..='Z' => Some(CBM_LETTERS[usize::from(key as u8 - b'A')]),
        '1'..='8' => Some(CBM_DIGITS[usize::from(key as u8 - b'1')]),
        '@' => Some(0xA4),
        '+' => Some(0xA6),
        '£' => Some(0xA8),
        '-' => Some(0xDC),
        '*' => Some(0xDF),
        _ => None,
    }
}

fn control(key: char) -> Option<u8> {
    match key {
        'A'..='Z' => Some(key as u8 - b'A' + 1),
        '1'..='8' => Some(CTRL_DIGITS[usize::from(key as u8 - b'1')]),
        '9' => Some(0x12),
        '0' => Some(0x92),
        '[' => Some(0x1B),
        '£' => Some(0x1C),
        ']' => Some(0x1D),
        '↑' => Some(0x1E),
        '←' => Some(0x1F),
        _ => None,
    }
}

/// The PETSCII code of one control-code name (without braces and without a repeat count),
/// case-insensitive: a name or alias, `$hh`, `SHIFT-k`, `CBM-k` or `CTRL-k`.
pub fn control_code(name: &str) -> Option<u8> {
    let name = normalize(name);
    if let Some(hex) = name.strip_prefix('$') {
        if (1..=2).contains(&hex.len()) {
            return u8::from_str_radix(hex, 16).ok();
        }
        return None;
    }
    if let Some(&(code, _)) = NAMED_CODES
        .iter()
        .find(|(_, names)| names.iter().any(|n| normalize(n) == name))
    {
        return Some(code);
    }
    type KeyMap = fn(char) -> Option<u8>;
    const MODIFIERS: [(&str, KeyMap); 5] = [
        ("SHIFT", shifted),
        ("CBM", commodore),
        ("C=", commodore),
        ("CTRL", control),
        ("CTL", control),
    ];
    for (prefix, map) in MODIFIERS {
        if let Some(rest) = name.strip_prefix(prefix) {
            let key = rest.strip_prefix('-').or_else(|| rest.strip_prefix(' '))?;
            return map(key_char(key)?);
        }
    }
    None
}

/// The contents of a `{...}` group: an optional repeat count and a space, then a name.
/// Returns the code and the number of times it is repeated (1 to 255).
pub fn control_sequence(inner: &str) -> Option<(u8, usize)> {
    let inner = inner.trim();
    let digits = inner.len() - inner.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && inner[digits..].starts_with(' ') {
        let count: usize = inner[..digits].parse().ok()?;
        if !(1..=255).contains(&count) {
            return None;
        }
        return control_code(&inner[digits..]).map(|c| (c, count));
    }
    control_code(inner).map(|c| (c, 1))
}

/// The canonical name the lister writes for `code` (without braces).
pub fn control_name(code: u8) -> String {
    if let Some((_, names)) = NAMED_CODES.iter().find(|(c, _)| *c == code) {
        return names[0].to_string();
    }
    let key_name = |c: char| match c {
        '£' => "POUND".to_string(),
        c => c.to_string(),
    };
    if let Some(i) = CBM_LETTERS.iter().position(|&c| c == code) {
        return format!("CBM-{}", char::from(b'A' + i as u8));
    }
    for key in ['@', '+', '£', '-', '*'] {
        if commodore(key) == Some(code) {
            return format!("CBM-{}", key_name(key));
        }
    }
    for key in ('A'..='Z').chain(['*', '+', '-', '@', '£']) {
        if shifted(key) == Some(code) {
            return format!("SHIFT-{}", key_name(key));
        }
    }
    if (0x01..=0x1A).contains(&code) {
        return format!("CTRL-{}", char::from(b'A' + code - 1));
    }
    format!("${code:02X}")
}
