//! Following a chain of blocks (a file's data, the directory, side sectors) by the links
//! in their first two bytes, stopping with the block at fault at a link off the disk, a
//! loop, a short last block or a sector the image marks unreadable.

use super::FsError;
use crate::media::disk::d64::D64;
use crate::media::disk::gcr::Damage;
use std::collections::HashSet;

/// A chain as far as it could be followed, and why it stopped early, if it did.
pub(crate) struct Walk {
    pub(crate) blocks: Vec<(u8, u8)>,
    pub(crate) error: Option<FsError>,
}

impl Walk {
    pub(crate) fn result(self) -> Result<Vec<(u8, u8)>, FsError> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.blocks),
        }
    }
}

/// What a chain holds, for the checks that differ.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Data: the last block's byte 1 is the index of its last byte, 2 at least.
    Data,
    /// Directory sectors: the last one's byte 1 is $FF by custom, not checked.
    Directory,
}

/// Follow the chain from `start`; `what` names it in errors ("file \"GAME\"").
pub(crate) fn walk(d: &D64, start: (u8, u8), what: &str, kind: Kind) -> Walk {
    let mut blocks = Vec::new();
    let mut seen = HashSet::new();
    let mut at = start;
    let mut from: Option<(u8, u8)> = None;
    let error = loop {
        let Some(sec) = d.sector(at.0, at.1) else {
            break Some(match from {
                Some(f) => FsError::at(
                    f,
                    format!("{what} links to {}/{}, off the disk", at.0, at.1),
                ),
                None => FsError::new(format!("{what} starts at {}/{}, off the disk", at.0, at.1)),
            });
        };
        if !seen.insert(at) {
            let f = from.expect("the first block is new");
            break Some(FsError::at(
                f,
                format!("{what} chain loops (links back to {}/{})", at.0, at.1),
            ));
        }
        let damage = Damage::of_error_byte(d.error_byte(at.0, at.1));
        if damage != Damage::None {
            break Some(FsError::at(
                at,
                format!(
                    "{what}: the sector cannot be read (error byte {})",
                    d.error_byte(at.0, at.1)
                ),
            ));
        }
        blocks.push(at);
        if sec[0] == 0 {
            if kind == Kind::Data && sec[1] < 2 {
                break Some(FsError::at(
                    at,
                    format!(
                        "{what} ends with last-byte index {} (a last block holds bytes 2 up to it)",
                        sec[1]
                    ),
                ));
            }
            break None;
        }
        from = Some(at);
        at = (sec[0], sec[1]);
    };
    Walk { blocks, error }
}

/// The data bytes of the blocks of a chain that [`walk`] followed without error.
pub(crate) fn data(d: &D64, blocks: &[(u8, u8)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(blocks.len() * 254);
    for &(t, s) in blocks {
        let sec = d.sector(t, s).expect("a block of the chain");
        let end = if sec[0] == 0 {
            usize::from(sec[1]).max(1) + 1
        } else {
            256
        };
        out.extend_from_slice(&sec[2..end]);
    }
    out
}
