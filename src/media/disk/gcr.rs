//! GCR, the 1541's recording code: every 4 bits are written as 5, so that the disk never
//! holds more than two 0 bits in a row, and a run of ten or more 1 bits (a SYNC mark) cannot
//! occur inside data. A track is a ring of sectors, each a header block and a data block,
//! each after its own SYNC.
//!
//! Facts (`../shared/notes/drive-1541.md`, section 5): the 5-bit codes of the 16 nybbles; the
//! header block (block ID $08, checksum, sector, track, the disk ID's second and first byte,
//! two $0F) and the data block (block ID $07, 256 bytes, their XOR, two $00), encoded 4 bytes
//! to 5; a SYNC of five $FF bytes; the gap of 9 bytes after a header and, after a data block,
//! of 8, 17, 12 or 9 bytes by speed zone; 7692, 7142, 6666 or 6250 bytes a track by zone.

/// The 5-bit code of each nybble.
const CODE: [u8; 16] = [
    0x0A, 0x0B, 0x12, 0x13, 0x0E, 0x0F, 0x16, 0x17, 0x09, 0x19, 0x1A, 0x1B, 0x0D, 0x1D, 0x1E, 0x15,
];

/// The nybble of each 5-bit code, or `None` for a code GCR never writes.
fn nybble(code: u8) -> Option<u8> {
    CODE.iter().position(|&c| c == code).map(|n| n as u8)
}

/// Encode bytes (a multiple of 4) as GCR, 4 bytes to 5.
pub fn encode(bytes: &[u8]) -> Vec<u8> {
    debug_assert!(bytes.len().is_multiple_of(4));
    let mut out = Vec::with_capacity(bytes.len() / 4 * 5);
    for group in bytes.chunks(4) {
        let mut bits: u64 = 0;
        for &b in group {
            bits = (bits << 10)
                | (u64::from(CODE[usize::from(b >> 4)]) << 5)
                | u64::from(CODE[usize::from(b & 0x0F)]);
        }
        out.extend_from_slice(&bits.to_be_bytes()[3..]);
    }
    out
}

/// Decode GCR (a multiple of 5 bytes) to bytes, 5 to 4; `None` if a code is not GCR.
pub fn decode(gcr: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(gcr.len() / 5 * 4);
    for group in gcr.chunks(5) {
        if group.len() < 5 {
            return None;
        }
        let mut five = [0u8; 8];
        five[3..].copy_from_slice(group);
        let bits = u64::from_be_bytes(five);
        for i in (0..4).rev() {
            let hi = nybble(((bits >> (i * 10 + 5)) & 0x1F) as u8)?;
            let lo = nybble(((bits >> (i * 10)) & 0x1F) as u8)?;
            out.push((hi << 4) | lo);
        }
    }
    Some(out)
}

/// The speed zone of a track (3 for tracks 1-17, the fastest, down to 0 from track 31).
pub fn zone(track: u8) -> usize {
    usize::from(track < 31) + usize::from(track < 25) + usize::from(track < 18)
}

/// GCR bytes a track holds, by zone.
pub const TRACK_BYTES: [usize; 4] = [6250, 6666, 7142, 7692];
/// The gap after a data block, by zone.
const DATA_GAP: [usize; 4] = [9, 12, 17, 8];
const HEADER_GAP: usize = 9;
const SYNC: usize = 5;
const GAP_BYTE: u8 = 0x55;

/// What a sector's error byte in a D64 asks the track to show (the DOS error it reads as).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Damage {
    None,
    /// 20: the header block is not found (its block ID is wrong).
    NoHeader,
    /// 21: no SYNC mark before the sector.
    NoSync,
    /// 22: the data block is not found (its block ID is wrong).
    NoData,
    /// 23: the data block's checksum is wrong.
    DataChecksum,
    /// 27: the header's checksum is wrong.
    HeaderChecksum,
    /// 29: the header carries another disk ID.
    IdMismatch,
}

impl Damage {
    /// The damage a D64 error byte stands for (1 and 0 are no error; codes without a
    /// recording of their own read as no error).
    pub fn of_error_byte(b: u8) -> Damage {
        match b {
            2 => Damage::NoHeader,
            3 => Damage::NoSync,
            4 => Damage::NoData,
            5 => Damage::DataChecksum,
            9 => Damage::HeaderChecksum,
            11 => Damage::IdMismatch,
            _ => Damage::None,
        }
    }
}

/// One sector as recorded: SYNC, header, gap, SYNC, data, gap (`data_gap` bytes).
fn sector(out: &mut Vec<u8>, t: u8, s: u8, id: [u8; 2], data: &[u8; 256], damage: Damage) {
    let sync = if damage == Damage::NoSync {
        GAP_BYTE
    } else {
        0xFF
    };
    let id = if damage == Damage::IdMismatch {
        [id[0] ^ 0xFF, id[1]]
    } else {
        id
    };
    let mut check = s ^ t ^ id[1] ^ id[0];
    if damage == Damage::HeaderChecksum {
        check ^= 0xFF;
    }
    let block_id = if damage == Damage::NoHeader {
        0x00
    } else {
        0x08
    };
    out.extend(std::iter::repeat_n(sync, SYNC));
    out.extend(encode(&[block_id, check, s, t, id[1], id[0], 0x0F, 0x0F]));
    out.extend(std::iter::repeat_n(GAP_BYTE, HEADER_GAP));
    out.extend(std::iter::repeat_n(sync, SYNC));
    let mut block = Vec::with_capacity(260);
    block.push(if damage == Damage::NoData { 0x00 } else { 0x07 });
    block.extend_from_slice(data);
    let mut sum = data.iter().fold(0, |a, &b| a ^ b);
    if damage == Damage::DataChecksum {
        sum ^= 0xFF;
    }
    block.extend([sum, 0, 0]);
    out.extend(encode(&block));
}

/// A track as recorded from its sectors (in order 0, 1, ...) and their damage, filled with
/// gap bytes to the zone's length.
pub fn track(t: u8, id: [u8; 2], sectors: &[(&[u8; 256], Damage)]) -> Vec<u8> {
    let z = zone(t);
    let mut out = Vec::with_capacity(TRACK_BYTES[z]);
    for (s, (data, damage)) in sectors.iter().enumerate() {
        sector(&mut out, t, s as u8, id, data, *damage);
        out.extend(std::iter::repeat_n(GAP_BYTE, DATA_GAP[z]));
    }
    debug_assert!(out.len() <= TRACK_BYTES[z], "track {t} overfull");
    out.resize(TRACK_BYTES[z].max(out.len()), GAP_BYTE);
    out
}

/// The sectors found on a recorded track: (sector number, its 256 bytes) for each header
/// of track `t` whose next block is a readable data block with a good checksum. Blocks are
/// found after SYNC marks (ten 1 bits or more: data never holds ten in a row) at any bit of
/// the track, as a drive that starts writing wherever the head is leaves them. The track is
/// a ring: a sector may run over its end.
pub fn sectors(t: u8, gcr: &[u8]) -> Vec<(u8, [u8; 256])> {
    let n = gcr.len() * 8;
    if n == 0 {
        return Vec::new();
    }
    let bit = |i: usize| {
        let i = i % n;
        (gcr[i / 8] >> (7 - i % 8)) & 1
    };
    // The first 0 bit after each run of ten or more 1 bits (twice round, for the run that
    // crosses the track's end).
    let mut syncs = Vec::new();
    let mut ones = 0;
    for i in 0..2 * n {
        if bit(i) == 1 {
            ones += 1;
        } else {
            if ones >= 10 && i >= n {
                syncs.push(i - n);
            }
            ones = 0;
        }
    }
    let block = |p: usize, len: usize| -> Vec<u8> {
        (0..len)
            .map(|k| (0..8).fold(0, |a, b| a << 1 | bit(p + 8 * k + b)))
            .collect()
    };
    let mut found = Vec::new();
    for (k, &p) in syncs.iter().enumerate() {
        let Some(h) = decode(&block(p, 10)) else {
            continue;
        };
        if h[0] != 0x08 || h[3] != t || h[1] != h[2] ^ h[3] ^ h[4] ^ h[5] {
            continue;
        }
        let q = syncs[(k + 1) % syncs.len()];
        let Some(d) = decode(&block(q, 325)) else {
            continue;
        };
        let data: [u8; 256] = d[1..257].try_into().expect("256 bytes");
        if d[0] == 0x07 && data.iter().fold(0, |a, &b| a ^ b) == d[257] {
            found.push((h[2], data));
        }
    }
    found
}
