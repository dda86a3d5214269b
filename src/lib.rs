//! breadbin: a cycle-level PAL Commodore 64 with its own open ROMs.
//!
//! The layers, lowest first (ARCHITECTURE.md; `tests/layers.rs` holds them):
//! - [`basic`] and [`media`]: BASIC text and program files, no machine;
//! - [`chips`]: each chip alone;
//! - [`drive`]: the 1541, a machine of its own on the serial bus;
//! - [`c64`]: the machine that wires them;
//! - [`host`]: programs and starting them, key feeding, save states, traces, output files;
//! - [`run`] and `frontend`: the runners (headless, test bench, profiler, the window);
//! - [`games`]: the embedded games, each describing itself to the runners.

#![warn(unreachable_pub)]

pub mod basic;
pub mod c64;
pub mod cart;
pub mod chips;
pub mod drive;
#[cfg(feature = "frontend")]
pub mod frontend;
pub mod games;
pub mod host;
pub mod media;
pub mod run;

pub use c64::C64;
pub use c64::roms::Roms;
