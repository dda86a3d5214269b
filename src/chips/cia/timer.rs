//! The 6526's interval timers A and B (data sheet: "Interval timers").

use super::*;

/// One 16-bit interval timer with its latch and count pipeline.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Timer {
    pub(super) counter: u16,
    pub(super) latch: u16,
    /// Control register as written, without the force-load strobe.
    pub(super) cr: u8,
    /// Count pipeline at the start of a tick: bit 0 = a count entered in the previous cycle
    /// (it decides an underflow now), bit 1 = a count entered two cycles ago (it decrements
    /// now).
    pub(super) pipe: u8,
    /// A force load or a stopped high-latch write was made in this cycle's bus access.
    pub(super) load_req: bool,
    /// ... and in the previous cycle's: the counter loads in this tick.
    pub(super) load_next: bool,
    /// The counter was loaded from the latch in the last tick: the load is still in
    /// progress during the next bus cycle, so a latch write then reaches the counter too.
    pub(super) loading: bool,
    /// One-shot bit as it stood during the previous cycle: a write that leaves one-shot
    /// mode does not save the timer from stopping at an underflow in the same cycle.
    pub(super) oneshot_prev: bool,
    /// PB toggle flip-flop.
    pub(super) toggle: bool,
    /// Underflow happened in the last tick (the PB pulse output).
    pub(super) pulse: bool,
}

impl Timer {
    pub(super) fn new() -> Self {
        Timer {
            counter: 0xFFFF,
            latch: 0xFFFF,
            cr: 0,
            pipe: 0,
            load_req: false,
            load_next: false,
            loading: false,
            oneshot_prev: false,
            toggle: false,
            pulse: false,
        }
    }

    pub(super) fn running(&self) -> bool {
        self.cr & CR_START != 0
    }

    /// One cycle. `counts` tells whether this cycle's input (φ2, an underflow of timer A, ...)
    /// feeds the pipeline, given the control register after this cycle's underflow; it is a
    /// closure because a one-shot underflow in this very cycle stops the input.
    /// Returns whether the timer underflowed.
    pub(super) fn tick(&mut self, counts: impl FnOnce(u8) -> bool) -> bool {
        if self.pipe & 2 != 0 {
            self.counter = self.counter.wrapping_sub(1);
        }
        let underflow = self.counter == 0 && self.pipe & 1 != 0;
        let mut load = std::mem::replace(&mut self.load_next, std::mem::take(&mut self.load_req));
        if underflow {
            if self.cr & CR_ONESHOT != 0 || self.oneshot_prev {
                self.cr &= !CR_START;
            }
            self.toggle = !self.toggle;
            load = true;
        }
        let mut pipe = self.pipe;
        self.loading = load;
        if load {
            self.counter = self.latch;
            // The reload swallows the count that would have decremented next cycle.
            pipe &= !1;
        }
        let input = self.running() && counts(self.cr);
        self.pipe = ((pipe << 1) | u8::from(input)) & 3;
        self.pulse = underflow;
        self.oneshot_prev = self.cr & CR_ONESHOT != 0;
        underflow
    }

    pub(super) fn write_cr(&mut self, value: u8) {
        if value & CR_START != 0 && !self.running() {
            self.toggle = true;
        }
        if value & CR_LOAD != 0 {
            self.load_req = true;
        }
        self.cr = value & !CR_LOAD;
    }

    pub(super) fn write_lo(&mut self, value: u8) {
        self.latch = (self.latch & 0xFF00) | u16::from(value);
        if self.loading {
            self.counter = (self.counter & 0xFF00) | u16::from(value);
        }
    }

    pub(super) fn write_hi(&mut self, value: u8) {
        self.latch = (self.latch & 0x00FF) | (u16::from(value) << 8);
        if self.loading {
            self.counter = (self.counter & 0x00FF) | (u16::from(value) << 8);
        }
        if !self.running() {
            self.load_req = true;
        }
    }

    /// In a steady state, what the next ticks do: `Some(true)` = only decrement (running on
    /// φ2 with the pipeline full and the counter at 2 or more), `Some(false)` = nothing (no
    /// count in the pipeline or coming), `None` = something is in flight; `phi2` tells
    /// whether the timer's selected input is φ2.
    pub(super) fn steady(&self, phi2: bool) -> Option<bool> {
        if self.load_req || self.load_next || self.loading || self.pulse {
            return None;
        }
        if self.oneshot_prev != (self.cr & CR_ONESHOT != 0) {
            return None;
        }
        if self.running() && phi2 {
            (self.pipe == 3 && self.counter >= 2).then_some(true)
        } else {
            (self.pipe == 0).then_some(false)
        }
    }

    /// Level of the PB6/PB7 output when CRx bit 1 routes the timer there.
    pub(super) fn pb_out(&self) -> bool {
        if self.cr & CR_TOGGLE != 0 {
            self.toggle
        } else {
            self.pulse
        }
    }
}
