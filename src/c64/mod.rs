//! The machine: a PAL Commodore 64 (6510, 6569 VIC-II, two 6526 CIAs, 6581 SID,
//! PLA banking), advanced one φ2 cycle at a time by [`C64::tick`], the only place where the
//! chips are wired to each other.
//!
//! Clock and frame as its [`Model`] says: for the PAL C64, 985,248 Hz, 63 cycles x 312
//! lines = 19,656 cycles a frame (50.125 Hz), and the 50 Hz mains as the CIAs' time-of-day
//! input.
//!
//! The machine by job, one file each:
//! - here: the machine, its `tick`, [`C64::run_until`] and what whoever runs it may see
//!   and do (the frame, the screen as text, [`Event`]s, the keyboard, memory);
//! - `wiring.rs`: every pin between two chips, interrupts and RDY as an OR over sources;
//! - `bus.rs`: the I/O map, the PLA's banking (`memory.rs`) and the expansion port;
//! - `schedule.rs`: the lazy catch-up every chip is clocked by.
//!
//! Its place among the layers: ARCHITECTURE.md.

mod bus;
pub(crate) mod memory;
pub mod model;
pub(crate) mod roms;
mod run;
mod schedule;
mod upgrade;
mod wiring;

pub use model::Model;

use crate::chips::cia::Cia;
use crate::chips::cpu::{Bus, Cpu};
use crate::chips::expansion::{Lines, Slot};
use crate::chips::keyboard::Keyboard;
use crate::chips::serial::{Participant, SerialBus};
use crate::chips::sid::Sid;
use crate::chips::vic::Vic;
use crate::drive::Drive;
use memory::Memory;
use roms::Roms;
use schedule::Schedule;
use upgrade::Upgrade;

pub use run::Halt;

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
    /// The serial bus, with the C64 on it as `serial_c64`.
    serial: SerialBus,
    serial_c64: Participant,
    /// What is plugged into the expansion port, with all it holds (in save states too:
    /// `cart/saved.rs`), and the lines it drives.
    #[serde(with = "crate::cart::saved")]
    expansion: Slot,
    #[serde(skip, default = "released")]
    port_lines: Lines,
    /// The CPU is off the bus: /DMA was pulled, in this cycle or the one before (`bus.rs`).
    #[serde(skip)]
    off_the_bus: bool,
    /// A 1541 on the serial bus, if one is attached (in save states without its ROM, which
    /// comes with the machine's ROMs).
    drive: Option<Box<Drive>>,
    /// When each lazily clocked chip is next ticked in full (`schedule.rs`).
    #[serde(skip)]
    sched: Schedule,
    /// BA as of the VIC's last full tick (it only changes in one).
    ba_low: bool,
    /// Cycles BA has been low, counted while a device on the port holds /DMA.
    #[serde(default)]
    ba_run: u8,
    /// A device on the port had the bus in the cycle before (`bus.rs`).
    #[serde(default)]
    device_had_bus: bool,
    /// φ2 cycles since power-on (read it with [`C64::cycles`]).
    cycles: u64,
    /// Cycle of the next TOD input pulse and the fraction carried between pulses.
    next_tod: u64,
    tod_frac: u64,
    /// RAM fitted inside (`upgrade.rs`), as the model says.
    #[serde(default)]
    upgrade: Option<Box<Upgrade>>,
    /// Which C64 this is.
    model: Model,
}

/// In `C64::cpu_access`: an access was made since the last look.
const ACCESS_SEEN: u32 = 1 << 17;
/// In `C64::cpu_access`: the access was a write.
const ACCESS_WRITE: u32 = 1 << 16;

fn released() -> Lines {
    Lines::RELEASED
}

/// A C64: the CPU and everything on its bus.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct C64 {
    cpu: Cpu,
    sys: System,
    /// The CPU's accesses are noted for [`C64::take_cpu_access`] ([`C64::watch_accesses`]).
    #[serde(skip)]
    watching: bool,
    /// The CPU's last bus access while watching: the address, [`ACCESS_WRITE`] for a write,
    /// [`ACCESS_SEEN`] until it is taken.
    #[serde(skip)]
    cpu_access: u32,
}

impl C64 {
    /// Power on a PAL C64 with the given ROMs. The CPU is in its reset sequence.
    pub fn new(roms: Roms) -> Self {
        Self::with_model(roms, Model::C64_PAL).expect("the PAL C64 is emulated")
    }

    /// Power on `model` with the given ROMs, if this build emulates it.
    pub fn with_model(roms: Roms, model: Model) -> Result<Self, model::ModelError> {
        model.check()?;
        let dos = roms.dos.clone();
        let mut serial = SerialBus::default();
        let serial_c64 = serial.attach();
        let mut sys = System {
            mem: Memory::new(roms),
            vic: Vic::with_timing(model.timing()?),
            cia1: Cia::with_model(model.cia),
            cia2: Cia::with_model(model.cia),
            sid: Sid::with_model(model.sid, model.clock_hz),
            keyboard: Keyboard::new(),
            events: Vec::new(),
            vic_bank: 0,
            serial,
            serial_c64,
            expansion: Slot::default(),
            port_lines: Lines::RELEASED,
            off_the_bus: false,
            drive: None,
            sched: Schedule::default(),
            ba_low: false,
            ba_run: 0,
            device_had_bus: false,
            cycles: 0,
            next_tod: model.clock_hz / model.mains_hz,
            tod_frac: model.clock_hz % model.mains_hz,
            upgrade: Upgrade::new(model.ram).map(Box::new),
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
        let mut c64 = C64 {
            cpu,
            sys,
            watching: false,
            cpu_access: 0,
        };
        if let Some(rom) = dos {
            c64.attach_drive(rom, 8);
        }
        Ok(c64)
    }

    /// Which C64 this is.
    pub fn model(&self) -> &Model {
        &self.sys.model
    }

    /// Put a 1541 with `rom` (its 16 KiB DOS) on the serial bus as device `device`,
    /// powered on now.
    pub fn attach_drive(&mut self, rom: Box<[u8; 0x4000]>, device: u8) {
        let s = &mut self.sys;
        let mut d = Drive::new(rom, device, &mut s.serial);
        d.set_cycles(Drive::cycle_for(s.cycles, s.model.clock_hz));
        s.drive = Some(Box::new(d));
        s.update_cia2_port();
    }

    /// The attached drive, brought up to the current cycle.
    pub fn drive(&mut self) -> Option<&crate::drive::Drive> {
        self.sys.catch_up_drive();
        self.sys.drive.as_deref()
    }

    /// The attached drive, brought up to the current cycle, to change its disk.
    pub fn drive_mut(&mut self) -> Option<&mut crate::drive::Drive> {
        self.sys.catch_up_drive();
        self.sys.drive.as_deref_mut()
    }

    /// The CPU, to look at.
    pub fn cpu(&self) -> &Cpu {
        &self.cpu
    }

    /// The CPU, to set its registers (a monitor's, a test's or a loader's job).
    pub fn cpu_mut(&mut self) -> &mut Cpu {
        &mut self.cpu
    }

    /// The keyboard and the joysticks: what the user presses.
    pub fn keyboard(&self) -> &Keyboard {
        &self.sys.keyboard
    }

    /// The keyboard and the joysticks, to press and release.
    pub fn keyboard_mut(&mut self) -> &mut Keyboard {
        &mut self.sys.keyboard
    }

    /// Frames the VIC has completed since power-on.
    #[inline]
    pub fn frames(&self) -> u64 {
        self.sys.vic.frames()
    }

    /// The raster line and cycle (1-63) of the last completed cycle, as the VIC counts them.
    pub fn vic_position(&self) -> (u16, u8) {
        self.sys.vic_position()
    }

    /// Turn the picture on or off: with it off the VIC draws nothing, and runs faster.
    pub fn set_render(&mut self, on: bool) {
        self.sys.set_render(on);
    }

    /// Point a light pen at pixel (x, y) of the frame, or take it away.
    pub fn set_light_pen(&mut self, at: Option<(usize, usize)>) {
        self.sys.vic.set_pen(at);
    }

    /// The SID's sound output: its rate, and the samples made so far.
    pub fn sound_mut(&mut self) -> &mut crate::chips::sid::output::Output {
        &mut self.sys.sid.out
    }

    /// Colour RAM: 1,024 cells of 4 bits.
    pub fn color_ram(&self) -> &[u8; 0x400] {
        &self.sys.mem.color
    }

    /// The ROMs the machine runs.
    pub fn roms(&self) -> &Roms {
        &self.sys.mem.roms
    }

    /// Bring every chip up to the current cycle, for inspection from outside the machine
    /// (the lazy schedule otherwise applies quiet cycles when it needs to).
    pub fn sync(&mut self) {
        self.sys.sync();
    }

    /// A machine just read from a save state, on `roms`: check it can run and plan every
    /// chip's next cycle as a full tick.
    pub(crate) fn restored(mut self, roms: &Roms) -> Result<C64, String> {
        self.sys.mem.roms = roms.clone();
        if let Some(d) = self.sys.drive.as_mut() {
            let rom = roms.dos.clone().ok_or(
                "the state has a 1541, and these ROMs have no DOS for it (--roms DIR holding one)",
            )?;
            d.set_rom(rom);
        }
        self.sys.check_restored(&self.cpu)?;
        Ok(self)
    }

    /// φ2 cycles since power-on.
    #[inline]
    pub fn cycles(&self) -> u64 {
        self.sys.cycles
    }

    /// Plug `device` into the expansion port, in place of what was there (a cartridge is
    /// plugged in before power-on or followed by a [`C64::reset`], as on the real port).
    pub fn plug(&mut self, device: Box<dyn crate::chips::expansion::Expansion>) {
        self.sys.expansion = Slot(device);
        self.sys.update_map();
        self.sys.vic_wake_now();
    }

    /// The cartridge's image with what the machine wrote to its flash, if that changed it.
    pub fn cartridge_image(&self) -> Option<crate::media::crt::Crt> {
        self.sys.expansion.0.changed_image()
    }

    /// What is in the expansion port.
    pub fn port_device(&self) -> &dyn crate::chips::expansion::Expansion {
        &*self.sys.expansion.0
    }

    /// Press the freeze button of the cartridge in the port: whether it has one.
    pub fn freeze(&mut self) -> bool {
        let has = self.sys.expansion.0.freeze();
        self.sys.port_changed();
        has
    }

    /// Empty the expansion port.
    pub fn unplug(&mut self) {
        self.sys.expansion = Slot::default();
        self.sys.update_map();
        self.sys.vic_wake_now();
    }

    /// Soft reset: the RESET line of CPU and CIAs (RAM and VIC registers keep their state,
    /// as the VIC has no reset line on the C64).
    pub fn reset(&mut self) {
        self.cpu.reset();
        self.sys.cia1.reset();
        self.sys.cia2.reset();
        self.sys.sched.restart(self.sys.cycles);
        self.sys.mem.port = Default::default();
        self.sys.expansion.0.reset();
        if let Some(u) = self.sys.upgrade.as_mut() {
            u.reset(&mut self.sys.mem.ram);
        }
        self.sys.update_map();
        if let Some(d) = self.sys.drive.as_mut() {
            d.reset(&mut self.sys.serial);
        }
        self.sys.update_cia2_port();
        self.sys.keyboard.release_all();
    }

    /// Advance the whole machine by one φ2 cycle.
    #[inline(always)]
    pub fn tick(&mut self) {
        self.tick_on::<false>();
    }

    /// One cycle, the CPU's access noted when `WATCHED` (`bus.rs`, `Watched`).
    #[inline(always)]
    fn tick_on<const WATCHED: bool>(&mut self) {
        let s = &mut self.sys;
        // 1. The VIC's half-cycle: its memory fetches and BA for this cycle. Cycles in which
        // only its counters move are applied later, in one step.
        // RDY follows BA; the CPU's interrupt inputs follow the chips' outputs. Both can
        // only change in a full tick of a chip or through a register access, which forces
        // a full tick, so they are updated there. (The RESTORE key is sampled there too:
        // several times a line.)
        if s.cycles >= s.sched.vic.wake {
            s.tick_vic();
            if s.vic.wants_cpu_data() {
                // A c-access made while the CPU still had the bus sees its data byte.
                let v = s.cpu_data_byte(&self.cpu);
                s.vic.cpu_data(v);
            }
            s.drive_cpu(&mut self.cpu);
            if s.off_the_bus {
                // A device on the expansion port has the bus (and keeps the VIC ticking in
                // full while it does).
                s.dma_cycle();
            }
        }
        // 2. The CPU's bus cycle: read cycles are held while RDY is low. (While a device on
        // the expansion port pulls /DMA, wired to both RDY and AEC, its writes reach nothing:
        // `bus.rs`.)
        if WATCHED {
            self.cpu.tick(&mut bus::Watched(s, &mut self.cpu_access));
        } else {
            self.cpu.tick(s);
        }
        // 3. The CIAs, with their TOD input (50 pulses per 985,248 cycles, spread evenly).
        // Cycles in which they only count down are applied later, in one step; so are the
        // cycles without a TOD pulse.
        if s.cycles >= s.sched.cias_or_tod {
            s.cias_and_tod(&mut self.cpu);
        } else {
            s.cycles += 1;
        }
        // 4. The SID has no per-cycle work here: it is clocked lazily, up to the current
        // cycle before each register access and at the start of each frame (`tick_vic`).
    }

    /// Note the CPU's bus accesses from now on, for [`C64::take_cpu_access`] (a monitor's
    /// watchpoints), or stop noting them. Runs that note nothing cost nothing more.
    pub fn watch_accesses(&mut self, on: bool) {
        self.watching = on;
        self.cpu_access = 0;
    }

    /// The CPU's bus access since the last call, if it made one while
    /// [`C64::watch_accesses`] is on: its address and whether it wrote. Asked after every
    /// cycle, this sees every access (a read held by RDY is none).
    #[inline]
    pub fn take_cpu_access(&mut self) -> Option<(u16, bool)> {
        let a = std::mem::take(&mut self.cpu_access);
        (a & ACCESS_SEEN != 0).then_some((a as u16, a & ACCESS_WRITE != 0))
    }

    /// Read memory as the CPU would, without side effects on I/O chips.
    pub fn peek(&self, addr: u16) -> u8 {
        self.sys.peek(addr)
    }

    /// Read as the CPU would, side effects included (a register that clears when read,
    /// a cartridge that answers reads itself).
    pub fn read(&mut self, addr: u16) -> u8 {
        self.sys.sync();
        Bus::read(&mut self.sys, addr)
    }

    /// Read a little-endian word with [`C64::peek`].
    pub fn peek_word(&self, addr: u16) -> u16 {
        u16::from_le_bytes([self.peek(addr), self.peek(addr.wrapping_add(1))])
    }

    /// Write RAM directly (under any ROM), bypassing I/O: for loaders and `--poke`.
    pub fn poke_ram(&mut self, addr: u16, value: u8) {
        // The VIC's owed fetches (see `schedule.rs`) come before the poke.
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

    /// The picture: palette indices (see [`crate::chips::vic::palette`]) of 384 x the
    /// model's visible lines (272 on PAL, 235 or 234 on NTSC), as far as drawn.
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

#[cfg(test)]
mod tests;
