//! Super Games (CRT type 8): 64 KiB of ROM in four 16 KiB banks, in 16K mode. A write to
//! I/O 2 ($DF00) sets the bank (bits 0-1), switches the ROM off (bit 2: both lines
//! released) and, with bit 3, locks the register against further writes until reset.

use crate::chips::expansion::{Expansion, Lines, Select};
use crate::media::crt::Crt;

const BANK: usize = 0x4000;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct SuperGames {
    rom: Vec<u8>,
    register: u8,
}

impl SuperGames {
    pub fn from_crt(crt: &Crt) -> Result<SuperGames, String> {
        let layout = "Super Games has 4 banks of 16 KiB at $8000";
        let mut rom = super::rom_banks(crt, BANK, 4, layout)?;
        rom.resize(4 * BANK, 0xFF);
        Ok(SuperGames { rom, register: 0 })
    }

    fn byte(&self, high: bool, addr: u16) -> u8 {
        let bank = usize::from(self.register & 3);
        let half = if high { 0x2000 } else { 0 };
        self.rom[bank * BANK + half + usize::from(addr & 0x1FFF)]
    }
}

impl Expansion for SuperGames {
    fn lines(&self) -> Lines {
        let on = self.register & 4 == 0;
        Lines {
            game: !on,
            exrom: !on,
            ..Lines::RELEASED
        }
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        self.peek(select, addr)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        match select {
            Select::RomL => Some(self.byte(false, addr)),
            Select::RomH => Some(self.byte(true, addr)),
            Select::Io1 | Select::Io2 => None,
        }
    }

    fn write(&mut self, select: Select, _addr: u16, value: u8) {
        if select == Select::Io2 && self.register & 8 == 0 {
            self.register = value & 0x0F;
        }
    }

    fn reset(&mut self) {
        self.register = 0;
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}
