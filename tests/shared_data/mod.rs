//! The test data beside the checkout (`../shared`), and what a test does when it is absent:
//! it skips with the reason printed, or, when `CI` is set, fails (CI must run them all).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// `rel` under `../shared`, whether it is there or not.
pub fn path(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(rel)
}

/// `rel` under `../shared` if it is there; otherwise see [`absent`].
pub fn require(rel: &str) -> Option<PathBuf> {
    let p = path(rel);
    if p.exists() {
        Some(p)
    } else {
        absent(&p.display().to_string())
    }
}

/// `what` (shared data) is missing: `None` after saying the test skips, or a failure when
/// `CI` is set.
pub fn absent<T>(what: &str) -> Option<T> {
    assert!(
        std::env::var_os("CI").is_none(),
        "{what} is absent: CI runs every test on the shared data (../shared)"
    );
    eprintln!("skipped: {what} is absent");
    None
}
