//! Comparing runs with instruction traces (README, "Testing against traces"): breadbin's and
//! VICE's trace formats, `run --headless --expect-trace`, `trace-diff`, `--trace-ignore`,
//! `--trace-from`, and bad trace files.
//!
//! The power-on test checks the machine against the reference emulator: the committed trace
//! `tests/golden/vice_boot_trace.txt.gz` was recorded with VICE x64sc booting our ROMs
//! (`tools/vice-trace.sh`); regenerate it with that script, deliberately, when the ROMs change.
//! The small traces in `tests/data/trace/` are the first instructions of the same power-on:
//! `vice_boot_300.txt` from `tools/vice-trace.sh -n 300`, `breadbin_boot.txt.gz` from
//! `breadbin run --headless --cycles 1400 --trace`.
//!
//! The program-entry test checks a timing-sensitive program of ours the same way:
//! `tests/golden/vice_entry_trace.txt.gz` is VICE x64sc's run of
//! `tests/programs/entry_stable.prg` from its entry (`tools/vice-trace.sh -p -e`).

use breadbin::host::trace::{Ignore, TraceReader, Verdict};
use breadbin::run::headless::{Outcome, RunOptions, run_full};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn data(name: &str) -> PathBuf {
    root().join("tests/data/trace").join(name)
}

fn golden() -> PathBuf {
    root().join("tests/golden/vice_boot_trace.txt.gz")
}

fn breadbin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_breadbin"))
        .args(args)
        .output()
        .expect("breadbin runs")
}

/// `trace-diff` of the small breadbin trace against `reference`.
fn diff_ours(reference: &Path, options: &[&str]) -> Output {
    let ours = data("breadbin_boot.txt.gz");
    let mut args = vec!["trace-diff", s(&ours), s(reference)];
    args.extend_from_slice(options);
    breadbin(&args)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breadbin-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Every record of a trace file.
fn records(p: &Path) -> Vec<breadbin::host::trace::Record> {
    let mut r = TraceReader::open(p).unwrap();
    let mut v = Vec::new();
    while let Some(x) = r.next_record().unwrap() {
        v.push(x);
    }
    v
}

/// A copy of the small VICE trace with `f` applied to line `n` (from 1).
fn vice_edited(name: &str, n: usize, f: impl Fn(&str) -> String) -> PathBuf {
    let t = std::fs::read_to_string(data("vice_boot_300.txt")).unwrap();
    let out: Vec<String> = t
        .lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == n { f(l) } else { l.to_string() })
        .collect();
    let p = tmp(name);
    std::fs::write(&p, out.join("\n") + "\n").unwrap();
    p
}

#[test]
fn both_formats_read_as_the_same_records() {
    let vice = records(&data("vice_boot_300.txt"));
    let ours = records(&data("breadbin_boot.txt.gz"));
    assert_eq!(vice.len(), 300);
    // The run stopped within an instruction: the last line's instruction never ended.
    assert!(ours.len() > 300, "{}", ours.len());
    let first = vice[0];
    assert_eq!(
        (
            first.pc,
            first.a,
            first.x,
            first.sp,
            first.cycle,
            first.line
        ),
        (0xFCE2, 0, 0, 0, 6, 1)
    );
    assert_eq!(&first.bytes[..first.len as usize], &[0xA2, 0xFF]);
    // VICE shows P as flags, NV-BDIZC: "..-..IZ." is I and Z with bit 5.
    assert_eq!(first.p & 0xCF, 0x06);
    // breadbin's line at power-on is the reset sequence, not an instruction.
    assert_eq!((ours[0].pc, ours[0].cycle, ours[0].line), (0xFCE2, 6, 1));
    for (i, (a, b)) in ours.iter().zip(&vice).enumerate().skip(3) {
        assert_eq!(
            (a.pc, a.a, a.x, a.y, a.sp, a.p & 0xCF, a.cycle),
            (b.pc, b.a, b.x, b.y, b.sp, b.p & 0xCF, b.cycle),
            "instruction {}",
            i + 1
        );
    }
}

#[test]
fn trace_diff_reports_a_match_and_which_trace_ends() {
    let (ours, vice) = (data("breadbin_boot.txt.gz"), data("vice_boot_300.txt"));
    let o = breadbin(&["trace-diff", s(&ours), s(&vice), "--trace-ignore", "sp"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        format!("300 instructions match ({} ends here)\n", vice.display())
    );
    let o = breadbin(&["trace-diff", s(&vice), s(&vice)]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o.stdout), "300 instructions match\n");
}

#[test]
fn sp_at_the_first_instructions_differs_unless_ignored() {
    // breadbin's reset decrements S three times from $00, as the 6502 does; VICE shows $00.
    let o = diff_ours(&data("vice_boot_300.txt"), &[]);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(
        out.starts_with("first difference at instruction 1 ")
            && out.contains("SP is $FD in ")
            && out.contains("SP:FD*"),
        "{out}"
    );
}

#[test]
fn a_register_difference_is_shown_with_five_instructions_before_it() {
    let bad = vice_edited("bad_a.txt", 100, |l| {
        let i = l.find(" A:").unwrap() + 3;
        format!("{}{}{}", &l[..i], "7e", &l[i + 2..])
    });
    let o = diff_ours(&bad, &["--trace-ignore", "sp"]);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("first difference at instruction 100 (")
            && lines[0].contains("line 100)")
            && lines[0].contains("A is $")
            && lines[0].ends_with(&format!("$7E in {}", bad.display())),
        "{out}"
    );
    // A header, instructions 95 to 99, then 100 with the field marked on both sides.
    assert_eq!(lines.len(), 8, "{out}");
    assert!(lines[2].trim_start().starts_with("95 "), "{out}");
    assert!(lines[7].trim_start().starts_with("100 "), "{out}");
    assert_eq!(lines[7].matches('*').count(), 2, "{out}");
    assert!(lines[7].contains("A:7E*"), "{out}");
    assert!(lines[..7].iter().all(|l| !l.contains('*')), "{out}");
}

#[test]
fn a_cycle_difference_names_the_instruction_that_took_longer() {
    // One cycle later at instruction 200: instruction 199 took one cycle more.
    let bad = vice_edited("bad_cycles.txt", 200, |l| {
        let (head, n) = l.rsplit_once(' ').unwrap();
        format!("{head} {}", n.parse::<u64>().unwrap() + 1)
    });
    let o = diff_ours(&bad, &["--trace-ignore", "sp,a"]);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(
        out.starts_with("first difference at instruction 199 (") && out.contains("cycles in"),
        "{out}"
    );
    assert_eq!(out.matches('*').count(), 2, "{out}");
    // Ignoring cycles, the two match.
    let o = diff_ours(&bad, &["--trace-ignore", "sp,cycles"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
}

#[test]
fn trace_from_starts_both_traces_at_an_address() {
    // $FCE6 (CLD) is the fourth instruction: from there SP matches too.
    let o = diff_ours(&data("vice_boot_300.txt"), &["--trace-from", "$FCE6"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert!(text(&o.stdout).starts_with("297 instructions match ("));
    // An address neither trace reaches compares nothing: a failure, not a vacuous match.
    let o = diff_ours(&data("vice_boot_300.txt"), &["--trace-from", "$1234"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stdout).contains("never reached $1234"));
}

#[test]
fn trace_from_lines_up_traces_that_started_at_different_times() {
    // The reference's counter starts elsewhere and its first instructions are missing: from
    // a common address on, the cycles each instruction took still compare.
    let t = std::fs::read_to_string(data("vice_boot_300.txt")).unwrap();
    let shifted: String = t
        .lines()
        .skip(20)
        .map(|l| {
            let (head, n) = l.rsplit_once(' ').unwrap();
            format!("{head} {}\n", n.parse::<u64>().unwrap() + 1_000_000)
        })
        .collect();
    let p = tmp("shifted.txt");
    std::fs::write(&p, shifted).unwrap();
    let pc21 = &t.lines().nth(20).unwrap()[..4];
    let from = format!("${pc21}");
    let o = diff_ours(&p, &["--trace-from", &from]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    let o = diff_ours(&p, &[]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn expect_trace_on_the_command_line() {
    let vice = data("vice_boot_300.txt");
    let o = breadbin(&[
        "run",
        "--headless",
        "--expect-trace",
        s(&vice),
        "--trace-ignore",
        "sp",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "300 instructions match (the reference ends here)\n"
    );
    // The run ends first.
    let o = breadbin(&[
        "run",
        "--headless",
        "--cycles",
        "500",
        "--expect-trace",
        s(&vice),
        "--trace-from",
        "$FCE6",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains(" instructions match (breadbin ends here)"));
    let bad = vice_edited("bad_x.txt", 50, |l| {
        let i = l.find(" X:").unwrap() + 3;
        format!("{}{}{}", &l[..i], "99", &l[i + 2..])
    });
    let o = breadbin(&[
        "run",
        "--headless",
        "--expect-trace",
        s(&bad),
        "--trace-ignore",
        "SP",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(
        out.starts_with("first difference at instruction 50 (the reference line 50): X is $"),
        "{out}"
    );
    assert!(out.contains("X:99*"), "{out}");
}

fn one_line_error(o: &Output, needle: &str) {
    let e = text(&o.stderr);
    assert!(!o.status.success(), "{e}");
    assert!(!e.contains("panicked"), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "one line: {e:?}");
    assert!(e.contains(needle), "{e:?} should mention {needle:?}");
}

#[test]
fn bad_trace_files_give_one_line_naming_file_and_line() {
    let good = data("vice_boot_300.txt");
    let neither = tmp("neither.txt");
    std::fs::write(&neither, "\nhello world\n").unwrap();
    let o = breadbin(&["trace-diff", s(&neither), s(&good)]);
    one_line_error(&o, &format!("{}:2: neither", neither.display()));
    let o = breadbin(&["run", "--headless", "--expect-trace", s(&neither)]);
    one_line_error(&o, &format!("{}:2: neither", neither.display()));

    // Cut in the middle of line 41.
    let t = std::fs::read_to_string(&good).unwrap();
    let cut: usize = t.lines().take(40).map(|l| l.len() + 1).sum::<usize>() + 30;
    let truncated = tmp("truncated.txt");
    std::fs::write(&truncated, &t[..cut]).unwrap();
    let o = breadbin(&["trace-diff", s(&good), s(&truncated)]);
    one_line_error(
        &o,
        &format!("{}:41: the last line is cut short", truncated.display()),
    );

    // A line of the other format in the middle.
    let mixed = vice_edited("mixed.txt", 7, |_| {
        "         7 FCE2  A2 FF     LDX A:00 X:00 Y:00 SP:FD P:24 L:000 C:08".into()
    });
    let o = breadbin(&["trace-diff", s(&good), s(&mixed)]);
    one_line_error(&o, &format!("{}:7: not a line of VICE's", mixed.display()));

    // gzip that stops half way, and bytes that only start like gzip.
    let gz = std::fs::read(data("breadbin_boot.txt.gz")).unwrap();
    let half = tmp("half.txt.gz");
    std::fs::write(&half, &gz[..gz.len() / 2]).unwrap();
    let o = breadbin(&["trace-diff", s(&half), s(&good), "--trace-ignore", "sp"]);
    one_line_error(&o, &format!("{}:", half.display()));
    let junk = tmp("junk.gz");
    std::fs::write(&junk, [0x1F, 0x8B, 0x08, 0x00, 0xFF, 0xFF, 0xFF]).unwrap();
    let o = breadbin(&["trace-diff", s(&junk), s(&good)]);
    one_line_error(&o, &format!("{}:1:", junk.display()));

    let empty = tmp("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let o = breadbin(&["trace-diff", s(&good), s(&empty)]);
    one_line_error(&o, "no instructions");

    let o = breadbin(&["trace-diff", s(&good), "/nonexistent/trace.txt"]);
    one_line_error(&o, "/nonexistent/trace.txt: cannot read");
    let o = breadbin(&["trace-diff", s(&good), s(&good), "--trace-ignore", "q"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("'q' is not a trace field"));
}

/// The power-on against VICE x64sc's trace of it: 400,000 instructions, from the reset to
/// the READY loop with its interrupts, every field but SP (see below), cycle for cycle.
#[test]
fn power_on_matches_vice() {
    let opts = RunOptions {
        expect_trace: Some(golden()),
        trace_ignore: Ignore::parse("sp").unwrap(),
        ..Default::default()
    };
    let r = run_full(&opts).unwrap();
    let v = r.verdict.unwrap();
    assert_eq!(
        v,
        Verdict::Match {
            count: 400_000,
            ended: Some("the reference".into())
        },
        "{}",
        v.text()
    );
    assert_eq!(r.outcome, Outcome::ReferenceEnded);
    // SP differs only before the KERNAL's TXS: the 6502's reset decrements S three times
    // ($00 to $FD); VICE leaves it at $00. From the fourth instruction on, everything matches.
    let opts = RunOptions {
        expect_trace: Some(golden()),
        trace_from: Some(0xFCE6),
        ..Default::default()
    };
    let v = run_full(&opts).unwrap().verdict.unwrap();
    assert_eq!(
        v.text(),
        "399997 instructions match (the reference ends here)\n"
    );
}

/// A timing-sensitive program from its entry against VICE x64sc's run of it.
/// `tests/programs/entry_stable.s` first synchronises to the raster (so the entry is the same
/// cycle of the same line however late the autostart's RUN came), then from `entry` ($086C)
/// turns the display on, reads $D012 every 16 cycles across bad lines, starts CIA1 timer A
/// and reads it, takes one raster interrupt through $FFFE and writes $D7FF. All 3,200
/// instructions of the reference match, every field, cycle for cycle.
#[test]
fn program_entry_matches_vice() {
    let opts = RunOptions {
        autostart: Some(root().join("tests/programs/entry_stable.prg")),
        expect_trace: Some(root().join("tests/golden/vice_entry_trace.txt.gz")),
        trace_from: Some(0x086C),
        ..Default::default()
    };
    let r = run_full(&opts).unwrap();
    let v = r.verdict.unwrap();
    assert_eq!(
        v,
        Verdict::Match {
            count: 3200,
            ended: Some("the reference".into())
        },
        "{}",
        v.text()
    );
    assert_eq!(r.outcome, Outcome::ReferenceEnded);
}

/// breadbin's own `--trace` output reads as the same instructions as the running machine
/// gives: the reset line, held opcode fetches and interrupts are folded the same way.
#[test]
fn breadbin_trace_output_compares_with_vice_as_the_run_does() {
    let t = tmp("boot.txt");
    let o = breadbin(&["run", "--headless", "--cycles", "1400000", "--trace", s(&t)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = breadbin(&["trace-diff", s(&t), s(&golden()), "--trace-ignore", "sp"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert!(text(&o.stdout).starts_with("400000 instructions match"));
}

/// The genuine ROMs against a VICE trace of their power-on, made here with
/// tools/vice-trace.sh (never committed). Needs BREADBIN_GENUINE_ROMS and VICE's x64sc.
#[test]
fn genuine_power_on_matches_vice() {
    let Some(dir) = std::env::var_os("BREADBIN_GENUINE_ROMS") else {
        eprintln!("skipped: BREADBIN_GENUINE_ROMS is not set");
        return;
    };
    let x64sc = std::env::var_os("VICE_X64SC")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/vice/vice-src/vice/src/x64sc"));
    if !x64sc.is_file() {
        eprintln!(
            "skipped: no VICE x64sc at {} (set VICE_X64SC)",
            x64sc.display()
        );
        return;
    }
    let out = tmp("genuine.txt.gz");
    let st = Command::new(root().join("tools/vice-trace.sh"))
        .env("VICE_X64SC", &x64sc)
        .args(["-r", dir.to_str().unwrap(), s(&out)])
        .status()
        .unwrap();
    assert!(st.success());
    // The reference runs without a true drive: so does breadbin (no DOS image, no drive).
    let c64_roms = tmp("c64-roms");
    std::fs::create_dir_all(&c64_roms).unwrap();
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_lowercase();
        let dos = ["1541", "dos", "325302", "901229"]
            .iter()
            .any(|n| name.contains(n));
        if path.is_file() && !dos {
            std::fs::copy(&path, c64_roms.join(path.file_name().unwrap())).unwrap();
        }
    }
    let opts = RunOptions {
        roms: Some(c64_roms),
        expect_trace: Some(out),
        trace_ignore: Ignore::parse("sp").unwrap(),
        ..Default::default()
    };
    let v = run_full(&opts).unwrap().verdict.unwrap();
    assert_eq!(
        v.text(),
        "400000 instructions match (the reference ends here)\n"
    );
}
