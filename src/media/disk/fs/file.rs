//! Files: reading one through its chain, writing a new one (SEQ, PRG, USR) block by block,
//! scratching, and the plain calls the drive's tests and the test bench use.

use super::bam::Cursor;
use super::chain::{self, Kind, walk};
use super::dir::{DirEntry, FileType, check_new_name, exists, not_found};
use super::{FsError, matches};
use crate::media::disk::d64::D64;

/// Data bytes a block holds.
pub(crate) const BLOCK_DATA: usize = 254;

/// Where a new file's chains went: its first data block, its first side sector (REL
/// only, else 0/0) and the blocks it took.
pub(crate) struct Placed {
    pub(crate) first: (u8, u8),
    pub(crate) side: (u8, u8),
    pub(crate) blocks: usize,
}

impl D64 {
    /// The blocks of `e`'s data chain, or the block at fault.
    pub fn file_blocks(&self, e: &DirEntry) -> Result<Vec<(u8, u8)>, FsError> {
        walk(self, (e.track, e.sector), &e.quoted(), Kind::Data).result()
    }

    /// A file's contents, as LOAD or a sequential read gives them (a REL file's records, one
    /// after another). A file never closed is refused, as the 1541 refuses to open it.
    pub fn read_entry(&self, e: &DirEntry) -> Result<Vec<u8>, FsError> {
        if !e.closed {
            return Err(FsError::new(format!(
                "{} was never closed (*{}): `validate` removes it",
                e.quoted(),
                e.kind.name()
            )));
        }
        let blocks = self.file_blocks(e)?;
        Ok(chain::data(self, &blocks))
    }

    /// The contents of the first closed file whose name matches `pattern` (`*` matches
    /// the rest of a name, `?` any one character), as LOAD reads them; `None` when there is
    /// no such file or it cannot be read.
    pub fn read_file(&self, pattern: &[u8]) -> Option<Vec<u8>> {
        let e = self
            .directory()
            .into_iter()
            .find(|e| e.closed && e.kind != FileType::Del && matches(pattern, &e.name))?;
        let w = walk(self, (e.track, e.sector), "", Kind::Data);
        Some(chain::data(self, &w.blocks))
    }

    /// Write `contents` as a new closed file `name` of `kind` (as SAVE does for PRG), or say
    /// why not. On failure the disk is unchanged.
    pub fn write_file(
        &mut self,
        name: &[u8],
        kind: FileType,
        contents: &[u8],
    ) -> Result<(), String> {
        self.put(name, kind, contents, None)
            .map(|_| ())
            .map_err(|e| e.message)
    }

    /// Write a new closed file: `contents` in blocks of 254 bytes, placed as the 1541 places
    /// them; a REL file (`record_length` given) gets its side sectors. A name starting with
    /// `@` (`@0:NAME`, `@:NAME`) replaces a file of that name, as the 1541's save-with-replace
    /// does; otherwise an existing name is refused. On failure the disk is unchanged.
    pub fn put(
        &mut self,
        name: &[u8],
        kind: FileType,
        contents: &[u8],
        record_length: Option<u8>,
    ) -> Result<DirEntry, FsError> {
        let (name, replace) = match name.strip_prefix(b"@") {
            Some(rest) => (
                rest.strip_prefix(b"0:")
                    .or_else(|| rest.strip_prefix(b":"))
                    .unwrap_or(rest),
                true,
            ),
            None => (name, false),
        };
        check_new_name(name)?;
        let mut disk = self.clone();
        let old = disk.find(name)?;
        if let Some(old) = &old {
            if !replace {
                return Err(exists(name));
            }
            disk.scratch_entry(old)?;
        }
        if let Some(&(t, s)) = disk
            .dir_walk()
            .blocks
            .iter()
            .find(|&&(t, s)| disk.is_free(t, s))
        {
            return Err(FsError::at(
                (t, s),
                "a directory block the BAM marks free: validate the disk first",
            ));
        }
        if contents.is_empty() {
            return Err(FsError::new(
                "an empty file: a CBM file holds one byte at least",
            ));
        }
        let Placed {
            first,
            side,
            blocks,
        } = match (kind, record_length) {
            (FileType::Rel, Some(len)) => disk.write_rel(contents, len)?,
            (FileType::Rel, None) => {
                return Err(FsError::new("a REL file needs its record length"));
            }
            (_, Some(_)) => {
                return Err(FsError::new("only a REL file has a record length"));
            }
            (_, None) => {
                let chunks: Vec<&[u8]> = contents.chunks(BLOCK_DATA).collect();
                let places = disk.write_chain(&chunks, &mut |_, _, _| Ok(()))?;
                Placed {
                    first: places[0],
                    side: (0, 0),
                    blocks: places.len(),
                }
            }
        };
        let slot = disk.free_slot()?;
        let e = disk.slot_mut(slot);
        e[2..].fill(0);
        e[2] = 0x80 | kind.code();
        e[3] = first.0;
        e[4] = first.1;
        e[5..21].fill(0xA0);
        e[5..5 + name.len()].copy_from_slice(name);
        e[21] = side.0;
        e[22] = side.1;
        e[23] = record_length.unwrap_or(0);
        e[30..32].copy_from_slice(&(blocks as u16).to_le_bytes());
        // A BAM that marks a directory block free can have it overwritten by the new file.
        let entry = disk
            .entries()?
            .into_iter()
            .find(|e| e.slot == slot)
            .ok_or_else(|| {
                FsError::new("the BAM marks a block of the directory free: validate the disk first")
            })?;
        *self = disk;
        Ok(entry)
    }

    /// Allocate and write a chain of data blocks holding `chunks` (254 bytes each but the
    /// last), linked in order. `extra` is called after each block is placed (with its index)
    /// and may take more blocks from the same sequence (a REL file's side sectors).
    pub(crate) fn write_chain(
        &mut self,
        chunks: &[&[u8]],
        extra: &mut dyn FnMut(&mut D64, &mut Cursor, usize) -> Result<(), FsError>,
    ) -> Result<Vec<(u8, u8)>, FsError> {
        let mut cursor = Cursor::default();
        let mut places = Vec::with_capacity(chunks.len());
        for i in 0..chunks.len() {
            places.push(cursor.take(self)?);
            extra(self, &mut cursor, i)?;
        }
        for (i, chunk) in chunks.iter().enumerate() {
            let (t, s) = places[i];
            let sec = self.sector_mut(t, s).expect("allocated");
            sec.fill(0);
            match places.get(i + 1) {
                Some(&(nt, ns)) => sec[..2].copy_from_slice(&[nt, ns]),
                None => sec[..2].copy_from_slice(&[0, chunk.len() as u8 + 1]),
            }
            sec[2..2 + chunk.len()].copy_from_slice(chunk);
        }
        Ok(places)
    }

    /// Scratch every unlocked file matching one of `patterns` (as `S0:` does): its type
    /// byte set to 0, its blocks (side sectors too) freed. Returns the names scratched; a
    /// pattern that matches no file is an error, and then nothing is scratched.
    pub fn scratch(&mut self, patterns: &[&[u8]]) -> Result<Vec<Vec<u8>>, FsError> {
        let mut disk = self.clone();
        let mut done = Vec::new();
        for p in patterns {
            let hits: Vec<DirEntry> = disk
                .entries()?
                .into_iter()
                .filter(|e| matches(p, &e.name))
                .collect();
            if hits.is_empty() {
                return Err(not_found(p));
            }
            if hits.iter().all(|e| e.locked) {
                return Err(FsError::new(format!("{} is locked", hits[0].quoted())));
            }
            for e in hits.iter().filter(|e| !e.locked) {
                disk.scratch_entry(e)?;
                done.push(e.name.clone());
            }
        }
        *self = disk;
        Ok(done)
    }

    /// Free an entry's blocks and empty its slot. A closed file's chain must be whole.
    fn scratch_entry(&mut self, e: &DirEntry) -> Result<(), FsError> {
        if e.closed {
            let mut blocks = self.file_blocks(e)?;
            if e.kind == FileType::Rel {
                blocks.extend(self.side_sectors(e)?);
            }
            for (t, s) in blocks {
                self.free(t, s);
            }
        }
        self.slot_mut(e.slot)[2] = 0;
        Ok(())
    }
}
