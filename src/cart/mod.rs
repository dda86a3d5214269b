//! Cartridges: each type as a device on the expansion port
//! ([`crate::chips::expansion::Expansion`]), made from a CRT image ([`crate::media::crt`]).
//! A cartridge sees only what the port shows it (the selects ROML, ROMH, I/O 1 and I/O 2,
//! the address and the data) and drives only the port's lines.
//!
//! Types so far: the generic 8K, 16K and Ultimax cartridges ([`generic`]).
//!
//! Its place among the layers: ARCHITECTURE.md.

pub mod generic;

use crate::chips::expansion::Expansion;
use crate::media::crt::Crt;

/// The CRT hardware type numbers breadbin has (VICE's cartridge list numbers them), with
/// their names.
pub const TYPES: &[(u16, &str)] = &[(0, "generic 8K/16K/Ultimax")];

/// The device for `crt`, or why there is none: a type breadbin does not have, or an image
/// that does not fit its type. The message names neither file nor offset (the caller adds
/// the file).
pub fn from_crt(crt: &Crt) -> Result<Box<dyn Expansion>, String> {
    match crt.hardware {
        0 => Ok(Box::new(generic::Generic::from_crt(crt)?)),
        n => Err(format!(
            "cartridge type {n} is not one breadbin has (it has: {})",
            TYPES
                .iter()
                .map(|(n, name)| format!("{n} {name}"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
