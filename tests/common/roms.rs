//! ROM folders for tests.

use std::path::{Path, PathBuf};

/// A folder `roms` in `dir` with the open KERNAL, BASIC and characters and no DOS: a
/// machine on it has no drive.
pub fn without_dos(dir: &Path) -> PathBuf {
    let roms = dir.join("roms");
    std::fs::create_dir_all(&roms).unwrap();
    for name in ["kernal.bin", "basic.bin", "chargen.bin"] {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("roms")
            .join(name);
        std::fs::copy(from, roms.join(name)).unwrap();
    }
    roms
}
