//! The 1541's file system on a D64: the BAM, the directory, files chained block to block,
//! relative (REL) files with their side sectors, and the checks and repairs of a disk. One
//! implementation, used by `breadbin disk`, the test bench and the tests.
//!
//! Facts (`../shared/notes/drive-1541.md`, section 5; the 1541-II User's Guide on the BAM,
//! the directory and relative files):
//!
//! - The BAM at 18/0: $00-$01 the first directory sector (18/1), $02 'A', $04-$8F four bytes
//!   a track for tracks 1-35 (free count, then a 3-byte bitmap, bit set = free, sector 0 =
//!   bit 0 of the first byte), $90-$9F the disk name padded with $A0, $A0-$A1 $A0, $A2-$A3
//!   the ID, $A4 $A0, $A5-$A6 "2A", $A7-$AA $A0, the rest 0.
//! - The directory: sectors chained from 18/1, eight 32-byte entries a sector; an entry's
//!   +2 type ($80 closed, $40 locked; low bits 0 DEL 1 SEQ 2 PRG 3 USR 4 REL, 0 itself an
//!   empty slot), +3/+4 first block, +5..+20 the name padded with $A0, +21/+22 a REL file's
//!   first side sector, +23 its record length, +30/+31 the size in blocks. A new directory
//!   sector goes on track 18, three sectors on from the last one; the last one's link is
//!   00 FF.
//! - Files: blocks linked by their bytes 0-1; the last block's are 0 and the index of its
//!   last used byte. A file's first block goes on the track nearest 18 with a free block
//!   (17, 19, 16, 20, ...; never 18), its next ones ten sectors on (the next free one at or
//!   after that, round the track), then on the next track outward.
//! - REL files: up to six side sectors, each the next side sector's T/S, its number, the
//!   record length, the T/S of all six side sectors, then T/S pointers to 120 data blocks;
//!   records of a fixed length run on from block to block.
//!
//! Tracks 36-42 of a larger image: the BAM has no room for them, so breadbin never puts a
//! file there and does not count them among the blocks free (a 1541 does the same); a chain
//! that runs onto them is followed, as the drive would read it.

mod bam;
mod chain;
mod check;
mod dir;
mod file;
mod rel;
mod validate;

pub use check::Problem;
pub use dir::{DirEntry, FileType, Header};
pub use validate::Validated;

/// Tracks the BAM describes.
pub const BAM_TRACKS: u8 = 35;

/// Why the file system could not do something: the block at fault, when there is one, and
/// what is wrong. Shown as `block 18/1: directory chain loops`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FsError {
    pub block: Option<(u8, u8)>,
    pub message: String,
}

impl FsError {
    pub(crate) fn at(block: (u8, u8), message: impl Into<String>) -> FsError {
        FsError {
            block: Some(block),
            message: message.into(),
        }
    }

    pub(crate) fn new(message: impl Into<String>) -> FsError {
        FsError {
            block: None,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for FsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.block {
            Some((t, s)) => write!(f, "block {t}/{s}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for FsError {}

/// Whether `name` matches a DOS file pattern: `*` matches the rest of a name, `?` any one
/// character.
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

/// A PETSCII name as text: the printable codes $20-$5B and $5D as themselves (the letters
/// $41-$5A, upper case on the C64's power-on screen, as `A`-`Z`), £ ↑ ← π ($5C $5E $5F $FF)
/// as `\` `^` `_` `~` (as breadbin's BASIC text writes them), the shifted space $A0 as a
/// space, and every other code as `{$xx}`.
pub fn name_text(petscii: &[u8]) -> String {
    let mut out = String::new();
    for &b in petscii {
        match b {
            0x5C => out.push('\\'),
            0x5E => out.push('^'),
            0x5F => out.push('_'),
            0xFF => out.push('~'),
            _ => match crate::basic::petscii::petscii_to_char(b) {
                Some(c) => out.push(c),
                None => out.push_str(&format!("{{${b:02X}}}")),
            },
        }
    }
    out
}

/// The directory header's bytes as the listing shows them: as [`name_text`], but the
/// shifted spaces ($A0) that pad the disk name and stand between ID and DOS type as spaces.
pub fn header_text(petscii: &[u8]) -> String {
    let plain: Vec<u8> = petscii
        .iter()
        .map(|&b| if b == 0xA0 { b' ' } else { b })
        .collect();
    name_text(&plain)
}

/// Text as a PETSCII name, the other way round from [`name_text`]: letters of either case
/// become $41-$5A, `{$xx}` is the code xx, and the other characters are read as breadbin's
/// BASIC text reads them (`\` or `£` $5C, `^` or `↑` $5E, `_` or `←` $5F, `~` or `π` $FF).
/// An error names the first character that has no PETSCII code.
pub fn name_bytes(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(hex) = rest.strip_prefix("{$")
            && let Some(end) = hex.find('}')
            && end <= 2
            && let Ok(b) = u8::from_str_radix(&hex[..end], 16)
        {
            out.push(b);
            rest = &hex[end + 1..];
            continue;
        }
        let b = crate::basic::petscii::char_to_petscii(c)
            .ok_or_else(|| format!("{c:?} has no PETSCII code (write {{$xx}} for the code xx)"))?;
        out.push(b);
        rest = &rest[c.len_utf8()..];
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
