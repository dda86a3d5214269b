//! Double Quick Brown Box: 16 KiB of battery-backed RAM that shows as a cartridge at
//! $8000-$BFFF and takes the CPU's writes there. A write-only register at I/O 1 ($DE00)
//! sets it: bit 7 switches it off (both lines released), bit 2 gives 16K mode (else 8K,
//! $8000-$9FFF only), bit 4 lets writes into the RAM. Only two values are known to be used
//! (cc65's driver: $90 off, $14 on in 16K mode with writes); the bits are read from them.
//! It comes up off.

use crate::chips::expansion::{Expansion, Lines, Select};

const SIZE: usize = 0x4000;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Dqbb {
    ram: Vec<u8>,
    register: u8,
}

impl Dqbb {
    pub fn new() -> Dqbb {
        Dqbb {
            ram: vec![0; SIZE],
            register: 0x80,
        }
    }

    fn on(&self) -> bool {
        self.register & 0x80 == 0
    }

    fn cell(select: Select, addr: u16) -> Option<usize> {
        match select {
            Select::RomL => Some(usize::from(addr & 0x1FFF)),
            Select::RomH => Some(0x2000 | usize::from(addr & 0x1FFF)),
            Select::Io1 | Select::Io2 => None,
        }
    }
}

impl Default for Dqbb {
    fn default() -> Self {
        Dqbb::new()
    }
}

impl Expansion for Dqbb {
    fn lines(&self) -> Lines {
        let on = self.on();
        Lines {
            game: !(on && self.register & 4 != 0),
            exrom: !on,
            ..Lines::RELEASED
        }
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        self.peek(select, addr)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        Dqbb::cell(select, addr).map(|i| self.ram[i])
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        if select == Select::Io1 && addr & 0xFF == 0 {
            self.register = value;
        } else if let Some(i) = Dqbb::cell(select, addr)
            && self.register & 0x10 != 0
        {
            self.ram[i] = value;
        }
    }

    fn reset(&mut self) {
        self.register = 0x80;
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}
