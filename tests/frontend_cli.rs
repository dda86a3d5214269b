//! The `breadbin` command's window side from the outside: no display, bad arguments and
//! files give one clear line and a non-zero status, never a panic; `--help` shows the
//! window controls.
#![cfg(feature = "frontend")]

use std::process::{Command, Output};

fn breadbin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_breadbin"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("breadbin runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_one_clean_line(o: &Output) {
    let e = stderr(o);
    assert!(!e.contains("panicked"), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "one line: {e:?}");
}

#[test]
fn without_a_display_it_says_so_and_suggests_headless() {
    let o = breadbin(&["--basic", "--no-sound"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_one_clean_line(&o);
    let e = stderr(&o);
    assert!(e.contains("cannot open a window"), "{e}");
    assert!(e.contains("--headless"), "{e}");
}

#[test]
fn an_unusable_scale_is_a_usage_error() {
    for bad in ["0", "9", "two", "-1"] {
        let o = breadbin(&[&format!("--scale={bad}")]);
        assert_eq!(o.status.code(), Some(2), "--scale {bad}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains("--scale"), "{e}");
        assert!(!e.contains("panicked"), "{e}");
    }
}

#[test]
fn a_missing_rom_folder_or_bad_file_is_named() {
    let o = breadbin(&["--roms", "/nonexistent/breadbin-roms"]);
    assert_eq!(o.status.code(), Some(1));
    assert_one_clean_line(&o);
    assert!(stderr(&o).contains("/nonexistent/breadbin-roms"));

    let dir = std::env::temp_dir().join(format!("breadbin-frontend-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("notes.txt");
    std::fs::write(&f, b"x").unwrap();
    let o = breadbin(&[f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_one_clean_line(&o);
    let e = stderr(&o);
    assert!(
        e.contains("notes.txt") && e.contains(".prg, .bas and .t64"),
        "{e}"
    );
    // Said to be a PRG, it is read as one: too short.
    let o = breadbin(&["--prg", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_one_clean_line(&o);
    let e = stderr(&o);
    assert!(e.contains("notes.txt") && e.contains("too short"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_lists_the_window_controls() {
    let o = breadbin(&["--help"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    for needle in [
        "F9", "F10", "F11", "F12", "Ctrl+F9", "Ctrl+F10", "Ctrl+F12", "PageUp", "--scale",
    ] {
        assert!(out.contains(needle), "--help lacks {needle}:\n{out}");
    }
}
