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

/// A loop with a timer interrupt: after `setup` (VIA 2 register, value) is written, VIA 2's
/// timer 1 counts from $1000 and interrupts every 4,098 cycles; the loop calls a subroutine
/// (stack traffic) and stores VIA 1's port B; the handler reads the timer (clearing its
/// flag), counts in RAM at $20 and changes the byte the loop stores.
fn interrupted_loop(setup: &[(u8, u8)]) -> Vec<u8> {
    let mut code = vec![0x78, 0xA2, 0xFF, 0x9A]; // SEI, LDX #$FF, TXS
    let timer = [(0x04, 0x00), (0x05, 0x10), (0x0E, 0xC0)]; // T1 from $1000, interrupts
    for &(reg, value) in setup.iter().chain(&timer) {
        code.extend([0xA9, value, 0x8D, reg, 0x1C]); // LDA #value, STA $1Cxx
    }
    code.push(0x58); // CLI
    let here = |code: &Vec<u8>| (0xC000 + code.len() as u16).to_le_bytes();
    let [lo, hi] = here(&code);
    let [sub_lo, sub_hi] = (u16::from_le_bytes([lo, hi]) + 11).to_le_bytes();
    code.extend([0x20, sub_lo, sub_hi]); // JSR sub
    code.extend([0xAD, 0x00, 0x18, 0x85, 0x10]); // LDA $1800, STA $10
    code.extend([0x4C, lo, hi]); // JMP back
    code.extend([0xA0, 0x03, 0x88, 0xD0, 0xFD, 0x60]); // sub: LDY #3, DEY, BNE, RTS
    let handler = here(&code);
    // PHA, LDA $1C04, INC $20, INC $10, PLA, RTI
    code.extend([0x48, 0xAD, 0x04, 0x1C, 0xE6, 0x20, 0xE6, 0x10, 0x68, 0x40]);
    code.resize(0x3FFE, 0xEA);
    code.extend(handler);
    code
}

/// An idle loop: VIA 2's port B drives the motor off, timer 1 runs free.
fn idle_loop() -> Vec<u8> {
    interrupted_loop(&[(0x02, 0x6F), (0x0B, 0x40)])
}

/// A loop that leaves VIA 2 alone while the disk turns under the head: VIA 2 drives the
/// motor on (zone 3, phase 2) and BYTE READY's SO output and CB2 (read) as `pcr` says,
/// timer 1 runs free with port A latched.
fn turning_loop(pcr: u8) -> Vec<u8> {
    interrupted_loop(&[(0x02, 0x6F), (0x00, 0x66), (0x0C, pcr), (0x0B, 0x41)])
}

/// Run `d` to `end` one cycle at a time, never skipping.
fn run_unwatched(d: &mut Drive, end: u64, bus: &mut SerialBus) {
    while d.cycles < end {
        d.tick(bus);
    }
}

fn assert_same(a: &Drive, b: &Drive, when: &str) {
    assert_eq!(a.cycles, b.cycles, "{when}");
    assert_eq!(a.cpu, b.cpu, "{when}");
    assert_eq!(a.bus.ram, b.bus.ram, "{when}");
    assert_eq!(a.bus.via1, b.bus.via1, "{when}");
    assert_eq!(a.bus.via2, b.bus.via2, "{when}");
    assert!(a.head == b.head, "{when}");
}

#[test]
fn skipping_an_idle_loop_leaves_the_drive_as_running_it_does() {
    let (skipping, running, end) = skip_beside_run(&idle_loop(), None, 60);
    assert!(
        running.bus.ram[0x20] > 20,
        "the interrupt ran {} times",
        running.bus.ram[0x20]
    );
    assert!(
        skipping.cycles_run() < end / 4,
        "{} of {end} cycles were run",
        skipping.cycles_run()
    );
}

#[test]
fn a_loop_that_reads_a_timer_is_run_cycle_by_cycle() {
    // LDA $1C04, STA $10, JMP $C000: each pass stores another value.
    let (mut d, mut bus, _) = drive(&[0xAD, 0x04, 0x1C, 0x85, 0x10, 0x4C, 0x00, 0xC0]);
    d.run_to(50_000, &mut bus);
    assert_eq!(d.cycles_run(), 50_000);
}

/// Run `code` (with `disk` in) in two drives, one skipping and one not, through `steps`
/// catch-ups of every length with the C64 pulling CLK and ATN now and then, comparing them
/// after each; returns the skipping drive, the other and the last cycle.
fn skip_beside_run(code: &[u8], disk: Option<Disk>, steps: u64) -> (Drive, Drive, u64) {
    let (mut skipping, mut bus1, c64) = drive(code);
    let (mut running, mut bus2, _) = drive(code);
    if let Some(disk) = disk {
        skipping.insert_disk(disk.clone());
        running.insert_disk(disk);
    }
    let mut end = 0;
    for step in 1..=steps {
        end += 997 * (step % 7 + 1) + step;
        if step % 10 == 0 {
            let lines = if step % 20 == 0 { 0 } else { CLK | ATN };
            for (d, bus) in [(&mut skipping, &mut bus1), (&mut running, &mut bus2)] {
                bus.pull(c64, lines);
                d.serial_changed(bus);
            }
        }
        skipping.run_to(end, &mut bus1);
        run_unwatched(&mut running, end, &mut bus2);
        assert_same(&skipping, &running, &format!("at drive cycle {end}"));
    }
    (skipping, running, end)
}

/// [`skip_beside_run`] of `code` with a formatted disk turning: the cycles the skipping
/// drive ran and the last cycle.
fn skip_beside_turning(code: &[u8]) -> (u64, u64) {
    let disk = Disk::from_d64(&crate::media::disk::D64::formatted(b"TURN", *b"TU"));
    let (skipping, running, end) = skip_beside_run(code, Some(disk), 40);
    assert!(running.bus.ram[0x20] > 10, "the interrupt ran");
    assert!(running.head != head::Head::new(), "the disk turned");
    (skipping.cycles_run(), end)
}

#[test]
fn a_loop_that_leaves_via_2_alone_is_skipped_while_the_disk_turns() {
    // CA2 low: SO off, so BYTE READY cannot touch the CPU.
    let (run, end) = skip_beside_turning(&turning_loop(0xEC));
    assert!(run < end / 4, "{run} of {end} cycles were run");
}

#[test]
fn a_loop_is_run_cycle_by_cycle_while_byte_ready_sets_v() {
    // CA2 high: SO on, each BYTE READY sets the CPU's V flag, which a pass may look at.
    let (run, end) = skip_beside_turning(&turning_loop(0xEE));
    assert_eq!(run, end);
}
