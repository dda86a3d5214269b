//! The SID's analog side: the DACs, the level of each chip's output and its DC, against
//! what reSIDfp gives for the same writes (measured as a black box, see `dac.rs`).

use super::dac::{dacs, ladder_weights};
use super::output::Output;
use super::tests::{CLOCK, voice3_on};
use super::*;

/// Voice 3 of `model` playing `ctrl` (gate set: attack 0, sustain 15, release 0) at
/// 440 Hz, volume 15, sound at 48 kHz; the samples of `seconds` after `settle` seconds.
fn play(model: SidModel, ctrl: u8, pw: u16, settle: f64, seconds: f64) -> Vec<f32> {
    let mut s = voice3_on(model, 7492, pw, ctrl);
    s.write(0x13, 0x00, 11);
    s.write(0x14, 0xF0, 12);
    s.write(0x18, 0x0F, 13);
    s.out.set_rate(Some(48_000));
    let t0 = (settle * CLOCK as f64) as u64;
    s.catch_up(t0);
    s.out.discard();
    s.catch_up(t0 + (seconds * CLOCK as f64) as u64);
    let mut v = Vec::new();
    s.out.take_samples(&mut v);
    v
}

fn peak_to_peak(v: &[f32]) -> f32 {
    let hi = v.iter().cloned().fold(f32::MIN, f32::max);
    let lo = v.iter().cloned().fold(f32::MAX, f32::min);
    hi - lo
}

#[test]
fn the_8580_dacs_are_linear() {
    let w = ladder_weights(12, 2.0, true);
    for i in 1..12 {
        assert!((w[i] / w[i - 1] - 2.0).abs() < 1e-9, "bit {i}: {w:?}");
    }
    let d = dacs(SidModel::Mos8580);
    let steps: Vec<i32> = (1..4096).map(|x| d.wave[x] - d.wave[x - 1]).collect();
    let (lo, hi) = (steps.iter().min().unwrap(), steps.iter().max().unwrap());
    assert!(hi - lo <= 1, "waveform DAC steps {lo}..{hi}");
}

#[test]
fn the_6581_dacs_top_bits_weigh_less_than_the_bits_below() {
    let d = dacs(SidModel::Mos6581);
    // $7FF to $800: the top bit alone gives less than the eleven below it, so the
    // sawtooth steps down in the middle of its ramp.
    assert!(
        d.wave[0x800] < d.wave[0x7FF],
        "{} {}",
        d.wave[0x800],
        d.wave[0x7FF]
    );
    assert!(d.env[0x80] < d.env[0x7F], "{} {}", d.env[0x80], d.env[0x7F]);
    // Envelope 136 ($88) gives less than 136/255 of the full level (reSIDfp: 0.505).
    let half = f64::from(d.env[0x88]) / f64::from(d.env[0xFF]);
    assert!((0.49..0.527).contains(&half), "{half}");
}

#[test]
fn a_6581_sawtooth_under_a_closed_envelope_is_still_heard() {
    // The envelope DAC leaks: at counter 0 the waveform comes through about 43 dB under
    // the full envelope (reSIDfp 6581: 42.7 dB; 8580: 48.7 dB).
    for (model, db) in [(SidModel::Mos6581, -42.7), (SidModel::Mos8580, -48.7)] {
        let full = peak_to_peak(&play(model, 0x21, 0, 1.5, 0.1));
        let closed = peak_to_peak(&play(model, 0x20, 0, 1.5, 0.1));
        let got = 20.0 * (closed / full).log10();
        assert!((got - db).abs() < 1.5, "{model:?}: {got} dB");
    }
}

#[test]
fn each_chips_output_level() {
    // A sawtooth at the full envelope and volume 15 spans 28 % of full scale on the 6581
    // and 22 % on the 8580 (reSIDfp, from the fundamental's level).
    for (model, want) in [(SidModel::Mos6581, 0.282), (SidModel::Mos8580, 0.2215)] {
        let pp = peak_to_peak(&play(model, 0x21, 0, 1.5, 0.1));
        assert!((pp - want).abs() < 0.02, "{model:?}: {pp}");
    }
}

#[test]
fn each_chips_dc_level_and_zero_point() {
    // Volume 0 to 15 over silent voices: the 6581's output jumps up by 0.35 of full
    // scale, the 8580's down by 0.06. A pulse held low (width $FFF, frequency 0) opening
    // under attack 0 steps down a little on the 6581 (its zero lies 11 % up the DAC's
    // range), about as far as one held high steps up on the 8580 (zero near the middle).
    for (model, click, low_over_high) in [
        (SidModel::Mos6581, 0.345, -0.124),
        (SidModel::Mos8580, -0.0596, -0.95),
    ] {
        let mut s = Sid::with_model(model, CLOCK);
        s.out.set_rate(Some(48_000));
        s.catch_up(10_000);
        s.write(0x18, 0x0F, 10_000);
        s.catch_up(10_200);
        let mut v = Vec::new();
        s.out.take_samples(&mut v);
        let jump = v[v.len() - 1] - v[0];
        assert!(
            (jump - click).abs() < 0.03,
            "{model:?}: volume click {jump}"
        );
        let step = |pw: u16| {
            let mut s = voice3_on(model, 0, pw, 0x40);
            s.write(0x13, 0x00, 11);
            s.write(0x14, 0xF0, 12);
            s.write(0x18, 0x0F, 13);
            s.out.set_rate(Some(48_000));
            s.catch_up(CLOCK);
            s.out.discard();
            s.write(0x12, 0x41, CLOCK);
            s.catch_up(CLOCK + 5_000);
            let mut v = Vec::new();
            s.out.take_samples(&mut v);
            v[v.len() - 1] - v[0]
        };
        let r = step(0xFFF) / step(0);
        assert!((r - low_over_high).abs() < 0.05, "{model:?}: low/high {r}");
    }
}

#[test]
fn each_chips_filter_cutoff_curve() {
    // reSIDfp's curves, measured with noise through the low pass: the 6581's rises slowly
    // from about 290 Hz, steeply through the middle (2 kHz at $200, 8.8 kHz at $400) and
    // levels off near 16 kHz; the 8580's is a straight line from near 0 to 14 kHz.
    let c = |m, fc| Output::cutoff_hz(m, fc);
    let near = |got: f32, want: f32| (got / want - 1.0).abs() < 0.15;
    for (fc, hz) in [(0, 290.0), (0x100, 600.0), (0x200, 2000.0), (0x400, 8800.0)] {
        assert!(near(c(SidModel::Mos6581, fc), hz), "6581 {fc:#x}");
    }
    for (fc, hz) in [
        (0x40, 450.0),
        (0x100, 1770.0),
        (0x400, 7030.0),
        (0x7FF, 14000.0),
    ] {
        assert!(near(c(SidModel::Mos8580, fc), hz), "8580 {fc:#x}");
    }
    assert!(c(SidModel::Mos8580, 0) < 30.0);
}

#[test]
fn the_6581_filter_passes_3_db_under_the_direct_path() {
    // Voice 3's pulse through the wide-open low pass against the same pulse direct
    // (reSIDfp: the fundamental 2.9 dB lower on the 6581, the same on the 8580).
    let level = |model: SidModel, routed: bool| {
        let mut s = voice3_on(model, 7492, 0x800, 0x41);
        s.write(0x13, 0x00, 11);
        s.write(0x14, 0xF0, 12);
        s.write(0x16, 0xFF, 13);
        s.write(0x17, if routed { 0x04 } else { 0 }, 14);
        s.write(0x18, 0x1F, 15);
        s.out.set_rate(Some(48_000));
        s.catch_up(CLOCK);
        s.out.discard();
        s.catch_up(CLOCK + CLOCK / 10);
        let mut v = Vec::new();
        s.out.take_samples(&mut v);
        let m = v.iter().sum::<f32>() / v.len() as f32;
        (v.iter().map(|x| (x - m) * (x - m)).sum::<f32>() / v.len() as f32).sqrt()
    };
    for (model, db) in [(SidModel::Mos6581, -2.9), (SidModel::Mos8580, 0.0)] {
        let got = 20.0 * (level(model, true) / level(model, false)).log10();
        assert!((got - db).abs() < 1.0, "{model:?}: {got} dB");
    }
}

#[test]
fn the_6581_high_pass_lets_a_little_of_its_input_through() {
    // reSIDfp's 6581 with the high pass at the top cutoff passes a 440 Hz pulse 29 dB
    // under the low pass's passband (3.5 %); the 8580's passes almost nothing.
    for (model, want) in [(SidModel::Mos6581, 35.0), (SidModel::Mos8580, 0.0)] {
        let mut o = Output::with_model(model, CLOCK);
        o.write(0x15, 0x07);
        o.write(0x16, 0xFF);
        o.write(0x17, 0x01);
        o.write(0x18, 0x4F);
        for _ in 0..20_000 {
            o.step_filter(1000.0);
        }
        let got = o.filter_out();
        assert!((got - want).abs() < 1.0, "{model:?}: {got}");
    }
}
