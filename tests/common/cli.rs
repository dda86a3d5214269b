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
