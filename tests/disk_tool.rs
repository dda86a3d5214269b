//! `breadbin disk` from the outside: images made, filled, listed, read back, repaired and
//! checked by the built binary; damaged images give one line naming the image and the
//! block, and a non-zero status, never a panic.

use breadbin::media::disk::{D64, FileType};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn breadbin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_breadbin"))
        .args(args)
        .output()
        .expect("breadbin runs")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Run and expect success.
fn ok(args: &[&str]) -> String {
    let o = breadbin(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
    out(&o)
}

/// Run and expect one line on stderr holding `needle`, and status 1.
fn fails(args: &[&str], needle: &str) {
    let o = breadbin(args);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
    assert!(!e.contains("panicked"), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "one line: {e:?}");
    assert!(e.contains(needle), "{e:?} should hold {needle:?}");
}

/// A fresh folder for one test, removed when the test ends.
struct Tmp(PathBuf);

impl std::ops::Deref for Tmp {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn dir(test: &str) -> Tmp {
    let d = std::env::temp_dir().join(format!("breadbin-disk-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    Tmp(d)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn bytes(n: usize, seed: u8) -> Vec<u8> {
    (0..n)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
        .collect()
}

/// A new image in `d` holding GAME (3 blocks) and NOTES (1 block, SEQ).
fn small_disk(d: &Path) -> PathBuf {
    let img = d.join("disk.d64");
    ok(&["disk", "new", s(&img), "TEST DISK,01"]);
    let game = d.join("game.prg");
    std::fs::write(&game, bytes(600, 1)).unwrap();
    let notes = d.join("notes.txt");
    std::fs::write(&notes, b"HELLO\r").unwrap();
    ok(&["disk", "put", s(&img), s(&game)]);
    ok(&["disk", "put", s(&img), s(&notes), "--type", "seq"]);
    img
}

fn load(p: &Path) -> D64 {
    D64::parse(&std::fs::read(p).unwrap()).unwrap()
}

fn save(p: &Path, d: &D64) {
    std::fs::write(p, d.to_bytes()).unwrap();
}

#[test]
fn new_put_list_get_round_trip_byte_exact() {
    let d = dir("round");
    let img = small_disk(&d);
    let back = d.join("back.prg");
    ok(&["disk", "get", s(&img), "G*", s(&back)]);
    assert_eq!(std::fs::read(&back).unwrap(), bytes(600, 1));
    // The default local name: the disk name in lower case with the type.
    let o = Command::new(env!("CARGO_BIN_EXE_breadbin"))
        .args(["disk", "get", s(&img), "NOTES"])
        .current_dir(&*d)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(std::fs::read(d.join("notes.seq")).unwrap(), b"HELLO\r");
}

#[test]
fn the_listing_is_the_c64s() {
    let d = dir("list");
    let img = small_disk(&d);
    let text = ok(&["disk", "list", s(&img)]);
    assert_eq!(
        text,
        "0 \"TEST DISK       \" 01 2A\n\
         3    \"GAME\"             PRG\n\
         1    \"NOTES\"            SEQ\n\
         660 BLOCKS FREE.\n"
    );
    // Locked, never closed, and a full-length name.
    let mut disk = load(&img);
    let dir_sector = disk.sector_mut(18, 1).unwrap();
    dir_sector[2] |= 0x40;
    dir_sector[32 + 2] &= 0x7F;
    disk.write_file(b"SIXTEEN CHARS!!!", FileType::Usr, &[1])
        .unwrap();
    save(&img, &disk);
    let text = ok(&["disk", "list", s(&img)]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "3    \"GAME\"             PRG<");
    assert_eq!(lines[2], "1    \"NOTES\"           *SEQ");
    assert_eq!(lines[3], "1    \"SIXTEEN CHARS!!!\" USR");
}

#[test]
fn the_listing_as_json() {
    let d = dir("json");
    let img = small_disk(&d);
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["disk", "list", s(&img), "--json"])).unwrap();
    assert_eq!(v["name"], "TEST DISK");
    assert_eq!(v["id"], "01");
    assert_eq!(v["dos_type"], "2A");
    assert_eq!(v["blocks_free"], 660);
    let f = &v["files"][0];
    assert_eq!(f["name"], "GAME");
    assert_eq!(f["type"], "PRG");
    assert_eq!(f["blocks"], 3);
    assert_eq!(
        (f["track"].as_u64(), f["sector"].as_u64()),
        (Some(17), Some(0))
    );
    assert_eq!(
        (f["locked"].as_bool(), f["closed"].as_bool()),
        (Some(false), Some(true))
    );
    assert_eq!(v["files"][1]["type"], "SEQ");
}

#[test]
fn delete_validate_check_restore_the_blocks_free() {
    let d = dir("delete");
    let img = small_disk(&d);
    ok(&["disk", "delete", s(&img), "GAME", "NOT*"]);
    assert!(ok(&["disk", "list", s(&img)]).ends_with("\n664 BLOCKS FREE.\n"));
    ok(&["disk", "validate", s(&img)]);
    assert!(ok(&["disk", "check", s(&img)]).contains("clean"));
    assert!(ok(&["disk", "list", s(&img)]).ends_with("\n664 BLOCKS FREE.\n"));
    fails(&["disk", "delete", s(&img), "GONE"], "62, FILE NOT FOUND");
}

#[test]
fn validate_removes_unclosed_files_and_fixes_the_bam() {
    let d = dir("validate");
    let img = small_disk(&d);
    let mut disk = load(&img);
    disk.sector_mut(18, 1).unwrap()[32 + 2] &= 0x7F;
    disk.sector_mut(18, 0).unwrap()[4 * 30 + 1] &= !1;
    disk.sector_mut(18, 0).unwrap()[4 * 30] -= 1;
    save(&img, &disk);
    assert_eq!(breadbin(&["disk", "check", s(&img)]).status.code(), Some(1));
    let o = ok(&["disk", "validate", s(&img)]);
    assert!(
        o.contains("661 blocks free") && o.contains("removed \"NOTES\""),
        "{o}"
    );
    assert!(ok(&["disk", "check", s(&img)]).contains("clean"));
}

#[test]
fn rename_a_file() {
    let d = dir("rename");
    let img = small_disk(&d);
    ok(&["disk", "rename", s(&img), "GAME", "PLAY"]);
    let text = ok(&["disk", "list", s(&img)]);
    assert!(
        text.contains("\"PLAY\"") && !text.contains("\"GAME\""),
        "{text}"
    );
    fails(
        &["disk", "rename", s(&img), "PLAY", "NOTES"],
        "63, FILE EXISTS",
    );
    fails(
        &["disk", "put", s(&img), s(&d.join("game.prg")), "PLAY"],
        "FILE EXISTS",
    );
    ok(&["disk", "put", s(&img), s(&d.join("notes.txt")), "@0:PLAY"]);
    assert_eq!(load(&img).read_file(b"PLAY").unwrap(), b"HELLO\r");
}

#[test]
fn the_default_name_is_the_local_one_in_upper_case() {
    let d = dir("names");
    let img = small_disk(&d);
    let local = d.join("my_prog.v2.prg");
    std::fs::write(&local, [1, 8, 0]).unwrap();
    ok(&["disk", "put", s(&img), s(&local)]);
    assert!(ok(&["disk", "list", s(&img)]).contains("\"MY_PROG.V2\""));
    let long = d.join("a-name-of-twenty-chars.prg");
    std::fs::write(&long, [1, 8, 0]).unwrap();
    fails(
        &["disk", "put", s(&img), s(&long)],
        "give the name on the disk",
    );
    ok(&["disk", "put", s(&img), s(&long), "short{$C1}"]);
    let text = ok(&["disk", "list", s(&img)]);
    assert!(text.contains("\"SHORT{$C1}\"       PRG"), "{text}");
    fails(&["disk", "put", s(&img), s(&long), "A*"], "cannot hold *");
}

#[test]
fn a_rel_file_round_trips() {
    let d = dir("rel");
    let img = small_disk(&d);
    let records = bytes(64 * 300, 9);
    let local = d.join("records.bin");
    std::fs::write(&local, &records).unwrap();
    let o = ok(&[
        "disk",
        "put",
        s(&img),
        s(&local),
        "RECS",
        "--record-length",
        "64",
    ]);
    assert!(o.contains("\"RECS\"") && o.contains("REL"), "{o}");
    let back = d.join("records.out");
    ok(&["disk", "get", s(&img), "RECS", s(&back)]);
    assert_eq!(std::fs::read(&back).unwrap(), records);
    assert!(ok(&["disk", "check", s(&img)]).contains("clean"));
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["disk", "list", s(&img), "--json"])).unwrap();
    // 19200 bytes: 76 data blocks and one side sector.
    assert_eq!(v["files"][2]["blocks"], 77);
}

#[test]
fn the_first_file_starts_on_17_0_at_interleave_10() {
    let d = dir("alloc");
    let img = d.join("a.d64");
    ok(&["disk", "new", s(&img), "ALLOC,AA"]);
    let local = d.join("long.prg");
    std::fs::write(&local, bytes(254 * 5, 3)).unwrap();
    ok(&["disk", "put", s(&img), s(&local)]);
    let disk = load(&img);
    let mut at = (17, 0);
    let mut seen = vec![at];
    while let Some(sec) = disk.sector(at.0, at.1)
        && sec[0] != 0
    {
        at = (sec[0], sec[1]);
        seen.push(at);
    }
    assert_eq!(seen, [(17, 0), (17, 10), (17, 20), (17, 8), (17, 18)]);
}

#[test]
fn the_directory_s_second_sector_is_18_4() {
    let d = dir("dir");
    let img = d.join("a.d64");
    ok(&["disk", "new", s(&img), "DIR,DD"]);
    let local = d.join("x.seq");
    std::fs::write(&local, b"X").unwrap();
    for i in 0..9 {
        ok(&["disk", "put", s(&img), s(&local), &format!("FILE{i}")]);
    }
    let disk = load(&img);
    assert_eq!(&disk.sector(18, 1).unwrap()[..2], &[18, 4]);
    assert_eq!(&disk.sector(18, 4).unwrap()[..2], &[0, 0xFF]);
    assert_eq!(ok(&["disk", "list", s(&img)]).lines().count(), 11);
}

#[test]
fn new_refuses_an_existing_file_without_force() {
    let d = dir("new");
    let img = d.join("a.d64");
    ok(&["disk", "new", s(&img), "ONE,01", "--tracks", "40"]);
    assert_eq!(std::fs::metadata(&img).unwrap().len(), 196_608);
    fails(&["disk", "new", s(&img), "TWO,02"], "exists already");
    ok(&["disk", "new", s(&img), "TWO,02", "--force"]);
    assert!(ok(&["disk", "list", s(&img)]).starts_with("0 \"TWO             \" 02 2A\n"));
    fails(&["disk", "new", s(&d.join("b.d64")), "NOID"], "NAME,ID");
    fails(&["disk", "new", s(&d.join("b.g64")), "G,01"], "not G64");
    fails(
        &["disk", "new", s(&d.join("b.d64")), "SEVENTEEN CHARS!!,01"],
        "16 characters at most",
    );
}

/// Damage `img` with `f`, then `check` exits 1 with a line holding `needle`.
fn check_finds(test: &str, f: impl FnOnce(&mut D64), needle: &str) {
    let d = dir(test);
    let img = small_disk(&d);
    let mut disk = load(&img);
    f(&mut disk);
    save(&img, &disk);
    let o = breadbin(&["disk", "check", s(&img)]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let text = out(&o);
    assert!(
        text.lines()
            .any(|l| l.starts_with(s(&img)) && l.contains(needle)),
        "{needle:?} in {text}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&out(&breadbin(&["disk", "check", s(&img), "--json"]))).unwrap();
    assert_eq!(v["clean"], false);
}

#[test]
fn check_finds_a_used_block_marked_free() {
    check_finds(
        "usedfree",
        |d| d.sector_mut(18, 0).unwrap()[4 * 17 + 2] |= 1 << 2, // 17/10
        "block 17/10: used by file \"GAME\" but marked free in the BAM",
    );
}

#[test]
fn check_finds_a_free_block_marked_used() {
    check_finds(
        "freeused",
        |d| d.sector_mut(18, 0).unwrap()[4 * 20 + 1] &= !1,
        "block 20/0: marked used in the BAM but in no file",
    );
}

#[test]
fn check_finds_a_wrong_free_count() {
    check_finds(
        "count",
        |d| d.sector_mut(18, 0).unwrap()[4 * 5] = 7,
        "track 5: the BAM counts 7 free blocks, its bitmap 21",
    );
}

#[test]
fn check_finds_cross_linked_files() {
    // NOTES's only block (17/1) made GAME's second one.
    check_finds(
        "cross",
        |d| d.sector_mut(17, 0).unwrap()[..2].copy_from_slice(&[17, 1]),
        "block 17/1: cross-linked: in file \"GAME\" and in file \"NOTES\"",
    );
}

#[test]
fn check_finds_a_loop_in_a_file() {
    check_finds(
        "fileloop",
        |d| d.sector_mut(17, 20).unwrap()[..2].copy_from_slice(&[17, 10]),
        "block 17/20: file \"GAME\" chain loops (links back to 17/10)",
    );
}

#[test]
fn check_finds_a_link_off_the_disk() {
    check_finds(
        "badlink",
        |d| d.sector_mut(17, 10).unwrap()[..2].copy_from_slice(&[99, 0]),
        "block 17/10: file \"GAME\" links to 99/0, off the disk",
    );
}

#[test]
fn check_finds_a_short_last_block() {
    check_finds(
        "short",
        |d| d.sector_mut(17, 20).unwrap()[1] = 0,
        "block 17/20: file \"GAME\" ends with last-byte index 0",
    );
}

#[test]
fn check_finds_a_loop_in_the_directory() {
    check_finds(
        "dirloop",
        |d| d.sector_mut(18, 1).unwrap()[..2].copy_from_slice(&[18, 1]),
        "block 18/1: directory chain loops",
    );
}

#[test]
fn a_damaged_image_gives_one_line_naming_the_block() {
    let d = dir("damaged");
    let img = small_disk(&d);
    let mut disk = load(&img);
    disk.sector_mut(18, 1).unwrap()[..2].copy_from_slice(&[18, 1]);
    save(&img, &disk);
    let want = format!("{}: block 18/1: directory chain loops", s(&img));
    for cmd in ["list", "validate"] {
        fails(&["disk", cmd, s(&img)], &want);
    }
    fails(&["disk", "get", s(&img), "GAME"], &want);
    fails(
        &["disk", "put", s(&img), s(&d.join("game.prg")), "NEW"],
        &want,
    );

    let mut disk = load(&img);
    disk.sector_mut(18, 1).unwrap()[..2].copy_from_slice(&[0, 0xFF]);
    disk.sector_mut(17, 10).unwrap()[..2].copy_from_slice(&[99, 0]);
    save(&img, &disk);
    fails(
        &["disk", "get", s(&img), "GAME"],
        "block 17/10: file \"GAME\" links to 99/0, off the disk",
    );
    fails(&["disk", "validate", s(&img)], "links to 99/0");

    let cut = d.join("cut.d64");
    std::fs::write(&cut, &std::fs::read(&img).unwrap()[..100_000]).unwrap();
    fails(&["disk", "list", s(&cut)], "not a D64 image: 100000 bytes");
    fails(&["disk", "list", s(&d.join("none.d64"))], "cannot read");
}

#[test]
fn a_g64_is_read_but_not_written() {
    let d = dir("g64");
    let img = small_disk(&d);
    let disk = load(&img);
    let mut tracks = vec![Vec::new(); 84];
    for t in 1..=35u8 {
        tracks[usize::from(t - 1) * 2] = disk.gcr_track(t);
    }
    let g = breadbin::media::disk::G64 {
        tracks,
        speeds: (0..84u8)
            .map(|h| breadbin::media::disk::gcr::zone(h / 2 + 1) as u32)
            .collect(),
        max_track: 7928,
    };
    let g64 = d.join("disk.g64");
    std::fs::write(&g64, g.to_bytes()).unwrap();
    assert_eq!(
        ok(&["disk", "list", s(&g64)]),
        ok(&["disk", "list", s(&img)])
    );
    let back = d.join("from-g64.prg");
    ok(&["disk", "get", s(&g64), "GAME", s(&back)]);
    assert_eq!(std::fs::read(&back).unwrap(), bytes(600, 1));
    assert!(ok(&["disk", "check", s(&g64)]).contains("clean"));
    fails(
        &["disk", "delete", s(&g64), "GAME"],
        "G64 images are read-only for breadbin disk",
    );
}
