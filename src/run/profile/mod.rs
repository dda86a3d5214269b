//! BASIC profiler, key scripts and the turn-timing harness.
//!
//! Everything here works on any ROM set because it only reads locations documented for
//! Commodore BASIC V2: CURLIN ($39/$3A: the line being executed), the keyboard buffer
//! ($0277, count $C6) and the autostart's prompt detection ([`crate::host::autostart`]).
//!
//! - [`keyscript`]: the key-script format.
//! - [`profiler`]: charging cycles to lines and labels, following GOSUB and RETURN.
//! - [`report`]: the tables and JSON of a profile, the per-turn table.
//! - [`driver`]: the game driver: boot, autostart and play a program one input at a time,
//!   measuring turns (the profiler's runs and the turn harness).
//!
//! **Attribution.** Every emulated cycle is charged to the BASIC line in CURLIN at that
//! cycle, and through the tokenizer's label map to the *region* of a label: the lines from a
//! label's line up to the next label's. Calls are followed with a shadow stack: when
//! CURLIN moves from line A to line B and A holds a `GOSUB B` (or `ON ... GOSUB` naming B),
//! that is a call; when it moves from a line holding `RETURN` back to the line of an open
//! call, that call returns. A region's *exclusive* time is the cycles spent on its own
//! lines; its *inclusive* time adds the cycles of everything it called (each region counted
//! once per cycle, however deep the recursion).
//!
//! **Key scripts.** A script is text: `#` starts a comment; `loop LABEL` names the game's
//! input loop; every other token is one key or joystick move, fed when the program waits
//! for input: its CURLIN is in the input loop's region and the keyboard buffer is empty.
//! Tokens: a single character (`W`, `d`, `1`, `;`), a control-code name in braces
//! (`{RETURN}`, `{DOWN}`, `{F1}` — the names of the BASIC text format), or a joystick
//! direction on port 2: `J:UP`, `J:DOWN`, `J:LEFT`, `J:RIGHT`, `J:FIRE`, combined with `+`
//! (`J:UP+FIRE`). A token may end in `*N` to repeat it N times (`D*5`).
//!
//! **Turns.** A turn starts when the program takes a fed key (the buffer count drops back
//! to 0; for a joystick move, when the program leaves the input loop) and ends when it is
//! back in its input loop waiting for the next one. The harness records each turn's total
//! cycles and the cycles inside a chosen subroutine (inclusive).
//!
//! Its place among the layers: ARCHITECTURE.md.

pub(crate) mod driver;
pub mod game;
mod harness;
pub(crate) mod keyscript;
pub mod model;
pub mod play;
pub mod plot;
pub(crate) mod profiler;
pub mod replay;
pub(crate) mod report;
pub mod spec;
pub mod sweep;

pub use driver::{
    GameDriver, ProfiledRun, RunSettings, Turn, TurnSnapshots, run_script, run_to_end,
};
pub use keyscript::{Input, KeyScript};
pub use profiler::Profiler;
pub use report::{LineStat, RegionStat, Report, mean_sd};

use crate::basic;

/// Errors of the profiler and the harness, each naming its cause.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("{file}:{line}:{col}: {message}")]
    Script {
        file: String,
        line: usize,
        col: usize,
        message: String,
    },
    #[error("{file}: cannot read: {source}")]
    Read {
        file: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Basic(#[from] basic::BasicError),
    #[error("{0}")]
    Media(#[from] crate::media::MediaError),
    #[error("{0}")]
    Roms(#[from] crate::c64::roms::RomError),
    #[error("{0}")]
    Model(#[from] crate::c64::model::ModelError),
    #[error("{program}: no label {label} (labels: {known})")]
    NoLabel {
        program: String,
        label: String,
        known: String,
    },
    #[error("{program}: no input loop given (a `loop LABEL` line in the key script, or --loop)")]
    NoLoop { program: String },
    #[error("{program}: {what} within {seconds} emulated seconds; BASIC was at {at}")]
    Timeout {
        program: String,
        what: String,
        seconds: u64,
        at: String,
    },
    #[error("{program}: the program ended (BASIC back at READY.) after {turns} of {wanted} turns")]
    Ended {
        program: String,
        turns: usize,
        wanted: usize,
    },
    #[error("{program}: CPU jammed at ${pc:04X}")]
    Jam { program: String, pc: u16 },
    #[error(
        "{script}: the key script has {inputs} input(s), fewer than the {wanted} turns asked for \
         (shorten --turns or add inputs)"
    )]
    ScriptShort {
        script: String,
        inputs: usize,
        wanted: usize,
    },
    #[error("{0}")]
    Recording(#[from] crate::host::recording::RecordingError),
}

#[cfg(test)]
mod tests;
