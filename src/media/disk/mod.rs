//! Disk images for the 1541: D64 (sectors, `d64.rs`) and the GCR the drive's head reads and
//! writes (`gcr.rs`). The drive sees a disk as GCR tracks; a D64 is recorded to them, and
//! the sectors of tracks the drive wrote are decoded back into the D64 when it is saved.

pub mod d64;
pub mod g64;
pub mod gcr;

pub use d64::{D64, DirEntry, FileType};
pub use g64::G64;

/// A file name ending in `.d64` or `.g64` (any case).
pub fn is_disk_image(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("d64") || e.eq_ignore_ascii_case("g64"))
}

/// A disk image of either kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Image {
    D64(D64),
    G64(G64),
}

impl Image {
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            Image::D64(d) => d.to_bytes(),
            Image::G64(g) => g.to_bytes(),
        }
    }
}

/// Read the disk image at `path`: a G64 when it starts with `GCR-1541`, else a D64; a file
/// that is neither is refused naming it and why.
pub fn load_image(path: &Path) -> Result<Image, MediaError> {
    let bytes = std::fs::read(path).map_err(|source| MediaError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    if bytes.starts_with(b"GCR-1541") {
        return G64::parse(&bytes)
            .map(Image::G64)
            .map_err(|m| MediaError::program(path, m));
    }
    D64::parse(&bytes)
        .map(Image::D64)
        .map_err(|m| MediaError::program(path, m))
}

use super::MediaError;
use std::path::Path;

/// Read the D64 image at `path`; a file that is not one is refused naming it and why.
pub fn load_d64(path: &Path) -> Result<D64, MediaError> {
    let bytes = std::fs::read(path).map_err(|source| MediaError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    D64::parse(&bytes).map_err(|m| MediaError::program(path, m))
}

impl D64 {
    /// Track `t` (1 up to [`D64::tracks`]) as recorded on the disk, each sector's error byte
    /// recorded as the damage it stands for.
    pub fn gcr_track(&self, t: u8) -> Vec<u8> {
        let sectors: Vec<(&[u8; 256], gcr::Damage)> = (0..d64::sectors_in(t))
            .map(|s| {
                (
                    self.sector(t, s).expect("a sector of the disk"),
                    gcr::Damage::of_error_byte(self.error_byte(t, s)),
                )
            })
            .collect();
        gcr::track(t, self.id(), &sectors)
    }

    /// Take the sectors found on a recorded track `t` back into the image (after the drive
    /// wrote it). Returns how many sectors were found.
    pub fn write_back_track(&mut self, t: u8, recorded: &[u8]) -> usize {
        let found = gcr::sectors(t, recorded);
        for (s, data) in &found {
            if let Some(sec) = self.sector_mut(t, *s) {
                *sec = *data;
            }
        }
        found.len()
    }
}

#[cfg(test)]
mod tests;
