//! G64 images: the GCR bits of each half-track as a drive would find them, for disks a D64
//! cannot describe (copy protections, odd track lengths, data on half-tracks).
//!
//! Facts (`../shared/notes/drive-1541.md`, section 5): the signature `GCR-1541`, version 0,
//! the number of half-tracks (84) at offset 9, the largest track size (little-endian) at 10;
//! then a 4-byte file offset for each half-track from track 1 (0: nothing recorded), then a
//! 4-byte speed zone (0-3) or speed-table offset for each; a track is its length in bytes
//! (2 bytes, little-endian) and its bytes.

/// A G64 disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct G64 {
    /// GCR bytes of each half-track (index 0 = track 1); empty where nothing is recorded.
    pub tracks: Vec<Vec<u8>>,
    /// The speed zone each half-track was recorded at.
    pub speeds: Vec<u32>,
    /// The largest track the image has room for.
    pub max_track: u16,
}

const SIGNATURE: &[u8; 8] = b"GCR-1541";

impl G64 {
    /// Read an image, or say what is wrong with it (with the byte offset).
    pub fn parse(bytes: &[u8]) -> Result<G64, String> {
        if bytes.len() < 12 || &bytes[..8] != SIGNATURE {
            return Err("not a G64 image: it does not start with GCR-1541".into());
        }
        if bytes[8] != 0 {
            return Err(format!(
                "G64 version {} (offset 8): only version 0 is known",
                bytes[8]
            ));
        }
        let count = usize::from(bytes[9]);
        if count == 0 || count > 84 {
            return Err(format!("{count} half-tracks (offset 9): a G64 has 1 to 84"));
        }
        let max_track = u16::from_le_bytes([bytes[10], bytes[11]]);
        let table_end = 12 + count * 8;
        if bytes.len() < table_end {
            return Err(format!(
                "{}: too short for the tables of {count} half-tracks ({table_end} bytes)",
                crate::basic::bytes(bytes.len())
            ));
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let mut tracks = vec![Vec::new(); 84];
        let mut speeds = vec![0; 84];
        for i in 0..count {
            let entry = 12 + i * 4;
            let offset = word(entry) as usize;
            speeds[i] = word(12 + count * 4 + i * 4);
            if offset == 0 {
                continue;
            }
            if offset < table_end || offset + 2 > bytes.len() {
                return Err(format!(
                    "half-track {} (offset {entry}): its data offset {offset} is outside the file",
                    i + 2
                ));
            }
            let len = usize::from(u16::from_le_bytes([bytes[offset], bytes[offset + 1]]));
            if len == 0 || offset + 2 + len > bytes.len() {
                return Err(format!(
                    "half-track {} (offset {offset}): {} do not fit in the file",
                    i + 2,
                    crate::basic::bytes(len)
                ));
            }
            tracks[i] = bytes[offset + 2..offset + 2 + len].to_vec();
        }
        Ok(G64 {
            tracks,
            speeds,
            max_track,
        })
    }

    /// The image's bytes: the same layout, each track in a slot of the largest size.
    pub fn to_bytes(&self) -> Vec<u8> {
        let count = self.tracks.len();
        let max = self
            .tracks
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
            .max(usize::from(self.max_track));
        let mut out = SIGNATURE.to_vec();
        out.push(0);
        out.push(count as u8);
        out.extend((max as u16).to_le_bytes());
        let table_end = 12 + count * 8;
        let mut next = table_end;
        let mut data = Vec::new();
        for t in &self.tracks {
            if t.is_empty() {
                out.extend(0u32.to_le_bytes());
            } else {
                out.extend((next as u32).to_le_bytes());
                data.extend((t.len() as u16).to_le_bytes());
                data.extend(t);
                data.resize(data.len() + max - t.len(), 0xFF);
                next += 2 + max;
            }
        }
        for s in &self.speeds {
            out.extend(s.to_le_bytes());
        }
        out.extend(data);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image() -> G64 {
        let mut tracks = vec![Vec::new(); 84];
        tracks[0] = vec![0x55; 7692];
        tracks[35] = vec![0xFF, 0x52, 0x00];
        G64 {
            tracks,
            speeds: vec![3; 84],
            max_track: 7928,
        }
    }

    #[test]
    fn an_image_reads_back_as_written() {
        let g = image();
        assert_eq!(G64::parse(&g.to_bytes()).unwrap(), g);
    }

    #[test]
    fn bad_images_are_refused_with_the_offset() {
        assert!(
            G64::parse(b"GCR-1540\0\x54")
                .unwrap_err()
                .contains("GCR-1541")
        );
        let mut b = image().to_bytes();
        b[12..16].copy_from_slice(&9_000_000u32.to_le_bytes());
        let e = G64::parse(&b).unwrap_err();
        assert!(e.contains("half-track 2 (offset 12)"), "{e}");
        let b = image().to_bytes();
        let e = G64::parse(&b[..100]).unwrap_err();
        assert!(e.contains("too short"), "{e}");
    }
}
