//! Isepic: a freezer with 2 KiB of RAM in eight pages of 256 bytes. Any access to I/O 1 at
//! $DE00-$DE07 (and its repeats every eight bytes) picks the page its address names, and the
//! page shows at I/O 2 ($DF00-$DFFF). With its switch on, as here, the RAM answers there and
//! the C64 runs on; the freeze itself (the switch thrown while running: an NMI, with the RAM
//! mapped over the top of memory) is not modelled. From the cartridge's documentation and
//! cc65's driver for it.

use crate::chips::expansion::{Expansion, Lines, Select};

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Isepic {
    ram: Vec<u8>,
    page: u8,
}

impl Isepic {
    pub fn new() -> Isepic {
        Isepic {
            ram: vec![0; 2048],
            page: 0,
        }
    }

    fn cell(&self, addr: u16) -> usize {
        (usize::from(self.page) << 8) | usize::from(addr & 0xFF)
    }
}

impl Default for Isepic {
    fn default() -> Self {
        Isepic::new()
    }
}

impl Expansion for Isepic {
    fn lines(&self) -> Lines {
        Lines::RELEASED
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        match select {
            Select::Io1 => {
                self.page = (addr & 7) as u8;
                None
            }
            _ => self.peek(select, addr),
        }
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        (select == Select::Io2).then(|| self.ram[self.cell(addr)])
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        match select {
            Select::Io1 => self.page = (addr & 7) as u8,
            Select::Io2 => {
                let i = self.cell(addr);
                self.ram[i] = value;
            }
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
