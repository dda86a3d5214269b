//! PRG images: a little-endian load address, then the bytes to load there (the format of
//! the C64's program files, as `LOAD"…",8,1` reads them).

use super::MediaError;
use std::path::Path;

/// A PRG's load address and bytes, checked to fit below $10000.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prg {
    pub load: u16,
    pub data: Vec<u8>,
}

impl Prg {
    /// Check a PRG image: two bytes of load address, at least one byte of data, and data
    /// that fits below $10000. `path` names it in errors.
    pub fn parse(bytes: &[u8], path: &Path) -> Result<Prg, MediaError> {
        if bytes.len() < 2 {
            return Err(MediaError::program(
                path,
                format!(
                    "too short for a PRG ({} byte{}; a load address needs 2)",
                    bytes.len(),
                    if bytes.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        let load = u16::from_le_bytes([bytes[0], bytes[1]]);
        let data = bytes[2..].to_vec();
        if data.is_empty() {
            return Err(MediaError::program(
                path,
                format!("a load address (${load:04X}) and nothing to load"),
            ));
        }
        let end = load as usize + data.len();
        if end > 0x10000 {
            return Err(MediaError::program(
                path,
                format!(
                    "PRG loads at ${load:04X} with {}: it runs past $FFFF by {}",
                    crate::basic::bytes(data.len()),
                    crate::basic::bytes(end - 0x10000)
                ),
            ));
        }
        Ok(Prg { load, data })
    }

    /// The address after the last byte (at most $FFFF).
    pub fn end(&self) -> u16 {
        (self.load as usize + self.data.len()).min(0xFFFF) as u16
    }
}
