//! Between the machine and the runners: programs and starting them ([`autostart`]), keys
//! typed over time ([`feeder`]), a machine-code monitor ([`monitor`]), recorded sessions,
//! save states, instruction traces and output files written only on success.

pub mod autostart;
pub mod cartridge;
pub mod disk;
pub mod feeder;
pub mod monitor;
pub mod output;
pub mod paste;
pub mod recording;
pub mod state;
pub mod trace;
