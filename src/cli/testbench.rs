//! `breadbin testbench`: the VICE test bench's runs on breadbin, with the report, the
//! result files and the ratchet check (`run/testbench/` does the work).

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub(crate) struct TestbenchArgs {
    /// The test bench folder (holding tests.tsv), or a checkout of the VICE-testprogs
    /// collection (holding testbench/c64-testlist.in).
    #[arg(default_value = breadbin::run::testbench::DEFAULT_DIR)]
    pub(crate) dir: PathBuf,
    /// The list of runs in DIR: tests.tsv (plain PAL), tests-disk.tsv (a disk in drive 8),
    /// tests-models.tsv or tests-expansions.tsv; in a checkout, the same lists made from
    /// the collection's own (also named plain, disk, models and expansions).
    #[arg(long, value_name = "LIST", default_value = "tests.tsv")]
    pub(crate) tests: String,
    /// Run only programs whose path starts with PREFIX (repeatable), e.g. `CIA/` or `CPU/sha`.
    #[arg(long, value_name = "PREFIX")]
    pub(crate) only: Vec<String>,
    /// Use genuine ROM images from this folder instead of the open ROMs.
    #[arg(long, value_name = "DIR")]
    pub(crate) roms: Option<PathBuf>,
    /// Also write the results in the test bench's own result-file format.
    #[arg(long, value_name = "FILE")]
    pub(crate) results: Option<PathBuf>,
    /// Write the programs that passed, one per line: the ratchet file's format.
    #[arg(long, value_name = "FILE")]
    pub(crate) write_passing: Option<PathBuf>,
    /// A ratchet file (programs that must pass, one per line, as --write-passing writes
    /// them): the exit status is 1 when one of them fails.
    #[arg(long, value_name = "FILE")]
    pub(crate) ratchet: Option<PathBuf>,
    /// Runs at a time (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub(crate) jobs: Option<u32>,
    /// For each failing picture run, write breadbin's frame, the reference and their
    /// difference side by side to DIR/PROGRAM.png.
    #[arg(long, value_name = "DIR")]
    pub(crate) diff_dir: Option<PathBuf>,
}

/// `breadbin testbench`: run a list of the bench, report, and check a ratchet.
pub(crate) fn testbench(a: &TestbenchArgs) -> Result<ExitCode, String> {
    use breadbin::run::testbench as tb;
    use std::io::IsTerminal;
    for p in a.results.iter().chain(&a.write_passing) {
        check_output_path(p)?;
    }
    let ratchet = match &a.ratchet {
        Some(p) => tb::read_baseline(
            &std::fs::read_to_string(p)
                .map_err(|e| format!("{}: cannot read: {e}", p.display()))?,
        ),
        None => Vec::new(),
    };
    // A checkout of the collection has its own list, sorted here into the bench's four.
    let entries = if tb::collection::is_checkout(&a.dir) && !a.dir.join(&a.tests).is_file() {
        let kind = tb::collection::Kind::from_name(&a.tests).ok_or_else(|| {
            format!(
                "--tests {}: a checkout of the collection has the lists plain, disk, models \
                 and expansions",
                a.tests
            )
        })?;
        tb::collection::read(&a.dir, kind)
    } else {
        tb::read_list_file(&a.dir, &a.tests)
    }
    .map_err(|e| e.to_string())?;
    let entries = tb::select(entries, &a.only).map_err(|e| e.to_string())?;
    let roms = breadbin::Roms::load(a.roms.as_deref()).map_err(|e| e.to_string())?;
    let threads = a.jobs.map(|j| j as usize).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let tty = std::io::stderr().is_terminal();
    let progress = move |done: usize, total: usize, passed: usize| {
        if tty {
            eprint!("\rtestbench: {done}/{total} run, {passed} passed ");
            if done == total {
                eprintln!();
            }
        } else if done.is_multiple_of(50) || done == total {
            eprintln!("testbench: {done}/{total} run, {passed} passed");
        }
    };
    let t0 = std::time::Instant::now();
    let results = tb::run(&a.dir, &entries, roms, threads, &progress).map_err(|e| e.to_string())?;
    let elapsed = t0.elapsed();
    // Other emulators' figures are per folder of the whole bench: shown for whole runs only.
    let published = a
        .only
        .is_empty()
        .then(|| tb::read_published(&a.dir, &a.tests))
        .flatten();
    print!("{}", tb::report(&results, published.as_ref()));
    eprintln!(
        "testbench: {} programs in {:.1} s on {threads} threads",
        results.len(),
        elapsed.as_secs_f64()
    );
    if let Some(p) = &a.results {
        std::fs::write(p, tb::results_file(&results, elapsed))
            .map_err(|e| format!("{}: cannot write: {e}", p.display()))?;
    }
    if let Some(p) = &a.write_passing {
        std::fs::write(p, tb::passing_file(&results))
            .map_err(|e| format!("{}: cannot write: {e}", p.display()))?;
    }
    if let Some(d) = &a.diff_dir {
        let n = tb::picture::write_diffs(&a.dir, &results, d)?;
        eprintln!("testbench: {n} difference pictures in {}", d.display());
    }
    // Programs of the ratchet that ran and did not pass (those not run are not judged).
    let failing: Vec<String> = results
        .iter()
        .map(|r| (r, r.entry.key()))
        .filter(|(r, key)| !r.passed() && ratchet.contains(key))
        .map(|(_, key)| key)
        .collect();
    if !failing.is_empty() {
        eprintln!(
            "testbench: {} of the ratchet's programs failed: {}",
            failing.len(),
            failing.join(", ")
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuse an output path before any work when its folder does not exist or it names a folder.
fn check_output_path(p: &std::path::Path) -> Result<(), String> {
    if p.is_dir() {
        return Err(format!("{}: is a folder, not a file", p.display()));
    }
    let parent = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    if !parent.is_dir() {
        return Err(format!(
            "{}: folder {} does not exist",
            p.display(),
            parent.display()
        ));
    }
    Ok(())
}
