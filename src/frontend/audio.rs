//! Sound output: the SID's samples go through a lock-free ring to a cpal output stream.
//!
//! The SID produces samples at the device's rate as the machine runs (`crate::chips::sid::output`:
//! resampled in the core, so register writes are heard where they happen); after each PAL
//! frame [`Audio::push_frame`] moves them into the ring and never waits: when the ring is
//! above its latency target the newest samples are dropped. The stream's callback, on
//! cpal's audio thread, plays what is in the ring and silence when it runs dry; the
//! counters in [`AudioStats`] show that the device asked for samples and got them. In warp
//! the window discards the SID's samples instead (warp is silent).

use crate::c64::Model;
use crate::chips::sid::output::Output;
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SizedSample};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};

/// Single-producer single-consumer ring of mono `f32` samples (stored as their bits), with
/// no locks and no `unsafe`: the producer owns `head`, the consumer owns `tail`.
#[derive(Debug)]
pub struct Ring {
    buf: Box<[AtomicU32]>,
    /// Next slot to write; only the producer stores it.
    head: AtomicUsize,
    /// Next slot to read; only the consumer stores it.
    tail: AtomicUsize,
}

impl Ring {
    /// A ring holding up to `capacity` samples.
    pub fn new(capacity: usize) -> Self {
        Ring {
            buf: (0..capacity + 1).map(|_| AtomicU32::new(0)).collect(),
            head: AtomicUsize::new(0),
            tail: AtomicUsize::new(0),
        }
    }

    pub fn capacity(&self) -> usize {
        self.buf.len() - 1
    }

    /// Samples waiting to be played.
    pub fn len(&self) -> usize {
        let h = self.head.load(Ordering::Acquire);
        let t = self.tail.load(Ordering::Acquire);
        (h + self.buf.len() - t) % self.buf.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Producer side: append what fits; returns how many samples were taken.
    pub fn push(&self, samples: &[f32]) -> usize {
        let n = self.buf.len();
        let mut h = self.head.load(Ordering::Relaxed);
        let t = self.tail.load(Ordering::Acquire);
        let free = (t + n - h - 1) % n;
        let take = samples.len().min(free);
        for &s in &samples[..take] {
            self.buf[h].store(s.to_bits(), Ordering::Relaxed);
            h = (h + 1) % n;
        }
        // Release: the consumer that sees the new head also sees the samples.
        self.head.store(h, Ordering::Release);
        take
    }

    /// Consumer side: fill `out` with what is there; returns how many samples were real.
    pub fn pop_into(&self, out: &mut [f32]) -> usize {
        let n = self.buf.len();
        let mut t = self.tail.load(Ordering::Relaxed);
        let h = self.head.load(Ordering::Acquire);
        let avail = (h + n - t) % n;
        let take = out.len().min(avail);
        for o in &mut out[..take] {
            *o = f32::from_bits(self.buf[t].load(Ordering::Relaxed));
            t = (t + 1) % n;
        }
        self.tail.store(t, Ordering::Release);
        take
    }
}

/// What the audio thread did, for the title bar's diagnostics and for tests.
#[derive(Debug, Default)]
pub struct AudioStats {
    /// Times the device asked for samples.
    pub callbacks: AtomicU64,
    /// Samples (per channel) taken from the ring.
    pub played: AtomicU64,
    /// Samples (per channel) the ring could not provide: played as silence.
    pub underrun: AtomicU64,
    /// Samples the emulation produced but the full ring could not take.
    pub dropped: AtomicU64,
}

/// Why no sound: each step of opening a device can fail on a machine without one.
#[derive(Debug, thiserror::Error)]
pub enum AudioError {
    #[error("no audio output device")]
    NoDevice,
    #[error("audio device: {0}")]
    Config(String),
    #[error("audio stream: {0}")]
    Stream(String),
}

/// An open output stream and its producer side.
pub struct Audio {
    _stream: cpal::Stream,
    ring: Arc<Ring>,
    pub stats: Arc<AudioStats>,
    pub sample_rate: u32,
    pub channels: u16,
    pub sample_format: cpal::SampleFormat,
    scratch: Vec<f32>,
    /// Ring level above which a frame's samples are not queued (keeps latency near
    /// [`TARGET_LATENCY_FRAMES`] when the emulation runs a little fast).
    high_water: usize,
}

/// Queued audio the producer aims for, in PAL frames (~40 ms, under 60 ms with the
/// device's own buffer).
pub const TARGET_LATENCY_FRAMES: usize = 2;

impl Audio {
    /// Open the default output device of the default host, for a machine of `model`.
    pub fn open(model: &Model) -> Result<Audio, AudioError> {
        // alsa-lib prints its own errors (a dozen lines when there is no sound card) to
        // stderr; collect them instead and keep the last one for the message.
        #[cfg(target_os = "linux")]
        let alsa_log = alsa::Output::local_error_handler().ok();
        let result = Self::open_default(model);
        #[cfg(target_os = "linux")]
        if let (Err(e), Some(log)) = (&result, alsa_log) {
            let text = log.borrow().to_string();
            if let Some(last) = text.lines().rev().find(|l| !l.trim().is_empty()) {
                let alsa = format!(" [ALSA: {}]", last.trim());
                return Err(match e {
                    AudioError::NoDevice => AudioError::Config(format!("none found{alsa}")),
                    AudioError::Config(m) => AudioError::Config(format!("{m}{alsa}")),
                    AudioError::Stream(m) => AudioError::Stream(format!("{m}{alsa}")),
                });
            }
        }
        result
    }

    fn open_default(model: &Model) -> Result<Audio, AudioError> {
        let host = cpal::default_host();
        let device = host.default_output_device().ok_or(AudioError::NoDevice)?;
        let supported = device
            .default_output_config()
            .map_err(|e| AudioError::Config(e.to_string()))?;
        let format = supported.sample_format();
        let mut config: cpal::StreamConfig = supported.into();
        config.buffer_size = cpal::BufferSize::Default;
        let sample_rate = config.sample_rate;
        let channels = config.channels;
        let per_frame = (sample_rate as u64 * model.cycles_per_frame())
            .div_ceil(model.clock_hz)
            .max(1) as usize;
        let ring = Arc::new(Ring::new(per_frame * (TARGET_LATENCY_FRAMES + 5)));
        let stats = Arc::new(AudioStats::default());
        use cpal::SampleFormat as F;
        let stream = match format {
            F::F32 => build::<f32>(&device, config, &ring, &stats),
            F::I16 => build::<i16>(&device, config, &ring, &stats),
            F::U16 => build::<u16>(&device, config, &ring, &stats),
            F::I32 => build::<i32>(&device, config, &ring, &stats),
            F::U32 => build::<u32>(&device, config, &ring, &stats),
            F::I8 => build::<i8>(&device, config, &ring, &stats),
            F::U8 => build::<u8>(&device, config, &ring, &stats),
            F::F64 => build::<f64>(&device, config, &ring, &stats),
            other => Err(AudioError::Config(format!(
                "sample format {other} is not supported"
            ))),
        }?;
        stream
            .play()
            .map_err(|e| AudioError::Stream(e.to_string()))?;
        Ok(Audio {
            _stream: stream,
            ring,
            stats,
            sample_rate,
            channels,
            sample_format: format,
            scratch: Vec::with_capacity(per_frame),
            high_water: per_frame * TARGET_LATENCY_FRAMES,
        })
    }

    /// Queue the samples the SID produced since the last call (about one PAL frame's);
    /// never blocks. The first call sets the SID's output rate to the device's. When the
    /// ring is already above its latency target the samples are dropped whole, and counted.
    /// Returns how many samples were queued.
    pub fn push_frame(&mut self, out: &mut Output) -> usize {
        if out.rate() != self.sample_rate {
            out.set_rate(Some(self.sample_rate));
        }
        let mut samples = std::mem::take(&mut self.scratch);
        samples.clear();
        out.take_samples(&mut samples);
        let queued = if self.ring.len() > self.high_water {
            self.stats
                .dropped
                .fetch_add(samples.len() as u64, Ordering::Relaxed);
            0
        } else {
            self.push_samples(&samples)
        };
        self.scratch = samples;
        queued
    }

    /// Queue mono samples (-1.0..=1.0); never blocks. Returns how many the ring took (the
    /// rest are dropped and counted).
    pub fn push_samples(&mut self, samples: &[f32]) -> usize {
        let taken = self.ring.push(samples);
        self.stats
            .dropped
            .fetch_add((samples.len() - taken) as u64, Ordering::Relaxed);
        taken
    }

    /// Samples waiting in the ring.
    pub fn queued(&self) -> usize {
        self.ring.len()
    }
}

fn build<T>(
    device: &cpal::Device,
    config: cpal::StreamConfig,
    ring: &Arc<Ring>,
    stats: &Arc<AudioStats>,
) -> Result<cpal::Stream, AudioError>
where
    T: SizedSample + FromSample<f32> + Send + 'static,
{
    let channels = config.channels.max(1) as usize;
    let ring = Arc::clone(ring);
    let stats_cb = Arc::clone(stats);
    let mut mono: Vec<f32> = Vec::new();
    let err = |e: cpal::Error| eprintln!("breadbin: audio: {e}");
    device
        .build_output_stream(
            config,
            move |data: &mut [T], _: &cpal::OutputCallbackInfo| {
                let frames = data.len() / channels;
                // Grows only on the first callbacks (or if the device changes its period).
                if mono.len() < frames {
                    mono.resize(frames, 0.0);
                }
                let got = ring.pop_into(&mut mono[..frames]);
                mono[got..frames].fill(0.0);
                for (frame, &s) in data.chunks_mut(channels).zip(&mono[..frames]) {
                    frame.fill(T::from_sample(s));
                }
                stats_cb.callbacks.fetch_add(1, Ordering::Relaxed);
                stats_cb.played.fetch_add(got as u64, Ordering::Relaxed);
                stats_cb
                    .underrun
                    .fetch_add((frames - got) as u64, Ordering::Relaxed);
            },
            err,
            None,
        )
        .map_err(|e| AudioError::Stream(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_keeps_order_and_never_overfills() {
        let r = Ring::new(5);
        assert_eq!(r.push(&[1.0, 2.0, 3.0]), 3);
        assert_eq!(r.push(&[4.0, 5.0, 6.0]), 2);
        assert_eq!(r.len(), 5);
        let mut out = [0.0; 4];
        assert_eq!(r.pop_into(&mut out), 4);
        assert_eq!(out, [1.0, 2.0, 3.0, 4.0]);
        assert_eq!(r.push(&[7.0, 8.0]), 2);
        let mut out = [9.0; 4];
        assert_eq!(r.pop_into(&mut out), 3);
        assert_eq!(&out[..3], &[5.0, 7.0, 8.0]);
        assert!(r.is_empty());
    }

    #[test]
    fn ring_across_threads_delivers_every_sample_in_order() {
        let r = Arc::new(Ring::new(64));
        let p = Arc::clone(&r);
        let producer = std::thread::spawn(move || {
            let mut next = 0u32;
            while next < 100_000 {
                let chunk: Vec<f32> = (next..(next + 17).min(100_000)).map(|v| v as f32).collect();
                next += p.push(&chunk) as u32;
            }
        });
        let mut expect = 0u32;
        let mut buf = [0f32; 13];
        while expect < 100_000 {
            let n = r.pop_into(&mut buf);
            for &v in &buf[..n] {
                assert_eq!(v, expect as f32);
                expect += 1;
            }
        }
        producer.join().unwrap();
    }
}
