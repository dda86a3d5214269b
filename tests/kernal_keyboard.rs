//! The open KERNAL's keyboard on the emulated machine: every matrix key, alone and with
//! SHIFT, C= and CTRL, decodes to its documented PETSCII code in the keyboard buffer; key
//! repeat ($028A), buffer size ($0289), the scan bytes $C5/$CB, the modifier flags $028D,
//! the KEYLOG vector $028F, SHIFT+C= case switching and its lock, the STOP flag $91.
//!
//! The expected codes come from the C64's key legends and the PETSCII tables (C64
//! Programmer's Reference Guide, appendix "ASCII and CHR$ codes"; C64 User's Guide,
//! keyboard graphics): letters and digits, the shifted symbols on the key fronts, C= and
//! SHIFT graphics ($A0-$BF / $C0-$DF), colours on CTRL/C= + 1-8, RVS on CTRL+9/0, CTRL +
//! letter = letter - $40, CTRL+← = $06.

mod kernal_support;
use kernal_support::*;

use breadbin::chips::keyboard::{self, Modifier};

const N: u8 = 0xFF; // no character

/// Key name, then the code with no modifier, SHIFT, C=, CTRL.
const TABLE: &[(&str, [u8; 4])] = &[
    ("DEL", [0x14, 0x94, 0x94, N]),
    ("RETURN", [0x0D, 0x8D, 0x8D, N]),
    ("CRSR RIGHT", [0x1D, 0x9D, 0x9D, N]),
    ("F7", [0x88, 0x8C, 0x8C, N]),
    ("F1", [0x85, 0x89, 0x89, N]),
    ("F3", [0x86, 0x8A, 0x8A, N]),
    ("F5", [0x87, 0x8B, 0x8B, N]),
    ("CRSR DOWN", [0x11, 0x91, 0x91, N]),
    ("3", [b'3', b'#', 0x96, 0x1C]),
    ("W", [b'W', 0xD7, 0xB3, 0x17]),
    ("A", [b'A', 0xC1, 0xB0, 0x01]),
    ("4", [b'4', b'$', 0x97, 0x9F]),
    ("Z", [b'Z', 0xDA, 0xAD, 0x1A]),
    ("S", [b'S', 0xD3, 0xAE, 0x13]),
    ("E", [b'E', 0xC5, 0xB1, 0x05]),
    ("5", [b'5', b'%', 0x98, 0x9C]),
    ("R", [b'R', 0xD2, 0xB2, 0x12]),
    ("D", [b'D', 0xC4, 0xAC, 0x04]),
    ("6", [b'6', b'&', 0x99, 0x1E]),
    ("C", [b'C', 0xC3, 0xBC, 0x03]),
    ("F", [b'F', 0xC6, 0xBB, 0x06]),
    ("T", [b'T', 0xD4, 0xA3, 0x14]),
    ("X", [b'X', 0xD8, 0xBD, 0x18]),
    ("7", [b'7', b'\'', 0x9A, 0x1F]),
    ("Y", [b'Y', 0xD9, 0xB7, 0x19]),
    ("G", [b'G', 0xC7, 0xA5, 0x07]),
    ("8", [b'8', b'(', 0x9B, 0x9E]),
    ("B", [b'B', 0xC2, 0xBF, 0x02]),
    ("H", [b'H', 0xC8, 0xB4, 0x08]),
    ("U", [b'U', 0xD5, 0xB8, 0x15]),
    ("V", [b'V', 0xD6, 0xBE, 0x16]),
    ("9", [b'9', b')', b')', 0x12]),
    ("I", [b'I', 0xC9, 0xA2, 0x09]),
    ("J", [b'J', 0xCA, 0xB5, 0x0A]),
    ("0", [b'0', b'0', b'0', 0x92]),
    ("M", [b'M', 0xCD, 0xA7, 0x0D]),
    ("K", [b'K', 0xCB, 0xA1, 0x0B]),
    ("O", [b'O', 0xCF, 0xB9, 0x0F]),
    ("N", [b'N', 0xCE, 0xAA, 0x0E]),
    ("+", [b'+', 0xDB, 0xA6, N]),
    ("P", [b'P', 0xD0, 0xAF, 0x10]),
    ("L", [b'L', 0xCC, 0xB6, 0x0C]),
    ("-", [b'-', 0xDD, 0xDC, N]),
    (".", [b'.', b'>', b'>', N]),
    (":", [b':', b'[', b'[', 0x1B]),
    ("@", [b'@', 0xBA, 0xA4, N]),
    (",", [b',', b'<', b'<', N]),
    ("POUND", [0x5C, 0xA9, 0xA8, 0x1C]),
    ("*", [b'*', 0xC0, 0xDF, N]),
    (";", [b';', b']', b']', 0x1D]),
    ("HOME", [0x13, 0x93, 0x93, N]),
    ("=", [b'=', b'=', b'=', 0x1F]),
    ("UP ARROW", [0x5E, 0xDE, 0xDE, 0x1E]),
    ("/", [b'/', b'?', b'?', N]),
    ("1", [b'1', b'!', 0x81, 0x90]),
    ("LEFT ARROW", [0x5F, 0x5F, 0x5F, 0x06]),
    ("2", [b'2', b'"', 0x95, 0x05]),
    ("SPACE", [0x20, 0xA0, 0xA0, N]),
    ("Q", [b'Q', 0xD1, 0xAB, 0x11]),
    ("RUN/STOP", [0x03, 0x83, 0x83, N]),
];

const MODIFIERS: [Modifier; 4] = [
    Modifier::None,
    Modifier::Shift,
    Modifier::Commodore,
    Modifier::Ctrl,
];

fn buffered_by(c: &mut breadbin::C64, name: &str, m: Modifier) -> Vec<u8> {
    c.poke_ram(0xC6, 0);
    press(c, key(name), m.key(), 2);
    keybuf(c)
}

#[test]
fn every_key_with_every_modifier_gives_its_petscii_code() {
    let mut c = machine();
    assert_eq!(
        TABLE.len(),
        60,
        "all 64 matrix positions but the four modifiers"
    );
    let mut wrong = Vec::new();
    for (name, codes) in TABLE {
        for (m, &want) in MODIFIERS.iter().zip(codes) {
            let got = buffered_by(&mut c, name, *m);
            let want: Vec<u8> = if want == N { vec![] } else { vec![want] };
            if got != want {
                wrong.push(format!(
                    "{name} with {m:?}: got {got:02X?}, want {want:02X?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn codes_agree_with_the_typing_table_of_the_keyboard_module() {
    // breadbin::chips::keyboard says which keys type a PETSCII code; the KERNAL must decode that
    // key combination back to the same code. ($FF, pi, is typed with SHIFT+↑, which the
    // keyboard decodes as $DE; the editor reads pi back from the screen as $FF.)
    let mut c = machine();
    for code in 0..=0xFEu8 {
        let Some((k, m)) = keyboard::keys_for_petscii(code) else {
            continue;
        };
        c.poke_ram(0xC6, 0);
        press(&mut c, k, m.key(), 2);
        assert_eq!(keybuf(&c), vec![code], "keys for PETSCII ${code:02X}");
    }
}

#[test]
fn scan_bytes_and_modifier_flags_while_a_key_is_held() {
    let mut c = machine();
    c.keyboard_mut().set(key("A"), true);
    c.keyboard_mut().set(key("LEFT SHIFT"), true);
    for _ in 0..2 {
        c.run_frame();
    }
    assert_eq!(c.peek(0xCB), 10, "$CB: matrix code of A");
    assert_eq!(c.peek(0xC5), 10, "$C5: the previous scan saw A too");
    assert_eq!(c.peek(0x028D), 1, "$028D: SHIFT");
    c.keyboard_mut().release_all();
    for (name, flag) in [("RIGHT SHIFT", 1), ("C=", 2), ("CTRL", 4)] {
        c.keyboard_mut().set(key(name), true);
        c.run_frame();
        c.run_frame();
        assert_eq!(c.peek(0x028D), flag, "$028D with {name}");
        assert_eq!(c.peek(0xCB), 64, "$CB: a modifier alone is no key");
        c.keyboard_mut().release_all();
    }
    c.run_frame();
    c.run_frame();
    assert_eq!((c.peek(0xCB), c.peek(0xC5), c.peek(0x028D)), (64, 64, 0));
}

/// Hold a key for `frames` frames, emptying the buffer each frame; count what arrived.
fn held_count(c: &mut breadbin::C64, name: &str, frames: u32) -> usize {
    c.poke_ram(0xC6, 0);
    c.keyboard_mut().set(key(name), true);
    let mut n = 0;
    for _ in 0..frames {
        c.run_frame();
        n += keybuf(c).len();
        c.poke_ram(0xC6, 0);
    }
    c.keyboard_mut().release_all();
    for _ in 0..3 {
        c.run_frame();
    }
    n
}

#[test]
fn repeat_follows_rptflg() {
    let mut c = machine();
    // 100 frames = 2 s = 120 jiffies: the first key, 16 jiffies of delay, then one every 4.
    let space = held_count(&mut c, "SPACE", 100);
    assert!(
        (24..=28).contains(&space),
        "SPACE repeats by default: {space} keys in 2 s"
    );
    assert_eq!(
        held_count(&mut c, "A", 100),
        1,
        "A does not repeat by default"
    );
    c.poke_ram(0x028A, 0x80);
    let a = held_count(&mut c, "A", 100);
    assert!(
        (24..=28).contains(&a),
        "RPTFLG $80: every key repeats ({a})"
    );
    c.poke_ram(0x028A, 0x40);
    assert_eq!(
        held_count(&mut c, "SPACE", 100),
        1,
        "RPTFLG $40: none repeats"
    );
}

#[test]
fn the_buffer_holds_xmax_keys() {
    let mut c = machine();
    c.poke_ram(0xC6, 0);
    for k in ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"] {
        press(&mut c, key(k), None, 2);
    }
    assert_eq!(keybuf(&c), b"ABCDEFGHIJ", "ten keys, the rest dropped");
    c.poke_ram(0xC6, 0);
    c.poke_ram(0x0289, 4);
    for k in ["A", "B", "C", "D", "E", "F"] {
        press(&mut c, key(k), None, 2);
    }
    assert_eq!(keybuf(&c), b"ABCD", "XMAX = 4");
}

#[test]
fn shift_commodore_switches_case_unless_locked() {
    let mut c = machine();
    assert_eq!((c.peek(0xD018) & 0xFE), 0x14);
    let both = |c: &mut breadbin::C64| {
        c.keyboard_mut().set(key("LEFT SHIFT"), true);
        c.keyboard_mut().set(key("C="), true);
        for _ in 0..10 {
            c.run_frame();
        }
        c.keyboard_mut().release_all();
        for _ in 0..3 {
            c.run_frame();
        }
    };
    both(&mut c);
    assert_eq!(
        (c.peek(0xD018) & 0xFE),
        0x16,
        "lower case after one press, however long"
    );
    both(&mut c);
    assert_eq!((c.peek(0xD018) & 0xFE), 0x14, "and back");
    print(&mut c, &[0x08]);
    assert_eq!(c.peek(0x0291), 0x80, "CHR$(8) locks");
    both(&mut c);
    assert_eq!((c.peek(0xD018) & 0xFE), 0x14, "locked: no switch");
    print(&mut c, &[0x09]);
    assert_eq!(c.peek(0x0291), 0x00, "CHR$(9) unlocks");
    both(&mut c);
    assert_eq!((c.peek(0xD018) & 0xFE), 0x16);
}

#[test]
fn keylog_wedge_sees_every_scan_and_chains_to_eb48() {
    let mut c = machine();
    // $C100: INC $02 : JMP $EB48
    for (i, b) in [0xE6, 0x02, 0x4C, 0x48, 0xEB].into_iter().enumerate() {
        c.poke_ram(0xC100 + i as u16, b);
    }
    c.poke_ram(0x02, 0);
    c.poke_ram(0x028F, 0x00);
    c.poke_ram(0x0290, 0xC1);
    for _ in 0..50 {
        c.run_frame();
    }
    let calls = c.peek(0x02);
    assert!((59..=61).contains(&calls), "60 scans a second: {calls}");
    assert_eq!(buffered_by(&mut c, "Q", Modifier::Shift), vec![0xD1]);
}

#[test]
fn stop_flag_and_stop_routine() {
    let mut c = machine();
    assert_eq!(c.peek(0x91), 0xFF);
    let r = call(&mut c, 0xFFE1, Regs::default());
    assert!(!r.zero, "STOP: Z clear when RUN/STOP is up");
    c.keyboard_mut().set(key("RUN/STOP"), true);
    c.run_frame();
    c.run_frame();
    assert_eq!(c.peek(0x91), 0x7F, "$91 = $7F with RUN/STOP down");
    c.poke_ram(0xC6, 3);
    let r = call(&mut c, 0xFFE1, Regs::default());
    assert!(r.zero && r.carry, "STOP: Z and C set");
    assert_eq!(c.peek(0xC6), 0, "STOP empties the keyboard buffer");
    c.keyboard_mut().set(key("RUN/STOP"), false);
    c.keyboard_mut().set(key("Q"), true);
    c.run_frame();
    c.run_frame();
    assert_eq!(c.peek(0x91), 0xBF, "$91 holds the whole column: Q");
    c.keyboard_mut().release_all();
}

#[test]
fn typed_line_reaches_chrin_and_shift_run_stop_types_load_and_run() {
    let mut c = booted();
    type_text(&mut c, "HELLO{RETURN}");
    for _ in 0..5 {
        c.run_frame();
    }
    assert_eq!(c.peek(LINES), 1);
    assert_eq!(c.peek(LENGTH), 6);
    assert_eq!(&c.ram()[0x200..0x206], b"HELLO\r");
    assert_eq!(row_text(&c, 1), sc("HELLO"));
    press(&mut c, key("RUN/STOP"), Some(key("LEFT SHIFT")), 2);
    for _ in 0..10 {
        c.run_frame();
    }
    assert_eq!(c.peek(LINES), 3, "LOAD and RUN lines");
    assert_eq!(&c.ram()[0x200..0x204], b"RUN\r");
    assert_eq!(row_text(&c, 2), sc("LOAD"));
    assert_eq!(row_text(&c, 3), sc("RUN"));
}

#[test]
fn scnkey_through_the_jump_table() {
    let mut c = machine();
    c.poke_ram(0xC6, 0);
    c.keyboard_mut().set(key("K"), true);
    // Interrupts masked: only the explicit call scans.
    call_masked(&mut c, 0xFF9F, Regs::default());
    c.keyboard_mut().release_all();
    call_masked(&mut c, 0xFF9F, Regs::default());
    assert_eq!(keybuf(&c), b"K");
}

#[test]
fn joystick_two_reads_idle_between_scans() {
    // BASIC programs PEEK(56320) for joystick 2: idle is 127 (column 7 selected).
    let mut c = machine();
    for _ in 0..3 {
        c.run_frame();
        assert_eq!(c.peek(0xDC00), 0x7F, "port A after the interrupt");
    }
    c.keyboard_mut().joy2 =
        breadbin::chips::keyboard::joy::FIRE | breadbin::chips::keyboard::joy::LEFT;
    c.run_frame();
    assert_eq!(c.peek(0xDC00) & 0x1F, 0x1F & !0x14, "fire and left");
    c.keyboard_mut().joy2 = 0;
}
