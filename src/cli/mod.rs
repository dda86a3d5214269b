//! The command line's larger subcommands.

pub(crate) mod disk;
pub(crate) mod model;
pub(crate) mod profile;
pub(crate) mod starlink;
pub(crate) mod testbench;
pub(crate) mod turns;
pub(crate) mod wavcmp;
