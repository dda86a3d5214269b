//! 6510 rules measured on C64s by test programs, checked on the bare core and its port.
//!
//! - W. Lorenz, C64 Emulator Test Suite 2.15, `cputiming`: every opcode's cycle count on a
//!   real C64. The undocumented NOP abs ($0C) takes 4 cycles and NOP abs,X ($1C, $3C, $5C,
//!   $7C, $DC, $FC) 4, or 5 when the index crosses a page: they read their operand's
//!   address like LDA does.
//! - W. Lorenz, `cpuport`: with the port's bits as inputs, bits 7, 6 and 3 read the level
//!   they last drove as outputs (none of them is pulled up or driven on the C64 board), bit 5
//!   reads 0 and bits 0-2 and 4 read 1 (pull-ups).

use breadbin::chips::cpu::port::Port;
use breadbin::chips::cpu::{Bus, Cpu};

/// Flat RAM that logs each access.
struct Log {
    ram: Box<[u8; 0x10000]>,
    reads: Vec<u16>,
}

impl Bus for Log {
    fn read(&mut self, addr: u16) -> u8 {
        self.reads.push(addr);
        self.ram[addr as usize]
    }
    fn write(&mut self, addr: u16, value: u8) {
        self.ram[addr as usize] = value;
    }
}

/// Run one instruction at $0200 with X = `x`; its cycles and the addresses it read.
fn run(bytes: &[u8], x: u8) -> (u32, Vec<u16>) {
    let mut bus = Log {
        ram: Box::new([0; 0x10000]),
        reads: Vec::new(),
    };
    bus.ram[0x200..0x200 + bytes.len()].copy_from_slice(bytes);
    let mut cpu = Cpu::new();
    cpu.set_pc(0x200);
    cpu.x = x;
    let cycles = cpu.step(&mut bus);
    (cycles, bus.reads)
}

#[test]
fn nop_abs_reads_its_address_in_four_cycles() {
    let (cycles, reads) = run(&[0x0C, 0x34, 0x12], 0);
    assert_eq!(cycles, 4);
    assert_eq!(reads, [0x200, 0x201, 0x202, 0x1234]);
}

#[test]
fn nop_abs_x_takes_a_cycle_more_across_a_page() {
    for op in [0x1C, 0x3C, 0x5C, 0x7C, 0xDC, 0xFC] {
        let (cycles, reads) = run(&[op, 0x34, 0x12], 0x10);
        assert_eq!(cycles, 4, "{op:02X} within the page");
        assert_eq!(reads[3..], [0x1244]);
        let (cycles, reads) = run(&[op, 0xF0, 0x12], 0x20);
        assert_eq!(cycles, 5, "{op:02X} across a page");
        assert_eq!(
            reads[3..],
            [0x1210, 0x1310],
            "{op:02X}: uncorrected, then right"
        );
    }
}

/// Lorenz's `cpuport` expectation for $01 after writing `ddr`/`data` pairs: bits 7, 6 and 3
/// keep the last level driven while they were outputs.
#[test]
fn cassette_write_line_keeps_its_level_as_an_input() {
    let mut port = Port::default();
    port.write(0, 0xFF, 0);
    port.write(1, 0xFF, 0);
    port.write(0, 0x00, 10);
    assert_eq!(
        port.read(1, 20),
        0xDF,
        "7, 6, 3 held high; 5 low; 0-2, 4 pulled up"
    );
    port.write(0, 0xFF, 30);
    port.write(1, 0x00, 30);
    port.write(0, 0x00, 40);
    assert_eq!(port.read(1, 50), 0x17, "held low");
    // A write to the data register while the bit is an input does not charge it.
    port.write(1, 0xFF, 60);
    assert_eq!(port.read(1, 70), 0x17);
}

/// BRK at $0200 with the IRQ/BRK vector at $0300 (NOPs) and the NMI vector at $0400; the NMI
/// line goes active before cycle `t` of the BRK (T0 = its opcode fetch). Returns the PC after
/// the BRK sequence and the PC after the following instruction or interrupt sequence.
fn brk_with_nmi_at(t: u32) -> (u16, u16) {
    let mut bus = Log {
        ram: Box::new([0xEA; 0x10000]),
        reads: Vec::new(),
    };
    bus.ram[0x200] = 0x00;
    bus.ram[0xFFFE..].copy_from_slice(&[0x00, 0x03]);
    bus.ram[0xFFFA..0xFFFC].copy_from_slice(&[0x00, 0x04]);
    let mut cpu = Cpu::new();
    cpu.set_pc(0x200);
    cpu.s = 0xFF;
    for i in 0..7 {
        if i == t {
            cpu.set_nmi(true);
        }
        cpu.tick(&mut bus);
    }
    assert!(cpu.at_instruction_boundary());
    let after_brk = cpu.pc;
    cpu.step(&mut bus);
    (after_brk, cpu.pc)
}

/// An NMI seen by the end of the BRK's fourth cycle (T3) takes the sequence over (the BRK's
/// pushes are kept, the NMI vector is used); one that comes later waits until the first
/// instruction of the BRK handler has run: an interrupt sequence does not poll for
/// interrupts at its end (Lorenz's `nmi`, BRK with the NMI timer at each cycle, on a C64).
#[test]
fn nmi_late_in_brk_waits_for_the_handlers_first_instruction() {
    for t in 1..=3 {
        assert_eq!(brk_with_nmi_at(t).0, 0x0400, "NMI before T{t}: hijack");
    }
    for t in 4..=6 {
        let (after_brk, next) = brk_with_nmi_at(t);
        assert_eq!(
            after_brk, 0x0300,
            "NMI before T{t}: the BRK goes to its own vector"
        );
        assert_eq!(
            next, 0x0301,
            "NMI before T{t}: the handler's NOP runs first"
        );
    }
}
