//! Save states: the whole machine (CPU, RAM, colour RAM, the chips, the picture, the
//! expansion port's device with its ROM and RAM) in a
//! versioned file, to be loaded and run on from exactly where it was saved.
//!
//! Format: the magic `BREADBIN STATE\n`, the format version (u32, little-endian), a
//! checksum of the ROM set the machine ran (u64: FNV-1a over KERNAL, BASIC and character
//! ROM, and the 1541's DOS when there is one), a checksum of the rest (u64, FNV-1a), then the machine in serde's data model as
//! bincode (fixed-width little-endian integers). The machine is saved with every chip
//! brought up to the current cycle (the drive too, with its disk as written); loaded, each
//! chip's next cycle is a full one. The ROMs themselves are not in the file: a state loads onto the same ROM set
//! only. A file that is not a state, is of another format version or ROM set, or is
//! truncated or damaged is refused with one line, and the running machine is untouched.
//!
//! Its place among the layers: ARCHITECTURE.md.

use crate::c64::C64;
use crate::c64::roms::Roms;
use crate::host::output::PendingFile;
use crate::media::fnv1a;
use bincode::Options;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 15] = b"BREADBIN STATE\n";
/// Raised whenever the layout of any saved chip changes.
pub const STATE_VERSION: u32 = 22;
/// More than any machine state needs (about 170 KB, and up to 17 MB more with a 16 MB REU
/// in the port): a damaged length cannot make the loader allocate without bound.
const MAX_STATE_BYTES: u64 = 32 << 20;

/// Why a state could not be saved or loaded; names the file.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    #[error("{path}: {message}")]
    Bad { path: PathBuf, message: String },
    #[error("{path}: cannot read: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Write(#[from] crate::host::output::OutputError),
}

/// Which ROM set a state belongs to: FNV-1a over the KERNAL, BASIC and character ROMs.
pub fn rom_checksum(roms: &Roms) -> u64 {
    let dos = roms.dos.as_deref().map_or(&[][..], |d| &d[..]);
    fnv1a(&[&roms.kernal[..], &roms.basic[..], &roms.chargen[..], dos])
}

fn codec() -> impl Options {
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .with_little_endian()
        .with_limit(MAX_STATE_BYTES)
        .reject_trailing_bytes()
}

/// The machine as the bytes of a state file.
pub fn to_bytes(c64: &C64) -> Vec<u8> {
    let mut c = c64.clone();
    c.sync();
    let payload = codec().serialize(&c).expect("a machine always serializes");
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&STATE_VERSION.to_le_bytes());
    out.extend_from_slice(&rom_checksum(c.roms()).to_le_bytes());
    out.extend_from_slice(&fnv1a(&[&payload]).to_le_bytes());
    out.extend(payload);
    out
}

/// Magic, version, ROM checksum, payload checksum.
const HEADER: usize = 15 + 4 + 8 + 8;

/// A machine from the bytes of a state file, running on `roms` (which must be the set it
/// was saved with); `path` names the file in errors.
pub fn from_bytes(bytes: &[u8], roms: &Roms, path: &Path) -> Result<C64, StateError> {
    let bad = |message: String| StateError::Bad {
        path: path.to_path_buf(),
        message,
    };
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(bad("not a breadbin save state".into()));
    }
    if bytes.len() < HEADER {
        return Err(bad("truncated save state (no header)".into()));
    }
    let version = u32::from_le_bytes(bytes[15..19].try_into().expect("4 bytes"));
    if version != STATE_VERSION {
        return Err(bad(format!(
            "a save state of format version {version}; this breadbin reads version {STATE_VERSION}"
        )));
    }
    let sum = u64::from_le_bytes(bytes[19..27].try_into().expect("8 bytes"));
    let ours = rom_checksum(roms);
    if sum != ours {
        return Err(bad(format!(
            "saved with another ROM set (checksum {sum:016X}; these ROMs are {ours:016X})"
        )));
    }
    let sum = u64::from_le_bytes(bytes[27..35].try_into().expect("8 bytes"));
    let payload = &bytes[HEADER..];
    if fnv1a(&[payload]) != sum {
        return Err(bad(
            "damaged or truncated save state (its checksum does not match)".into(),
        ));
    }
    let c64: C64 = codec()
        .deserialize(payload)
        .map_err(|e| bad(format!("truncated or damaged save state ({e})")))?;
    c64.restored(roms).map_err(bad)
}

/// Save the machine to `path` (written under a temporary name, renamed when complete).
pub fn save(c64: &C64, path: &Path) -> Result<(), StateError> {
    let mut f = PendingFile::create(path)?;
    f.write_all(&to_bytes(c64))?;
    f.commit()?;
    Ok(())
}

/// Load a machine from `path`, running on `roms`.
pub fn load(path: &Path, roms: &Roms) -> Result<C64, StateError> {
    let bytes = std::fs::read(path).map_err(|source| StateError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    from_bytes(&bytes, roms, path)
}
