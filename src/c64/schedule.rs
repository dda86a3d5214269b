//! The lazy schedule: the VIC, the CIAs and the SID are not ticked in full every cycle.
//! Cycles in which a chip only counts are skipped and applied in one step when the CPU next
//! touches the chip, when something outside looks at it, or when its quiet stretch ends.
//!
//! Every chip is scheduled with the same record, [`Lazy`]: the first cycle not yet applied
//! (`synced`) and the first cycle that needs a full tick (`wake`). A chip says how many of
//! its next cycles are quiet; the schedule plans its next full tick from that. Skipping is
//! only ever an optimisation of full ticks: with `eager` set every cycle is a full tick, the
//! reference `c64/tests.rs` holds the lazy machine to.
//!
//! The schedule is not in save states: they are saved synced, and loaded with a full tick of
//! every chip next ([`System::check_restored`]).

use super::System;
use super::memory::Memory;
use crate::chips::cia::Cia;
use crate::chips::cpu::Cpu;
use crate::chips::expansion::{Lines, Slot};
use crate::chips::vic::VicMemory;

/// When a lazily clocked chip was last brought up to date, and when it next needs a full tick.
#[derive(Clone, Copy, Default)]
pub(super) struct Lazy {
    /// The first cycle not yet applied to the chip.
    pub synced: u64,
    /// The first cycle that needs a full tick.
    pub wake: u64,
}

impl Lazy {
    /// The cycles owed before `now` (0 if none), counted as applied from here on.
    #[inline(always)]
    pub(super) fn take(&mut self, now: u64) -> u64 {
        let n = now.saturating_sub(self.synced);
        self.synced += n;
        n
    }

    /// The chip's next `quiet` cycles may be skipped: its next full tick comes after them.
    #[inline(always)]
    pub(super) fn plan(&mut self, quiet: u64, eager: bool) {
        self.wake = self.synced + if eager { 0 } else { quiet };
    }

    /// Start again at `now`: everything before it applied, the next cycle a full tick.
    pub(super) fn restart(&mut self, now: u64) {
        self.synced = now;
        self.wake = now;
    }
}

/// The schedule of every lazily clocked chip.
#[derive(Clone, Default)]
pub(super) struct Schedule {
    pub vic: Lazy,
    pub cia: [Lazy; 2],
    /// The earlier of the two CIAs' wakes.
    pub cia_wake: u64,
    /// The first cycle in which a CIA ticks in full or which ends with a TOD pulse: the
    /// earlier of `cia_wake` and the cycle before the pulse (the only figure of the CIAs'
    /// the per-cycle step reads).
    pub cias_or_tod: u64,
    /// The SID keeps its own clock (its register reads need the cycle itself); it is brought
    /// up to date before each access and at the start of every frame: this is the frame it
    /// was last brought up to date in.
    pub sid_frame: u64,
    /// Tick every chip in full every cycle.
    pub eager: bool,
}

impl Schedule {
    /// Every chip's next cycle is a full tick, from `now` on.
    pub(super) fn restart(&mut self, now: u64) {
        self.vic.restart(now);
        for c in &mut self.cia {
            c.restart(now);
        }
        self.cia_wake = now;
        self.cias_or_tod = now;
    }
}

/// What a device with nothing at ROMH shows the VIC there.
static NO_ROMH: [u8; 0x1000] = [0xFF; 0x1000];

/// What the VIC sees of memory: RAM in the bank CIA 2 chose (`bank`), the character ROM
/// (or in Ultimax mode, by the expansion port's `lines`, the cartridge's ROMH) and colour
/// RAM.
#[inline(always)]
pub(super) fn vic_view<'a>(
    mem: &'a Memory,
    bank: u16,
    port: &'a Slot,
    lines: &Lines,
) -> VicMemory<'a> {
    if !lines.game && lines.exrom {
        return ultimax_view(mem, bank, port);
    }
    VicMemory {
        ram: &mem.ram,
        chargen: &mem.roms.chargen,
        color: &mem.color,
        bank,
        rom_at: 0x1000,
        rom_here: bank & 0x4000 == 0,
    }
}

/// Ultimax mode: the PLA gives the VIC the upper 4 KiB of the cartridge's ROMH at
/// $3000-$3FFF of every bank, and no character ROM.
#[cold]
#[inline(never)]
fn ultimax_view<'a>(mem: &'a Memory, bank: u16, port: &'a Slot) -> VicMemory<'a> {
    let romh = port
        .0
        .romh_for_vic()
        .and_then(|r| r.get(0x1000..0x2000))
        .and_then(|r| r.try_into().ok())
        .unwrap_or(&NO_ROMH);
    VicMemory {
        ram: &mem.ram,
        chargen: romh,
        color: &mem.color,
        bank,
        rom_at: 0x3000,
        rom_here: true,
    }
}

impl System {
    /// The VIC's full tick for this cycle, after applying the quiet cycles skipped since the
    /// last one; then plan the next full tick and this line's BA window.
    pub(super) fn tick_vic(&mut self) {
        let now = self.cycles;
        let n = self.sched.vic.take(now);
        self.vic_skip(n as u8);
        let view = vic_view(&self.mem, self.vic_bank, &self.expansion, &self.port_lines);
        self.ba_low = self.vic.tick(&view);
        self.sched.vic.synced = now + 1;
        self.vic_replan();
        if self.vic.cycle() == 1 {
            // Keys and joysticks change from outside the machine: their pull on the light
            // pen input is looked at once a line.
            self.update_light_pen();
        }
        if self.vic.frames() != self.sched.sid_frame {
            self.sched.sid_frame = self.vic.frames();
            self.sid.catch_up(now);
        }
    }

    /// Apply `n` skipped cycles to the VIC: quiet ones ([`crate::chips::vic::Vic::skip_quiet`]),
    /// or, with the picture on, their fetches made now (`run_quiet`). Their fetches see
    /// memory as it was in their cycles because every CPU write brings the VIC up to date
    /// first (`bus.rs`).
    #[inline]
    fn vic_skip(&mut self, n: u8) {
        let view = vic_view(&self.mem, self.vic_bank, &self.expansion, &self.port_lines);
        if self.vic.renders() {
            self.vic.run_quiet(n, &view);
        } else {
            self.vic.skip_quiet(n, &view);
        }
    }

    /// Bring the VIC up to the current cycle (its tick of this cycle included), before the
    /// CPU reads or writes one of its registers.
    #[inline]
    pub(super) fn vic_catch_up(&mut self) {
        let n = self.sched.vic.take(self.cycles + 1);
        if n > 0 {
            self.vic_skip(n as u8);
        }
    }

    /// The VIC's registers or inputs changed: BA and IRQ may have too, so the next cycle is a
    /// full tick.
    #[inline]
    pub(super) fn vic_wake_now(&mut self) {
        self.sched.vic.wake = self.sched.vic.synced;
    }

    /// Plan the next full VIC tick.
    #[inline]
    fn vic_replan(&mut self) {
        let quiet = self.vic.quiet_cycles() as u64;
        self.sched.vic.plan(quiet, self.sched.eager);
    }

    /// The raster line and cycle (1-63) of the last completed cycle, as the VIC counts them.
    pub(super) fn vic_position(&self) -> (u16, u8) {
        let behind = self.cycles.saturating_sub(self.sched.vic.synced) as u8;
        (self.vic.raster(), self.vic.cycle() + behind)
    }

    /// Turn the VIC's pixel output on or off (see [`crate::chips::vic::Vic::set_render`]).
    pub(super) fn set_render(&mut self, on: bool) {
        // Between ticks: everything up to the last completed cycle is applied, and the next
        // cycle runs a full tick so that drawing starts (or stops) right there.
        self.sync();
        self.vic.set_render(on);
        self.vic_wake_now();
    }

    /// After a save state was loaded: check what must hold for the machine to run, and
    /// have every chip's next cycle be a full tick.
    pub(super) fn check_restored(&mut self, cpu: &Cpu) -> Result<(), String> {
        cpu.check_restored()?;
        let t = self.model.timing().map_err(|e| e.to_string())?;
        self.vic.set_timing(t);
        self.vic.check_restored()?;
        self.update_map();
        self.sched.restart(self.cycles);
        self.update_cia2_port();
        Ok(())
    }

    /// Bring every chip up to date, for inspection from outside the machine.
    pub(super) fn sync(&mut self) {
        if self.cycles > 0 {
            let n = self.sched.vic.take(self.cycles);
            if n > 0 {
                self.vic_skip(n as u8);
                self.vic_replan();
            }
        }
        self.vic.flush_draw();
        let now = self.cycles;
        for i in 0..2 {
            self.cia_catch_up(i, now);
            self.cia_replan(i);
        }
        self.sid.catch_up(self.cycles);
        self.catch_up_drive();
    }

    /// The CIA behind index 0 (CIA 1) or 1 (CIA 2).
    #[inline]
    pub(super) fn cia_mut(&mut self, i: usize) -> &mut Cia {
        if i == 0 {
            &mut self.cia1
        } else {
            &mut self.cia2
        }
    }

    /// Apply CIA `i`'s skipped quiet cycles up to (not including) cycle `now`.
    #[inline]
    pub(super) fn cia_catch_up(&mut self, i: usize, now: u64) {
        let n = self.sched.cia[i].take(now);
        if n > 0 {
            self.cia_mut(i).skip_quiet(n as u16);
        }
    }

    /// CIA `i` was accessed: this cycle's CIA step runs a full tick (a read of the ICR
    /// releases /IRQ, a write may start a timer) and updates the CPU's inputs.
    #[inline]
    pub(super) fn cia_wake_now(&mut self, i: usize) {
        self.sched.cia[i].wake = self.cycles;
        self.sched.cia_wake = self.cycles;
        self.sched.cias_or_tod = self.cycles;
    }

    /// Recompute when CIA `i` next needs a real tick (after a tick or a register access).
    #[inline]
    fn cia_replan(&mut self, i: usize) {
        let quiet = self.cia_mut(i).quiet_cycles() as u64;
        self.sched.cia[i].plan(quiet, self.sched.eager);
        self.sched.cia_wake = self.sched.cia[0].wake.min(self.sched.cia[1].wake);
        self.plan_cias_or_tod();
    }

    /// Recompute [`Schedule::cias_or_tod`].
    #[inline]
    fn plan_cias_or_tod(&mut self) {
        self.sched.cias_or_tod = self.sched.cia_wake.min(self.next_tod - 1);
    }

    /// The end of a cycle in which a CIA ticks in full or the TOD input pulses: the CIAs'
    /// ticks, the cycle counted, then the pulse, each followed by the CPU's interrupt inputs.
    pub(super) fn cias_and_tod(&mut self, cpu: &mut Cpu) {
        if self.cycles >= self.sched.cia_wake {
            self.tick_cias();
            self.drive_interrupts(cpu);
        }
        self.cycles += 1;
        if self.cycles >= self.next_tod {
            self.tod_pulse();
            self.drive_interrupts(cpu);
        }
        self.plan_cias_or_tod();
    }

    /// Real ticks of this cycle for the CIAs whose quiet stretch has ended.
    fn tick_cias(&mut self) {
        let now = self.cycles;
        for i in 0..2 {
            if now >= self.sched.cia[i].wake {
                self.cia_catch_up(i, now);
                self.cia_mut(i).tick();
                self.sched.cia[i].synced = now + 1;
                self.cia_replan(i);
            }
        }
    }

    /// The mains' pulse on both CIAs' TOD inputs (`model.mains_hz` a second, spread evenly
    /// over the clock's cycles), after this cycle's CIA ticks.
    #[cold]
    fn tod_pulse(&mut self) {
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
}
