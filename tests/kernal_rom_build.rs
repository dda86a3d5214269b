//! The committed ROM images are what their sources build to: when ca65 is on PATH, this
//! rebuilds roms/ (BASIC, KERNAL, character ROM) in a scratch copy with `make` and
//! compares every byte with roms/basic.bin, roms/kernal.bin and roms/chargen.bin. Without
//! ca65 (or make, python3) it says so and passes (CI installs cc65, so CI runs it).

use std::path::{Path, PathBuf};
use std::process::Command;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create scratch dir");
    for entry in std::fs::read_dir(from).expect("read source dir") {
        let entry = entry.expect("dir entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy source file");
        }
    }
}

#[test]
fn committed_rom_images_match_their_sources() {
    for (tool, package) in [("ca65", "cc65"), ("make", "make"), ("python3", "python3")] {
        if Command::new(tool).arg("--version").output().is_err() {
            eprintln!("skipped: {tool} is not on PATH (Debian package {package})");
            return;
        }
    }
    let roms = Path::new(env!("CARGO_MANIFEST_DIR")).join("roms");
    let scratch: PathBuf =
        std::env::temp_dir().join(format!("breadbin-roms-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    for part in ["src", "tools"] {
        copy_dir(&roms.join(part), &scratch.join(part));
    }
    std::fs::copy(roms.join("Makefile"), scratch.join("Makefile")).expect("copy Makefile");
    let out = Command::new("make")
        .arg("-C")
        .arg(&scratch)
        .output()
        .expect("run make");
    assert!(
        out.status.success(),
        "make -C roms failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    for image in [
        "basic.bin",
        "kernal.bin",
        "chargen.bin",
        "dos1541.bin",
        "eapi.bin",
    ] {
        let built = std::fs::read(scratch.join(image)).expect("built image");
        let committed = std::fs::read(roms.join(image)).expect("committed image");
        assert_eq!(built.len(), committed.len(), "{image}: size");
        if let Some(i) = built.iter().zip(&committed).position(|(a, b)| a != b) {
            panic!(
                "roms/{image} differs from its sources' build at offset ${i:04X} \
                 (built {:02X}, committed {:02X}): run `make -C roms` and commit the image",
                built[i], committed[i]
            );
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}
