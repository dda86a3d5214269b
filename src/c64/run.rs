//! Running the machine: [`C64::run_until`], the one loop every runner drives the machine
//! with (the window, headless runs, the test bench, autostart and the turn harness).

use super::C64;

/// Why [`C64::run_until`] returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    /// The cycle limit was reached.
    Limit,
    /// The caller's stop condition held after a cycle.
    Stop,
    /// The CPU jammed (a KIL opcode): it stays jammed until a reset.
    Jam,
    /// A new [`super::Event`] came ([`C64::take_events`] takes it).
    Event,
}

impl C64 {
    /// Run until cycle `limit` ([`C64::cycles`]), until `stop` holds after a cycle, until
    /// the CPU is jammed or until a new event comes, whichever comes first. `stop` is asked
    /// after every cycle: a closure that only compares is as cheap as the loop itself.
    #[inline]
    pub fn run_until(&mut self, limit: u64, mut stop: impl FnMut(&mut C64) -> bool) -> Halt {
        let events = self.sys.events.len();
        while self.sys.cycles < limit {
            self.tick();
            if self.cpu.is_jammed() {
                return Halt::Jam;
            }
            if self.sys.events.len() != events {
                return Halt::Event;
            }
            if stop(self) {
                return Halt::Stop;
            }
        }
        Halt::Limit
    }

    /// Run `n` cycles, jammed or not, events left for the caller.
    pub fn run_cycles(&mut self, n: u64) {
        let end = self.cycles() + n;
        while self.run_until(end, |_| false) != Halt::Limit {}
    }

    /// Run to the end of the current frame (the VIC wraps to line 0).
    pub fn run_frame(&mut self) {
        let f = self.frames();
        while self.run_until(u64::MAX, |c| c.frames() != f) != Halt::Stop {}
    }
}
