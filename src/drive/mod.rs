//! The 1541 disk drive: a machine of its own (a 6502 at 1 MHz, 2 KiB RAM, a 16 KiB DOS ROM
//! and two 6522 VIAs, `bus.rs`), on the serial bus beside the C64.
//!
//! Its clock: 1,000,000 cycles a second against the C64's `clock_hz`, counted from the
//! C64's cycles in exact integers ([`Drive::cycle_for`]). The C64 only sees the drive
//! through the serial bus, which it reads at CIA 2's port A, so the machine brings the
//! drive up to date there (and when the machine is looked at from outside), never in between.
//! While its DOS waits, the passes of its idle loop are skipped exactly (`idle.rs`).
//!
//! The disk, the head, the motor and BYTE READY: `head.rs`.

mod bus;
mod head;
mod idle;

pub use head::Disk;

use crate::chips::cpu::{Cpu, Status};
use crate::chips::serial::{self, Participant, SerialBus};
use bus::DriveBus;

/// The drive's clock.
pub const CLOCK_HZ: u64 = 1_000_000;

/// The drive's motor, its LED and where its head is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Status1541 {
    pub motor: bool,
    pub led: bool,
    /// The track under the head (1-42).
    pub track: u8,
    /// The head sits half a track further in.
    pub half_track: bool,
}

/// A 1541.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Drive {
    cpu: Cpu,
    bus: DriveBus,
    /// Drive cycles since power-on.
    cycles: u64,
    /// Its place on the serial bus.
    on_bus: Participant,
    head: head::Head,
    disk: Option<Disk>,
    /// VIA 1's serial output pins as last put on the bus.
    serial_out: u8,
    /// The watch for an idle loop's passes, which are skipped (`idle.rs`).
    #[serde(skip)]
    watch: idle::Watch,
    /// Cycles run one by one (the others were skipped).
    #[serde(skip)]
    ticked: u64,
}

impl Drive {
    /// A drive with `rom` (16 KiB) as device `device` (8-11), on `serial`, powered on.
    pub fn new(rom: Box<[u8; 0x4000]>, device: u8, serial: &mut SerialBus) -> Drive {
        let mut d = Drive {
            cpu: Cpu::new(),
            bus: DriveBus::new(rom, device),
            cycles: 0,
            on_bus: serial.attach(),
            head: head::Head::new(),
            disk: None,
            serial_out: 0,
            watch: idle::Watch::default(),
            ticked: 0,
        };
        d.bus.see_serial(serial.low());
        d
    }

    /// The drive cycle the C64's cycle `c64_cycle` falls in, at the C64's `clock_hz`.
    pub fn cycle_for(c64_cycle: u64, clock_hz: u64) -> u64 {
        (u128::from(c64_cycle) * u128::from(CLOCK_HZ) / u128::from(clock_hz)) as u64
    }

    /// The drive cycles that have ended by the C64's half-cycle `half` (twice its cycle
    /// count, plus one in the cycle's second half).
    pub fn cycle_for_half(half: u64, clock_hz: u64) -> u64 {
        (u128::from(half) * u128::from(CLOCK_HZ) / (2 * u128::from(clock_hz))) as u64
    }

    /// Put the DOS ROM back (a drive read from a save state has none).
    pub(crate) fn set_rom(&mut self, rom: Box<[u8; 0x4000]>) {
        self.bus.rom = rom;
    }

    /// Drive cycles since power-on.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Start counting from `cycle` (a drive attached to a running machine).
    pub(crate) fn set_cycles(&mut self, cycle: u64) {
        self.watch.reset();
        self.cycles = cycle;
    }

    /// The CPU, to look at.
    pub fn cpu(&self) -> &Cpu {
        &self.cpu
    }

    /// The drive's RAM.
    pub fn ram(&self) -> &[u8; 0x800] {
        &self.bus.ram
    }

    /// Put a disk in (taking out the one there was, returned).
    pub fn insert_disk(&mut self, disk: Disk) -> Option<Disk> {
        self.watch.reset();
        self.disk.replace(disk)
    }

    /// Take the disk out.
    pub fn eject_disk(&mut self) -> Option<Disk> {
        self.watch.reset();
        self.disk.take()
    }

    /// The disk in the drive.
    pub fn disk(&self) -> Option<&Disk> {
        self.disk.as_ref()
    }

    /// What the front panel and the mechanism show.
    pub fn status(&self) -> Status1541 {
        let pb = self.bus.via2.pb_pins();
        let (track, between) = self.head.track();
        Status1541 {
            motor: pb & 0x04 != 0,
            led: pb & 0x08 != 0,
            track,
            half_track: between,
        }
    }

    /// The RESET line (the serial cable's, which is the C64's).
    pub fn reset(&mut self, serial: &mut SerialBus) {
        self.watch.reset();
        self.cpu.reset();
        self.bus.via1.reset();
        self.bus.via2.reset();
        self.drive_serial(serial);
    }

    /// Run up to drive cycle `end`, skipping the passes of an idle loop.
    pub fn run_to(&mut self, end: u64, serial: &mut SerialBus) {
        while self.cycles < end {
            self.tick(serial);
            if self.cpu.at_instruction_boundary() {
                self.watch_idle(end);
            }
        }
    }

    /// At an instruction boundary: take a candidate loop head, or, back at it after a pure
    /// pass, repeat the pass as often as `end` and the timers allow without running it.
    #[inline]
    fn watch_idle(&mut self, end: u64) {
        if self.watch.at(self.cpu.pc) {
            let now = idle::Now::of(self.cycles, &self.cpu, &self.bus, &self.head);
            match self.watch.visit(&now) {
                idle::Visit::Pure(pass) => self.skip_passes(pass, end),
                idle::Visit::Elsewhere if !self.watch.stale(self.cycles) => return,
                _ => {}
            }
        } else if self.watch.watching() && !self.watch.stale(self.cycles) {
            return;
        }
        let now = idle::Now::of(self.cycles, &self.cpu, &self.bus, &self.head);
        self.watch.take(&now);
        self.bus.record.start();
    }

    /// Repeat a pure pass as often as fits before `end` and the timers' next events,
    /// without running it.
    fn skip_passes(&mut self, pass: idle::Pass, end: u64) {
        let bus = &mut self.bus;
        // Within both VIAs' counting budgets (`idle::passes`).
        let len = pass.len;
        let skip = len * idle::passes(len, end - self.cycles, &bus.via1, &bus.via2);
        if skip > 0 {
            bus.via1.count_down(skip);
            bus.via2.count_down(skip);
            if pass.head_apart {
                self.head.run(skip, &mut bus.via2, self.disk.as_mut());
            }
            self.watch.settle(&mut bus.ram);
            self.cycles += skip;
        }
    }

    /// Drive cycles run one by one since power-on or a restore (the rest were skipped).
    pub fn cycles_run(&self) -> u64 {
        self.ticked
    }

    /// One drive cycle: the CPU's bus cycle, the VIAs, then the lines it pulls and its IRQ.
    fn tick(&mut self, serial: &mut SerialBus) {
        self.ticked += 1;
        self.cpu.tick(&mut self.bus);
        self.bus.via1.tick();
        self.bus.via2.tick();
        if self.head.tick(&mut self.bus.via2, self.disk.as_mut()) {
            // BYTE READY on the SO pin.
            self.cpu.p.insert(Status::V);
        }
        // The lines change only with VIA 1's DATA OUT, CLK OUT and ATNA pins (the C64's
        // changes come through `serial_changed`).
        if self.bus.via1.pb_pins() & 0x1A != self.serial_out {
            self.drive_serial(serial);
        }
        self.cpu.set_irq(self.bus.via1.irq() | self.bus.via2.irq());
        self.cycles += 1;
    }

    /// Put the drive's pulls on the bus and let VIA 1 see the lines.
    fn drive_serial(&mut self, serial: &mut SerialBus) {
        self.serial_out = self.bus.via1.pb_pins() & 0x1A;
        let others = serial.low_from_others(self.on_bus);
        let pulls = self.bus.pulls(others & serial::ATN != 0);
        serial.pull(self.on_bus, pulls);
        self.bus.see_serial(others | pulls);
    }

    /// The serial bus changed from outside (the C64 wrote its port): VIA 1 sees it now, and
    /// the ATN acknowledge hardware answers at once.
    pub fn serial_changed(&mut self, serial: &mut SerialBus) {
        self.watch.restart();
        self.drive_serial(serial);
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod dos_tests;
