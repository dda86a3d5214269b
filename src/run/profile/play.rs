//! Making the harness's runs, many at a time.

use super::ProfileError;
use super::spec::{Driver, RunRecord, RunSpec};
use super::{harness, replay};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Play one run.
pub fn run(spec: &RunSpec) -> Result<RunRecord, ProfileError> {
    match &spec.driver {
        Driver::Replay(rec) => replay::replay(spec, rec),
        _ => harness::play(spec),
    }
}

/// Make every run, on `threads` threads; `progress(done, total)` after each.
pub fn run_all(
    specs: &[RunSpec],
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Result<RunRecord, ProfileError>> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<RunRecord, ProfileError>>>> =
        Mutex::new((0..specs.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(spec) = specs.get(i) else { break };
                    let r = run(spec);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, specs.len());
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every run was made"))
        .collect()
}
