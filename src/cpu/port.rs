//! The 6510's on-chip I/O port: data direction register at $00, data register at $01.
//!
//! On the C64, bits 0-2 select the memory configuration (LORAM, HIRAM, CHAREN: pulled up
//! when configured as inputs), bit 3 is the cassette write line, bit 4 the cassette switch
//! sense (pulled up: no button pressed), bit 5 the cassette motor (C64 Programmer's
//! Reference Guide, "6510 on-chip I/O port"). Bits 6 and 7 are not bonded out and read 0
//! when configured as inputs.

/// The port's two registers. After reset every line is an input and the data latch is
/// cleared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Port {
    pub ddr: u8,
    pub data: u8,
}

/// Levels the C64 board pulls input lines to: LORAM/HIRAM/CHAREN high, cassette sense high.
const PULL_UPS: u8 = 0x17;

impl Port {
    /// Read $00 (`addr` bit 0 clear) or $01.
    pub fn read(&self, addr: u16) -> u8 {
        if addr & 1 == 0 {
            self.ddr
        } else {
            (self.data & self.ddr) | (PULL_UPS & !self.ddr)
        }
    }

    pub fn write(&mut self, addr: u16, value: u8) {
        if addr & 1 == 0 {
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
        assert_eq!(p.read(1), 0x17);
        assert_eq!(p.bank_bits(), 7);
    }

    #[test]
    fn kernal_setup_reads_37() {
        let mut p = Port::default();
        p.write(0, 0x2F);
        p.write(1, 0x37);
        assert_eq!(p.read(0), 0x2F);
        assert_eq!(p.read(1), 0x37);
        p.write(1, 0x35);
        assert_eq!(p.bank_bits(), 5);
    }
}
