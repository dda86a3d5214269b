//! Disk images for the 1541: D64 (sectors, `d64.rs`) and the GCR the drive's head reads and
//! writes (`gcr.rs`). The drive sees a disk as GCR tracks; a D64 is recorded to them, and
//! the sectors of tracks the drive wrote are decoded back into the D64 when it is saved.

pub mod d64;
pub mod fs;
pub mod g64;
pub mod gcr;

pub use d64::D64;
pub use fs::{DirEntry, FileType, FsError, Header, Problem, Validated, matches};
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

    /// The image's sectors: a D64 as it is; a G64's whole tracks decoded, 35 of them (40
    /// when tracks 36-40 are recorded), a sector not found on its track marked unreadable
    /// by its error byte (2, "20, READ ERROR", header not found).
    pub fn to_d64(&self) -> Result<D64, String> {
        let g = match self {
            Image::D64(d) => return Ok(d.clone()),
            Image::G64(g) => g,
        };
        let recorded = |t: u8| {
            g.tracks
                .get(usize::from(t - 1) * 2)
                .filter(|b| !b.is_empty())
        };
        let tracks = if (36..=40).any(|t| recorded(t).is_some()) {
            40
        } else {
            35
        };
        let mut data = Vec::new();
        let mut errors = Vec::new();
        for t in 1..=tracks {
            let mut found: Vec<Option<[u8; 256]>> = vec![None; usize::from(d64::sectors_in(t))];
            if let Some(bytes) = recorded(t) {
                for (s, sec) in gcr::sectors(t, bytes) {
                    if let Some(slot) = found.get_mut(usize::from(s)) {
                        slot.get_or_insert(sec);
                    }
                }
            }
            for sec in found {
                data.extend_from_slice(&sec.unwrap_or([0; 256]));
                errors.push(if sec.is_some() { 1 } else { 2 });
            }
        }
        data.extend(errors);
        D64::parse(&data)
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
