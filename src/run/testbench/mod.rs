//! The VICE test bench, run on breadbin: the exit-code programs of the VICE-testprogs
//! collection with their cycle limits (`tests.tsv`), as C64 emulators are compared on it.
//!
//! The convention (the collection's `testbench/readme.txt`, "debug cartridge"): power on a
//! PAL C64, load the program as `LOAD"…",8,1` would, type `RUN`, and run until the program
//! writes to $D7FF or its cycle limit (counted from power-on) passes. 0 is a pass, $FF a
//! failure. A program expected to hang (`timeout` in `tests.tsv`) passes when it writes
//! neither 0 nor $FF before its limit.
//!
//! The picture runs (the `vice-screenshots` folder, a list without an `expect` column) pass
//! when the frame shows the program's reference picture instead: [`picture`].
//!
//! Every run starts from one machine booted to the READY prompt and cloned, so each program
//! sees exactly the power-on a fresh machine gives it, and the boot is done once.
//!
//! Its place among the layers: ARCHITECTURE.md.

use crate::c64::roms::Roms;
use crate::c64::{C64, Model};
use crate::c64::{Event, Halt};
use crate::chips::expansion::Expansion;
use crate::drive::Disk;
use crate::host::autostart;
use crate::media::disk::{D64, Image, load_image};
use crate::media::{MediaError, Program};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

mod cartridge;
pub mod collection;
mod list;
mod palettes;
pub mod picture;
pub use list::{Entry, Expect, read_list, read_list_file};

/// The test bench's default location, beside the project's checkout.
pub const DEFAULT_DIR: &str = "../shared/testdata/vice-testbench";

/// How one run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The program wrote this value to $D7FF.
    Wrote(u8),
    /// The limit passed without a write (a jammed CPU counts here: it can never write).
    Timeout,
    /// Not run: it needs what breadbin does not emulate ([`Entry::unsupported`], or a drive
    /// when the ROMs have no DOS).
    NotRun,
}

impl Ending {
    pub fn passes(self, expect: Expect) -> bool {
        match expect {
            Expect::Pass => self == Ending::Wrote(0),
            Expect::Timeout => !matches!(self, Ending::Wrote(0 | 0xFF) | Ending::NotRun),
            Expect::Picture | Expect::NotPicture => false,
        }
    }

    /// The status word of the test bench's result files, from the exit code an emulator
    /// gives (the value written, or 1 for a timeout): 0 `ok`, 1 `timeout`, else `error`.
    pub fn status(self) -> &'static str {
        match self {
            Ending::Wrote(0) => "ok",
            Ending::Wrote(1) | Ending::Timeout => "timeout",
            Ending::Wrote(_) | Ending::NotRun => "error",
        }
    }

    /// For people: `wrote $FF`, `timeout`.
    pub fn describe(self) -> String {
        match self {
            Ending::Wrote(v) => format!("wrote ${v:02X}"),
            Ending::Timeout => "timeout".into(),
            Ending::NotRun => "not run".into(),
        }
    }
}

/// Why the bench could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("{path}: cannot read: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}:{line}: {message}")]
    List {
        path: PathBuf,
        line: usize,
        message: String,
    },
    #[error("{0}")]
    Program(#[from] MediaError),
    #[error("{0}")]
    Roms(#[from] crate::c64::roms::RomError),
    #[error("{0}")]
    Model(#[from] crate::c64::model::ModelError),
    #[error("the machine did not reach the BASIC prompt (READY.) within {seconds} s of power-on")]
    NoPrompt { seconds: u64 },
    #[error("--only {0}: no program of the test bench starts with it")]
    NoMatch(String),
}

/// Programs whose notes say they must be loaded from disk by name, as a person types it
/// (`C64/autostart/defaults/readme.txt`: it checks the machine as `LOAD"TEST",8` leaves it).
/// Their run puts the program on its disk (a fresh one when the list gives none) under this
/// name, types the `LOAD` and then `RUN`.
const LOADED_BY_NAME: &[(&str, &str)] = &[("C64/autostart/defaults/test.prg", "TEST")];

/// Emulated seconds the boot may take before the bench gives up.
const BOOT_SECONDS: u64 = 10;

/// A PAL C64 powered on with `roms` and run to BASIC's first prompt: the start of every run.
pub fn ready_machine(roms: Roms) -> Result<C64, BenchError> {
    ready_model(roms, Model::C64_PAL)
}

/// Cycles from a frame's start to the moment a run's ready machine is taken (see
/// [`ready_model`]). With these, our ROMs enter a program in line 156, cycle 60 of its frame,
/// where VICE x64sc's autostart entered the same program with the same ROMs when measured.
pub const START_IN_FRAME: u64 = 830;

/// [`ready_machine`] for `model`, taken [`START_IN_FRAME`] cycles into the first frame that
/// starts after the prompt, at an instruction boundary. Where in the frame a program starts
/// then depends only on how BASIC runs `RUN`, not on how long the ROMs took to boot: most
/// programs of the bench lock to the raster by themselves, but some pass or fail by the
/// phase they start in.
pub fn ready_model(roms: Roms, model: Model) -> Result<C64, BenchError> {
    let mut c64 = C64::with_model(roms, model)?;
    // Only $D7FF decides: no pixels are drawn.
    c64.set_render(false);
    let boot = BOOT_SECONDS * c64.model().clock_hz;
    if !autostart::run_until_ready(&mut c64, boot) {
        return Err(BenchError::NoPrompt {
            seconds: BOOT_SECONDS,
        });
    }
    to_start_point(&mut c64, boot);
    Ok(c64)
}

/// Run on to [`START_IN_FRAME`] cycles into the next frame, then to an instruction boundary
/// (or to `limit`).
fn to_start_point(c64: &mut C64, limit: u64) {
    c64.run_frame();
    c64.run_cycles(START_IN_FRAME);
    while c64.run_until(limit, |c| c.cpu().at_instruction_boundary()) == Halt::Event {}
}

/// Run one program from a copy of the ready machine: inject it as LOAD would, type RUN,
/// and run until the first write to $D7FF or `limit` cycles from power-on.
pub fn run_program(ready: &C64, program: &Program, limit: u64) -> Ending {
    run_with_disk(ready, program, None, limit)
}

/// [`run_program`] with `disk` in drive 8 (`None`: the drive keeps what it has).
pub fn run_with_disk(ready: &C64, program: &Program, disk: Option<&Image>, limit: u64) -> Ending {
    let mut c64 = ready.clone();
    if let Some(image) = disk {
        match c64.drive_mut() {
            Some(drive) => drive.insert_disk(Disk::from_image(image)),
            None => return Ending::NotRun,
        };
    }
    autostart::start_program(&mut c64, program);
    run_to_exit(c64, limit)
}

/// Run `program` from a copy of the ready machine with `disk` in drive 8 holding it as
/// `name`: `LOAD"name",8` and then `RUN` are typed.
pub fn run_loaded_by_name(
    ready: &C64,
    program: &Program,
    disk: Option<&Image>,
    name: &str,
    limit: u64,
) -> Ending {
    let mut c64 = ready.clone();
    let mut d64 = match disk {
        Some(Image::D64(d)) => d.clone(),
        Some(Image::G64(_)) => return Ending::NotRun,
        None => D64::formatted(b"BREADBIN", *b"BB"),
    };
    let mut bytes = program.prg.load.to_le_bytes().to_vec();
    bytes.extend_from_slice(&program.prg.data);
    if d64.read_file(name.as_bytes()).is_none()
        && d64
            .write_file(name.as_bytes(), crate::media::disk::FileType::Prg, &bytes)
            .is_err()
    {
        return Ending::NotRun;
    }
    match c64.drive_mut() {
        Some(drive) => drive.insert_disk(Disk::from_d64(&d64)),
        None => return Ending::NotRun,
    };
    let line = [b"LOAD\"", name.as_bytes(), b"\",8\r"].concat();
    let mut start = autostart::Autostart::typed_load(&line, Vec::new());
    start.begin(&mut c64);
    let mut s = autostart::Session::new(c64, start);
    loop {
        match s.run_until(limit, |_, _, _| false) {
            Halt::Event => {
                if let Some(Event::DebugExit(v)) = s.c64.take_events().into_iter().next() {
                    return Ending::Wrote(v);
                }
            }
            Halt::Jam | Halt::Limit | Halt::Stop => return Ending::Timeout,
        }
    }
}

/// Run until the first write to $D7FF or `limit` cycles from power-on.
fn run_to_exit(mut c64: C64, limit: u64) -> Ending {
    loop {
        match c64.run_until(limit, |_| false) {
            Halt::Event => {
                if let Some(Event::DebugExit(v)) = c64.take_events().into_iter().next() {
                    return Ending::Wrote(v);
                }
            }
            Halt::Jam | Halt::Limit | Halt::Stop => return Ending::Timeout,
        }
    }
}

/// One program's result.
#[derive(Debug, Clone)]
pub struct RunResult {
    pub entry: Entry,
    pub ending: Ending,
    /// A picture run's picture (`None` for an exit-code run and a run not run).
    pub picture: Option<picture::Verdict>,
}

impl RunResult {
    pub fn passed(&self) -> bool {
        match &self.picture {
            Some(v) => v.passes(self.ending, self.entry.expect),
            None => self.ending.passes(self.entry.expect),
        }
    }

    /// How it ended, for people.
    pub fn describe(&self) -> String {
        match &self.picture {
            Some(v) => v.describe(self.ending),
            None => self.ending.describe(),
        }
    }
}

/// The entries whose program path starts with one of `prefixes` (all when empty).
pub fn select(entries: Vec<Entry>, prefixes: &[String]) -> Result<Vec<Entry>, BenchError> {
    if prefixes.is_empty() {
        return Ok(entries);
    }
    for p in prefixes {
        if !entries.iter().any(|e| e.name().starts_with(p.as_str())) {
            return Err(BenchError::NoMatch(p.clone()));
        }
    }
    Ok(entries
        .into_iter()
        .filter(|e| prefixes.iter().any(|p| e.name().starts_with(p.as_str())))
        .collect())
}

/// Run `entries` of the bench in `dir` on `threads` threads. All programs are read and
/// checked before the first run. `progress(done, total, passed)` is called after each run.
pub fn run(
    dir: &Path,
    entries: &[Entry],
    roms: Roms,
    threads: usize,
    progress: &(dyn Fn(usize, usize, usize) + Sync),
) -> Result<Vec<RunResult>, BenchError> {
    // Each run's program and disk, read and checked before the first run; `None` for a run
    // that needs what breadbin does not emulate.
    let mut setups: Vec<Option<(Program, Option<Image>)>> = Vec::with_capacity(entries.len());
    // Each device for the expansion port (a cartridge or a RAM expansion), or why the run
    // cannot have it.
    let mut carts: Vec<Option<Result<Box<dyn Expansion>, String>>> = Vec::new();
    for e in entries {
        let cartridge = (!e.cartridge.is_empty() && e.unsupported().is_none())
            .then(|| crate::host::cartridge::load(&dir.join(&e.cartridge)));
        carts.push(match (e.expansion(), cartridge) {
            (Some(Ok(ram)), Some(Ok(cart))) if e.unsupported().is_none() => Some(
                crate::cart::passthrough::PassThrough::new(cart, ram).map(|p| Box::new(p) as _),
            ),
            (Some(Ok(ram)), None) if e.unsupported().is_none() => Some(Ok(ram)),
            (_, cartridge) => cartridge,
        });
        if e.unsupported().is_some() || e.program.is_empty() {
            setups.push(None);
            continue;
        }
        let program = Program::from_file(&dir.join(&e.program))?;
        let disk = match &e.disk {
            Some((path, _)) => Some(load_image(&dir.join(path))?),
            // The drive's programs expect a disk in the drive (their readme): a fresh one.
            None if e.program.starts_with("drive/") => {
                Some(Image::D64(D64::formatted(b"BREADBIN", *b"BB")))
            }
            None => None,
        };
        setups.push(Some((program, disk)));
    }
    // Each picture run's reference, read before the first run; a missing or unusable one
    // fails its run with the reason.
    let references: Vec<Option<Result<picture::Reference, String>>> = entries
        .iter()
        .map(|e| {
            let path = picture::reference_path(dir, &e.program);
            (e.expect.is_picture() && e.unsupported().is_none())
                .then(|| picture::Reference::read(&path))
        })
        .collect();
    // One ready machine for each model the runs ask for.
    let mut readies: Vec<(Model, C64)> = Vec::new();
    for (e, setup) in entries.iter().zip(&setups) {
        if let (Some(_), Ok(m)) = (setup, e.model())
            && !readies.iter().any(|(r, _)| *r == m)
        {
            readies.push((m, ready_model(roms.clone(), m)?));
        }
    }
    let ready_for = |e: &Entry| -> &C64 {
        let m = e.model().unwrap_or_default();
        &readies
            .iter()
            .find(|(r, _)| *r == m)
            .expect("a ready machine for every run")
            .1
    };
    // Longest limits first, so that no thread is left with a long run at the end.
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(entries[i].cycles));
    let next = AtomicUsize::new(0);
    let passed = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    type Outcome = (Ending, Option<picture::Verdict>);
    let endings: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; entries.len()]);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&i) = order.get(k) else { break };
                    let e = &entries[i];
                    let by_name = LOADED_BY_NAME.iter().find(|(p, _)| *p == e.program);
                    let outcome = match (&carts[i], &setups[i], by_name, &references[i]) {
                        (Some(Ok(cart)), setup, _, _) => {
                            let m = e.model().unwrap_or_default();
                            let program = setup.as_ref().map(|(p, _)| p);
                            (
                                cartridge::run(&roms, m, cart.as_ref(), program, e.cycles),
                                None,
                            )
                        }
                        (Some(Err(_)), ..) => (Ending::NotRun, None),
                        (None, setup, by_name, reference) => match (setup, by_name, reference) {
                            (Some((program, _)), _, Some(reference)) => {
                                let (ending, v) = picture::run_and_compare(
                                    ready_for(e),
                                    program,
                                    reference,
                                    e.cycles,
                                );
                                (ending, Some(v))
                            }
                            (Some((program, disk)), Some((_, name)), None) => (
                                run_loaded_by_name(
                                    ready_for(e),
                                    program,
                                    disk.as_ref(),
                                    name,
                                    e.cycles,
                                ),
                                None,
                            ),
                            (Some((program, disk)), None, None) => (
                                run_with_disk(ready_for(e), program, disk.as_ref(), e.cycles),
                                None,
                            ),
                            (None, _, _) => (Ending::NotRun, None),
                        },
                    };
                    let result = RunResult {
                        entry: e.clone(),
                        ending: outcome.0,
                        picture: outcome.1,
                    };
                    if result.passed() {
                        passed.fetch_add(1, Ordering::Relaxed);
                    }
                    let outcome = (result.ending, result.picture);
                    endings.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(outcome);
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    progress(d, entries.len(), passed.load(Ordering::Relaxed));
                }
            });
        }
    });
    let endings = endings.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(entries
        .iter()
        .zip(endings)
        .zip(carts)
        .map(|((e, outcome), cart)| {
            let (ending, picture) = outcome.unwrap_or((Ending::Timeout, None));
            let mut entry = e.clone();
            if let Some(Err(why)) = cart {
                entry.not_run = Some(why);
            }
            RunResult {
                entry,
                ending,
                picture,
            }
        })
        .collect())
}

/// Passes and runs per top folder, in the order folders first appear.
pub fn per_folder(results: &[RunResult]) -> Vec<(String, usize, usize)> {
    let mut out: Vec<(String, usize, usize)> = Vec::new();
    for r in results {
        let f = r.entry.folder();
        let k = match out.iter().position(|(name, _, _)| name == f) {
            Some(k) => k,
            None => {
                out.push((f.to_string(), 0, 0));
                out.len() - 1
            }
        };
        out[k].1 += r.passed() as usize;
        out[k].2 += 1;
    }
    out
}

/// Other emulators' published pass counts: (emulator names, folder → one cell per name).
pub type Published = (Vec<String>, Vec<(String, Vec<String>)>);

/// Read the published results for the list `list` (`tests.tsv`: `published-results.tsv`,
/// `tests-disk.tsv`: `published-results-disk.tsv`, ...), if it is there and readable.
pub fn read_published(dir: &Path, list: &str) -> Option<Published> {
    let name = match list.strip_prefix("tests") {
        Some(rest) => format!("published-results{rest}"),
        None => return None,
    };
    let text = std::fs::read_to_string(dir.join(name)).ok()?;
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next()?.split('\t').collect();
    if head.first() == Some(&"folder") {
        let rows = lines
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let mut c = l.split('\t');
                let folder = c.next().unwrap_or("").to_string();
                (folder, c.map(String::from).collect())
            })
            .collect();
        return Some((head[1..].iter().map(|h| h.to_string()).collect(), rows));
    }
    // One row per run (program and its other columns, then one status per emulator):
    // counted here per folder as "passes/runs".
    let first = head.iter().position(|h| h.contains(' '))?;
    let names: Vec<String> = head[first..].iter().map(|h| h.to_string()).collect();
    let mut counts: Vec<(String, Vec<(usize, usize)>)> = Vec::new();
    for l in lines.filter(|l| !l.trim().is_empty()) {
        let c: Vec<&str> = l.split('\t').collect();
        let name = if c[0].is_empty() {
            c.get(2).copied().unwrap_or("")
        } else {
            c[0]
        };
        let folder = name.split('/').next().unwrap_or("").to_string();
        for key in [folder, "total".to_string()] {
            let k = match counts.iter().position(|(f, _)| *f == key) {
                Some(k) => k,
                None => {
                    counts.push((key, vec![(0, 0); names.len()]));
                    counts.len() - 1
                }
            };
            for (j, cell) in c.iter().skip(first).enumerate().take(names.len()) {
                counts[k].1[j].0 += usize::from(*cell == "ok");
                counts[k].1[j].1 += 1;
            }
        }
    }
    let rows = counts
        .into_iter()
        .map(|(f, v)| (f, v.iter().map(|(p, n)| format!("{p}/{n}")).collect()))
        .collect();
    Some((names, rows))
}

/// The report: passes per folder (beside published figures when given), the total, then
/// every failing program with how it ended.
pub fn report(results: &[RunResult], published: Option<&Published>) -> String {
    let mut out = String::new();
    let folders = per_folder(results);
    let mut header = format!("{:<20} {:>9}", "folder", "breadbin");
    let cols: Vec<&String> = published.map(|p| p.0.iter().collect()).unwrap_or_default();
    for c in &cols {
        let short = c.split(' ').next().unwrap_or(c);
        let _ = write!(header, " {short:>9}");
    }
    let _ = writeln!(out, "{}", header.trim_end());
    let cell = |folder: &str, k: usize| -> String {
        published
            .and_then(|p| p.1.iter().find(|(f, _)| f == folder))
            .and_then(|(_, v)| v.get(k).cloned())
            .unwrap_or_default()
    };
    let (mut pass, mut total) = (0, 0);
    for (f, p, n) in &folders {
        pass += p;
        total += n;
        let mut row = format!("{f:<20} {:>9}", format!("{p}/{n}"));
        for k in 0..cols.len() {
            let _ = write!(row, " {:>9}", cell(f, k));
        }
        let _ = writeln!(out, "{}", row.trim_end());
    }
    let mut row = format!("{:<20} {:>9}", "total", format!("{pass}/{total}"));
    if folders.len() > 1 || published.is_some() {
        for k in 0..cols.len() {
            let _ = write!(row, " {:>9}", cell("total", k));
        }
    }
    let _ = writeln!(out, "{}", row.trim_end());
    let failing: Vec<&RunResult> = results.iter().filter(|r| !r.passed()).collect();
    if !failing.is_empty() {
        let _ = writeln!(out, "\nfailing ({}):", failing.len());
        for r in failing {
            let why = match (r.entry.expect, r.ending) {
                (Expect::NotPicture, _) => format!("{} (a difference was expected)", r.describe()),
                (_, Ending::NotRun) => match &r.entry.not_run {
                    Some(why) => format!("not run: {why}"),
                    None => format!(
                        "not run: needs {}",
                        r.entry
                            .unsupported()
                            .unwrap_or_else(|| "a drive (no 1541 DOS among the ROMs)".into())
                    ),
                },
                (Expect::Timeout, e) => format!("{} (a hang was expected)", e.describe()),
                _ => r.describe(),
            };
            let mut name = r.entry.name().to_string();
            if let Some((disk, _)) = &r.entry.disk {
                let _ = write!(name, " [{disk}]");
            }
            let _ = writeln!(out, "  {name}  {why}");
        }
    }
    out
}

/// The results in the test bench's own result-file format (`testbench/results/*-result.txt`
/// of the collection): `path/,program,status,exitcode,d64,g64,crt,newcia,newsid,video`, the
/// path relative to the collection's `testbench` folder.
pub fn results_file(results: &[RunResult], elapsed: std::time::Duration) -> String {
    let mut out = String::new();
    for r in results {
        let e = &r.entry;
        let (folder, prog) = match e.name().rsplit_once('/') {
            Some((f, p)) => (f, p),
            None => ("", e.name()),
        };
        let prog = if e.program.is_empty() { "" } else { prog };
        let path = match folder.strip_prefix("testbench") {
            Some(rest) => format!(".{rest}/"),
            None => format!("../{folder}/"),
        };
        // The disk and the cartridge as named from the program's folder.
        let local = |p: &str| -> String {
            p.strip_prefix(folder)
                .and_then(|r| r.strip_prefix('/'))
                .unwrap_or(p)
                .to_string()
        };
        let (d64, g64) = match &e.disk {
            Some((p, f)) if f == "d64" => (local(p), String::new()),
            Some((p, _)) => (String::new(), local(p)),
            None => (String::new(), String::new()),
        };
        let crt = local(&e.cartridge);
        let has = |w: &str| e.option_words().any(|o| o == w);
        let chip = |new: &str, old: &str| match (has(new), has(old)) {
            (true, _) => "1",
            (_, true) => "0",
            _ => "-1",
        };
        let video = if has("vicii-ntsc") {
            "NTSC"
        } else if has("vicii-ntscold") {
            "NTSCOLD"
        } else if has("vicii-new") || has("vicii-old") {
            "PAL"
        } else {
            "-1"
        };
        let (status, mode) = match &r.picture {
            Some(v) => (v.status(r.ending), "screenshot"),
            None => (r.ending.status(), "exitcode"),
        };
        let _ = writeln!(
            out,
            "{path},{prog},{status},{mode},{d64},{g64},{crt},{},{},{video}",
            chip("cia-new", "cia-old"),
            chip("sid-new", "sid-old"),
        );
    }
    let s = elapsed.as_secs();
    let _ = writeln!(out, "# {} minutes and {} seconds elapsed.", s / 60, s % 60);
    out
}

/// The passing programs, one per line, in the bench's order: the ratchet file's format.
pub fn passing_file(results: &[RunResult]) -> String {
    let mut out = String::from(
        "# Test-bench programs that pass on breadbin's open ROMs (`breadbin testbench`).\n\
         # tests/testbench.rs fails when one of them stops passing; add new passes here.\n",
    );
    for r in results.iter().filter(|r| r.passed()) {
        out.push_str(&r.entry.key());
        out.push('\n');
    }
    out
}

/// The programs listed in a ratchet file (one path per line; `#` comments, blank lines).
pub fn read_baseline(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

#[cfg(test)]
mod tests;
