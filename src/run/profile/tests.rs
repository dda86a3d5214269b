//! Key scripts, program scanning and the profiler's accounting on synthetic runs.

use super::profiler::scan_program;
use super::*;
use crate::chips::keyboard::joy;
use crate::media::Program;

fn program(src: &str) -> Program {
    Program::from_basic("test.bas", src).unwrap()
}

#[test]
fn script_tokens() {
    let s = KeyScript::parse(
        "loop GETKEY\nW a {DOWN} J:UP+FIRE D*3 # comment\n{RETURN}*2 ;",
        "s.txt",
    )
    .unwrap();
    assert_eq!(s.input_loop.as_deref(), Some("GETKEY"));
    assert_eq!(
        s.inputs,
        vec![
            Input::Key(b'W'),
            Input::Key(b'A'),
            Input::Key(0x11),
            Input::Joy(joy::UP | joy::FIRE),
            Input::Key(b'D'),
            Input::Key(b'D'),
            Input::Key(b'D'),
            Input::Key(0x0D),
            Input::Key(0x0D),
            Input::Key(b';'),
        ]
    );
}

#[test]
fn script_errors_name_file_line_and_column() {
    let e = KeyScript::parse("W\n  {NOPE}", "walk.txt")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("walk.txt:2:3:") && e.contains("unknown key name"),
        "{e}"
    );
    let e = KeyScript::parse("J:SIDEWAYS", "w").unwrap_err().to_string();
    assert!(e.starts_with("w:1:1:") && e.contains("joystick"), "{e}");
    let e = KeyScript::parse("AB", "w").unwrap_err().to_string();
    assert!(e.contains("unknown key `AB`"), "{e}");
    let e = KeyScript::parse("loop", "w").unwrap_err().to_string();
    assert!(e.contains("needs a label"), "{e}");
    let e = KeyScript::parse("{DOWN", "w").unwrap_err().to_string();
    assert!(e.contains("unclosed brace"), "{e}");
}

#[test]
fn scan_finds_gosubs_and_returns() {
    let p = program(
        "10 GOSUB 100:PRINT \"GOSUB 7\"\n20 ON X GOSUB 100, 200 ,300\n30 REM GOSUB 400\n100 RETURN\n200 DATA 1:GOSUB 300\n300 X=1:RETURN",
    );
    let info = scan_program(&p.prg);
    assert_eq!(info[&10].gosub_targets, vec![100]);
    assert_eq!(info[&20].gosub_targets, vec![100, 200, 300]);
    assert!(info[&30].gosub_targets.is_empty());
    assert!(info[&100].has_return);
    assert_eq!(info[&200].gosub_targets, vec![300]);
    assert!(info[&300].has_return && !info[&10].has_return);
}

#[test]
fn inclusive_time_follows_gosub_and_return() {
    let p = program(
        "MAIN:\n10 GOSUB WORK:GOTO MAIN\nWORK:\n100 X=1\n110 GOSUB INNER\n120 RETURN\nINNER:\n200 RETURN",
    );
    let mut prof = Profiler::new(&p.prg, &p.labels);
    let main = prof.region_of_label("MAIN").unwrap();
    let work = prof.region_of_label("WORK").unwrap();
    let inner = prof.region_of_label("INNER").unwrap();
    prof.start(10, 0);
    // 10 (100 cycles) -> 100 (50) -> 110 (10) -> 200 (30) -> 110 (5) -> 120 (5) -> 10 (20)
    for (line, at) in [
        (100, 100),
        (110, 150),
        (200, 160),
        (110, 190),
        (120, 195),
        (10, 200),
    ] {
        prof.observe(line, at);
    }
    prof.flush(220);
    assert_eq!(prof.total(), 220);
    let r = prof.report(985_248);
    let get = |name: &str| r.regions.iter().find(|s| s.name == name).unwrap().clone();
    assert_eq!(
        (
            get("WORK").exclusive,
            get("WORK").inclusive,
            get("WORK").calls
        ),
        (70, 100, 1)
    );
    assert_eq!(
        (
            get("INNER").exclusive,
            get("INNER").inclusive,
            get("INNER").calls
        ),
        (30, 30, 1)
    );
    assert_eq!((get("MAIN").exclusive, get("MAIN").inclusive), (120, 220));
    assert_eq!(prof.inclusive(work), 100);
    assert_eq!(prof.inclusive(inner), 30);
    assert_eq!(prof.inclusive(main), 220);
    let line110 = r.lines.iter().find(|l| l.line == 110).unwrap();
    assert_eq!((line110.cycles, line110.entries), (15, 2));
    assert!(r.table(10).contains("WORK"));
    assert!(
        r.json()
            .contains("\"label\":\"INNER\",\"inclusive_cycles\":30")
    );
}

#[test]
fn goto_is_not_a_call_and_direct_mode_clears_the_stack() {
    let p = program("A:\n10 GOTO B\nB:\n20 GOSUB C\nC:\n30 END");
    let mut prof = Profiler::new(&p.prg, &p.labels);
    prof.start(10, 0);
    prof.observe(20, 10);
    prof.observe(30, 20);
    prof.observe(0xFF00, 30);
    prof.flush(40);
    let r = prof.report(985_248);
    let get = |name: &str| r.regions.iter().find(|s| s.name == name).unwrap().clone();
    assert_eq!(get("B").calls, 0);
    assert_eq!(get("C").calls, 1);
    assert_eq!(get("B").inclusive, 20, "B called C");
    assert_eq!(get("(direct mode)").exclusive, 10);
    assert_eq!(
        get("B").inclusive + get("A").inclusive + get("(direct mode)").inclusive,
        40
    );
}
