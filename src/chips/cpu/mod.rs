//! MOS 6510 CPU core, stepped one bus cycle at a time.
//!
//! Each call to [`Cpu::tick`] performs exactly one bus access, dummy reads and writes
//! included, in the order the NMOS 6502 puts them on the bus (MOS MCS6500 hardware manual,
//! appendix A "summary of single cycle execution"; the per-cycle traces of the
//! SingleStepTests 6502 suite are the test of record). The machine wires the pins: it sets
//! [`Cpu::irq`], [`Cpu::nmi`] and [`Cpu::rdy`] before each tick.
//!
//! Behaviour implemented, with its documented source:
//! - all 256 opcodes, including the stable undocumented ones and the unstable ones: ANE/LXA
//!   with a "magic constant" that is a setting ([`Cpu::ane_magic`], [`Cpu::lxa_magic`]), and
//!   SHA/SHX/SHY/TAS, which store the register AND (H+1), H being the base address's high byte;
//!   on a page crossing that value also becomes the high byte of the address written, and
//!   RDY holding the cycle before the write drops the AND (H+1) from the value (VICE test
//!   bench, CPU/sha, CPU/shs and CPU/shxy readme files);
//! - NMOS decimal mode for ADC/SBC and its flag results (6502.org, "Decimal mode" tutorial);
//! - interrupts polled at the end of the second-to-last cycle of each instruction, so CLI, SEI
//!   and PLP take effect for polling one instruction late; a taken branch that stays on its
//!   page does not poll in its last cycle; NMI is edge triggered and, if it is seen by the
//!   end of the fourth cycle of a BRK or IRQ sequence, hijacks it; an interrupt sequence does not
//!   poll at its end, so an NMI that comes later waits until the handler's first
//!   instruction has run (W. Lorenz, C64 Emulator Test Suite 2.15, `nmi`, on a C64);
//! - JAM opcodes freeze the CPU until reset; [`Cpu::is_jammed`] reports it;
//! - RDY low holds the CPU on read cycles only (writes always complete), as on the 6510;
//!   during a hold the interrupt lines are still polled, except that a held opcode fetch
//!   stays decided and a held last cycle of a taken in-page branch does not poll (measured
//!   against sprite and bad-line DMA by the VICE test bench's interrupts/irqdma programs).
//!
//! The on-chip I/O port at $00/$01 is in [`port`]; the machine wires it, so the bare core
//! runs on flat RAM.

mod exec;
pub mod port;

pub use exec::{MNEMONICS, MODES};

bitflags::bitflags! {
    /// The processor status register P.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
    pub struct Status: u8 {
        const C = 0x01;
        const Z = 0x02;
        const I = 0x04;
        const D = 0x08;
        /// Only exists on the stack: set when BRK/PHP pushed P.
        const B = 0x10;
        /// Always reads as 1.
        const U = 0x20;
        const V = 0x40;
        const N = 0x80;
    }
}

/// The memory and I/O the CPU sees: one access per call.
pub trait Bus {
    fn read(&mut self, addr: u16) -> u8;
    fn write(&mut self, addr: u16, value: u8);
    /// A read whose value the CPU throws away (the stack reads before a pull and in JSR).
    /// It is a read like any other on the bus.
    #[inline(always)]
    fn read_dummy(&mut self, addr: u16) -> u8 {
        self.read(addr)
    }
}

/// A flat 64 KiB RAM, for tests and the flat-RAM runner.
pub struct FlatRam(pub Box<[u8; 0x10000]>);

impl Default for FlatRam {
    fn default() -> Self {
        FlatRam(Box::new([0; 0x10000]))
    }
}

impl Bus for FlatRam {
    #[inline(always)]
    fn read(&mut self, addr: u16) -> u8 {
        self.0[addr as usize]
    }
    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        self.0[addr as usize] = value;
    }
}

/// What the BRK sequence is doing: the instruction itself or an interrupt that borrows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum IntKind {
    Brk,
    Irq,
    Nmi,
    Reset,
}

/// Addressing modes, for disassembly and traces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Implied,
    Accumulator,
    Immediate,
    ZeroPage,
    ZeroPageX,
    ZeroPageY,
    Absolute,
    AbsoluteX,
    AbsoluteY,
    Indirect,
    IndirectX,
    IndirectY,
    Relative,
}

impl Mode {
    /// Instruction length in bytes, opcode included.
    pub fn bytes(self) -> u16 {
        match self {
            Mode::Implied | Mode::Accumulator => 1,
            Mode::Absolute | Mode::AbsoluteX | Mode::AbsoluteY | Mode::Indirect => 3,
            _ => 2,
        }
    }
}

/// The 6510 core's registers and the state of the instruction in progress.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cpu {
    pub pc: u16,
    pub a: u8,
    pub x: u8,
    pub y: u8,
    pub s: u8,
    pub p: Status,
    /// RDY input: when false, read cycles are held (not performed) until it returns.
    pub rdy: bool,
    /// The "magic constant" of ANE ($8B): A = (A OR magic) AND X AND imm. It varies between
    /// chips. The default $EF is the value the VICE test bench's CPU/ane readme recommends for
    /// emulating a C64: it gives bits 0, 1 and 6 set and a high nybble of $E, which the
    /// loaders and games analysed there need (its ane.prg fails a constant without them).
    pub ane_magic: u8,
    /// The "magic constant" of LXA ($AB): A = X = (A OR magic) AND imm. Default $EE, the
    /// value the 6510 commonly shows and the one Lorenz's lxab test is written around.
    pub lxa_magic: u8,
    /// The instruction register: the opcode being executed.
    ir: u8,
    /// The cycle within the instruction: 0 is the opcode fetch.
    t: u8,
    /// Effective address being built.
    ad: u16,
    /// Data latch between cycles.
    data: u8,
    int_kind: IntKind,
    jammed: bool,
    /// RDY held a read cycle since the unstable stores last cleared this (they look at it
    /// in the cycle before their write).
    held: bool,
    /// Interrupt logic state, as bits (see the `IS_*` constants): all clear in the common
    /// case of quiet interrupt lines, so a tick can skip the sampling.
    istate: u8,
}

/// Interrupt poll result at the end of the last cycle...
const IS_POLL: u8 = 0x01;
/// ... and at the end of the cycle before it: an instruction's end decides with this one.
const IS_POLL_PREV: u8 = 0x02;
/// Keep the poll of the previous cycle (taken branch within its page).
const IS_HOLD: u8 = 0x04;
/// NMI line level at the last sample, for edge detection.
const IS_NMI_PREV: u8 = 0x08;
/// An NMI edge is waiting to be serviced.
const IS_NMI_EDGE: u8 = 0x10;
/// RESET was pulled: the next fetch runs the reset sequence.
const IS_RESET: u8 = 0x20;
/// The IRQ input is asserted (the pin is active low; the machine ORs its sources).
const IS_IRQ: u8 = 0x40;
/// The NMI input is asserted; the CPU reacts to its rising edge.
const IS_NMI: u8 = 0x80;

impl Default for Cpu {
    fn default() -> Self {
        Self::new()
    }
}

impl Cpu {
    /// Whether a restored state is one the core can run from (an instruction's cycle is at
    /// most its seventh after the opcode fetch).
    pub(crate) fn check_restored(&self) -> Result<(), String> {
        if self.t > 7 {
            return Err(format!("the CPU is in cycle {} of an instruction", self.t));
        }
        Ok(())
    }

    /// A CPU that will run its reset sequence on the first tick.
    pub fn new() -> Self {
        Cpu {
            pc: 0,
            a: 0,
            x: 0,
            y: 0,
            s: 0,
            p: Status::U | Status::I,
            rdy: true,
            ane_magic: 0xEF,
            lxa_magic: 0xEE,
            ir: 0,
            t: 0,
            ad: 0,
            data: 0,
            int_kind: IntKind::Brk,
            jammed: false,
            held: false,
            istate: IS_RESET,
        }
    }

    /// Pull RESET: the next instruction boundary is abandoned and the reset sequence runs
    /// (seven cycles, three of them stack reads, then the vector at $FFFC).
    pub fn reset(&mut self) {
        self.t = 0;
        self.jammed = false;
        self.int_kind = IntKind::Brk;
        self.istate = IS_RESET | (self.istate & (IS_NMI_PREV | IS_IRQ | IS_NMI));
    }

    /// Place the CPU at an instruction boundary about to fetch from `pc` (tests, runners).
    pub fn set_pc(&mut self, pc: u16) {
        self.pc = pc;
        self.t = 0;
        self.istate &= !IS_RESET;
        self.jammed = false;
        self.int_kind = IntKind::Brk;
    }

    /// Drive the IRQ input (true = asserted). It is sampled at the end of every cycle.
    #[inline]
    pub fn set_irq(&mut self, on: bool) {
        self.istate = (self.istate & !IS_IRQ) | if on { IS_IRQ } else { 0 };
    }

    /// Drive the NMI input (true = asserted); an NMI is taken on its rising edge.
    #[inline]
    pub fn set_nmi(&mut self, on: bool) {
        self.istate = (self.istate & !IS_NMI) | if on { IS_NMI } else { 0 };
    }

    /// The IRQ input as driven.
    pub fn irq(&self) -> bool {
        self.istate & IS_IRQ != 0
    }

    /// The NMI input as driven.
    pub fn nmi(&self) -> bool {
        self.istate & IS_NMI != 0
    }

    /// True when the next tick fetches an opcode (or starts an interrupt sequence).
    #[inline]
    pub fn at_instruction_boundary(&self) -> bool {
        self.t == 0
    }

    /// True while the CPU runs an IRQ, NMI or reset sequence rather than an instruction (from
    /// the cycle after the discarded opcode fetch to the vector's fetch). Traces use it:
    /// an interrupt sequence is not an instruction of the program.
    #[inline]
    pub fn in_interrupt_sequence(&self) -> bool {
        self.t != 0 && self.ir == 0 && self.int_kind != IntKind::Brk
    }

    /// True once a JAM opcode has frozen the CPU; only a reset revives it.
    #[inline]
    pub fn is_jammed(&self) -> bool {
        self.jammed
    }

    /// The opcode being executed (after its fetch cycle).
    pub fn opcode(&self) -> u8 {
        self.ir
    }

    /// True when the coming tick would be a write cycle (writes ignore RDY).
    #[inline]
    pub fn next_is_write(&self) -> bool {
        if self.ir == 0 && self.int_kind == IntKind::Reset {
            return false;
        }
        (exec::WRITE_STEPS[self.ir as usize] >> self.t) & 1 != 0
    }

    /// Advance one φ2 cycle: exactly one bus access, unless RDY holds a read cycle.
    #[inline(always)]
    pub fn tick<B: Bus>(&mut self, bus: &mut B) {
        if !self.rdy && !self.next_is_write() {
            // Held: the cycle will be repeated once RDY returns.
            self.held = true;
            if self.istate != 0 {
                self.holding_poll();
            }
            return;
        }
        if self.t == 0 {
            self.fetch(bus);
        } else {
            self.exec(bus);
        }
        self.sample_interrupts();
    }

    /// Run to the end of the current instruction (or of a started interrupt sequence); returns
    /// the cycles taken. A jammed CPU returns after one cycle.
    pub fn step<B: Bus>(&mut self, bus: &mut B) -> u32 {
        let mut n = 0;
        loop {
            self.tick(bus);
            n += 1;
            if self.t == 0 || self.jammed {
                return n;
            }
        }
    }

    #[inline(always)]
    fn sample_interrupts(&mut self) {
        if self.istate == 0 {
            return;
        }
        self.sample_lines();
    }

    /// Sample NMI for an edge and poll IRQ/NMI at the end of a cycle.
    fn sample_lines(&mut self) {
        let mut s = self.nmi_edge(self.istate);
        s = (s & !IS_POLL_PREV) | ((s & IS_POLL) << 1);
        if s & IS_HOLD != 0 {
            s &= !IS_HOLD;
        } else {
            s = self.poll(s);
        }
        self.istate = s;
    }

    /// The end of a held cycle (see `tick`).
    fn holding_poll(&mut self) {
        // A held cycle is repeated once RDY returns. The interrupt lines are still sampled,
        // and an instruction deciding in its held last cycle sees what arrived during the
        // hold. But two holds do not advance the decision:
        // - an opcode fetch was decided (opcode or interrupt) before it was held, so an
        //   IRQ arriving in the hold is taken after that instruction;
        // - the last cycle of a taken branch within its page does not poll, held or not.
        if self.t == 0 || self.branch_last_cycle() {
            self.istate = self.nmi_edge(self.istate);
            return;
        }
        // The polls of a held CLI or SEI see the new I. A poll once positive stays so.
        let p = self.p;
        if self.t == 1 {
            match self.ir {
                0x58 => self.p.remove(Status::I),
                0x78 => self.p.insert(Status::I),
                _ => {}
            }
        }
        let recognised = self.istate & (IS_POLL | IS_POLL_PREV);
        self.sample_lines();
        self.istate |= recognised;
        self.p = p;
    }

    /// True in the last cycle of a taken branch that stays on its page.
    fn branch_last_cycle(&self) -> bool {
        self.ir & 0x1F == 0x10 && self.t == 2 && (self.ad ^ self.pc) & 0xFF00 == 0
    }

    /// `s` with the NMI line sampled: an edge is latched until serviced.
    #[inline(always)]
    fn nmi_edge(&self, mut s: u8) -> u8 {
        if s & IS_NMI != 0 {
            if s & IS_NMI_PREV == 0 {
                s |= IS_NMI_EDGE;
            }
            s | IS_NMI_PREV
        } else {
            s & !IS_NMI_PREV
        }
    }

    /// `s` with this cycle's poll: an NMI edge, or IRQ with I clear.
    #[inline(always)]
    fn poll(&self, s: u8) -> u8 {
        let poll = s & IS_NMI_EDGE != 0 || (s & IS_IRQ != 0 && !self.p.contains(Status::I));
        (s & !IS_POLL) | poll as u8
    }

    #[inline(always)]
    fn fetch<B: Bus>(&mut self, bus: &mut B) {
        if self.istate & (IS_POLL_PREV | IS_RESET) != 0 {
            // The fetched opcode is discarded and PC stays: the interrupt borrows BRK's cycles.
            bus.read(self.pc);
            self.int_kind = if self.istate & IS_RESET != 0 {
                self.istate &= !IS_RESET;
                IntKind::Reset
            } else if self.istate & IS_NMI_EDGE != 0 {
                IntKind::Nmi
            } else {
                IntKind::Irq
            };
            self.ir = 0;
        } else {
            self.ir = bus.read(self.pc);
            self.pc = self.pc.wrapping_add(1);
        }
        self.t = 1;
    }

    /// The stack cycles of BRK/IRQ/NMI write; those of RESET read instead.
    #[inline(always)]
    fn push_or_read<B: Bus>(&mut self, bus: &mut B, v: u8) {
        let addr = 0x0100 | self.s as u16;
        if self.int_kind == IntKind::Reset {
            bus.read(addr);
        } else {
            bus.write(addr, v);
        }
        self.s = self.s.wrapping_sub(1);
    }

    /// The vector of the sequence in progress; an NMI seen by now takes over BRK and IRQ.
    #[inline(always)]
    fn vector(&mut self) -> u16 {
        if self.int_kind == IntKind::Reset {
            0xFFFC
        } else if self.istate & IS_NMI_EDGE != 0 {
            self.istate &= !IS_NMI_EDGE;
            0xFFFA
        } else {
            0xFFFE
        }
    }

    #[inline(always)]
    fn set_p(&mut self, v: u8) {
        self.p = Status::from_bits_retain((v & !0x10) | 0x20);
    }

    #[inline(always)]
    fn set_nz(&mut self, v: u8) {
        self.p.set(Status::Z, v == 0);
        self.p.set(Status::N, v & 0x80 != 0);
    }

    #[inline(always)]
    fn carry(&self) -> u8 {
        self.p.bits() & 1
    }

    #[inline(always)]
    fn compare(&mut self, r: u8, v: u8) {
        let d = r.wrapping_sub(v);
        self.p.set(Status::C, r >= v);
        self.set_nz(d);
    }

    #[inline(always)]
    fn bit(&mut self, v: u8) {
        self.p.set(Status::Z, self.a & v == 0);
        self.p.set(Status::N, v & 0x80 != 0);
        self.p.set(Status::V, v & 0x40 != 0);
    }

    #[inline(always)]
    fn asl(&mut self, v: u8) -> u8 {
        self.p.set(Status::C, v & 0x80 != 0);
        let r = v << 1;
        self.set_nz(r);
        r
    }

    #[inline(always)]
    fn lsr(&mut self, v: u8) -> u8 {
        self.p.set(Status::C, v & 1 != 0);
        let r = v >> 1;
        self.set_nz(r);
        r
    }

    #[inline(always)]
    fn rol(&mut self, v: u8) -> u8 {
        let r = (v << 1) | self.carry();
        self.p.set(Status::C, v & 0x80 != 0);
        self.set_nz(r);
        r
    }

    #[inline(always)]
    fn ror(&mut self, v: u8) -> u8 {
        let r = (v >> 1) | (self.carry() << 7);
        self.p.set(Status::C, v & 1 != 0);
        self.set_nz(r);
        r
    }

    #[inline]
    fn adc(&mut self, v: u8) {
        let a = self.a as u16;
        let m = v as u16;
        let c = self.carry() as u16;
        let bin = a + m + c;
        if self.p.contains(Status::D) {
            // NMOS decimal mode: Z comes from the binary sum, N and V from the sum after the
            // low-digit fix, C from the high-digit fix.
            let mut lo = (a & 0x0F) + (m & 0x0F) + c;
            if lo > 0x09 {
                lo += 0x06;
            }
            let mut hi = (a & 0xF0) + (m & 0xF0) + if lo > 0x0F { 0x10 } else { 0 };
            self.p.set(Status::Z, bin & 0xFF == 0);
            self.p.set(Status::N, hi & 0x80 != 0);
            self.p.set(Status::V, (!(a ^ m) & (a ^ hi) & 0x80) != 0);
            if hi > 0x90 {
                hi += 0x60;
            }
            self.p.set(Status::C, hi > 0xFF);
            self.a = ((hi & 0xF0) | (lo & 0x0F)) as u8;
        } else {
            self.p.set(Status::C, bin > 0xFF);
            self.p.set(Status::V, (!(a ^ m) & (a ^ bin) & 0x80) != 0);
            self.a = bin as u8;
            self.set_nz(self.a);
        }
    }

    #[inline]
    fn sbc(&mut self, v: u8) {
        let a = self.a as i16;
        let m = v as i16;
        let borrow = 1 - self.carry() as i16;
        let bin = a - m - borrow;
        // NMOS: every flag comes from the binary difference, in both modes.
        self.p.set(Status::C, bin >= 0);
        self.p.set(Status::V, ((a ^ m) & (a ^ bin) & 0x80) != 0);
        self.set_nz(bin as u8);
        if self.p.contains(Status::D) {
            let mut lo = (a & 0x0F) - (m & 0x0F) - borrow;
            let mut hi = (a & 0xF0) - (m & 0xF0);
            if lo < 0 {
                lo -= 0x06;
                hi -= 0x10;
            }
            if hi < 0 {
                hi -= 0x60;
            }
            self.a = ((hi & 0xF0) | (lo & 0x0F)) as u8;
        } else {
            self.a = bin as u8;
        }
    }

    #[inline]
    fn anc(&mut self, v: u8) {
        self.a &= v;
        self.set_nz(self.a);
        self.p.set(Status::C, self.a & 0x80 != 0);
    }

    #[inline]
    fn alr(&mut self, v: u8) {
        let t = self.a & v;
        self.a = self.lsr(t);
    }

    #[inline]
    fn arr(&mut self, v: u8) {
        let t = self.a & v;
        let r = (t >> 1) | (self.carry() << 7);
        self.set_nz(r);
        if self.p.contains(Status::D) {
            // Decimal ARR: N and Z from the rotated value, V from bit 6 changing, then a BCD
            // fix-up of each digit of the rotated value driven by the unrotated one.
            self.p.set(Status::V, (t ^ r) & 0x40 != 0);
            let mut res = r;
            if (t & 0x0F) + (t & 0x01) > 0x05 {
                res = (res & 0xF0) | (res.wrapping_add(0x06) & 0x0F);
            }
            if (t as u16 & 0xF0) + (t as u16 & 0x10) > 0x50 {
                res = res.wrapping_add(0x60);
                self.p.insert(Status::C);
            } else {
                self.p.remove(Status::C);
            }
            self.a = res;
        } else {
            self.p.set(Status::C, r & 0x40 != 0);
            self.p.set(Status::V, ((r >> 6) ^ (r >> 5)) & 1 != 0);
            self.a = r;
        }
    }

    #[inline]
    fn sbx(&mut self, v: u8) {
        let t = self.a & self.x;
        self.p.set(Status::C, t >= v);
        self.x = t.wrapping_sub(v);
        self.set_nz(self.x);
    }

    #[inline]
    fn ane(&mut self, v: u8) {
        self.a = (self.a | self.ane_magic) & self.x & v;
        self.set_nz(self.a);
    }

    #[inline]
    fn lxa(&mut self, v: u8) {
        self.a = (self.a | self.lxa_magic) & v;
        self.x = self.a;
        self.set_nz(self.a);
    }

    #[inline]
    fn las(&mut self, v: u8) {
        let r = v & self.s;
        self.a = r;
        self.x = r;
        self.s = r;
        self.set_nz(r);
    }
}

#[cfg(test)]
mod tests;
