//! A MOS 6526 on a bus, one φ2 cycle per call, for the CIA tests: each call is the access
//! (if any) first, then the chip's tick, as the machine does.

#![allow(dead_code, unused_imports)]

pub use breadbin::chips::cia::{Cia, CiaModel, ICR_SP, ICR_TA, ICR_TB};

/// A CIA on a bus, one cycle per call.
pub struct Bus {
    pub cia: Cia,
}

impl Bus {
    pub fn new() -> Self {
        Bus { cia: Cia::new() }
    }

    /// Timer B one-shot from 10 with its interrupt enabled, on a chip of `model`.
    pub fn one_shot_b(model: CiaModel) -> Self {
        let mut bus = Bus::with_model(model);
        bus.write(0x0D, 0x82);
        bus.write(0x06, 10);
        bus.write(0x07, 0);
        bus.idle(2);
        bus.write(0x0F, 0x09);
        bus
    }

    /// A bus with a chip of `model`.
    pub fn with_model(model: CiaModel) -> Self {
        Bus {
            cia: Cia::with_model(model),
        }
    }

    pub fn idle(&mut self, cycles: u32) {
        for _ in 0..cycles {
            self.cia.tick();
        }
    }

    pub fn write(&mut self, reg: u8, value: u8) {
        self.cia.write(reg, value);
        self.cia.tick();
    }

    pub fn read(&mut self, reg: u8) -> u8 {
        let v = self.cia.read(reg);
        self.cia.tick();
        v
    }

    /// `STA abs` / `STX abs` / `STY abs`: three fetch cycles, the write in the fourth.
    pub fn sta(&mut self, reg: u8, value: u8) {
        self.idle(3);
        self.write(reg, value);
    }

    /// `LDA abs` / `BIT abs` and friends: three fetch cycles, the read in the fourth.
    pub fn lda(&mut self, reg: u8) -> u8 {
        self.idle(3);
        self.read(reg)
    }

    /// ICR in a polling loop: read (and so cleared) only in the cycles it has something to
    /// show. (A CPU cannot read it in every cycle, and reads in consecutive cycles act as
    /// one long read: see `icr_back_to_back_reads_repeat_the_first`.)
    pub fn poll_icr(&mut self) -> u8 {
        if self.cia.peek(0x0D) != 0 {
            self.read(0x0D)
        } else {
            self.idle(1);
            0
        }
    }

    /// Idle cycles until a peek of ICR sees `flag`: the peek that sees it is in the cycle
    /// after the underflow (U+1 on both models).
    pub fn idle_until_flag(&mut self, flag: u8) -> u32 {
        let mut n = 0;
        while self.cia.peek(0x0D) & flag == 0 {
            self.idle(1);
            n += 1;
        }
        n
    }

    pub fn timer_a(&self) -> u16 {
        u16::from_le_bytes([self.cia.peek(4), self.cia.peek(5)])
    }
}

/// Cycles (counted from the first tick) at which timer A's ICR flag first reads set, over
/// `cycles` cycles, polling ICR.
pub fn ta_underflow_reads(bus: &mut Bus, cycles: u32) -> Vec<u32> {
    (0..cycles)
        .filter(|_| bus.poll_icr() & ICR_TA != 0)
        .collect()
}

pub fn tod(bus: &Bus) -> [u8; 4] {
    [
        bus.cia.peek(0x0B),
        bus.cia.peek(0x0A),
        bus.cia.peek(0x09),
        bus.cia.peek(0x08),
    ]
}

pub fn set_tod(bus: &mut Bus, hms_t: [u8; 4]) {
    bus.write(0x0B, hms_t[0]);
    bus.write(0x0A, hms_t[1]);
    bus.write(0x09, hms_t[2]);
    bus.write(0x08, hms_t[3]);
}
