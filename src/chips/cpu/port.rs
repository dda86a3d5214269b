//! The 6510's on-chip I/O port: data direction register at $00, data register at $01.
//!
//! On the C64, bits 0-2 select the memory configuration (LORAM, HIRAM, CHAREN: pulled up
//! when configured as inputs), bit 3 is the cassette write line, bit 4 the cassette switch
//! sense (pulled up: no button pressed), bit 5 the cassette motor (C64 Programmer's
//! Reference Guide, "6510 on-chip I/O port").
//!
//! Bits 6 and 7 are not bonded out but work as port bits: written as outputs they read
//! back; switched from output to input they keep the level they drove, like a charged
//! capacitor, until it fades to 0 after a time; writing the data register while a bit is
//! an input does not charge it (VICE test bench, CPU/cpuport/readme.txt, measured on C64s:
//! about 200 ms). Bit 3, the cassette write line, has no pull-up either and behaves the same
//! (W. Lorenz, C64 Emulator Test Suite 2.15, `cpuport`, whose expected values hold bits 7, 6
//! and 3 at their last driven level).

/// The port's two registers, and the charge on the two unconnected lines. After reset every
/// line is an input and the data latch is cleared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Port {
    pub ddr: u8,
    pub data: u8,
    /// Bits 3, 6 and 7 as they were when they last stopped being outputs.
    charge: u8,
    /// The cycle at which the charge of each of [`FLOATING`]'s bits has faded.
    fade_at: [u64; 3],
}

/// Levels the C64 board pulls input lines to: LORAM/HIRAM/CHAREN high, cassette sense high.
const PULL_UPS: u8 = 0x17;

/// The lines nothing pulls: as inputs they keep the level they last drove, for a while.
const FLOATING: [u8; 3] = [0x08, 0x40, 0x80];

/// How long an unconnected line keeps its level as an input: about 200 ms (PAL cycles).
pub const FADE_CYCLES: u64 = 197_000;

impl Port {
    /// Read $00 (`addr` bit 0 clear) or $01 at cycle `now`.
    pub fn read(&self, addr: u16, now: u64) -> u8 {
        if addr & 1 == 0 {
            return self.ddr;
        }
        let mut floating = 0;
        for (i, bit) in FLOATING.into_iter().enumerate() {
            if self.charge & bit != 0 && now < self.fade_at[i] {
                floating |= bit;
            }
        }
        let inputs = (PULL_UPS | floating) & !self.ddr;
        (self.data & self.ddr) | inputs
    }

    /// Write $00 or $01 at cycle `now`.
    pub fn write(&mut self, addr: u16, value: u8, now: u64) {
        if addr & 1 == 0 {
            for (i, bit) in FLOATING.into_iter().enumerate() {
                if self.ddr & bit != 0 && value & bit == 0 {
                    // Output to input: the line keeps what it drove, for a while.
                    self.charge = (self.charge & !bit) | (self.data & bit);
                    self.fade_at[i] = now + FADE_CYCLES;
                }
            }
            self.ddr = value;
        } else {
            self.data = value;
        }
    }

    /// The memory-configuration lines LORAM (bit 0), HIRAM (bit 1), CHAREN (bit 2) as the PLA
    /// sees them: inputs float high.
    #[inline]
    pub fn bank_bits(&self) -> u8 {
        ((self.data & self.ddr) | !self.ddr) & 0x07
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reset_state_reads_pulled_up_lines() {
        let p = Port::default();
        assert_eq!(p.read(1, 0), 0x17);
        assert_eq!(p.bank_bits(), 7);
    }

    #[test]
    fn kernal_setup_reads_37() {
        let mut p = Port::default();
        p.write(0, 0x2F, 0);
        p.write(1, 0x37, 0);
        assert_eq!(p.read(0, 0), 0x2F);
        assert_eq!(p.read(1, 0), 0x37);
        p.write(1, 0x35, 0);
        assert_eq!(p.bank_bits(), 5);
    }

    #[test]
    fn unconnected_bits_hold_their_level_as_inputs_until_it_fades() {
        let mut p = Port::default();
        p.write(0, 0xFF, 0);
        p.write(1, 0xFF, 0);
        assert_eq!(p.read(1, 0) & 0xC0, 0xC0);
        p.write(0, 0x00, 100);
        assert_eq!(p.read(1, 100) & 0xC0, 0xC0, "charged from the outputs");
        p.write(1, 0x00, 200);
        assert_eq!(
            p.read(1, 200) & 0xC0,
            0xC0,
            "an input is not recharged by a write"
        );
        assert_eq!(p.read(1, 100 + FADE_CYCLES) & 0xC0, 0, "faded");
        p.write(0, 0xFF, 300);
        assert_eq!(p.read(1, 300) & 0xC0, 0);
        p.write(0, 0x00, 400);
        p.write(1, 0xFF, 500);
        assert_eq!(p.read(1, 500) & 0xC0, 0, "charged to 0");
    }
}
