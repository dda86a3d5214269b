//! The test bench's ratchet: every program listed in `tests/testbench_baseline.txt` must
//! still pass on the open ROMs. The list only grows: a change that makes more programs pass
//! adds them (`breadbin testbench --write-passing FILE` writes the current list).
//! The picture runs have their own ratchet, `tests/testbench_pictures_baseline.txt`, and
//! the other chip models' runs (`tests-models.tsv`) theirs, `tests/testbench_models_baseline.txt`.
//! Skips with a message when the test bench data (../shared/testdata) is absent.

mod shared_data;

use breadbin::run::testbench;
use std::path::PathBuf;

/// The bench's folder, or `None` after saying why it is skipped.
fn bench_dir() -> Option<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(testbench::DEFAULT_DIR);
    if d.join("tests.tsv").is_file() {
        return Some(d);
    }
    shared_data::absent(&format!(
        "the VICE test bench at {}",
        testbench::DEFAULT_DIR
    ))
}

/// The programs of `dir`'s list named in the ratchet file `baseline` (every one of them must
/// be in the list), run on the open ROMs: the ones that no longer pass, described.
fn ratchet(dir: &std::path::Path, baseline: &str) -> (usize, Vec<String>) {
    ratchet_of(dir, "tests.tsv", baseline)
}

/// [`ratchet`] for the list `list` of `dir`.
fn ratchet_of(dir: &std::path::Path, list: &str, baseline: &str) -> (usize, Vec<String>) {
    let baseline = testbench::read_baseline(
        &std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(baseline))
            .expect(baseline),
    );
    assert!(!baseline.is_empty());
    let all = testbench::read_list_file(dir, list).expect("the list reads");
    let unknown: Vec<&String> = baseline
        .iter()
        .filter(|p| !all.iter().any(|e| &e.key() == *p))
        .collect();
    assert!(unknown.is_empty(), "not in {list}: {unknown:?}");
    let entries: Vec<_> = all
        .into_iter()
        .filter(|e| baseline.contains(&e.key()))
        .collect();
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let results = testbench::run(
        dir,
        &entries,
        breadbin::Roms::open(),
        threads,
        &|_, _, _| {},
    )
    .expect("the bench runs");
    let lost = results
        .iter()
        .filter(|r| !r.passed())
        .map(|r| format!("{} ({})", r.entry.key(), r.describe()))
        .collect();
    (results.len(), lost)
}

#[test]
fn every_program_of_the_baseline_still_passes() {
    let Some(dir) = bench_dir() else {
        return;
    };
    let (n, lost) = ratchet(&dir, "tests/testbench_baseline.txt");
    assert!(
        lost.is_empty(),
        "{} of {n} baseline programs no longer pass:\n  {}",
        lost.len(),
        lost.join("\n  ")
    );
    eprintln!("{n} baseline programs pass");
}

/// The picture runs' ratchet: every program listed in `tests/testbench_pictures_baseline.txt`
/// still shows its reference picture (`breadbin testbench ../shared/testdata/vice-screenshots
/// --write-passing FILE` writes the current list).
#[test]
fn every_picture_of_the_baseline_still_matches() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(testbench::picture::DEFAULT_DIR);
    if !dir.join("tests.tsv").is_file() {
        shared_data::absent::<()>(&format!(
            "the VICE test bench's picture runs at {}",
            testbench::picture::DEFAULT_DIR
        ));
        return;
    }
    let all = testbench::read_list(&dir).expect("tests.tsv reads");
    assert_eq!(all.len(), 141, "the picture runs");
    assert!(all.iter().all(|e| e.expect.is_picture()));
    let (n, lost) = ratchet(&dir, "tests/testbench_pictures_baseline.txt");
    assert!(
        lost.is_empty(),
        "{} of {n} baseline pictures no longer match:\n  {}",
        lost.len(),
        lost.join("\n  ")
    );
    eprintln!("{n} baseline pictures match");
}

/// Genuine ROMs with a 1541 DOS from `BREADBIN_GENUINE_ROMS`, or `None` after saying why.
fn genuine_roms_with_dos() -> Option<breadbin::Roms> {
    let Some(roms_dir) = std::env::var_os("BREADBIN_GENUINE_ROMS") else {
        eprintln!("skipping: BREADBIN_GENUINE_ROMS is not set");
        return None;
    };
    let roms = breadbin::Roms::from_dir(std::path::Path::new(&roms_dir))
        .expect("BREADBIN_GENUINE_ROMS holds ROMs");
    if roms.dos.is_none() {
        eprintln!("skipping: no 1541 DOS image in BREADBIN_GENUINE_ROMS");
        return None;
    }
    Some(roms)
}

/// Run `entries` on all cores with `roms`; every one must pass.
fn assert_all_pass(dir: &std::path::Path, entries: &[testbench::Entry], roms: breadbin::Roms) {
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let results =
        testbench::run(dir, entries, roms, threads, &|_, _, _| {}).expect("the bench runs");
    let failed: Vec<String> = results
        .iter()
        .filter(|r| !r.passed())
        .map(|r| format!("{} ({})", r.entry.program, r.ending.describe()))
        .collect();
    assert!(failed.is_empty(), "failing: {failed:?}");
}

/// The disk runs (`tests-disk.tsv`) that fail with genuine ROMs, and why.
const DISK_RUNS_FAILING: [(&str, &str); 1] = [(
    "drive/hls-protection/hlstest.prg",
    "needs the read electronics' timing of BYTE READY against SYNC",
)];

/// With genuine ROMs and DOS, every disk run of `tests-disk.tsv` that breadbin can run
/// passes but those listed in [`DISK_RUNS_FAILING`]: the ratchet of the disk runs.
#[test]
fn the_disk_runs_pass_with_a_genuine_dos() {
    let Some(dir) = bench_dir() else {
        return;
    };
    let Some(roms) = genuine_roms_with_dos() else {
        return;
    };
    let all = testbench::read_list_file(&dir, "tests-disk.tsv").expect("tests-disk.tsv reads");
    let entries: Vec<_> = all
        .into_iter()
        .filter(|e| e.unsupported().is_none())
        .filter(|e| !DISK_RUNS_FAILING.iter().any(|(p, _)| e.program == *p))
        .collect();
    assert!(entries.len() >= 28, "{} disk runs to pass", entries.len());
    assert_all_pass(&dir, &entries, roms);
    eprintln!("{} disk runs pass", entries.len());
}

/// The disk runs that fail on the open ROMs with their DOS (the P64 runs aside), and why.
/// All but `hlstest` pass with Commodore's DOS: the README lists them.
const DISK_RUNS_FAILING_OPEN: [(&str, &str); 5] = [
    (
        "C64/autostart/defaults/test.prg",
        "compares the machine after LOAD\"TEST\",8 with what the genuine ROMs leave",
    ),
    (
        "drive/1541-testsuite/1541-testsuite.prg",
        "calls the genuine KERNAL's internal open and close; its drive-side tests fail too",
    ),
    (
        "drive/diskid/diskid1.prg",
        "its drive code reads headers through $F556 and $F497 and times out with ours",
    ),
    (
        "drive/inertia/drive-emu-check.prg",
        "its drive code calls routines inside Commodore's DOS",
    ),
    (
        "drive/hls-protection/hlstest.prg",
        "needs the timing of BYTE READY against SYNC (fails with the genuine DOS too)",
    ),
];

/// Every run of `list` named in `baseline` still passes; `what` names the runs in the
/// messages.
fn assert_ratchet(list: &str, baseline: &str, what: &str) {
    let Some(dir) = bench_dir() else {
        return;
    };
    let (n, lost) = ratchet_of(&dir, list, baseline);
    assert!(
        lost.is_empty(),
        "{} of {n} baseline {what} runs no longer pass:\n  {}",
        lost.len(),
        lost.join("\n  ")
    );
    eprintln!("{n} baseline {what} runs pass");
}

/// The other chip models' ratchet: every program listed in
/// `tests/testbench_models_baseline.txt` still passes on the chips its options name.
#[test]
fn every_model_run_of_the_baseline_still_passes() {
    assert_ratchet(
        "tests-models.tsv",
        "tests/testbench_models_baseline.txt",
        "model",
    );
}

/// The expansions' ratchet: every run listed in `tests/testbench_expansions_baseline.txt`
/// still passes with the cartridge and expansion its list names.
#[test]
fn every_expansion_run_of_the_baseline_still_passes() {
    assert_ratchet(
        "tests-expansions.tsv",
        "tests/testbench_expansions_baseline.txt",
        "expansion",
    );
}

/// On the open ROMs with their DOS, every disk run of `tests-disk.tsv` that breadbin can
/// run passes but those listed in [`DISK_RUNS_FAILING_OPEN`]: the ratchet of the disk runs
/// on a fresh clone's machine.
#[test]
fn the_disk_runs_pass_on_the_open_roms() {
    let Some(dir) = bench_dir() else {
        return;
    };
    let all = testbench::read_list_file(&dir, "tests-disk.tsv").expect("tests-disk.tsv reads");
    let entries: Vec<_> = all
        .into_iter()
        .filter(|e| e.unsupported().is_none())
        .filter(|e| !DISK_RUNS_FAILING_OPEN.iter().any(|(p, _)| e.program == *p))
        .collect();
    assert!(entries.len() >= 23, "{} disk runs to pass", entries.len());
    assert_all_pass(&dir, &entries, breadbin::Roms::open());
    eprintln!("{} disk runs pass on the open ROMs", entries.len());
}

/// With genuine ROM images holding a 1541 DOS (`BREADBIN_GENUINE_ROMS=DIR`), the drive's
/// programs of the bench pass: the 1541's VIAs against the reference data the programs
/// carry (recorded on real drives), its clock and the serial bus against the programs'
/// timing. Skips without the images or the bench.
#[test]
fn the_drive_programs_pass_with_a_genuine_dos() {
    let Some(dir) = bench_dir() else {
        return;
    };
    let Some(roms) = genuine_roms_with_dos() else {
        return;
    };
    let all = testbench::read_list(&dir).expect("tests.tsv reads");
    let entries = testbench::select(
        all,
        &[
            "drive/".to_string(),
            "general/fuxxortest/ef2-inst1".to_string(),
            "general/fuxxortest/test-fuxxored".to_string(),
        ],
    )
    .expect("the bench lists drive programs");
    assert_eq!(entries.len(), 21);
    assert_all_pass(&dir, &entries, roms);
}
