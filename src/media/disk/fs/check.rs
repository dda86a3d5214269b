//! Checking a disk without changing it: every chain followed (the directory, each closed
//! file, a REL file's side sectors), every block given to one owner, and the BAM compared
//! with what the chains use.

use super::chain::{Kind, walk};
use super::dir::FileType;
use super::{BAM_TRACKS, FsError};
use crate::media::disk::d64::{D64, DIR_TRACK, sectors_in};
use std::collections::{HashMap, HashSet};

/// One thing wrong with a disk: the block (when there is one) and what.
pub type Problem = FsError;

/// Which chain owns each block, and the cross-links found while giving them out.
struct Owners {
    of: HashMap<(u8, u8), String>,
    crossed: HashSet<String>,
}

impl Owners {
    /// Give `block` to `who`; a block another chain has is reported, once for each chain.
    fn claim(&mut self, block: (u8, u8), who: &str, out: &mut Vec<Problem>) {
        match self.of.get(&block) {
            Some(first) => {
                if self.crossed.insert(who.to_string()) {
                    out.push(FsError::at(
                        block,
                        format!("cross-linked: in {first} and in {who}"),
                    ));
                }
            }
            None => {
                self.of.insert(block, who.to_string());
            }
        }
    }
}

impl D64 {
    /// Everything wrong with the disk's file system, in the order found: broken or looping
    /// chains, cross-linked blocks, block counts, files never closed, REL side sectors, and
    /// each way the BAM disagrees with the chains. Empty when the disk is clean.
    pub fn check(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut owners = Owners {
            of: HashMap::new(),
            crossed: HashSet::new(),
        };
        let bam = self.bam();
        if bam[2] != b'A' {
            out.push(FsError::at(
                (DIR_TRACK, 0),
                format!("the BAM's format byte is ${:02X}, not $41 ('A')", bam[2]),
            ));
        }
        if bam[..2] != [DIR_TRACK, 1] {
            out.push(FsError::at(
                (DIR_TRACK, 0),
                format!(
                    "the BAM points to {}/{} as the directory's first sector, not 18/1",
                    bam[0], bam[1]
                ),
            ));
        }
        owners.claim((DIR_TRACK, 0), "the BAM", &mut out);
        let dir = self.dir_walk();
        out.extend(dir.error.clone());
        for &b in &dir.blocks {
            owners.claim(b, "the directory", &mut out);
        }
        for e in self.directory() {
            let name = e.quoted();
            if !e.closed {
                out.push(FsError::at(
                    e.slot_block(),
                    format!(
                        "{name} was never closed (*{}): validate removes it",
                        e.kind.name()
                    ),
                ));
                continue;
            }
            let data = walk(self, (e.track, e.sector), &name, Kind::Data);
            out.extend(data.error.clone());
            for &b in &data.blocks {
                owners.claim(b, &name, &mut out);
            }
            let mut count = data.blocks.len();
            let mut whole = data.error.is_none();
            if e.kind == FileType::Rel {
                let what = format!("side sectors of {name}");
                let sides = walk(self, e.side, &what, Kind::Data);
                out.extend(sides.error.clone());
                for &b in &sides.blocks {
                    owners.claim(b, &what, &mut out);
                }
                count += sides.blocks.len();
                if whole && sides.error.is_none() {
                    out.extend(self.rel_problems(&e, &sides.blocks, &data.blocks));
                }
                whole &= sides.error.is_none();
            }
            if whole && count != usize::from(e.blocks) {
                out.push(FsError::at(
                    e.slot_block(),
                    format!(
                        "{name}: the directory says {} blocks, its chains have {count}",
                        e.blocks
                    ),
                ));
            }
        }
        self.bam_problems(&owners.of, &mut out);
        out
    }

    /// Each block of tracks 1-35 whose BAM bit disagrees with its owner, and each track
    /// whose free count disagrees with its bitmap.
    fn bam_problems(&self, owners: &HashMap<(u8, u8), String>, out: &mut Vec<Problem>) {
        let bam = self.bam();
        for t in 1..=BAM_TRACKS.min(self.tracks()) {
            let n = sectors_in(t);
            for s in 0..n {
                match (owners.get(&(t, s)), self.is_free(t, s)) {
                    (Some(who), true) => out.push(FsError::at(
                        (t, s),
                        format!("used by {who} but marked free in the BAM"),
                    )),
                    (None, false) => {
                        out.push(FsError::at((t, s), "marked used in the BAM but in no file"))
                    }
                    _ => {}
                }
            }
            let e = 4 * usize::from(t);
            let bits = u32::from_le_bytes([bam[e + 1], bam[e + 2], bam[e + 3], 0]);
            let mask = (1u32 << n) - 1;
            if bits & !mask != 0 {
                out.push(FsError::new(format!(
                    "track {t}: the BAM marks sectors past the track's {n} free"
                )));
            }
            let free = (bits & mask).count_ones();
            if u32::from(bam[e]) != free {
                out.push(FsError::new(format!(
                    "track {t}: the BAM counts {} free blocks, its bitmap {free}",
                    bam[e]
                )));
            }
        }
    }
}
