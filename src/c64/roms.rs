//! ROM sets: breadbin's embedded open ROMs, or genuine images loaded from a folder.
//!
//! Genuine images are looked up by their usual file names (VICE's and the chip part
//! numbers'): `kernal-901227-03.bin`, `kernal.901227-03.bin`, `kernal`, `kernal.rom`, and
//! likewise for `basic` (901226-01) and `chargen`/`characters` (901225-01). Sizes must be
//! 8192, 8192 and 4096 bytes.
//!
//! The folder may also hold a 1541's DOS (16384 bytes, e.g. VICE's `dos1541ii-251968-03.bin`,
//! or the two 8 KiB halves `1541-c000.325302-01.bin` and `1541-e000.901229-05.bin`). With one,
//! the machine has a drive 8; without, it has none.

use std::path::{Path, PathBuf};

/// The three ROM images a C64 needs.
#[derive(Clone)]
pub struct Roms {
    pub basic: Box<[u8; 0x2000]>,
    pub kernal: Box<[u8; 0x2000]>,
    pub chargen: Box<[u8; 0x1000]>,
    /// A 1541's DOS, when there is one: the machine then has a drive 8.
    pub dos: Option<Box<[u8; 0x4000]>>,
    /// Where they came from, for messages.
    pub source: RomSource,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RomSource {
    Open,
    Folder(PathBuf),
}

/// Why a ROM folder could not be used.
#[derive(Debug, thiserror::Error)]
pub enum RomError {
    #[error("{dir}: not a readable folder: {source}")]
    Folder {
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error("{dir}: no {what} ROM image (looked for {names})")]
    Missing {
        dir: PathBuf,
        what: &'static str,
        names: String,
    },
    #[error("{path}: {what} ROM must be {expected} bytes, this file has {actual}")]
    WrongSize {
        path: PathBuf,
        what: &'static str,
        expected: usize,
        actual: u64,
    },
    #[error("{path}: cannot read: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
}

static OPEN_BASIC: &[u8; 0x2000] = include_bytes!("../../roms/basic.bin");
static OPEN_KERNAL: &[u8; 0x2000] = include_bytes!("../../roms/kernal.bin");
static OPEN_CHARGEN: &[u8; 0x1000] = include_bytes!("../../roms/chargen.bin");
static OPEN_DOS: &[u8; 0x4000] = include_bytes!("../../roms/dos1541.bin");

const KERNAL_NAMES: &[&str] = &[
    "kernal-901227-03.bin",
    "kernal.901227-03.bin",
    "kernal",
    "kernal.rom",
    "kernal.bin",
];
const BASIC_NAMES: &[&str] = &[
    "basic-901226-01.bin",
    "basic.901226-01.bin",
    "basic",
    "basic.rom",
    "basic.bin",
];
const CHARGEN_NAMES: &[&str] = &[
    "chargen-901225-01.bin",
    "characters-901225-01.bin",
    "characters.901225-01.bin",
    "chargen.901225-01.bin",
    "chargen",
    "chargen.rom",
    "chargen.bin",
    "characters",
    "characters.rom",
];

impl Roms {
    /// breadbin's own KERNAL, BASIC and character ROMs.
    pub fn open() -> Self {
        Roms {
            basic: Box::new(*OPEN_BASIC),
            kernal: Box::new(*OPEN_KERNAL),
            chargen: Box::new(*OPEN_CHARGEN),
            dos: Some(Box::new(*OPEN_DOS)),
            source: RomSource::Open,
        }
    }

    /// Genuine images from `dir`.
    pub fn from_dir(dir: &Path) -> Result<Self, RomError> {
        let entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|source| RomError::Folder {
                dir: dir.to_path_buf(),
                source,
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        let basic = load(dir, &entries, "BASIC", BASIC_NAMES, 0x2000)?;
        let kernal = load(dir, &entries, "KERNAL", KERNAL_NAMES, 0x2000)?;
        let chargen = load(dir, &entries, "character", CHARGEN_NAMES, 0x1000)?;
        Ok(Roms {
            basic: basic.try_into().expect("size checked"),
            kernal: kernal.try_into().expect("size checked"),
            chargen: chargen.try_into().expect("size checked"),
            dos: load_dos(dir, &entries)?,
            source: RomSource::Folder(dir.to_path_buf()),
        })
    }

    /// `Some(dir)` loads genuine images, `None` the open ROMs.
    pub fn load(dir: Option<&Path>) -> Result<Self, RomError> {
        match dir {
            Some(d) => Self::from_dir(d),
            None => Ok(Self::open()),
        }
    }

    pub fn is_open(&self) -> bool {
        self.source == RomSource::Open
    }
}

const DOS_NAMES: &[&str] = &[
    "dos1541ii-251968-03.bin",
    "dos1541-325302-01+901229-05.bin",
    "dos1541-325302-01+901229-06aa.bin",
    "1541-ii.251968-03.bin",
    "dos1541",
    "dos1541.rom",
    "dos1541.bin",
    "1541.rom",
    "1541.bin",
];
const DOS_LOW_NAMES: &[&str] = &["1541-c000.325302-01.bin", "325302-01.bin"];
const DOS_HIGH_NAMES: &[&str] = &[
    "1541-e000.901229-05.bin",
    "1541-e000.901229-06aa.bin",
    "1541-e000.901229-03.bin",
    "901229-05.bin",
    "901229-06aa.bin",
];

/// The 1541 DOS of `dir`: one 16 KiB image, or its two halves; `None` when there is neither.
fn load_dos(dir: &Path, entries: &[PathBuf]) -> Result<Option<Box<[u8; 0x4000]>>, RomError> {
    if find(dir, entries, DOS_NAMES).is_some() {
        let whole = load(dir, entries, "1541 DOS", DOS_NAMES, 0x4000)?;
        return Ok(Some(whole.try_into().expect("size checked")));
    }
    if find(dir, entries, DOS_LOW_NAMES).is_none() || find(dir, entries, DOS_HIGH_NAMES).is_none() {
        return Ok(None);
    }
    let low = load(dir, entries, "1541 DOS $C000", DOS_LOW_NAMES, 0x2000)?;
    let high = load(dir, entries, "1541 DOS $E000", DOS_HIGH_NAMES, 0x2000)?;
    let mut rom = Box::new([0u8; 0x4000]);
    rom[..0x2000].copy_from_slice(&low);
    rom[0x2000..].copy_from_slice(&high);
    Ok(Some(rom))
}

/// The first of `names` in `dir`: exact names first, in order of preference, then a
/// case-insensitive match.
fn find(dir: &Path, entries: &[PathBuf], names: &[&str]) -> Option<PathBuf> {
    names.iter().find_map(|n| {
        let p = dir.join(n);
        if p.is_file() {
            return Some(p);
        }
        entries
            .iter()
            .find(|e| {
                e.file_name()
                    .and_then(|f| f.to_str())
                    .is_some_and(|f| f.eq_ignore_ascii_case(n))
            })
            .cloned()
    })
}

fn load(
    dir: &Path,
    entries: &[PathBuf],
    what: &'static str,
    names: &[&str],
    expected: usize,
) -> Result<Box<[u8]>, RomError> {
    let Some(path) = find(dir, entries, names) else {
        return Err(RomError::Missing {
            dir: dir.to_path_buf(),
            what,
            names: names.join(", "),
        });
    };
    let len = std::fs::metadata(&path)
        .map_err(|source| RomError::Read {
            path: path.clone(),
            source,
        })?
        .len();
    if len != expected as u64 {
        return Err(RomError::WrongSize {
            path,
            what,
            expected,
            actual: len,
        });
    }
    let data = std::fs::read(&path).map_err(|source| RomError::Read {
        path: path.clone(),
        source,
    })?;
    if data.len() != expected {
        return Err(RomError::WrongSize {
            path,
            what,
            expected,
            actual: data.len() as u64,
        });
    }
    Ok(data.into_boxed_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmpdir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("breadbin-roms-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn loads_usual_names() {
        let d = tmpdir("ok");
        std::fs::write(d.join("kernal-901227-03.bin"), [1u8; 8192]).unwrap();
        std::fs::write(d.join("BASIC.ROM"), [2u8; 8192]).unwrap();
        std::fs::write(d.join("characters.901225-01.bin"), [3u8; 4096]).unwrap();
        let r = Roms::from_dir(&d).unwrap();
        assert_eq!((r.kernal[0], r.basic[0], r.chargen[0]), (1, 2, 3));
        assert!(!r.is_open());
        assert!(r.dos.is_none(), "no DOS image, no drive");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn finds_a_1541_dos_whole_or_in_halves() {
        let d = tmpdir("dos");
        std::fs::write(d.join("kernal"), [1u8; 8192]).unwrap();
        std::fs::write(d.join("basic"), [2u8; 8192]).unwrap();
        std::fs::write(d.join("chargen"), [3u8; 4096]).unwrap();
        std::fs::write(d.join("1541-C000.325302-01.bin"), [4u8; 8192]).unwrap();
        std::fs::write(d.join("1541-e000.901229-05.bin"), [5u8; 8192]).unwrap();
        let dos = Roms::from_dir(&d)
            .unwrap()
            .dos
            .expect("the halves make a DOS");
        assert_eq!(
            (dos[0], dos[0x1FFF], dos[0x2000], dos[0x3FFF]),
            (4, 4, 5, 5)
        );
        std::fs::write(d.join("dos1541ii-251968-03.bin"), [6u8; 16384]).unwrap();
        assert_eq!(Roms::from_dir(&d).unwrap().dos.unwrap()[0x3FFF], 6);
        std::fs::write(d.join("dos1541ii-251968-03.bin"), [6u8; 8192]).unwrap();
        let e = Roms::from_dir(&d).err().unwrap().to_string();
        assert!(
            e.contains("dos1541ii-251968-03.bin: 1541 DOS ROM must be 16384 bytes"),
            "{e}"
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn wrong_size_is_reported_with_the_path() {
        let d = tmpdir("size");
        std::fs::write(d.join("kernal"), [1u8; 8000]).unwrap();
        std::fs::write(d.join("basic"), [2u8; 8192]).unwrap();
        std::fs::write(d.join("chargen"), [3u8; 4096]).unwrap();
        let e = Roms::from_dir(&d).err().unwrap().to_string();
        assert!(
            e.contains("kernal") && e.contains("8192") && e.contains("8000"),
            "{e}"
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn missing_file_and_folder_are_reported() {
        let d = tmpdir("missing");
        std::fs::write(d.join("kernal"), [1u8; 8192]).unwrap();
        let e = Roms::from_dir(&d).err().unwrap().to_string();
        assert!(e.contains("no BASIC ROM image"), "{e}");
        let e = Roms::from_dir(&d.join("nope")).err().unwrap().to_string();
        assert!(e.contains("not a readable folder"), "{e}");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn open_roms_are_embedded() {
        let r = Roms::open();
        assert!(r.is_open());
        assert_eq!(r.chargen.len(), 4096);
    }
}
