//! `breadbin wav-compare A.wav B.wav`: how alike two recordings of one program sound, as the
//! Pearson correlation of their log-magnitude spectrograms (B is the reference).
//!
//! - Both files are read as 16-bit PCM (stereo is mixed to mono) at the same rate.
//! - Alignment: the recordings start at different moments (each emulator's autostart takes
//!   its own time). A is first shifted so that both first sounds (the first 64-sample block
//!   within 60 dB of the recording's loudest) coincide, then by the lag within ±`max_lag`
//!   seconds of that which best correlates their level envelopes (dB per block, floored as
//!   below).
//! - The stretch compared starts 0.1 s before the reference's first sound (its first frame
//!   within 60 dB of its loudest) and runs to the end of the shorter recording or
//!   `--seconds` after that start. Power-on and autostart silence is left out, so it cannot
//!   raise the figure; the quiet stretches between notes are in.
//! - Spectrogram: frames of 2048 samples, a hop of 512, a Hann window; each bin's power is
//!   scaled so that a full-scale sine reads 0 dB, and the log is `10 log10(P + floor)`.
//!   The floor (default -100 dB) sits 26 dB above 16-bit quantisation noise in one bin
//!   (about -126 dB with this window), so rounding noise does not decide the quiet stretches,
//!   while a faint waveform left after a note's release (typically 40 to 80 dB under full
//!   scale) is well above it and counts: silence against a faint copy lowers the figure.
//! - Printed: the lag, the correlation over every bin of every frame, and over the frames
//!   where the reference sounds (within 30 dB of its loudest frame: the notes) and the rest
//!   (the quiet stretches) separately, and the level difference (A - B) in the loud frames.

use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const N: usize = 2048;
const HOP: usize = 512;
const BLOCK: usize = 64;

#[derive(Args, Debug)]
pub(crate) struct WavCompareArgs {
    /// The recording under test.
    a: PathBuf,
    /// The reference recording.
    b: PathBuf,
    /// The log floor, dB under a full-scale sine.
    #[arg(long, default_value_t = -100.0, allow_hyphen_values = true)]
    floor_db: f64,
    /// Compare at most this many seconds from the reference's first sound.
    #[arg(long)]
    seconds: Option<f64>,
    /// Also print the mean level difference (A - B, dB) per octave band, in the notes and
    /// in the quiet stretches.
    #[arg(long)]
    bands: bool,
    /// The largest shift searched around the first sounds' alignment, seconds.
    #[arg(long, default_value_t = 0.25)]
    max_lag: f64,
}

/// The samples (-1..1, mono) and rate of a 16-bit PCM WAV file.
fn read_wav(path: &Path) -> Result<(Vec<f64>, u32), String> {
    let b = std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let bad = || format!("{}: not a 16-bit PCM WAV", path.display());
    if b.len() < 12 || &b[0..4] != b"RIFF" || &b[8..12] != b"WAVE" {
        return Err(bad());
    }
    let (mut rate, mut channels, mut bits) = (0u32, 0usize, 0u16);
    let mut i = 12;
    while i + 8 <= b.len() {
        let id = &b[i..i + 4];
        let len = u32::from_le_bytes([b[i + 4], b[i + 5], b[i + 6], b[i + 7]]) as usize;
        let body = &b[i + 8..(i + 8 + len).min(b.len())];
        if id == b"fmt " && body.len() >= 16 {
            channels = usize::from(u16::from_le_bytes([body[2], body[3]]));
            rate = u32::from_le_bytes([body[4], body[5], body[6], body[7]]);
            bits = u16::from_le_bytes([body[14], body[15]]);
        } else if id == b"data" {
            if bits != 16 || channels == 0 {
                return Err(bad());
            }
            let frames = body.len() / (2 * channels);
            let s = (0..frames)
                .map(|f| {
                    let sum: f64 = (0..channels)
                        .map(|c| {
                            let k = 2 * (f * channels + c);
                            f64::from(i16::from_le_bytes([body[k], body[k + 1]]))
                        })
                        .sum();
                    sum / (32768.0 * channels as f64)
                })
                .collect();
            return Ok((s, rate));
        }
        i += 8 + len + (len & 1);
    }
    Err(bad())
}

/// In-place radix-2 FFT of `re`/`im` (length a power of two).
fn fft(re: &mut [f64], im: &mut [f64]) {
    let n = re.len();
    let mut j = 0;
    for i in 1..n {
        let mut bit = n >> 1;
        while j & bit != 0 {
            j ^= bit;
            bit >>= 1;
        }
        j |= bit;
        if i < j {
            re.swap(i, j);
            im.swap(i, j);
        }
    }
    let mut len = 2;
    while len <= n {
        let ang = -2.0 * std::f64::consts::PI / len as f64;
        for start in (0..n).step_by(len) {
            for k in 0..len / 2 {
                let (s, c) = (ang * k as f64).sin_cos();
                let (a, b) = (start + k, start + k + len / 2);
                let (xr, xi) = (re[b] * c - im[b] * s, re[b] * s + im[b] * c);
                re[b] = re[a] - xr;
                im[b] = im[a] - xi;
                re[a] += xr;
                im[a] += xi;
            }
        }
        len <<= 1;
    }
}

/// Log-power spectrogram frames (N/2 + 1 bins each) of `x`, floored at `floor` (power).
fn spectrogram(x: &[f64], floor: f64) -> Vec<Vec<f64>> {
    let w: Vec<f64> = (0..N)
        .map(|i| 0.5 - 0.5 * (2.0 * std::f64::consts::PI * i as f64 / N as f64).cos())
        .collect();
    // A full-scale sine gives |X| = sum(w) / 2 in its bin.
    let norm = 2.0 / w.iter().sum::<f64>();
    let mut out = Vec::new();
    let mut start = 0;
    while start + N <= x.len() {
        let mut re: Vec<f64> = (0..N).map(|i| x[start + i] * w[i]).collect();
        let mut im = vec![0.0; N];
        fft(&mut re, &mut im);
        out.push(
            (0..=N / 2)
                .map(|k| {
                    let p = (re[k] * re[k] + im[k] * im[k]) * norm * norm;
                    10.0 * (p + floor).log10()
                })
                .collect(),
        );
        start += HOP;
    }
    out
}

/// Pearson correlation of paired values.
fn pearson(pairs: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (mut n, mut sa, mut sb, mut saa, mut sbb, mut sab) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    for (a, b) in pairs {
        n += 1.0;
        sa += a;
        sb += b;
        saa += a * a;
        sbb += b * b;
        sab += a * b;
    }
    let cov = sab - sa * sb / n;
    let va = saa - sa * sa / n;
    let vb = sbb - sb * sb / n;
    if va <= 0.0 || vb <= 0.0 {
        return f64::NAN;
    }
    cov / (va * vb).sqrt()
}

/// Level in dB (full-scale sine = 0) per block of `BLOCK` samples, floored.
fn envelope(x: &[f64], floor: f64) -> Vec<f64> {
    x.chunks_exact(BLOCK)
        .map(|c| {
            let ms = 2.0 * c.iter().map(|v| v * v).sum::<f64>() / BLOCK as f64;
            10.0 * (ms + floor).log10()
        })
        .collect()
}

/// The first block within 60 dB of the loudest.
fn first_sound(e: &[f64]) -> usize {
    let top = e.iter().cloned().fold(f64::MIN, f64::max);
    e.iter().position(|&v| v > top - 60.0).unwrap_or(0)
}

/// The shift of `a` against `b` (in samples; positive: `a` starts later) that best
/// correlates their envelopes, within `max_blocks` of aligning their first sounds.
fn best_lag(a: &[f64], b: &[f64], max_blocks: usize) -> isize {
    let (mut best, mut best_c) = (0isize, f64::MIN);
    let mb = max_blocks as isize;
    let coarse = first_sound(a) as isize - first_sound(b) as isize;
    for lag in coarse - mb..=coarse + mb {
        let pairs = (0..b.len()).filter_map(|i| {
            let j = i as isize + lag;
            (j >= 0 && (j as usize) < a.len()).then(|| (a[j as usize], b[i]))
        });
        let c = pearson(pairs);
        if c > best_c {
            best_c = c;
            best = lag;
        }
    }
    best * BLOCK as isize
}

/// The figures for recording `a` against reference `b` (same rate).
pub(crate) struct Figures {
    pub lag_s: f64,
    pub seconds: f64,
    pub all: f64,
    pub notes: f64,
    pub quiet: f64,
    pub quiet_frames: usize,
    pub frames: usize,
    pub level_db: f64,
    /// Per octave band (upper edge Hz): mean dB difference A - B in the notes and the quiet.
    pub bands: Vec<(f64, f64, f64)>,
}

pub(crate) fn compare(
    a: &[f64],
    b: &[f64],
    rate: u32,
    floor_db: f64,
    max_seconds: Option<f64>,
    max_lag: f64,
) -> Figures {
    let floor = 10f64.powf(floor_db / 10.0);
    let (ea, eb) = (envelope(a, floor), envelope(b, floor));
    let max_blocks = (max_lag * f64::from(rate)) as usize / BLOCK;
    let lag = best_lag(&ea, &eb, max_blocks);
    let first = first_sound(&eb) * BLOCK;
    let start_b = first.saturating_sub(rate as usize / 10);
    let start_a = (start_b as isize + lag).max(0) as usize;
    let start_b = (start_a as isize - lag) as usize;
    let mut len = (a.len() - start_a.min(a.len())).min(b.len() - start_b);
    if let Some(s) = max_seconds {
        len = len.min((s * f64::from(rate)) as usize);
    }
    let sa = spectrogram(&a[start_a..start_a + len], floor);
    let sb = spectrogram(&b[start_b..start_b + len], floor);
    // Frame levels of the reference: total power in dB.
    let lev: Vec<f64> = sb
        .iter()
        .map(|f| 10.0 * f.iter().map(|v| 10f64.powf(v / 10.0)).sum::<f64>().log10())
        .collect();
    let top = lev.iter().cloned().fold(f64::MIN, f64::max);
    let loud: Vec<bool> = lev.iter().map(|&l| l > top - 30.0).collect();
    let pairs = |want: Option<bool>| {
        let (sa, sb, loud) = (&sa, &sb, &loud);
        (0..sb.len())
            .filter(move |&f| want.is_none_or(|w| loud[f] == w))
            .flat_map(move |f| sa[f].iter().cloned().zip(sb[f].iter().cloned()))
    };
    let level = |s: &Vec<Vec<f64>>| {
        let p: f64 = (0..s.len())
            .filter(|&f| loud[f])
            .map(|f| s[f].iter().map(|v| 10f64.powf(v / 10.0)).sum::<f64>())
            .sum();
        10.0 * p.log10()
    };
    let mut bands = Vec::new();
    let mut lo = 1;
    while lo <= N / 2 {
        let hi = (lo * 2).min(N / 2 + 1);
        let mean = |want: bool| {
            let (mut sum, mut n) = (0.0, 0.0);
            for f in (0..sb.len()).filter(|&f| loud[f] == want) {
                for k in lo..hi {
                    sum += sa[f][k] - sb[f][k];
                    n += 1.0;
                }
            }
            sum / n
        };
        bands.push((
            (hi * rate as usize) as f64 / N as f64,
            mean(true),
            mean(false),
        ));
        lo = hi;
    }
    Figures {
        bands,
        lag_s: lag as f64 / f64::from(rate),
        seconds: len as f64 / f64::from(rate),
        all: pearson(pairs(None)),
        notes: pearson(pairs(Some(true))),
        quiet: pearson(pairs(Some(false))),
        quiet_frames: loud.iter().filter(|&&l| !l).count(),
        frames: loud.len(),
        level_db: level(&sa) - level(&sb),
    }
}

pub(crate) fn wav_compare(args: &WavCompareArgs) -> Result<ExitCode, String> {
    let (a, ra) = read_wav(&args.a)?;
    let (b, rb) = read_wav(&args.b)?;
    if ra != rb {
        return Err(format!("sample rates differ: {ra} and {rb} Hz"));
    }
    let f = compare(&a, &b, ra, args.floor_db, args.seconds, args.max_lag);
    println!(
        "correlation {:.3}  notes {:.3}  quiet {:.3} ({} of {} frames)  level {:+.1} dB  \
         lag {:+.3} s  over {:.1} s",
        f.all, f.notes, f.quiet, f.quiet_frames, f.frames, f.level_db, f.lag_s, f.seconds
    );
    if args.bands {
        for (hz, notes, quiet) in &f.bands {
            println!("  band to {hz:>7.0} Hz: notes {notes:+6.1} dB  quiet {quiet:+6.1} dB");
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(hz: f64, amp: f64, n: usize, gap: usize) -> Vec<f64> {
        let mut v = vec![0.0; gap];
        v.extend((0..n).map(|i| amp * (2.0 * std::f64::consts::PI * hz * i as f64 / 48e3).sin()));
        v.extend(vec![0.0; gap]);
        v
    }

    #[test]
    fn a_full_scale_sine_reads_0_db() {
        let x = tone(48e3 * 43.0 / N as f64, 1.0, N, 0); // on a bin
        let s = spectrogram(&x, 1e-10);
        let peak = s[0].iter().cloned().fold(f64::MIN, f64::max);
        assert!(peak.abs() < 0.1, "{peak}");
    }

    #[test]
    fn a_shifted_copy_correlates_fully_and_a_silent_tail_does_not() {
        let b = tone(440.0, 0.5, 48_000, 24_000);
        let mut a = vec![0.0; 3000];
        a.extend(&b);
        let f = compare(&a, &b, 48_000, -100.0, None, 1.0);
        assert!((f.lag_s - 3000.0 / 48e3).abs() < 0.002, "{}", f.lag_s);
        assert!(f.all > 0.99, "{}", f.all);
        // B with a faint copy after its note; A silent there.
        let mut b2 = b.clone();
        b2.extend(tone(440.0, 0.01, 48_000, 0));
        let mut a2 = b.clone();
        a2.extend(vec![0.0; 48_000]);
        let g = compare(&a2, &b2, 48_000, -100.0, None, 1.0);
        assert!(g.quiet < 0.9, "{}", g.quiet);
    }
}
