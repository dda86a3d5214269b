//! Edge cases of the open BASIC that the reference screens do not show, with the results a
//! C64 gives: VAL of text that is not a number, operator precedence, INPUT of a non-number.

use breadbin::run::headless::{self, RunOptions};
use std::path::PathBuf;

fn run(name: &str, source: &str, typed: Option<&str>) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("breadbin-edge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, source).unwrap();
    let opts = RunOptions {
        autostart: Some(path),
        until_ready: typed.is_none(),
        type_text: typed.map(str::to_string),
        limit: Some(breadbin::run::headless::Limit::Seconds(20.0)),
        ..Default::default()
    };
    let (outcome, c64) = headless::run(&opts).unwrap();
    assert!(
        outcome.message().is_none() || typed.is_some(),
        "{outcome:?}"
    );
    c64.screen_text(breadbin::basic::TextStyle::Reference)
        .lines()
        .map(str::to_string)
        .collect()
}

fn after_run(lines: &[String]) -> Vec<String> {
    let i = lines
        .iter()
        .position(|l| l.trim() == "RUN")
        .expect("RUN on screen");
    lines[i + 1..].to_vec()
}

#[test]
fn val_of_text_that_is_not_a_number_is_zero() {
    let src = "10 PRINT VAL(\"&\");VAL(\"(\");VAL(\"$1\");VAL(\"A\");VAL(\"\");VAL(\".\");VAL(\"1E\");VAL(\"-\")\n";
    let out = after_run(&run("val.bas", src, None));
    assert_eq!(out[0].trim_end(), " 0  0  0  0  0  0  1  0");
}

#[test]
fn operator_precedence() {
    let src = "10 PRINT -2^2;2^-2;NOT 1;10 AND 3 OR 4;\"A\"<\"AA\";5-3-1;8/4/2\n";
    let out = after_run(&run("prec.bas", src, None));
    assert_eq!(out[0].trim_end(), "-4  .25 -2  6 -1  1  1");
}

#[test]
fn input_of_a_non_number_asks_again() {
    let lines = run(
        "input.bas",
        "10 INPUT A:PRINT A*2\n",
        Some("&{RETURN}21{RETURN}"),
    );
    let out = after_run(&lines);
    assert_eq!(out[0].trim_end(), "? &");
    assert_eq!(out[1].trim_end(), "?REDO FROM START");
    assert_eq!(out[2].trim_end(), "? 21");
    assert_eq!(out[3].trim_end(), " 42");
}
