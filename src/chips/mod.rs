//! The chips, each a plain struct with `tick`, `read`/`write` (with side effects) and
//! `peek` (without); none knows another. The machine ([`crate::c64`]) wires them.

pub mod cia;
pub mod cpu;
pub mod expansion;
pub mod keyboard;
pub(crate) mod serde_arrays;
pub mod serial;
pub mod sid;
#[cfg(test)]
pub(crate) mod test_rng;
pub mod via;
pub mod vic;
