//! The Final Cartridge III (CRT type 3): 64 KiB of ROM in four 16 KiB banks (16 on the
//! III+), each bank's halves at ROML and ROMH, and one register at $DFFF (from the
//! cartridge's published register description):
//!
//! | bit | on a write to $DFFF |
//! |---|---|
//! | 0-1 (0-3 on the III+) | ROM bank |
//! | 4 | /EXROM level |
//! | 5 | /GAME level |
//! | 6 | /NMI level: 0 pulls it |
//! | 7 | hides the register until reset or the freeze button |
//!
//! The last two pages of ROML's bank show in I/O 1 and I/O 2 whatever the mode, so a
//! program can call into the cartridge with its ROM switched away. At reset the register
//! is 0: bank 0 in 16K mode (the NMI line is left alone until the register is written).
//! The freeze button ([`super::freeze`]) pulls /NMI and, when the interrupt begins, /GAME:
//! with the ROM switched away that is Ultimax mode, where the CPU reads the NMI vector from
//! the bank's ROMH. The next write to the register ends it.

use super::freeze::Button;
use crate::chips::expansion::{Expansion, Lines, Select};
use crate::media::crt::Crt;

const BANK: usize = 0x4000;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Final3 {
    rom: Vec<u8>,
    register: u8,
    /// The register has been written since reset (it drives /NMI from then on).
    written: bool,
    button: Button,
    /// The freeze holds /GAME low.
    frozen: bool,
}

impl Final3 {
    pub fn from_crt(crt: &Crt) -> Result<Final3, String> {
        let layout = "the Final Cartridge III has 4 banks of 16 KiB at $8000, the III+ 16";
        let mut rom = super::rom_banks(crt, BANK, 16, layout)?;
        let banks = if rom.len() > 4 * BANK { 16 } else { 4 };
        rom.resize(banks * BANK, 0xFF);
        Ok(Final3 {
            rom,
            register: 0,
            written: false,
            button: Button::default(),
            frozen: false,
        })
    }

    /// The 16 KiB bank picked (the image's size limits the register's bits).
    fn bank(&self) -> usize {
        usize::from(self.register & 0x0F) % (self.rom.len() / BANK)
    }

    fn byte(&self, offset: usize) -> u8 {
        self.rom[self.bank() * BANK + offset]
    }
}

impl Expansion for Final3 {
    fn lines(&self) -> Lines {
        Lines {
            game: self.register & 0x20 != 0 && !self.frozen,
            exrom: self.register & 0x10 != 0,
            nmi: self.button.waiting() || (self.written && self.register & 0x40 == 0),
            stack: self.button.waiting(),
            ..Lines::RELEASED
        }
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        self.peek(select, addr)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        let offset = usize::from(addr & 0x1FFF);
        let low = usize::from(addr & 0xFF);
        Some(match select {
            Select::RomL => self.byte(offset),
            Select::RomH => self.byte(0x2000 + offset),
            Select::Io1 => self.byte(0x1E00 + low),
            Select::Io2 => self.byte(0x1F00 + low),
        })
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        let hidden = self.written && self.register & 0x80 != 0 && !self.frozen;
        if select == Select::Io2 && addr & 0xFF == 0xFF && !hidden {
            self.register = value;
            self.written = true;
            self.frozen = false;
        }
    }

    fn romh_for_vic(&self) -> Option<&[u8]> {
        let bank = self.bank();
        Some(&self.rom[bank * BANK + 0x2000..(bank + 1) * BANK])
    }

    fn freeze(&mut self) -> bool {
        self.button.press();
        true
    }

    fn stack_write(&mut self, cycle: u64) {
        if self.button.stack_write(cycle) {
            self.frozen = true;
        }
    }

    fn reset(&mut self) {
        self.register = 0;
        self.written = false;
        self.button = Button::default();
        self.frozen = false;
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}
