//! The 1541's bus: its memory map and what its VIAs are wired to.
//!
//! Facts (`../shared/notes/drive-1541.md`, section 1): RAM $0000-$07FF (mirrored at $2000,
//! $4000 and $6000); VIA 1 at $1800 and VIA 2 at $1C00, each mirrored through its 1 KiB and
//! at $38xx/$3Cxx, $58xx/$5Cxx, $78xx/$7Cxx; the ROM at $C000-$FFFF, mirrored at $8000;
//! anything else reads the last value on the data bus. VIA 1's port B: bit 0 DATA IN, bit 1
//! DATA OUT, bit 2 CLK IN, bit 3 CLK OUT, bit 4 ATN acknowledge, bits 5-6 the device number
//! jumpers (device 8 + their value), bit 7 ATN IN; the inputs read a line as 1 while it is
//! low; CA1 sees ATN the same way. The drive pulls CLK while bit 3 is 1, and DATA while bit 1
//! is 1 or while the ATN acknowledge does not match ATN: DATA is free only with bit 1 at 0
//! and bit 4 XOR (ATN high) = 1, so asserting ATN makes the hardware pull DATA at once.

use crate::chips::cpu::Bus;
use crate::chips::serial;
use crate::chips::via::Via;

/// Everything on the drive CPU's bus.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct DriveBus {
    #[serde(with = "crate::chips::serde_arrays::boxed")]
    pub ram: Box<[u8; 0x800]>,
    /// The DOS ROM (not in save states: loaded again with the machine's ROMs).
    #[serde(skip, default = "empty_rom")]
    pub rom: Box<[u8; 0x4000]>,
    pub via1: Via,
    pub via2: Via,
    /// The last value on the data bus (what unmapped addresses read).
    last: u8,
    /// The device number's jumpers (device 8 + this).
    jumpers: u8,
    /// What the idle watch asks to be recorded (`idle.rs`).
    #[serde(skip)]
    pub record: Record,
}

/// The RAM bytes read before being written and those written, whether a timer's counter
/// was read and whether VIA 2 was accessed at all, since [`Record::start`].
#[derive(Clone, Default)]
pub(super) struct Record {
    pub timer_read: bool,
    pub via2_used: bool,
    reads: Vec<u16>,
    writes: Vec<u16>,
    /// Per RAM byte: 1 read first, 2 written.
    seen: Vec<u8>,
}

impl Record {
    /// Start over.
    pub(super) fn start(&mut self) {
        if self.seen.is_empty() {
            self.seen = vec![0; 0x800];
        }
        for &a in self.reads.iter().chain(&self.writes) {
            self.seen[usize::from(a)] = 0;
        }
        self.reads.clear();
        self.writes.clear();
        self.timer_read = false;
        self.via2_used = false;
    }

    /// The bytes read before being written, and those written.
    pub(super) fn recorded(&self) -> (&[u16], &[u16]) {
        (&self.reads, &self.writes)
    }

    #[inline]
    fn read(&mut self, a: usize) {
        if let Some(seen) = self.seen.get_mut(a)
            && *seen == 0
        {
            *seen = 1;
            self.reads.push(a as u16);
        }
    }

    #[inline]
    fn write(&mut self, a: usize) {
        if let Some(seen) = self.seen.get_mut(a)
            && *seen & 2 == 0
        {
            *seen |= 2;
            self.writes.push(a as u16);
        }
    }
}

fn empty_rom() -> Box<[u8; 0x4000]> {
    Box::new([0; 0x4000])
}

impl DriveBus {
    pub(super) fn new(rom: Box<[u8; 0x4000]>, device: u8) -> Self {
        DriveBus {
            ram: Box::new([0; 0x800]),
            rom,
            via1: Via::new(),
            via2: Via::new(),
            last: 0,
            jumpers: device.wrapping_sub(8) & 3,
            record: Record::default(),
        }
    }

    /// The last value on the data bus.
    pub(super) fn last(&self) -> u8 {
        self.last
    }

    /// VIA 1's inputs from the serial bus's lines (`low`: the lines pulled low by anybody).
    pub(super) fn see_serial(&mut self, low: u8) {
        let mut pb = 0x1A | (self.jumpers << 5);
        if low & serial::DATA != 0 {
            pb |= 0x01;
        }
        if low & serial::CLK != 0 {
            pb |= 0x04;
        }
        let atn = low & serial::ATN != 0;
        if atn {
            pb |= 0x80;
        }
        self.via1.pb_in = pb;
        self.via1.set_ca1(atn);
    }

    /// The lines the drive pulls low, with ATN's level on the bus (`atn_low`).
    pub(super) fn pulls(&self, atn_low: bool) -> u8 {
        let pb = self.via1.pb_pins();
        let mut lines = 0;
        if pb & 0x08 != 0 {
            lines |= serial::CLK;
        }
        let ack = pb & 0x10 != 0;
        if pb & 0x02 != 0 || ack != atn_low {
            lines |= serial::DATA;
        }
        lines
    }
}

impl Bus for DriveBus {
    fn read(&mut self, addr: u16) -> u8 {
        let v = if addr & 0x8000 != 0 {
            self.rom[usize::from(addr & 0x3FFF)]
        } else {
            match addr & 0x1C00 {
                0x0000 | 0x0400 => {
                    let a = usize::from(addr & 0x7FF);
                    self.record.read(a);
                    self.ram[a]
                }
                0x1800 => {
                    self.record.timer_read |= reads_counter(addr);
                    self.via1.read(addr as u8)
                }
                0x1C00 => {
                    self.record.via2_used = true;
                    self.record.timer_read |= reads_counter(addr);
                    self.via2.read(addr as u8)
                }
                _ => self.last,
            }
        };
        self.last = v;
        v
    }

    /// Not recorded for the idle watch: the value is not used.
    fn read_dummy(&mut self, addr: u16) -> u8 {
        if addr & 0x9C00 == 0 || addr & 0x9C00 == 0x0400 {
            let v = self.ram[usize::from(addr & 0x7FF)];
            self.last = v;
            v
        } else {
            self.read(addr)
        }
    }

    fn write(&mut self, addr: u16, value: u8) {
        self.last = value;
        if addr & 0x8000 != 0 {
            return;
        }
        match addr & 0x1C00 {
            0x0000 | 0x0400 => {
                let a = usize::from(addr & 0x7FF);
                self.record.write(a);
                self.ram[a] = value;
            }
            0x1800 => self.via1.write(addr as u8, value),
            0x1C00 => {
                self.record.via2_used = true;
                self.via2.write(addr as u8, value);
            }
            _ => {}
        }
    }
}

/// Whether a read of `addr` in a VIA reads a timer's counter (which changes every cycle).
fn reads_counter(addr: u16) -> bool {
    matches!(addr & 0x0F, 0x4 | 0x5 | 0x8 | 0x9)
}
