//! The RAM Expansion Unit (1700: 128 KiB, 1764: 256 KiB, 1750: 512 KiB, and the larger
//! units built on the same design, up to 16 MiB): DRAM behind the 8726 DMA controller, whose
//! registers answer in I/O 2 ($DF00-$DF0A, repeated every 32 bytes).
//!
//! From the 8726's documented register set and the behaviour the VICE test bench's REU
//! programs check:
//! - `$DF00` status: interrupt pending (7), end of block (6), verify fault (5), 256 KiB
//!   DRAMs (4, clear only on the 1700); bits 7-5 clear when it is read.
//! - `$DF01` command: execute (7), autoload (5), no $FF00 trigger (4), the transfer type
//!   (1-0: C64 to REU, REU to C64, swap, verify). With bit 4 clear the transfer starts at the
//!   CPU's next write to $FF00; bit 7 clears and bit 4 sets when it starts.
//! - `$DF02-$DF03` the C64 address, `$DF04-$DF06` the REU address (the bank's unused bits
//!   read 1), `$DF07-$DF08` the length (0 is 65,536). Each is a counter with a shadow copy:
//!   a write sets the shadow byte and loads the whole counter from the shadow; autoload
//!   reloads all of them when a transfer ends.
//! - `$DF09` interrupt mask: enable (7), on end of block (6), on verify fault (5).
//! - `$DF0A` fixed addresses: the C64's (7), the REU's (6).
//!
//! A transfer moves one byte a cycle (a swap one every two), with the CPU off the bus
//! (/DMA). A stash or verify pauses in every cycle the machine reports BA low (the
//! machine leaves out the cycle in which a sprite's DMA comes on, which the REU still
//! takes). A fetch, which writes to the C64, still writes in the first of those cycles and
//! pauses from the next (unless BA is already low in its first cycle): 18 cycles lost to
//! eight sprites' 19 of BA, 42 to a bad line's 43 (the test bench's REU/bonzai
//! spritetiming, whose readme gives the real REU's figures; VICE x64sc agrees). A swap
//! waits for BA only to begin and to write: its reads go on while the VIC has not yet
//! taken the bus, and its last write goes through regardless (the test bench's
//! `reutiming2` reference data, from a C64 with the old VIC-II). The byte count stops at 1:
//! after a transfer the length reads 1 and the addresses point past the last byte. A verify
//! stops after the first difference, the counters past it; end of block is set when the
//! length had reached 1.
//!
//! The address counter is 19 bits wide (17 on the 1700, whose RAM repeats every 128 KiB;
//! as wide as the RAM on the larger units). The 1764 is a 1750 with half its RAM missing:
//! banks 4-7 are not there, and reading them gives the last byte the REU's data latch held.
//! What the latch holds (VICE test bench, REU/floatingbus/readme.txt): the last byte
//! written to the REU's RAM, or the last byte read from it; and after each byte of an REU
//! to C64 transfer the 8726 reads ahead the byte at the next REU address (the same one
//! when it is fixed; the one past the block at the end, autoload or not), so a fetch
//! leaves the latch holding the byte after its block, where that is fitted.
//!
//! The RAM comes up in a fixed pattern rather than zeroed: $FF $00 $00 $FF every four
//! bytes, inverted in odd pages and in banks 2-3. Real DRAM comes up in a pattern of its
//! own; this one agrees with the bytes the floating bus readme reports from a real 1764 at
//! the addresses its programs read, and is otherwise a choice.

use crate::chips::expansion::{Ba, DmaBus, Expansion, Lines, Select};

/// The byte at REU address `a` at power-on: $FF $00 $00 $FF every four bytes, inverted in
/// odd pages and in banks 2-3 (the floating bus programs of the VICE test bench read $FF at
/// $000000 and $010000, $00 at $000001, $020000 and $030000, $FF at $030001).
fn power_on_byte(a: u32) -> u8 {
    let ones = (a ^ (a >> 1) ^ (a >> 8) ^ (a >> 17)) & 1 == 0;
    if ones { 0xFF } else { 0x00 }
}

/// The transfer types of the command register's bits 0-1.
const STASH: u8 = 0;
const FETCH: u8 = 1;
const SWAP: u8 = 2;
const VERIFY: u8 = 3;

const IRQ: u8 = 0x80;
const END_OF_BLOCK: u8 = 0x40;
const FAULT: u8 = 0x20;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Reu {
    ram: Vec<u8>,
    /// Bytes of RAM the unit has (its size as sold).
    size: u32,
    /// The address counter's width, as a mask over the 24-bit REU address.
    counter: u32,
    /// Bits 7-5 of the status register.
    status: u8,
    command: u8,
    c64: u16,
    c64_shadow: u16,
    /// Bank in bits 16-23.
    reu: u32,
    reu_shadow: u32,
    len: u16,
    len_shadow: u16,
    mask: u8,
    fixed: u8,
    /// Waiting for the CPU's write to $FF00.
    armed: bool,
    /// A transfer holds /DMA.
    running: bool,
    /// In a swap, the first of its two cycles has read both bytes: (C64's, REU's).
    swap_held: Option<(u8, u8)>,
    /// The transfer has had the bus (it first waits for BA to be high).
    begun: bool,
    /// A verify found a difference: one more compare follows.
    trailing: bool,
    /// BA was low in the REU's previous DMA cycle (as it sees BA: `Ba::low`).
    ba_was_low: bool,
    /// The last byte on the REU's RAM data lines.
    latch: u8,
}

impl Reu {
    /// A unit of `kib` KiB: 128, 256, 512, or a power of two up to 16,384.
    pub fn new(kib: u32) -> Result<Reu, String> {
        if !(128..=16384).contains(&kib) || !kib.is_power_of_two() {
            return Err(format!(
                "REU size {kib} KiB: it is 128, 256, 512 KiB or a power of two up to 16 MiB"
            ));
        }
        let size = kib * 1024;
        let counter = match size {
            0x20000 => 0x1FFFF,
            0x40000 => 0x7FFFF,
            s => s - 1,
        };
        let ram = (0..size).map(power_on_byte).collect();
        let mut r = Reu {
            ram,
            size,
            counter,
            status: 0,
            command: 0,
            c64: 0,
            c64_shadow: 0,
            reu: 0,
            reu_shadow: 0,
            len: 0,
            len_shadow: 0,
            mask: 0,
            fixed: 0,
            armed: false,
            running: false,
            swap_held: None,
            begun: false,
            trailing: false,
            ba_was_low: true,
            latch: 0xFF,
        };
        r.reset_registers();
        Ok(r)
    }

    fn reset_registers(&mut self) {
        self.status = 0;
        self.command = 0x10;
        self.c64 = 0;
        self.c64_shadow = 0;
        self.reu = 0;
        self.reu_shadow = 0;
        self.len = 0xFFFF;
        self.len_shadow = 0xFFFF;
        self.mask = 0;
        self.fixed = 0;
        self.armed = false;
        self.running = false;
        self.swap_held = None;
    }

    /// The bank register's bits that exist (at least three: the 8726's own).
    fn bank_bits(&self) -> u8 {
        (((self.counter | 0x7FFFF) >> 16) & 0xFF) as u8
    }

    /// Where in `ram` an REU address is, or `None` where no RAM is fitted.
    fn cell(&self, addr: u32) -> Option<usize> {
        let a = addr & self.counter;
        (a < self.size || self.size != 0x40000).then_some((a % self.size) as usize)
    }

    fn read_ram(&mut self, addr: u32) -> u8 {
        if let Some(i) = self.cell(addr) {
            self.latch = self.ram[i];
        }
        self.latch
    }

    fn write_ram(&mut self, addr: u32, value: u8) {
        if let Some(i) = self.cell(addr) {
            self.ram[i] = value;
        }
        self.latch = value;
    }

    fn status_byte(&self) -> u8 {
        self.status | if self.size >= 0x40000 { 0x10 } else { 0 }
    }

    fn register(&self, reg: u8) -> u8 {
        match reg {
            0 => self.status_byte(),
            1 => self.command,
            2 => self.c64 as u8,
            3 => (self.c64 >> 8) as u8,
            4 => self.reu as u8,
            5 => (self.reu >> 8) as u8,
            6 => (self.reu >> 16) as u8 | !self.bank_bits(),
            7 => self.len as u8,
            8 => (self.len >> 8) as u8,
            9 => self.mask | 0x1F,
            10 => self.fixed | 0x3F,
            _ => 0xFF,
        }
    }

    fn set_register(&mut self, reg: u8, value: u8) {
        // The byte of a 16-bit register that `reg` writes: the low one at the pair's first.
        let byte = |w: u16, first: u8| {
            if reg == first {
                (w & 0xFF00) | u16::from(value)
            } else {
                (w & 0x00FF) | (u16::from(value) << 8)
            }
        };
        match reg {
            1 => {
                self.command = value;
                if value & 0x80 != 0 {
                    if value & 0x10 != 0 {
                        self.start();
                    } else {
                        self.armed = true;
                    }
                }
            }
            2 | 3 => {
                self.c64_shadow = byte(self.c64_shadow, 2);
                self.c64 = self.c64_shadow;
            }
            4 | 5 => {
                let w = u32::from(byte(self.reu_shadow as u16, 4));
                self.reu_shadow = (self.reu_shadow & 0xFF_0000) | w;
                self.reu = (self.reu & 0xFF_0000) | w;
            }
            6 => {
                let bank = u32::from(value & self.bank_bits()) << 16;
                self.reu_shadow = (self.reu_shadow & 0xFFFF) | bank;
                self.reu = (self.reu & 0xFFFF) | bank;
            }
            7 | 8 => {
                self.len_shadow = byte(self.len_shadow, 7);
                self.len = self.len_shadow;
            }
            9 => {
                self.mask = value & 0xE0;
                self.update_irq();
            }
            10 => self.fixed = value & 0xC0,
            _ => {}
        }
    }

    fn update_irq(&mut self) {
        let causes = self.status & self.mask & (END_OF_BLOCK | FAULT);
        if self.mask & IRQ != 0 && causes != 0 {
            self.status |= IRQ;
        }
    }

    fn start(&mut self) {
        self.armed = false;
        self.command = (self.command & 0x7F) | 0x10;
        self.running = true;
        self.swap_held = None;
        self.begun = false;
        self.trailing = false;
        // A fetch whose first cycle comes with BA low waits from that cycle on.
        self.ba_was_low = true;
    }

    /// The REU address after this one (the same when it is fixed).
    fn reu_ahead(&self) -> u32 {
        if self.fixed & 0x40 == 0 {
            let c = self.counter;
            (self.reu & !c) | (self.reu.wrapping_add(1) & c)
        } else {
            self.reu
        }
    }

    /// The counters past one byte.
    fn advance(&mut self) {
        if self.fixed & 0x80 == 0 {
            self.c64 = self.c64.wrapping_add(1);
        }
        self.reu = self.reu_ahead();
    }

    /// Past one byte: the transfer ends after the byte the length counted down to.
    fn next(&mut self) {
        self.advance();
        if self.len == 1 {
            self.finish(true);
        } else {
            self.len -= 1;
        }
    }

    /// A verify's compare. After a difference the counters move past it and one more pair
    /// is compared without moving them: the transfer then ends, with end of block only if
    /// the difference was in the last byte, or in the one before it and the last pair is
    /// the same.
    fn compare(&mut self, same: bool) {
        if self.trailing {
            self.trailing = false;
            self.finish(self.len == 1 && same);
        } else if same {
            self.next();
        } else {
            self.status |= FAULT;
            self.advance();
            if self.len == 1 {
                self.finish(true);
            } else {
                self.len -= 1;
                self.trailing = true;
            }
        }
    }

    /// A swap's two cycles, a read of both bytes and the write of each to the other side,
    /// alternate in every cycle the REU has the bus, BA low or not. A write cycle while BA is
    /// low writes nothing (the next read takes the byte again); while the VIC holds the bus
    /// the swap stands still.
    fn swap_cycle(&mut self, bus: &mut dyn DmaBus, ba: Ba) {
        if ba.vic_on_bus || !self.begun && ba.low {
            return;
        }
        self.begun = true;
        match self.swap_held.take() {
            None => {
                let c = bus.read(self.c64);
                let r = self.read_ram(self.reu);
                self.swap_held = Some((c, r));
            }
            Some(_) if ba.low && self.len != 1 => {}
            Some((c, r)) => {
                bus.write(self.c64, r);
                self.write_ram(self.reu, c);
                self.next();
            }
        }
    }

    fn finish(&mut self, end_of_block: bool) {
        if end_of_block {
            self.status |= END_OF_BLOCK;
        }
        self.update_irq();
        if self.command & 0x20 != 0 {
            self.c64 = self.c64_shadow;
            self.reu = self.reu_shadow;
            self.len = self.len_shadow;
        }
        self.running = false;
    }
}

impl Expansion for Reu {
    fn lines(&self) -> Lines {
        Lines {
            irq: self.status & IRQ != 0,
            dma: self.running,
            watch: self.armed.then_some(0xFF00),
            ..Lines::RELEASED
        }
    }

    fn read(&mut self, select: Select, addr: u16) -> Option<u8> {
        let v = self.peek(select, addr)?;
        if addr & 0x1F == 0 {
            self.status = 0;
        }
        Some(v)
    }

    fn peek(&self, select: Select, addr: u16) -> Option<u8> {
        (select == Select::Io2).then(|| self.register((addr & 0x1F) as u8))
    }

    fn write(&mut self, select: Select, addr: u16, value: u8) {
        if select == Select::Io2 && !self.running {
            self.set_register((addr & 0x1F) as u8, value);
        }
    }

    fn watched_write(&mut self, _addr: u16, _value: u8) {
        if self.armed {
            self.start();
        }
    }

    fn dma_cycle(&mut self, bus: &mut dyn DmaBus, ba: Ba) {
        if !self.running {
            return;
        }
        if self.command & 3 == SWAP {
            self.swap_cycle(bus, ba);
            return;
        }
        let was_low = std::mem::replace(&mut self.ba_was_low, ba.low);
        // A fetch writes to the C64 in the first cycle it sees BA low and stops in the
        // next; a stash or verify, which read the C64, stop at once.
        let held = if self.command & 3 == FETCH {
            ba.low && was_low
        } else {
            ba.low
        };
        if held {
            return;
        }
        match self.command & 3 {
            STASH => {
                let v = bus.read(self.c64);
                self.write_ram(self.reu, v);
                self.next();
            }
            FETCH => {
                let v = self.read_ram(self.reu);
                bus.write(self.c64, v);
                // The read ahead: the next REU address's byte into the latch.
                self.read_ram(self.reu_ahead());
                self.next();
            }
            VERIFY => {
                let c = bus.read(self.c64);
                let r = self.read_ram(self.reu);
                self.compare(c == r);
            }
            _ => unreachable!("two bits"),
        }
    }

    fn reset(&mut self) {
        self.reset_registers();
    }

    fn boxed_clone(&self) -> Box<dyn Expansion> {
        Box::new(self.clone())
    }
}
