//! The directory: its chain of sectors from 18/1, its entries, finding a file by a pattern,
//! empty slots (a new directory sector when all are taken), renaming, and the header line.

use super::chain::{Kind, Walk, walk};
use super::{FsError, matches};
use crate::media::disk::d64::{D64, DIR_TRACK};

/// A file type as the directory gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileType {
    Del,
    Seq,
    Prg,
    Usr,
    Rel,
}

impl FileType {
    /// The type in a directory entry's type byte (its low three bits; 5-7, which no DOS
    /// writes, read as DEL).
    pub fn of_byte(b: u8) -> FileType {
        match b & 7 {
            1 => FileType::Seq,
            2 => FileType::Prg,
            3 => FileType::Usr,
            4 => FileType::Rel,
            _ => FileType::Del,
        }
    }

    /// The type's code in the type byte's low bits.
    pub fn code(self) -> u8 {
        match self {
            FileType::Del => 0,
            FileType::Seq => 1,
            FileType::Prg => 2,
            FileType::Usr => 3,
            FileType::Rel => 4,
        }
    }

    /// The three letters the directory listing shows.
    pub fn name(self) -> &'static str {
        match self {
            FileType::Del => "DEL",
            FileType::Seq => "SEQ",
            FileType::Prg => "PRG",
            FileType::Usr => "USR",
            FileType::Rel => "REL",
        }
    }

    /// `prg`, `seq`, `usr`, `rel` or `del` (any case).
    pub fn parse(s: &str) -> Option<FileType> {
        [
            FileType::Del,
            FileType::Seq,
            FileType::Prg,
            FileType::Usr,
            FileType::Rel,
        ]
        .into_iter()
        .find(|t| t.name().eq_ignore_ascii_case(s))
    }
}

/// One directory entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirEntry {
    /// The name's PETSCII bytes, without the $A0 padding.
    pub name: Vec<u8>,
    pub kind: FileType,
    /// Closed properly (a file still open when the disk was taken out is "splat").
    pub closed: bool,
    /// Locked against scratching.
    pub locked: bool,
    pub track: u8,
    pub sector: u8,
    pub blocks: u16,
    /// A REL file's first side sector.
    pub side: (u8, u8),
    /// A REL file's record length.
    pub record_length: u8,
    /// Where the entry is: its directory sector and its index there (0-7).
    pub slot: (u8, u8, usize),
}

impl DirEntry {
    fn read(e: &[u8], slot: (u8, u8, usize)) -> DirEntry {
        DirEntry {
            name: e[5..21]
                .iter()
                .copied()
                .take_while(|&b| b != 0xA0)
                .collect(),
            kind: FileType::of_byte(e[2]),
            closed: e[2] & 0x80 != 0,
            locked: e[2] & 0x40 != 0,
            track: e[3],
            sector: e[4],
            blocks: u16::from_le_bytes([e[30], e[31]]),
            side: (e[21], e[22]),
            record_length: e[23],
            slot,
        }
    }

    /// The directory sector holding this entry.
    pub fn slot_block(&self) -> (u8, u8) {
        (self.slot.0, self.slot.1)
    }

    /// The name as text (see [`super::name_text`]), in quotes: how errors name a file.
    pub fn quoted(&self) -> String {
        format!("file \"{}\"", super::name_text(&self.name))
    }
}

/// The directory header: the disk name (16 bytes, $A0 padding included) and the five bytes
/// from $A2 the listing shows after it (the ID, $A0, the DOS type "2A").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub name: [u8; 16],
    pub id: [u8; 2],
    pub id_and_dos: [u8; 5],
}

impl D64 {
    /// The directory's sectors, 18/1 and on.
    pub(crate) fn dir_walk(&self) -> Walk {
        walk(self, (DIR_TRACK, 1), "directory", Kind::Directory)
    }

    /// The directory's entries in order (empty slots left out), or where its chain breaks.
    pub fn entries(&self) -> Result<Vec<DirEntry>, FsError> {
        let blocks = self.dir_walk().result()?;
        Ok(self.entries_in(&blocks))
    }

    fn entries_in(&self, blocks: &[(u8, u8)]) -> Vec<DirEntry> {
        let mut out = Vec::new();
        for &(t, s) in blocks {
            let sec = self.sector(t, s).expect("in the chain");
            for (i, e) in sec.chunks(32).enumerate() {
                if e[2] != 0 {
                    out.push(DirEntry::read(e, (t, s, i)));
                }
            }
        }
        out
    }

    /// The directory's entries as far as its chain can be followed (a loop or a link off
    /// the disk ends it).
    pub fn directory(&self) -> Vec<DirEntry> {
        self.entries_in(&self.dir_walk().blocks)
    }

    /// The first entry (not a scratched slot) whose name matches `pattern`.
    pub fn find(&self, pattern: &[u8]) -> Result<Option<DirEntry>, FsError> {
        Ok(self
            .entries()?
            .into_iter()
            .find(|e| matches(pattern, &e.name)))
    }

    /// The first file whose name matches `pattern`, or "62, FILE NOT FOUND".
    pub fn find_file(&self, pattern: &[u8]) -> Result<DirEntry, FsError> {
        self.find(pattern)?.ok_or_else(|| not_found(pattern))
    }

    /// The header the directory listing starts with.
    pub fn header(&self) -> Header {
        let bam = self.bam();
        Header {
            name: bam[0x90..0xA0].try_into().expect("16 bytes"),
            id: [bam[0xA2], bam[0xA3]],
            id_and_dos: bam[0xA2..0xA7].try_into().expect("5 bytes"),
        }
    }

    /// An empty directory slot (sector and index), adding a directory sector if all are full.
    pub(crate) fn free_slot(&mut self) -> Result<(u8, u8, usize), FsError> {
        let chain = self.dir_walk().result()?;
        for &(t, s) in &chain {
            let sec = self.sector(t, s).expect("in the chain");
            if let Some(i) = (0..8).find(|&i| sec[i * 32 + 2] == 0) {
                return Ok((t, s, i));
            }
        }
        let &(lt, ls) = chain.last().expect("18/1 at least");
        let full = || FsError::new("72, DISK FULL: no room on track 18 for a directory sector");
        if lt != DIR_TRACK {
            return Err(full());
        }
        let s = self.next_dir_sector(ls).ok_or_else(full)?;
        self.allocate(DIR_TRACK, s);
        self.sector_mut(lt, ls).expect("in the chain")[..2].copy_from_slice(&[DIR_TRACK, s]);
        let sec = self.sector_mut(DIR_TRACK, s).expect("track 18");
        sec.fill(0);
        sec[1] = 0xFF;
        Ok((DIR_TRACK, s, 0))
    }

    /// The 32 bytes of the entry at `slot` (the first two belong to the sector's link).
    pub(crate) fn slot_mut(&mut self, slot: (u8, u8, usize)) -> &mut [u8] {
        let sec = self.sector_mut(slot.0, slot.1).expect("a directory sector");
        &mut sec[slot.2 * 32..slot.2 * 32 + 32]
    }

    /// Give the first file matching `old` the name `new`, which no file may have yet.
    pub fn rename(&mut self, old: &[u8], new: &[u8]) -> Result<(), FsError> {
        check_new_name(new)?;
        let e = self.find(old)?.ok_or_else(|| not_found(old))?;
        if self.find(new)?.is_some() {
            return Err(exists(new));
        }
        let entry = self.slot_mut(e.slot);
        entry[5..21].fill(0xA0);
        entry[5..5 + new.len()].copy_from_slice(new);
        Ok(())
    }
}

/// A name a new file may have: 1-16 characters, no pattern or command characters.
pub(crate) fn check_new_name(name: &[u8]) -> Result<(), FsError> {
    if name.is_empty() || name.len() > 16 {
        return Err(FsError::new(format!(
            "a file name has 1 to 16 characters, not {}",
            name.len()
        )));
    }
    if let Some(&b) = name
        .iter()
        .find(|b| matches!(b, b'*' | b'?' | b',' | b':' | b'"' | 0xA0))
    {
        return Err(FsError::new(format!(
            "\"{}\": a file name cannot hold {}",
            super::name_text(name),
            super::name_text(&[b])
        )));
    }
    Ok(())
}

pub(crate) fn not_found(pattern: &[u8]) -> FsError {
    FsError::new(format!(
        "62, FILE NOT FOUND: no file matches \"{}\"",
        super::name_text(pattern)
    ))
}

pub(crate) fn exists(name: &[u8]) -> FsError {
    FsError::new(format!(
        "63, FILE EXISTS: \"{}\" is on the disk already",
        super::name_text(name)
    ))
}
