//! D64 images: a 1541 disk's sectors, 256 bytes each, in track order; 35, 40 or 42 tracks,
//! with or without one error byte a sector after them.
//!
//! Facts (`../shared/notes/drive-1541.md`, section 5; the 1541-II User's Guide on the BAM and
//! the directory): the sectors a track holds by zone (21, 19, 18, 17); the image sizes; the
//! BAM at 18/0 (first directory sector, format 'A', four bytes a track of free count and
//! bitmap, the disk name at $90, the ID at $A2, "2A" at $A5); directory sectors from 18/1 of
//! eight 32-byte entries (type, first track and sector, the name padded with $A0, the
//! size in blocks); files chained sector to sector by their first two bytes, the last
//! sector's second byte the index of its last byte; new files placed near track 18 and
//! spreading outward with an interleave of 10, directory sectors with an interleave of 3.

/// The directory track.
pub const DIR_TRACK: u8 = 18;
const DATA_INTERLEAVE: u8 = 10;
const DIR_INTERLEAVE: u8 = 3;

/// Sectors on `track` (1-42).
pub fn sectors_in(track: u8) -> u8 {
    match track {
        1..=17 => 21,
        18..=24 => 19,
        25..=30 => 18,
        _ => 17,
    }
}

/// The block number of the first sector of `track`.
fn first_block(track: u8) -> usize {
    (1..track).map(|t| usize::from(sectors_in(t))).sum()
}

/// A file type as the directory gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileType {
    Del,
    Seq,
    Prg,
    Usr,
    Rel,
}

/// One directory entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirEntry {
    /// The name's PETSCII bytes, without the $A0 padding.
    pub name: Vec<u8>,
    pub kind: FileType,
    /// Closed properly (a file still open when the disk was taken out is "splat").
    pub closed: bool,
    pub track: u8,
    pub sector: u8,
    pub blocks: u16,
}

/// A disk's sectors, and the error byte of each when the image has them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct D64 {
    tracks: u8,
    data: Vec<u8>,
    errors: Option<Vec<u8>>,
}

impl D64 {
    /// The image in `bytes`, or why it is not a D64.
    pub fn parse(bytes: &[u8]) -> Result<D64, String> {
        for tracks in [35u8, 40, 42] {
            let blocks = first_block(tracks + 1);
            if bytes.len() == blocks * 256 {
                return Ok(D64 {
                    tracks,
                    data: bytes.to_vec(),
                    errors: None,
                });
            }
            if bytes.len() == blocks * 257 {
                return Ok(D64 {
                    tracks,
                    data: bytes[..blocks * 256].to_vec(),
                    errors: Some(bytes[blocks * 256..].to_vec()),
                });
            }
        }
        Err(format!(
            "not a D64 image: {} (35 tracks are 174848 bytes, or 175531 with error bytes; \
             40 tracks 196608 or 197376; 42 tracks 205312 or 206114)",
            crate::basic::bytes(bytes.len())
        ))
    }

    /// A freshly formatted 35-track disk with this name and ID (as `NEW"NAME,ID"` leaves it).
    pub fn formatted(name: &[u8], id: [u8; 2]) -> D64 {
        let mut d = D64 {
            tracks: 35,
            data: vec![0; first_block(36) * 256],
            errors: None,
        };
        let bam = d.sector_mut(DIR_TRACK, 0).expect("18/0");
        bam[0] = DIR_TRACK;
        bam[1] = 1;
        bam[2] = b'A';
        for t in 1..=35u8 {
            let n = sectors_in(t);
            let bits = (1u32 << n) - 1;
            let e = 4 * usize::from(t);
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

    /// Tracks on the disk (35, 40 or 42).
    pub fn tracks(&self) -> u8 {
        self.tracks
    }

    /// The image's bytes, as it would be saved (with its error bytes if it had them).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.data.clone();
        if let Some(e) = &self.errors {
            out.extend_from_slice(e);
        }
        out
    }

    fn block(&self, track: u8, sector: u8) -> Option<usize> {
        (track >= 1 && track <= self.tracks && sector < sectors_in(track))
            .then(|| first_block(track) + usize::from(sector))
    }

    /// A sector's 256 bytes, if the disk has it.
    pub fn sector(&self, track: u8, sector: u8) -> Option<&[u8; 256]> {
        let b = self.block(track, sector)?;
        self.data[b * 256..b * 256 + 256].try_into().ok()
    }

    /// A sector's bytes, to write.
    pub fn sector_mut(&mut self, track: u8, sector: u8) -> Option<&mut [u8; 256]> {
        let b = self.block(track, sector)?;
        (&mut self.data[b * 256..b * 256 + 256]).try_into().ok()
    }

    /// The error byte of a sector (1, no error, for an image without them).
    pub fn error_byte(&self, track: u8, sector: u8) -> u8 {
        match (&self.errors, self.block(track, sector)) {
            (Some(e), Some(b)) => e[b],
            _ => 1,
        }
    }

    /// The disk ID from the BAM.
    pub fn id(&self) -> [u8; 2] {
        let bam = self.sector(DIR_TRACK, 0).expect("every image has track 18");
        [bam[0xA2], bam[0xA3]]
    }

    /// Free blocks, as the directory's last line counts them (track 18 not included).
    pub fn blocks_free(&self) -> u16 {
        let bam = self.sector(DIR_TRACK, 0).expect("every image has track 18");
        (1..=35u8)
            .filter(|&t| t != DIR_TRACK)
            .map(|t| u16::from(bam[4 * usize::from(t)]))
            .sum()
    }

    fn is_free(&self, track: u8, sector: u8) -> bool {
        let bam = self.sector(DIR_TRACK, 0).expect("track 18");
        let e = 4 * usize::from(track) + 1 + usize::from(sector / 8);
        track <= 35 && bam[e] & (1 << (sector % 8)) != 0
    }

    fn allocate(&mut self, track: u8, sector: u8) {
        if !self.is_free(track, sector) {
            return;
        }
        let bam = self.sector_mut(DIR_TRACK, 0).expect("track 18");
        let e = 4 * usize::from(track);
        bam[e + 1 + usize::from(sector / 8)] &= !(1 << (sector % 8));
        bam[e] -= 1;
    }

    /// The first free sector of `track` from `from` on, going round.
    fn free_on(&self, track: u8, from: u8) -> Option<u8> {
        let n = sectors_in(track);
        (0..n)
            .map(|k| (from + k) % n)
            .find(|&s| self.is_free(track, s))
    }

    /// A free sector for a file's next block after `prev`: on the same track `interleave`
    /// sectors on, else on the nearest track to the directory with room.
    fn next_free(&self, prev: Option<(u8, u8)>) -> Option<(u8, u8)> {
        if let Some((t, s)) = prev
            && let Some(s) = self.free_on(t, (s + DATA_INTERLEAVE) % sectors_in(t))
        {
            return Some((t, s));
        }
        (1..DIR_TRACK)
            .flat_map(|d| [DIR_TRACK - d, DIR_TRACK + d])
            .filter(|&t| (1..=35).contains(&t))
            .find_map(|t| self.free_on(t, 0).map(|s| (t, s)))
    }

    /// The directory's entries, in order (empty slots left out).
    pub fn directory(&self) -> Vec<DirEntry> {
        let mut out = Vec::new();
        for (t, s) in self.dir_chain() {
            let sec = self.sector(t, s).expect("in the chain");
            for e in sec.chunks(32) {
                if e[2] == 0 {
                    continue;
                }
                let kind = match e[2] & 7 {
                    0 => FileType::Del,
                    1 => FileType::Seq,
                    2 => FileType::Prg,
                    3 => FileType::Usr,
                    _ => FileType::Rel,
                };
                let name: Vec<u8> = e[5..21]
                    .iter()
                    .copied()
                    .take_while(|&b| b != 0xA0)
                    .collect();
                out.push(DirEntry {
                    name,
                    kind,
                    closed: e[2] & 0x80 != 0,
                    track: e[3],
                    sector: e[4],
                    blocks: u16::from_le_bytes([e[30], e[31]]),
                });
            }
        }
        out
    }

    /// The directory's sectors, 18/1 and on (a loop or a link off the disk ends it).
    fn dir_chain(&self) -> Vec<(u8, u8)> {
        self.chain(DIR_TRACK, 1)
    }

    /// The sectors of the chain starting at `t`/`s`.
    fn chain(&self, mut t: u8, mut s: u8) -> Vec<(u8, u8)> {
        let mut out: Vec<(u8, u8)> = Vec::new();
        while let Some(sec) = self.sector(t, s) {
            if out.contains(&(t, s)) {
                break;
            }
            out.push((t, s));
            if sec[0] == 0 {
                break;
            }
            (t, s) = (sec[0], sec[1]);
        }
        out
    }

    /// The contents of the first closed file whose name matches `pattern` (`*` matches
    /// the rest of a name, `?` any one character), as LOAD reads them.
    pub fn read_file(&self, pattern: &[u8]) -> Option<Vec<u8>> {
        let e = self
            .directory()
            .into_iter()
            .find(|e| e.closed && e.kind != FileType::Del && matches(pattern, &e.name))?;
        let mut out = Vec::new();
        for (t, s) in self.chain(e.track, e.sector) {
            let sec = self.sector(t, s).expect("in the chain");
            let end = if sec[0] == 0 {
                usize::from(sec[1]).clamp(1, 255) + 1
            } else {
                256
            };
            out.extend_from_slice(&sec[2..end.max(2)]);
        }
        Some(out)
    }

    /// Write `contents` as a new closed file `name` of `kind` (as SAVE does for PRG), or say
    /// why not. On failure the disk is unchanged.
    pub fn write_file(
        &mut self,
        name: &[u8],
        kind: FileType,
        contents: &[u8],
    ) -> Result<(), String> {
        let mut disk = self.clone();
        let chunks: Vec<&[u8]> = if contents.is_empty() {
            vec![&[][..]]
        } else {
            contents.chunks(254).collect()
        };
        let mut places = Vec::with_capacity(chunks.len());
        let mut prev = None;
        for _ in &chunks {
            let at = disk.next_free(prev).ok_or("72, DISK FULL")?;
            disk.allocate(at.0, at.1);
            places.push(at);
            prev = Some(at);
        }
        for (i, chunk) in chunks.iter().enumerate() {
            let (t, s) = places[i];
            let sec = disk.sector_mut(t, s).expect("allocated");
            sec.fill(0);
            match places.get(i + 1) {
                Some(&(nt, ns)) => sec[..2].copy_from_slice(&[nt, ns]),
                None => sec[..2].copy_from_slice(&[0, chunk.len() as u8 + 1]),
            }
            sec[2..2 + chunk.len()].copy_from_slice(chunk);
        }
        let (slot_t, slot_s, slot) = disk.free_entry()?;
        let kind_byte = 0x80
            | match kind {
                FileType::Del => 0,
                FileType::Seq => 1,
                FileType::Prg => 2,
                FileType::Usr => 3,
                FileType::Rel => 4,
            };
        let sec = disk.sector_mut(slot_t, slot_s).expect("directory sector");
        let e = &mut sec[slot * 32..slot * 32 + 32];
        e[2..].fill(0);
        e[2] = kind_byte;
        e[3] = places[0].0;
        e[4] = places[0].1;
        e[5..21].fill(0xA0);
        let len = name.len().min(16);
        e[5..5 + len].copy_from_slice(&name[..len]);
        e[30..32].copy_from_slice(&(places.len() as u16).to_le_bytes());
        *self = disk;
        Ok(())
    }

    /// An empty directory slot (sector and index), adding a directory sector if all are full.
    fn free_entry(&mut self) -> Result<(u8, u8, usize), String> {
        let chain = self.dir_chain();
        for &(t, s) in &chain {
            let sec = self.sector(t, s).expect("in the chain");
            if let Some(i) = (0..8).find(|&i| sec[i * 32 + 2] == 0) {
                return Ok((t, s, i));
            }
        }
        let &(lt, ls) = chain.last().expect("18/1 at least");
        let s = self
            .free_on(DIR_TRACK, (ls + DIR_INTERLEAVE) % sectors_in(DIR_TRACK))
            .ok_or("72, DISK FULL")?;
        self.allocate(DIR_TRACK, s);
        self.sector_mut(lt, ls).expect("in the chain")[..2].copy_from_slice(&[DIR_TRACK, s]);
        let sec = self.sector_mut(DIR_TRACK, s).expect("track 18");
        sec.fill(0);
        sec[1] = 0xFF;
        Ok((DIR_TRACK, s, 0))
    }
}

/// Whether `name` matches a DOS file pattern.
pub fn matches(pattern: &[u8], name: &[u8]) -> bool {
    for (i, &p) in pattern.iter().enumerate() {
        match p {
            b'*' => return true,
            b'?' if i < name.len() => {}
            _ if name.get(i) == Some(&p) => {}
            _ => return false,
        }
    }
    pattern.len() == name.len()
}
