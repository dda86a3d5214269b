//! The CPU's bus: the PLA's banking (`memory.rs`), the I/O map and the expansion port.
//!
//! I/O map (C64 Programmer's Reference Guide, memory map): VIC $D000-$D3FF (mirrored every
//! 64 bytes), SID $D400-$D7FF (every 32), colour RAM $D800-$DBFF, CIA 1 $DC00 and CIA 2
//! $DD00 (every 16), and the expansion port's I/O 1 ($DE00) and I/O 2 ($DF00): open bus
//! while nothing there answers. A write to $D7FF is also reported to test runners as an
//! [`Event`] (the VICE test bench's convention, used by `--exit-on-d7ff`): a watch on the
//! address, beside the SID it reaches.

use super::memory::Region;
use super::schedule::vic_view;
use super::{Event, System};
use crate::chips::cpu::Bus;
use crate::chips::expansion::{Ba, DmaBus, Select};

/// Which chip answers in the I/O block, by address bits 8-11.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Io {
    Vic,
    Sid,
    Color,
    Cia(usize),
    Port(Select),
}

#[inline(always)]
fn io_chip(addr: u16) -> Io {
    match (addr >> 8) & 0x0F {
        0x0..=0x3 => Io::Vic,
        0x4..=0x7 => Io::Sid,
        0x8..=0xB => Io::Color,
        0xC => Io::Cia(0),
        0xD => Io::Cia(1),
        0xE => Io::Port(Select::Io1),
        _ => Io::Port(Select::Io2),
    }
}

impl System {
    /// The PLA's map after a change of the 6510 port or of the expansion port's GAME and
    /// EXROM.
    pub(super) fn update_map(&mut self) {
        self.port_lines = self.expansion.0.lines();
        // The CPU's writes reach nothing from the cycle after /DMA falls to the cycle in
        // which the device lets it go (`dma_cycle`).
        self.off_the_bus |= self.port_lines.dma;
        let l = &self.port_lines;
        let watched = l.watch.map_or(0, |a| 1u16 << (a >> 12)) | u16::from(l.stack);
        self.mem
            .update_map(l.game, l.exrom, watched, l.claim, self.off_the_bus);
    }

    /// What the VIC fetched in the first phase of this cycle: the CPU's open bus.
    pub(super) fn open_bus(&self) -> u8 {
        self.vic.phi1_fetch(&vic_view(
            &self.mem,
            self.vic_bank,
            &self.expansion,
            &self.port_lines,
        ))
    }

    /// Whether RAM fitted inside answers at `addr` (its register, over the VIC's mirror).
    fn upgrade_at(&self, addr: u16) -> bool {
        self.upgrade.as_ref().is_some_and(|u| u.answers(addr))
    }

    fn io_read(&mut self, addr: u16) -> u8 {
        match io_chip(addr) {
            Io::Vic if self.upgrade_at(addr) => self.upgrade.as_ref().map_or(0xFF, |u| u.read()),
            Io::Vic => {
                // Quiet cycles change no register the CPU reads (the raster line only moves
                // in a full tick), so only a read that clears the collision registers, or
                // whose byte an s-access waits for, needs the VIC brought up to date first.
                if addr & 0x3E == 0x1E || self.vic.wants_register_byte() {
                    self.vic_catch_up();
                }
                self.vic.read(addr as u8)
            }
            Io::Sid => self.sid.read(addr as u8, self.cycles),
            Io::Color => {
                self.vic_catch_up();
                (self.open_bus() & 0xF0) | self.mem.color[(addr & 0x3FF) as usize]
            }
            Io::Cia(i) => {
                self.cia_catch_up(i, self.cycles);
                if i == 0 && addr & 0x0E == 0 {
                    self.update_cia1_ports();
                }
                if i == 1 && addr & 0x0F == 0 {
                    self.catch_up_drive_for_read();
                }
                let v = self.cia_mut(i).read((addr & 0x0F) as u8);
                self.cia_wake_now(i);
                v
            }
            Io::Port(select) => self.port_read(select, addr),
        }
    }

    /// A read of I/O, the cartridge's areas or an open area (the rare cases, kept out of
    /// the CPU's inlined read).
    #[inline(never)]
    fn read_other(&mut self, r: Region, addr: u16) -> u8 {
        match r {
            Region::Io => self.io_read(addr),
            Region::RomL => self.port_read(Select::RomL, addr),
            Region::RomH => self.port_read(Select::RomH, addr),
            Region::Claimed => {
                let under = self.read_in(self.mem.own_region(addr), addr);
                let v = self.expansion.0.claimed_read(addr, under);
                self.port_changed();
                v
            }
            _ => {
                self.vic_catch_up();
                self.open_bus()
            }
        }
    }

    /// A read that region `r` answers: memory at once, the rest through `read_other`.
    #[inline(always)]
    fn read_in(&mut self, r: Region, addr: u16) -> u8 {
        if r.is_memory() {
            self.mem.read_mapped(r, addr)
        } else {
            self.read_other(r, addr)
        }
    }

    /// A write that region `r` takes: RAM at once, the rest through `write_other`.
    fn write_in(&mut self, r: Region, addr: u16, value: u8) {
        if r.is_memory() {
            self.mem.ram[addr as usize] = value;
        } else {
            self.write_other(r, addr, value);
        }
    }

    #[inline(never)]
    fn write_other(&mut self, r: Region, addr: u16, value: u8) {
        if r == Region::OffTheBus {
            return;
        }
        if addr < 2 {
            self.mem.port.write(addr, value, self.cycles);
            self.update_map();
            // The 6510 does not drive the bus for its own port: the RAM cell underneath gets
            // whatever the VIC left there.
            self.vic_catch_up();
            self.mem.ram[addr as usize] = self.open_bus();
            return;
        }
        match r {
            Region::Io => self.io_write(addr, value),
            Region::RomL => self.port_write(Select::RomL, addr, value),
            Region::RomH => self.port_write(Select::RomH, addr, value),
            Region::Claimed => {
                if self.expansion.0.claimed_write(addr, value) {
                    self.write_in(self.mem.own_region(addr), addr, value);
                }
                self.port_changed();
            }
            Region::Watched => {
                self.write_as_mapped(addr, value);
                if self.port_lines.watch == Some(addr) {
                    self.expansion.0.watched_write(addr, value);
                    self.port_changed();
                }
                if self.port_lines.stack && addr & 0xFF00 == 0x0100 {
                    self.expansion.0.stack_write(self.cycles);
                    self.port_changed();
                }
            }
            _ => {}
        }
    }

    /// A write where the read map says (not the write map's watches).
    fn write_as_mapped(&mut self, addr: u16, value: u8) {
        self.write_in(self.mem.region(addr), addr, value);
    }

    /// After the device on the port was told of an access: the PLA's map follows GAME and
    /// EXROM, and when its interrupt or DMA lines moved, the VIC's next cycle is a full tick,
    /// which drives the CPU's inputs.
    pub(super) fn port_changed(&mut self) {
        let before = self.port_lines;
        self.update_map();
        if self.port_lines != before {
            self.vic_wake_now();
        }
    }

    /// A read that raised one of the expansion port's selects: what the cartridge drives,
    /// else the bus as the VIC left it.
    fn port_read(&mut self, select: Select, addr: u16) -> u8 {
        self.vic_catch_up();
        let v = self.expansion.0.read(select, addr);
        self.port_changed();
        v.unwrap_or_else(|| self.open_bus())
    }

    fn port_peek(&self, select: Select, addr: u16) -> u8 {
        self.expansion
            .0
            .peek(select, addr)
            .unwrap_or_else(|| self.open_bus())
    }

    /// A write that raised one of the port's selects. Outside Ultimax mode ROML and ROMH
    /// lie over RAM, which takes the write too.
    fn port_write(&mut self, select: Select, addr: u16, value: u8) {
        let ultimax = !self.port_lines.game && self.port_lines.exrom;
        if select != Select::Io1 && select != Select::Io2 && !ultimax {
            self.mem.ram[addr as usize] = value;
        }
        self.expansion.0.write(select, addr, value);
        self.port_changed();
    }

    /// One cycle with /DMA pulled: the CPU is off the bus (its reads held by RDY, its writes
    /// lost: the write map's `OffTheBus`), and the device on the port may make an access.
    /// The VIC's next cycle is a full tick, which brings the next DMA cycle, or, after the
    /// last, gives the CPU the bus back.
    #[inline(never)]
    pub(super) fn dma_cycle(&mut self) {
        if !self.port_lines.dma {
            // Let go in the cycle before: the CPU has the bus again.
            self.off_the_bus = false;
            self.device_had_bus = false;
            self.update_map();
            return;
        }
        let mut slot = std::mem::take(&mut self.expansion);
        self.ba_run = if self.ba_low {
            self.ba_run.saturating_add(1)
        } else {
            0
        };
        // A device that had the bus in the cycle before takes the one in which a sprite's
        // DMA comes on; one whose DMA begins in it finds BA low (the test bench's
        // REU/reutiming2 readme: a transfer that starts as sprite 0's DMA comes on takes an
        // extra cycle).
        let fresh = self.device_had_bus && self.vic.ba_fell_in_this_cycle();
        let ba = Ba {
            low: self.ba_low && !fresh,
            vic_on_bus: self.ba_run > 3 && self.vic.second_phase_access(),
        };
        slot.0.dma_cycle(self, ba);
        self.device_had_bus = true;
        self.expansion = slot;
        self.port_changed();
        self.vic_wake_now();
    }

    fn io_peek(&self, addr: u16) -> u8 {
        match io_chip(addr) {
            Io::Vic if self.upgrade_at(addr) => self.upgrade.as_ref().map_or(0xFF, |u| u.read()),
            Io::Vic => self.vic.peek(addr as u8),
            Io::Sid => self.sid.peek(addr as u8, self.cycles),
            Io::Color => (self.open_bus() & 0xF0) | self.mem.color[(addr & 0x3FF) as usize],
            Io::Cia(i) => {
                // On a copy brought up to date (and, for CIA 1, fed the keyboard).
                let mut c = if i == 0 {
                    self.cia1.clone()
                } else {
                    self.cia2.clone()
                };
                c.skip_quiet((self.cycles - self.sched.cia[i].synced) as u16);
                if i == 0 {
                    let pa = c.pa_pins();
                    let pb = c.pb_pins();
                    c.pa_in = self.keyboard.port_a_in(pa, pb);
                    c.pb_in = self.keyboard.port_b_in(pa, pb);
                } else if addr & 0x0F == 0 {
                    c.pa_in = self.cia2_pa_in_now();
                }
                c.peek((addr & 0x0F) as u8)
            }
            Io::Port(select) => self.port_peek(select, addr),
        }
    }

    fn io_write(&mut self, addr: u16, value: u8) {
        if addr == 0xD7FF {
            self.events.push(Event::DebugExit(value));
        }
        match io_chip(addr) {
            Io::Vic if self.upgrade_at(addr) => {
                // The VIC has fetched from the old banks up to now.
                self.vic_catch_up();
                if let Some(u) = self.upgrade.as_mut() {
                    u.write(value, &mut self.mem.ram);
                }
            }
            Io::Vic => {
                self.vic_catch_up();
                self.vic.write(addr as u8, value);
                self.vic_wake_now();
            }
            Io::Sid => self.sid.write(addr as u8, value, self.cycles),
            Io::Color => self.mem.color[(addr & 0x3FF) as usize] = value & 0x0F,
            Io::Cia(i) => {
                self.cia_catch_up(i, self.cycles);
                if i == 1 && (addr & 0x0F == 0 || addr & 0x0F == 2) {
                    self.catch_up_drive_for_write();
                }
                self.cia_mut(i).write((addr & 0x0F) as u8, value);
                self.cia_wake_now(i);
                if i == 1 && (addr & 0x0F == 0 || addr & 0x0F == 2) {
                    self.update_cia2_port();
                }
                if i == 0 && addr & 0x0C == 0 {
                    self.update_light_pen();
                }
            }
            Io::Port(select) => self.port_write(select, addr, value),
        }
    }

    /// Memory as the CPU sees it, without side effects.
    pub(super) fn peek(&self, addr: u16) -> u8 {
        if addr < 2 {
            return self.mem.port.read(addr, self.cycles);
        }
        match self.mem.region(addr) {
            Region::Io => self.io_peek(addr),
            Region::RomL => self.port_peek(Select::RomL, addr),
            Region::RomH => self.port_peek(Select::RomH, addr),
            Region::Open => self.open_bus(),
            Region::Claimed => {
                let r = self.mem.own_region(addr);
                if r.is_memory() {
                    self.mem.read_mapped(r, addr)
                } else {
                    self.open_bus()
                }
            }
            r => self.mem.read_mapped(r, addr),
        }
    }
}

impl Bus for System {
    #[inline(always)]
    fn read(&mut self, addr: u16) -> u8 {
        if addr < 2 {
            return self.mem.port.read(addr, self.cycles);
        }
        self.read_in(self.mem.region(addr), addr)
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        if self.vic.renders() {
            // Fetches the picture still owes must see memory before this write.
            self.vic_catch_up();
        }
        let r = self.mem.write_region(addr);
        if r.is_memory() && addr >= 2 {
            self.mem.ram[addr as usize] = value;
        } else {
            self.write_other(r, addr, value);
        }
    }
}

/// The CPU's bus while a monitor watches it: each access is noted (`C64::cpu_access`), then
/// made as on the plain bus. Runs without a watch use the plain bus and note nothing.
pub(super) struct Watched<'a>(pub(super) &'a mut System, pub(super) &'a mut u32);

impl Bus for Watched<'_> {
    #[inline(always)]
    fn read(&mut self, addr: u16) -> u8 {
        *self.1 = u32::from(addr) | super::ACCESS_SEEN;
        Bus::read(self.0, addr)
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        *self.1 = u32::from(addr) | super::ACCESS_SEEN | super::ACCESS_WRITE;
        Bus::write(self.0, addr, value);
    }
}

impl DmaBus for System {
    fn read(&mut self, addr: u16) -> u8 {
        if addr < 2 {
            return self.mem.ram[addr as usize];
        }
        <System as Bus>::read(self, addr)
    }

    fn write(&mut self, addr: u16, value: u8) {
        self.vic_catch_up();
        if addr < 2 {
            self.mem.ram[addr as usize] = value;
        } else {
            self.write_as_mapped(addr, value);
        }
    }
}
