//! The Action Replay family of freezer cartridges: Action Replay (CRT type 1), Nordic Power
//! (type 9), Retro Replay and Nordic Replay (type 36, subtypes 0 and 1). Each has ROM in
//! banks of 8 KiB, cartridge RAM, and a control register at $DE00 (from the cartridges'
//! register documentation and the test bench's cartridge programs):
//!
//! | bit | on a write to $DE00 |
//! |---|---|
//! | 0 | /GAME low |
//! | 1 | /EXROM high |
//! | 2 | the cartridge switches itself off until reset |
//! | 3, 4 | ROM bank (and on the Replays the RAM bank) |
//! | 5 | RAM instead of ROM at ROML, and in the I/O window |
//! | 6 | ends the freeze |
//! | 7 | ROM bank's third bit (Replays) |
//!
//! At reset the register is 0: 8K mode, ROM bank 0. The last 256 bytes of the ROML window's
//! bank (ROM, or RAM with bit 5) also show in I/O 2; on the Replays with the REU-compatible
//! map, bytes $02-$FF of the page before show in I/O 1 instead. The Action Replay has one
//! 8 KiB RAM, and its register answers writes anywhere in I/O 1; the Replays have 32 KiB in
//! four banks, a second register at $DE01 (bit 1: the I/O window's RAM follows the bank; bit 6:
//! the REU-compatible map; both, and bit 2, latched by the first write after reset) and both
//! registers read back as one status byte. In 8K and 16K mode a write to ROML reaches C64
//! RAM; the cartridge's RAM takes it too, except on the Retro Replay.
//!
//! Mode $22 (RAM on, both lines released) is where they part: the Retro Replay leaves the
//! C64 its own map; the Action Replay's RAM drives the bus at $8000-$9FFF together with the
//! C64's (reads give both ORed, writes reach both); Nordic Power and the Nordic Replay show
//! their ROM at $8000 and their RAM at $A000-$BFFF, which takes the writes there alone.
//!
//! The freeze button ([`super::freeze`]) pulls /NMI; when the interrupt begins, the
//! register becomes $03: Ultimax mode with ROM bank 0, where the CPU reads the NMI vector,
//! whatever the cartridge was doing (switched off too).

use super::freeze::Button;
use crate::chips::expansion::{Expansion, Lines, Select};
use crate::media::crt::Crt;

const BANK: usize = 0x2000;

#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum Kind {
    ActionReplay,
    NordicPower,
    RetroReplay,
    NordicReplay,
}

impl Kind {
    fn is_replay(self) -> bool {
        matches!(self, Kind::RetroReplay | Kind::NordicReplay)
    }
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Replay {
    kind: Kind,
    rom: Vec<u8>,
    ram: Vec<u8>,
    control: u8,
    /// The Replays' $DE01.
    extra: u8,
    /// $DE01's bits 1, 2 and 6 have been written since reset.
    latched: bool,
    off: bool,
    button: Button,
}

impl Replay {
    pub fn from_crt(kind: Kind, crt: &Crt) -> Result<Replay, String> {
        let banks = if kind.is_replay() { 8 } else { 4 };
        let layout = format!("this type has {banks} banks of 8 KiB at $8000");
        let rom = super::rom_banks(crt, BANK, banks, &layout)?;
        let ram = vec![0; if kind.is_replay() { 0x8000 } else { 0x2000 }];
        Ok(Replay {
            kind,
            rom,
            ram,
            control: 0,
            extra: 0,
            latched: false,
            off: false,
            button: Button::default(),
        })
    }

    fn rom_bank(&self) -> usize {
        let mut b = usize::from((self.control >> 3) & 3);
        if self.kind.is_replay() && self.control & 0x80 != 0 {
            b |= 4;
        }
        b % (self.rom.len() / BANK)
    }

    /// The RAM bank at ROML (the Replays' bits 3-4) or in the I/O window (bank 0 unless the
    /// Replay allows banking there).
    fn ram_bank(&self, io: bool) -> usize {
        if !self.kind.is_replay() || (io && self.extra & 2 == 0) {
            0
        } else {
            usize::from((self.control >> 3) & 3)
        }
    }

    fn ram_on(&self) -> bool {
        self.control & 0x20 != 0
    }

    /// Byte `offset` of the ROML window's bank: RAM or ROM.
    fn window(&self, offset: usize, io: bool) -> u8 {
        if self.ram_on() {
            self.ram[self.ram_bank(io) * BANK + offset]
        } else {
            self.rom[self.rom_bank() * BANK + offset]
        }
    }

    fn reu_map(&self) -> bool {
        self.kind.is_replay() && self.extra & 0x40 != 0
    }

    /// Where in the ROML window's bank an I/O address shows, if it does.
    fn io_offset(&self, select: Select, addr: u16) -> Option<usize> {
        let low = usize::from(addr & 0xFF);
        match (select, self.reu_map()) {
            (Select::Io2, false) => Some(0x1F00 + low),
            (Select::Io1, true) if low >= 2 => Some(0x1E00 + low),
            _ => None,
        }
    }

    fn status(&self) -> u8 {
        (self.extra & 0x42) | (self.control & 0x98)
    }

    fn ultimax(&self) -> bool {
        self.control & 3 == 3
    }

    /// Mode $22 on a cartridge whose own decoding overrides the C64's map in it.
    fn own_map(&self) -> bool {
        !self.off && self.control & 0x23 == 0x22 && self.kind != Kind::RetroReplay
    }
}

impl Expansion for Replay {
    fn lines(&self) -> Lines {
        let button = Lines {
            nmi: self.button.waiting(),
            stack: self.button.waiting(),
            ..Lines::RELEASED
        };
        if self.off {
            return button;
        }
        let claim = match (self.own_map(), self.kind) {
            (false, _) => 0,
            (true, Kind::ActionReplay) => 0x0300,
            (true, _) => 0x0F00,
        };
        Lines {
            game: self.control & 1 == 0,
            exrom: self.control & 2 != 0,
            claim,
            ..button
        }
    }

    fn freeze(&mut self) -> bool {
        self.button.press();
        true
    }

    fn stack_write(&mut self, cycle: u64) {
        if self.button.stack_write(cycle) {
            self.control = 0x03;
            self.off = false;
        }
    }

    fn claimed_read(&mut self, addr: u16, under: u8) -> u8 {
        let offset = usize::from(addr & 0x1FFF);
        match (self.kind, addr < 0xA000) {
            (Kind::ActionReplay, _) => under | self.ram[offset],
            (_, true) => self.rom[self.rom_bank() * BANK + offset],
            (_, false) => self.ram[self.ram_bank(true) * BANK + offset],
        }
    }

    fn claimed_write(&mut self, addr: u16, value: u8) -> bool {
        let offset = usize::from(addr & 0x1FFF);
        match (self.kind, addr < 0xA000) {
            (Kind::ActionReplay, _) => {
                self.ram[offset] = value;
                true
            }
            (_, true) => true,
            (_, false) => {
                let i = self.ram_bank(true) * BANK + offset;
                self.ram[i] = value;
                false
            }
        }
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        self.peek(select, addr)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        if self.off {
            return None;
        }
        let offset = usize::from(addr & 0x1FFF);
        match select {
            Select::RomL => Some(self.window(offset, false)),
            Select::RomH => Some(self.rom[self.rom_bank() * BANK + offset]),
            Select::Io1 if self.kind.is_replay() && addr & 0xFE == 0 => Some(self.status()),
            _ => self.io_offset(select, addr).map(|o| self.window(o, true)),
        }
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        if self.off {
            return;
        }
        let low = addr & 0xFF;
        let register = match (select, self.kind.is_replay()) {
            (Select::Io1, false) => true,
            (Select::Io1, true) => low < 2,
            _ => false,
        };
        if register {
            if low == 1 && self.kind.is_replay() {
                let keep = if self.latched {
                    self.extra & 0x46
                } else {
                    value & 0x46
                };
                self.extra = keep | (value & 0x01);
                self.control = (self.control & !0x98) | (value & 0x98);
                self.latched = true;
            } else {
                self.control = value;
                self.off = value & 4 != 0;
            }
            return;
        }
        let cart_ram_takes = self.ultimax() || self.kind != Kind::RetroReplay;
        match select {
            Select::RomL if self.ram_on() && cart_ram_takes => {
                let i = self.ram_bank(false) * BANK + usize::from(addr & 0x1FFF);
                self.ram[i] = value;
            }
            Select::Io1 | Select::Io2 if self.ram_on() => {
                if let Some(o) = self.io_offset(select, addr) {
                    let i = self.ram_bank(true) * BANK + o;
                    self.ram[i] = value;
                }
            }
            _ => {}
        }
    }

    fn romh_for_vic(&self) -> Option<&[u8]> {
        let at = self.rom_bank() * BANK;
        Some(&self.rom[at..at + BANK])
    }

    fn reset(&mut self) {
        self.control = 0;
        self.extra = 0;
        self.latched = false;
        self.off = false;
        self.button = Button::default();
    }

    fn has_pass_through(&self) -> bool {
        self.kind.is_replay()
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}
