//! Disk images for the 1541: D64 (sectors, `d64.rs`) and the GCR the drive's head reads and
//! writes (`gcr.rs`). The drive sees a disk as GCR tracks; a D64 is recorded to them, and
//! the sectors of tracks the drive wrote are decoded back into the D64 when it is saved.

pub mod d64;
pub mod gcr;

pub use d64::{D64, DirEntry, FileType};

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
