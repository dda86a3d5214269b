//! Relative (REL) files: records of a fixed length running on from block to block, and the
//! side sectors that point at every data block, so that a record can be found directly.
//!
//! A side sector: bytes 0-1 the next side sector (the last: 0, the index of its last used
//! byte), 2 its number (0-5), 3 the record length, 4-15 the T/S of all six side sectors (0
//! where there is none), 16-255 the T/S of up to 120 data blocks in order.

use super::FsError;
use super::chain::{Kind, walk};
use super::dir::DirEntry;
use super::file::{BLOCK_DATA, Placed};
use crate::media::disk::d64::D64;

/// Data blocks one side sector points to.
pub(crate) const POINTERS: usize = 120;
/// Side sectors a REL file may have.
pub(crate) const SIDE_SECTORS: usize = 6;

impl D64 {
    /// Write `contents` as the records (of `len` bytes; the last padded with zeros) of a new
    /// REL file's data blocks and its side sectors. Returns the first data block, the first
    /// side sector and the blocks taken. The first side sector is placed right after the
    /// first data block, each further one after the data block that needs it.
    pub(crate) fn write_rel(&mut self, contents: &[u8], len: u8) -> Result<Placed, FsError> {
        if len == 0 || usize::from(len) > BLOCK_DATA {
            return Err(FsError::new(format!(
                "record length {len}: a REL file's records are 1 to 254 bytes"
            )));
        }
        let len = usize::from(len);
        let mut data = contents.to_vec();
        data.resize(contents.len().div_ceil(len) * len, 0);
        let chunks: Vec<&[u8]> = data.chunks(BLOCK_DATA).collect();
        if chunks.len() > POINTERS * SIDE_SECTORS {
            return Err(FsError::new(format!(
                "{} data blocks: a REL file has {} at most",
                chunks.len(),
                POINTERS * SIDE_SECTORS
            )));
        }
        let mut sides: Vec<(u8, u8)> = Vec::new();
        let places = self.write_chain(&chunks, &mut |d, cursor, i| {
            if i % POINTERS == 0 {
                sides.push(cursor.take(d)?);
            }
            Ok(())
        })?;
        for (n, &(t, s)) in sides.iter().enumerate() {
            let pointers = &places[n * POINTERS..places.len().min((n + 1) * POINTERS)];
            let sec = self.sector_mut(t, s).expect("allocated");
            sec.fill(0);
            match sides.get(n + 1) {
                Some(&(nt, ns)) => sec[..2].copy_from_slice(&[nt, ns]),
                None => sec[..2].copy_from_slice(&[0, (15 + 2 * pointers.len()) as u8]),
            }
            sec[2] = n as u8;
            sec[3] = len as u8;
            for (k, &(st, ss)) in sides.iter().enumerate() {
                sec[4 + 2 * k..6 + 2 * k].copy_from_slice(&[st, ss]);
            }
            for (k, &(pt, ps)) in pointers.iter().enumerate() {
                sec[16 + 2 * k..18 + 2 * k].copy_from_slice(&[pt, ps]);
            }
        }
        Ok(Placed {
            first: places[0],
            side: sides[0],
            blocks: places.len() + sides.len(),
        })
    }

    /// A REL file's side sectors, in order, or the block at fault.
    pub(crate) fn side_sectors(&self, e: &DirEntry) -> Result<Vec<(u8, u8)>, FsError> {
        let what = format!("side sectors of {}", e.quoted());
        walk(self, e.side, &what, Kind::Data).result()
    }

    /// What is wrong with a REL file's side sectors, given its data blocks: their count,
    /// numbers, record lengths, the table of six and the pointers, each against the file.
    pub(crate) fn rel_problems(
        &self,
        e: &DirEntry,
        sides: &[(u8, u8)],
        data: &[(u8, u8)],
    ) -> Vec<FsError> {
        let mut out = Vec::new();
        let name = e.quoted();
        if e.record_length == 0 {
            out.push(FsError::at(
                e.slot_block(),
                format!("{name} is REL with record length 0"),
            ));
        }
        let needed = data.len().div_ceil(POINTERS);
        if sides.len() != needed || sides.len() > SIDE_SECTORS {
            out.push(FsError::new(format!(
                "{name} has {} side sectors for {} data blocks (needs {needed})",
                sides.len(),
                data.len()
            )));
        }
        for (n, &(t, s)) in sides.iter().enumerate().take(SIDE_SECTORS) {
            let sec = self.sector(t, s).expect("in the chain");
            let at = (t, s);
            if usize::from(sec[2]) != n {
                out.push(FsError::at(
                    at,
                    format!("side sector {n} of {name} says it is number {}", sec[2]),
                ));
            }
            if sec[3] != e.record_length {
                out.push(FsError::at(
                    at,
                    format!(
                        "side sector {n} of {name} gives record length {}, the directory {}",
                        sec[3], e.record_length
                    ),
                ));
            }
            for k in 0..SIDE_SECTORS {
                let listed = (sec[4 + 2 * k], sec[5 + 2 * k]);
                let real = sides.get(k).copied().unwrap_or((0, 0));
                if listed != real {
                    out.push(FsError::at(
                        at,
                        format!(
                            "side sector {n} of {name} lists side sector {k} at {}/{}, it is at {}/{}",
                            listed.0, listed.1, real.0, real.1
                        ),
                    ));
                }
            }
            let count = if sec[0] == 0 {
                (usize::from(sec[1]).saturating_sub(15) / 2).min(POINTERS)
            } else {
                POINTERS
            };
            let expected =
                &data[(n * POINTERS).min(data.len())..data.len().min((n + 1) * POINTERS)];
            if count != expected.len() {
                out.push(FsError::at(
                    at,
                    format!(
                        "side sector {n} of {name} points to {count} data blocks, the chain has {} there",
                        expected.len()
                    ),
                ));
            }
            for (k, &want) in expected.iter().enumerate().take(count) {
                let got = (sec[16 + 2 * k], sec[17 + 2 * k]);
                if got != want {
                    out.push(FsError::at(
                        at,
                        format!(
                            "side sector {n} of {name} points to {}/{} as data block {}, the chain has {}/{}",
                            got.0,
                            got.1,
                            n * POINTERS + k,
                            want.0,
                            want.1
                        ),
                    ));
                    break;
                }
            }
        }
        out
    }
}
