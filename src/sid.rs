//! MOS 6581 SID: the register file only, no synthesis yet.
//!
//! 29 registers at $D400-$D41C, mirrored every 32 bytes up to $D7FF (C64 Programmer's
//! Reference Guide, appendix O). Registers $00-$18 are write-only and read back as the
//! last value on the data bus; POTX/POTY read $FF (no paddles); OSC3 and ENV3 read values
//! derived from voice 3's settings so that programs polling them for random numbers or
//! envelope progress see something move.

/// SID register file.
#[derive(Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Sid {
    regs: [u8; 32],
    /// Last value written: what a read of a write-only register returns.
    bus: u8,
    /// Voice 3's oscillator phase (24 bits) at cycle `phase3_at`; it advances by the
    /// frequency every cycle, computed when OSC3 is read, so the SID costs nothing per cycle.
    phase3: u32,
    phase3_at: u64,
}

impl Sid {
    pub fn new() -> Self {
        Self::default()
    }

    fn freq3(&self) -> u32 {
        u16::from_le_bytes([self.regs[0x0E], self.regs[0x0F]]) as u32
    }

    /// Voice 3's phase at cycle `now`.
    fn phase3(&self, now: u64) -> u32 {
        let elapsed = now.saturating_sub(self.phase3_at);
        (self.phase3 as u64).wrapping_add(elapsed.wrapping_mul(self.freq3() as u64)) as u32
            & 0x00FF_FFFF
    }

    /// Register read at cycle `now`.
    pub fn read(&mut self, reg: u8, now: u64) -> u8 {
        self.peek(reg, now)
    }

    pub fn peek(&self, reg: u8, now: u64) -> u8 {
        match reg & 0x1F {
            0x19 | 0x1A => 0xFF,
            0x1B => self.osc3(now),
            0x1C => {
                // Envelope 3: full while the gate is on, zero after release.
                if self.regs[0x12] & 1 != 0 { 0xFF } else { 0x00 }
            }
            0x1D..=0x1F => 0xFF,
            _ => self.bus,
        }
    }

    /// Register write at cycle `now`.
    pub fn write(&mut self, reg: u8, value: u8, now: u64) {
        let reg = (reg & 0x1F) as usize;
        self.bus = value;
        if reg == 0x0E || reg == 0x0F {
            self.phase3 = self.phase3(now);
            self.phase3_at = now;
        }
        if reg <= 0x18 {
            self.regs[reg] = value;
        }
    }

    /// Upper 8 bits of voice 3's waveform output.
    fn osc3(&self, now: u64) -> u8 {
        let wave = self.regs[0x12] >> 4;
        let acc = self.phase3(now);
        match wave {
            1 => {
                // Triangle: fold the sawtooth.
                let t = (acc >> 15) as u8;
                if acc & 0x80_0000 != 0 {
                    !(t << 1)
                } else {
                    t << 1
                }
            }
            2 => (acc >> 16) as u8,
            4 => {
                let pw = (u16::from_le_bytes([self.regs[0x10], self.regs[0x11]]) & 0x0FFF) as u32;
                if (acc >> 12) >= pw { 0xFF } else { 0x00 }
            }
            8 => {
                // Noise: a cheap deterministic scramble of the phase.
                let x = acc.wrapping_mul(0x9E37_79B9) ^ (now as u32);
                (x >> 24) as u8
            }
            _ => 0,
        }
    }

    /// Registers as written (for a future synthesis engine and for tests).
    pub fn registers(&self) -> &[u8; 32] {
        &self.regs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_mirror_every_32_bytes_and_write_only_reads_bus() {
        let mut s = Sid::new();
        s.write(0x20 | 0x18, 0x0F, 0);
        assert_eq!(s.registers()[0x18], 0x0F);
        assert_eq!(
            s.read(0x00, 0),
            0x0F,
            "write-only register reads the last bus value"
        );
        assert_eq!(s.read(0x19, 0), 0xFF);
        assert_eq!(s.read(0x1A, 0), 0xFF);
    }

    #[test]
    fn osc3_sawtooth_moves_with_frequency() {
        let mut s = Sid::new();
        s.write(0x0E, 0x00, 0);
        s.write(0x0F, 0x10, 0);
        s.write(0x12, 0x20, 0);
        let a = s.peek(0x1B, 0);
        assert_ne!(a, s.peek(0x1B, 1000));
        // Sawtooth: 1000 cycles at $1000 per cycle = phase $3E8000, top byte $3E.
        assert_eq!(s.peek(0x1B, 1000), 0x3E);
        s.write(0x0F, 0, 1000);
        let b = s.peek(0x1B, 1000);
        assert_eq!(b, s.peek(0x1B, 5000), "frequency 0 stops the oscillator");
    }
}
