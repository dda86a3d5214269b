//! MOS 6522 VIA (Versatile Interface Adapter), stepped one φ2 cycle at a time.
//!
//! The 1541 has two: VIA 1 at $1800 (the serial bus, ATN on CA1) and VIA 2 at $1C00 (the
//! head: GCR data on port A, stepper, motor, LED and SYNC on port B, BYTE READY on CA1).
//! This module is the chip alone: whoever owns it sets the port input levels
//! ([`Via::pa_in`], [`Via::pb_in`]) and the control lines ([`Via::set_ca1`] and friends),
//! and calls [`Via::tick`] once per cycle after the CPU's bus access of that cycle.
//!
//! # Sources of the facts
//!
//! - MOS 6522 data sheet (and the Rockwell R6522 one, which describes the same chip): the
//!   register map; port reads (an input pin reads its level, an output bit of port B reads
//!   the output register, port A always reads the pins); input latching on the active CA1/CB1
//!   edge (ACR bits 0-1); the interrupt flag and enable registers (IER bit 7 selects set or
//!   clear; IFR bit 7 is any enabled flag; writing 1s to IFR clears flags); which accesses
//!   clear which flags (port A/B register access clears CA1/CB1 and, unless CA2/CB2 is an
//!   independent input, CA2/CB2; register 15 is port A without that); the CA2/CB2 modes of the
//!   PCR (input on either edge, independent input, handshake, pulse, fixed low or high);
//!   timer 1 (latch writes, a write to T1C-H loading the counter and starting a run, one-shot
//!   and free-running modes, the flag set N + 1.5 cycles after the load, a period of N + 2
//!   cycles, a write to T1L-H also clearing the flag); timer 2 (one-shot, counting φ2
//!   or negative edges on PB6); reading T1C-L or T2C-L clearing their flag.
//! - `../shared/notes/drive-1541.md`, on PB7 as timer 1's output (as Denise models it, and as
//!   the VICE test bench's `drive/viavarious/via10-14` measure on a real 1541): with ACR bit 7
//!   set PB7 reads the timer's output whatever DDRB bit 7 says; a write to T1C-H sets it low;
//!   ACR bit 7 going from 0 to 1 sets it high; each underflow of an armed timer toggles it
//!   (a one-shot run toggles it once, with its flag).
//! - Measured on a real 1541 (the reference data of the test bench's `drive/viavarious`):
//!   timer 1 reloads its latch after passing zero in one-shot mode too (only the flag and
//!   PB7 differ); only a write to T1C-H arms the flag and PB7's toggle, a one-shot pass
//!   disarms it and free-running keeps it as it is; in the shift register's timer-2 modes
//!   timer 2 counts as an 8-bit timer (below); a write to ACR changes timer 2's count source one cycle late.
//!
//! Not modelled yet: the shift register's shifting (its register is read and written, its
//! flag cleared by either, and timer 2 runs as in timed mode). The 1541's DOS does not use it.

use serde::{Deserialize, Serialize};

/// Interrupt flag bits (IFR / IER).
pub mod irq {
    pub const CA2: u8 = 0x01;
    pub const CA1: u8 = 0x02;
    pub const SR: u8 = 0x04;
    pub const CB2: u8 = 0x08;
    pub const CB1: u8 = 0x10;
    pub const T2: u8 = 0x20;
    pub const T1: u8 = 0x40;
}

/// Register numbers (the address's low four bits).
pub mod reg {
    pub const ORB: u8 = 0x0;
    pub const ORA: u8 = 0x1;
    pub const DDRB: u8 = 0x2;
    pub const DDRA: u8 = 0x3;
    pub const T1CL: u8 = 0x4;
    pub const T1CH: u8 = 0x5;
    pub const T1LL: u8 = 0x6;
    pub const T1LH: u8 = 0x7;
    pub const T2CL: u8 = 0x8;
    pub const T2CH: u8 = 0x9;
    pub const SR: u8 = 0xA;
    pub const ACR: u8 = 0xB;
    pub const PCR: u8 = 0xC;
    pub const IFR: u8 = 0xD;
    pub const IER: u8 = 0xE;
    /// Port A without the handshake.
    pub const ORA_NH: u8 = 0xF;
}

/// A control line's edge-sensitive input (CA1/CB1, and CA2/CB2 as inputs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Line {
    level: bool,
}

/// One 6522.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Via {
    ora: u8,
    orb: u8,
    ddra: u8,
    ddrb: u8,
    /// Port A and B input levels from outside (1 = high; unconnected pins are pulled up).
    pub pa_in: u8,
    pub pb_in: u8,
    /// Port inputs latched at the last active CA1 / CB1 edge (ACR bits 0 and 1).
    pa_latch: u8,
    pb_latch: u8,
    t1_counter: u16,
    t1_latch: u16,
    /// The counter was loaded in this cycle: it does not count down in it.
    t1_loaded: bool,
    /// A free-running reload is due in the next cycle (the counter shows $FFFF for a cycle).
    t1_reload: bool,
    /// A run started by a write to T1C-H may still set the flag (one-shot mode sets it once).
    t1_armed: bool,
    /// Timer 1's PB7 output.
    pb7: bool,
    t2_counter: u16,
    t2_latch_lo: u8,
    t2_loaded: bool,
    t2_armed: bool,
    /// Timer 2 counts PB6 pulses (ACR bit 5 as of the cycle before).
    #[serde(default)]
    t2_pulses: bool,
    /// In the shift register's modes: the low byte reloads from the latch next cycle.
    #[serde(default)]
    t2_reload_lo: bool,
    /// PB6's level at the last tick (timer 2 counts its falling edges in pulse mode).
    pb6_was: bool,
    sr: u8,
    acr: u8,
    pcr: u8,
    ifr: u8,
    ier: u8,
    ca1: Line,
    cb1: Line,
    ca2: Line,
    cb2: Line,
    /// CA2 / CB2 driven low by a handshake or a pulse (output modes 100 and 101).
    ca2_low: bool,
    cb2_low: bool,
    /// A pulse output ends after one cycle.
    ca2_pulse: bool,
    cb2_pulse: bool,
}

impl Default for Via {
    fn default() -> Self {
        Self::new()
    }
}

impl Via {
    /// A VIA after power-on or reset: every register cleared but the timers, whose latches
    /// and counters hold all ones, and the shift register.
    pub fn new() -> Self {
        Via {
            ora: 0,
            orb: 0,
            ddra: 0,
            ddrb: 0,
            pa_in: 0xFF,
            pb_in: 0xFF,
            pa_latch: 0xFF,
            pb_latch: 0xFF,
            t1_counter: 0xFFFF,
            t1_latch: 0xFFFF,
            t1_loaded: false,
            t1_reload: false,
            t1_armed: false,
            pb7: true,
            t2_counter: 0xFFFF,
            t2_latch_lo: 0xFF,
            t2_loaded: false,
            t2_armed: false,
            t2_pulses: false,
            t2_reload_lo: false,
            pb6_was: true,
            sr: 0,
            acr: 0,
            pcr: 0,
            ifr: 0,
            ier: 0,
            ca1: Line { level: true },
            cb1: Line { level: true },
            ca2: Line { level: true },
            cb2: Line { level: true },
            ca2_low: false,
            cb2_low: false,
            ca2_pulse: false,
            cb2_pulse: false,
        }
    }

    /// The RESET line: registers cleared, the timers' counters and latches kept.
    pub fn reset(&mut self) {
        let keep = (
            self.t1_counter,
            self.t1_latch,
            self.t2_counter,
            self.t2_latch_lo,
        );
        let (pa_in, pb_in) = (self.pa_in, self.pb_in);
        *self = Via::new();
        (
            self.t1_counter,
            self.t1_latch,
            self.t2_counter,
            self.t2_latch_lo,
        ) = keep;
        (self.pa_in, self.pb_in) = (pa_in, pb_in);
    }

    /// The /IRQ output: some enabled flag is set.
    #[inline]
    pub fn irq(&self) -> bool {
        self.ifr & self.ier & 0x7F != 0
    }

    /// Port A's pins: outputs drive the output register, inputs float to `pa_in`.
    pub fn pa_pins(&self) -> u8 {
        (self.ora & self.ddra) | (self.pa_in & !self.ddra)
    }

    /// Port B's pins, PB7 driven by timer 1 when ACR bit 7 says so.
    pub fn pb_pins(&self) -> u8 {
        let pins = (self.orb & self.ddrb) | (self.pb_in & !self.ddrb);
        if self.acr & 0x80 != 0 {
            (pins & 0x7F) | if self.pb7 { 0x80 } else { 0 }
        } else {
            pins
        }
    }

    /// CA2's level as an output (true = high); high while it is an input.
    pub fn ca2_out(&self) -> bool {
        Self::c2_out(self.pcr >> 1, self.ca2_low)
    }

    /// CB2's level as an output (true = high); high while it is an input.
    pub fn cb2_out(&self) -> bool {
        Self::c2_out(self.pcr >> 5, self.cb2_low)
    }

    fn c2_out(mode: u8, low: bool) -> bool {
        match mode & 7 {
            0b100 | 0b101 => !low,
            0b110 => false,
            _ => true,
        }
    }

    /// Timer 1's counter.
    pub fn timer1(&self) -> u16 {
        self.t1_counter
    }

    /// Timer 2's counter.
    pub fn timer2(&self) -> u16 {
        self.t2_counter
    }

    /// CA1's input level. The active edge (PCR bit 0: 0 falling, 1 rising) sets the CA1 flag,
    /// latches port A when ACR bit 0 is set, and ends a CA2 handshake.
    pub fn set_ca1(&mut self, level: bool) {
        if Self::edge(&mut self.ca1, level, self.pcr & 0x01 != 0) {
            self.ifr |= irq::CA1;
            if self.acr & 0x01 != 0 {
                self.pa_latch = self.pa_pins();
            }
            if (self.pcr >> 1) & 7 == 0b100 {
                self.ca2_low = false;
            }
        }
    }

    /// CB1's input level (PCR bit 4 selects the edge); latches port B when ACR bit 1 is set.
    pub fn set_cb1(&mut self, level: bool) {
        if Self::edge(&mut self.cb1, level, self.pcr & 0x10 != 0) {
            self.ifr |= irq::CB1;
            if self.acr & 0x02 != 0 {
                self.pb_latch = self.pb_pins();
            }
            if (self.pcr >> 5) & 7 == 0b100 {
                self.cb2_low = false;
            }
        }
    }

    /// CA2's input level (counts while CA2 is an input: PCR bits 1-3 below 100; bit 2 selects
    /// the rising edge).
    pub fn set_ca2(&mut self, level: bool) {
        let mode = (self.pcr >> 1) & 7;
        if Self::edge(&mut self.ca2, level, mode & 0b010 != 0) && mode < 0b100 {
            self.ifr |= irq::CA2;
        }
    }

    /// CB2's input level (as CA2, with PCR bits 5-7).
    pub fn set_cb2(&mut self, level: bool) {
        let mode = (self.pcr >> 5) & 7;
        if Self::edge(&mut self.cb2, level, mode & 0b010 != 0) && mode < 0b100 {
            self.ifr |= irq::CB2;
        }
    }

    /// Record `line`'s new level; true when it is the active edge.
    fn edge(line: &mut Line, level: bool, rising: bool) -> bool {
        let was = line.level;
        line.level = level;
        was != level && level == rising
    }

    /// Whether CA2 (`shift` 1) or CB2 (`shift` 5) is an independent input, whose flag port
    /// accesses leave alone.
    fn independent(&self, shift: u8) -> bool {
        matches!((self.pcr >> shift) & 7, 0b001 | 0b011)
    }

    /// A read or write of port A through register 1: the CA1 flag, CA2's flag (unless
    /// independent) and CA2's handshake or pulse.
    fn port_a_access(&mut self) {
        self.ifr &= !irq::CA1;
        if !self.independent(1) {
            self.ifr &= !irq::CA2;
        }
        match (self.pcr >> 1) & 7 {
            0b100 => self.ca2_low = true,
            0b101 => {
                self.ca2_low = true;
                self.ca2_pulse = true;
            }
            _ => {}
        }
    }

    /// A read or write of port B: the CB1 flag and CB2's flag (unless independent); a write
    /// also starts CB2's handshake or pulse.
    fn port_b_access(&mut self, write: bool) {
        self.ifr &= !irq::CB1;
        if !self.independent(5) {
            self.ifr &= !irq::CB2;
        }
        if write {
            match (self.pcr >> 5) & 7 {
                0b100 => self.cb2_low = true,
                0b101 => {
                    self.cb2_low = true;
                    self.cb2_pulse = true;
                }
                _ => {}
            }
        }
    }

    /// Read a register, with its side effects.
    pub fn read(&mut self, r: u8) -> u8 {
        let v = self.peek(r);
        match r & 0x0F {
            reg::ORB => self.port_b_access(false),
            reg::ORA => self.port_a_access(),
            reg::T1CL => self.ifr &= !irq::T1,
            reg::T2CL => self.ifr &= !irq::T2,
            reg::SR => self.ifr &= !irq::SR,
            _ => {}
        }
        v
    }

    /// Read a register without side effects.
    pub fn peek(&self, r: u8) -> u8 {
        match r & 0x0F {
            reg::ORB => {
                let inputs = if self.acr & 0x02 != 0 {
                    self.pb_latch
                } else {
                    self.pb_pins()
                };
                let v = (self.orb & self.ddrb) | (inputs & !self.ddrb);
                if self.acr & 0x80 != 0 {
                    (v & 0x7F) | if self.pb7 { 0x80 } else { 0 }
                } else {
                    v
                }
            }
            reg::ORA | reg::ORA_NH => {
                if self.acr & 0x01 != 0 {
                    self.pa_latch
                } else {
                    self.pa_pins()
                }
            }
            reg::DDRB => self.ddrb,
            reg::DDRA => self.ddra,
            reg::T1CL => self.t1_counter as u8,
            reg::T1CH => (self.t1_counter >> 8) as u8,
            reg::T1LL => self.t1_latch as u8,
            reg::T1LH => (self.t1_latch >> 8) as u8,
            reg::T2CL => self.t2_counter as u8,
            reg::T2CH => (self.t2_counter >> 8) as u8,
            reg::SR => self.sr,
            reg::ACR => self.acr,
            reg::PCR => self.pcr,
            reg::IFR => self.ifr | if self.irq() { 0x80 } else { 0 },
            _ => self.ier | 0x80,
        }
    }

    /// Write a register.
    pub fn write(&mut self, r: u8, value: u8) {
        match r & 0x0F {
            reg::ORB => {
                self.orb = value;
                self.port_b_access(true);
            }
            reg::ORA => {
                self.ora = value;
                self.port_a_access();
            }
            reg::ORA_NH => self.ora = value,
            reg::DDRB => self.ddrb = value,
            reg::DDRA => self.ddra = value,
            reg::T1CL | reg::T1LL => self.t1_latch = (self.t1_latch & 0xFF00) | u16::from(value),
            reg::T1CH => {
                self.t1_latch = (self.t1_latch & 0x00FF) | (u16::from(value) << 8);
                self.t1_counter = self.t1_latch;
                self.t1_loaded = true;
                self.t1_reload = false;
                self.t1_armed = true;
                self.ifr &= !irq::T1;
                self.pb7 = false;
            }
            reg::T1LH => {
                self.t1_latch = (self.t1_latch & 0x00FF) | (u16::from(value) << 8);
                self.ifr &= !irq::T1;
            }
            reg::T2CL => self.t2_latch_lo = value,
            reg::T2CH => {
                self.t2_counter = (u16::from(value) << 8) | u16::from(self.t2_latch_lo);
                self.t2_loaded = true;
                self.t2_reload_lo = false;
                self.t2_armed = true;
                self.ifr &= !irq::T2;
            }
            reg::SR => {
                self.sr = value;
                self.ifr &= !irq::SR;
            }
            reg::ACR => {
                if self.acr & 0x80 == 0 && value & 0x80 != 0 {
                    self.pb7 = true;
                }
                self.acr = value;
            }
            reg::PCR => {
                self.pcr = value;
                if !matches!((value >> 1) & 7, 0b100 | 0b101) {
                    self.ca2_low = false;
                }
                if !matches!((value >> 5) & 7, 0b100 | 0b101) {
                    self.cb2_low = false;
                }
            }
            reg::IFR => self.ifr &= !(value & 0x7F),
            _ => {
                if value & 0x80 != 0 {
                    self.ier |= value & 0x7F;
                } else {
                    self.ier &= !(value & 0x7F);
                }
            }
        }
    }

    /// Whether the next cycle only counts both timers down: far from zero, with no load,
    /// reload, pulse counting, shift-register mode or CA2/CB2 pulse pending.
    #[inline]
    fn just_counting(&self) -> bool {
        self.t1_counter > 1
            && self.t2_counter > 1
            && !(self.t1_loaded | self.t1_reload | self.t2_loaded | self.t2_reload_lo)
            && !(self.t2_pulses | self.ca2_low | self.cb2_low | self.ca2_pulse | self.cb2_pulse)
            && self.acr & 0x3C == 0
    }

    /// How many cycles from now, with no register accessed, do nothing but count both
    /// timers down (0 when the next does more).
    pub fn counting_budget(&self) -> u64 {
        if self.just_counting() {
            u64::from(self.t1_counter.min(self.t2_counter)) - 1
        } else {
            0
        }
    }

    /// This VIA after `cycles` cycles of [`Via::counting_budget`] (or `None` beyond it).
    pub fn counted(&self, cycles: u64) -> Option<Via> {
        (cycles <= self.counting_budget()).then(|| {
            let mut v = self.clone();
            v.count_down(cycles);
            v
        })
    }

    /// Run `cycles` cycles at once, which must be within [`Via::counting_budget`].
    pub fn count_down(&mut self, cycles: u64) {
        debug_assert!(cycles <= self.counting_budget(), "beyond plain counting");
        let n = cycles as u16;
        self.t1_counter -= n;
        self.t2_counter -= n;
    }

    /// Whether `other` behaves as this VIA from now on but for the timers' counters (timer
    /// 1's PB7 output is not looked at while ACR bit 7 is clear: setting it sets PB7).
    pub fn same_but_counters(&self, other: &Via) -> bool {
        let mut o = other.clone();
        o.t1_counter = self.t1_counter;
        o.t2_counter = self.t2_counter;
        if self.acr & 0x80 == 0 {
            o.pb7 = self.pb7;
        }
        *self == o
    }

    /// As [`Via::same_but_counters`], apart also from what comes from outside on the ports
    /// and CA1: the input levels, CA1's level, its flag and the port A latch it takes. (For
    /// a VIA whose code does not look at it meanwhile, with CA1's interrupt disabled.)
    pub fn same_but_counters_and_inputs(&self, other: &Via) -> bool {
        let mut o = other.clone();
        o.pa_in = self.pa_in;
        o.pb_in = self.pb_in;
        o.ca1 = self.ca1;
        o.pa_latch = self.pa_latch;
        o.ifr = (o.ifr & !irq::CA1) | (self.ifr & irq::CA1);
        self.same_but_counters(&o)
    }

    /// Whether CA1's interrupt is enabled.
    pub fn ca1_interrupts(&self) -> bool {
        self.ier & irq::CA1 != 0
    }

    /// The end of one φ2 cycle: the timers count, pulses on CA2/CB2 end.
    #[inline]
    pub fn tick(&mut self) {
        if self.just_counting() {
            self.t1_counter -= 1;
            self.t2_counter -= 1;
            return;
        }
        self.tick_slow();
    }

    fn tick_slow(&mut self) {
        self.tick_t1();
        self.tick_t2();
        if self.ca2_pulse {
            self.ca2_pulse = false;
        } else if (self.pcr >> 1) & 7 == 0b101 {
            self.ca2_low = false;
        }
        if self.cb2_pulse {
            self.cb2_pulse = false;
        } else if (self.pcr >> 5) & 7 == 0b101 {
            self.cb2_low = false;
        }
    }

    fn tick_t1(&mut self) {
        if self.t1_loaded {
            self.t1_loaded = false;
            return;
        }
        if self.t1_reload {
            self.t1_reload = false;
            self.t1_counter = self.t1_latch;
            return;
        }
        if self.t1_counter == 0 {
            // The counter passes through zero: $FFFF shows for a cycle.
            self.t1_counter = 0xFFFF;
            // Both modes reload the latch; a one-shot run flags only its first pass.
            self.t1_reload = true;
            let free = self.acr & 0x40 != 0;
            // Only an armed timer flags and toggles PB7: a write to T1C-H arms it, a
            // one-shot pass disarms it, free-running keeps it as it is.
            if self.t1_armed {
                self.ifr |= irq::T1;
                self.pb7 = !self.pb7;
                if !free {
                    self.t1_armed = false;
                }
            }
        } else {
            self.t1_counter -= 1;
        }
    }

    fn tick_t2(&mut self) {
        // A write to ACR switches the count source from the next cycle on.
        let pulses = self.t2_pulses;
        self.t2_pulses = self.acr & 0x20 != 0;
        if self.t2_loaded {
            self.t2_loaded = false;
            self.pb6_was = self.pb_pins() & 0x40 != 0;
            return;
        }
        if pulses {
            // Counting falling edges on PB6: the flag comes with the count that reaches zero.
            let pb6 = self.pb_pins() & 0x40 != 0;
            let falling = self.pb6_was && !pb6;
            self.pb6_was = pb6;
            if falling {
                self.t2_counter = self.t2_counter.wrapping_sub(1);
                if self.t2_counter == 0 && self.t2_armed {
                    self.t2_armed = false;
                    self.ifr |= irq::T2;
                }
            }
            return;
        }
        if matches!((self.acr >> 2) & 7, 0b001 | 0b100 | 0b101) {
            self.tick_t2_8bit();
            return;
        }
        if self.t2_counter == 0 && self.t2_armed {
            self.t2_armed = false;
            self.ifr |= irq::T2;
        }
        self.t2_counter = self.t2_counter.wrapping_sub(1);
    }

    /// Timer 2 as the shift register's clock (ACR shift modes 001, 100, 101): its low byte
    /// counts down and reloads from the latch (a period of N + 2 cycles, like timer 1);
    /// each pass through zero takes one from the high byte, and the count that brings the
    /// whole counter to $0000 flags once (measured: `drive/viavarious/via20` and `via21`).
    fn tick_t2_8bit(&mut self) {
        let [lo, hi] = self.t2_counter.to_le_bytes();
        if self.t2_reload_lo {
            self.t2_reload_lo = false;
            self.t2_counter = u16::from_le_bytes([self.t2_latch_lo, hi]);
            return;
        }
        if lo == 0 {
            self.t2_reload_lo = true;
            self.t2_counter = u16::from_le_bytes([0xFF, hi.wrapping_sub(1)]);
        } else {
            self.t2_counter -= 1;
            if self.t2_counter == 0 && self.t2_armed {
                self.t2_armed = false;
                self.ifr |= irq::T2;
            }
        }
    }
}

#[cfg(test)]
mod tests;
