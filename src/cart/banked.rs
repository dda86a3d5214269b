//! The game cartridges that only switch ROM banks, each by its own rule (from the CRT format
//! document and the cartridges' published descriptions):
//!
//! | CRT type | cartridge | mode | what picks the 8 KiB bank |
//! |---|---|---|---|
//! | 4 | Simons' BASIC | 16K at power-on | a read of I/O 1 switches ROMH off (8K mode), a write switches it on |
//! | 5 | Ocean | 16K (8K for 512 KiB) | a write to I/O 1: bits 0-5; the bank shows at ROML and ROMH both |
//! | 7 | Fun Play, Power Play | 8K | a write to I/O 1: bank bits 2-0 from bits 5-3, bank bit 3 from bit 0; $86 switches the ROM off |
//! | 15 | C64 Game System, System 3 | 8K | any access to $DE00+n picks bank n (address bits 0-5) |
//! | 17 | Dinamic | 8K | a read of $DE00+n, n below 16, picks bank n |
//! | 18 | Zaxxon, Super Zaxxon | 16K | ROML is 4 KiB, twice; a read of $8000-$8FFF shows ROMH bank 0, of $9000-$9FFF bank 1 |
//! | 19 | Magic Desk, Domark, HES Australia | 8K | a write to I/O 1: bits 0-6; bit 7 switches the ROM off |
//!
//! None drives the data bus in I/O 1: a read there gives what the VIC left on it. At reset the
//! bank is 0 and the ROM on. A bank number past the image repeats it (the upper lines of
//! its bank latch are not connected).

use crate::chips::expansion::{Expansion, Lines, Select};
use crate::media::crt::Crt;

const BANK: usize = 0x2000;

#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum Scheme {
    SimonsBasic,
    Ocean,
    FunPlay,
    GameSystem,
    Dinamic,
    Zaxxon,
    MagicDesk,
}

impl Scheme {
    /// The scheme of a CRT type, if it is one of these.
    pub fn of(hardware: u16) -> Option<Scheme> {
        Some(match hardware {
            4 => Scheme::SimonsBasic,
            5 => Scheme::Ocean,
            7 => Scheme::FunPlay,
            15 => Scheme::GameSystem,
            17 => Scheme::Dinamic,
            18 => Scheme::Zaxxon,
            19 => Scheme::MagicDesk,
            _ => return None,
        })
    }

    /// Banks an image may have.
    fn most_banks(self) -> usize {
        match self {
            Scheme::SimonsBasic => 2,
            Scheme::Zaxxon => 4,
            Scheme::Ocean | Scheme::GameSystem => 64,
            Scheme::FunPlay | Scheme::Dinamic => 16,
            Scheme::MagicDesk => 128,
        }
    }
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Banked {
    scheme: Scheme,
    /// The 8 KiB banks in order (Simons' BASIC: ROML then ROMH; Zaxxon: ROML's 4 KiB twice,
    /// an unused bank, then ROMH's two banks).
    rom: Vec<u8>,
    bank: u8,
    /// ROM switched off (Fun Play, Magic Desk), or ROMH off (Simons' BASIC).
    off: bool,
    /// Ocean's 512 KiB cartridge, in 8K mode.
    eight_k: bool,
}

impl Banked {
    pub fn from_crt(scheme: Scheme, crt: &Crt) -> Result<Banked, String> {
        let most = scheme.most_banks();
        let mut rom = Vec::new();
        for (i, chip) in crt.chips.iter().enumerate() {
            let n = i + 1;
            let size = chip.data.len();
            let slot = match (scheme, chip.load, size) {
                (Scheme::SimonsBasic, 0x8000, BANK) if chip.bank == 0 => 0,
                (Scheme::SimonsBasic, 0xA000, BANK) if chip.bank == 0 => 1,
                // Zaxxon's ROML: 4 KiB, or 8 KiB already doubled, in slot 0; slot 1 is
                // unused, its ROMH banks are slots 2 and 3.
                (Scheme::Zaxxon, 0x8000, 0x1000 | BANK) if chip.bank == 0 => 0,
                (Scheme::Zaxxon, 0xA000, BANK) if chip.bank < 2 => 2 + usize::from(chip.bank),
                // Fun Play's images number each bank by the register value that picks it.
                (Scheme::FunPlay, 0x8000, BANK) => fun_play_bank(chip.bank as u8),
                (Scheme::Ocean, 0x8000 | 0xA000, BANK) => usize::from(chip.bank),
                (Scheme::GameSystem | Scheme::Dinamic | Scheme::MagicDesk, 0x8000, BANK) => {
                    usize::from(chip.bank)
                }
                _ => {
                    return Err(format!(
                        "CHIP packet {n}: {} at ${:04X} in bank {} do not fit this type ({})",
                        crate::basic::bytes(size),
                        chip.load,
                        chip.bank,
                        layout(scheme)
                    ));
                }
            };
            if slot >= most {
                return Err(format!(
                    "CHIP packet {n}: bank {} (this type has {})",
                    chip.bank,
                    layout(scheme)
                ));
            }
            let at = slot * BANK;
            if rom.len() < at + BANK {
                rom.resize(at + BANK, 0xFF);
            }
            for part in rom[at..at + BANK].chunks_mut(size) {
                part.copy_from_slice(&chip.data);
            }
        }
        if rom.is_empty() {
            return Err("no ROM in the image".into());
        }
        let min = match scheme {
            Scheme::SimonsBasic => 2 * BANK,
            Scheme::Zaxxon => 4 * BANK,
            _ => BANK,
        };
        if rom.len() < min {
            return Err(format!(
                "the image is too small for its type ({})",
                layout(scheme)
            ));
        }
        // Banks pick through a latch as wide as the image needs: a power of two.
        let banks = (rom.len() / BANK).next_power_of_two();
        rom.resize(banks * BANK, 0xFF);
        Ok(Banked {
            scheme,
            eight_k: scheme == Scheme::Ocean && rom.len() > 32 * BANK,
            rom,
            bank: 0,
            off: false,
        })
    }

    fn banks(&self) -> usize {
        self.rom.len() / BANK
    }

    fn byte(&self, bank: usize, addr: u16) -> u8 {
        self.rom[(bank % self.banks()) * BANK + usize::from(addr & 0x1FFF)]
    }
}

/// The bank a Fun Play register value picks.
fn fun_play_bank(value: u8) -> usize {
    usize::from(((value >> 3) & 7) | ((value & 1) << 3))
}

fn layout(scheme: Scheme) -> &'static str {
    match scheme {
        Scheme::SimonsBasic => "8 KiB at $8000 and 8 KiB at $A000, bank 0",
        Scheme::Zaxxon => "4 KiB at $8000 in bank 0, 8 KiB at $A000 in banks 0 and 1",
        Scheme::Ocean => "up to 64 banks of 8 KiB at $8000 or $A000",
        Scheme::FunPlay => "16 banks of 8 KiB at $8000, numbered as the register picks them",
        Scheme::GameSystem => "up to 64 banks of 8 KiB at $8000",
        Scheme::Dinamic => "up to 16 banks of 8 KiB at $8000",
        Scheme::MagicDesk => "up to 128 banks of 8 KiB at $8000",
    }
}

impl Expansion for Banked {
    fn lines(&self) -> Lines {
        let (game, exrom) = match self.scheme {
            Scheme::SimonsBasic => (self.off, false),
            Scheme::Ocean => (self.eight_k, false),
            Scheme::Zaxxon => (false, false),
            _ => (true, self.off),
        };
        Lines {
            game,
            exrom,
            ..Lines::RELEASED
        }
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        match (self.scheme, select) {
            (Scheme::SimonsBasic, Select::Io1) => self.off = true,
            (Scheme::GameSystem, Select::Io1) => self.bank = (addr & 0x3F) as u8,
            (Scheme::Dinamic, Select::Io1) if addr & 0xF0 == 0 => self.bank = (addr & 0x0F) as u8,
            (Scheme::Zaxxon, Select::RomL) => self.bank = ((addr >> 12) & 1) as u8,
            _ => {}
        }
        self.peek(select, addr)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        let bank = usize::from(self.bank);
        match (self.scheme, select) {
            (_, Select::Io1 | Select::Io2) => None,
            (Scheme::SimonsBasic, Select::RomL) => Some(self.byte(0, addr)),
            (Scheme::SimonsBasic, Select::RomH) => Some(self.byte(1, addr)),
            (Scheme::Zaxxon, Select::RomL) => Some(self.byte(0, addr)),
            (Scheme::Zaxxon, Select::RomH) => Some(self.byte(2 + bank, addr)),
            (_, Select::RomL | Select::RomH) => Some(self.byte(bank, addr)),
        }
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        if select != Select::Io1 {
            return;
        }
        match self.scheme {
            Scheme::SimonsBasic => self.off = false,
            Scheme::Ocean => self.bank = value & 0x3F,
            Scheme::GameSystem => self.bank = (addr & 0x3F) as u8,
            Scheme::MagicDesk => {
                self.bank = value & 0x7F;
                self.off = value & 0x80 != 0;
            }
            Scheme::FunPlay => match value & 0xC6 {
                0x00 => {
                    self.bank = fun_play_bank(value) as u8;
                    self.off = false;
                }
                0x86 => self.off = true,
                _ => {}
            },
            Scheme::Dinamic | Scheme::Zaxxon => {}
        }
    }

    fn reset(&mut self) {
        self.bank = 0;
        self.off = false;
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}
