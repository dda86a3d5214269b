//! RamCart (64 and 128 KiB): RAM seen through a 256-byte window at I/O 2 ($DF00-$DFFF).
//! $DE00 holds the page's low eight bits, bit 0 of $DE01 its ninth (the 128 KiB unit only;
//! the 64 KiB one ignores it). The unit's read-only switch, which would also show the window
//! at $8000 for a boot page, is left at read/write. From the cartridge's documentation and
//! cc65's driver for it.

use crate::chips::expansion::{Expansion, Lines, Select};

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct RamCart {
    ram: Vec<u8>,
    page: u16,
}

impl RamCart {
    /// A unit of `kib` KiB: 64 or 128.
    pub fn new(kib: u32) -> Result<RamCart, String> {
        if kib != 64 && kib != 128 {
            return Err(format!("RamCart size {kib} KiB: it is 64 or 128 KiB"));
        }
        Ok(RamCart {
            ram: vec![0; kib as usize * 1024],
            page: 0,
        })
    }

    fn cell(&self, addr: u16) -> usize {
        ((usize::from(self.page) << 8) | usize::from(addr & 0xFF)) % self.ram.len()
    }
}

impl Expansion for RamCart {
    fn lines(&self) -> Lines {
        Lines::RELEASED
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        self.peek(select, addr)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        (select == Select::Io2).then(|| self.ram[self.cell(addr)])
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        match (select, addr & 0xFF) {
            (Select::Io2, _) => {
                let i = self.cell(addr);
                self.ram[i] = value;
            }
            (Select::Io1, 0) => self.page = (self.page & 0x100) | u16::from(value),
            (Select::Io1, 1) => self.page = (self.page & 0xFF) | (u16::from(value & 1) << 8),
            _ => {}
        }
    }

    fn reset(&mut self) {
        self.page = 0;
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}
