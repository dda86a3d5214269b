//! Shared helpers of the KERNAL tests: a machine booted on the open KERNAL with the test
//! driver (tests/programs/kernal_driver.s) in place of BASIC, so the KERNAL is tested on
//! its own; calls into KERNAL routines from a trampoline in RAM; keys on the matrix.
#![allow(dead_code)]

use breadbin::chips::cpu::Status;
use breadbin::chips::keyboard::Key;
use breadbin::{C64, Roms};

/// The driver: BASIC's two start vectors, a banner, then CHRIN lines into $0200 forever.
pub const DRIVER: &[u8; 0x2000] = include_bytes!("../programs/kernal_driver.bin");
/// Lines the driver has read, length of the last one (RETURN included), warm starts.
pub const LINES: u16 = 0x02F0;
pub const LENGTH: u16 = 0x02F1;
pub const WARMS: u16 = 0x02F2;

/// Where calls return to: `JSR target` at $C000, a `JMP *` trap at $C003.
const TRAMPOLINE: u16 = 0xC000;
const TRAP: u16 = 0xC003;

pub fn driver_roms() -> Roms {
    let mut roms = Roms::open();
    roms.basic = Box::new(*DRIVER);
    roms.dos = None; // the KERNAL alone: no drive on the bus
    roms
}

/// Power on and run until the driver has printed its banner and waits for a line, with
/// the CPU parked at the trap (for calls into the KERNAL).
pub fn machine() -> C64 {
    let mut c64 = booted();
    assert_eq!(
        screen_row(&c64, 0)[..11],
        sc("KERNAL TEST")[..],
        "driver banner after boot"
    );
    park(&mut c64);
    c64
}

/// The driver waits in CHRIN with the cursor blinking; calls made from here on stand for
/// a running program, which has the cursor off. Park the CPU in a loop at the trap
/// (interrupts on) while the cursor is hidden, and switch the blink off.
pub fn park(c64: &mut C64) {
    while c64.peek(0xCF) != 0 {
        c64.run_frame();
    }
    idle(c64);
    c64.poke_ram(0xCC, 1);
}

/// Power on and run until the driver waits in CHRIN for a line (keys typed now are read
/// by the KERNAL's line input, as BASIC's direct mode reads them).
pub fn booted() -> C64 {
    let mut c64 = C64::new(driver_roms());
    for _ in 0..30 {
        c64.run_frame();
    }
    c64
}

/// Leave whatever the CPU was doing and spin at the trap with interrupts enabled.
pub fn idle(c64: &mut C64) {
    for (i, b) in [0x4C, 0x03, 0xC0].into_iter().enumerate() {
        c64.poke_ram(TRAP + i as u16, b);
    }
    while !c64.cpu().at_instruction_boundary() {
        c64.tick();
    }
    c64.cpu_mut().p.remove(Status::I);
    c64.cpu_mut().s = 0xF0;
    c64.cpu_mut().set_pc(TRAP);
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Regs {
    pub a: u8,
    pub x: u8,
    pub y: u8,
    pub carry: bool,
    pub zero: bool,
}

/// Call the routine at `addr` with A/X/Y/carry as given (interrupts stay enabled, so the
/// 60 Hz IRQ runs as usual) and return the registers it leaves. Panics after `limit`
/// cycles: a hang is a failure.
pub fn call_limit(c64: &mut C64, addr: u16, regs: Regs, limit: u64) -> Regs {
    call_with(c64, addr, regs, limit, false)
}

fn call_with(c64: &mut C64, addr: u16, regs: Regs, limit: u64, masked: bool) -> Regs {
    let [lo, hi] = addr.to_le_bytes();
    for (i, b) in [0x20, lo, hi, 0x4C, 0x03, 0xC0].into_iter().enumerate() {
        c64.poke_ram(TRAMPOLINE + i as u16, b);
    }
    while !c64.cpu().at_instruction_boundary() {
        c64.tick();
    }
    c64.cpu_mut().a = regs.a;
    c64.cpu_mut().x = regs.x;
    c64.cpu_mut().y = regs.y;
    c64.cpu_mut().p.set(Status::C, regs.carry);
    c64.cpu_mut().p.set(Status::I, masked);
    if c64.cpu().s < 0x40 {
        c64.cpu_mut().s = 0xF0;
    }
    c64.cpu_mut().set_pc(TRAMPOLINE);
    let start = c64.cycles();
    loop {
        c64.tick();
        if c64.cpu().at_instruction_boundary() && c64.cpu().pc == TRAP {
            break;
        }
        assert!(
            c64.cycles() - start < limit,
            "call to ${addr:04X} did not return within {limit} cycles (PC ${:04X})",
            c64.cpu().pc
        );
    }
    let p = c64.cpu().p;
    // Back at the trap the "program" runs with interrupts enabled again.
    c64.cpu_mut().p.remove(Status::I);
    Regs {
        a: c64.cpu().a,
        x: c64.cpu().x,
        y: c64.cpu().y,
        carry: p.contains(Status::C),
        zero: p.contains(Status::Z),
    }
}

/// As [`call`], with interrupts masked (I set) during the call.
pub fn call_masked(c64: &mut C64, addr: u16, regs: Regs) -> Regs {
    call_with(c64, addr, regs, 2_000_000, true)
}

pub fn call(c64: &mut C64, addr: u16, regs: Regs) -> Regs {
    call_limit(c64, addr, regs, 2_000_000)
}

pub fn a(a: u8) -> Regs {
    Regs {
        a,
        ..Regs::default()
    }
}

/// Print bytes with CHROUT ($FFD2).
pub fn print(c64: &mut C64, bytes: &[u8]) {
    for &b in bytes {
        call(c64, 0xFFD2, a(b));
    }
}

/// Screen codes of plain ASCII text as the upper case set shows it.
pub fn sc(text: &str) -> Vec<u8> {
    text.bytes()
        .map(|b| match b {
            b'@'..=b'_' => b - 0x40,
            b' '..=b'?' => b,
            _ => panic!("no screen code for {b:#x} in this helper"),
        })
        .collect()
}

pub fn screen_base(c64: &C64) -> u16 {
    (c64.peek(0x0288) as u16) << 8
}

pub fn screen_row(c64: &C64, row: usize) -> Vec<u8> {
    let base = screen_base(c64) as usize + row * 40;
    (0..40).map(|i| c64.ram()[base + i]).collect()
}

pub fn colour_row(c64: &C64, row: usize) -> Vec<u8> {
    (0..40)
        .map(|i| c64.peek(0xD800 + (row * 40 + i) as u16) & 0x0F)
        .collect()
}

/// The row's text from column 0, trailing spaces dropped, as screen codes.
pub fn row_text(c64: &C64, row: usize) -> Vec<u8> {
    let mut r = screen_row(c64, row);
    while r.last() == Some(&0x20) {
        r.pop();
    }
    r
}

/// Cursor: (row $D6, column $D3 within the logical line, line length - 1 $D5).
pub fn cursor(c64: &C64) -> (u8, u8, u8) {
    (c64.peek(0xD6), c64.peek(0xD3), c64.peek(0xD5))
}

/// The link table byte of `row`: bit 7 set when the row starts a logical line.
pub fn starts_line(c64: &C64, row: usize) -> bool {
    c64.peek(0xD9 + row as u16) & 0x80 != 0
}

/// Hold a key (with an optional modifier) for `frames` frames, then release it for 3.
pub fn press(c64: &mut C64, key: Key, modifier: Option<Key>, frames: u32) {
    if let Some(m) = modifier {
        c64.keyboard_mut().set(m, true);
    }
    c64.keyboard_mut().set(key, true);
    for _ in 0..frames {
        c64.run_frame();
    }
    c64.keyboard_mut().set(key, false);
    if let Some(m) = modifier {
        c64.keyboard_mut().set(m, false);
    }
    for _ in 0..3 {
        c64.run_frame();
    }
}

/// RUN/STOP held, then RESTORE pressed (the NMI line) and both released.
pub fn stop_restore(c64: &mut C64) {
    c64.keyboard_mut().set(key("RUN/STOP"), true);
    c64.run_frame();
    c64.keyboard_mut().restore = true;
    c64.run_frame();
    c64.keyboard_mut().restore = false;
    c64.keyboard_mut().release_all();
}

/// Type text (breadbin's `{NAME}` notation) through the matrix, a key at a time.
pub fn type_text(c64: &mut C64, text: &str) {
    let codes = breadbin::basic::text_to_petscii(text, "test").expect("valid key text");
    for code in codes {
        let (key, m) = breadbin::chips::keyboard::keys_for_petscii(code).expect("typeable code");
        press(c64, key, m.key(), 2);
    }
}

/// The keyboard buffer's contents.
pub fn keybuf(c64: &C64) -> Vec<u8> {
    let n = c64.peek(0xC6) as u16;
    (0..n).map(|i| c64.peek(0x0277 + i)).collect()
}

pub fn key(name: &str) -> Key {
    breadbin::chips::keyboard::key_by_name(name).expect("known key")
}
