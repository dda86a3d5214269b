//! Validating a disk, as the 1541's `V` command does: the BAM rebuilt from the chains of
//! the closed files and the directory, files never closed removed.

use super::FsError;
use super::dir::FileType;
use crate::media::disk::d64::{D64, DIR_TRACK};

/// What a validation did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Validated {
    /// The names of the files removed because they were never closed.
    pub removed: Vec<Vec<u8>>,
    pub blocks_free: u16,
}

impl D64 {
    /// Rebuild the BAM: every block free but 18/0, the directory's sectors, and the blocks
    /// (side sectors too) of each closed file; entries of files never closed are emptied. A
    /// chain that cannot be followed stops it with the block at fault, the disk unchanged.
    pub fn validate(&mut self) -> Result<Validated, FsError> {
        let mut disk = self.clone();
        let dir = disk.dir_walk().result()?;
        let entries = disk.directory();
        disk.free_all();
        disk.allocate(DIR_TRACK, 0);
        for &(t, s) in &dir {
            disk.allocate(t, s);
        }
        let mut removed = Vec::new();
        for e in &entries {
            if !e.closed {
                disk.slot_mut(e.slot)[2] = 0;
                removed.push(e.name.clone());
                continue;
            }
            let mut blocks = disk.file_blocks(e)?;
            if e.kind == FileType::Rel {
                blocks.extend(disk.side_sectors(e)?);
            }
            for (t, s) in blocks {
                disk.allocate(t, s);
            }
        }
        let blocks_free = disk.blocks_free();
        *self = disk;
        Ok(Validated {
            removed,
            blocks_free,
        })
    }
}
