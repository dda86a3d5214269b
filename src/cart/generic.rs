//! The generic cartridge: up to 8 KiB of ROM at ROML ($8000-$9FFF) and 8 KiB at ROMH
//! ($A000-$BFFF, or $E000-$FFFF in Ultimax mode), with GAME and EXROM wired as the CRT's
//! header says: EXROM low for 8K, both low for 16K, GAME low alone for Ultimax. A chip
//! smaller than its 8 KiB window repeats through it (its upper address lines are not
//! connected).

use crate::chips::expansion::{Expansion, Lines, Select};
use crate::media::crt::Crt;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Generic {
    #[serde(with = "crate::chips::serde_arrays::boxed")]
    roml: Box<[u8; 0x2000]>,
    #[serde(with = "crate::chips::serde_arrays::boxed")]
    romh: Box<[u8; 0x2000]>,
    lines: Lines,
}

/// `data` repeated through an 8 KiB window.
fn window(data: &[u8]) -> Box<[u8; 0x2000]> {
    let mut w = Box::new([0xFFu8; 0x2000]);
    if !data.is_empty() {
        for (i, b) in w.iter_mut().enumerate() {
            *b = data[i % data.len()];
        }
    }
    w
}

impl Generic {
    pub fn from_crt(crt: &Crt) -> Result<Generic, String> {
        let mut roml: Option<&[u8]> = None;
        let mut romh: Option<&[u8]> = None;
        for (i, chip) in crt.chips.iter().enumerate() {
            let n = i + 1;
            if chip.bank != 0 {
                return Err(format!(
                    "CHIP packet {n}: bank {} (a generic cartridge has bank 0 only)",
                    chip.bank
                ));
            }
            let size = chip.data.len();
            match (chip.load, size) {
                (0x8000, 1..=0x2000) => roml = Some(&chip.data),
                (0x8000, 0x4000) => {
                    roml = Some(&chip.data[..0x2000]);
                    romh = Some(&chip.data[0x2000..]);
                }
                (0xA000 | 0xE000, 1..=0x2000) => romh = Some(&chip.data),
                (load, size) => {
                    return Err(format!(
                        "CHIP packet {n}: {} at ${load:04X} do not fit a generic cartridge \
                         (8 KiB at $8000, $A000 or $E000, or 16 KiB at $8000)",
                        crate::basic::bytes(size)
                    ));
                }
            }
        }
        if roml.is_none() && romh.is_none() {
            return Err("no ROM in the image".into());
        }
        Ok(Generic {
            roml: window(roml.unwrap_or(&[])),
            romh: window(romh.unwrap_or(&[])),
            lines: Lines {
                game: crt.game,
                exrom: crt.exrom,
                ..Lines::RELEASED
            },
        })
    }
}

impl Expansion for Generic {
    fn lines(&self) -> Lines {
        self.lines
    }
    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        self.peek(select, addr)
    }
    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        match select {
            Select::RomL => Some(self.roml[(addr & 0x1FFF) as usize]),
            Select::RomH => Some(self.romh[(addr & 0x1FFF) as usize]),
            Select::Io1 | Select::Io2 => None,
        }
    }
    fn write(&mut self, _: Select, _: u16, _: u8) {}
    fn romh_for_vic(&self) -> Option<&[u8]> {
        Some(&self.romh[..])
    }
    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}
