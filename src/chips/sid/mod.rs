//! MOS 6581 and 8580 SID: three voices (oscillator, waveform generator, envelope), the filter and
//! the output stage, and the register file with its read-back.
//!
//! 29 registers at $D400-$D41C, mirrored every 32 bytes up to $D7FF (C64 Programmer's
//! Reference Guide, appendix O). The chip is clocked by φ2; breadbin runs it lazily: the
//! machine brings it up to the current cycle before a register access and at the end of
//! every frame ([`Sid::catch_up`]), so it costs nothing while nobody listens or reads.
//! In a cycle with an access, the chip's clocks of all earlier cycles have run and the
//! access comes before this cycle's clock: a register written in cycle `t` and read back
//! in cycle `t + 4` has seen four oscillator additions, which is what the 6581 shows
//! (the test bench's `detect` and `writedelay` programs).
//!
//! Read-back: OSC3 is voice 3's waveform bits 11-4, ENV3 its envelope counter; POTX/POTY
//! read $FF (no paddles). Reading a write-only or unused register gives the value last on
//! the chip's data bus (written or read), which fades to zero a few milliseconds later
//! (`busvalue` notes). Voices: [`voice`], the 8580's differences: [`mos8580`]; envelopes: [`envelope`]; sound: [`output`].

mod dac;
mod envelope;
mod mos8580;
pub mod output;
mod selector;
mod voice;

use envelope::Envelope;
pub use envelope::RATE_PERIODS;
pub use output::Output;
use voice::Voice;
pub use voice::combine_6581;

/// How long the data bus keeps a value for reads of write-only registers (φ2 cycles):
/// the 6581's bus capacitance holds it for a few thousand cycles.
const BUS_TTL: u64 = 0x2000;
/// Spans shorter than this are clocked cycle by cycle.
const QUIET_MIN: u64 = 8;

/// The SID chips: the 6581 and the C64C's 8580.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum SidModel {
    #[default]
    Mos6581,
    Mos8580,
}

/// The SID.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Sid {
    #[serde(default)]
    model: SidModel,
    regs: [u8; 32],
    /// The data bus value and the cycle it was last driven.
    bus: u8,
    bus_at: u64,
    voices: [Voice; 3],
    envs: [Envelope; 3],
    /// The first cycle not yet clocked.
    synced: u64,
    /// The analog part and the host-rate samples (off unless a rate is set).
    pub out: Output,
}

impl Sid {
    /// A 6581 clocked at `clock_hz`, as at power-on.
    pub fn new(clock_hz: u64) -> Self {
        Self::with_model(SidModel::Mos6581, clock_hz)
    }

    /// A chip of `model` clocked at `clock_hz`, as at power-on.
    pub fn with_model(model: SidModel, clock_hz: u64) -> Self {
        let mut s = Sid {
            model,
            regs: [0; 32],
            bus: 0,
            bus_at: 0,
            voices: [Voice::new(), Voice::new(), Voice::new()],
            envs: [Envelope::new(), Envelope::new(), Envelope::new()],
            synced: 0,
            out: Output::with_model(model, clock_hz),
        };
        // Power-on: RESET acts as the test bit, latching the noise registers' shift,
        // and its release completes it: ones shifted by one with a zero fed back (they
        // read $FE, `oscinit` notes). The accumulators are not touched by RESET.
        for v in &mut s.voices {
            v.lfsr = 0x7F_FFFE;
            v.latch = 0x7F_FFFE;
            v.mos8580 = model == SidModel::Mos8580;
        }
        s
    }

    /// The top bit of the voice that syncs and ring-modulates voice `i` (voice 3 for 1).
    #[inline]
    fn src_msb(&self, i: usize) -> bool {
        self.voices[(i + 2) % 3].acc & 0x80_0000 != 0
    }

    /// Clock the chip up to (not including) cycle `now`.
    #[inline]
    pub fn catch_up(&mut self, now: u64) {
        if now > self.synced {
            self.run(now - self.synced);
            self.synced = now;
        }
    }

    /// The cycle the chip has been clocked up to.
    pub fn synced(&self) -> u64 {
        self.synced
    }

    fn run(&mut self, mut n: u64) {
        while n > 0 {
            let k = self.quiet_span().min(n);
            if k >= QUIET_MIN {
                self.skip(k);
                n -= k;
            } else {
                let c = n.min(QUIET_MIN);
                for _ in 0..c {
                    self.clock();
                }
                n -= c;
            }
        }
    }

    /// How many cycles [`Sid::skip`] may advance at once: while no oscillator's bit 19
    /// or top bit rises (noise clocks and sync), no noise shift or pull-down is pending,
    /// no envelope counter steps, and, when sound is produced, no audible voice's output
    /// changes (an envelope at zero still lets the waveform through: the DACs leak).
    /// Without sound, silent voices may run on; a steady chip (frequencies zero,
    /// envelopes released to zero or sustaining) advances a frame at a time.
    #[inline]
    fn quiet_span(&self) -> u64 {
        let sound = self.out.enabled();
        let mut span = u64::MAX;
        for i in 0..3 {
            let e = &self.envs[i];
            span = span.min(e.quiet_span());
            // An envelope at zero still lets the waveform through (the DACs leak).
            let steady = sound;
            let src = &self.voices[(i + 2) % 3];
            span = span.min(self.voices[i].quiet_span(steady, src.msb_steady()));
            if span < QUIET_MIN {
                return 0;
            }
        }
        span
    }

    /// Advance `k` cycles at once (`k` within [`Sid::quiet_span`]): what `k` calls of
    /// [`Sid::clock`] do.
    fn skip(&mut self, k: u64) {
        for v in &mut self.voices {
            v.skip(k);
        }
        for e in &mut self.envs {
            e.skip(k);
        }
        if self.out.enabled() {
            let (w, env) = self.levels();
            self.out.skip(&w, &env, k);
        }
    }

    /// One φ2 cycle.
    #[inline]
    fn clock(&mut self) {
        let msb = [
            self.voices[2].acc & 0x80_0000 != 0,
            self.voices[0].acc & 0x80_0000 != 0,
            self.voices[1].acc & 0x80_0000 != 0,
        ];
        for (v, &m) in self.voices.iter_mut().zip(&msb) {
            v.clock_pre(m);
            v.clock_acc();
        }
        if self.model == SidModel::Mos8580 {
            for (v, &m) in self.voices.iter_mut().zip(&msb) {
                if v.ctrl >> 4 > 8 && !v.test() {
                    v.write_back(m);
                }
            }
        }
        // Hard sync: a voice whose source's top bit rose restarts; one restarted so does
        // not in turn sync its own follower in this cycle.
        if (self.voices[0].ctrl | self.voices[1].ctrl | self.voices[2].ctrl) & voice::SYNC != 0 {
            let rose = [
                self.voices[0].msb_rose,
                self.voices[1].msb_rose,
                self.voices[2].msb_rose,
            ];
            let mut reset = [false; 3];
            for i in 0..3 {
                reset[i] = self.voices[i].ctrl & voice::SYNC != 0 && rose[(i + 2) % 3];
            }
            for i in 0..3 {
                let src = (i + 2) % 3;
                if self.voices[i].ctrl & voice::SYNC != 0 && rose[src] && !reset[src] {
                    self.voices[i].acc = 0;
                }
            }
        }
        // The 8580 buffers the top bit before the sawtooth switch: nothing pulls it low.
        for i in 0..3 {
            if self.model == SidModel::Mos6581
                && self.voices[i].ctrl & voice::SAW != 0
                && self.voices[i].ctrl >> 4 != 2
            {
                let m = self.src_msb(i);
                self.voices[i].clock_post(m);
            }
        }
        for e in &mut self.envs {
            e.clock();
        }
        if self.out.enabled() {
            let (w, env) = self.levels();
            self.out.clock(&w, &env);
        }
    }

    /// The voices' waveform outputs and envelope counters, for the output stage.
    #[inline]
    fn levels(&self) -> ([u16; 3], [u8; 3]) {
        let w = [0, 1, 2].map(|i| self.voices[i].output(self.src_msb(i)));
        (w, [0, 1, 2].map(|i| self.envs[i].counter))
    }

    /// Register read at cycle `now` (the chip is brought up to `now` first).
    pub fn read(&mut self, reg: u8, now: u64) -> u8 {
        self.catch_up(now);
        let v = self.peek_synced(reg, now);
        if matches!(reg & 0x1F, 0x19..=0x1C) {
            self.bus = v;
            self.bus_at = now;
        }
        v
    }

    /// What a read at cycle `now` would return, without side effects.
    pub fn peek(&self, reg: u8, now: u64) -> u8 {
        if now > self.synced {
            let mut c = self.clone();
            c.out = Output::with_model(self.model, self.out.clock_hz());
            c.read(reg, now)
        } else {
            self.peek_synced(reg, now)
        }
    }

    fn peek_synced(&self, reg: u8, now: u64) -> u8 {
        match reg & 0x1F {
            0x19 | 0x1A => 0xFF,
            0x1B => self.voices[2].osc_byte(self.src_msb(2)),
            0x1C => self.envs[2].counter,
            _ => {
                if now.saturating_sub(self.bus_at) < BUS_TTL {
                    self.bus
                } else {
                    0
                }
            }
        }
    }

    /// Register write at cycle `now` (the chip is brought up to `now` first).
    pub fn write(&mut self, reg: u8, value: u8, now: u64) {
        self.catch_up(now);
        let reg = (reg & 0x1F) as usize;
        self.bus = value;
        self.bus_at = now;
        if reg > 0x18 {
            return;
        }
        self.regs[reg] = value;
        if reg >= 0x15 {
            self.out.write(reg, value);
            return;
        }
        let i = reg / 7;
        let base = i * 7;
        let v = &mut self.voices[i];
        match reg - base {
            0 | 1 => v.freq = u16::from_le_bytes([self.regs[base], self.regs[base + 1]]) as u32,
            2 | 3 => {
                v.pw =
                    (u16::from_le_bytes([self.regs[base + 2], self.regs[base + 3]]) & 0xFFF) as u32
            }
            4 => {
                let m = self.src_msb(i);
                self.voices[i].write_ctrl(value, m);
                self.envs[i].write_gate(value & voice::GATE != 0);
            }
            5 => self.envs[i].write_ad(value),
            _ => self.envs[i].write_sr(value),
        }
    }

    /// Registers as written.
    pub fn registers(&self) -> &[u8; 32] {
        &self.regs
    }

    /// Voice `i`'s envelope counter and 12-bit waveform output (for tests and tools).
    pub fn voice_state(&self, i: usize) -> (u8, u16) {
        (self.envs[i].counter, self.voices[i].output(self.src_msb(i)))
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_8580;
#[cfg(test)]
mod tests_envelope;
#[cfg(test)]
mod tests_sound;
