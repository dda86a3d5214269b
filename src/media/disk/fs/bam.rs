//! The BAM at 18/0: formatting a disk, which blocks are free, taking and giving back blocks,
//! and where a file's or the directory's next block goes.

use super::{BAM_TRACKS, FsError};
use crate::media::disk::d64::{D64, DIR_TRACK, sectors_in};

/// Sectors between a file's consecutive blocks on a track.
pub(crate) const DATA_INTERLEAVE: u8 = 10;
/// Sectors between consecutive directory sectors.
pub(crate) const DIR_INTERLEAVE: u8 = 3;

/// Where track `t`'s entry starts in the BAM (its free count; the bitmap follows).
pub(crate) fn entry(t: u8) -> usize {
    4 * usize::from(t)
}

impl D64 {
    /// A freshly formatted 35-track disk with this name and ID (as `NEW"NAME,ID"` leaves it).
    pub fn formatted(name: &[u8], id: [u8; 2]) -> D64 {
        D64::format(35, name, id)
    }

    /// A freshly formatted disk of `tracks` tracks (35, 40 or 42): an empty directory at
    /// 18/1, every block but 18/0 and 18/1 free. Tracks past 35 stay blank and free, outside
    /// the BAM.
    pub fn format(tracks: u8, name: &[u8], id: [u8; 2]) -> D64 {
        let mut d = D64::blank(tracks);
        let bam = d.sector_mut(DIR_TRACK, 0).expect("18/0");
        bam[0] = DIR_TRACK;
        bam[1] = 1;
        bam[2] = b'A';
        for t in 1..=BAM_TRACKS {
            let n = sectors_in(t);
            let bits = (1u32 << n) - 1;
            let e = entry(t);
            bam[e] = n;
            bam[e + 1..e + 4].copy_from_slice(&bits.to_le_bytes()[..3]);
        }
        bam[0x90..0xAB].fill(0xA0);
        let len = name.len().min(16);
        bam[0x90..0x90 + len].copy_from_slice(&name[..len]);
        bam[0xA2..0xA4].copy_from_slice(&id);
        bam[0xA5..0xA7].copy_from_slice(b"2A");
        let dir = d.sector_mut(DIR_TRACK, 1).expect("18/1");
        dir[1] = 0xFF;
        d.allocate(DIR_TRACK, 0);
        d.allocate(DIR_TRACK, 1);
        d
    }

    pub(crate) fn bam(&self) -> &[u8; 256] {
        self.sector(DIR_TRACK, 0).expect("every image has track 18")
    }

    fn bam_mut(&mut self) -> &mut [u8; 256] {
        self.sector_mut(DIR_TRACK, 0)
            .expect("every image has track 18")
    }

    /// Free blocks, as the directory's last line counts them: the BAM's free counts of
    /// tracks 1-35 but 18.
    pub fn blocks_free(&self) -> u16 {
        let bam = self.bam();
        (1..=BAM_TRACKS)
            .filter(|&t| t != DIR_TRACK)
            .map(|t| u16::from(bam[entry(t)]))
            .sum()
    }

    /// Whether the BAM marks `track`/`sector` free (never for tracks it does not describe).
    pub fn is_free(&self, track: u8, sector: u8) -> bool {
        (1..=BAM_TRACKS).contains(&track)
            && sector < sectors_in(track)
            && self.bam()[entry(track) + 1 + usize::from(sector / 8)] & (1 << (sector % 8)) != 0
    }

    /// Mark a block used (and count it) if it was free.
    pub(crate) fn allocate(&mut self, track: u8, sector: u8) {
        if !self.is_free(track, sector) {
            return;
        }
        let bam = self.bam_mut();
        let e = entry(track);
        bam[e + 1 + usize::from(sector / 8)] &= !(1 << (sector % 8));
        bam[e] = bam[e].wrapping_sub(1);
    }

    /// Mark a block free (and count it) if it was used and the BAM describes it.
    pub(crate) fn free(&mut self, track: u8, sector: u8) {
        if !(1..=BAM_TRACKS).contains(&track)
            || sector >= sectors_in(track)
            || self.is_free(track, sector)
        {
            return;
        }
        let bam = self.bam_mut();
        let e = entry(track);
        bam[e + 1 + usize::from(sector / 8)] |= 1 << (sector % 8);
        bam[e] = bam[e].wrapping_add(1);
    }

    /// Mark every block of tracks 1-35 free, with the counts to match (validate then takes
    /// back what is in use).
    pub(crate) fn free_all(&mut self) {
        let bam = self.bam_mut();
        for t in 1..=BAM_TRACKS {
            let n = sectors_in(t);
            let e = entry(t);
            bam[e] = n;
            bam[e + 1..e + 4].copy_from_slice(&((1u32 << n) - 1).to_le_bytes()[..3]);
        }
    }

    /// The first free sector of `track` from `from` on, going round.
    pub(crate) fn free_on(&self, track: u8, from: u8) -> Option<u8> {
        let n = sectors_in(track);
        (0..n)
            .map(|k| (from % n + k) % n)
            .find(|&s| self.is_free(track, s))
    }

    /// Where a file's next block goes after `prev` (`None`: its first block): ten sectors on
    /// along the same track (past the track's last sector, one less than the wrap gives, as
    /// the 1541 counts), the first free one from there; a full track gives way to the next
    /// one further from track 18, searched from the same sector, and at the last track to
    /// the nearest one with room on the other side. A first block goes on the track nearest
    /// 18 with room (17, 19, 16, 20, ...).
    pub(crate) fn next_free(&self, prev: Option<(u8, u8)>) -> Option<(u8, u8)> {
        let Some((t, s)) = prev else {
            return self.nearest_free();
        };
        let n = sectors_in(t);
        let mut from = s + DATA_INTERLEAVE;
        if from >= n {
            from -= n;
            from = from.saturating_sub(1);
        }
        if let Some(s) = self.free_on(t, from) {
            return Some((t, s));
        }
        let outward: Vec<u8> = if t < DIR_TRACK {
            (1..t).rev().collect()
        } else {
            (t + 1..=BAM_TRACKS).collect()
        };
        outward
            .into_iter()
            .find_map(|t| self.free_on(t, from).map(|s| (t, s)))
            .or_else(|| self.nearest_free())
    }

    fn nearest_free(&self) -> Option<(u8, u8)> {
        (1..DIR_TRACK)
            .flat_map(|d| [DIR_TRACK - d, DIR_TRACK + d])
            .filter(|&t| (1..=BAM_TRACKS).contains(&t))
            .find_map(|t| self.free_on(t, 0).map(|s| (t, s)))
    }

    /// The sector for a new directory sector after `last`: three on along track 18.
    pub(crate) fn next_dir_sector(&self, last: u8) -> Option<u8> {
        self.free_on(DIR_TRACK, last + DIR_INTERLEAVE)
    }
}

/// Where the next block of a write goes: after the last one taken, in the 1541's order.
#[derive(Default)]
pub(crate) struct Cursor(Option<(u8, u8)>);

impl Cursor {
    /// Take the next free block in the sequence, or say the disk is full.
    pub(crate) fn take(&mut self, d: &mut D64) -> Result<(u8, u8), FsError> {
        let at = d
            .next_free(self.0)
            .ok_or_else(|| FsError::new("72, DISK FULL"))?;
        d.allocate(at.0, at.1);
        self.0 = Some(at);
        Ok(at)
    }
}
