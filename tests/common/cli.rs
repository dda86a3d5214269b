//! Running the `breadbin` binary from a test, with files in a folder of its own.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Run the binary with `args` and collect what it did.
pub fn breadbin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_breadbin"))
        .args(args)
        .output()
        .expect("breadbin runs")
}

/// A path named `name` in a folder for `group` and this test process.
pub fn tmp_in(group: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breadbin-{group}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// `o` failed with `code` and one line on stderr that mentions `needle` (and no panic).
pub fn one_line_error(o: &Output, code: i32, needle: &str) {
    let e = stderr(o);
    assert_eq!(o.status.code(), Some(code), "{e}");
    assert!(!e.contains("panicked"), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "one line: {e:?}");
    assert!(e.contains(needle), "{e:?} should mention {needle:?}");
}
