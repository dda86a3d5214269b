//! A cartridge image file for the expansion port: read, checked and made into its device
//! (`cart/`), with one line naming the file when it cannot be.

use crate::chips::expansion::Expansion;
use crate::media::crt::Crt;
use std::path::Path;

/// The device for the cartridge image at `path`, or why there is none: unreadable, damaged
/// (with the byte offset), or of a type breadbin does not have.
pub fn load(path: &Path) -> Result<Box<dyn Expansion>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let crt = Crt::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    crate::cart::from_crt(&crt).map_err(|e| format!("{}: {e}", path.display()))
}
