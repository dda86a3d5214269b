//! The runners without a window: headless runs, the VICE test bench, and the BASIC
//! profiler with its turn harness.

pub mod headless;
pub mod profile;
pub mod testbench;
