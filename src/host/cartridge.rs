//! What the user put in the expansion port: a cartridge image file, read, checked and made
//! into its device (`cart/`) with one line naming the file when it cannot be, or a RAM
//! expansion of a given size.

use crate::chips::expansion::Expansion;
use crate::media::crt::Crt;
use std::path::{Path, PathBuf};

/// A device for the expansion port, as the command line names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PortDevice {
    /// A cartridge image (`--cartridge FILE.crt`), with a RAM expansion plugged into its
    /// own port when it has one (the Replays).
    Cartridge(PathBuf, Option<Box<PortDevice>>),
    /// A RAM Expansion Unit of this many KiB (`--reu SIZE`).
    Reu(u32),
    /// A GeoRAM of this many KiB (`--georam SIZE`).
    GeoRam(u32),
    /// A RamCart of this many KiB (`--ramcart SIZE`).
    RamCart(u32),
    /// A Double Quick Brown Box (`--dqbb`).
    Dqbb,
    /// An Isepic (`--isepic`).
    Isepic,
}

impl PortDevice {
    /// The device, made afresh (as at power-on), or why it cannot be.
    pub fn make(&self) -> Result<Box<dyn Expansion>, String> {
        match self {
            PortDevice::Cartridge(path, None) => load(path),
            PortDevice::Cartridge(path, Some(back)) => {
                let front = load(path)?;
                let chain = crate::cart::passthrough::PassThrough::new(front, back.make()?)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                Ok(Box::new(chain))
            }
            PortDevice::Reu(kib) => Ok(Box::new(crate::cart::reu::Reu::new(*kib)?)),
            PortDevice::GeoRam(kib) => Ok(Box::new(crate::cart::georam::GeoRam::new(*kib)?)),
            PortDevice::RamCart(kib) => Ok(Box::new(crate::cart::ramcart::RamCart::new(*kib)?)),
            PortDevice::Dqbb => Ok(Box::new(crate::cart::dqbb::Dqbb::new())),
            PortDevice::Isepic => Ok(Box::new(crate::cart::isepic::Isepic::new())),
        }
    }
}

/// The device for the cartridge image at `path`, or why there is none: unreadable, damaged
/// (with the byte offset), or of a type breadbin does not have.
pub fn load(path: &Path) -> Result<Box<dyn Expansion>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let crt = Crt::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    crate::cart::from_crt(&crt).map_err(|e| format!("{}: {e}", path.display()))
}

/// If the machine wrote to its cartridge's flash, save the image to `path`: written under a
/// temporary name, then renamed over it. Returns whether it wrote.
pub fn write_back(c64: &crate::c64::C64, path: &Path) -> Result<bool, String> {
    let Some(crt) = c64.cartridge_image() else {
        return Ok(false);
    };
    crate::host::output::write_all_or_none(&[(path, &crt.to_bytes())])
        .map_err(|e| e.to_string())?;
    Ok(true)
}
