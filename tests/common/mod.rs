//! Shared helpers for the machine tests: start a raw test program on the machine.
#![allow(dead_code)]

pub mod cli;

use breadbin::{C64, Roms};

/// A machine with `program` (a raw image from tests/programs) at $1000 and the CPU about to
/// execute it (the power-on reset is skipped; the program sets up what it needs).
pub fn machine_with(program: &[u8]) -> C64 {
    let mut c64 = C64::new(Roms::open());
    for (i, &b) in program.iter().enumerate() {
        c64.poke_ram(0x1000 + i as u16, b);
    }
    c64.cpu_mut().set_pc(0x1000);
    c64
}

/// Run until the program writes $D7FF; returns the value and the cycle count.
pub fn run_to_d7ff(c64: &mut C64, max_cycles: u64) -> u8 {
    for _ in 0..max_cycles {
        c64.tick();
        assert!(
            !c64.cpu().is_jammed(),
            "CPU jammed at ${:04X}",
            c64.cpu().pc
        );
        if let Some(breadbin::c64::Event::DebugExit(v)) = c64.take_events().first().copied() {
            return v;
        }
    }
    panic!(
        "no write to $D7FF within {max_cycles} cycles (PC ${:04X})",
        c64.cpu().pc
    );
}

/// The cycles counted by CIA 2's timers A and B chained as one 32-bit counter from $FFFF,
/// as the timing programs leave them at $04-$07 (TA low, high, TB low, high).
pub fn timed_cycles(c64: &C64) -> u64 {
    let ram = c64.ram();
    let ta = 0xFFFF - u16::from_le_bytes([ram[4], ram[5]]) as u64;
    let tb = 0xFFFF - u16::from_le_bytes([ram[6], ram[7]]) as u64;
    // Timer B counts underflows of timer A, whose period is 65536 cycles.
    tb * 65536 + ta
}
pub mod roms;
pub mod typing;
