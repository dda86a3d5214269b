//! Host keys (as winit reports them) → the C64 keyboard matrix, the numeric-keypad joystick
//! and RESTORE, with the minimum hold time that lets the KERNAL's 60 Hz scan see every tap.
//! The last tests type through the machine's own KERNAL and check what arrives in its
//! keyboard buffer.
#![cfg(feature = "frontend")]

use breadbin::chips::keyboard::{self, Key, Keyboard, joy};
use breadbin::frontend::keys::{HostKey, KeyInput, MIN_GAP_CYCLES, MIN_HOLD_CYCLES};
use breadbin::frontend::machine::Machine;
use breadbin::host::feeder::KeyFeeder;
use breadbin::{C64, Roms};
use winit::keyboard::{KeyCode, NamedKey};

fn k(name: &str) -> Key {
    keyboard::key_by_name(name).unwrap()
}

/// The C64 keys held on the matrix, by name, sorted.
fn held(kb: &Keyboard) -> Vec<&'static str> {
    let mut v: Vec<&str> = keyboard::KEYS
        .iter()
        .filter(|(_, key)| kb.is_pressed(*key))
        .map(|(n, _)| *n)
        .collect();
    v.sort();
    v
}

struct Rig {
    input: KeyInput,
    feeder: KeyFeeder,
    kb: Keyboard,
    now: u64,
}

impl Rig {
    fn new(numpad: bool) -> Self {
        Rig {
            input: KeyInput::new(numpad),
            feeder: KeyFeeder::default(),
            kb: Keyboard::new(),
            now: 1_000_000,
        }
    }

    fn ev(&mut self, e: HostKey) -> bool {
        let used = self.input.host_key(&e, &mut self.feeder);
        self.feeder.service(&mut self.kb, self.now);
        used
    }

    fn press(&mut self, code: KeyCode, text: &str) -> bool {
        self.ev(HostKey::char(code, text, true))
    }

    fn release(&mut self, code: KeyCode, text: &str) -> bool {
        self.ev(HostKey::char(code, text, false))
    }

    fn named(&mut self, code: KeyCode, named: NamedKey, pressed: bool) -> bool {
        self.ev(HostKey::named(code, named, pressed))
    }

    /// Let `cycles` pass, serving the queue at every change it asks for.
    fn wait(&mut self, cycles: u64) {
        let end = self.now + cycles;
        loop {
            let next = self.feeder.service(&mut self.kb, self.now);
            if next > end {
                self.now = end;
                return;
            }
            self.now = next;
        }
    }
}

#[test]
fn a_quote_is_shift_2_whatever_the_host_shift() {
    let mut r = Rig::new(false);
    // US layout: SHIFT + ' types ".
    r.named(KeyCode::ShiftLeft, NamedKey::Shift, true);
    assert_eq!(held(&r.kb), ["LEFT SHIFT"]);
    assert!(r.press(KeyCode::Quote, "\""));
    assert_eq!(held(&r.kb), ["2", "LEFT SHIFT"]);
    r.wait(MIN_HOLD_CYCLES);
    r.release(KeyCode::Quote, "\"");
    r.named(KeyCode::ShiftLeft, NamedKey::Shift, false);
    assert!(held(&r.kb).is_empty());
    // German layout: SHIFT + 2 types "; the same C64 keys.
    r.wait(MIN_GAP_CYCLES);
    r.named(KeyCode::ShiftRight, NamedKey::Shift, true);
    r.press(KeyCode::Digit2, "\"");
    assert_eq!(held(&r.kb), ["2", "LEFT SHIFT"]);
}

#[test]
fn host_shift_is_held_up_for_a_colon_and_comes_back_after() {
    let mut r = Rig::new(false);
    r.named(KeyCode::ShiftLeft, NamedKey::Shift, true);
    // US layout: SHIFT + ; types :, which is a key of its own on the C64.
    r.press(KeyCode::Semicolon, ":");
    assert_eq!(held(&r.kb), [":"]);
    r.wait(MIN_HOLD_CYCLES);
    r.release(KeyCode::Semicolon, ":");
    assert_eq!(held(&r.kb), ["LEFT SHIFT"]);
    r.named(KeyCode::ShiftLeft, NamedKey::Shift, false);
    // Unshifted ; is the C64's ;.
    r.press(KeyCode::Semicolon, ";");
    assert_eq!(held(&r.kb), [";"]);
}

#[test]
fn letters_follow_shift_and_ignore_caps_lock() {
    let mut r = Rig::new(false);
    r.press(KeyCode::KeyA, "A"); // caps lock on, no SHIFT
    assert_eq!(held(&r.kb), ["A"]);
    r.wait(MIN_HOLD_CYCLES);
    r.release(KeyCode::KeyA, "A");
    r.named(KeyCode::ShiftLeft, NamedKey::Shift, true);
    r.press(KeyCode::KeyS, "S");
    assert_eq!(held(&r.kb), ["LEFT SHIFT", "S"]);
}

#[test]
fn a_tap_shorter_than_a_frame_is_held_for_a_keyboard_scan() {
    let mut r = Rig::new(false);
    r.press(KeyCode::KeyQ, "q");
    r.release(KeyCode::KeyQ, "q");
    assert_eq!(held(&r.kb), ["Q"], "the release waits");
    // The KERNAL scans every 16,421 cycles (60 Hz): the hold covers whole periods, and the
    // gap at least one.
    const { assert!(MIN_HOLD_CYCLES > 2 * 985_248 / 60 && MIN_GAP_CYCLES > 985_248 / 60) };
    r.wait(MIN_HOLD_CYCLES - 1);
    assert_eq!(held(&r.kb), ["Q"]);
    r.wait(1);
    assert!(held(&r.kb).is_empty());
}

#[test]
fn one_key_typed_twice_fast_is_two_presses_with_a_gap() {
    let mut r = Rig::new(false);
    let start = r.now;
    for _ in 0..2 {
        r.press(KeyCode::KeyL, "l");
        r.release(KeyCode::KeyL, "l");
    }
    let mut edges = Vec::new();
    let mut was = false;
    for _ in 0..(2 * MIN_HOLD_CYCLES + MIN_GAP_CYCLES) / 500 + 10 {
        r.wait(500);
        let is = r.kb.is_pressed(k("L"));
        if is != was {
            edges.push((r.now - start, is));
            was = is;
        }
    }
    // Observed at 500-cycle steps: down at once, up after the hold, down again after the
    // gap, up after the hold.
    assert_eq!(edges.len(), 4, "{edges:?}");
    assert_eq!(edges[0], (500, true), "{edges:?}");
    assert!(edges[1].0 >= MIN_HOLD_CYCLES && edges[1].0 < MIN_HOLD_CYCLES + 500);
    assert!(edges[2].0 - edges[1].0 >= MIN_GAP_CYCLES - 500);
    assert!(edges[3].0 - edges[2].0 >= MIN_HOLD_CYCLES - 500);
    assert!(!r.kb.any_pressed());
}

#[test]
fn typing_order_is_kept() {
    let mut r = Rig::new(false);
    let mut seen = Vec::new();
    for (code, c) in [(KeyCode::KeyH, "h"), (KeyCode::KeyI, "i")] {
        r.press(code, c);
        r.release(code, c);
    }
    for _ in 0..(4 * MIN_HOLD_CYCLES) / 1000 {
        for name in ["H", "I"] {
            if r.kb.is_pressed(k(name)) && seen.last() != Some(&name) {
                seen.push(name);
            }
        }
        r.wait(1000);
    }
    assert_eq!(seen, ["H", "I"]);
}

#[test]
fn cursor_keys_give_the_c64_shifted_left_and_up() {
    let mut r = Rig::new(false);
    r.named(KeyCode::ArrowLeft, NamedKey::ArrowLeft, true);
    assert_eq!(held(&r.kb), ["CRSR RIGHT", "LEFT SHIFT"]);
    r.wait(MIN_HOLD_CYCLES);
    r.named(KeyCode::ArrowLeft, NamedKey::ArrowLeft, false);
    r.named(KeyCode::ArrowUp, NamedKey::ArrowUp, true);
    assert_eq!(held(&r.kb), ["CRSR DOWN", "LEFT SHIFT"]);
    r.wait(MIN_HOLD_CYCLES);
    r.named(KeyCode::ArrowUp, NamedKey::ArrowUp, false);
    // Right and down stay right and down with host SHIFT held.
    r.named(KeyCode::ShiftLeft, NamedKey::Shift, true);
    r.named(KeyCode::ArrowRight, NamedKey::ArrowRight, true);
    assert_eq!(held(&r.kb), ["CRSR RIGHT"]);
    r.wait(MIN_HOLD_CYCLES);
    r.named(KeyCode::ArrowRight, NamedKey::ArrowRight, false);
    r.named(KeyCode::ArrowDown, NamedKey::ArrowDown, true);
    assert_eq!(held(&r.kb), ["CRSR DOWN"]);
}

#[test]
fn named_keys_and_function_keys() {
    let cases: &[(KeyCode, NamedKey, &[&str])] = &[
        (KeyCode::Enter, NamedKey::Enter, &["RETURN"]),
        (KeyCode::NumpadEnter, NamedKey::Enter, &["RETURN"]),
        (KeyCode::Backspace, NamedKey::Backspace, &["DEL"]),
        (KeyCode::Insert, NamedKey::Insert, &["DEL", "LEFT SHIFT"]),
        (KeyCode::Home, NamedKey::Home, &["HOME"]),
        (KeyCode::Escape, NamedKey::Escape, &["RUN/STOP"]),
        (KeyCode::Space, NamedKey::Space, &["SPACE"]),
        (KeyCode::F1, NamedKey::F1, &["F1"]),
        (KeyCode::F2, NamedKey::F2, &["F1", "LEFT SHIFT"]),
        (KeyCode::F3, NamedKey::F3, &["F3"]),
        (KeyCode::F4, NamedKey::F4, &["F3", "LEFT SHIFT"]),
        (KeyCode::F5, NamedKey::F5, &["F5"]),
        (KeyCode::F6, NamedKey::F6, &["F5", "LEFT SHIFT"]),
        (KeyCode::F7, NamedKey::F7, &["F7"]),
        (KeyCode::F8, NamedKey::F8, &["F7", "LEFT SHIFT"]),
        (KeyCode::ControlLeft, NamedKey::Control, &["CTRL"]),
        (KeyCode::ControlRight, NamedKey::Control, &["CTRL"]),
        (KeyCode::AltLeft, NamedKey::Alt, &["C="]),
        (KeyCode::Tab, NamedKey::Tab, &["C="]),
        (KeyCode::ShiftRight, NamedKey::Shift, &["RIGHT SHIFT"]),
    ];
    for &(code, named, want) in cases {
        let mut r = Rig::new(false);
        assert!(r.named(code, named, true), "{code:?} is mapped");
        assert_eq!(held(&r.kb), want, "{code:?}");
        r.wait(MIN_HOLD_CYCLES);
        r.named(code, named, false);
        assert!(held(&r.kb).is_empty(), "{code:?} released");
    }
    // F9-F12, AltGr and Page Down are not C64 keys.
    let mut r = Rig::new(false);
    for (code, named) in [
        (KeyCode::F9, NamedKey::F9),
        (KeyCode::F12, NamedKey::F12),
        (KeyCode::AltRight, NamedKey::AltGraph),
        (KeyCode::PageDown, NamedKey::PageDown),
    ] {
        assert!(!r.named(code, named, true), "{code:?}");
    }
    assert!(held(&r.kb).is_empty());
}

#[test]
fn symbols_by_what_the_host_types() {
    let cases: &[(KeyCode, &str, &[&str])] = &[
        (KeyCode::Digit1, "!", &["1", "LEFT SHIFT"]),
        (KeyCode::Digit2, "@", &["@"]),
        (KeyCode::Digit8, "*", &["*"]),
        (KeyCode::Equal, "+", &["+"]),
        (KeyCode::Minus, "-", &["-"]),
        (KeyCode::Equal, "=", &["="]),
        (KeyCode::Slash, "?", &["/", "LEFT SHIFT"]),
        (KeyCode::Comma, "<", &[",", "LEFT SHIFT"]),
        (KeyCode::BracketLeft, "[", &[":", "LEFT SHIFT"]),
        (KeyCode::Backslash, "\\", &["POUND"]),
        (KeyCode::Digit3, "£", &["POUND"]),
        (KeyCode::Digit6, "^", &["UP ARROW"]),
        (KeyCode::Backquote, "`", &["LEFT ARROW"]),
        (KeyCode::Minus, "_", &["LEFT ARROW"]),
        (KeyCode::Backquote, "~", &["LEFT SHIFT", "UP ARROW"]),
        (KeyCode::Digit0, "0", &["0"]),
    ];
    for &(code, text, want) in cases {
        let mut r = Rig::new(false);
        // Host SHIFT held for all of them: the symbol decides the C64's SHIFT.
        r.named(KeyCode::ShiftLeft, NamedKey::Shift, true);
        assert!(r.press(code, text), "{text} is mapped");
        assert_eq!(held(&r.kb), want, "{text}");
    }
    let mut r = Rig::new(false);
    assert!(!r.press(KeyCode::BracketLeft, "{"));
    assert!(!r.press(KeyCode::KeyE, "é"));
    assert!(held(&r.kb).is_empty());
}

#[test]
fn ctrl_and_commodore_combine_with_digits_and_letters() {
    let mut r = Rig::new(false);
    r.named(KeyCode::ControlLeft, NamedKey::Control, true);
    r.press(KeyCode::Digit1, "1");
    assert_eq!(held(&r.kb), ["1", "CTRL"]);
    let mut r = Rig::new(false);
    r.named(KeyCode::AltLeft, NamedKey::Alt, true);
    r.press(KeyCode::KeyA, "a");
    assert_eq!(held(&r.kb), ["A", "C="]);
}

#[test]
fn page_up_is_restore_held_for_the_minimum_time() {
    let mut r = Rig::new(false);
    r.named(KeyCode::PageUp, NamedKey::PageUp, true);
    r.named(KeyCode::PageUp, NamedKey::PageUp, false);
    assert!(r.kb.restore);
    r.wait(MIN_HOLD_CYCLES);
    assert!(!r.kb.restore);
}

#[test]
fn host_auto_repeat_is_ignored() {
    let mut r = Rig::new(false);
    r.press(KeyCode::KeyZ, "z");
    let mut rep = HostKey::char(KeyCode::KeyZ, "z", true);
    rep.repeat = true;
    for _ in 0..5 {
        r.ev(rep.clone());
    }
    r.wait(MIN_HOLD_CYCLES);
    r.release(KeyCode::KeyZ, "z");
    assert!(!r.kb.any_pressed());
    r.wait(10 * MIN_HOLD_CYCLES);
    assert!(!r.kb.any_pressed(), "no queued repeats");
}

#[test]
fn losing_the_focus_releases_everything() {
    let mut r = Rig::new(false);
    r.named(KeyCode::ShiftLeft, NamedKey::Shift, true);
    r.press(KeyCode::KeyW, "W");
    r.input.release_all_host_keys(&mut r.feeder);
    r.wait(MIN_HOLD_CYCLES);
    assert!(!r.kb.any_pressed());
    // The releases that arrive later change nothing.
    assert!(!r.release(KeyCode::KeyW, "W"));
}

#[test]
fn numpad_joystick_on_port_2_and_port_1() {
    let mut r = Rig::new(true);
    r.press(KeyCode::Numpad9, "9");
    r.press(KeyCode::Numpad0, "0");
    assert_eq!(r.feeder.joystick(), joy::UP | joy::RIGHT | joy::FIRE);
    assert!(!r.kb.any_pressed(), "the keypad types no digits");
    r.release(KeyCode::Numpad9, "9");
    r.wait(MIN_HOLD_CYCLES);
    assert_eq!(r.feeder.joystick(), joy::FIRE);

    for port1 in [false, true] {
        let mut m = Machine::new(Roms::open(), None, true, port1);
        m.key_event(&HostKey::char(KeyCode::Numpad4, "4", true));
        m.run_frame();
        m.run_frame();
        let kb = &m.session.c64.keyboard_mut();
        let (on, off) = if port1 {
            (kb.joy1, kb.joy2)
        } else {
            (kb.joy2, kb.joy1)
        };
        assert_eq!((on, off), (joy::LEFT, 0), "port1={port1}");
        // Gamepad bits join in.
        m.set_gamepad_bits(joy::FIRE);
        m.run_frame();
        let kb = &m.session.c64.keyboard_mut();
        assert_eq!(if port1 { kb.joy1 } else { kb.joy2 }, joy::LEFT | joy::FIRE);
    }
}

/// What the KERNAL put in its keyboard buffer ($0277, count in $C6).
fn keyboard_buffer(c64: &C64) -> Vec<u8> {
    let n = c64.peek(0xC6) as usize;
    (0..n.min(10))
        .map(|i| c64.peek(0x0277 + i as u16))
        .collect()
}

/// Type on the machine as a host would: modifiers around each key, every release at once.
fn type_keys(m: &mut Machine, keys: &[(KeyCode, HostText, bool)]) {
    for &(code, text, shift) in keys {
        if shift {
            m.key_event(&HostKey::named(KeyCode::ShiftLeft, NamedKey::Shift, true));
        }
        let (down, up) = match text {
            HostText::Char(c) => (HostKey::char(code, c, true), HostKey::char(code, c, false)),
            HostText::Named(n) => (
                HostKey::named(code, n, true),
                HostKey::named(code, n, false),
            ),
        };
        m.key_event(&down);
        m.key_event(&up);
        if shift {
            m.key_event(&HostKey::named(KeyCode::ShiftLeft, NamedKey::Shift, false));
        }
    }
}

#[derive(Clone, Copy)]
enum HostText {
    Char(&'static str),
    Named(NamedKey),
}
use HostText::{Char, Named};

/// `P":@A` typed on a US layout: two keys with host SHIFT whose C64 keys are unshifted
/// (`:` and `@`), one whose C64 key needs SHIFT (`"`).
const WORD: [(KeyCode, HostText, bool); 5] = [
    (KeyCode::KeyP, Char("p"), false),
    (KeyCode::Quote, Char("\""), true),
    (KeyCode::Semicolon, Char(":"), true),
    (KeyCode::Digit2, Char("@"), true),
    (KeyCode::KeyA, Char("a"), false),
];

/// A machine whose KERNAL IRQ runs while the main program idles in a loop at $C000 with an
/// empty keyboard buffer: what arrives in the buffer is what the keyboard scan decoded.
/// `None` (with the reason printed) when the ROMs' IRQ does not run.
fn parked_machine() -> Option<Machine> {
    let mut m = Machine::new(Roms::open(), None, false, false);
    // Wait for the KERNAL's 60 Hz IRQ: its jiffy clock ($A0-$A2) ticks.
    let mut ticks = 0;
    let mut last = m.session.c64.peek(0xA2);
    for _ in 0..300 {
        m.run_frame();
        let now = m.session.c64.peek(0xA2);
        if now != last {
            ticks += 1;
            last = now;
        }
        if ticks >= 20 {
            break;
        }
    }
    if ticks < 20 {
        eprintln!("skipped: the ROMs' IRQ does not run the jiffy clock within 6 s");
        return None;
    }
    // Park the main program in a loop with interrupts on, so that nothing takes keys out of
    // the buffer: what arrives there is exactly what the IRQ's keyboard scan decoded.
    for (i, b) in [0x4C, 0x00, 0xC0].into_iter().enumerate() {
        m.session.c64.poke_ram(0xC000 + i as u16, b);
    }
    let mut guard = 0;
    while !m.session.c64.cpu().at_instruction_boundary()
        || m.session
            .c64
            .cpu()
            .p
            .contains(breadbin::chips::cpu::Status::I)
    {
        m.session.c64.tick();
        guard += 1;
        assert!(guard < 1_000_000, "interrupts never enabled");
    }
    m.session.c64.cpu_mut().set_pc(0xC000);
    m.session.c64.poke_ram(0xC6, 0);
    Some(m)
}

#[test]
fn keys_typed_while_paused_arrive_on_resume() {
    let Some(mut m) = parked_machine() else {
        return;
    };
    m.set_paused(true);
    type_keys(&mut m, &WORD);
    assert!(m.keys_idle(), "nothing reaches the C64 while paused");
    m.set_paused(false);
    for _ in 0..60 {
        m.run_frame();
    }
    assert_eq!(
        keyboard_buffer(&m.session.c64),
        [0x50, 0x22, 0x3A, 0x40, 0x41],
        "P \" : @ A"
    );
}

#[test]
fn kernal_scan_decodes_host_typing_into_its_keyboard_buffer() {
    let Some(mut m) = parked_machine() else {
        return;
    };
    type_keys(
        &mut m,
        &[
            WORD[0],
            WORD[1],
            WORD[2],
            WORD[3],
            WORD[4],
            (KeyCode::KeyA, Char("A"), true),
            (KeyCode::ArrowLeft, Named(NamedKey::ArrowLeft), false),
            (KeyCode::F2, Named(NamedKey::F2), false),
            (KeyCode::Home, Named(NamedKey::Home), true),
            (KeyCode::Enter, Named(NamedKey::Enter), false),
        ],
    );
    for _ in 0..60 {
        m.run_frame();
    }
    assert!(m.keys_idle());
    assert_eq!(
        keyboard_buffer(&m.session.c64),
        [0x50, 0x22, 0x3A, 0x40, 0x41, 0xC1, 0x9D, 0x89, 0x93, 0x0D],
        "PETSCII of P \" : @ A SHIFT-A CRSR-LEFT F2 CLR RETURN"
    );
}

/// Run the machine until BASIC's prompt, or `None` (with the reason printed) when the ROM
/// set does not get there.
fn machine_at_ready() -> Option<Machine> {
    let mut m = Machine::new(Roms::open(), None, false, false);
    for _ in 0..600 {
        m.run_frame();
        if breadbin::host::autostart::basic_ready(&m.session.c64) {
            return Some(m);
        }
    }
    eprintln!("skipped: the open ROMs do not reach BASIC's READY prompt in 12 s yet");
    None
}

#[test]
fn typing_at_the_basic_prompt_echoes_on_the_screen() {
    // At the prompt the screen editor echoes each key the scan decodes on the cursor row.
    let Some(mut m) = machine_at_ready() else {
        return;
    };
    type_keys(&mut m, &WORD);
    for _ in 0..50 {
        m.run_frame();
    }
    let screen = m
        .session
        .c64
        .screen_text(breadbin::basic::TextStyle::Reference);
    let row = m.session.c64.peek(0xD6) as usize;
    let line = screen.lines().nth(row).unwrap_or("").to_string();
    assert!(
        line.starts_with("P\":@A"),
        "cursor row {row} is {line:?}; buffer {:02X?}\n{screen}",
        keyboard_buffer(&m.session.c64)
    );
}

#[test]
fn escape_is_run_stop_and_breaks_a_running_program() {
    let prg = breadbin::media::Program::from_basic("loop.bas", "10 PRINT \"LOOP \";\n20 GOTO 10\n")
        .unwrap();
    let mut m = Machine::new(Roms::open(), Some(prg), false, false);
    for _ in 0..600 {
        m.run_frame();
        if m.start() == breadbin::frontend::machine::Start::Started {
            break;
        }
    }
    if m.start() != breadbin::frontend::machine::Start::Started {
        eprintln!("skipped: the open ROMs do not reach BASIC's READY prompt in 12 s yet");
        return;
    }
    for _ in 0..25 {
        m.run_frame();
    }
    type_keys(&mut m, &[(KeyCode::Escape, Named(NamedKey::Escape), false)]);
    for _ in 0..50 {
        m.run_frame();
    }
    let screen = m
        .session
        .c64
        .screen_text(breadbin::basic::TextStyle::Reference);
    // The break comes between statements: in line 10 or 20, as the press falls.
    assert!(
        screen.contains("BREAK IN 10\nREADY.") || screen.contains("BREAK IN 20\nREADY."),
        "{screen}"
    );
}

#[test]
fn ctrl_with_f1_f5_f7_and_f8_are_the_windows_own_and_alone_the_c64s() {
    use breadbin::frontend::controls::{Hotkey, hotkey};
    assert_eq!(hotkey(KeyCode::F8, true), Some(Hotkey::Freeze));
    assert_eq!(hotkey(KeyCode::F1, true), Some(Hotkey::SwapJoystickPorts));
    assert_eq!(hotkey(KeyCode::F5, true), Some(Hotkey::SaveState));
    assert_eq!(hotkey(KeyCode::F7, true), Some(Hotkey::LoadState));
    for f in [KeyCode::F1, KeyCode::F5, KeyCode::F7, KeyCode::F8] {
        assert_eq!(hotkey(f, false), None);
    }
}
