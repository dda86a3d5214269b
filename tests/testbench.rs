//! The test bench's ratchet: every program listed in `tests/testbench_baseline.txt` must
//! still pass on the open ROMs. The list only grows: a change that makes more programs pass
//! adds them (`breadbin testbench --write-passing FILE` writes the current list).
//! Skips with a message when the test bench data (../shared/testdata) is absent.

mod shared_data;

use breadbin::run::testbench;
use std::path::PathBuf;

fn bench_dir() -> Option<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(testbench::DEFAULT_DIR);
    d.join("tests.tsv").is_file().then_some(d)
}

#[test]
fn every_program_of_the_baseline_still_passes() {
    let Some(dir) = bench_dir() else {
        shared_data::absent::<()>(&format!(
            "the VICE test bench at {}",
            testbench::DEFAULT_DIR
        ));
        return;
    };
    let baseline = testbench::read_baseline(
        &std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/testbench_baseline.txt"),
        )
        .expect("tests/testbench_baseline.txt"),
    );
    assert!(!baseline.is_empty());
    let all = testbench::read_list(&dir).expect("tests.tsv reads");
    let unknown: Vec<&String> = baseline
        .iter()
        .filter(|p| !all.iter().any(|e| &e.program == *p))
        .collect();
    assert!(unknown.is_empty(), "not in tests.tsv: {unknown:?}");
    let entries: Vec<_> = all
        .into_iter()
        .filter(|e| baseline.contains(&e.program))
        .collect();
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let results = testbench::run(
        &dir,
        &entries,
        breadbin::Roms::open(),
        threads,
        &|_, _, _| {},
    )
    .expect("the bench runs");
    let lost: Vec<String> = results
        .iter()
        .filter(|r| !r.passed())
        .map(|r| format!("{} ({})", r.entry.program, r.ending.describe()))
        .collect();
    assert!(
        lost.is_empty(),
        "{} of {} baseline programs no longer pass:\n  {}",
        lost.len(),
        results.len(),
        lost.join("\n  ")
    );
    eprintln!("{} baseline programs pass", results.len());
}
