//! The C64's memory as the CPU sees it: 64 KiB RAM, the ROMs, colour RAM and the PLA's
//! banking, from the C64 Programmer's Reference Guide ("memory management") and the
//! VIC-II article, section 2.4.1 (memory map as seen by the 6510).
//!
//! The PLA decodes LORAM/HIRAM/CHAREN (the 6510 port's bits 0-2) and the expansion port's
//! GAME and EXROM (the Programmer's Reference Guide's memory configurations):
//! - both high (no cartridge): BASIC ROM at $A000 needs LORAM and HIRAM, the KERNAL at
//!   $E000 needs HIRAM, and $D000-$DFFF is RAM when both LORAM and HIRAM are low, else I/O
//!   when CHAREN is high or the character ROM when it is low;
//! - EXROM low (8K and 16K cartridges): the cartridge's ROML at $8000-$9FFF when LORAM and
//!   HIRAM are high; with GAME low too (16K), its ROMH replaces BASIC at $A000-$BFFF
//!   whenever HIRAM is high, and with HIRAM low the character ROM is not seen;
//! - GAME low and EXROM high (Ultimax): RAM only at $0000-$0FFF, ROML at $8000, I/O at
//!   $D000, ROMH at $E000, and nothing at all elsewhere, whatever the port says.
//!
//! Writes go to RAM, except to I/O and where nothing is mapped; in Ultimax mode the
//! cartridge's areas take the writes instead.

use crate::c64::roms::Roms;
use crate::chips::cpu::port::Port;

/// What answers a CPU access in each 4 KiB block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Region {
    Ram,
    Basic,
    Kernal,
    CharRom,
    Io,
    /// The cartridge's low ROM (ROML) or high ROM (ROMH).
    RomL,
    RomH,
    /// Nothing answers (Ultimax mode): reads see the bus as the VIC left it.
    Open,
    /// Only in the write map: the block holding the address a device on the expansion port
    /// watches (its writes go where the read map says, and the device is told).
    Watched,
    /// A block the device on the expansion port answers itself ([`Memory::own_region`] is the
    /// C64's own map there).
    Claimed,
    /// Only in the write map, everywhere, while a device on the expansion port pulls /DMA:
    /// the CPU is off the bus (AEC), and its writes reach nothing.
    OffTheBus,
}

impl Region {
    /// RAM or one of the machine's ROMs: read from memory, written to RAM.
    #[inline(always)]
    pub fn is_memory(self) -> bool {
        (self as u8) <= Region::CharRom as u8
    }
}

/// RAM, colour RAM, ROM images and the banking state.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Memory {
    #[serde(with = "crate::chips::serde_arrays::boxed")]
    pub ram: Box<[u8; 0x10000]>,
    /// Colour RAM: 1 KiB of 4-bit cells (the upper bits are not stored).
    #[serde(with = "crate::chips::serde_arrays::boxed")]
    pub color: Box<[u8; 0x400]>,
    /// Not in save states: a state is loaded onto the ROM set it was saved with.
    #[serde(skip, default = "Roms::open")]
    pub roms: Roms,
    pub port: Port,
    map: [Region; 16],
    /// `map` for writes: the same, with the watched address's block marked (rebuilt by
    /// `update_map`, not stored).
    #[serde(skip, default = "all_ram")]
    wmap: [Region; 16],
    /// `map` without the blocks the expansion port claims.
    #[serde(skip, default = "all_ram")]
    own: [Region; 16],
}

fn all_ram() -> [Region; 16] {
    [Region::Ram; 16]
}

impl Memory {
    pub fn new(roms: Roms) -> Self {
        let mut m = Memory {
            ram: Box::new([0; 0x10000]),
            color: Box::new([0; 0x400]),
            roms,
            port: Port::default(),
            map: [Region::Ram; 16],
            wmap: [Region::Ram; 16],
            own: [Region::Ram; 16],
        };
        m.power_on_pattern();
        m.update_map(true, true, 0, 0, false);
        m
    }

    /// RAM contents at power-on. C64 DRAM comes up mostly as runs of $00 and $FF whose layout
    /// depends on the chips and the board (VICE test bench, C64/raminitpattern/readme.txt);
    /// programs have come to depend on it. This is the pattern VICE x64sc shows at power-on,
    /// without its random bit flips (a fixed pattern keeps runs deterministic): every 8 bytes
    /// $00 $00 $FF $FF $FF $FF $00 $00, inverted in the second and fourth 16 KiB.
    fn power_on_pattern(&mut self) {
        for (i, b) in self.ram.iter_mut().enumerate() {
            let ones = matches!(i & 7, 2..=5) != (i & 0x4000 != 0);
            *b = if ones { 0xFF } else { 0x00 };
        }
        for (i, c) in self.color.iter_mut().enumerate() {
            *c = (i as u8).wrapping_mul(7) & 0x0F;
        }
    }

    /// Recompute the block map after a write to the 6510 port or a change of GAME or EXROM
    /// (levels, true = high), of the 4 KiB blocks (bit n: $n000) holding writes the
    /// expansion port watches, or of its /DMA.
    pub fn update_map(&mut self, game: bool, exrom: bool, watched: u16, claim: u16, dma: bool) {
        self.own = Self::block_map(self.port.bank_bits(), game, exrom);
        self.map = self.own;
        for (i, r) in self.map.iter_mut().enumerate() {
            if claim & (1 << i) != 0 {
                *r = Region::Claimed;
            }
        }
        self.wmap = self.map;
        for (i, r) in self.wmap.iter_mut().enumerate() {
            if watched & (1 << i) != 0 {
                *r = Region::Watched;
            }
        }
        if dma {
            self.wmap = [Region::OffTheBus; 16];
        }
    }

    fn block_map(bits: u8, game: bool, exrom: bool) -> [Region; 16] {
        let loram = bits & 1 != 0;
        let hiram = bits & 2 != 0;
        let charen = bits & 4 != 0;
        let mut map = [Region::Ram; 16];
        if !game && exrom {
            map[1..8].fill(Region::Open);
            map[0x8] = Region::RomL;
            map[0x9] = Region::RomL;
            map[0xA..0xD].fill(Region::Open);
            map[0xD] = Region::Io;
            map[0xE] = Region::RomH;
            map[0xF] = Region::RomH;
            return map;
        }
        let cart16 = !game && !exrom;
        if !exrom && loram && hiram {
            map[0x8] = Region::RomL;
            map[0x9] = Region::RomL;
        }
        if cart16 && hiram {
            map[0xA] = Region::RomH;
            map[0xB] = Region::RomH;
        } else if !cart16 && loram && hiram {
            map[0xA] = Region::Basic;
            map[0xB] = Region::Basic;
        }
        if hiram {
            map[0xE] = Region::Kernal;
            map[0xF] = Region::Kernal;
        }
        if charen && (loram || hiram) {
            map[0xD] = Region::Io;
        } else if !charen && (hiram || (loram && !cart16)) {
            map[0xD] = Region::CharRom;
        }
        map
    }

    /// The region answering a CPU access to `addr`.
    #[inline(always)]
    pub fn region(&self, addr: u16) -> Region {
        self.map[(addr >> 12) as usize]
    }

    /// The region the C64's own map gives `addr`, under a block the expansion port claims.
    #[inline]
    pub fn own_region(&self, addr: u16) -> Region {
        self.own[(addr >> 12) as usize]
    }

    /// The region taking a CPU write to `addr`.
    #[inline(always)]
    pub fn write_region(&self, addr: u16) -> Region {
        self.wmap[(addr >> 12) as usize]
    }

    /// Read a ROM or RAM (the caller handles I/O, the cartridge's areas, open areas and the
    /// port at $00/$01).
    #[inline(always)]
    pub fn read_mapped(&self, region: Region, addr: u16) -> u8 {
        match region {
            Region::Ram
            | Region::Io
            | Region::RomL
            | Region::RomH
            | Region::Open
            | Region::Watched
            | Region::Claimed
            | Region::OffTheBus => self.ram[addr as usize],
            Region::Basic => self.roms.basic[(addr & 0x1FFF) as usize],
            Region::Kernal => self.roms.kernal[(addr & 0x1FFF) as usize],
            Region::CharRom => self.roms.chargen[(addr & 0x0FFF) as usize],
        }
    }
}
