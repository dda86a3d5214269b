//! The drive alone on a serial bus: its memory map, its side of the bus and its clock.

use super::*;
use crate::chips::serial::{ATN, CLK, DATA};

/// A ROM whose reset vector points at `code`, placed at $C000.
fn rom(code: &[u8]) -> Box<[u8; 0x4000]> {
    let mut r = Box::new([0xEA; 0x4000]);
    r[..code.len()].copy_from_slice(code);
    r[0x3FFC] = 0x00;
    r[0x3FFD] = 0xC0;
    r
}

/// A drive running `code` and the C64's end of the bus.
fn drive(code: &[u8]) -> (Drive, SerialBus, Participant) {
    let mut bus = SerialBus::default();
    let c64 = bus.attach();
    let d = Drive::new(rom(code), 8, &mut bus);
    (d, bus, c64)
}

/// Set VIA 1's port B directions ($1A: DATA OUT, CLK OUT, ATNA) and write `pb` to it.
fn set_pb(pb: u8) -> Vec<u8> {
    vec![
        0xA9, 0x1A, 0x8D, 0x02, 0x18, 0xA9, pb, 0x8D, 0x00, 0x18, 0x4C, 0x0A, 0xC0,
    ]
}

#[test]
fn the_drive_pulls_clk_and_data_from_via_1_port_b() {
    for (pb, lines) in [(0x00, 0), (0x02, DATA), (0x08, CLK), (0x0A, CLK | DATA)] {
        let (mut d, mut bus, _) = drive(&set_pb(pb));
        d.run_to(40, &mut bus);
        assert_eq!(bus.low(), lines, "port B {pb:02X}");
    }
}

#[test]
fn atn_makes_the_hardware_pull_data_unless_acknowledged() {
    // ATNA (PB4) at 0: asserting ATN pulls DATA at once, without the drive's code.
    let (mut d, mut bus, c64) = drive(&set_pb(0x00));
    d.run_to(40, &mut bus);
    assert_eq!(bus.low(), 0);
    bus.pull(c64, ATN);
    d.serial_changed(&mut bus);
    assert_eq!(bus.low(), ATN | DATA);
    // ATNA at 1 acknowledges it: DATA free while ATN is asserted, pulled while it is not.
    let (mut d, mut bus, c64) = drive(&set_pb(0x10));
    d.run_to(40, &mut bus);
    assert_eq!(bus.low(), DATA);
    bus.pull(c64, ATN);
    d.serial_changed(&mut bus);
    assert_eq!(bus.low(), ATN);
}

#[test]
fn via_1_reads_the_lines_inverted_with_the_device_jumpers() {
    // LDA $1800, STA $0300, JMP *: port B as inputs.
    let code = [0xAD, 0x00, 0x18, 0x8D, 0x00, 0x03, 0x4C, 0x06, 0xC0];
    let (mut d, mut bus, c64) = drive(&code);
    bus.pull(c64, ATN | CLK);
    d.serial_changed(&mut bus);
    d.run_to(30, &mut bus);
    // ATN and CLK low read 1 (bits 7 and 2), DATA high reads 0; the output bits 1, 3 and 4
    // read 1 as inputs; device 8's jumpers are 0. DATA: ATN asserted and not acknowledged.
    assert_eq!(d.ram()[0x300], 0x80 | 0x04 | 0x1A | 0x01);
    let mut bus = SerialBus::default();
    let d9 = Drive::new(rom(&code), 9, &mut bus);
    assert_eq!(d9.bus.via1.pb_in & 0x60, 0x20, "device 9");
}

#[test]
fn memory_mirrors_ram_vias_and_rom() {
    // STA $2123 (RAM $0123), LDA $5C0B (VIA 2's ACR), LDA $8000 (ROM $C000): into RAM.
    let code = [
        0xA9, 0x5A, 0x8D, 0x23, 0x21, // LDA #$5A, STA $2123
        0xA9, 0x40, 0x8D, 0x0B, 0x1C, // LDA #$40, STA $1C0B
        0xAD, 0x0B, 0x5C, 0x8D, 0x00, 0x04, // LDA $5C0B, STA $0400
        0xAD, 0x00, 0x80, 0x8D, 0x01, 0x04, // LDA $8000, STA $0401
        0x4C, 0x16, 0xC0,
    ];
    let (mut d, mut bus, _) = drive(&code);
    d.run_to(60, &mut bus);
    assert_eq!(d.ram()[0x123], 0x5A);
    assert_eq!(d.ram()[0x400], 0x40);
    assert_eq!(d.ram()[0x401], 0xA9);
}

#[test]
fn one_c64_second_is_one_million_drive_cycles() {
    assert_eq!(Drive::cycle_for(985_248, 985_248), 1_000_000);
    assert_eq!(Drive::cycle_for(1, 985_248), 1);
    assert_eq!(Drive::cycle_for(985_247, 985_248), 999_998);
    assert_eq!(
        Drive::cycle_for(u64::MAX / 2, 985_248),
        ((u64::MAX / 2) as u128 * 1_000_000 / 985_248) as u64
    );
}

#[test]
fn half_cycles_place_the_c64s_accesses_inside_its_cycle() {
    // C64 cycle 1 spans 1.015 to 2.030 drive cycles: its middle falls in drive cycle 1, its
    // end after drive cycle 1 has ended.
    assert_eq!(Drive::cycle_for_half(2, 985_248), 1);
    assert_eq!(Drive::cycle_for_half(3, 985_248), 1);
    assert_eq!(Drive::cycle_for_half(4, 985_248), 2);
    assert_eq!(Drive::cycle_for_half(2 * 985_248, 985_248), 1_000_000);
    assert_eq!(Drive::cycle_for_half(2 * 985_248 + 1, 985_248), 1_000_000);
}
