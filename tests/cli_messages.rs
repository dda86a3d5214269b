//! What a new user meets on the command line: exit statuses, outputs left by runs that end
//! at their limit,
//! plain one-line messages (a program that never waits, options that need `--headless`, a
//! missing file), the README's dungeon example run as written, and the two seeds' names.

mod common;

use common::cli::{breadbin, one_line_error, stderr, stdout, tmp_in};
use std::path::PathBuf;
use std::process::Command;

fn tmp(name: &str) -> PathBuf {
    tmp_in("cli-messages", name)
}

#[test]
fn a_run_at_its_limit_leaves_its_outputs_and_one_stopped_by_an_error_none() {
    let bas = tmp("loop.bas");
    std::fs::write(&bas, "10 GOTO 10\n").unwrap();
    let shot = tmp("limit.png");
    let o = breadbin(&[
        "run",
        "--headless",
        bas.to_str().unwrap(),
        "--until-ready",
        "--seconds",
        "2",
        "--screenshot",
        shot.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(124), "{}", stderr(&o));
    let png = std::fs::read(&shot).expect("the screenshot at the limit");
    assert_eq!(&png[1..4], b"PNG");
    std::fs::remove_file(&shot).unwrap();
    let missing = tmp("no-such-program.prg");
    let o = breadbin(&[
        "run",
        "--headless",
        missing.to_str().unwrap(),
        "--screenshot",
        shot.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(!shot.exists(), "no output from a run that could not start");
}

#[test]
fn a_program_that_never_waits_is_named_plainly_in_one_line() {
    let bas = tmp("never.bas");
    std::fs::write(&bas, "10 GOTO 10\n").unwrap();
    let o = breadbin(&["profile", bas.to_str().unwrap(), "--seconds", "1"]);
    let e = stderr(&o);
    assert_ne!(o.status.code(), Some(0), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    assert!(!e.contains("  ") && !e.contains("(in ("), "{e}");
    assert!(
        e.contains("never waited in its input loop within 1 emulated second"),
        "{e}"
    );
    assert!(e.contains("line 10, before the first label"), "{e}");
}

#[test]
fn headless_options_without_headless_are_refused_in_one_line() {
    let o = breadbin(&["run", "--screenshot", "x.png"]);
    one_line_error(&o, 2, "need --headless");
}

#[test]
fn a_missing_file_is_cannot_read_for_every_command() {
    let missing = tmp("missing.bas");
    let m = missing.to_str().unwrap();
    let out = tmp("out.prg");
    for args in [
        vec!["tokenize", m, "-o", out.to_str().unwrap()],
        vec!["list", m],
        vec!["run", "--headless", m],
    ] {
        let o = breadbin(&args);
        one_line_error(&o, 1, "missing.bas: cannot read: ");
    }
}

#[test]
fn the_readmes_dungeon_example_shows_the_whole_first_screen() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let line = readme
        .lines()
        .find(|l| l.starts_with("    breadbin run --headless games/dungeon/part10c.bas"))
        .expect("the example in the README");
    let args: Vec<&str> = line.split_whitespace().skip(1).collect();
    let o = Command::new(env!("CARGO_BIN_EXE_breadbin"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let screen = stdout(&o);
    assert!(
        screen.contains("HEALTH") && screen.contains("KEYS"),
        "{screen}"
    );
    assert!(screen.contains('@'), "the player is drawn: {screen}");
}

#[test]
fn the_windows_start_seed_and_the_harness_game_seed_have_two_names() {
    let window = stdout(&breadbin(&["--help"]));
    assert!(window.contains("--start-seed <N>"), "{window}");
    assert!(
        !window.lines().any(|l| l.trim_start().starts_with("--seed")),
        "no window option --seed: {window}"
    );
    let profile = stdout(&breadbin(&["profile", "--help"]));
    assert!(
        profile.contains("--seed") && profile.contains("251"),
        "{profile}"
    );
}

#[test]
fn exit_on_d7ff_returns_the_value_written() {
    let bas = tmp("d7ff.bas");
    std::fs::write(&bas, "10 POKE 55295,42\n").unwrap();
    let o = breadbin(&["run", "--headless", bas.to_str().unwrap(), "--exit-on-d7ff"]);
    assert_eq!(o.status.code(), Some(42), "{}", stderr(&o));
}

#[test]
fn an_event_that_never_happens_is_status_124() {
    let bas = tmp("forever.bas");
    std::fs::write(&bas, "10 GOTO 10\n").unwrap();
    let o = breadbin(&[
        "run",
        "--headless",
        bas.to_str().unwrap(),
        "--until-ready",
        "--seconds",
        "3",
    ]);
    one_line_error(&o, 124, "never happened");
}
