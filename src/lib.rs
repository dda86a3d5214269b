//! breadbin: a cycle-level PAL Commodore 64 with its own open ROMs.
//!
//! The layers (chips, machine, programs and autostart, runners) and which may use which are
//! described in ARCHITECTURE.md at the top of the repository.

pub mod autostart;
pub mod basic;
pub mod c64;
pub mod cia;
pub mod cpu;
#[cfg(feature = "frontend")]
pub mod frontend;
pub mod games;
pub mod headless;
pub mod keyboard;
pub mod media;
pub mod memory;
pub mod output;
pub mod profile;
pub mod recording;
pub mod roms;
pub mod sid;
pub mod state;
#[cfg(test)]
mod test_rng;
pub mod testbench;
pub mod trace;
pub mod vic;

pub use c64::C64;
pub use roms::Roms;
