//! Control-code names: every alias, case-insensitively, against the documented PETSCII
//! codes (C64 Programmer's Reference Guide, "ASCII and CHR$ codes"; the keyboard legends).

use breadbin::basic::control::NAMED_CODES;
use breadbin::basic::{control_code, control_name, control_sequence, text_to_petscii, tokenize};

/// Names as listings and petcat write them, with the PETSCII code each stands for.
const EXPECTED: &[(&str, u8)] = &[
    ("CLR", 0x93),
    ("CLEAR", 0x93),
    ("HOME", 0x13),
    ("DOWN", 0x11),
    ("UP", 0x91),
    ("LEFT", 0x9D),
    ("RIGHT", 0x1D),
    ("RGHT", 0x1D),
    ("RVS ON", 0x12),
    ("RVON", 0x12),
    ("RVS OFF", 0x92),
    ("RVOF", 0x92),
    ("BLK", 0x90),
    ("BLACK", 0x90),
    ("WHT", 0x05),
    ("WHITE", 0x05),
    ("RED", 0x1C),
    ("CYN", 0x9F),
    ("CYAN", 0x9F),
    ("PUR", 0x9C),
    ("PURPLE", 0x9C),
    ("GRN", 0x1E),
    ("GREEN", 0x1E),
    ("BLU", 0x1F),
    ("BLUE", 0x1F),
    ("YEL", 0x9E),
    ("YELLOW", 0x9E),
    ("ORNG", 0x81),
    ("ORANGE", 0x81),
    ("BRN", 0x95),
    ("BROWN", 0x95),
    ("LRED", 0x96),
    ("PINK", 0x96),
    ("LIGHT RED", 0x96),
    ("GRY1", 0x97),
    ("DARK GREY", 0x97),
    ("GRY2", 0x98),
    ("GREY", 0x98),
    ("GRAY", 0x98),
    ("LGRN", 0x99),
    ("LIGHT GREEN", 0x99),
    ("LBLU", 0x9A),
    ("LIGHT BLUE", 0x9A),
    ("GRY3", 0x9B),
    ("LIGHT GREY", 0x9B),
    ("F1", 0x85),
    ("F3", 0x86),
    ("F5", 0x87),
    ("F7", 0x88),
    ("F2", 0x89),
    ("F4", 0x8A),
    ("F6", 0x8B),
    ("F8", 0x8C),
    ("INST", 0x94),
    ("DEL", 0x14),
    ("RETURN", 0x0D),
    ("SHIFT RETURN", 0x8D),
    ("SRET", 0x8D),
    ("STOP", 0x03),
    ("SPACE", 0x20),
    ("SHIFT SPACE", 0xA0),
    ("SHIFT-SPACE", 0xA0),
    ("PI", 0xFF),
    ("POUND", 0x5C),
    ("UP ARROW", 0x5E),
    ("LEFT ARROW", 0x5F),
    ("SWLC", 0x0E),
    ("SWUC", 0x8E),
    ("DISH", 0x08),
    ("ENSH", 0x09),
    ("ESC", 0x1B),
    ("$00", 0x00),
    ("$7f", 0x7F),
    ("$FF", 0xFF),
    ("$a", 0x0A),
    ("CBM-A", 0xB0),
    ("CBM-Z", 0xAD),
    ("CBM-+", 0xA6),
    ("CBM--", 0xDC),
    ("CBM-*", 0xDF),
    ("CBM-@", 0xA4),
    ("CBM-POUND", 0xA8),
    ("SHIFT-A", 0xC1),
    ("SHIFT-Z", 0xDA),
    ("SHIFT-*", 0xC0),
    ("SHIFT-+", 0xDB),
    ("SHIFT--", 0xDD),
    ("SHIFT-@", 0xBA),
    ("SHIFT-POUND", 0xA9),
    ("CTRL-A", 0x01),
    ("CTRL-1", 0x90),
    ("CTRL-9", 0x12),
    ("CTRL-0", 0x92),
    ("CBM-8", 0x9B),
    ("CBM-1", 0x81),
    ("CTRL-3", 0x1C),
    ("C=-B", 0xBF),
];

fn case_variants(name: &str) -> [String; 3] {
    let mixed: String = name
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if i % 2 == 0 {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    [name.to_ascii_uppercase(), name.to_ascii_lowercase(), mixed]
}

#[test]
fn every_documented_name_gives_its_code_in_any_case() {
    for &(name, code) in EXPECTED {
        for variant in case_variants(name) {
            assert_eq!(control_code(&variant), Some(code), "{{{variant}}}");
        }
    }
}

#[test]
fn every_alias_in_the_table_resolves_to_its_code() {
    let mut count = 0;
    for &(code, names) in NAMED_CODES {
        for name in names {
            for variant in case_variants(name) {
                assert_eq!(control_code(&variant), Some(code), "{{{variant}}}");
                count += 1;
            }
            // Extra spaces inside a name do not matter.
            let spaced = name.replace(' ', "   ");
            assert_eq!(control_code(&spaced), Some(code), "{{{spaced}}}");
        }
    }
    assert!(count > 100);
}

#[test]
fn every_cbm_and_shift_letter() {
    // The C64 keyboard's Commodore graphics, by letter.
    let cbm = [
        0xB0, 0xBF, 0xBC, 0xAC, 0xB1, 0xBB, 0xA5, 0xB4, 0xA2, 0xB5, 0xA1, 0xB6, 0xA7, 0xAA, 0xB9,
        0xAF, 0xAB, 0xB2, 0xAE, 0xA3, 0xB8, 0xBE, 0xB3, 0xBD, 0xB7, 0xAD,
    ];
    for (i, &code) in cbm.iter().enumerate() {
        let letter = char::from(b'A' + i as u8);
        assert_eq!(control_code(&format!("CBM-{letter}")), Some(code));
        assert_eq!(control_code(&format!("cbm {letter}")), Some(code));
        assert_eq!(
            control_code(&format!("SHIFT-{letter}")),
            Some(0xC1 + i as u8)
        );
        assert_eq!(control_name(code), format!("CBM-{letter}"));
        assert_eq!(control_name(0xC1 + i as u8), format!("SHIFT-{letter}"));
    }
}

#[test]
fn unknown_names() {
    for bad in [
        "", "FOO", "CLRX", "$", "$100", "$GG", "CBM-", "CBM-?", "SHIFT-1", "SHIFT-", "CTRL-",
        "$123", "0 DOWN", "RVS  ONN",
    ] {
        assert_eq!(control_code(bad), None, "{{{bad}}}");
    }
}

#[test]
fn repeats() {
    assert_eq!(control_sequence("3 DOWN"), Some((0x11, 3)));
    assert_eq!(control_sequence("12 rvs on"), Some((0x12, 12)));
    assert_eq!(control_sequence("2 $41"), Some((0x41, 2)));
    assert_eq!(control_sequence("2 CBM-A"), Some((0xB0, 2)));
    assert_eq!(control_sequence("255 SPACE"), Some((0x20, 255)));
    assert_eq!(control_sequence("256 SPACE"), None);
    assert_eq!(control_sequence("3DOWN"), None);
    assert_eq!(control_sequence("0 DOWN"), None);
    assert_eq!(control_sequence("23  DOWN"), Some((0x11, 23)));
    let t = tokenize("10 ?\"{3 DOWN}{2 left}\"", "t.bas").unwrap();
    assert_eq!(
        t.prg[6..14],
        [0x99, b'"', 0x11, 0x11, 0x11, 0x9D, 0x9D, b'"']
    );
}

#[test]
fn canonical_names_follow_petcat_and_the_design() {
    let expected = [
        (0x93, "CLR"),
        (0x13, "HOME"),
        (0x12, "RVS ON"),
        (0x92, "RVS OFF"),
        (0x1D, "RIGHT"),
        (0x98, "GRY2"),
        (0x9E, "YEL"),
        (0x0D, "RETURN"),
        (0x8D, "SHIFT RETURN"),
        (0xA0, "SHIFT SPACE"),
        (0xFF, "PI"),
        (0x5C, "POUND"),
        (0x01, "CTRL-A"),
        (0x00, "$00"),
        (0x80, "$80"),
        (0xE1, "$E1"),
        (0xDC, "CBM--"),
    ];
    for (code, name) in expected {
        assert_eq!(control_name(code), name);
    }
    // Every code's canonical name reads back as that code.
    for code in 0..=255u8 {
        assert_eq!(control_code(&control_name(code)), Some(code));
    }
}

#[test]
fn typing_text_for_key_scripts() {
    assert_eq!(
        text_to_petscii("list{return}{F1}", "keys").unwrap(),
        [b'L', b'I', b'S', b'T', 0x0D, 0x85]
    );
    let e = text_to_petscii("ok\n{nope}", "keys").unwrap_err();
    assert_eq!(e.to_string(), "keys:2:1: unknown control code {nope}");
}
