//! T64 tape archives: listed by `breadbin list`, started like a PRG (the first entry, or
//! `--entry NAME`), and a damaged archive refused in one line naming the file and offset.
//! The archives are built here.

mod common;

use common::cli::{breadbin, tmp_in};
use std::path::PathBuf;

fn tmp(name: &str) -> PathBuf {
    tmp_in("t64", name)
}

/// A BASIC program that reports `v` to $D7FF, as a PRG (load address first).
fn reporter(v: u8) -> Vec<u8> {
    breadbin::basic::tokenize(&format!("10 POKE 55295,{v}\n"), "r.bas")
        .unwrap()
        .prg
}

/// An archive of `programs` (name, PRG image, end address as the directory says it; 0:
/// the right one).
fn archive(programs: &[(&str, Vec<u8>, u16)]) -> Vec<u8> {
    let mut t = b"C64S tape image file".to_vec();
    t.resize(32, 0);
    t.extend([0x01, 0x01]); // version
    t.extend((programs.len() as u16).to_le_bytes()); // slots
    t.extend((programs.len() as u16).to_le_bytes()); // used
    t.extend([0, 0]);
    let mut name = b"TEST TAPE".to_vec();
    name.resize(24, 0x20);
    t.extend(name);
    let mut offset = 0x40 + 32 * programs.len();
    let mut data = Vec::new();
    for (n, prg, end) in programs {
        let load = u16::from_le_bytes([prg[0], prg[1]]);
        let right = load + (prg.len() - 2) as u16;
        t.extend([1, 0x82]);
        t.extend(load.to_le_bytes());
        t.extend(if *end == 0 { right } else { *end }.to_le_bytes());
        t.extend([0, 0]);
        t.extend((offset as u32).to_le_bytes());
        t.extend([0, 0, 0, 0]);
        let mut fname = n.as_bytes().to_vec();
        fname.resize(16, 0x20);
        t.extend(fname);
        data.extend_from_slice(&prg[2..]);
        offset += prg.len() - 2;
    }
    t.extend(data);
    t
}

fn two_programs() -> PathBuf {
    let p = tmp("two.t64");
    // The first entry's end address is a wrong fixed one, as many archives carry.
    let t = archive(&[("FIRST", reporter(1), 0xC3C6), ("SECOND", reporter(2), 0)]);
    std::fs::write(&p, t).unwrap();
    p
}

#[test]
fn list_shows_the_archives_directory() {
    let p = two_programs();
    let o = breadbin(&["list", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout);
    let len = reporter(1).len() - 2;
    assert!(out.contains("tape \"TEST TAPE\", 2 programs"), "{out}");
    let first = format!("  1  \"FIRST\"  $0801-${:04X}  {len} bytes", 0x0800 + len);
    assert!(
        out.contains(&first),
        "the end from the data, not $C3C6: {out}"
    );
    assert!(out.contains("  2  \"SECOND\"  $0801-"), "{out}");
}

#[test]
fn an_archive_starts_its_first_program_or_the_one_named() {
    let p = two_programs();
    let f = p.to_str().unwrap();
    let o = breadbin(&["run", "--headless", f, "--exit-on-d7ff"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let o = breadbin(&[
        "run",
        "--headless",
        f,
        "--entry",
        "second",
        "--exit-on-d7ff",
    ]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let o = breadbin(&["run", "--headless", f, "--entry", "THIRD"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    assert!(
        e.contains("two.t64: no entry \"THIRD\" (it has \"FIRST\", \"SECOND\")"),
        "{e}"
    );
}

#[test]
fn damaged_archives_and_misplaced_entries_are_refused_in_one_line() {
    let one_line = |args: &[&str], needle: &str| {
        let o = breadbin(args);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{e}");
        assert_eq!(e.trim_end().lines().count(), 1, "{e}");
        assert!(
            !e.contains("panicked") && e.contains(needle),
            "{e:?}: {needle}"
        );
    };
    let short = tmp("short.t64");
    std::fs::write(&short, b"C64S tape").unwrap();
    one_line(
        &["list", short.to_str().unwrap()],
        "short.t64: offset $0: not a T64",
    );
    let mut t = archive(&[("ONLY", reporter(3), 0)]);
    t[0x48..0x4C].copy_from_slice(&0x10000u32.to_le_bytes());
    let bad = tmp("bad.t64");
    std::fs::write(&bad, t).unwrap();
    one_line(
        &["run", "--headless", bad.to_str().unwrap()],
        "bad.t64: offset $40: entry 1",
    );
    let prg = tmp("plain.prg");
    std::fs::write(&prg, reporter(4)).unwrap();
    one_line(
        &["run", "--headless", prg.to_str().unwrap(), "--entry", "X"],
        "plain.prg: --entry names a program of a T64 archive",
    );
}
