//! Disks in drive 8: a D64 made here, loaded and run through the drive, and what the drive
//! saves written back to the image file. With a genuine 1541 DOS
//! (`BREADBIN_GENUINE_ROMS=DIR`); ROMs without a DOS give a machine without a drive, which is
//! checked too.

mod common;

use breadbin::media::disk::{D64, FileType};
use breadbin::run::headless::{self, Limit, Outcome, RunOptions};
use std::path::PathBuf;

fn genuine() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("BREADBIN_GENUINE_ROMS")?);
    let roms = breadbin::Roms::from_dir(&dir).expect("BREADBIN_GENUINE_ROMS holds ROMs");
    roms.dos.is_some().then_some(dir)
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("breadbin-disk-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A disk with a BASIC program that prints a word, saved under `name`.
fn disk_with_program(dir: &std::path::Path, word: &str) -> PathBuf {
    let t = breadbin::basic::tokenize(&format!("10 PRINT \"{word}\"\n"), "hello.bas").unwrap();
    let mut d64 = D64::formatted(b"TEST DISK", *b"TD");
    d64.write_file(b"HELLO", FileType::Prg, &t.prg).unwrap();
    // A longer second file, so that the first is found before it.
    d64.write_file(b"FILLER", FileType::Prg, &vec![0x01; 20 * 254])
        .unwrap();
    let path = dir.join("hello.d64");
    std::fs::write(&path, d64.to_bytes()).unwrap();
    path
}

/// Start the image at `path` as the file of a headless run (its first program loaded and
/// run), to its end at READY; the run's options and the screen.
fn start_disk(roms: PathBuf, path: &std::path::Path) -> (RunOptions, String) {
    let opts = RunOptions {
        roms: Some(roms),
        autostart: Some(path.to_path_buf()),
        until_ready: true,
        limit: Some(Limit::Seconds(60.0)),
        ..Default::default()
    };
    let (outcome, c64) = headless::run(&opts).expect("the run");
    let screen = c64.screen_text(breadbin::basic::TextStyle::Ascii);
    assert_eq!(outcome, Outcome::Ready, "{screen}");
    (opts, screen)
}

#[test]
fn a_d64_given_to_run_loads_its_first_program_through_the_drive_and_runs_it() {
    let Some(roms) = genuine() else {
        eprintln!("skipping: no genuine 1541 DOS (BREADBIN_GENUINE_ROMS)");
        return;
    };
    let dir = temp("autostart");
    let path = disk_with_program(&dir, "FROM DISK");
    let before = std::fs::read(&path).unwrap();
    let (_, screen) = start_disk(roms, &path);
    assert!(screen.contains("LOADING"), "{screen}");
    assert!(screen.contains("\nFROM DISK"), "{screen}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "a read leaves the image"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_disk_without_a_dos_rom_is_refused_naming_the_file() {
    let dir = temp("nodrive");
    let path = disk_with_program(&dir, "X");
    let opts = RunOptions {
        roms: Some(common::roms::without_dos(&dir)),
        disk: Some(path.clone()),
        limit: Some(Limit::Cycles(1000)),
        ..Default::default()
    };
    let e = headless::run(&opts).err().expect("no drive").to_string();
    assert!(e.starts_with(&path.display().to_string()), "{e}");
    assert!(e.contains("no drive"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_program_saved_to_disk_is_written_back_to_the_image_file() {
    let Some(roms) = genuine() else {
        eprintln!("skipping: no genuine 1541 DOS (BREADBIN_GENUINE_ROMS)");
        return;
    };
    let dir = temp("save");
    let path = disk_with_program(&dir, "X");
    let opts = RunOptions {
        roms: Some(roms),
        disk: Some(path.clone()),
        type_text: Some("10 PRINT 42{RETURN}SAVE\"SAVED\",8{RETURN}".into()),
        limit: Some(Limit::Seconds(25.0)),
        ..Default::default()
    };
    let (_, c64) = headless::run(&opts).expect("the run");
    let screen = c64.screen_text(breadbin::basic::TextStyle::Ascii);
    assert!(screen.contains("SAVING SAVED"), "{screen}");
    let d64 = breadbin::media::disk::load_d64(&path).expect("the image is still a D64");
    let saved = d64.read_file(b"SAVED").expect("SAVED is on the disk");
    assert_eq!(&saved[..2], &[0x01, 0x08], "a BASIC program: {saved:02X?}");
    assert!(d64.read_file(b"HELLO").is_some(), "the other files stay");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_g64_recorded_from_a_d64_loads_the_same_program() {
    let Some(roms) = genuine() else {
        eprintln!("skipping: no genuine 1541 DOS (BREADBIN_GENUINE_ROMS)");
        return;
    };
    let dir = temp("g64");
    let d64 = breadbin::media::disk::load_d64(&disk_with_program(&dir, "FROM G64")).unwrap();
    let mut tracks = vec![Vec::new(); 84];
    for t in 1..=35u8 {
        tracks[usize::from(t - 1) * 2] = d64.gcr_track(t);
    }
    let g64 = breadbin::media::disk::G64 {
        tracks,
        speeds: vec![0; 84],
        max_track: 7928,
    };
    let path = dir.join("hello.g64");
    std::fs::write(&path, g64.to_bytes()).unwrap();
    let (opts, screen) = start_disk(roms, &path);
    assert!(screen.contains("\nFROM G64"), "{screen}");
    std::fs::write(&path, &g64.to_bytes()[..40]).unwrap();
    let e = headless::run(&opts)
        .err()
        .expect("a broken G64")
        .to_string();
    assert!(
        e.starts_with(&path.display().to_string()) && e.contains("too short"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
