//! The SID's digital-to-analog converters: the 12-bit waveform DAC and the 8-bit envelope
//! DAC of each voice, as tables built once per chip model.
//!
//! Both are R-2R ladders. On the 6581 the legs are not exactly twice the rungs (2R/R about
//! 2.2) and the ladder has no termination resistor at its low end, so the bit weights are
//! not powers of two: the top bits weigh a little less than half of what is below them and
//! the output steps unevenly. The 8580's ladders are nearly ideal (2R/R = 2.0, terminated).
//! A switch that is off still leaks a little of its bit's weight: an envelope at zero lets
//! a faint copy of the waveform through (measured on reSIDfp as a black box: 0.73 % of the
//! full envelope's level on the 6581, 0.37 % on the 8580), which is heard after every
//! note's release while the oscillator runs on.

use super::SidModel;
use std::sync::OnceLock;

/// The waveform DAC's scale: its full output (all bits on) is 4095 x `WAVE_ONE`.
pub(super) const WAVE_ONE: i32 = 8;
/// The envelope DAC's scale: its full output is 255 x `ENV_ONE`.
pub(super) const ENV_ONE: i32 = 64;

/// One model's DAC tables.
pub(super) struct Dacs {
    /// Waveform DAC output for each 12-bit value, less the voice's zero point.
    pub(super) wave: [i32; 4096],
    /// Envelope DAC output for each counter value.
    pub(super) env: [i32; 256],
}

/// The ladder of one model: 2R/R, whether its low end is terminated, and the fraction of
/// its weight a bit that is off still gives.
struct Ladder {
    ratio: f64,
    terminated: bool,
    leak: f64,
}

const LADDER_6581: Ladder = Ladder {
    ratio: 2.2,
    terminated: false,
    leak: 0.0073,
};
const LADDER_8580: Ladder = Ladder {
    ratio: 2.0,
    terminated: true,
    leak: 0.0037,
};

/// The waveform DAC's zero point as a fraction of its range: the voice's level is
/// (DAC - zero) x envelope, so on the 6581 a silent waveform (all zeros) sits a little
/// below zero and an envelope opening over it is heard as a click; the 8580's zero lies
/// near the middle (measured on reSIDfp: pulse held low and held high, attack 0).
pub(super) fn wave_zero(model: SidModel) -> f64 {
    match model {
        SidModel::Mos6581 => 0.11,
        SidModel::Mos8580 => 0.49,
    }
}

/// The weight of each bit of an R-2R ladder of `bits` bits (bit 0 at the far, low end), the
/// output taken unloaded at the top node: each node has a leg of `ratio` (2R, with R = 1) to
/// its bit's switch and a rung of 1 to the next node; a terminated ladder also has a leg of
/// `ratio` to ground at its low end. By superposition, bit `j`'s weight is the top node's
/// voltage with switch `j` at 1 and the others at 0 (a tridiagonal system per bit).
pub(super) fn ladder_weights(bits: usize, ratio: f64, terminated: bool) -> Vec<f64> {
    let g_leg = 1.0 / ratio;
    (0..bits)
        .map(|j| {
            // Node i: (legs + rungs) v_i - v_{i-1} - v_{i+1} = g_leg x source_i.
            let diag: Vec<f64> = (0..bits)
                .map(|i| {
                    let mut d = g_leg;
                    if i > 0 {
                        d += 1.0;
                    } else if terminated {
                        d += g_leg;
                    }
                    if i + 1 < bits {
                        d += 1.0;
                    }
                    d
                })
                .collect();
            let rhs: Vec<f64> = (0..bits)
                .map(|i| if i == j { g_leg } else { 0.0 })
                .collect();
            // Thomas algorithm, off-diagonals -1.
            let mut c = vec![0.0; bits];
            let mut d = vec![0.0; bits];
            c[0] = -1.0 / diag[0];
            d[0] = rhs[0] / diag[0];
            for i in 1..bits {
                let m = diag[i] + c[i - 1];
                c[i] = -1.0 / m;
                d[i] = (rhs[i] + d[i - 1]) / m;
            }
            // The forward sweep leaves the top node's voltage in its last entry.
            d[bits - 1]
        })
        .collect()
}

/// The DAC's output for `x`, as a fraction of all bits on: bits that are off give `leak`
/// of their weight.
fn dac(weights: &[f64], leak: f64, x: u32) -> f64 {
    let total: f64 = weights.iter().sum();
    let v: f64 = weights
        .iter()
        .enumerate()
        .map(|(i, w)| if x >> i & 1 != 0 { *w } else { w * leak })
        .sum();
    v / total
}

fn build(model: SidModel) -> Dacs {
    let l = match model {
        SidModel::Mos6581 => LADDER_6581,
        SidModel::Mos8580 => LADDER_8580,
    };
    let ww = ladder_weights(12, l.ratio, l.terminated);
    let we = ladder_weights(8, l.ratio, l.terminated);
    let zero = wave_zero(model);
    let mut d = Dacs {
        wave: [0; 4096],
        env: [0; 256],
    };
    for (x, o) in d.wave.iter_mut().enumerate() {
        let v = dac(&ww, l.leak, x as u32) - zero;
        *o = (v * f64::from(4095 * WAVE_ONE)).round() as i32;
    }
    for (x, o) in d.env.iter_mut().enumerate() {
        *o = (dac(&we, l.leak, x as u32) * f64::from(255 * ENV_ONE)).round() as i32;
    }
    d
}

/// The DAC tables of `model`, built on first use.
pub(super) fn dacs(model: SidModel) -> &'static Dacs {
    static T6581: OnceLock<Dacs> = OnceLock::new();
    static T8580: OnceLock<Dacs> = OnceLock::new();
    match model {
        SidModel::Mos6581 => T6581.get_or_init(|| build(model)),
        SidModel::Mos8580 => T8580.get_or_init(|| build(model)),
    }
}
