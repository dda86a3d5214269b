//! The expansion port: what a cartridge or a RAM expansion can do to the machine, as the
//! lines of the port. The machine asks whatever is plugged in through [`Expansion`]; with
//! nothing plugged in ([`Empty`]) every line stays as the C64's pull-ups leave it: GAME and
//! EXROM high, no interrupt, no DMA, and nothing answers in I/O 1 ($DE00-$DEFF), I/O 2
//! ($DF00-$DFFF), ROML or ROMH.

/// The port's output lines the machine looks at outside an access.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Lines {
    /// /GAME and /EXROM, as levels: true is high (not asserted).
    pub game: bool,
    pub exrom: bool,
    /// /IRQ, /NMI and /DMA asserted (pulled low).
    pub irq: bool,
    pub nmi: bool,
    pub dma: bool,
    /// An address whose CPU writes the device watches although it raises no select there
    /// (the REU's trigger at $FF00): the port carries the whole address bus.
    pub watch: Option<u16>,
    /// The device is told of each CPU write to the stack page, with its cycle (a freezer
    /// waiting for the three writes in a row of the interrupt its button caused).
    pub stack: bool,
    /// 4 KiB blocks (bit n: $n000-$nFFF) where the device answers the CPU whatever the PLA
    /// decodes there, through [`Expansion::claimed_read`] and [`Expansion::claimed_write`]
    /// (freezers whose own decoding overrides the C64's map in some modes).
    pub claim: u16,
}

impl Lines {
    /// Nothing asserted.
    pub const RELEASED: Lines = Lines {
        game: true,
        exrom: true,
        irq: false,
        nmi: false,
        dma: false,
        watch: None,
        stack: false,
        claim: 0,
    };
}

/// Which select line of the port an access raised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Select {
    /// $DE00-$DEFF.
    Io1,
    /// $DF00-$DFFF.
    Io2,
    /// $8000-$9FFF when the PLA maps the cartridge's low ROM there.
    RomL,
    /// $A000-$BFFF or $E000-$FFFF when the PLA maps the cartridge's high ROM there.
    RomH,
}

/// The C64's bus as a device that pulled /DMA drives it: the CPU is off the bus, and the
/// device's accesses go where the PLA decodes them, as the CPU's would, except that $0000
/// and $0001 are RAM (the 6510's port answers only its own CPU).
pub trait DmaBus {
    fn read(&mut self, addr: u16) -> u8;
    fn write(&mut self, addr: u16, value: u8);
}

/// The VIC's hold on the bus in a DMA cycle, as a device on the port sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ba {
    /// BA is low: the VIC takes, or is about to take, the bus.
    pub low: bool,
    /// The VIC makes an access in this cycle's second phase, with BA low for the three
    /// cycles before (AEC low): nothing else can reach the bus.
    pub vic_on_bus: bool,
}

/// Something on the expansion port.
/// Everything on the port is `Any`, so that a save state can name the device it holds
/// (`cart/saved.rs`).
pub trait Expansion: std::any::Any + Send + Sync {
    /// The lines it drives now.
    fn lines(&self) -> Lines;
    /// A read with `select` raised: the byte it drives onto the data bus, or `None` when it
    /// leaves the bus alone (the CPU then reads what the VIC left there).
    fn read(&mut self, select: Select, addr: u16) -> Option<u8>;
    /// The same read without side effects, for inspection.
    fn peek(&self, select: Select, addr: u16) -> Option<u8>;
    /// A write with `select` raised.
    fn write(&mut self, select: Select, addr: u16, value: u8);
    /// A cycle with /DMA pulled (its [`Lines::dma`]): the device may make one access on
    /// `bus`, as the VIC allows (`ba`).
    fn dma_cycle(&mut self, _bus: &mut dyn DmaBus, _ba: Ba) {}
    /// A CPU read in a block of [`Lines::claim`]: `under` is what the C64's own map gives
    /// there (the device may drive the bus over it, or let it through).
    fn claimed_read(&mut self, _addr: u16, under: u8) -> u8 {
        under
    }
    /// A CPU write in a block of [`Lines::claim`]: whether the C64's own map takes it too.
    fn claimed_write(&mut self, _addr: u16, _value: u8) -> bool {
        true
    }
    /// The CPU wrote `value` to the address in [`Lines::watch`].
    fn watched_write(&mut self, _addr: u16, _value: u8) {}
    /// The CPU wrote to the stack page in φ2 cycle `cycle`, with [`Lines::stack`] set.
    fn stack_write(&mut self, _cycle: u64) {}
    /// Its freeze button was pressed: whether it has one.
    fn freeze(&mut self) -> bool {
        false
    }
    /// The cartridge's image with what the machine wrote to its flash, when that changed it
    /// (`None` for a device without flash, or flash as it came).
    fn changed_image(&self) -> Option<crate::media::crt::Crt> {
        None
    }
    /// The machine's RESET line was pulled.
    fn reset(&mut self) {}
    /// A copy (machines are cloned for look-ahead and tests).
    fn boxed_clone(&self) -> Box<dyn Expansion>;
    /// The 8 KiB the CPU sees at ROMH now, when they are in memory as they are: the VIC's
    /// fetches in Ultimax mode read its upper 4 KiB (`None`: the VIC sees $FF there).
    fn romh_for_vic(&self) -> Option<&[u8]> {
        None
    }
    /// Whether it has a port of its own on its back, for a RAM expansion.
    fn has_pass_through(&self) -> bool {
        false
    }
    /// For a cartridge whose flash is saved back to its file: a checksum of the image it
    /// was made from, so that a machine from a save state is not written into another
    /// cartridge's file (0 for everything else).
    fn origin(&self) -> u64 {
        0
    }
}

/// The port with nothing plugged in.
#[derive(Debug, Clone, Copy, Default)]
pub struct Empty;

impl Expansion for Empty {
    fn lines(&self) -> Lines {
        Lines::RELEASED
    }
    fn read(&mut self, _: Select, _: u16) -> Option<u8> {
        None
    }
    fn peek(&self, _: Select, _: u16) -> Option<u8> {
        None
    }
    fn write(&mut self, _: Select, _: u16, _: u8) {}
    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(*self)
    }
}

/// What is plugged into the port (a clonable box, [`Empty`] by default).
pub struct Slot(pub Box<dyn Expansion>);

impl Default for Slot {
    fn default() -> Self {
        Slot(Box::new(Empty))
    }
}

impl Clone for Slot {
    fn clone(&self) -> Self {
        Slot(self.0.boxed_clone())
    }
}
