//! Disks in the window's machine (no window needed): a D64 given as the file is loaded and
//! run through drive 8, a dropped D64 too; without a 1541 DOS a disk is refused with the
//! file's name and the machine runs on.
#![cfg(feature = "frontend")]
mod common;

use breadbin::frontend::Options;
use breadbin::media::disk::{D64, FileType};
use std::path::PathBuf;

fn genuine() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("BREADBIN_GENUINE_ROMS")?);
    let roms = breadbin::Roms::from_dir(&dir).expect("BREADBIN_GENUINE_ROMS holds ROMs");
    roms.dos.is_some().then_some(dir)
}

/// A D64 with one BASIC program printing `word`, in a folder of this test.
fn d64_file(test: &str, word: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breadbin-fdisk-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let t = breadbin::basic::tokenize(&format!("10 PRINT \"{word}\"\n"), "p.bas").unwrap();
    let mut d64 = D64::formatted(b"WINDOW", *b"WI");
    d64.write_file(b"PROG", FileType::Prg, &t.prg).unwrap();
    let path = dir.join("game.d64");
    std::fs::write(&path, d64.to_bytes()).unwrap();
    path
}

fn screen(m: &breadbin::frontend::machine::Machine) -> String {
    m.c64().screen_text(breadbin::basic::TextStyle::Ascii)
}

#[test]
fn a_d64_as_the_file_is_loaded_and_run_through_the_drive() {
    let Some(roms) = genuine() else {
        eprintln!("skipping: no genuine 1541 DOS (BREADBIN_GENUINE_ROMS)");
        return;
    };
    let path = d64_file("start", "IN THE WINDOW");
    let opts = Options {
        roms: Some(roms),
        file: Some(path.clone()),
        ..Default::default()
    };
    let mut m = breadbin::frontend::machine(&opts).expect("the machine");
    for _ in 0..1500 {
        m.run_frame();
        if screen(&m).contains("\nIN THE WINDOW") {
            break;
        }
    }
    let s = screen(&m);
    assert!(
        s.contains("LOAD\"*\",8,1") && s.contains("\nIN THE WINDOW"),
        "{s}"
    );
    // Dropped onto the window: the same, after a reset.
    let other = d64_file("drop", "DROPPED");
    assert_eq!(m.start_file(&other).expect("starts"), "game.d64");
    for _ in 0..1500 {
        m.run_frame();
        if screen(&m).contains("\nDROPPED") {
            break;
        }
    }
    assert!(screen(&m).contains("\nDROPPED"), "{}", screen(&m));
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    std::fs::remove_dir_all(other.parent().unwrap()).unwrap();
}

#[test]
fn without_a_dos_a_disk_is_refused_naming_it_and_the_machine_runs_on() {
    let path = d64_file("nodos", "X");
    let roms = common::roms::without_dos(path.parent().unwrap());
    let opts = Options {
        roms: Some(roms.clone()),
        disks: vec![path.clone()],
        ..Default::default()
    };
    let e = breadbin::frontend::machine(&opts)
        .err()
        .expect("no drive")
        .to_string();
    assert!(
        e.starts_with(&path.display().to_string()) && e.contains("no drive"),
        "{e}"
    );
    let mut m = breadbin::frontend::machine(&Options {
        roms: Some(roms),
        basic: true,
        ..Default::default()
    })
    .unwrap();
    m.run_frame();
    let cycles = m.c64().cycles();
    let e = m.start_file(&path).expect_err("refused").to_string();
    assert!(e.contains("no drive"), "{e}");
    std::fs::write(&path, b"not a disk").unwrap();
    let e = m.start_file(&path).expect_err("refused").to_string();
    assert!(e.contains("not a D64 image"), "{e}");
    assert_eq!(m.c64().cycles(), cycles, "the machine is left as it was");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}
