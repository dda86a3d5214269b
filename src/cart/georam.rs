//! GeoRAM (and the NeoRAM built the same way): RAM seen through a 256-byte window at I/O 1
//! ($DE00-$DEFF). Two write-only registers choose what the window shows: $DFFE the page
//! within a 16 KiB block (0-63), $DFFF the block. A unit of 512 KiB has 32 blocks; block
//! numbers beyond its size repeat its RAM.

use crate::chips::expansion::{Expansion, Lines, Select};

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct GeoRam {
    ram: Vec<u8>,
    page: u8,
    block: u8,
}

impl GeoRam {
    /// A unit of `kib` KiB: a power of two from 64 to 4,096.
    pub fn new(kib: u32) -> Result<GeoRam, String> {
        if !(64..=4096).contains(&kib) || !kib.is_power_of_two() {
            return Err(format!(
                "GeoRAM size {kib} KiB: it is a power of two from 64 KiB to 4 MiB"
            ));
        }
        Ok(GeoRam {
            ram: vec![0; kib as usize * 1024],
            page: 0,
            block: 0,
        })
    }

    fn cell(&self, addr: u16) -> usize {
        let page = (usize::from(self.block) << 6) | usize::from(self.page & 0x3F);
        ((page << 8) | usize::from(addr & 0xFF)) % self.ram.len()
    }
}

impl Expansion for GeoRam {
    fn lines(&self) -> Lines {
        Lines::RELEASED
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        self.peek(select, addr)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        (select == Select::Io1).then(|| self.ram[self.cell(addr)])
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        match (select, addr & 0xFF) {
            (Select::Io1, _) => {
                let i = self.cell(addr);
                self.ram[i] = value;
            }
            (Select::Io2, 0xFE) => self.page = value,
            (Select::Io2, 0xFF) => self.block = value,
            _ => {}
        }
    }

    fn reset(&mut self) {
        self.page = 0;
        self.block = 0;
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}
