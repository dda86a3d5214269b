//! Headless runs that wait for BASIC's prompt: `--until-ready` without a program ends at
//! the prompt (after what `--type` typed, if anything), and a run from a save state taken
//! at the prompt types and starts there instead of waiting for a power-on prompt.

mod common;

use common::cli::{breadbin, tmp_in};
use std::path::PathBuf;
use std::process::Output;

fn tmp(name: &str) -> PathBuf {
    tmp_in("prompt", name)
}

/// The screen's last non-empty rows.
fn last_rows(o: &Output, n: usize) -> Vec<String> {
    let text = String::from_utf8_lossy(&o.stdout);
    let rows: Vec<String> = text
        .lines()
        .map(|l| l.trim_end().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    rows[rows.len().saturating_sub(n)..].to_vec()
}

#[test]
fn until_ready_without_a_program_ends_at_the_prompt_after_what_was_typed() {
    let o = breadbin(&["run", "--headless", "--until-ready"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let o = breadbin(&[
        "run",
        "--headless",
        "--until-ready",
        "--type",
        "?6*7\n",
        "--screen-text",
    ]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert_eq!(last_rows(&o, 2), [" 42", "READY."]);
}

#[test]
fn a_state_saved_at_the_prompt_takes_typed_keys_and_programs_there() {
    let state = tmp("ready.state");
    let o = breadbin(&["run", "--headless", "--until-ready", "--save-state"]);
    assert_ne!(o.status.code(), Some(0), "--save-state needs its file");
    let s = state.to_str().unwrap();
    let o = breadbin(&["run", "--headless", "--until-ready", "--save-state", s]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");

    let common = [
        "run",
        "--headless",
        "--load-state",
        s,
        "--until-ready",
        "--screen-text",
    ];
    let o = breadbin(&[&common[..], &["--type", "?6*7\n"]].concat());
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert_eq!(last_rows(&o, 2), [" 42", "READY."]);

    let prg = tmp("hi.bas");
    std::fs::write(&prg, "10 PRINT \"HI\"\n").unwrap();
    let o = breadbin(&[&common[..], &[prg.to_str().unwrap()]].concat());
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert_eq!(last_rows(&o, 2), ["HI", "READY."]);
    std::fs::remove_dir_all(state.parent().unwrap()).unwrap();
}
