//! GMod2 (CRT type 60): a 29F040 flash of 512 KiB ([`super::flash`]) in 64 banks of 8 KiB
//! at ROML, and a 93C86 serial EEPROM of 2 KiB ([`super::eeprom`]), both run through one
//! register in I/O 1 (from the cartridge maker's description):
//!
//! | bit | on a write to $DE00 | on a read |
//! |---|---|---|
//! | 0-5 | flash bank (bits 4 and 5 are also the EEPROM's DI and clock) | |
//! | 6 | /EXROM released (the ROM away), and the EEPROM's chip select | |
//! | 7 | flash writes on | the EEPROM's DO, while it is selected |
//!
//! With bits 7 and 6 both set, a CPU write to $E000-$FFFF goes to the flash, at the bank's
//! 8 KiB, as it would in Ultimax mode; the C64 keeps its own map for reads, and no write at
//! $8000 or above reaches its RAM (writes to I/O go on as ever). At reset the register is 0:
//! 8K mode, bank 0. The flash's command state and the EEPROM are left as they were (only
//! power clears them); the EEPROM's words are in memory and in save states, not in a file.

use super::eeprom::Eeprom;
use super::flash::Flash;
use crate::chips::expansion::{Expansion, Lines, Select};
use crate::media::crt::Crt;

const BANK: usize = 0x2000;
const BANKS: usize = 64;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct GMod2 {
    flash: Flash,
    eeprom: Eeprom,
    register: u8,
    name: String,
    /// FNV-1a of the image it was made from (`Expansion::origin`).
    origin: u64,
}

impl GMod2 {
    pub fn from_crt(crt: &Crt) -> Result<GMod2, String> {
        let mut flash = Flash::new(BANK * BANKS);
        for (i, chip) in crt.chips.iter().enumerate() {
            let bank = usize::from(chip.bank);
            if chip.load != 0x8000 || chip.data.len() != BANK || bank >= BANKS {
                return Err(format!(
                    "CHIP packet {}: {} at ${:04X} in bank {bank} (GMod2 has 64 banks of 8 KiB \
                     at $8000)",
                    i + 1,
                    crate::basic::bytes(chip.data.len()),
                    chip.load
                ));
            }
            flash.data[bank * BANK..(bank + 1) * BANK].copy_from_slice(&chip.data);
        }
        Ok(GMod2 {
            flash,
            eeprom: Eeprom::default(),
            register: 0,
            name: crt.name.clone(),
            origin: crt.checksum(),
        })
    }

    fn flash_mode(&self) -> bool {
        self.register & 0xC0 == 0xC0
    }

    fn at(&self, addr: u16) -> usize {
        usize::from(self.register & 0x3F) * BANK + usize::from(addr & 0x1FFF)
    }
}

impl Expansion for GMod2 {
    fn lines(&self) -> Lines {
        Lines {
            exrom: self.register & 0x40 != 0,
            // $8000-$CFFF and $E000-$FFFF: the writes it takes itself in flash mode.
            claim: if self.flash_mode() { 0xDF00 } else { 0 },
            ..Lines::RELEASED
        }
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        self.peek(select, addr)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        match select {
            Select::RomL => Some(self.flash.read(self.at(addr))),
            Select::Io1 if self.register & 0x40 != 0 => Some(u8::from(self.eeprom.data_out()) << 7),
            _ => None,
        }
    }

    fn write(&mut self, select: Select, _addr: u16, value: u8) {
        if select == Select::Io1 {
            self.register = value;
            self.eeprom
                .set_pins(value & 0x40 != 0, value & 0x20 != 0, value & 0x10 != 0);
        }
    }

    fn claimed_write(&mut self, addr: u16, value: u8) -> bool {
        if addr >= 0xE000 {
            let at = self.at(addr);
            self.flash.write(at, value);
        }
        false
    }

    fn changed_image(&self) -> Option<Crt> {
        if !self.flash.changed {
            return None;
        }
        let chips = super::flash::written_banks(&self.flash.data, 0x8000);
        Some(Crt {
            version: (1, 0),
            hardware: 60,
            exrom: false,
            game: true,
            subtype: 0,
            name: self.name.clone(),
            chips,
        })
    }

    fn reset(&mut self) {
        self.register = 0;
        self.eeprom.set_pins(false, false, false);
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }

    fn origin(&self) -> u64 {
        self.origin
    }
}
