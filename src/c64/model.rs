//! Which C64 the machine is: its chips' models and its clocks. The presets are the C64s
//! sold: the PAL C64 (6569, 6526, 6581), the C64C (8565, 6526A, 8580) and the NTSC C64s
//! (6567R8 or the early 6567R56A, 6526, 6581); each chip may also be chosen alone.

use crate::chips::vic::timing::{self, Timing};
use crate::chips::vic::{self, Palette};

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
    /// The model a name given on the command line means: `6569`, `6567r8`, `6567r56a`,
    /// `8565` (case-insensitive).
    pub fn from_name(name: &str) -> Option<VicModel> {
        Some(match name.to_ascii_lowercase().as_str() {
            "6569" => VicModel::Mos6569,
            "6567r8" | "6567" => VicModel::Mos6567R8,
            "6567r56a" => VicModel::Mos6567R56A,
            "8565" => VicModel::Mos8565,
            _ => return None,
        })
    }

    /// Whether it is an NTSC chip (clocked at 1,022,727 Hz in a 60 Hz country).
    pub fn is_ntsc(self) -> bool {
        matches!(self, VicModel::Mos6567R8 | VicModel::Mos6567R56A)
    }

    /// Its colours: the PAL chips show Pepto's PAL palette ([`vic::PALETTE`]), the NTSC
    /// ones the palette computed for NTSC with the chip's luma levels ([`vic::computed`]):
    /// nine on the 6567R8, five on the 6567R56A.
    pub fn palette(self) -> Palette {
        match self {
            VicModel::Mos6569 | VicModel::Mos8565 => vic::PALETTE,
            VicModel::Mos6567R8 => vic::computed(vic::Luma::Nine, vic::Standard::Ntsc),
            VicModel::Mos6567R56A => vic::computed(vic::Luma::Five, vic::Standard::Ntsc),
        }
    }

    /// Its timing table, if the model is emulated.
    pub fn timing(self) -> Option<&'static Timing> {
        Some(match self {
            VicModel::Mos6569 => &timing::MOS6569,
            VicModel::Mos8565 => &timing::MOS8565,
            VicModel::Mos6567R8 => &timing::MOS6567R8,
            VicModel::Mos6567R56A => &timing::MOS6567R56A,
        })
    }
}

pub use crate::chips::cia::CiaModel;
pub use crate::chips::sid::SidModel;

/// The CIA a name given on the command line means: `6526`, `6526a` or `8521`.
pub fn cia_from_name(name: &str) -> Option<CiaModel> {
    match name.to_ascii_lowercase().as_str() {
        "6526" => Some(CiaModel::Mos6526),
        "6526a" | "8521" => Some(CiaModel::Mos6526A),
        _ => None,
    }
}

/// The SID a name given on the command line means: `6581` or `8580`.
pub fn sid_from_name(name: &str) -> Option<SidModel> {
    match name.to_ascii_lowercase().as_str() {
        "6581" => Some(SidModel::Mos6581),
        "8580" => Some(SidModel::Mos8580),
        _ => None,
    }
}

/// The presets `--model` names, with what each is.
pub const PRESETS: [(&str, Model); 4] = [
    ("c64", Model::C64_PAL),
    ("c64c", Model::C64C),
    ("ntsc", Model::NTSC),
    ("ntsc-old", Model::NTSC_OLD),
];

/// RAM fitted inside the C64 beyond its 64 KiB (`c64/upgrade.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum RamUpgrade {
    #[default]
    None,
    /// +60K: a second bank for $1000-$FFFF.
    Plus60k,
    /// +256K: four banks.
    Plus256k,
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
    /// RAM fitted inside beyond the 64 KiB.
    #[serde(default)]
    pub ram: RamUpgrade,
}

/// A model this build cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the {0} is not emulated")]
pub struct ModelError(pub String);

impl Model {
    /// The PAL C64: 6569 VIC-II, 6526 CIAs, 6581 SID, 985,248 Hz, 50 Hz mains.
    pub const C64_PAL: Model = Model {
        vic: VicModel::Mos6569,
        cia: CiaModel::Mos6526,
        sid: SidModel::Mos6581,
        clock_hz: 985_248,
        mains_hz: 50,
        ram: RamUpgrade::None,
    };

    /// The C64C (PAL): 8565 VIC-II, 6526A CIAs, 8580 SID.
    pub const C64C: Model = Model {
        vic: VicModel::Mos8565,
        cia: CiaModel::Mos6526A,
        sid: SidModel::Mos8580,
        clock_hz: 985_248,
        mains_hz: 50,
        ram: RamUpgrade::None,
    };

    /// The NTSC C64: 6567R8 VIC-II, 6526 CIAs, 6581 SID, 1,022,727 Hz, 60 Hz mains.
    pub const NTSC: Model = Model {
        vic: VicModel::Mos6567R8,
        cia: CiaModel::Mos6526,
        sid: SidModel::Mos6581,
        clock_hz: 1_022_727,
        mains_hz: 60,
        ram: RamUpgrade::None,
    };

    /// The first NTSC C64s: the 6567R56A VIC-II.
    pub const NTSC_OLD: Model = Model {
        vic: VicModel::Mos6567R56A,
        ..Model::NTSC
    };

    /// The preset `name` (`c64`, `c64c`, `ntsc`, `ntsc-old`; case-insensitive).
    pub fn preset(name: &str) -> Option<Model> {
        let name = name.to_ascii_lowercase();
        PRESETS.iter().find(|(n, _)| *n == name).map(|(_, m)| *m)
    }

    /// This model with another VIC-II, and the clocks that come with it: a PAL chip runs
    /// at 985,248 Hz on 50 Hz mains, an NTSC one at 1,022,727 Hz on 60 Hz.
    pub fn with_vic(self, vic: VicModel) -> Model {
        let clocks = if vic.is_ntsc() {
            Model::NTSC
        } else {
            Model::C64_PAL
        };
        Model {
            vic,
            clock_hz: clocks.clock_hz,
            mains_hz: clocks.mains_hz,
            ..self
        }
    }

    /// The VIC's timing table.
    pub(crate) fn timing(&self) -> Result<&'static Timing, ModelError> {
        self.vic
            .timing()
            .ok_or_else(|| ModelError(format!("{:?}", self.vic)))
    }

    /// Whether this build runs the model.
    pub fn check(&self) -> Result<(), ModelError> {
        self.timing()?;
        Ok(())
    }

    /// The model in words: "PAL C64 (6569, 6526, 6581)".
    pub fn describe(&self) -> String {
        let name = |d: String| d.trim_start_matches("Mos").to_string();
        let ram = match self.ram {
            RamUpgrade::None => "",
            RamUpgrade::Plus60k => " with +60K",
            RamUpgrade::Plus256k => " with +256K",
        };
        format!(
            "{} C64 ({}, {}, {}){ram}",
            if self.vic.is_ntsc() { "NTSC" } else { "PAL" },
            name(format!("{:?}", self.vic)),
            name(format!("{:?}", self.cia)),
            name(format!("{:?}", self.sid)),
        )
    }

    /// The colours its VIC-II shows.
    pub fn palette(&self) -> Palette {
        self.vic.palette()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::vic::{Luma, Standard, computed};

    #[test]
    fn the_pal_chips_keep_peptos_pal_palette() {
        assert_eq!(VicModel::Mos6569.palette(), vic::PALETTE);
        assert_eq!(VicModel::Mos8565.palette(), vic::PALETTE);
        assert_eq!(Model::C64_PAL.palette(), vic::PALETTE);
        assert_eq!(Model::C64C.palette(), vic::PALETTE);
    }

    #[test]
    fn the_ntsc_chips_show_the_ntsc_palettes_of_their_luma_levels() {
        assert_eq!(
            VicModel::Mos6567R8.palette(),
            computed(Luma::Nine, Standard::Ntsc)
        );
        assert_eq!(
            VicModel::Mos6567R56A.palette(),
            computed(Luma::Five, Standard::Ntsc)
        );
        assert_eq!(Model::NTSC_OLD.palette(), VicModel::Mos6567R56A.palette());
        assert_ne!(Model::NTSC.palette(), Model::NTSC_OLD.palette());
    }
}
