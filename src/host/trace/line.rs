//! Instruction lines for traces: the instruction about to execute, disassembled, with the
//! registers and the VIC's position (format in README, "Headless runs").

use crate::c64::C64;
use std::fmt::Write as _;

/// One trace line for the instruction about to execute: cycle, PC, opcode bytes, mnemonic,
/// registers, raster line and cycle.
pub fn trace_line(c64: &C64, out: &mut String) {
    let cpu = c64.cpu();
    let op = c64.peek(cpu.pc);
    let len = crate::chips::cpu::MODES[op as usize].bytes();
    let mut bytes = String::new();
    for i in 0..len {
        let _ = write!(bytes, "{:02X} ", c64.peek(cpu.pc.wrapping_add(i)));
    }
    // Where the VIC is in the cycle of the opcode fetch: the one after the last completed.
    let (mut line, mut cycle) = c64.vic_position();
    cycle += 1;
    if let Ok(t) = c64.model().timing()
        && cycle > t.cycles_per_line
    {
        cycle = 1;
        line = (line + 1) % t.lines;
    }
    let _ = writeln!(
        out,
        "{:>10} {:04X}  {:<9} {} A:{:02X} X:{:02X} Y:{:02X} SP:{:02X} P:{:02X} L:{:03} C:{:02}",
        c64.cycles(),
        cpu.pc,
        bytes,
        crate::chips::cpu::MNEMONICS[op as usize],
        cpu.a,
        cpu.x,
        cpu.y,
        cpu.s,
        cpu.p.bits(),
        line,
        cycle
    );
}
