//! breadbin: a cycle-level PAL Commodore 64 with its own open ROMs.

pub mod basic;
pub mod cia;
pub mod cpu;
