//! EasyFlash (CRT type 32): two 512 KiB flash chips, one behind ROML and one behind ROMH, in
//! 64 banks of 8 KiB each, and 256 bytes of RAM at I/O 2 ($DF00-$DFFF).
//!
//! From the EasyFlash programmer's documentation:
//! - `$DE00` (write): the bank, 0-63.
//! - `$DE02` (write): bit 2 chooses where /GAME comes from (0: the boot jumper, which holds
//!   it low; 1: bit 0, set = low), bit 1 pulls /EXROM low, bit 7 is the LED. At reset both
//!   registers are 0: Ultimax mode, bank 0, the ROMH chip's reset vector at $FFFC.
//!
//! The chips are AMD 29F040s ([`super::flash`]); a write to their window is a command byte.
//! Whether the flash changed is kept, for writing the image back ([`EasyFlash::crt`]).

use super::flash::{Flash, Step, written_banks};
use crate::chips::expansion::{Expansion, Lines, Select};
use crate::media::crt::Crt;

const BANK: usize = 0x2000;
const BANKS: usize = 64;

/// breadbin's EAPI (`roms/src/eapi/eapi.s`), for the Am29F040s it has.
static EAPI: &[u8] = include_bytes!("../../roms/eapi.bin");
/// The EAPI's slot: bank 0 of the ROMH chip, from $1800, $300 bytes.
const EAPI_SLOT: usize = 0x1800;
const EAPI_SIZE: usize = 0x300;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct EasyFlash {
    roml: Flash,
    romh: Flash,
    /// What the image held where breadbin put its EAPI, to give back when it is saved.
    eapi_slot: Option<Vec<u8>>,
    #[serde(with = "crate::chips::serde_arrays")]
    ram: [u8; 256],
    bank: u8,
    control: u8,
    name: String,
    /// FNV-1a of the image it was made from (`Expansion::origin`).
    origin: u64,
}

impl EasyFlash {
    pub fn from_crt(crt: &Crt) -> Result<EasyFlash, String> {
        let mut ef = EasyFlash {
            roml: Flash::new(BANK * BANKS),
            romh: Flash::new(BANK * BANKS),
            eapi_slot: None,
            ram: [0; 256],
            bank: 0,
            control: 0,
            name: crt.name.clone(),
            origin: crt.checksum(),
        };
        for (i, chip) in crt.chips.iter().enumerate() {
            let n = i + 1;
            let bank = usize::from(chip.bank);
            let flash = match chip.load {
                0x8000 => &mut ef.roml,
                0xA000 | 0xE000 => &mut ef.romh,
                load => {
                    return Err(format!(
                        "CHIP packet {n}: load address ${load:04X} (EasyFlash has $8000 and \
                         $A000 or $E000)"
                    ));
                }
            };
            if bank >= BANKS || chip.data.len() > BANK {
                return Err(format!(
                    "CHIP packet {n}: bank {bank} of {} (EasyFlash has banks 0-63 of 8 KiB)",
                    crate::basic::bytes(chip.data.len())
                ));
            }
            flash.data[bank * BANK..bank * BANK + chip.data.len()].copy_from_slice(&chip.data);
        }
        // An image that asks for the EAPI (its signature alone at the slot) gets breadbin's,
        // as the tools that write EasyFlash cartridges give them the one for their chips.
        let slot = EAPI_SLOT..EAPI_SLOT + EAPI_SIZE;
        if ef.romh.data[EAPI_SLOT..EAPI_SLOT + 4] == EAPI[..4] {
            ef.eapi_slot = Some(ef.romh.data[slot.clone()].to_vec());
            ef.romh.data[slot].fill(0xFF);
            ef.romh.data[EAPI_SLOT..EAPI_SLOT + EAPI.len()].copy_from_slice(EAPI);
        }
        Ok(ef)
    }

    /// The flash as a CRT image, or `None` while it holds what it was made from. Banks left
    /// erased are not written.
    fn crt(&self) -> Option<Crt> {
        if !self.roml.changed && !self.romh.changed {
            return None;
        }
        let mut romh = self.romh.data.clone();
        if let Some(slot) = &self.eapi_slot {
            romh[EAPI_SLOT..EAPI_SLOT + EAPI_SIZE].copy_from_slice(slot);
        }
        // Bank by bank, ROML's before ROMH's.
        let mut chips = written_banks(&self.roml.data, 0x8000);
        chips.extend(written_banks(&romh, 0xA000));
        chips.sort_by_key(|c| (c.bank, c.load));
        Some(Crt {
            version: (1, 0),
            hardware: 32,
            exrom: true,
            game: false,
            subtype: 0,
            name: self.name.clone(),
            chips,
        })
    }

    fn at(&self, addr: u16) -> usize {
        usize::from(self.bank & 0x3F) * BANK + usize::from(addr & 0x1FFF)
    }
}

impl Expansion for EasyFlash {
    fn lines(&self) -> Lines {
        let game_low = if self.control & 4 != 0 {
            self.control & 1 != 0
        } else {
            true
        };
        Lines {
            game: !game_low,
            exrom: self.control & 2 == 0,
            ..Lines::RELEASED
        }
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        self.peek(select, addr)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        match select {
            Select::RomL => Some(self.roml.read(self.at(addr))),
            Select::RomH => Some(self.romh.read(self.at(addr))),
            Select::Io1 => None,
            Select::Io2 => Some(self.ram[usize::from(addr & 0xFF)]),
        }
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        let at = self.at(addr);
        match select {
            Select::RomL => self.roml.write(at, value),
            Select::RomH => self.romh.write(at, value),
            Select::Io1 => match addr & 2 {
                0 => self.bank = value & 0x3F,
                _ => self.control = value & 0x87,
            },
            Select::Io2 => self.ram[usize::from(addr & 0xFF)] = value,
        }
    }

    fn changed_image(&self) -> Option<Crt> {
        self.crt()
    }

    fn reset(&mut self) {
        self.bank = 0;
        self.control = 0;
        self.roml.step = Step::Read;
        self.romh.step = Step::Read;
    }

    fn romh_for_vic(&self) -> Option<&[u8]> {
        let at = self.at(0);
        Some(&self.romh.data[at..at + BANK])
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
    fn origin(&self) -> u64 {
        self.origin
    }
}
