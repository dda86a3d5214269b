//! D64 images: a 1541 disk's sectors, 256 bytes each, in track order; 35, 40 or 42 tracks,
//! with or without one error byte a sector after them.
//!
//! Facts (`../shared/notes/drive-1541.md`, section 5): the sectors a track holds by zone
//! (21, 19, 18, 17); the image sizes.
//!
//! This file holds the sectors; the file system on them (BAM, directory, files) is
//! [`super::fs`].

/// The directory track.
pub const DIR_TRACK: u8 = 18;

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

    /// A disk of `tracks` tracks (35, 40 or 42) of zero bytes, without error bytes: no
    /// file system yet (see [`D64::format`]).
    pub fn blank(tracks: u8) -> D64 {
        assert!(
            matches!(tracks, 35 | 40 | 42),
            "a D64 has 35, 40 or 42 tracks"
        );
        D64 {
            tracks,
            data: vec![0; first_block(tracks + 1) * 256],
            errors: None,
        }
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

    /// Whether the disk has sector `sector` of track `track`.
    pub fn has_block(&self, track: u8, sector: u8) -> bool {
        self.block(track, sector).is_some()
    }

    /// Blocks on the disk (683 for 35 tracks).
    pub fn block_count(&self) -> usize {
        first_block(self.tracks + 1)
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
}
