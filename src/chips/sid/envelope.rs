//! One SID voice's envelope generator (MOS 6581).
//!
//! Facts used (SID data sheet for the rates; the test bench's `resid-test` measurements of
//! real chips for the periods, `envelope`, `env_test` and `exp_counter_reset` notes for the
//! rest):
//! - a 15-bit rate counter counts φ2 cycles and restarts when it equals the period of the
//!   current rate; the periods are 9, 32, 63, 95, 149, 220, 267, 313, 392, 977, 1954, 3126,
//!   3907, 11720, 19532 and 31251 cycles (`envrate` measures exactly these). The comparison
//!   is for equality only, so lowering the rate while the counter is past the new period
//!   lets it run through all 32768 states first: the "ADSR delay bug";
//! - each restart steps the 8-bit envelope counter: up in attack, down in decay (until the
//!   sustain level, the nibble times $11) and in release. In decay and release an
//!   exponential counter divides the steps by 1, 2, 4, 8, 16 or 30 depending on the level
//!   (the period changes as the counter reaches $FF, $5D, $36, $1A, $0E, $06 and $00);
//!   the exponential counter restarts with every step, and with every rate-counter
//!   restart in attack;
//! - in decay and release, a step let through by the exponential counter at a period
//!   other than 1 comes one cycle after the rate-counter restart, not with it: falling at
//!   rate 0 from $FF, `envsample` (6581 and 8580 samples of ENV3 every cycle) holds $5D
//!   for 19 cycles, not 18, and every later step one cycle later (decay rates 0 to 3);
//! - attack ends as the counter reaches $FF; the counter freezes when it reaches zero
//!   until the next attack; a release started at zero wraps to $FF, an attack started at
//!   $FF wraps to zero (and freezes there).

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
    /// A decay or release step due at the next cycle (exponential period other than 1).
    pub step_due: bool,
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
            step_due: false,
        }
    }

    fn update_period(&mut self) {
        let rate = match self.state {
            State::Attack => self.attack,
            State::DecaySustain => self.decay,
            State::Release => self.release,
        };
        self.period = RATE_PERIODS[rate as usize];
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
        if gate && !self.gate {
            self.state = State::Attack;
            self.hold_zero = false;
        } else if !gate && self.gate {
            self.state = State::Release;
        }
        self.gate = gate;
        self.update_period();
    }

    /// One φ2 cycle.
    #[inline]
    pub(super) fn clock(&mut self) {
        if self.step_due {
            self.step_due = false;
            self.step();
        }
        self.rate_counter = (self.rate_counter + 1) & 0x7FFF;
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
        if self.exp_period != 1 && self.state != State::Attack {
            // At the sustain level the step would change nothing: none is kept due, as
            // when the quiet stretch is skipped at once.
            self.step_due = self.state == State::Release || self.counter != self.sustain;
            return;
        }
        self.step();
    }

    /// Cycles until the rate counter next equals the period (1 to 32768).
    #[inline]
    fn to_match(&self) -> u64 {
        match (i32::from(self.period) - i32::from(self.rate_counter)).rem_euclid(0x8000) {
            0 => 0x8000,
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
        if self.step_due {
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
            self.rate_counter = ((u64::from(self.rate_counter) + k) & 0x7FFF) as u16;
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
                    self.update_period();
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
