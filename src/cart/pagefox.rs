//! Pagefox (CRT type 53): 64 KiB of ROM in four 16 KiB banks and 32 KiB of RAM in two,
//! each seen whole at $8000-$BFFF in 16K mode (ROML the low 8 KiB, ROMH the high).
//!
//! A write-only register in the upper half of I/O 1 ($DE80-$DEFF) picks what shows: bits
//! 3-1 as a number, 0-3 the ROM banks, 4-5 the RAM halves, 6-7 nothing; bit 4 switches the
//! cartridge off (both lines released). The cartridge decodes the address bus itself for
//! writes: with RAM picked, a write anywhere in $8000-$BFFF reaches its RAM whatever the
//! C64's own map puts there (which takes the write too). From the cartridge's documented
//! register and the test bench's Pagefox programs.

use crate::chips::expansion::{Expansion, Lines, Select};
use crate::media::crt::Crt;

const BANK: usize = 0x4000;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Pagefox {
    rom: Vec<u8>,
    ram: Vec<u8>,
    register: u8,
}

impl Pagefox {
    pub fn from_crt(crt: &Crt) -> Result<Pagefox, String> {
        let mut rom = vec![0xFF; 4 * BANK];
        for (i, chip) in crt.chips.iter().enumerate() {
            let bank = usize::from(chip.bank);
            // A bank whole at $8000, or its halves at $8000 and $A000.
            let at = usize::from(chip.load.wrapping_sub(0x8000));
            let fits = bank < 4
                && matches!(
                    (at, chip.data.len()),
                    (0, BANK) | (0, 0x2000) | (0x2000, 0x2000)
                );
            if !fits {
                return Err(format!(
                    "CHIP packet {}: {} at ${:04X} in bank {bank} (Pagefox has 4 banks of 16 \
                     KiB at $8000)",
                    i + 1,
                    crate::basic::bytes(chip.data.len()),
                    chip.load
                ));
            }
            let start = bank * BANK + at;
            rom[start..start + chip.data.len()].copy_from_slice(&chip.data);
        }
        Ok(Pagefox {
            rom,
            ram: vec![0; 2 * BANK],
            register: 0,
        })
    }

    /// Bits 3-1: 0-3 a ROM bank, 4-5 a RAM half, 6-7 nothing.
    fn pick(&self) -> usize {
        usize::from(self.register >> 1) & 7
    }

    fn ram_picked(&self) -> bool {
        matches!(self.pick(), 4 | 5)
    }
}

impl Expansion for Pagefox {
    fn lines(&self) -> Lines {
        let on = self.register & 0x10 == 0;
        Lines {
            game: !on,
            exrom: !on,
            // $8000-$BFFF, for the writes the cartridge decodes itself.
            claim: if self.ram_picked() { 0x0F00 } else { 0 },
            ..Lines::RELEASED
        }
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        self.peek(select, addr)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        let half = match select {
            Select::RomL => 0,
            Select::RomH => 0x2000,
            Select::Io1 | Select::Io2 => return None,
        };
        let at = half + usize::from(addr & 0x1FFF);
        match self.pick() {
            n @ 0..=3 => Some(self.rom[n * BANK + at]),
            n @ 4..=5 => Some(self.ram[(n - 4) * BANK + at]),
            _ => None,
        }
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        if select == Select::Io1 && addr & 0x80 != 0 {
            self.register = value;
        }
    }

    fn claimed_write(&mut self, addr: u16, value: u8) -> bool {
        let n = self.pick() - 4;
        self.ram[n * BANK + usize::from(addr & 0x3FFF)] = value;
        true
    }

    fn reset(&mut self) {
        self.register = 0;
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}
