//! Skipping the drive's idle loop, exactly.
//!
//! While its DOS waits (the motor off, nothing on the bus), the drive runs a loop whose
//! every pass leaves it as it found it: the same registers, RAM, VIA registers and head,
//! only the timers' counters lower. Such a pass can be repeated without being run: the
//! drive's state after k more passes is known (the counters k passes lower) as long as
//! nothing can change what a pass does, which is:
//!
//! - a timer reaching zero (it flags, toggles PB7 or reloads), so a skip stops short of it;
//! - a timer's counter being read, which makes a pass depend on the time it starts at;
//! - the serial bus, which the C64 changes only between two catch-ups, when the watch
//!   starts over ([`Watch::reset`]).
//!
//! The watch picks an instruction boundary as a candidate loop head and copies the drive's
//! state there, noting which RAM bytes the next pass reads before writing and which it
//! writes. When the CPU is back at that address in the same registers, it compares the
//! rest; a pass that left everything equal is pure, and becomes the proof.
//!
//! With a proof, later visits (after an interrupt, say, which leaves the stack and some
//! variables changed) need no second pass: a pass from a state equal to the proof's in the
//! registers, the VIAs (but their counters), the head and the RAM bytes the pass reads
//! first does what the proven pass did, so it ends with the bytes it writes as the proof
//! has them and every other byte as it was, and every pass after it is pure.
//!
//! The disk may turn meanwhile (the motor on, after a load): a pass that leaves VIA 2 alone,
//! with SO and CA1's interrupt off, cannot see the head, nor the head it, so the head runs
//! on by itself through the skipped passes and VIA 2's inputs are not compared.
//!
//! The drive's code is run as it is; nothing in it is recognised or patched.

use super::bus::DriveBus;
use super::head::Head;
use crate::chips::cpu::Cpu;
use crate::chips::via::Via;

/// Cycles a candidate may go without a pure pass before another is chosen.
const GIVE_UP: u64 = 2_000;

/// The watch for a pure pass.
#[derive(Clone, Default)]
pub(super) struct Watch {
    /// The candidate: where the pass starts, with the state there.
    start: Option<Box<State>>,
    /// A pure pass seen from the candidate.
    proof: Option<Box<Proof>>,
}

/// The drive's state at an instruction boundary, but the RAM.
#[derive(Clone, PartialEq, Eq)]
struct Regs {
    cpu: Cpu,
    via1: Via,
    via2: Via,
    head: Head,
    last: u8,
}

#[derive(Clone)]
struct State {
    cycle: u64,
    regs: Regs,
    ram: [u8; 0x800],
}

#[derive(Clone)]
struct Proof {
    pass: Pass,
    regs: Regs,
    /// The bytes the pass reads before writing them, with their values.
    reads: Vec<(u16, u8)>,
    /// The bytes the pass writes, with the values it leaves.
    writes: Vec<(u16, u8)>,
}

/// The drive at an instruction boundary, as the watch sees it.
pub(super) struct Now<'a> {
    cycle: u64,
    cpu: &'a Cpu,
    bus: &'a DriveBus,
    head: &'a Head,
}

impl<'a> Now<'a> {
    pub(super) fn of(cycle: u64, cpu: &'a Cpu, bus: &'a DriveBus, head: &'a Head) -> Self {
        Now {
            cycle,
            cpu,
            bus,
            head,
        }
    }

    fn regs(&self) -> Regs {
        Regs {
            cpu: self.cpu.clone(),
            via1: self.bus.via1.clone(),
            via2: self.bus.via2.clone(),
            head: self.head.clone(),
            last: self.bus.last(),
        }
    }
}

/// A pure pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Pass {
    /// Its cycles.
    pub len: u64,
    /// It leaves VIA 2 alone with SO and CA1's interrupt off: the disk may turn under the
    /// head meanwhile, which the pass cannot see, so the head runs on by itself.
    pub head_apart: bool,
}

/// What a visit to the candidate's address found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Visit {
    /// Passes like this can be repeated without being run, once the bytes the pass writes
    /// ([`Watch::settle`]) are set.
    Pure(Pass),
    /// The same place in other registers (an inner loop): the candidate stays.
    Elsewhere,
    /// The same registers, something else changed: take this as the candidate instead.
    Changed,
}

impl Watch {
    /// Forget everything: the drive was changed from outside.
    pub(super) fn reset(&mut self) {
        self.start = None;
        self.proof = None;
    }

    /// Forget the candidate: the serial bus changed, so the pass under way saw two states
    /// of it. (The proof stays: its VIA 1 holds the bus's levels it was seen with.)
    pub(super) fn restart(&mut self) {
        self.start = None;
    }

    /// Whether there is a candidate.
    #[inline]
    pub(super) fn watching(&self) -> bool {
        self.start.is_some()
    }

    /// Whether `pc` is the candidate's or the proof's address (checked at each instruction
    /// boundary).
    #[inline]
    pub(super) fn at(&self, pc: u16) -> bool {
        self.start.as_ref().is_some_and(|s| s.regs.cpu.pc == pc)
            || self.proof.as_ref().is_some_and(|p| p.regs.cpu.pc == pc)
    }

    /// Take the state `now` as the candidate's start (the bus records the pass's RAM
    /// accesses from here).
    pub(super) fn take(&mut self, now: &Now) {
        let state = State {
            cycle: now.cycle,
            regs: now.regs(),
            ram: *now.bus.ram,
        };
        match &mut self.start {
            Some(s) => **s = state,
            None => self.start = Some(Box::new(state)),
        }
    }

    /// Whether the candidate has had its time without a pure pass.
    #[inline]
    pub(super) fn stale(&self, cycle: u64) -> bool {
        self.start
            .as_ref()
            .is_some_and(|s| cycle - s.cycle > GIVE_UP)
    }

    /// The CPU is at the candidate's or the proof's address.
    pub(super) fn visit(&mut self, now: &Now) -> Visit {
        if let Some(p) = &self.proof
            && p.regs.cpu == *now.cpu
            && p.matches(now)
        {
            return Visit::Pure(p.pass);
        }
        let Some(s) = self.start.as_ref() else {
            return Visit::Changed;
        };
        if *now.cpu != s.regs.cpu {
            return Visit::Elsewhere;
        }
        let len = now.cycle - s.cycle;
        let via2 = &now.bus.via2;
        let head_apart = !now.bus.record.via2_used && !via2.ca2_out() && !via2.ca1_interrupts();
        let pure = !now.bus.record.timer_read
            && len > 0
            && now.bus.last() == s.regs.last
            && same_but_counting(&s.regs.via1, &now.bus.via1, len)
            && if head_apart {
                same_but_counting_and_inputs(&s.regs.via2, via2, len)
            } else {
                *now.head == s.regs.head && same_but_counting(&s.regs.via2, via2, len)
            }
            && *now.bus.ram == s.ram;
        if !pure {
            return Visit::Changed;
        }
        let (reads, writes) = now.bus.record.recorded();
        let pick = |a: &u16| (*a, s.ram[usize::from(*a)]);
        let pass = Pass { len, head_apart };
        self.proof = Some(Box::new(Proof {
            pass,
            regs: now.regs(),
            reads: reads.iter().map(pick).collect(),
            writes: writes.iter().map(pick).collect(),
        }));
        Visit::Pure(pass)
    }

    /// The RAM bytes a proven pass leaves, to be set after skipping passes.
    pub(super) fn settle(&self, ram: &mut [u8; 0x800]) {
        if let Some(p) = &self.proof {
            for &(a, v) in &p.writes {
                ram[usize::from(a)] = v;
            }
        }
    }
}

impl Proof {
    /// A pass from `now` does what the proven pass did.
    fn matches(&self, now: &Now) -> bool {
        let r = &self.regs;
        now.bus.last() == r.last
            && now.bus.via1.same_but_counters(&r.via1)
            && if self.pass.head_apart {
                now.bus.via2.same_but_counters_and_inputs(&r.via2)
            } else {
                *now.head == r.head && now.bus.via2.same_but_counters(&r.via2)
            }
            && self
                .reads
                .iter()
                .all(|&(a, v)| now.bus.ram[usize::from(a)] == v)
    }
}

/// `after` is `before` with both timers counted down `len` cycles, by plain counting only.
fn same_but_counting(before: &Via, after: &Via, len: u64) -> bool {
    before.counted(len).as_ref() == Some(after)
}

/// As [`same_but_counting`], apart from what comes into the ports and CA1 from outside.
fn same_but_counting_and_inputs(before: &Via, after: &Via, len: u64) -> bool {
    before.counted(len).is_some_and(|v| {
        (v.timer1(), v.timer2()) == (after.timer1(), after.timer2())
            && v.same_but_counters_and_inputs(after)
    })
}

/// How many times a pass of `len` cycles can be repeated within `budget` cycles, given both
/// VIAs' counting budgets.
pub(super) fn passes(len: u64, budget: u64, via1: &Via, via2: &Via) -> u64 {
    let room = budget
        .min(via1.counting_budget())
        .min(via2.counting_budget());
    room / len
}
