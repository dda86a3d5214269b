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
    pub fn run_until(&mut self, limit: u64, stop: impl FnMut(&mut C64) -> bool) -> Halt {
        if self.watching {
            return self.run_watched(limit, stop);
        }
        self.run_on::<false>(limit, stop)
    }

    /// [`C64::run_until`] with the CPU's accesses noted for a monitor (out of line, so the
    /// loop of every other run stays as it is).
    #[inline(never)]
    fn run_watched(&mut self, limit: u64, stop: impl FnMut(&mut C64) -> bool) -> Halt {
        self.run_on::<true>(limit, stop)
    }

    /// The loop of [`C64::run_until`], the CPU's accesses noted when `WATCHED`.
    #[inline(always)]
    fn run_on<const WATCHED: bool>(
        &mut self,
        limit: u64,
        mut stop: impl FnMut(&mut C64) -> bool,
    ) -> Halt {
        let events = self.sys.events.len();
        while self.sys.cycles < limit {
            self.tick_on::<WATCHED>();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::c64::Event;
    use crate::c64::roms::Roms;

    /// A machine at the start of `program`, placed at $1000 and run from there.
    fn machine(program: &[u8]) -> C64 {
        let mut c64 = C64::new(Roms::open());
        c64.run_cycles(100);
        for (i, &b) in program.iter().enumerate() {
            c64.poke_ram(0x1000 + i as u16, b);
        }
        while !c64.cpu().at_instruction_boundary() {
            c64.tick();
        }
        c64.cpu_mut().set_pc(0x1000);
        c64
    }

    #[test]
    fn the_limit_is_the_cycle_it_stops_at() {
        let mut c64 = machine(&[0x4C, 0x00, 0x10]); // JMP $1000
        let end = c64.cycles() + 1234;
        assert_eq!(c64.run_until(end, |_| false), Halt::Limit);
        assert_eq!(c64.cycles(), end);
        assert_eq!(c64.run_until(end, |_| false), Halt::Limit, "already there");
        assert_eq!(c64.cycles(), end);
    }

    #[test]
    fn a_write_to_d7ff_halts_once_with_its_event() {
        // LDA #$2A, STA $D7FF, JMP *
        let mut c64 = machine(&[0xA9, 0x2A, 0x8D, 0xFF, 0xD7, 0x4C, 0x05, 0x10]);
        let start = c64.cycles();
        assert_eq!(c64.run_until(u64::MAX, |_| false), Halt::Event);
        // LDA # takes 2 cycles, the store's write is the 4th cycle of STA abs.
        assert_eq!(c64.cycles() - start, 6);
        // An event not yet taken does not halt the next run again.
        assert_eq!(c64.run_until(c64.cycles() + 100, |_| false), Halt::Limit);
        assert_eq!(c64.take_events(), vec![Event::DebugExit(0x2A)]);
    }

    #[test]
    fn a_jam_halts_and_stop_is_asked_after_every_cycle() {
        let mut c64 = machine(&[0xEA, 0xEA, 0x02]); // NOP, NOP, JAM
        let start = c64.cycles();
        let mut asked = 0;
        let halt = c64.run_until(u64::MAX, |_| {
            asked += 1;
            false
        });
        assert_eq!(halt, Halt::Jam);
        assert!(c64.cpu().is_jammed());
        assert_eq!(
            asked,
            c64.cycles() - start - 1,
            "not after the jamming cycle"
        );
        let mut c64 = machine(&[0xEA, 0xEA, 0x02]);
        let start = c64.cycles();
        assert_eq!(
            c64.run_until(u64::MAX, |c| c.cycles() - start == 3),
            Halt::Stop
        );
        assert_eq!(c64.cycles() - start, 3);
    }
}
