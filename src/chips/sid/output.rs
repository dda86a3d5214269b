//! The SID's analog side and the samples it gives the host: each voice's waveform DAC times
//! its envelope, the 6581's filter, the volume, and resampling to the host's rate.
//!
//! - A voice's level is (waveform DAC - its zero point) x envelope DAC, both DACs as built
//!   in [`super::dac`] for the chip's model (the 6581's uneven, leaking bit weights, the
//!   8580's even ones): on the 6581 the zero lies above the bottom of the range, so an
//!   envelope moving under a silent waveform is heard as a click (SID data sheet; the test
//!   bench's `resid-test` notes), and an envelope at zero still lets a faint copy of the
//!   waveform through.
//! - The filter is a two-integrator state-variable filter (the 6581's structure) with low,
//!   band and high pass outputs ($D418 bits 4-6), resonance from $D417's top nibble, and a
//!   cutoff that follows each chip's curve ([`Output::cutoff_hz`]: the 6581's S-shaped one,
//!   the 8580's straight line); the 6581's filter passes 2.9 dB under the direct path, and its
//!   high pass lets 3.5 % of its input through at any cutoff.
//!   Voices route to it by $D417's low bits; voice 3 off ($D418 bit 7) mutes voice 3
//!   only when it is not routed through the filter.
//! - The mixer adds a DC level before the master volume ($D418's low nibble), so writing
//!   the volume alone moves the output: the 4-bit "digis" of $D418 players. On the 6581
//!   volume 15 over silent voices lifts the output by 0.35 of full scale; on the 8580 it
//!   lowers it by 0.06. A sawtooth at full envelope and volume spans 0.28 of full scale on
//!   the 6581 and 0.22 on the 8580 (levels measured on reSIDfp as a black box).
//! - Resampling: the voices are summed every cycle and averaged over 4 cycles, the filter
//!   runs at that rate (246 kHz), and each host sample is the exact average (box filter,
//!   fractional edges) of the filter's output over its own period. A low pass near 16 kHz
//!   and a high pass near 1.2 Hz stand for the C64's output stage (its RC filter and
//!   output capacitor; a volume click decays with a time constant of 0.135 s, as on
//!   reSIDfp).

use super::{SidModel, dac};

/// Cycles averaged for one filter step.
const SUB: u32 = 4;
/// A voice's full range (waveform DAC x envelope DAC, both at all ones) in level units.
const VOICE_RANGE: f32 = (4095 * dac::WAVE_ONE * 255 * dac::ENV_ONE) as f32;
/// The part of its input the 6581's high pass output passes at any cutoff (its summer
/// does not cancel the low pass exactly: reSIDfp's 6581 passes a 440 Hz pulse 29 dB under
/// the passband with the high pass at the top cutoff).
const HP_LEAK_6581: f32 = 0.035;
/// The output high pass's corner, Hz.
const HP_HZ: f32 = 1.18;
/// The C64's audio output stage: an RC low pass of about 16 kHz (10 kOhm, 1 nF) after the
/// chip, as a one-pole filter at the filter step rate: 1 - exp(-2 pi 16 kHz / 246.3 kHz).
const EXT_LP: f32 = 0.335;

/// The output's scale and DC level of a chip model.
struct Levels {
    /// Output (full scale 1) per level unit at volume 15.
    gain: f32,
    /// The filter's passband gain against the direct path.
    filter_gain: f32,
    /// The mixer's DC level, in level units.
    dc: f32,
}

fn levels_of(model: SidModel) -> Levels {
    // A full voice's swing at volume 15, and the volume's DC jump, as fractions of full scale.
    // The 6581's filter passes 2.9 dB under its direct path (0.716).
    let (swing, click, filter_gain) = match model {
        SidModel::Mos6581 => (0.282, 0.345, 0.716),
        SidModel::Mos8580 => (0.2215, -0.0596, 1.0),
    };
    let gain = swing / VOICE_RANGE;
    Levels {
        gain,
        filter_gain,
        dc: click / gain,
    }
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Output {
    model: SidModel,
    /// The chip's clock, Hz.
    clock_hz: u64,
    /// Host sample rate, 0 = no sound produced.
    rate: u32,
    fc: u16,
    res_filt: u8,
    mode_vol: u8,
    /// Derived filter coefficients.
    f: f32,
    q_inv: f32,
    lp: f32,
    bp: f32,
    hp: f32,
    /// The filter's last input.
    input: f32,
    /// From the model and the volume: the filter path's gain, the mixer's DC (in voice
    /// units) and the output scale (volume x the model's gain).
    filter_gain: f32,
    dc: f32,
    out_scale: f32,
    /// Sums over the current 4-cycle step.
    sum_filt: i64,
    sum_direct: i64,
    sub_n: u32,
    /// Resampler: progress through the host sample in units of 1/(rate x clock) s.
    phase: u64,
    box_sum: f64,
    hp_x: f32,
    hp_y: f32,
    /// The board's output low pass (first order, near 16 kHz), at the filter's rate.
    ext_lp: f32,
    #[serde(skip)]
    samples: Vec<f32>,
}

impl Output {
    /// The output of a 6581 clocked at `clock_hz`.
    pub fn new(clock_hz: u64) -> Self {
        Self::with_model(SidModel::Mos6581, clock_hz)
    }

    /// The output of a SID of `model` clocked at `clock_hz`.
    pub fn with_model(model: SidModel, clock_hz: u64) -> Self {
        let mut o = Output {
            model,
            clock_hz,
            rate: 0,
            fc: 0,
            res_filt: 0,
            mode_vol: 0,
            f: 0.0,
            q_inv: 1.0,
            lp: 0.0,
            bp: 0.0,
            hp: 0.0,
            input: 0.0,
            filter_gain: 1.0,
            dc: 0.0,
            out_scale: 0.0,
            sum_filt: 0,
            sum_direct: 0,
            sub_n: 0,
            phase: 0,
            box_sum: 0.0,
            hp_x: 0.0,
            hp_y: 0.0,
            ext_lp: 0.0,
            samples: Vec::new(),
        };
        o.update();
        o
    }

    #[inline]
    pub fn enabled(&self) -> bool {
        self.rate != 0
    }

    /// Produce samples at `rate` Hz from now on (`None`: none).
    pub fn set_rate(&mut self, rate: Option<u32>) {
        self.rate = rate.unwrap_or(0);
    }

    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// The chip's clock, Hz.
    pub fn clock_hz(&self) -> u64 {
        self.clock_hz
    }

    /// The samples produced since the last call (mono, about -1..1).
    pub fn take_samples(&mut self, into: &mut Vec<f32>) {
        into.append(&mut self.samples);
    }

    /// Throw away the samples produced so far.
    pub fn discard(&mut self) {
        self.samples.clear();
    }

    /// Filter and volume registers ($D415-$D418).
    pub fn write(&mut self, reg: usize, v: u8) {
        match reg {
            0x15 => self.fc = (self.fc & !7) | u16::from(v & 7),
            0x16 => self.fc = (self.fc & 7) | (u16::from(v) << 3),
            0x17 => self.res_filt = v,
            _ => self.mode_vol = v,
        }
        self.update();
    }

    /// The cutoff frequency (Hz) for the 11-bit register value on `model`.
    ///
    /// The 6581's curve, measured on reSIDfp's 6581 as a black box (noise through the low
    /// pass at resonance 0, the cutoff read from the 12 dB per octave slope), interpolated
    /// in log frequency between the measured points: flat near 300 Hz for low register
    /// values, rising steeply through the middle and levelling off near 16 kHz. The 8580's
    /// is a straight line, 12 Hz at 0 and 6.85 Hz more per step (14 kHz at $7FF).
    pub fn cutoff_hz(model: SidModel, fc: u16) -> f32 {
        const CURVE_6581: [(u16, f32); 11] = [
            (0, 290.0),
            (64, 325.0),
            (128, 380.0),
            (256, 600.0),
            (384, 1400.0),
            (512, 2000.0),
            (640, 3500.0),
            (768, 4800.0),
            (1024, 8800.0),
            (1280, 10_000.0),
            (1536, 14_000.0),
        ];
        let fc = fc.min(0x7FF);
        match model {
            SidModel::Mos8580 => 12.0 + 6.85 * f32::from(fc),
            SidModel::Mos6581 => {
                let mut prev = CURVE_6581[0];
                for &(x, hz) in &CURVE_6581[1..] {
                    if fc <= x {
                        let t = f32::from(fc - prev.0) / f32::from(x - prev.0);
                        return prev.1 * (hz / prev.1).powf(t);
                    }
                    prev = (x, hz);
                }
                let t = f32::from(fc - prev.0) / f32::from(0x7FF - prev.0);
                prev.1 * (16_000.0 / prev.1).powf(t)
            }
        }
    }

    fn update(&mut self) {
        let fs = (self.clock_hz as f32) / SUB as f32;
        let fc = Self::cutoff_hz(self.model, self.fc).min(fs / 8.0);
        self.f = 2.0 * (std::f32::consts::PI * fc / fs).sin();
        let q = 0.707 + 1.6 * f32::from(self.res_filt >> 4) / 15.0;
        self.q_inv = 1.0 / q;
        let l = levels_of(self.model);
        self.filter_gain = l.filter_gain;
        self.dc = l.dc;
        self.out_scale = f32::from(self.mode_vol & 0x0F) / 15.0 * l.gain;
    }

    /// The voices' levels for one cycle: into the filter, and past it.
    #[inline]
    fn levels(&self, wave: &[u16; 3], env: &[u8; 3]) -> (i64, i64) {
        let route = self.res_filt;
        let d = dac::dacs(self.model);
        let (mut filt, mut direct) = (0, 0);
        for i in 0..3 {
            let v = i64::from(d.wave[usize::from(wave[i] & 0xFFF)] * d.env[usize::from(env[i])]);
            if route & (1 << i) != 0 {
                filt += v;
            } else if i != 2 || self.mode_vol & 0x80 == 0 {
                direct += v;
            }
        }
        (filt, direct)
    }

    /// One cycle: the voices' waveforms and envelopes.
    #[inline]
    pub fn clock(&mut self, wave: &[u16; 3], env: &[u8; 3]) {
        let (filt, direct) = self.levels(wave, env);
        self.sum_filt += filt;
        self.sum_direct += direct;
        self.sub_n += 1;
        if self.sub_n == SUB {
            self.step();
        }
    }

    /// `k` cycles with the same waveforms and envelopes: what `k` calls of
    /// [`Output::clock`] do.
    pub fn skip(&mut self, wave: &[u16; 3], env: &[u8; 3], mut k: u64) {
        let (filt, direct) = self.levels(wave, env);
        while k > 0 {
            let m = k.min(u64::from(SUB - self.sub_n)) as u32;
            self.sum_filt += filt * i64::from(m);
            self.sum_direct += direct * i64::from(m);
            self.sub_n += m;
            k -= u64::from(m);
            if self.sub_n == SUB {
                self.step();
            }
        }
    }

    /// One step of the state-variable filter with `input`.
    pub(crate) fn step_filter(&mut self, input: f32) {
        self.input = input;
        self.hp = input - self.lp - self.q_inv * self.bp;
        self.bp += self.f * self.hp;
        self.lp += self.f * self.bp;
    }

    /// The filter's selected outputs ($D418 bits 4-6) after the last step.
    pub(crate) fn filter_out(&self) -> f32 {
        let mut filtered = 0.0;
        if self.mode_vol & 0x10 != 0 {
            filtered += self.lp;
        }
        if self.mode_vol & 0x20 != 0 {
            filtered += self.bp;
        }
        if self.mode_vol & 0x40 != 0 {
            filtered += self.hp;
            if self.model == SidModel::Mos6581 {
                filtered += HP_LEAK_6581 * self.input;
            }
        }
        filtered
    }

    fn step(&mut self) {
        let scale = 1.0 / SUB as f32;
        let input = self.sum_filt as f32 * scale;
        let direct = self.sum_direct as f32 * scale;
        self.sum_filt = 0;
        self.sum_direct = 0;
        self.sub_n = 0;
        self.step_filter(input);
        let filtered = self.filter_out() * self.filter_gain;
        let y = (direct + filtered + self.dc) * self.out_scale;
        self.ext_lp += EXT_LP * (y - self.ext_lp);
        self.resample(self.ext_lp);
    }

    /// Box average over each host sample's period, with fractional edges.
    fn resample(&mut self, y: f32) {
        let per_sample = self.clock_hz;
        let span = u64::from(SUB) * u64::from(self.rate);
        let end = self.phase + span;
        if end >= per_sample {
            let inside = per_sample - self.phase;
            let total = self.box_sum + f64::from(y) * inside as f64;
            let x = (total / per_sample as f64) as f32;
            // The output capacitor: a first-order high pass.
            let a = 1.0 - 2.0 * std::f32::consts::PI * HP_HZ / self.rate as f32;
            self.hp_y = a * (self.hp_y + x - self.hp_x);
            self.hp_x = x;
            self.samples.push(self.hp_y);
            self.phase = end - per_sample;
            self.box_sum = f64::from(y) * self.phase as f64;
        } else {
            self.phase = end;
            self.box_sum += f64::from(y) * span as f64;
        }
    }
}

/// A mono 16-bit PCM WAV file of `samples` (about -1..1, clipped) at `rate` Hz.
pub fn wav_bytes(samples: &[f32], rate: u32) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut b = Vec::with_capacity(44 + samples.len() * 2);
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + data_len).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes()); // PCM
    b.extend_from_slice(&1u16.to_le_bytes()); // mono
    b.extend_from_slice(&rate.to_le_bytes());
    b.extend_from_slice(&(rate * 2).to_le_bytes());
    b.extend_from_slice(&2u16.to_le_bytes());
    b.extend_from_slice(&16u16.to_le_bytes());
    b.extend_from_slice(b"data");
    b.extend_from_slice(&data_len.to_le_bytes());
    for &s in samples {
        let v = (s.clamp(-1.0, 1.0) * 32767.0).round() as i16;
        b.extend_from_slice(&v.to_le_bytes());
    }
    b
}
