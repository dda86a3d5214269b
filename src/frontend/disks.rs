//! The disks of a window session: the images given with `--disk` (or the D64 started), one of
//! them in drive 8 at a time, swapped in turn with a key. What the drive writes is saved to
//! the image's file when the motor stops after writing, when the disk is swapped out, at a
//! reset and when the window closes.

use crate::C64;
use crate::host::disk::{DiskError, DiskFile};
use std::path::PathBuf;

/// The session's disk images and the one in the drive.
#[derive(Default)]
pub struct Disks {
    paths: Vec<PathBuf>,
    current: usize,
    inserted: Option<DiskFile>,
    read_only: bool,
    /// The drive's motor ran at the end of the last frame.
    motor: bool,
}

impl Disks {
    /// `paths` in the order they are swapped in, the first one first; with `read_only` no
    /// image is ever written.
    pub fn new(paths: Vec<PathBuf>, read_only: bool) -> Disks {
        Disks {
            paths,
            read_only,
            ..Disks::default()
        }
    }

    /// No disk images in this session.
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    /// Put the current image in `c64`'s drive (a freshly powered machine).
    pub fn insert(&mut self, c64: &mut C64) -> Result<(), DiskError> {
        self.inserted = None;
        self.motor = false;
        if let Some(p) = self.paths.get(self.current) {
            self.inserted = Some(DiskFile::attach(c64, p, self.read_only)?);
        }
        Ok(())
    }

    /// Make `path` the first image, the one the next [`Disks::insert`] puts in (a dropped
    /// image).
    pub fn put_first(&mut self, path: PathBuf) {
        self.paths.retain(|p| *p != path);
        self.paths.insert(0, path);
        self.current = 0;
    }

    /// Save what the drive wrote to the image in it. Returns whether a file was written.
    pub fn save(&mut self, c64: &mut C64) -> Result<bool, DiskError> {
        match self.inserted.as_mut() {
            Some(d) => d.save(c64),
            None => Ok(false),
        }
    }

    /// Save the disk in the drive and put the next image in. Returns its file name.
    pub fn swap(&mut self, c64: &mut C64) -> Result<String, DiskError> {
        self.save(c64)?;
        self.current = (self.current + 1) % self.paths.len().max(1);
        self.insert(c64)?;
        Ok(self.current_name())
    }

    /// The image in the drive, by file name.
    pub fn current_name(&self) -> String {
        self.inserted
            .as_ref()
            .and_then(|d| d.path().file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// After a frame: when the motor has stopped, save what was written.
    pub fn after_frame(&mut self, c64: &mut C64) -> Result<bool, DiskError> {
        let motor = motor_on(c64);
        let stopped = self.motor && !motor;
        self.motor = motor;
        if stopped { self.save(c64) } else { Ok(false) }
    }
}

/// The drive's motor runs.
pub fn motor_on(c64: &mut C64) -> bool {
    c64.drive().is_some_and(|d| d.status().motor)
}

/// The drive's state for the title while its motor runs: `1541 ● track 18`.
pub fn drive_text(c64: &mut C64) -> Option<String> {
    let s = c64.drive()?.status();
    if !s.motor {
        return None;
    }
    let led = if s.led { "●" } else { "○" };
    let half = if s.half_track { ".5" } else { "" };
    Some(format!("1541 {led} track {}{half}", s.track))
}
