//! The headless command line from the outside: exit statuses, outputs, and bad input giving
//! one clear line and a non-zero status (never a panic).

mod common;

use common::cli::{breadbin, one_line_error, stderr, stdout};
use std::path::PathBuf;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breadbin-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn until_ready_runs_a_bas_file_and_prints_the_screen() {
    let bas = tmp("hello.bas");
    std::fs::write(&bas, "10 PRINT \"HELLO\";2+3\n").unwrap();
    let o = breadbin(&[
        "run",
        "--headless",
        bas.to_str().unwrap(),
        "--until-ready",
        "--screen-text",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.lines().any(|l| l.starts_with("HELLO 5")), "{text}");
    assert!(text.contains("READY."));
}

#[test]
fn type_poke_and_dump() {
    let dump = tmp("dump.bin");
    let o = breadbin(&[
        "run",
        "--headless",
        "--type",
        "POKE 49152,PEEK(830){RETURN}",
        "--poke",
        "$033E=171",
        "--seconds",
        "4",
        "--dump",
        &format!("$C000-$C001={}", dump.display()),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // $C001 is untouched: $FF, the power-on pattern there.
    assert_eq!(std::fs::read(&dump).unwrap(), vec![171, 0xFF]);
}

#[test]
fn screenshot_is_a_png_of_the_frame() {
    let png = tmp("shot.png");
    let o = breadbin(&[
        "run",
        "--headless",
        "--seconds",
        "3",
        "--screenshot",
        png.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    // IHDR: width 384, height 272.
    assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 384);
    assert_eq!(u32::from_be_bytes(bytes[20..24].try_into().unwrap()), 272);
}

#[test]
fn a_jam_is_reported() {
    let bas = tmp("jam.bas");
    std::fs::write(&bas, "10 POKE 49152,2:SYS 49152\n").unwrap();
    let o = breadbin(&[
        "run",
        "--headless",
        bas.to_str().unwrap(),
        "--until-ready",
        "--seconds",
        "5",
    ]);
    one_line_error(&o, 3, "jammed");
    assert!(stderr(&o).contains("$C000"), "{}", stderr(&o));
}

#[test]
fn trace_writes_one_line_per_instruction() {
    let trace = tmp("trace.txt");
    let o = breadbin(&[
        "run",
        "--headless",
        "--cycles",
        "1000",
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let t = std::fs::read_to_string(&trace).unwrap();
    // The first line is the first instruction, at the reset vector, fetched in cycle 6.
    let first: Vec<&str> = t.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(&first[..2], ["6", "FCE2"], "the reset vector");
    assert!(t.lines().count() > 200);
}

#[test]
fn bad_programs_are_one_line_errors() {
    let short = tmp("short.prg");
    std::fs::write(&short, [0x01]).unwrap();
    let o = breadbin(&["run", "--headless", short.to_str().unwrap()]);
    one_line_error(&o, 1, "too short");
    let over = tmp("over.prg");
    let mut bytes = vec![0x00, 0xFF];
    bytes.extend(std::iter::repeat_n(0xEA, 300));
    std::fs::write(&over, bytes).unwrap();
    let o = breadbin(&["run", "--headless", over.to_str().unwrap()]);
    one_line_error(&o, 1, "past $FFFF");
    let by_one = tmp("by_one.prg");
    let mut bytes = vec![0x00, 0xFF];
    bytes.extend(std::iter::repeat_n(0xEA, 257));
    std::fs::write(&by_one, bytes).unwrap();
    let o = breadbin(&["run", "--headless", by_one.to_str().unwrap()]);
    one_line_error(&o, 1, "with 257 bytes: it runs past $FFFF by 1 byte");
    let bad = tmp("bad.bas");
    std::fs::write(&bad, "10 PRINT \"{NOSUCH}\"\n").unwrap();
    let o = breadbin(&["run", "--headless", bad.to_str().unwrap()]);
    one_line_error(&o, 1, "bad.bas:1:");
    let o = breadbin(&["run", "--headless", "/nonexistent/x.prg"]);
    one_line_error(&o, 1, "/nonexistent/x.prg");
}

#[test]
fn bad_arguments_are_one_line_errors() {
    let o = breadbin(&["run", "--headless", "--type", "{WHATEVER}"]);
    one_line_error(&o, 1, "--type");
    let o = breadbin(&[
        "run",
        "--headless",
        "--seconds",
        "1",
        "--trace",
        "/nonexistent/dir/t.txt",
    ]);
    one_line_error(&o, 1, "/nonexistent/dir/t.txt");
    let o = breadbin(&["run", "--headless", "--roms", "/nonexistent/roms"]);
    one_line_error(&o, 1, "/nonexistent/roms");
    let o = breadbin(&["run", "--headless", "--poke", "70000=1"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("above $FFFF"));
    let o = breadbin(&["run", "--headless", "--dump", "$D000-$C000=x"]);
    assert_eq!(o.status.code(), Some(2));
    let o = breadbin(&["bench-turns", "--turns", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("at least 1 turn"), "{}", stderr(&o));
}

#[test]
fn cpu_runner_traps_and_checks_the_success_address() {
    // LDX #5; loop: DEX; BNE loop; JMP * (at $0205)
    let img = tmp("trap.bin");
    std::fs::write(&img, [0xA2, 0x05, 0xCA, 0xD0, 0xFD, 0x4C, 0x05, 0x02]).unwrap();
    let o = breadbin(&[
        "cpu",
        img.to_str().unwrap(),
        "--load",
        "$0200",
        "--success",
        "$0205",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("trap at $0205"));
    let o = breadbin(&[
        "cpu",
        img.to_str().unwrap(),
        "--load",
        "$0200",
        "--success",
        "$0300",
    ]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn tokenize_and_list_round_trip() {
    let bas = tmp("rt.bas");
    std::fs::write(&bas, "START:\n10 PRINT \"{CLR}HI\":GOTO START\n").unwrap();
    let prg = tmp("rt.prg");
    let map = tmp("rt.map");
    let o = breadbin(&[
        "tokenize",
        bas.to_str().unwrap(),
        "-o",
        prg.to_str().unwrap(),
        "--labels",
        map.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&map).unwrap().contains("START\t10"));
    let o = breadbin(&["list", prg.to_str().unwrap()]);
    assert_eq!(stdout(&o), "10 PRINT \"{CLR}HI\":GOTO 10\n");
}

#[test]
fn profile_and_bench_turns_report_and_reject_bad_scripts() {
    let bas = tmp("prof.bas");
    std::fs::write(
        &bas,
        "MAIN:\nFOR I=1 TO 50:GOSUB WORK:NEXT:END\nWORK:\nX=SQR(I):RETURN\n",
    )
    .unwrap();
    let o = breadbin(&["profile", bas.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let work = out
        .lines()
        .find(|l| l.starts_with("WORK"))
        .expect("WORK row");
    let calls: u64 = work.split_whitespace().last().unwrap().parse().unwrap();
    assert_eq!(calls, 50, "{out}");
    let o = breadbin(&["profile", bas.to_str().unwrap(), "--json"]);
    assert!(stdout(&o).starts_with("{\"clock_hz\":985248"));

    let keys = tmp("bad.keys");
    std::fs::write(&keys, "loop GETKEY\nD D {SIDEWAYS}\n").unwrap();
    let o = breadbin(&["bench-turns", "--keys", keys.to_str().unwrap()]);
    one_line_error(&o, 1, "bad.keys:2:5");
    std::fs::write(&keys, "loop NOWHERE\nD\n").unwrap();
    let o = breadbin(&["bench-turns", "--keys", keys.to_str().unwrap()]);
    one_line_error(&o, 1, "no label NOWHERE");
    let o = breadbin(&["bench-turns", "--turns", "3", "--quiet"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("part10c.bas"));
}

#[test]
fn testbench_runs_a_bench_folder_and_rejects_bad_input() {
    let dir = tmp("bench");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("A")).unwrap();
    let prg = |name: &str, text: &str| {
        let t = breadbin::basic::tokenize(text, name).unwrap();
        std::fs::write(dir.join("A").join(name), t.prg).unwrap();
    };
    prg("pass.prg", "10 POKE 55295,0"); // $D7FF
    prg("fail.prg", "10 POKE 55295,255");
    prg("hang.prg", "10 GOTO 10");
    std::fs::write(
        dir.join("tests.tsv"),
        "program\tcycles\texpect\nA/pass.prg\t5000000\tpass\nA/fail.prg\t5000000\tpass\n\
         A/hang.prg\t5000000\ttimeout\n",
    )
    .unwrap();
    let results = tmp("bench-results.txt");
    let passing = tmp("bench-passing.txt");
    let o = breadbin(&[
        "testbench",
        dir.to_str().unwrap(),
        "--results",
        results.to_str().unwrap(),
        "--write-passing",
        passing.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("A                          2/3"), "{out}");
    assert!(out.contains("A/fail.prg  wrote $FF"), "{out}");
    let r = std::fs::read_to_string(&results).unwrap();
    assert!(
        r.contains("../A/,pass.prg,ok,exitcode,,,,-1,-1,-1\n"),
        "{r}"
    );
    assert!(r.contains("../A/,fail.prg,error,exitcode"), "{r}");
    assert!(r.contains("../A/,hang.prg,timeout,exitcode"), "{r}");
    let p = std::fs::read_to_string(&passing).unwrap();
    assert!(
        p.contains("A/pass.prg\nA/hang.prg\n") && !p.contains("A/fail.prg"),
        "{p}"
    );

    // A ratchet: the exit status is 1 when one of its programs fails, and says which.
    let ratchet = tmp("bench-ratchet.txt");
    std::fs::write(&ratchet, "# must pass\nA/pass.prg\nA/hang.prg\n").unwrap();
    let with = |r: &std::path::Path| {
        breadbin(&[
            "testbench",
            dir.to_str().unwrap(),
            "--ratchet",
            r.to_str().unwrap(),
        ])
    };
    assert_eq!(with(&ratchet).status.code(), Some(0));
    std::fs::write(&ratchet, "A/pass.prg\nA/fail.prg\n").unwrap();
    let o = with(&ratchet);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("testbench: 1 of the ratchet's programs failed: A/fail.prg"),
        "{}",
        stderr(&o)
    );
    let o = with(&tmp("no-ratchet.txt"));
    one_line_error(&o, 1, "no-ratchet.txt: cannot read");

    // Bad input: each a line naming the file, nothing written.
    let o = breadbin(&["testbench", dir.to_str().unwrap(), "--only", "B/"]);
    one_line_error(&o, 1, "--only B/");
    std::fs::write(dir.join("tests.tsv"), "A/pass.prg\t5000000\n").unwrap();
    let o = breadbin(&["testbench", dir.to_str().unwrap()]);
    one_line_error(&o, 1, "tests.tsv:1: expected 3 tab-separated columns");
    std::fs::write(dir.join("tests.tsv"), "A/gone.prg\t5000000\tpass\n").unwrap();
    let o = breadbin(&["testbench", dir.to_str().unwrap()]);
    one_line_error(&o, 1, "gone.prg");
    std::fs::remove_file(dir.join("tests.tsv")).unwrap();
    let o = breadbin(&["testbench", dir.to_str().unwrap()]);
    one_line_error(&o, 1, "tests.tsv: cannot read");
    let o = breadbin(&[
        "testbench",
        dir.to_str().unwrap(),
        "--results",
        "/nonexistent/r.txt",
    ]);
    one_line_error(&o, 1, "/nonexistent/r.txt");
}

#[test]
fn outputs_are_checked_before_the_run_and_never_left_half_written() {
    // An unwritable screenshot path fails at once, before a long run, and the trace asked
    // for beside it is not left behind.
    let trace = tmp("never.trace");
    let _ = std::fs::remove_file(&trace);
    let t0 = std::time::Instant::now();
    let o = breadbin(&[
        "run",
        "--headless",
        "--seconds",
        "600",
        "--trace",
        trace.to_str().unwrap(),
        "--screenshot",
        "/proc/x.png",
    ]);
    one_line_error(&o, 1, "/proc/x.png: cannot write");
    assert!(t0.elapsed().as_secs() < 10, "refused before the run");
    assert!(!trace.exists());
    let left: Vec<_> = std::fs::read_dir(trace.parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("never.trace"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    // A dump into a folder that does not exist.
    let o = breadbin(&["run", "--headless", "--dump", "0-1=/nonexistent/d.bin"]);
    one_line_error(&o, 1, "/nonexistent/d.bin");
    // tokenize -o OUT --labels BAD writes neither file.
    let bas = tmp("ok.bas");
    std::fs::write(&bas, "10 PRINT 1\n").unwrap();
    let out = tmp("ok-out.prg");
    let _ = std::fs::remove_file(&out);
    let o = breadbin(&[
        "tokenize",
        bas.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--labels",
        "/nonexistent/x.map",
    ]);
    one_line_error(&o, 1, "/nonexistent/x.map");
    assert!(!out.exists(), "no PRG without its label map");
}

#[test]
fn options_that_would_be_ignored_and_files_that_are_no_programs_are_refused() {
    for opt in ["--screen-text", "--until-ready", "--exit-on-d7ff"] {
        let o = breadbin(&["run", opt]);
        assert_eq!(o.status.code(), Some(2), "{opt}: {}", stderr(&o));
        assert!(stderr(&o).contains("--headless"), "{}", stderr(&o));
    }
    let o = breadbin(&["run", "--trace", "t.txt"]);
    assert_eq!(o.status.code(), Some(2));
    for bad in ["nan", "inf", "-1", "lots"] {
        let o = breadbin(&["run", "--headless", &format!("--seconds={bad}")]);
        assert_eq!(o.status.code(), Some(2), "--seconds {bad}: {}", stderr(&o));
        assert!(stderr(&o).contains("--seconds"));
    }
    let txt = tmp("prog.txt");
    std::fs::write(&txt, "10 PRINT \"TXT\"\n").unwrap();
    let o = breadbin(&["run", "--headless", txt.to_str().unwrap()]);
    one_line_error(&o, 1, ".prg, .bas and .t64");
    let o = breadbin(&[
        "run",
        "--headless",
        "--bas",
        "--until-ready",
        "--screen-text",
        txt.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("TXT"));
    let two = tmp("two.prg");
    std::fs::write(&two, [0x01, 0x08]).unwrap();
    let o = breadbin(&["run", "--headless", two.to_str().unwrap()]);
    one_line_error(&o, 1, "nothing to load");
    let one = tmp("one.prg");
    std::fs::write(&one, [0x01]).unwrap();
    let o = breadbin(&["run", "--headless", one.to_str().unwrap()]);
    one_line_error(&o, 1, "(1 byte;");
    let empty = tmp("empty.bas");
    std::fs::write(&empty, "\n\n").unwrap();
    let o = breadbin(&["run", "--headless", empty.to_str().unwrap()]);
    one_line_error(&o, 1, "no BASIC lines");
}

#[test]
fn messages_say_things_once() {
    let o = breadbin(&["run", "--headless", "--type", "{WHATEVER}"]);
    one_line_error(&o, 1, "--type:1:1");
    assert_eq!(stderr(&o).matches("--type").count(), 1, "{}", stderr(&o));
    let bas = tmp("warn.bas");
    std::fs::write(&bas, "10 APPLE=1:APRICOT=2\n").unwrap();
    let out = tmp("warn.prg");
    let o = breadbin(&[
        "tokenize",
        bas.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let e = stderr(&o);
    assert_eq!(e.matches("warning").count(), 1, "{e}");
    let o = breadbin(&["profile", bas.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(out.matches("direct mode").count(), 2, "{out}");
}

#[test]
fn bench_turns_says_when_the_key_script_is_too_short() {
    let keys = tmp("short.keys");
    std::fs::write(&keys, "loop GETKEY\nD D S\n").unwrap();
    let o = breadbin(&[
        "bench-turns",
        "--keys",
        keys.to_str().unwrap(),
        "--turns",
        "5",
    ]);
    one_line_error(
        &o,
        1,
        "short.keys: the key script has 3 input(s), fewer than the 5 turns",
    );
}

#[test]
fn bench_basic_runs_its_own_set_from_a_fresh_checkout() {
    let o = breadbin(&["bench-basic"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for name in [
        "bm1",
        "bm2",
        "bm3",
        "bm4",
        "bm5",
        "bm6",
        "bm7",
        "bm8",
        "geo. mean",
    ] {
        assert!(out.contains(name), "{out}");
    }
    // Each benchmark's cycles within 10% of genuine BASIC's, the mean within 5%.
    for line in out.lines().skip(1) {
        let ratio: f64 = line.split_whitespace().last().unwrap().parse().unwrap();
        let limit = if line.starts_with("geo") { 0.05 } else { 0.10 };
        assert!((ratio - 1.0).abs() <= limit, "{line}");
    }
}

#[test]
fn bench_turns_players_counts_model_verdict_json_and_plot() {
    let plot = tmp("turns.svg");
    let o = breadbin(&[
        "bench-turns",
        "--compare",
        "10b",
        "10c",
        "--player",
        "explorer",
        "--seeds",
        "1-2",
        "--turns",
        "6",
        "--quiet",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for needle in [
        "acting",
        "moving",
        "asleep",
        "a goblin that acts and moves",
        "tutorial: about 165 ms",
        "verdict: ",
        "beats part10b.bas on",
    ] {
        assert!(out.contains(needle), "{needle} missing:\n{out}");
    }
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("tutorial before: 990"));
    // The acting goblins' bars have their own axis, not the milliseconds'.
    assert!(svg.contains(">goblins acting (bars)</text>"), "{svg}");
    assert!(!svg.contains("bars: goblins acting"));
    let json_run = [
        "bench-turns",
        "--player",
        "hunter",
        "--seeds",
        "3",
        "--turns",
        "3",
        "--json",
    ];
    let j = stdout(&breadbin(&json_run));
    assert!(
        j.starts_with("{\"player\":\"hunter\"") && j.contains("\"acting\":"),
        "{j}"
    );
    // The same seed and player: the same game, to the millisecond.
    assert_eq!(stdout(&breadbin(&json_run)), j);
    let o = breadbin(&["bench-turns", "--player", "sleepwalker"]);
    one_line_error(&o, 1, "--player sleepwalker: no such player");
    let o = breadbin(&["bench-turns", "--player", "explorer", "--keys", "x.keys"]);
    one_line_error(&o, 1, "--keys goes with --player script");
    let o = breadbin(&[
        "bench-turns",
        "--plot",
        "/nonexistent/p.svg",
        "--turns",
        "1",
    ]);
    one_line_error(&o, 1, "/nonexistent/p.svg");
}

#[test]
fn bench_turns_article_player_sweeps_the_goblins_woken() {
    let plot = tmp("article.svg");
    let args = [
        "bench-turns",
        "--compare",
        "10b",
        "10c",
        "--player",
        "article",
        "--wake",
        "0..1",
        "--seeds",
        "3",
        "--turns",
        "4",
        "--quiet",
    ];
    let o = breadbin(&[&args[..], &["--plot", plot.to_str().unwrap()]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for needle in [
        "player article (N = ",
        "the article's scenario",
        " 0     1/1 ",
        " 1     1/1 ",
        "verdict at N=",
        "conclusion: ",
    ] {
        assert!(out.contains(needle), "{needle} missing:\n{out}");
    }
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.contains("setting N") && svg.contains("tutorial before: 990"));
    let j = stdout(&breadbin(&[&args[..], &["--json"]].concat()));
    let v: serde_json::Value = serde_json::from_str(&j).unwrap();
    let rows = v["sweep"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{j}");
    assert_eq!(rows[1]["wake"], 1);
    assert!(rows[1]["after"]["goblin"]["measured"].as_f64().unwrap() > 0.0);
    let o = breadbin(&["bench-turns", "--player", "article", "--wake", "7"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("'7' is not a number of goblins (0-6)"));
    let o = breadbin(&["bench-turns", "--player", "hunter", "--wake", "1"]);
    one_line_error(&o, 1, "--wake goes with --player article");
}

/// `--model` and the chip options: each model boots to BASIC and computes, and a name that
/// is no model or chip is refused with a line naming the option and the name.
#[test]
fn models_boot_and_bad_model_names_are_refused() {
    for model in ["c64", "c64c", "ntsc", "ntsc-old"] {
        let o = breadbin(&[
            "run",
            "--headless",
            "--model",
            model,
            "--seconds",
            "3",
            "--type",
            "PRINT 40+2{RETURN}",
            "--screen-text",
            "--ascii",
        ]);
        assert_eq!(o.status.code(), Some(0), "{model}: {}", stderr(&o));
        assert!(stdout(&o).contains("\n 42\n"), "{model}: {}", stdout(&o));
    }
    for (opt, bad) in [
        ("--model", "vic20"),
        ("--vic", "6560"),
        ("--cia", "6522"),
        ("--sid", "6582"),
    ] {
        let o = breadbin(&["run", "--headless", opt, bad]);
        assert_eq!(o.status.code(), Some(2), "{opt} {bad}: {}", stderr(&o));
        assert!(stderr(&o).contains(opt), "{}", stderr(&o));
        assert!(stderr(&o).contains(bad), "{}", stderr(&o));
    }
}

/// The colours of a `--screenshot`, each once.
fn screenshot_colours(model: &str) -> Vec<[u8; 3]> {
    let png = tmp(&format!("colours-{model}.png"));
    let o = breadbin(&[
        "run",
        "--headless",
        "--model",
        model,
        "--seconds",
        "3",
        "--screenshot",
        png.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{model}: {}", stderr(&o));
    let bytes = std::fs::read(&png).unwrap();
    let mut reader = png::Decoder::new(&bytes[..])
        .read_info()
        .expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    let mut colours: Vec<[u8; 3]> = buf[..info.buffer_size()]
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    colours.sort();
    colours.dedup();
    colours
}

/// A screenshot is taken in the colours of the model's VIC-II: the PAL palette on the PAL
/// C64, the five-luma-level NTSC palette on the first NTSC C64 (6567R56A).
#[test]
fn screenshots_show_the_models_palette() {
    use breadbin::chips::vic::{Luma, PALETTE, Standard, computed};
    let old = computed(Luma::Five, Standard::Ntsc);
    let r8 = computed(Luma::Nine, Standard::Ntsc);
    let pal = screenshot_colours("c64");
    let ntsc_old = screenshot_colours("ntsc-old");
    // The boot screen: light blue (14) on blue (6); the first revision's light blue is its
    // own, neither PAL's nor the later NTSC chip's.
    assert!(
        pal.contains(&PALETTE[14]) && pal.contains(&PALETTE[6]),
        "{pal:?}"
    );
    assert!(pal.iter().all(|c| PALETTE.contains(c)), "{pal:?}");
    assert!(
        ntsc_old.contains(&old[14]) && ntsc_old.contains(&old[6]),
        "{ntsc_old:?}"
    );
    assert!(ntsc_old.iter().all(|c| old.contains(c)), "{ntsc_old:?}");
    assert!(!PALETTE.contains(&old[14]) && !r8.contains(&old[14]));
}
