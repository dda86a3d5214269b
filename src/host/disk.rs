//! A disk image file in drive 8: read and put in the drive, then (unless it is to be left
//! alone) what the drive wrote saved back to the file, replaced atomically.

use crate::c64::C64;
use crate::drive::Disk;
use crate::media::MediaError;
use crate::media::disk::{Image, load_image};
use std::path::{Path, PathBuf};

/// Why a disk could not be attached or saved.
#[derive(Debug, thiserror::Error)]
pub enum DiskError {
    #[error("{0}")]
    Media(#[from] MediaError),
    #[error("{0}: no drive to put it in: a 1541 needs its DOS ROM (--roms DIR holding one)")]
    NoDrive(PathBuf),
    #[error("{0}")]
    Output(#[from] crate::host::output::OutputError),
}

/// The image file behind the disk in the drive.
#[derive(Clone)]
pub struct DiskFile {
    path: PathBuf,
    /// The image as read: what the drive did not write stays as it was, error bytes too.
    image: Image,
    read_only: bool,
}

impl DiskFile {
    /// Read the D64 or G64 at `path` and put it in `c64`'s drive 8. With `read_only`
    /// nothing is ever written to the file.
    pub fn attach(c64: &mut C64, path: &Path, read_only: bool) -> Result<DiskFile, DiskError> {
        let image = load_image(path)?;
        let drive = c64
            .drive_mut()
            .ok_or_else(|| DiskError::NoDrive(path.to_path_buf()))?;
        drive.insert_disk(Disk::from_image(&image));
        Ok(DiskFile {
            path: path.to_path_buf(),
            image,
            read_only,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The image as last read or saved.
    pub fn image(&self) -> &Image {
        &self.image
    }

    /// If the drive wrote to the disk, save the written tracks' sectors to the file:
    /// written under a temporary name, then renamed over it. Returns whether it wrote.
    pub fn save(&mut self, c64: &mut C64) -> Result<bool, DiskError> {
        if self.read_only {
            return Ok(false);
        }
        let Some(disk) = c64.drive().and_then(|d| d.disk()) else {
            return Ok(false);
        };
        if !disk.is_written() {
            return Ok(false);
        }
        let mut image = self.image.clone();
        disk.write_back_image(&mut image);
        if image.to_bytes() == self.image.to_bytes() {
            return Ok(false);
        }
        crate::host::output::write_all_or_none(&[(&self.path, &image.to_bytes())])?;
        self.image = image;
        Ok(true)
    }
}
