//! One SID voice's envelope generator (MOS 6581 and 8580 alike).
//!
//! Facts used (SID data sheet for the rates; the test bench's `resid-test` measurements of
//! real chips for the periods, `envelope`, `env_test` and `exp_counter_reset` notes and
//! reference tables for the rest):
//! - a rate counter (a 15-bit LFSR: 32767 states) counts φ2 cycles and restarts when it
//!   equals the period of the current rate; the periods are 9, 32, 63, 95, 149, 220, 267,
//!   313, 392, 977, 1954, 3126, 3907, 11720, 19532 and 31251 cycles (`envrate` measures
//!   exactly these). The comparison is for equality only, so lowering the rate while the
//!   counter is past the new period lets it run through all 32767 states first: the "ADSR
//!   delay bug" (`envdelay`: $8011 cycles);
//! - each restart steps the 8-bit envelope counter one cycle later: up in attack, down in
//!   decay (until the sustain level, the nibble times $11) and in release, by the state
//!   of that later cycle. In decay and release an exponential counter divides the steps
//!   by 1, 2, 4, 8, 16 or 30 depending on the level (the period changes as the counter
//!   reaches $FF, $5D, $36, $1A, $0E, $06 and $00); the exponential counter restarts with
//!   every step, and with every rate-counter restart in attack. A step it lets through at
//!   a period other than 1 comes a further cycle later: falling at rate 0 from $FF,
//!   `envsample` (6581 and 8580 samples of ENV3 every cycle) holds $5D for 19 cycles, not
//!   18;
//! - a gate write takes hold in steps (`env_test`: ENV3 read 4 to 15 cycles after gate
//!   writes at each cycle of the rate counter's period, on real chips). Counting the
//!   write's own cycle as the first: setting the gate lifts the hold at zero and leaves
//!   release in the third cycle, and is attack from the fourth; clearing it is release
//!   from the fourth;
//! - the rate counter compares with the period of the state one cycle before: after a
//!   gate is set, the third cycle still compares with the release period and the fourth
//!   with the decay period (the state between release and attack), so `env_test_ra_0100`
//!   loses a match there to the delay bug;
//! - attack ends as the counter reaches $FF; the counter freezes when it reaches zero
//!   until the next attack; a release started at zero wraps to $FF, an attack started at
//!   $FF wraps to zero (and freezes there).

/// The rate counter's states: a 15-bit LFSR's cycle.
const RC_STATES: u16 = 0x7FFF;
/// Cycles from a gate write to the state it asks for (the write's own cycle is the first).
const GATE_DELAY: u8 = 4;

/// Rate counter periods for the 16 rate settings.
pub const RATE_PERIODS: [u16; 16] = [
    9, 32, 63, 95, 149, 220, 267, 313, 392, 977, 1954, 3126, 3907, 11720, 19532, 31251,
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) enum State {
    Attack,
    DecaySustain,
    Release,
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(super) struct Envelope {
    pub counter: u8,
    pub state: State,
    pub rate_counter: u16,
    /// The period the rate counter compares with now (from the state's rate).
    pub period: u16,
    pub exp_counter: u8,
    pub exp_period: u8,
    pub hold_zero: bool,
    pub attack: u8,
    pub decay: u8,
    pub sustain: u8,
    pub release: u8,
    pub gate: bool,
    /// The state a gate write asked for, and the cycles until it holds.
    pub pending: Option<(State, u8)>,
    /// Cycles until a step let through by the counters (0: none due).
    pub step_in: u8,
    /// The state changed: the period follows at the next cycle.
    pub period_stale: bool,
}

impl Envelope {
    pub(super) fn new() -> Self {
        Envelope {
            counter: 0,
            state: State::Release,
            rate_counter: 0,
            period: RATE_PERIODS[0],
            exp_counter: 0,
            exp_period: 1,
            hold_zero: true,
            attack: 0,
            decay: 0,
            sustain: 0,
            release: 0,
            gate: false,
            pending: None,
            step_in: 0,
            period_stale: false,
        }
    }

    fn update_period(&mut self) {
        let rate = match self.state {
            State::Attack => self.attack,
            State::DecaySustain => self.decay,
            State::Release => self.release,
        };
        self.period = RATE_PERIODS[rate as usize];
        self.period_stale = false;
    }

    pub(super) fn write_ad(&mut self, v: u8) {
        self.attack = v >> 4;
        self.decay = v & 0x0F;
        self.update_period();
    }

    pub(super) fn write_sr(&mut self, v: u8) {
        self.sustain = (v >> 4) * 0x11;
        self.release = v & 0x0F;
        self.update_period();
    }

    pub(super) fn write_gate(&mut self, gate: bool) {
        if gate != self.gate {
            let to = if gate { State::Attack } else { State::Release };
            self.pending = Some((to, GATE_DELAY));
        }
        self.gate = gate;
    }

    /// A gate write taking hold: one cycle of its countdown.
    #[cold]
    fn gate_cycle(&mut self, to: State, left: u8) {
        let left = left - 1;
        if left == 0 {
            self.pending = None;
            self.state = to;
        } else {
            self.pending = Some((to, left));
            if left != 1 || to != State::Attack {
                return;
            }
            // Between release and attack: counting again, at the decay's rate.
            self.state = State::DecaySustain;
            self.hold_zero = false;
        }
        self.period_stale = true;
    }

    /// One φ2 cycle.
    #[inline]
    pub(super) fn clock(&mut self) {
        if self.period_stale {
            self.update_period();
        }
        if let Some((to, left)) = self.pending {
            self.gate_cycle(to, left);
        }
        if self.step_in != 0 {
            self.step_in -= 1;
            if self.step_in == 0 {
                self.step();
            }
        }
        self.rate_counter += 1;
        if self.rate_counter == RC_STATES {
            self.rate_counter = 0;
        }
        if self.rate_counter != self.period {
            return;
        }
        self.rate_counter = 0;
        if self.state != State::Attack {
            self.exp_counter += 1;
            if self.exp_counter != self.exp_period {
                return;
            }
        }
        self.exp_counter = 0;
        if self.hold_zero {
            return;
        }
        if self.state == State::DecaySustain
            && self.counter == self.sustain
            && self.pending.is_none()
        {
            // At the sustain level, with no gate write under way, the step would change
            // nothing: none is kept due, as when the quiet stretch is skipped at once.
            return;
        }
        self.step_in = if self.state == State::Attack || self.exp_period == 1 {
            1
        } else {
            2
        };
    }

    /// Cycles until the rate counter next equals the period (1 to 32768).
    #[inline]
    fn to_match(&self) -> u64 {
        match (i32::from(self.period) - i32::from(self.rate_counter))
            .rem_euclid(i32::from(RC_STATES))
        {
            0 => u64::from(RC_STATES),
            d => d as u64,
        }
    }

    /// Whether a rate-counter match can change nothing but the rate and exponential
    /// counters: the counter is held at zero, or sits at the sustain level in decay.
    #[inline]
    fn frozen(&self) -> bool {
        if self.exp_counter >= self.exp_period {
            return false;
        }
        if self.hold_zero {
            return true;
        }
        self.state == State::DecaySustain
            && self.counter == self.sustain
            && self.counter != 0
            && exp_period_at(self.counter).is_none_or(|p| p == self.exp_period)
    }

    /// How many cycles [`Envelope::skip`] may advance with the counter unchanged.
    #[inline]
    pub(super) fn quiet_span(&self) -> u64 {
        if self.step_in != 0 || self.pending.is_some() || self.period_stale {
            0
        } else if self.frozen() {
            u64::MAX
        } else {
            self.to_match() - 1
        }
    }

    /// Advance `k` cycles at once, `k` within [`Envelope::quiet_span`]: what `k` calls of
    /// [`Envelope::clock`] do.
    pub(super) fn skip(&mut self, k: u64) {
        let d = self.to_match();
        if k < d {
            self.rate_counter = ((u64::from(self.rate_counter) + k) % u64::from(RC_STATES)) as u16;
            return;
        }
        let period = u64::from(self.period);
        let matches = 1 + (k - d) / period;
        self.rate_counter = ((k - d) % period) as u16;
        self.exp_counter =
            ((u64::from(self.exp_counter) + matches) % u64::from(self.exp_period)) as u8;
    }

    #[cold]
    fn step(&mut self) {
        match self.state {
            State::Attack => {
                self.counter = self.counter.wrapping_add(1);
                if self.counter == 0xFF {
                    self.state = State::DecaySustain;
                    self.period_stale = true;
                }
            }
            State::DecaySustain => {
                if self.counter != self.sustain {
                    self.counter = self.counter.wrapping_sub(1);
                }
            }
            State::Release => self.counter = self.counter.wrapping_sub(1),
        }
        if let Some(p) = exp_period_at(self.counter) {
            self.exp_period = p;
        }
        if self.counter == 0 {
            self.hold_zero = true;
        }
    }
}

/// The exponential counter's period set as the envelope counter reaches `counter`.
#[inline]
fn exp_period_at(counter: u8) -> Option<u8> {
    match counter {
        0xFF | 0x00 => Some(1),
        0x5D => Some(2),
        0x36 => Some(4),
        0x1A => Some(8),
        0x0E => Some(16),
        0x06 => Some(30),
        _ => None,
    }
}

impl Default for Envelope {
    fn default() -> Self {
        Self::new()
    }
}
