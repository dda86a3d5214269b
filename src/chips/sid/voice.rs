//! One SID voice's oscillator and waveform generator (MOS 6581).
//!
//! Facts used (SID data sheet; the test bench's SID notes, which record measurements of real
//! chips; published die analyses):
//! - a 24-bit phase accumulator adds the 16-bit frequency every φ2 cycle; the test bit holds
//!   it at zero; it powers up as $555555 (`oscinit` notes);
//! - sawtooth is the accumulator's top 12 bits; triangle the next 12 (bits 22-11), inverted
//!   while the inversion signal `!saw & (msb ^ (ring & !source msb))` is high (`ringmod`
//!   notes); pulse is high while the top 12 bits are >= the 12-bit width (compared one
//!   cycle behind), and while the test bit is set;
//! - noise is a 23-bit shift register with feedback bit 22 XOR bit 17 into bit 0, clocked
//!   when accumulator bit 19 rises (and by the test bit); bits 20, 18, 14, 11, 9, 5, 2 and 0
//!   are the waveform's bits 11-4; the test bit (and RESET) is ORed into bit 22's feedback
//!   input (noise-reset notes of the test bench). A shift takes two phases: one cycle after bit 19 rises
//!   each bit's output is latched into the next, one cycle later the latch becomes the
//!   register. While the test bit (or RESET) is held the first phase repeats every cycle;
//!   the release completes the shift (`noisewriteback` notes);
//! - with noise combined with other waveforms, the waveform selector pulls the noise bits'
//!   output lines low and the register takes those lows back ("writeback");
//! - on the 6581, a combined waveform that pulls the sawtooth's top line low clears the
//!   accumulator's top bit in the next cycle (`osc_topbit` notes).

/// The control register's bits.
pub(super) const GATE: u8 = 0x01;
pub(super) const SYNC: u8 = 0x02;
pub(super) const RING: u8 = 0x04;
pub(super) const TEST: u8 = 0x08;
pub(super) const SAW: u8 = 0x20;

/// The shift register's bits that feed waveform bits 11..4 (highest first).
const NOISE_TAPS: [u32; 8] = [20, 18, 14, 11, 9, 5, 2, 0];
/// All the tapped bits of the shift register.
const NOISE_TAP_MASK: u32 = 1 << 20 | 1 << 18 | 1 << 14 | 1 << 11 | 1 << 9 | 1 << 5 | 1 << 2 | 1;
/// Holding the test bit this long lets the shift register's cells charge back to ones: the
/// noise-reset routines of the test bench wait about a second on a 6581, and a register
/// reads all ones well before that.
pub(super) const NOISE_RESET_CYCLES: u32 = 0x8000;
/// The register's bit cells that a shift moves a tapped bit into (tap + 1).
const NOISE_NEXT_MASK: u32 = NOISE_TAP_MASK << 1;
/// How long a waveform output that is no longer driven (waveform 0) keeps its value: the
/// `osc3-wave0` notes measure it gone after about three seconds, holding well past the first.
pub(super) const FLOAT_CYCLES: u32 = 0x10_0000;

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(super) struct Voice {
    pub acc: u32,
    pub freq: u32,
    pub pw: u32,
    pub ctrl: u8,
    /// The noise shift register (23 bits) and the latch of a shift in progress.
    pub lfsr: u32,
    pub latch: u32,
    /// Shift phases still to come: 2 = latch next cycle, 1 = transfer next cycle.
    pub shift_pipe: u8,
    /// Cycles the test bit has been held (saturating), for the register's charge-back.
    pub test_held: u32,
    /// The accumulator's top bit rose in the last clock (drives sync and is cleared when
    /// this voice was itself reset by sync).
    pub msb_rose: bool,
    /// The 6581's top-bit pull-down, due to clear the accumulator's top bit next clock.
    pub clear_msb: bool,
    /// The pulse comparator's output, registered: it compares the accumulator of the
    /// cycle before (the `waveforms` pulse samples of a 6581 are one cycle behind the
    /// sawtooth's).
    pub pulse_hi: bool,
    /// Waveform 0: the last output, and how long it has floated.
    pub held: u16,
    pub floating: u32,
    /// An 8580: its own combined waveforms ([`super::mos8580`]).
    #[serde(default)]
    pub mos8580: bool,
    /// The accumulator before this cycle's add: what the 8580's sawtooth and triangle
    /// show (they come a cycle late there).
    #[serde(default)]
    pub acc_prev: u32,
}

impl Voice {
    pub(super) fn new() -> Self {
        Voice {
            acc: 0x55_5555,
            freq: 0,
            pw: 0,
            ctrl: 0,
            lfsr: 0x7F_FFFF,
            latch: 0x7F_FFFF,
            shift_pipe: 0,
            test_held: 0,
            msb_rose: false,
            clear_msb: false,
            pulse_hi: false,
            held: 0,
            floating: 0,
            mos8580: false,
            acc_prev: 0x55_5555,
        }
    }

    #[inline]
    pub(super) fn test(&self) -> bool {
        self.ctrl & TEST != 0
    }

    /// The noise waveform (12 bits, low 4 zero).
    #[inline]
    pub(super) fn noise(&self) -> u16 {
        let r = self.lfsr;
        (((r >> 20) & 1) << 11
            | ((r >> 18) & 1) << 10
            | ((r >> 14) & 1) << 9
            | ((r >> 11) & 1) << 8
            | ((r >> 9) & 1) << 7
            | ((r >> 5) & 1) << 6
            | ((r >> 2) & 1) << 5
            | (r & 1) << 4) as u16
    }

    /// The triangle, given the ring-modulating voice's accumulator top bit.
    #[inline]
    pub(super) fn triangle(&self, src_msb: bool) -> u16 {
        let acc = self.wave_acc();
        let msb = acc & 0x80_0000 != 0;
        let invert = self.ctrl & SAW == 0 && (msb ^ (self.ctrl & RING != 0 && !src_msb));
        let a = if invert { !acc } else { acc };
        ((a >> 11) & 0xFFF) as u16
    }

    #[inline]
    pub(super) fn sawtooth(&self) -> u16 {
        (self.wave_acc() >> 12) as u16
    }

    /// The accumulator the sawtooth and triangle are made of: the 8580's come a cycle
    /// late (`detect` and `oscsample` notes, see [`super::mos8580`]).
    #[inline]
    fn wave_acc(&self) -> u32 {
        if self.mos8580 {
            self.acc_prev
        } else {
            self.acc
        }
    }

    #[inline]
    pub(super) fn pulse(&self) -> u16 {
        if self.test() || self.pulse_hi {
            0xFFF
        } else {
            0
        }
    }

    /// The waveform generator's 12-bit output. Combinations of triangle, sawtooth and
    /// pulse go through the chip's model ([`combine_6581`] or the 8580's); noise combined with anything
    /// is ANDed in, as its output bits are pulled low by the other waveforms.
    #[inline]
    pub(super) fn output(&self, src_msb: bool) -> u16 {
        let w = self.ctrl >> 4;
        match w {
            0 => self.held,
            1 => self.triangle(src_msb),
            2 => self.sawtooth(),
            4 => self.pulse(),
            8 => self.noise(),
            _ => {
                let mut v = if w & 7 != 0 {
                    let t = if w & 1 != 0 {
                        self.triangle(src_msb)
                    } else {
                        0xFFF
                    };
                    let s = if w & 2 != 0 { self.sawtooth() } else { 0xFFF };
                    let p = if w & 4 != 0 { self.pulse() } else { 0xFFF };
                    if self.mos8580 {
                        super::mos8580::combine_8580(w & 7, t, s, p)
                    } else {
                        combine_6581(w & 7, t, s, p)
                    }
                } else {
                    0xFFF
                };
                if w & 8 != 0 {
                    v &= self.noise();
                }
                v
            }
        }
    }

    /// The register with each tapped bit replaced by the waveform's output bit (`out`
    /// pulls a bit low where it is 0).
    #[inline]
    fn pulled(&self, out: u16) -> u32 {
        let mut r = self.lfsr;
        for (i, &b) in NOISE_TAPS.iter().enumerate() {
            if out & (0x800 >> i) == 0 {
                r &= !(1 << b);
            }
        }
        r
    }

    /// The first phase of a shift: each bit's output (pulled by the selector in `out`)
    /// latched into the next, the feedback into bit 0: bit 17 XOR (bit 22 OR test).
    #[inline]
    fn latch_shift(&mut self, out: u16) {
        let r = self.pulled(out);
        let test = u32::from(self.ctrl & TEST != 0);
        let fb = (((self.lfsr >> 22) | test) ^ (self.lfsr >> 17)) & 1;
        self.latch = ((r << 1) & 0x7F_FFFF) | fb;
    }

    /// One φ2 cycle's digital work, before the oscillators of this cycle add: noise shift
    /// phases, writeback, the 6581's top-bit pull-down, waveform 0's fading.
    /// `src_msb` is the ring/sync source's top bit.
    #[inline]
    pub(super) fn clock_pre(&mut self, src_msb: bool) {
        if self.clear_msb {
            self.acc &= 0x7F_FFFF;
            self.clear_msb = false;
        }
        if self.test() {
            // The first phase of the shift, repeated while the bit is held (what the
            // selector pulls low reaches the latch only at the release, see
            // `write_ctrl`); the cells charge back to ones after a while.
            if self.test_held < NOISE_RESET_CYCLES {
                self.test_held += 1;
            } else {
                self.lfsr = 0x7F_FFFF;
            }
            self.latch_shift(0xFFF);
            return;
        }
        match self.shift_pipe {
            2 => {
                let out = self.output_for_writeback(src_msb);
                self.latch_shift(out);
                self.shift_pipe = 1;
            }
            1 => {
                self.lfsr = self.latch;
                self.shift_pipe = 0;
            }
            _ => {}
        }
        let w = self.ctrl >> 4;
        if w > 8 && !self.mos8580 {
            // Noise combined: the selector's lows are written back into the register.
            self.write_back(src_msb);
        }
        if w == 0 {
            if self.floating < FLOAT_CYCLES {
                self.floating += 1;
            } else {
                self.held = 0;
            }
        }
    }

    /// Noise combined: the selector's lows written into the register. The 6581 does it
    /// before the cycle's add; the 8580 after it, with the sawtooth and triangle the
    /// output shows then (`noise_writeback_test2`: an 8580 reads $12 where writing back
    /// the triangle of a cycle earlier would leave $10).
    #[inline]
    pub(super) fn write_back(&mut self, src_msb: bool) {
        let out = self.output(src_msb);
        self.lfsr = self.pulled(out);
    }

    #[inline]
    fn output_for_writeback(&self, src_msb: bool) -> u16 {
        if self.ctrl >> 4 > 8 {
            self.output(src_msb)
        } else {
            0xFFF
        }
    }

    /// The accumulator's add for this cycle; returns whether bit 19 rose (a noise clock).
    #[inline]
    pub(super) fn clock_acc(&mut self) {
        self.pulse_hi = (self.acc >> 12) >= self.pw;
        self.acc_prev = self.acc;
        if self.test() {
            self.msb_rose = false;
            return;
        }
        let old = self.acc;
        let new = (old + self.freq) & 0xFF_FFFF;
        self.acc = new;
        self.msb_rose = !old & new & 0x80_0000 != 0;
        if !old & new & 0x08_0000 != 0 {
            self.shift_pipe = 2;
        }
    }

    /// After this cycle's output: on the 6581 a combined waveform pulling the sawtooth's
    /// top line low clears the accumulator's top bit in the next cycle.
    #[inline]
    pub(super) fn clock_post(&mut self, src_msb: bool) {
        let w = self.ctrl >> 4;
        if w & 2 != 0 && w != 2 && self.acc & 0x80_0000 != 0 && self.output(src_msb) & 0x800 == 0 {
            self.clear_msb = true;
        }
    }

    /// A write to the control register.
    pub(super) fn write_ctrl(&mut self, value: u8, src_msb: bool) {
        let old = self.ctrl;
        if old >> 4 != 0 && value >> 4 == 0 {
            // The output is no longer driven: it keeps its value and fades.
            self.held = self.output(src_msb);
            self.floating = 0;
        }
        let test_on = old & TEST == 0 && value & TEST != 0;
        let test_off = old & TEST != 0 && value & TEST == 0;
        if test_on {
            self.acc = 0;
            self.test_held = 0;
            self.shift_pipe = 0;
            self.clear_msb = false;
        }
        if test_off {
            // The release completes the shift. A selector line pulled low both in the last
            // latching cycle and by the new waveform keeps the latch low (measured on a
            // 6581: the test bench's noise writeback programs).
            let pull = transfer_pull(old >> 4, value >> 4, self.output(src_msb), self.mos8580);
            self.latch &= !pull;
            self.lfsr = self.latch;
            self.test_held = 0;
        }
        self.ctrl = value;
        if test_on && self.mos8580 && value >> 4 > 8 {
            // The 8580 writes the selector's lows into the register as the test bit rises
            // with noise combined (`noiselfsrinit`, see [`super::mos8580`]).
            self.write_back(src_msb);
        }
    }

    /// How many cycles [`Voice::skip`] may advance at once: none while a noise shift or
    /// a top-bit pull-down is pending, or with noise combined (written back every cycle);
    /// otherwise up to the cycle before the accumulator's bit 19 or top bit next rises.
    /// With `steady`, also only while the output does not change (`src_steady`: the ring
    /// source's top bit does not change either).
    #[inline]
    pub(super) fn quiet_span(&self, steady: bool, src_steady: bool) -> u64 {
        if self.clear_msb || self.shift_pipe != 0 {
            return 0;
        }
        let w = self.ctrl >> 4;
        let ring_tri = w & 1 != 0 && self.ctrl & RING != 0;
        if self.test() {
            if !steady {
                return u64::MAX;
            }
            if ring_tri && !src_steady {
                return 0;
            }
            if w & 8 == 0 {
                return u64::MAX;
            }
            // The register charges back to ones when the hold reaches its limit.
            return match self.test_held {
                t if t < NOISE_RESET_CYCLES => u64::from(NOISE_RESET_CYCLES - t),
                _ if self.lfsr == 0x7F_FFFF => u64::MAX,
                _ => 0,
            };
        }
        if w > 8 || (w & 2 != 0 && w != 2) {
            return 0;
        }
        let mut span = u64::MAX;
        if self.freq != 0 {
            if steady {
                return 0;
            }
            span = adds_until_rise(self.acc, self.freq, 19)
                .min(adds_until_rise(self.acc, self.freq, 23))
                - 1;
        } else if steady {
            if self.pulse_hi != ((self.acc >> 12) >= self.pw)
                || (ring_tri && !src_steady)
                || (self.mos8580 && self.acc_prev != self.acc)
            {
                return 0;
            }
            if w == 0 && self.floating < FLOAT_CYCLES {
                span = u64::from(FLOAT_CYCLES - self.floating);
            }
        }
        span
    }

    /// Whether the accumulator's top bit stays as it is (for a ring-modulated follower).
    #[inline]
    pub(super) fn msb_steady(&self) -> bool {
        self.freq == 0 || self.test()
    }

    /// Advance `k` cycles at once (1 <= `k` <= [`Voice::quiet_span`]): what `k` calls of
    /// `clock_pre` and `clock_acc` do.
    pub(super) fn skip(&mut self, k: u64) {
        if self.test() {
            let held = u64::from(self.test_held) + k;
            if held > u64::from(NOISE_RESET_CYCLES) {
                self.lfsr = 0x7F_FFFF;
            }
            self.test_held = held.min(u64::from(NOISE_RESET_CYCLES)) as u32;
            self.latch_shift(0xFFF);
            self.pulse_hi = (self.acc >> 12) >= self.pw;
            self.acc_prev = self.acc;
            self.msb_rose = false;
            return;
        }
        if self.ctrl >> 4 == 0 {
            let floating = u64::from(self.floating) + k;
            if floating > u64::from(FLOAT_CYCLES) {
                self.held = 0;
            }
            self.floating = floating.min(u64::from(FLOAT_CYCLES)) as u32;
        }
        let acc = u64::from(self.acc);
        let f = u64::from(self.freq);
        let before_last = ((acc + (k - 1) % 0x100_0000 * f) & 0xFF_FFFF) as u32;
        self.pulse_hi = (before_last >> 12) >= self.pw;
        self.acc_prev = before_last;
        self.acc = ((acc + k % 0x100_0000 * f) & 0xFF_FFFF) as u32;
        self.msb_rose = false;
    }

    /// The 6581 floating output held by waveform 0, as read back.
    pub(super) fn osc_byte(&self, src_msb: bool) -> u8 {
        (self.output(src_msb) >> 4) as u8
    }
}

impl Default for Voice {
    fn default() -> Self {
        Self::new()
    }
}

/// How many additions of `freq` (1 to $FFFF) to the 24-bit accumulator `acc` until bit
/// `bit` (19 or 23) next rises. Each addition is smaller than $80000, so no rise is skipped.
fn adds_until_rise(acc: u32, freq: u32, bit: u32) -> u64 {
    let half = 1u64 << bit;
    let x = u64::from(acc) & ((half << 1) - 1);
    let target = if x < half { half } else { 3 * half };
    (target - x).div_ceil(u64::from(freq))
}

/// Which latched cells of the shift register stay low when a held test bit is released
/// with another waveform selection. `old_out` is the selector output of the selection
/// `old` (`old`, `new`: waveform nibbles, noise included). A tapped line pulled low in the
/// last latching cycle stays low where a waveform common to both selections pulled it; a
/// pulse common to both pulls
/// only the low three noise lines (waveform bits 6-4) unless the new selection adds the
/// triangle. Fit to the 6581 measurements in the test bench's noise writeback programs.
/// The 8580 keeps more ([`super::mos8580::transfer_lines_8580`]).
fn transfer_pull(old: u8, new: u8, old_out: u16, mos8580: bool) -> u32 {
    if old & 8 == 0 || old == 8 {
        return 0;
    }
    let common = old & new & 7;
    let low = !old_out & 0xFF0;
    let lines: u16 = if let Some(l) = mos8580
        .then(|| super::mos8580::transfer_lines_8580(old, new, low))
        .flatten()
    {
        l
    } else if common & 3 != 0 || (common & 4 != 0 && new & 1 != 0 && old & 3 != 0) {
        low
    } else if common & 4 != 0 && old & 3 != 0 {
        low & 0x070
    } else {
        0
    };
    let mut mask = 0;
    for (i, &b) in NOISE_TAPS.iter().enumerate() {
        if lines & (0x800 >> i) != 0 {
            mask |= 1 << (b + 1);
        }
    }
    mask & NOISE_NEXT_MASK
}

/// The 6581's combination of triangle, sawtooth and pulse (`which`: bit 0 triangle, bit 1
/// sawtooth, bit 2 pulse; unselected inputs are all ones). Selected waveforms are wired
/// together bit by bit, and a low bit also drags its neighbours down through the
/// selector's resistance: a bit stays high only if every selected waveform has it high
/// and enough of the bits around it are high too. The weights of the neighbours (stronger
/// towards higher bits) and the threshold are this model's few parameters, set so that
/// triangle + sawtooth is heard only near the top of its ramp and sawtooth + pulse is
/// mostly silent, as the 6581's recordings show.
pub fn combine_6581(which: u8, t: u16, s: u16, p: u16) -> u16 {
    super::selector::combine(which, t, s, p, [8, 4, 2, 1], 82)
}
