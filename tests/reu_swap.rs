//! The REU's transfers against the VIC's hold on the bus, cycle by cycle (the swap above
//! all). The REU runs on a bus of the test's own, whose C64 side answers each read with the
//! cycle's number, so the bytes a transfer leaves in the REU tell in which cycle each was
//! read.

use breadbin::cart::reu::Reu;
use breadbin::chips::expansion::{Ba, DmaBus, Expansion, Select};

const HIGH: Ba = Ba {
    low: false,
    vic_on_bus: false,
};
/// BA low, the VIC not yet on the bus (the three cycles after BA falls, or a cycle whose
/// second phase the VIC leaves alone).
const LOW: Ba = Ba {
    low: true,
    vic_on_bus: false,
};
/// The VIC makes its access in the cycle's second phase.
const TAKEN: Ba = Ba {
    low: true,
    vic_on_bus: true,
};

#[derive(Default)]
struct Bus {
    cycle: u8,
    /// (cycle, address, value) of each write to the C64 side.
    writes: Vec<(u8, u16, u8)>,
}

impl DmaBus for Bus {
    fn read(&mut self, _addr: u16) -> u8 {
        self.cycle
    }
    fn write(&mut self, addr: u16, value: u8) {
        self.writes.push((self.cycle, addr, value));
    }
}

fn set(reu: &mut Reu, values: &[(u8, u8)]) {
    for &(r, v) in values {
        reu.write(Select::Io2, 0xDF00 + u16::from(r), v);
    }
}

/// Run a transfer of `len` bytes between C64 `$1000` and REU address 0 with `command`,
/// BA as `ba` gives it cycle by cycle (then high); the cycles it took.
fn transfer(reu: &mut Reu, bus: &mut Bus, command: u8, len: u8, ba: &[Ba]) -> usize {
    set(
        reu,
        &[
            (2, 0),
            (3, 0x10),
            (4, 0),
            (5, 0),
            (6, 0),
            (7, len),
            (8, 0),
            (10, 0),
        ],
    );
    set(reu, &[(1, command)]);
    let mut cycles = 0;
    while reu.lines().dma {
        assert!(cycles < 1000, "the transfer never ends");
        bus.cycle = cycles as u8;
        reu.dma_cycle(bus, ba.get(cycles).copied().unwrap_or(HIGH));
        cycles += 1;
    }
    cycles
}

/// Swap `len` bytes under `ba`; the bytes the REU then holds (each the cycle it was read
/// in), and the cycles in which the C64 side was written.
fn swap(len: u8, ba: &[Ba]) -> (Vec<u8>, Vec<u8>, usize) {
    let mut reu = Reu::new(512).unwrap();
    let mut bus = Bus::default();
    let cycles = transfer(&mut reu, &mut bus, 0x92, len, ba);
    let written = bus.writes.iter().map(|w| w.0).collect();
    let mut out = Bus::default();
    transfer(&mut reu, &mut out, 0x91, len, &[]);
    let held = out.writes.iter().map(|w| w.2).collect();
    (held, written, cycles)
}

#[test]
fn a_swap_reads_on_while_ba_is_low_writes_only_once_it_is_high_and_stands_still_while_the_vic_has_the_bus()
 {
    // Byte 0: read in 0, written in 1. Byte 1: read in 2 (BA low), its write in 3 waits,
    // read again in 4, then the VIC's two cycles, and the write in 7. Byte 2: 8 and 9.
    let ba = [HIGH, HIGH, LOW, LOW, LOW, TAKEN, TAKEN, HIGH];
    let (held, written, cycles) = swap(3, &ba);
    assert_eq!(held, [0, 4, 8]);
    assert_eq!(written, [1, 7, 9]);
    assert_eq!(cycles, 10);
}

#[test]
fn a_write_cycle_with_ba_low_sends_the_swap_back_to_its_read() {
    // Byte 1 is read in 2; its write in 3 (BA low) writes nothing, so it is read again in
    // 4; the write in 5 again nothing; the VIC has 6-7; the read that counts is in 8.
    let ba = [HIGH, HIGH, HIGH, LOW, LOW, LOW, TAKEN, TAKEN, HIGH];
    let (held, written, _) = swap(3, &ba);
    assert_eq!(held, [0, 8, 10]);
    assert_eq!(written, [1, 9, 11]);
}

#[test]
fn the_last_bytes_write_goes_through_while_ba_is_low() {
    let ba = [HIGH, HIGH, HIGH, LOW, LOW, TAKEN];
    let (held, written, cycles) = swap(2, &ba);
    assert_eq!(held, [0, 2]);
    assert_eq!(written, [1, 3]);
    assert_eq!(cycles, 4);
}

#[test]
fn a_swap_waits_for_ba_to_be_high_before_its_first_read() {
    let ba = [LOW, LOW, HIGH];
    let (held, written, cycles) = swap(1, &ba);
    assert_eq!(held, [2]);
    assert_eq!(written, [3]);
    assert_eq!(cycles, 4);
}

/// A stash or fetch of `len` bytes under `ba`: the cycles in which the C64 side was read
/// (each byte the REU then holds) or written.
fn one_way(command: u8, len: u8, ba: &[Ba]) -> Vec<u8> {
    let mut reu = Reu::new(512).unwrap();
    let mut bus = Bus::default();
    transfer(&mut reu, &mut bus, command, len, ba);
    if command & 3 == 1 {
        return bus.writes.iter().map(|w| w.0).collect();
    }
    let mut out = Bus::default();
    transfer(&mut reu, &mut out, 0x91, len, &[]);
    out.writes.iter().map(|w| w.2).collect()
}

#[test]
fn a_fetch_writes_in_the_first_cycle_of_ba_low_and_a_stash_stops_at_once() {
    // BA low in 3-7 (the spritetiming program of the test bench's REU/bonzai: a fetch loses
    // 18 cycles to the 19 of eight sprites' BA).
    let ba = [HIGH, HIGH, HIGH, LOW, LOW, LOW, TAKEN, TAKEN, HIGH];
    assert_eq!(one_way(0x90, 6, &ba), [0, 1, 2, 8, 9, 10]);
    assert_eq!(one_way(0x91, 6, &ba), [0, 1, 2, 3, 8, 9]);
}

#[test]
fn a_fetch_that_begins_with_ba_low_waits_from_its_first_cycle() {
    let ba = [LOW, LOW, HIGH, HIGH, LOW, HIGH];
    assert_eq!(one_way(0x91, 4, &ba), [2, 3, 4, 5]);
}
