//! Programs as files: the formats breadbin loads, and the one [`Program`] type every caller
//! (the headless runner, the window, the profiler, the test bench, tests) uses.
//!
//! - [`prg`]: PRG images (two bytes of load address, then the data), checked to fit memory.
//! - BASIC text (`.bas`, breadbin's format, see [`crate::basic`]): tokenized on loading; its
//!   label map goes with the program, so that tools can speak in labels.
//!
//! - [`disk`]: 1541 disk images (D64) and their GCR recording.
//!
//! Its place among the layers: ARCHITECTURE.md.

pub mod crt;
pub mod disk;
pub(crate) mod prg;
pub mod t64;

pub use prg::Prg;

use crate::basic::{self, LabelMap};
use std::path::{Path, PathBuf};

/// FNV-1a, 64 bits, over `parts` in turn: the checksums of save states and of the
/// cartridge image a device was made from.
pub fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for part in parts {
        for &b in *part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01B3);
        }
    }
    h
}

/// Why a program could not be loaded: each names the file.
#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("{path}: {message}")]
    Program { path: PathBuf, message: String },
    #[error("{path}: cannot read: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Basic(#[from] basic::BasicError),
}

impl MediaError {
    pub(crate) fn program(path: &Path, message: impl Into<String>) -> Self {
        MediaError::Program {
            path: path.to_path_buf(),
            message: message.into(),
        }
    }
}

/// What a program file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgramKind {
    /// A PRG: two bytes of load address, then the bytes to load.
    Prg,
    /// BASIC text in breadbin's format, tokenized before it is loaded.
    Bas,
    /// A T64 tape archive: one of its programs (the first unless named).
    T64,
}

impl ProgramKind {
    /// The kind a file name's extension (`.prg`, `.bas`, any case) says, if any.
    pub fn of_path(path: &Path) -> Option<ProgramKind> {
        let ext = path.extension()?.to_str()?;
        if ext.eq_ignore_ascii_case("prg") {
            Some(ProgramKind::Prg)
        } else if ext.eq_ignore_ascii_case("bas") {
            Some(ProgramKind::Bas)
        } else if ext.eq_ignore_ascii_case("t64") {
            Some(ProgramKind::T64)
        } else {
            None
        }
    }
}

/// A program to put into memory: its bytes at their load address, its name for messages
/// and titles, and, for BASIC text, its labels.
#[derive(Debug, Clone)]
pub struct Program {
    /// As given: the file's path, or the name of a built-in program.
    pub name: String,
    pub prg: Prg,
    /// The labels of BASIC text (empty for a PRG).
    pub labels: LabelMap,
}

impl Program {
    /// Load a `.prg`, or tokenize a `.bas`, as the file name's extension says.
    pub fn from_file(path: &Path) -> Result<Program, MediaError> {
        Program::from_file_as(path, None)
    }

    /// Load a program file as `kind` says, or (`None`) as its extension says; a file that
    /// is neither `.prg` nor `.bas` needs `kind`.
    pub fn from_file_as(path: &Path, kind: Option<ProgramKind>) -> Result<Program, MediaError> {
        Program::from_file_entry(path, kind, None)
    }

    /// The same, with the entry of a T64 archive named `entry` (its first without one).
    pub fn from_file_entry(
        path: &Path,
        kind: Option<ProgramKind>,
        entry: Option<&str>,
    ) -> Result<Program, MediaError> {
        let kind = kind.or_else(|| ProgramKind::of_path(path)).ok_or_else(|| {
            MediaError::program(
                path,
                "not a program file: breadbin runs .prg, .bas and .t64 files \
                 (--prg or --bas says what another file is)",
            )
        })?;
        let bytes = std::fs::read(path).map_err(|source| MediaError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let name = path.display().to_string();
        if entry.is_some() && kind != ProgramKind::T64 {
            return Err(MediaError::program(
                path,
                "--entry names a program of a T64 archive, and this is none",
            ));
        }
        match kind {
            ProgramKind::T64 => {
                let tape = t64::T64::parse(&bytes).map_err(|e| MediaError::program(path, e))?;
                let e = tape
                    .entry(entry)
                    .map_err(|e| MediaError::program(path, e))?;
                let mut image = e.load.to_le_bytes().to_vec();
                image.extend_from_slice(&e.data);
                Ok(Program {
                    prg: Prg::parse(&image, path)?,
                    name,
                    labels: LabelMap::default(),
                })
            }
            ProgramKind::Prg => Ok(Program {
                prg: Prg::parse(&bytes, path)?,
                name,
                labels: LabelMap::default(),
            }),
            ProgramKind::Bas => {
                let text = String::from_utf8(bytes).map_err(|e| {
                    MediaError::program(
                        path,
                        format!("not UTF-8 text at byte {}", e.utf8_error().valid_up_to()),
                    )
                })?;
                Program::from_basic_at(&name, &text, path)
            }
        }
    }

    /// Tokenize BASIC text (e.g. a built-in game); `name` names it in messages.
    pub fn from_basic(name: &str, source: &str) -> Result<Program, MediaError> {
        Program::from_basic_at(name, source, Path::new(name))
    }

    fn from_basic_at(name: &str, source: &str, path: &Path) -> Result<Program, MediaError> {
        let t = basic::tokenize(source, name)?;
        // The load address, then only the end marker: no lines at all.
        if t.prg.len() <= 4 {
            return Err(MediaError::program(path, "holds no BASIC lines"));
        }
        Ok(Program {
            name: name.to_string(),
            prg: Prg::parse(&t.prg, path)?,
            labels: t.labels,
        })
    }

    /// The last part of the name (the file name of a path), for titles.
    pub fn short_name(&self) -> &str {
        Path::new(&self.name)
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or(&self.name)
    }
}
