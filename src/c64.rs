//! The machine: a PAL Commodore 64 (6510, 6569 VIC-II, two 6526 CIAs, 6581 SID stub,
//! PLA banking), advanced one φ2 cycle at a time by [`C64::tick`], the only place where the
//! chips are wired to each other.
//!
//! Clock: 985,248 Hz, 63 cycles x 312 lines = 19,656 cycles a frame (50.125 Hz). The CIAs'
//! time-of-day input is the 50 Hz mains of a PAL machine. I/O map (C64 Programmer's
//! Reference Guide, memory map): VIC $D000-$D3FF (mirrored every 64 bytes), SID $D400-$D7FF
//! (every 32), colour RAM $D800-$DBFF, CIA 1 $DC00 and CIA 2 $DD00 (every 16), open bus at
//! $DE00-$DFFF. A write to $D7FF is also reported to test runners (the VICE test-bench
//! convention used by `--exit-on-d7ff`).

use crate::cia::Cia;
use crate::cpu::{Bus, Cpu};
use crate::keyboard::Keyboard;
use crate::memory::{Memory, Region};
use crate::roms::Roms;
use crate::sid::Sid;
use crate::vic::{Vic, VicMemory};

/// φ2 cycles per second of a PAL C64.
pub const PAL_CLOCK_HZ: u64 = 985_248;
/// Cycles per PAL frame.
pub const CYCLES_PER_FRAME: u64 = 63 * 312;
/// Mains frequency driving the CIAs' TOD input.
const TOD_HZ: u64 = 50;

/// Everything on the CPU's bus.
#[derive(Clone)]
pub struct System {
    pub mem: Memory,
    pub vic: Vic,
    pub cia1: Cia,
    pub cia2: Cia,
    pub sid: Sid,
    pub keyboard: Keyboard,
    /// Value of the last write to $D7FF, if any (cleared by whoever consumes it).
    pub d7ff: Option<u8>,
    /// VIC bank base chosen by CIA 2 port A bits 0-1 (inverted).
    vic_bank: u16,
    /// φ2 cycles since power-on.
    pub cycles: u64,
    /// Cycle of the next TOD input pulse and the fraction carried between pulses.
    next_tod: u64,
    tod_frac: u64,
}

/// A PAL C64.
#[derive(Clone)]
pub struct C64 {
    pub cpu: Cpu,
    pub sys: System,
}

impl C64 {
    /// Power on with the given ROMs. The CPU runs its reset sequence on the first tick.
    pub fn new(roms: Roms) -> Self {
        let mut sys = System {
            mem: Memory::new(roms),
            vic: Vic::new(),
            cia1: Cia::new(),
            cia2: Cia::new(),
            sid: Sid::new(),
            keyboard: Keyboard::new(),
            d7ff: None,
            vic_bank: 0,
            cycles: 0,
            next_tod: PAL_CLOCK_HZ / TOD_HZ,
            tod_frac: PAL_CLOCK_HZ % TOD_HZ,
        };
        sys.update_cia2_port();
        C64 {
            cpu: Cpu::new(),
            sys,
        }
    }

    /// φ2 cycles since power-on.
    #[inline]
    pub fn cycles(&self) -> u64 {
        self.sys.cycles
    }

    /// Soft reset: the RESET line of CPU and CIAs (RAM and VIC registers keep their state,
    /// as the VIC has no reset line on the C64).
    pub fn reset(&mut self) {
        self.cpu.reset();
        self.sys.cia1.reset();
        self.sys.cia2.reset();
        self.sys.mem.port = Default::default();
        self.sys.mem.update_map();
        self.sys.update_cia2_port();
        self.sys.keyboard.release_all();
    }

    /// Advance the whole machine by one φ2 cycle.
    #[inline(always)]
    pub fn tick(&mut self) {
        let s = &mut self.sys;
        // 1. The VIC's half-cycle: its memory fetches and BA for this cycle.
        let view = VicMemory {
            ram: &s.mem.ram,
            chargen: &s.mem.roms.chargen,
            color: &s.mem.color,
            bank: s.vic_bank,
        };
        let ba_low = s.vic.tick(&view);
        // 2. The CPU's bus cycle: RDY follows BA, so read cycles are held on bad lines.
        self.cpu.rdy = !ba_low;
        self.cpu.irq = s.vic.irq() || s.cia1.irq();
        self.cpu.nmi = s.cia2.irq() || s.keyboard.restore;
        self.cpu.tick(s);
        // 3. The CIAs, with their TOD input (50 pulses per 985,248 cycles, spread evenly).
        s.cia1.tick();
        s.cia2.tick();
        s.cycles += 1;
        if s.cycles >= s.next_tod {
            s.tod_pulse();
        }
        // 4. The SID has no per-cycle work while it only keeps registers: voice 3's
        // oscillator is computed from the cycle count when read.
    }

    /// Run `n` cycles.
    pub fn run_cycles(&mut self, n: u64) {
        for _ in 0..n {
            self.tick();
        }
    }

    /// Run to the end of the current frame (the VIC wraps to line 0).
    pub fn run_frame(&mut self) {
        let f = self.sys.vic.frames();
        while self.sys.vic.frames() == f {
            self.tick();
        }
    }

    /// Read memory as the CPU would, without side effects on I/O chips.
    pub fn peek(&self, addr: u16) -> u8 {
        self.sys.peek(addr)
    }

    /// Read a little-endian word with [`C64::peek`].
    pub fn peek_word(&self, addr: u16) -> u16 {
        u16::from_le_bytes([self.peek(addr), self.peek(addr.wrapping_add(1))])
    }

    /// Write RAM directly (under any ROM), bypassing I/O: for loaders and `--poke`.
    pub fn poke_ram(&mut self, addr: u16, value: u8) {
        self.sys.mem.ram[addr as usize] = value;
    }

    /// Write as the CPU would (I/O registers included).
    pub fn poke(&mut self, addr: u16, value: u8) {
        self.sys.write(addr, value);
    }

    pub fn ram(&self) -> &[u8; 0x10000] {
        &self.sys.mem.ram
    }

    /// The 1,000 screen codes of the text screen the KERNAL uses (page in $0288).
    pub fn screen_codes(&self) -> [u8; 1000] {
        let base = (self.sys.mem.ram[0x0288] as usize) << 8;
        let mut out = [0u8; 1000];
        for (i, b) in out.iter_mut().enumerate() {
            *b = self.sys.mem.ram[(base + i) & 0xFFFF];
        }
        out
    }
}

impl System {
    #[cold]
    fn tod_pulse(&mut self) {
        self.cia1.tod_pulse();
        self.cia2.tod_pulse();
        self.tod_frac += PAL_CLOCK_HZ % TOD_HZ;
        let extra = self.tod_frac / TOD_HZ;
        self.tod_frac %= TOD_HZ;
        self.next_tod += PAL_CLOCK_HZ / TOD_HZ + extra;
    }

    /// CIA 2 port A: VIC bank select (bits 0-1, inverted) and the serial bus lines. With no
    /// device on the bus, the CLK and DATA inputs (bits 6-7) read the inverse of the C64's
    /// own outputs (bits 4-5) through the bus drivers.
    fn update_cia2_port(&mut self) {
        let pins = self.cia2.pa_pins();
        self.vic_bank = ((!pins & 3) as u16) << 14;
        let clk_in = if pins & 0x10 != 0 { 0 } else { 0x40 };
        let data_in = if pins & 0x20 != 0 { 0 } else { 0x80 };
        self.cia2.pa_in = 0x3F | clk_in | data_in;
    }

    /// Feed CIA 1 the keyboard matrix and joystick levels before a port read.
    #[inline]
    fn update_cia1_ports(&mut self) {
        let pa = self.cia1.pa_pins();
        let pb = self.cia1.pb_pins();
        self.cia1.pa_in = self.keyboard.port_a_in(pa, pb);
        self.cia1.pb_in = self.keyboard.port_b_in(pa, pb);
    }

    fn io_read(&mut self, addr: u16) -> u8 {
        match (addr >> 8) & 0x0F {
            0x0..=0x3 => self.vic.read(addr as u8),
            0x4..=0x7 => self.sid.read(addr as u8, self.cycles),
            0x8..=0xB => (self.vic.last_fetch() & 0xF0) | self.mem.color[(addr & 0x3FF) as usize],
            0xC => {
                if addr & 0x0E == 0 {
                    self.update_cia1_ports();
                }
                self.cia1.read((addr & 0x0F) as u8)
            }
            0xD => self.cia2.read((addr & 0x0F) as u8),
            _ => self.vic.last_fetch(),
        }
    }

    fn io_peek(&self, addr: u16) -> u8 {
        match (addr >> 8) & 0x0F {
            0x0..=0x3 => self.vic.peek(addr as u8),
            0x4..=0x7 => self.sid.peek(addr as u8, self.cycles),
            0x8..=0xB => (self.vic.last_fetch() & 0xF0) | self.mem.color[(addr & 0x3FF) as usize],
            0xC => {
                if addr & 0x0E == 0 {
                    // Port reads depend on the keyboard: compute them on a copy.
                    let mut c = self.cia1.clone();
                    let pa = c.pa_pins();
                    let pb = c.pb_pins();
                    c.pa_in = self.keyboard.port_a_in(pa, pb);
                    c.pb_in = self.keyboard.port_b_in(pa, pb);
                    return c.peek((addr & 0x0F) as u8);
                }
                self.cia1.peek((addr & 0x0F) as u8)
            }
            0xD => self.cia2.peek((addr & 0x0F) as u8),
            _ => self.vic.last_fetch(),
        }
    }

    fn io_write(&mut self, addr: u16, value: u8) {
        match (addr >> 8) & 0x0F {
            0x0..=0x3 => self.vic.write(addr as u8, value),
            0x4..=0x7 => {
                self.sid.write(addr as u8, value, self.cycles);
                if addr == 0xD7FF {
                    self.d7ff = Some(value);
                }
            }
            0x8..=0xB => self.mem.color[(addr & 0x3FF) as usize] = value & 0x0F,
            0xC => self.cia1.write((addr & 0x0F) as u8, value),
            0xD => {
                self.cia2.write((addr & 0x0F) as u8, value);
                if addr & 0x0F == 0 || addr & 0x0F == 2 {
                    self.update_cia2_port();
                }
            }
            _ => {}
        }
    }

    /// Memory as the CPU sees it, without side effects.
    pub fn peek(&self, addr: u16) -> u8 {
        if addr < 2 {
            return self.mem.port.read(addr);
        }
        match self.mem.region(addr) {
            Region::Io => self.io_peek(addr),
            r => self.mem.read_mapped(r, addr),
        }
    }
}

impl Bus for System {
    #[inline(always)]
    fn read(&mut self, addr: u16) -> u8 {
        if addr < 2 {
            return self.mem.port.read(addr);
        }
        match self.mem.region(addr) {
            Region::Io => self.io_read(addr),
            r => self.mem.read_mapped(r, addr),
        }
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        if addr < 2 {
            self.mem.port.write(addr, value);
            self.mem.update_map();
            // The 6510 does not drive the bus for its own port: the RAM cell underneath gets
            // whatever the VIC left there.
            self.mem.ram[addr as usize] = self.vic.last_fetch();
            return;
        }
        if self.mem.region(addr) == Region::Io {
            self.io_write(addr, value);
        } else {
            self.mem.ram[addr as usize] = value;
        }
    }
}

#[cfg(test)]
mod tests;
