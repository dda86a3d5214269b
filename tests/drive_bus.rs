//! A 1541 on the C64's serial bus, as CIA 2 sees it: a drive running a few bytes of test
//! code in place of a DOS.

use breadbin::{C64, Roms};

/// A drive ROM that sets VIA 1's port B directions and writes `pb` to it, then loops.
fn rom(pb: u8) -> Box<[u8; 0x4000]> {
    let mut r = Box::new([0xEA; 0x4000]);
    let code = [
        0xA9, 0x1A, 0x8D, 0x02, 0x18, 0xA9, pb, 0x8D, 0x00, 0x18, 0x4C, 0x0A, 0xC0,
    ];
    r[..code.len()].copy_from_slice(&code);
    r[0x3FFC] = 0x00;
    r[0x3FFD] = 0xC0;
    r
}

/// A machine with the drive attached, its port A bits 3-5 outputs, run a little.
fn machine(pb: u8) -> C64 {
    let mut roms = Roms::open();
    roms.dos = None; // the drive below is the only one
    let mut c64 = C64::new(roms);
    c64.attach_drive(rom(pb), 8);
    c64.poke(0xDD02, 0x3F);
    c64.poke(0xDD00, 0x03);
    c64.run_cycles(100);
    c64
}

#[test]
fn the_c64_reads_the_lines_the_drive_pulls() {
    assert_eq!(machine(0x00).peek(0xDD00) & 0xC0, 0xC0, "nothing pulled");
    assert_eq!(machine(0x02).peek(0xDD00) & 0xC0, 0x40, "DATA low");
    assert_eq!(machine(0x08).peek(0xDD00) & 0xC0, 0x80, "CLK low");
}

#[test]
fn atn_from_the_c64_is_acknowledged_by_the_drive_hardware_at_once() {
    let mut c64 = machine(0x00);
    c64.poke(0xDD00, 0x03 | 0x08); // ATN out
    assert_eq!(
        c64.peek(0xDD00) & 0x80,
        0,
        "DATA pulled by the drive's ATN acknowledge"
    );
    c64.poke(0xDD00, 0x03);
    assert_eq!(c64.peek(0xDD00) & 0x80, 0x80);
}

#[test]
fn the_drive_runs_a_million_cycles_a_c64_second() {
    let mut c64 = machine(0x00);
    let start = c64.drive().unwrap().cycles();
    c64.run_cycles(985_248);
    let ran = c64.drive().unwrap().cycles() - start;
    assert!((999_999..=1_000_001).contains(&ran), "{ran}");
}

#[test]
fn a_drive_that_pulls_nothing_reads_as_no_drive() {
    let mut with = machine(0x00);
    let mut roms = Roms::open();
    roms.dos = None;
    let mut without = C64::new(roms);
    without.poke(0xDD02, 0x3F);
    for out in [0x03u8, 0x13, 0x23, 0x33] {
        with.poke(0xDD00, out);
        without.poke(0xDD00, out);
        assert_eq!(with.peek(0xDD00), without.peek(0xDD00), "port A {out:02X}");
    }
}
