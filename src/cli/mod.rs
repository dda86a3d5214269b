//! The command line's larger subcommands.

pub mod profile;
pub mod turns;
