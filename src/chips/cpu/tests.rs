//! What the per-cycle traces do not cover: reset, interrupt timing, NMI edges, JAM, RDY.

use super::*;

/// Flat RAM that logs every access.
struct LogBus {
    ram: Vec<u8>,
    log: Vec<(u16, u8, bool)>,
}

impl LogBus {
    fn new(program_at: u16, program: &[u8]) -> Self {
        let mut ram = vec![0xEA; 0x10000]; // NOP everywhere
        ram[program_at as usize..program_at as usize + program.len()].copy_from_slice(program);
        // Vectors: NMI $3000, RESET program_at, IRQ/BRK $4000.
        ram[0xFFFA] = 0x00;
        ram[0xFFFB] = 0x30;
        ram[0xFFFC] = program_at as u8;
        ram[0xFFFD] = (program_at >> 8) as u8;
        ram[0xFFFE] = 0x00;
        ram[0xFFFF] = 0x40;
        LogBus {
            ram,
            log: Vec::new(),
        }
    }
}

impl Bus for LogBus {
    fn read(&mut self, addr: u16) -> u8 {
        let v = self.ram[addr as usize];
        self.log.push((addr, v, false));
        v
    }
    fn write(&mut self, addr: u16, value: u8) {
        self.ram[addr as usize] = value;
        self.log.push((addr, value, true));
    }
}

/// A CPU that has run its reset sequence and sits at `start` with I clear.
fn booted(start: u16, program: &[u8]) -> (Cpu, LogBus) {
    let mut bus = LogBus::new(start, program);
    let mut cpu = Cpu::new();
    cpu.step(&mut bus);
    assert_eq!(cpu.pc, start);
    cpu.p.remove(Status::I);
    cpu.s = 0xFF;
    bus.log.clear();
    (cpu, bus)
}

/// Number of instructions completed before the CPU enters the IRQ/NMI vector at `vector`.
fn instructions_until(cpu: &mut Cpu, bus: &mut LogBus, vector: u16, limit: usize) -> Option<usize> {
    for n in 0..limit {
        cpu.step(bus);
        if cpu.pc == vector {
            return Some(n);
        }
    }
    None
}

#[test]
fn reset_sequence_takes_seven_cycles_and_reads_the_stack() {
    let mut bus = LogBus::new(0x1234, &[]);
    let mut cpu = Cpu::new();
    cpu.s = 0x00;
    let n = cpu.step(&mut bus);
    assert_eq!(n, 7);
    assert_eq!(cpu.pc, 0x1234);
    assert_eq!(cpu.s, 0xFD, "three stack cycles decrement S");
    assert!(cpu.p.contains(Status::I));
    assert!(bus.log.iter().all(|&(_, _, w)| !w), "reset never writes");
    assert_eq!(
        &bus.log[2..5].iter().map(|e| e.0).collect::<Vec<_>>(),
        &[0x0100, 0x01FF, 0x01FE]
    );
    assert_eq!((bus.log[5].0, bus.log[6].0), (0xFFFC, 0xFFFD));
}

#[test]
fn irq_sequence_pushes_pc_and_p_without_b() {
    let (mut cpu, mut bus) = booted(0x1000, &[0xEA, 0xEA]);
    cpu.set_irq(true);
    // The line is up before the first NOP's poll: that NOP completes, then the IRQ.
    cpu.step(&mut bus);
    let n = cpu.step(&mut bus);
    assert_eq!(n, 7);
    assert_eq!(cpu.pc, 0x4000);
    assert_eq!(bus.ram[0x01FF], 0x10, "PCH");
    assert_eq!(bus.ram[0x01FE], 0x01, "PCL: the instruction not executed");
    assert_eq!(bus.ram[0x01FD] & 0x30, 0x20, "B clear, bit 5 set");
    assert!(cpu.p.contains(Status::I));
}

#[test]
fn irq_must_arrive_before_the_last_cycle() {
    // LDA $1234 (4 cycles). IRQ raised before its 3rd cycle: taken after it.
    let (mut cpu, mut bus) = booted(0x1000, &[0xAD, 0x34, 0x12, 0xEA]);
    for _ in 0..2 {
        cpu.tick(&mut bus);
    }
    cpu.set_irq(true);
    cpu.tick(&mut bus); // 3rd cycle: penultimate, sees the line
    cpu.tick(&mut bus); // last cycle
    assert!(cpu.at_instruction_boundary());
    cpu.step(&mut bus);
    assert_eq!(cpu.pc, 0x4000, "taken right after LDA");

    // Raised only during the last cycle: one more instruction runs first.
    let (mut cpu, mut bus) = booted(0x1000, &[0xAD, 0x34, 0x12, 0xEA]);
    for _ in 0..3 {
        cpu.tick(&mut bus);
    }
    cpu.set_irq(true);
    cpu.tick(&mut bus);
    cpu.step(&mut bus);
    assert_eq!(cpu.pc, 0x1004, "the NOP after LDA runs");
    cpu.step(&mut bus);
    assert_eq!(cpu.pc, 0x4000);
}

#[test]
fn cli_delays_the_irq_by_one_instruction() {
    // SEI state, IRQ pending; CLI; NOP; NOP
    let (mut cpu, mut bus) = booted(0x1000, &[0x58, 0xEA, 0xEA, 0xEA]);
    cpu.p.insert(Status::I);
    cpu.set_irq(true);
    assert_eq!(instructions_until(&mut cpu, &mut bus, 0x4000, 10), Some(2));
    assert_eq!(
        bus.ram[0x01FE], 0x02,
        "return to the second NOP: one ran after CLI"
    );
}

#[test]
fn sei_still_lets_a_pending_irq_in_with_i_set_on_the_stack() {
    let (mut cpu, mut bus) = booted(0x1000, &[0x78, 0xEA]);
    cpu.set_irq(true);
    cpu.tick(&mut bus); // fetch SEI: line sampled with I clear
    assert_eq!(instructions_until(&mut cpu, &mut bus, 0x4000, 10), Some(1));
    assert_eq!(bus.ram[0x01FE], 0x01, "return address is the NOP after SEI");
    assert_eq!(bus.ram[0x01FD] & 0x04, 0x04, "P pushed with I set");
}

#[test]
fn plp_clearing_i_is_seen_one_instruction_late() {
    // Stack holds P=$20 (I clear). PLP; NOP; NOP
    let (mut cpu, mut bus) = booted(0x1000, &[0x28, 0xEA, 0xEA, 0xEA]);
    cpu.p.insert(Status::I);
    bus.ram[0x0100] = 0x20;
    cpu.s = 0xFF;
    cpu.set_irq(true);
    assert_eq!(instructions_until(&mut cpu, &mut bus, 0x4000, 10), Some(2));
}

#[test]
fn rti_restoring_i_clear_has_no_delay() {
    // RTI to $2000 with P=$20, IRQ held: the IRQ is taken before the instruction at $2000.
    let (mut cpu, mut bus) = booted(0x1000, &[0x40]);
    cpu.p.insert(Status::I);
    bus.ram[0x01FD] = 0x20;
    bus.ram[0x01FE] = 0x00;
    bus.ram[0x01FF] = 0x20;
    cpu.s = 0xFC;
    cpu.set_irq(true);
    assert_eq!(instructions_until(&mut cpu, &mut bus, 0x4000, 10), Some(1));
    assert_eq!(bus.ram[0x01FF], 0x20);
    assert_eq!(bus.ram[0x01FE], 0x00, "returns to $2000, not past it");
}

/// Raise IRQ after `cycles_before_irq` cycles of the instruction at $1000 and count the
/// instructions completed (that one included) before the IRQ sequence runs.
fn irq_latency_for(program: &[u8], cycles_before_irq: usize) -> usize {
    let (mut cpu, mut bus) = booted(0x1000, program);
    for _ in 0..cycles_before_irq {
        cpu.tick(&mut bus);
    }
    cpu.set_irq(true);
    instructions_until(&mut cpu, &mut bus, 0x4000, 10).expect("IRQ taken")
}

#[test]
fn taken_branch_within_page_delays_the_irq() {
    // Reference: LDA zp (3 cycles) with the line up during its second cycle (the one before
    // the last) is interrupted right after it; up only in its last cycle, one more runs.
    assert_eq!(irq_latency_for(&[0xA5, 0x10, 0xEA], 1), 1);
    assert_eq!(irq_latency_for(&[0xA5, 0x10, 0xEA], 2), 2);
    // BNE +0 (taken, same page, 3 cycles) does not poll in its second cycle: one more
    // instruction runs first.
    assert_eq!(irq_latency_for(&[0xD0, 0x00, 0xEA, 0xEA], 1), 2);
    // Up from its first cycle, the branch sees it.
    assert_eq!(irq_latency_for(&[0xD0, 0x00, 0xEA, 0xEA], 0), 1);
}

#[test]
fn taken_branch_crossing_a_page_polls_normally() {
    // At $10F0: BNE +$20 crosses to $1112: 4 cycles; IRQ before its last cycle is taken.
    let mut prog = vec![0xEA; 0x40];
    prog[0] = 0xD0;
    prog[1] = 0x20;
    let (mut cpu, mut bus) = booted(0x10F0, &prog);
    for _ in 0..2 {
        cpu.tick(&mut bus);
    }
    cpu.set_irq(true);
    assert_eq!(instructions_until(&mut cpu, &mut bus, 0x4000, 10), Some(1));
    assert_eq!(bus.ram[0x01FE], 0x12);
}

#[test]
fn nmi_is_edge_triggered() {
    let (mut cpu, mut bus) = booted(0x1000, &[0xEA; 16]);
    bus.ram[0x3000] = 0x40; // RTI
    cpu.set_nmi(true);
    assert_eq!(instructions_until(&mut cpu, &mut bus, 0x3000, 10), Some(1));
    cpu.step(&mut bus); // RTI
    // Line still held: no second NMI.
    for _ in 0..10 {
        cpu.step(&mut bus);
        assert_ne!(cpu.pc, 0x3000, "a held NMI line must not retrigger");
    }
    cpu.set_nmi(false);
    cpu.step(&mut bus);
    cpu.set_nmi(true);
    assert!(
        instructions_until(&mut cpu, &mut bus, 0x3000, 10).is_some(),
        "a new edge triggers"
    );
}

#[test]
fn nmi_ignores_the_i_flag() {
    let (mut cpu, mut bus) = booted(0x1000, &[0xEA; 4]);
    cpu.p.insert(Status::I);
    cpu.set_nmi(true);
    assert!(instructions_until(&mut cpu, &mut bus, 0x3000, 5).is_some());
}

#[test]
fn nmi_hijacks_brk() {
    let (mut cpu, mut bus) = booted(0x1000, &[0x00, 0xFF]);
    cpu.tick(&mut bus); // fetch BRK
    cpu.tick(&mut bus); // padding byte
    cpu.set_nmi(true); // arrives while BRK pushes
    cpu.tick(&mut bus);
    cpu.tick(&mut bus);
    cpu.tick(&mut bus);
    cpu.tick(&mut bus);
    cpu.tick(&mut bus);
    assert!(cpu.at_instruction_boundary());
    assert_eq!(cpu.pc, 0x3000, "NMI vector used");
    assert_eq!(bus.ram[0x01FD] & 0x10, 0x10, "B still set: it was a BRK");
    assert_eq!(bus.ram[0x01FE], 0x02, "BRK's return address");
    // The NMI was consumed by the hijack: no second entry.
    bus.ram[0x3000] = 0xEA;
    cpu.step(&mut bus);
    assert_eq!(cpu.pc, 0x3001);
}

#[test]
fn nmi_hijacks_irq_sequence() {
    let (mut cpu, mut bus) = booted(0x1000, &[0xEA, 0xEA]);
    cpu.set_irq(true);
    cpu.step(&mut bus); // the NOP that polls the line
    cpu.tick(&mut bus); // IRQ sequence cycle 1
    cpu.set_nmi(true);
    cpu.step(&mut bus);
    assert_eq!(cpu.pc, 0x3000);
    assert_eq!(bus.ram[0x01FD] & 0x10, 0x00, "B clear: it was an IRQ");
}

#[test]
fn late_nmi_does_not_hijack() {
    let (mut cpu, mut bus) = booted(0x1000, &[0x00, 0xFF]);
    for _ in 0..5 {
        cpu.tick(&mut bus);
    }
    cpu.set_nmi(true); // during the vector fetch: too late
    cpu.tick(&mut bus);
    cpu.tick(&mut bus);
    assert_eq!(cpu.pc, 0x4000);
    bus.ram[0x4000] = 0xEA;
    // The NMI follows after one instruction of the handler.
    assert!(instructions_until(&mut cpu, &mut bus, 0x3000, 3).is_some());
}

#[test]
fn jam_freezes_until_reset() {
    let (mut cpu, mut bus) = booted(0x1000, &[0x02]);
    cpu.step(&mut bus);
    assert!(cpu.is_jammed());
    assert_eq!(cpu.pc, 0x1000);
    for _ in 0..100 {
        cpu.tick(&mut bus);
    }
    assert!(cpu.is_jammed());
    assert_eq!(cpu.pc, 0x1000);
    cpu.set_irq(true);
    cpu.set_nmi(true);
    for _ in 0..100 {
        cpu.tick(&mut bus);
    }
    assert!(cpu.is_jammed(), "interrupts do not revive a jammed CPU");
    cpu.reset();
    cpu.step(&mut bus);
    assert!(!cpu.is_jammed());
    assert_eq!(cpu.pc, 0x1000);
}

#[test]
fn rdy_holds_read_cycles() {
    let (mut cpu, mut bus) = booted(0x1000, &[0xAD, 0x00, 0x20]);
    bus.ram[0x2000] = 0x11;
    cpu.tick(&mut bus);
    cpu.tick(&mut bus);
    cpu.rdy = false;
    let before = bus.log.len();
    for _ in 0..5 {
        cpu.tick(&mut bus);
    }
    assert_eq!(bus.log.len(), before, "no access while held");
    bus.ram[0x2000] = 0x22;
    cpu.rdy = true;
    cpu.tick(&mut bus);
    cpu.tick(&mut bus);
    assert!(cpu.at_instruction_boundary());
    assert_eq!(cpu.a, 0x22, "the held read is done when RDY returns");
}

#[test]
fn rdy_does_not_hold_writes() {
    // INC $2000: read, dummy write, write. RDY low from the dummy write on.
    let (mut cpu, mut bus) = booted(0x1000, &[0xEE, 0x00, 0x20, 0xEA]);
    bus.ram[0x2000] = 0x41;
    for _ in 0..4 {
        cpu.tick(&mut bus);
    }
    cpu.rdy = false;
    cpu.tick(&mut bus);
    cpu.tick(&mut bus);
    assert!(cpu.at_instruction_boundary(), "both write cycles ran");
    assert_eq!(bus.ram[0x2000], 0x42);
    let before = bus.log.len();
    cpu.tick(&mut bus);
    assert_eq!(bus.log.len(), before, "the next opcode fetch is held");
}

#[test]
fn every_opcode_survives_random_memory() {
    // Any memory contents execute without a panic, forever: a deterministic pseudo-random
    // fill, with interrupts toggling.
    let mut seed = 0x1234_5678u32;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    let mut ram = FlatRam::default();
    for b in ram.0.iter_mut() {
        *b = next() as u8;
    }
    let mut cpu = Cpu::new();
    for i in 0..2_000_000u32 {
        if i % 1000 == 0 {
            cpu.set_irq(next() & 1 != 0);
            cpu.set_nmi(next() & 1 != 0);
        }
        cpu.tick(&mut ram);
        if cpu.is_jammed() {
            cpu.reset();
            ram.0[0xFFFC] = next() as u8;
            ram.0[0xFFFD] = next() as u8;
        }
    }
}

/// Run `program` at $1000 for `before_hold` cycles, hold RDY low for `hold` cycles with the
/// IRQ line rising after `rise` of them, then count the instructions completed from the
/// held one on before the IRQ sequence (the interrupts/irqdma programs of the VICE test bench measure these cases
/// against sprite and bad-line DMA on a real C64).
fn irq_latency_in_hold(program: &[u8], before_hold: usize, hold: usize, rise: usize) -> usize {
    let (mut cpu, mut bus) = booted(0x1000, program);
    for _ in 0..before_hold {
        cpu.tick(&mut bus);
    }
    cpu.rdy = false;
    for i in 0..hold {
        if i == rise {
            cpu.set_irq(true);
        }
        cpu.tick(&mut bus);
    }
    cpu.rdy = true;
    let mut n = 0;
    while !cpu.at_instruction_boundary() {
        cpu.tick(&mut bus);
        n = 1;
    }
    n + instructions_until(&mut cpu, &mut bus, 0x4000, 10).expect("IRQ taken")
}

#[test]
fn irq_during_a_held_opcode_fetch_waits_for_that_instruction() {
    // NOP, NOP: the second NOP's fetch is held; the IRQ comes in the hold. The fetch was
    // decided before the hold, so the second NOP runs, and then the IRQ.
    assert_eq!(irq_latency_in_hold(&[0xEA, 0xEA, 0xEA], 2, 10, 3), 1);
}

#[test]
fn irq_during_a_held_last_cycle_is_taken_after_it() {
    // The first NOP's last cycle is held: it polls through the hold.
    assert_eq!(irq_latency_in_hold(&[0xEA, 0xEA, 0xEA], 1, 10, 3), 1);
    // Up only in the hold's last cycle is still in time.
    assert_eq!(irq_latency_in_hold(&[0xEA, 0xEA, 0xEA], 1, 10, 9), 1);
}

#[test]
fn held_last_cycle_of_a_taken_branch_does_not_poll() {
    // BNE +0 (taken, same page): its last cycle is held; one more instruction runs.
    assert_eq!(irq_latency_in_hold(&[0xD0, 0x00, 0xEA, 0xEA], 2, 10, 3), 2);
}

#[test]
fn held_cli_and_sei_poll_with_the_new_i() {
    // CLI's last cycle held (I set before): the IRQ rising in the hold is taken after it.
    let mut cli = booted(0x1000, &[0x58, 0xEA, 0xEA]);
    cli.0.p.insert(Status::I);
    let (mut cpu, mut bus) = cli;
    cpu.tick(&mut bus);
    cpu.rdy = false;
    for i in 0..10 {
        if i == 3 {
            cpu.set_irq(true);
        }
        cpu.tick(&mut bus);
    }
    cpu.rdy = true;
    cpu.tick(&mut bus);
    assert_eq!(instructions_until(&mut cpu, &mut bus, 0x4000, 10), Some(0));
    // SEI's last cycle held: an IRQ rising in the hold waits for I to clear again (SEI,
    // NOP, CLI and one more instruction)...
    let sei = [0x78, 0xEA, 0x58, 0xEA, 0xEA, 0xEA];
    assert_eq!(irq_latency_in_hold(&sei, 1, 10, 0), 4);
    // ... but one up since SEI's first cycle was polled with I clear, and stays polled.
    let (mut cpu, mut bus) = booted(0x1000, &sei);
    cpu.set_irq(true);
    cpu.tick(&mut bus);
    cpu.rdy = false;
    for _ in 0..10 {
        cpu.tick(&mut bus);
    }
    cpu.rdy = true;
    cpu.tick(&mut bus);
    assert_eq!(instructions_until(&mut cpu, &mut bus, 0x4000, 10), Some(0));
}
