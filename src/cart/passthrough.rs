//! A cartridge with a port of its own on its back (the Retro Replay's and the Nordic
//! Replay's pass-through), and a RAM expansion plugged into it: both see every access on the
//! C64's port. The cartridge in front answers first; where it leaves the bus alone the one
//! behind answers. GAME and EXROM, and the blocks a cartridge claims, are the front's; the
//! interrupt lines are either's; /DMA, and the address it watches, the one behind.

use crate::chips::expansion::{Ba, DmaBus, Expansion, Lines, Select};

pub struct PassThrough {
    front: Box<dyn Expansion>,
    back: Box<dyn Expansion>,
}

impl PassThrough {
    /// `back` plugged into `front`, if `front` has a port to plug it into.
    pub fn new(front: Box<dyn Expansion>, back: Box<dyn Expansion>) -> Result<Self, String> {
        if !front.has_pass_through() {
            return Err(
                "this cartridge has no port on its back for a RAM expansion (the Retro Replay \
                 and the Nordic Replay have)"
                    .into(),
            );
        }
        Ok(PassThrough { front, back })
    }
}

impl Clone for PassThrough {
    fn clone(&self) -> Self {
        PassThrough {
            front: self.front.boxed_clone(),
            back: self.back.boxed_clone(),
        }
    }
}

impl Expansion for PassThrough {
    fn lines(&self) -> Lines {
        let (f, b) = (self.front.lines(), self.back.lines());
        Lines {
            irq: f.irq || b.irq,
            nmi: f.nmi || b.nmi,
            dma: f.dma || b.dma,
            watch: b.watch.or(f.watch),
            ..f
        }
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        let f = self.front.read(select, addr);
        let b = self.back.read(select, addr);
        f.or(b)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        self.front
            .peek(select, addr)
            .or_else(|| self.back.peek(select, addr))
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        self.front.write(select, addr, value);
        self.back.write(select, addr, value);
    }

    fn dma_cycle(&mut self, bus: &mut dyn DmaBus, ba: Ba) {
        self.back.dma_cycle(bus, ba);
    }

    fn claimed_read(&mut self, addr: u16, under: u8) -> u8 {
        self.front.claimed_read(addr, under)
    }

    fn claimed_write(&mut self, addr: u16, value: u8) -> bool {
        self.front.claimed_write(addr, value)
    }

    fn watched_write(&mut self, addr: u16, value: u8) {
        self.back.watched_write(addr, value);
    }

    fn stack_write(&mut self, cycle: u64) {
        self.front.stack_write(cycle);
    }

    fn freeze(&mut self) -> bool {
        self.front.freeze()
    }

    fn changed_image(&self) -> Option<crate::media::crt::Crt> {
        self.front.changed_image()
    }

    fn origin(&self) -> u64 {
        self.front.origin()
    }

    fn romh_for_vic(&self) -> Option<&[u8]> {
        self.front.romh_for_vic()
    }

    fn reset(&mut self) {
        self.front.reset();
        self.back.reset();
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}

impl PassThrough {
    /// The cartridge in front and the device behind it.
    pub fn parts(&self) -> (&dyn Expansion, &dyn Expansion) {
        (&*self.front, &*self.back)
    }
}
