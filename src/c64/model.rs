//! Which C64 the machine is: its chips' models and its clocks. The PAL C64 with a 6569,
//! 6526s and a 6581 is the one emulated so far; the other models sold have their place here
//! and are refused until their chips behave as they do.

use crate::chips::vic::timing::{self, Timing};

/// The VIC-II chips of the C64s sold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum VicModel {
    /// PAL: 312 lines of 63 cycles.
    Mos6569,
    /// NTSC: 263 lines of 65 cycles.
    Mos6567R8,
    /// Early NTSC: 262 lines of 64 cycles.
    Mos6567R56A,
    /// The C64C's PAL chip.
    Mos8565,
}

impl VicModel {
    /// Its timing table, if the model is emulated.
    pub fn timing(self) -> Option<&'static Timing> {
        match self {
            VicModel::Mos6569 => Some(&timing::MOS6569),
            _ => None,
        }
    }
}

/// The CIA chips: the 6526 and the later 6526A (8521).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CiaModel {
    Mos6526,
    Mos6526A,
}

/// The SID chips: the 6581 and the C64C's 8580.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SidModel {
    Mos6581,
    Mos8580,
}

/// A C64: its chips and clocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Model {
    pub vic: VicModel,
    pub cia: CiaModel,
    pub sid: SidModel,
    /// φ2 cycles per second.
    pub clock_hz: u64,
    /// Mains frequency: the CIAs' time-of-day input.
    pub mains_hz: u64,
}

/// A model this build cannot run yet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the {0} is not emulated yet (breadbin runs the PAL C64: 6569, 6526, 6581)")]
pub struct ModelError(pub String);

impl Model {
    /// The PAL C64: 6569 VIC-II, 6526 CIAs, 6581 SID, 985,248 Hz, 50 Hz mains.
    pub const C64_PAL: Model = Model {
        vic: VicModel::Mos6569,
        cia: CiaModel::Mos6526,
        sid: SidModel::Mos6581,
        clock_hz: 985_248,
        mains_hz: 50,
    };

    /// The VIC's timing table.
    fn timing(&self) -> Result<&'static Timing, ModelError> {
        self.vic
            .timing()
            .ok_or_else(|| ModelError(format!("{:?}", self.vic)))
    }

    /// Whether this build runs the model.
    pub fn check(&self) -> Result<(), ModelError> {
        self.timing()?;
        if self.cia != CiaModel::Mos6526 {
            return Err(ModelError(format!("{:?}", self.cia)));
        }
        if self.sid != SidModel::Mos6581 {
            return Err(ModelError(format!("{:?}", self.sid)));
        }
        Ok(())
    }

    /// φ2 cycles a frame: lines x cycles per line.
    pub fn cycles_per_frame(&self) -> u64 {
        let t = self.timing().unwrap_or(&timing::MOS6569);
        u64::from(t.lines) * u64::from(t.cycles_per_line)
    }

    /// Frames a second.
    pub fn frame_hz(&self) -> f64 {
        self.clock_hz as f64 / self.cycles_per_frame() as f64
    }

    /// Milliseconds of `cycles`.
    pub fn ms(&self, cycles: u64) -> f64 {
        cycles as f64 * 1000.0 / self.clock_hz as f64
    }

    /// Cycles of `seconds`, if they fit.
    pub fn cycles_of_seconds(&self, seconds: u64) -> Option<u64> {
        seconds.checked_mul(self.clock_hz)
    }
}

impl Default for Model {
    fn default() -> Self {
        Model::C64_PAL
    }
}
