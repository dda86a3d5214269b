//! The machine: a PAL Commodore 64 (6510, 6569 VIC-II, two 6526 CIAs, 6581 SID,
//! PLA banking), advanced one φ2 cycle at a time by [`C64::tick`], the only place where the
//! chips are wired to each other.
//!
//! Clock and frame as its [`Model`] says: for the PAL C64, 985,248 Hz, 63 cycles x 312
//! lines = 19,656 cycles a frame (50.125 Hz), and the 50 Hz mains as the CIAs' time-of-day
//! input. I/O map (C64 Programmer's
//! Reference Guide, memory map): VIC $D000-$D3FF (mirrored every 64 bytes), SID $D400-$D7FF
//! (every 32), colour RAM $D800-$DBFF, CIA 1 $DC00 and CIA 2 $DD00 (every 16), open bus at
//! $DE00-$DFFF. A write to $D7FF is also reported to test runners as an [`Event`] (the VICE
//! test-bench convention used by `--exit-on-d7ff`).
//!
//! What the machine gives whoever runs it: the frame ([`C64::frame`]), the screen as text
//! ([`C64::screen_text`]) and [`Event`]s ([`C64::take_events`]).
//!
//! Its place among the layers: ARCHITECTURE.md.

pub mod memory;
pub mod model;
pub mod roms;

pub use model::Model;

use crate::chips::cia::Cia;
use crate::chips::cpu::{Bus, Cpu};
use crate::chips::keyboard::Keyboard;
use crate::chips::sid::Sid;
use crate::chips::vic::{Vic, VicMemory};
use memory::{Memory, Region};
use roms::Roms;

/// Something the machine reports to whoever runs it, as it happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Event {
    /// A program wrote this value to $D7FF (the VICE test bench's debug register: 0 pass,
    /// $FF fail).
    DebugExit(u8),
}

/// Everything on the CPU's bus.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct System {
    pub mem: Memory,
    pub vic: Vic,
    pub cia1: Cia,
    pub cia2: Cia,
    pub sid: Sid,
    pub keyboard: Keyboard,
    /// Events not yet taken by the runner.
    events: Vec<Event>,
    /// VIC bank base chosen by CIA 2 port A bits 0-1 (inverted).
    vic_bank: u16,
    /// The CIAs are ticked lazily: cycles in which a CIA only counts down are skipped and
    /// applied in one step when the CPU next touches it or its quiet stretch ends. `synced`
    /// is the first cycle not yet applied, `wake` the first cycle that needs a real tick.
    /// (The schedule is not in save states: they are saved synced, and loaded with a full
    /// tick next.)
    #[serde(skip)]
    cia_synced: [u64; 2],
    #[serde(skip)]
    cia_wake: [u64; 2],
    #[serde(skip)]
    cia_wake_min: u64,
    /// The VIC is ticked lazily in the same way: only cycles with an event of the line
    /// (or pixels to draw, or BA changing) run its full model.
    #[serde(skip)]
    vic_synced: u64,
    #[serde(skip)]
    vic_wake: u64,
    /// The frame the SID was last brought up to date in: it is caught up at the start of
    /// every frame (and before any access), so its samples are ready frame by frame.
    #[serde(skip)]
    sid_frame: u64,
    /// BA as of the VIC's last full tick (it only changes in one).
    ba_low: bool,
    /// φ2 cycles since power-on (read it with [`C64::cycles`]).
    cycles: u64,
    /// Tick every chip in full every cycle instead of skipping quiet stretches: the
    /// reference the lazy scheduling is tested against (see `c64/tests.rs`).
    #[serde(skip)]
    eager: bool,
    /// Cycle of the next TOD input pulse and the fraction carried between pulses.
    next_tod: u64,
    tod_frac: u64,
    /// Which C64 this is.
    model: Model,
}

/// A PAL C64.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct C64 {
    pub cpu: Cpu,
    pub sys: System,
}

impl C64 {
    /// Power on a PAL C64 with the given ROMs. The CPU is in its reset sequence.
    pub fn new(roms: Roms) -> Self {
        Self::with_model(roms, Model::C64_PAL).expect("the PAL C64 is emulated")
    }

    /// Power on `model` with the given ROMs, if this build emulates it.
    pub fn with_model(roms: Roms, model: Model) -> Result<Self, model::ModelError> {
        model.check()?;
        let mut sys = System {
            mem: Memory::new(roms),
            vic: Vic::new(),
            cia1: Cia::new(),
            cia2: Cia::new(),
            sid: Sid::new(model.clock_hz),
            keyboard: Keyboard::new(),
            events: Vec::new(),
            vic_bank: 0,
            cia_synced: [0; 2],
            cia_wake: [0; 2],
            cia_wake_min: 0,
            vic_synced: 0,
            vic_wake: 0,
            sid_frame: 0,
            ba_low: false,
            cycles: 0,
            eager: false,
            next_tod: model.clock_hz / model.mains_hz,
            tod_frac: model.clock_hz % model.mains_hz,
            model,
        };
        sys.update_cia2_port();
        let mut cpu = Cpu::new();
        // The reset sequence's first cycle (the discarded opcode fetch) falls before the cycle
        // counted as 0: the first instruction is fetched in cycle 6, on raster line 0 in the
        // line's 7th cycle. Where the 6510 starts against the VIC after power-on is up to the
        // reset circuit; this is where VICE x64sc starts it (its monitor shows line 0, cycle 6
        // counted from 0 at the first instruction), so that traces from power-on line up with
        // the reference emulator's cycle for cycle (README, "Testing against traces").
        cpu.tick(&mut sys);
        // P's flags other than I are whatever the chip powered up with; VICE shows Z set,
        // and so does breadbin, for the same reason.
        cpu.p.insert(crate::chips::cpu::Status::Z);
        Ok(C64 { cpu, sys })
    }

    /// Which C64 this is.
    pub fn model(&self) -> &Model {
        &self.sys.model
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
        let now = self.sys.cycles;
        self.sys.cia_synced = [now; 2];
        self.sys.cia_wake = [now; 2];
        self.sys.cia_wake_min = now;
        self.sys.mem.port = Default::default();
        self.sys.mem.update_map();
        self.sys.update_cia2_port();
        self.sys.keyboard.release_all();
    }

    /// Advance the whole machine by one φ2 cycle.
    #[inline(always)]
    pub fn tick(&mut self) {
        let s = &mut self.sys;
        // 1. The VIC's half-cycle: its memory fetches and BA for this cycle. Cycles in which
        // only its counters move are applied later, in one step.
        // RDY follows BA; the CPU's interrupt inputs follow the chips' outputs. Both can
        // only change in a full tick of a chip or through a register access, which forces
        // a full tick, so they are updated there. (The RESTORE key is sampled there too:
        // several times a line.)
        if s.cycles >= s.vic_wake {
            s.tick_vic();
            self.cpu.rdy = !s.ba_low;
            s.drive_interrupts(&mut self.cpu);
        }
        // 2. The CPU's bus cycle: read cycles are held while RDY is low.
        self.cpu.tick(s);
        // 3. The CIAs, with their TOD input (50 pulses per 985,248 cycles, spread evenly).
        // Cycles in which they only count down are applied later, in one step.
        if s.cycles >= s.cia_wake_min {
            s.tick_cias();
            s.drive_interrupts(&mut self.cpu);
        }
        s.cycles += 1;
        if s.cycles >= s.next_tod {
            s.tod_pulse();
            s.drive_interrupts(&mut self.cpu);
        }
        // 4. The SID has no per-cycle work here: it is clocked lazily, up to the current
        // cycle before each register access and at the start of each frame (`tick_vic`).
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
        // The VIC's owed fetches (see `System::vic_skip`) come before the poke.
        self.sys.sync();
        self.sys.mem.ram[addr as usize] = value;
    }

    /// Write as the CPU would (I/O registers included).
    pub fn poke(&mut self, addr: u16, value: u8) {
        self.sys.write(addr, value);
    }

    pub fn ram(&self) -> &[u8; 0x10000] {
        &self.sys.mem.ram
    }

    /// Whether events are waiting to be taken (cheap enough to ask every cycle).
    #[inline]
    pub fn has_events(&self) -> bool {
        !self.sys.events.is_empty()
    }

    /// The events since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.sys.events)
    }

    /// The picture: 384x272 palette indices (see [`crate::chips::vic::palette`]), as far as drawn.
    pub fn frame(&self) -> &[u8] {
        self.sys.vic.frame()
    }

    /// The 40x25 text screen in `style`, one line per row, in the character set the VIC
    /// shows (upper case and graphics, or lower and upper case: character base $x800 of
    /// the ROM's two sets).
    pub fn screen_text(&self, style: crate::basic::TextStyle) -> String {
        let base = (u16::from(self.sys.vic.peek(0x18)) & 0x0E) << 10;
        crate::basic::screen_to_string(&self.screen_codes(), style, base & 0x0800 != 0)
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
    /// The CPU's interrupt inputs: IRQ is VIC OR CIA 1, NMI is CIA 2 OR the RESTORE key.
    #[inline]
    fn drive_interrupts(&self, cpu: &mut Cpu) {
        cpu.set_irq(self.vic.irq() || self.cia1.irq());
        cpu.set_nmi(self.cia2.irq() || self.keyboard.restore);
    }

    /// The VIC's full tick for this cycle, after applying the quiet cycles skipped since the
    /// last one; then plan the next full tick and this line's BA window.
    fn tick_vic(&mut self) {
        let now = self.cycles;
        self.vic_skip((now - self.vic_synced) as u8);
        let view = VicMemory {
            ram: &self.mem.ram,
            chargen: &self.mem.roms.chargen,
            color: &self.mem.color,
            bank: self.vic_bank,
        };
        self.ba_low = self.vic.tick(&view);
        self.vic_synced = now + 1;
        self.vic_replan();
        if self.vic.cycle() == 1 {
            // Keys and joysticks change from outside the machine: their pull on the light
            // pen input is looked at once a line.
            self.update_light_pen();
        }
        if self.vic.frames() != self.sid_frame {
            self.sid_frame = self.vic.frames();
            self.sid.catch_up(now);
        }
    }

    /// Apply `n` skipped cycles to the VIC: quiet ones ([`Vic::skip_quiet`]), or, with the
    /// picture on, their fetches made now ([`Vic::run_quiet`]).
    /// Their fetches see memory as it was in their cycles because every CPU write brings
    /// the VIC up to date first ([`System::write`]).
    #[inline]
    fn vic_skip(&mut self, n: u8) {
        let view = VicMemory {
            ram: &self.mem.ram,
            chargen: &self.mem.roms.chargen,
            color: &self.mem.color,
            bank: self.vic_bank,
        };
        if self.vic.renders() {
            self.vic.run_quiet(n, &view);
        } else {
            self.vic.skip_quiet(n, &view);
        }
    }

    /// Bring the VIC up to the current cycle (its tick of this cycle included), before the
    /// CPU reads or writes one of its registers.
    #[inline]
    fn vic_catch_up(&mut self) {
        let now = self.cycles;
        if now >= self.vic_synced {
            self.vic_skip((now + 1 - self.vic_synced) as u8);
            self.vic_synced = now + 1;
        }
    }

    /// Plan the next full VIC tick.
    #[inline]
    fn vic_replan(&mut self) {
        let quiet = if self.eager {
            0
        } else {
            self.vic.quiet_cycles() as u64
        };
        self.vic_wake = self.vic_synced + quiet;
    }

    /// What the VIC fetched in the first phase of this cycle: the CPU's open bus.
    fn open_bus(&self) -> u8 {
        let view = VicMemory {
            ram: &self.mem.ram,
            chargen: &self.mem.roms.chargen,
            color: &self.mem.color,
            bank: self.vic_bank,
        };
        self.vic.phi1_fetch(&view)
    }

    /// The raster line and cycle (1-63) of the last completed cycle, as the VIC counts them.
    pub fn vic_position(&self) -> (u16, u8) {
        let behind = self.cycles.saturating_sub(self.vic_synced) as u8;
        (self.vic.raster(), self.vic.cycle() + behind)
    }

    /// Turn the VIC's pixel output on or off (see [`Vic::set_render`]).
    pub fn set_render(&mut self, on: bool) {
        // Between ticks: everything up to the last completed cycle is applied, and the next
        // cycle runs a full tick so that drawing starts (or stops) right there.
        self.sync();
        self.vic.set_render(on);
        self.vic_wake = self.vic_synced;
    }

    /// After a save state was loaded: check what must hold for the machine to run, and
    /// have every chip's next cycle be a full tick (the lazy schedule plans again from there;
    /// skipping is only ever an optimisation of full ticks).
    pub(crate) fn check_restored(&mut self, cpu: &Cpu) -> Result<(), String> {
        cpu.check_restored()?;
        self.vic.check_restored()?;
        self.mem.update_map();
        let now = self.cycles;
        self.vic_synced = now;
        self.vic_wake = now;
        self.cia_synced = [now; 2];
        self.cia_wake = [now; 2];
        self.cia_wake_min = now;
        self.update_cia2_port();
        Ok(())
    }

    /// Bring the VIC and the CIAs up to date, for inspection from outside the machine.
    pub fn sync(&mut self) {
        if self.cycles > 0 {
            let now = self.cycles - 1;
            if now >= self.vic_synced {
                self.vic_skip((now + 1 - self.vic_synced) as u8);
                self.vic_synced = now + 1;
                self.vic_replan();
            }
        }
        self.vic.flush_draw();
        self.sync_cias();
        self.sid.catch_up(self.cycles);
    }

    /// The CIA behind index 0 (CIA 1) or 1 (CIA 2).
    #[inline]
    fn cia_mut(&mut self, i: usize) -> &mut Cia {
        if i == 0 {
            &mut self.cia1
        } else {
            &mut self.cia2
        }
    }

    /// Apply CIA `i`'s skipped quiet cycles up to (not including) cycle `now`.
    #[inline]
    fn cia_catch_up(&mut self, i: usize, now: u64) {
        let n = now - self.cia_synced[i];
        if n > 0 {
            self.cia_synced[i] = now;
            self.cia_mut(i).skip_quiet(n as u16);
        }
    }

    /// Recompute when CIA `i` next needs a real tick (after a tick or a register access).
    #[inline]
    fn cia_replan(&mut self, i: usize) {
        let quiet = if self.eager {
            0
        } else {
            self.cia_mut(i).quiet_cycles() as u64
        };
        self.cia_wake[i] = self.cia_synced[i] + quiet;
        self.cia_wake_min = self.cia_wake[0].min(self.cia_wake[1]);
    }

    /// Real ticks of this cycle for the CIAs whose quiet stretch has ended.
    fn tick_cias(&mut self) {
        let now = self.cycles;
        for i in 0..2 {
            if now >= self.cia_wake[i] {
                self.cia_catch_up(i, now);
                self.cia_mut(i).tick();
                self.cia_synced[i] = now + 1;
                self.cia_replan(i);
            }
        }
    }

    /// Bring both CIAs up to date (for inspection from outside the machine).
    pub fn sync_cias(&mut self) {
        let now = self.cycles;
        for i in 0..2 {
            self.cia_catch_up(i, now);
            self.cia_replan(i);
        }
    }

    #[cold]
    fn tod_pulse(&mut self) {
        // The pulse comes after this cycle's CIA ticks.
        let now = self.cycles;
        for i in 0..2 {
            self.cia_catch_up(i, now);
            self.cia_mut(i).tod_pulse();
            self.cia_replan(i);
        }
        let (clock, mains) = (self.model.clock_hz, self.model.mains_hz);
        self.tod_frac += clock % mains;
        let extra = self.tod_frac / mains;
        self.tod_frac %= mains;
        self.next_tod += clock / mains + extra;
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

    /// The VIC's LP input follows PB4 of CIA 1's port B: the port's output, the keyboard
    /// rows and joystick 1 (its fire button) can pull it low.
    pub(crate) fn update_light_pen(&mut self) {
        let low = self
            .keyboard
            .port_b_in(self.cia1.pa_pins(), self.cia1.pb_pins())
            & 0x10
            == 0;
        if low != self.vic.lp_low() {
            self.vic_catch_up();
            self.vic.set_light_pen(low);
            // The interrupt may have changed: the next cycle runs a full tick.
            self.vic_wake = self.vic_synced;
        }
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
            0x0..=0x3 => {
                // Quiet cycles change no register the CPU reads (the raster line only moves
                // in a full tick), so only a read that clears the collision registers
                // needs the VIC brought up to date first.
                if addr & 0x3E == 0x1E {
                    self.vic_catch_up();
                }
                self.vic.read(addr as u8)
            }
            0x4..=0x7 => self.sid.read(addr as u8, self.cycles),
            0x8..=0xB => {
                self.vic_catch_up();
                (self.open_bus() & 0xF0) | self.mem.color[(addr & 0x3FF) as usize]
            }
            0xC | 0xD => {
                let i = ((addr >> 8) & 1) as usize;
                self.cia_catch_up(i, self.cycles);
                if i == 0 && addr & 0x0E == 0 {
                    self.update_cia1_ports();
                }
                let v = self.cia_mut(i).read((addr & 0x0F) as u8);
                // A read of the ICR releases /IRQ: this cycle's CIA step runs a full tick
                // and updates the CPU's inputs.
                self.cia_wake[i] = self.cycles;
                self.cia_wake_min = self.cycles;
                v
            }
            _ => {
                self.vic_catch_up();
                self.open_bus()
            }
        }
    }

    fn io_peek(&self, addr: u16) -> u8 {
        match (addr >> 8) & 0x0F {
            0x0..=0x3 => self.vic.peek(addr as u8),
            0x4..=0x7 => self.sid.peek(addr as u8, self.cycles),
            0x8..=0xB => (self.open_bus() & 0xF0) | self.mem.color[(addr & 0x3FF) as usize],
            0xC | 0xD => {
                // On a copy brought up to date (and, for CIA 1, fed the keyboard).
                let i = ((addr >> 8) & 1) as usize;
                let mut c = if i == 0 {
                    self.cia1.clone()
                } else {
                    self.cia2.clone()
                };
                c.skip_quiet((self.cycles - self.cia_synced[i]) as u16);
                if i == 0 {
                    let pa = c.pa_pins();
                    let pb = c.pb_pins();
                    c.pa_in = self.keyboard.port_a_in(pa, pb);
                    c.pb_in = self.keyboard.port_b_in(pa, pb);
                }
                c.peek((addr & 0x0F) as u8)
            }
            _ => self.open_bus(),
        }
    }

    fn io_write(&mut self, addr: u16, value: u8) {
        match (addr >> 8) & 0x0F {
            0x0..=0x3 => {
                self.vic_catch_up();
                self.vic.write(addr as u8, value);
                // BA and IRQ may have changed: the next cycle runs a full tick.
                self.vic_wake = self.vic_synced;
            }
            0x4..=0x7 => {
                self.sid.write(addr as u8, value, self.cycles);
                if addr == 0xD7FF {
                    self.events.push(Event::DebugExit(value));
                }
            }
            0x8..=0xB => self.mem.color[(addr & 0x3FF) as usize] = value & 0x0F,
            0xC | 0xD => {
                let i = ((addr >> 8) & 1) as usize;
                self.cia_catch_up(i, self.cycles);
                self.cia_mut(i).write((addr & 0x0F) as u8, value);
                self.cia_wake[i] = self.cycles;
                self.cia_wake_min = self.cycles;
                if i == 1 && (addr & 0x0F == 0 || addr & 0x0F == 2) {
                    self.update_cia2_port();
                }
                if i == 0 && addr & 0x0C == 0 {
                    self.update_light_pen();
                }
            }
            _ => {}
        }
    }

    /// Memory as the CPU sees it, without side effects.
    pub fn peek(&self, addr: u16) -> u8 {
        if addr < 2 {
            return self.mem.port.read(addr, self.cycles);
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
            return self.mem.port.read(addr, self.cycles);
        }
        match self.mem.region(addr) {
            Region::Io => self.io_read(addr),
            r => self.mem.read_mapped(r, addr),
        }
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        if self.vic.renders() {
            // Fetches the picture still owes must see memory before this write.
            self.vic_catch_up();
        }
        if addr < 2 {
            self.mem.port.write(addr, value, self.cycles);
            self.mem.update_map();
            // The 6510 does not drive the bus for its own port: the RAM cell underneath gets
            // whatever the VIC left there.
            self.vic_catch_up();
            self.mem.ram[addr as usize] = self.open_bus();
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
