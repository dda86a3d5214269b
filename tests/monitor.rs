//! The monitor from the command line: `run --headless --monitor SCRIPT` breaks in the
//! dungeon's goblin loop, reads the goblin count and resumes, and the run ends with the same
//! machine (screen, cycle, every chip) as a run without the monitor. A script's error names
//! its line.

mod common;

use common::cli::{breadbin, one_line_error, stdout, tmp_in};

const DUNGEON: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/games/dungeon/part10b.bas");

/// A headless dungeon run of 20 emulated seconds with four moves typed, saving its state.
fn dungeon(state: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let state = state.to_str().unwrap();
    let mut args = vec![
        "run",
        "--headless",
        DUNGEON,
        "--type",
        "DDSS",
        "--seconds",
        "20",
        "--screen-text",
        "--save-state",
        state,
    ];
    args.extend_from_slice(extra);
    breadbin(&args)
}

#[test]
fn a_break_in_the_goblin_loop_reads_the_goblins_and_changes_nothing() {
    let script = tmp_in("monitor", "goblins.mon");
    std::fs::write(
        &script,
        "# every goblin's turn: how many there are, which one, their health\n\
         break line ENEMYLOGIC do var NG; var G; var GH(); g\n\
         g\n",
    )
    .unwrap();
    let (plain, watched) = (
        tmp_in("monitor", "plain.state"),
        tmp_in("monitor", "watched.state"),
    );
    let a = dungeon(&plain, &[]);
    let b = dungeon(&watched, &["--monitor", script.to_str().unwrap()]);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(b.status.code(), Some(0), "{}", common::cli::stderr(&b));
    let (a_out, b_out) = (stdout(&a), stdout(&b));
    // Each of the four moves runs the goblins' loop.
    assert!(
        b_out.contains("#1 break at BASIC line") && b_out.contains("(ENEMYLOGIC)"),
        "{b_out}"
    );
    assert!(b_out.contains("(hit 4)"), "{b_out}");
    assert_eq!(
        b_out.matches("NG = 6\n").count(),
        b_out.matches("(hit ").count()
    );
    assert!(b_out.contains("GH() = 0 "), "element 0 is unused: {b_out}");
    // The same final screen, after the monitor's lines.
    assert!(a_out.contains("HEALTH"), "{a_out}");
    assert!(b_out.ends_with(&a_out), "{b_out}");
    // The same machine, to the cycle.
    let (sa, sb) = (
        std::fs::read(&plain).unwrap(),
        std::fs::read(&watched).unwrap(),
    );
    assert!(sa == sb, "the save states differ");
    for p in [script, plain, watched] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn quit_ends_the_run_and_a_wrong_line_is_named() {
    let script = tmp_in("monitor", "quit.mon");
    std::fs::write(&script, "z 3\nr\nquit\n").unwrap();
    let o = breadbin(&[
        "run",
        "--headless",
        "--cycles",
        "100000",
        "--monitor",
        script.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    // Three steps from power-on (the reset sequence is the first), then `r`.
    let out = stdout(&o);
    assert_eq!(out.matches("PC:").count(), 2, "{out}");
    assert!(out.contains("cycle:"), "{out}");
    std::fs::write(&script, "r\n\nbreak line NOWHERE\n").unwrap();
    let o = breadbin(&["run", "--headless", "--monitor", script.to_str().unwrap()]);
    one_line_error(&o, 1, "quit.mon:3: 'NOWHERE' is not a BASIC line number");
    let o = breadbin(&["run", "--headless", "--monitor", "/no/such.mon"]);
    one_line_error(&o, 1, "/no/such.mon: cannot read");
    let _ = std::fs::remove_file(script);
}

/// The window's monitor (Ctrl+F2) without a window: it stops the machine, takes commands as
/// the terminal would give them, and a checkpoint stops the machine within a frame.
#[cfg(feature = "frontend")]
#[test]
fn the_windows_monitor_stops_the_machine_and_runs_it_on() {
    use breadbin::frontend::machine::Machine;
    let mut m = Machine::new(breadbin::Roms::open(), None, false, false);
    m.console.terminal = false;
    for _ in 0..5 {
        m.run_frame();
    }
    m.open_monitor();
    assert!(m.console.is_open());
    assert!(
        m.session.c64.cpu().at_instruction_boundary(),
        "the machine stops between two instructions"
    );
    let at = m.session.c64.cycles();
    assert!(
        !m.poll_monitor(),
        "no command yet: the machine stays stopped"
    );
    m.console.monitor.push("break raster +200");
    m.console.monitor.push("g");
    assert!(m.poll_monitor(), "g runs on");
    assert!(!m.console.is_open());
    m.run_frame();
    assert!(m.console.is_open(), "stopped at the raster line");
    assert_eq!(m.session.c64.vic_position().0, 200);
    let frame = breadbin::c64::Model::C64_PAL.cycles_per_frame();
    assert!(m.session.c64.cycles() - at <= frame);
    m.console.monitor.push("delete; quit");
    m.poll_monitor();
    assert!(m.console.take_quit(), "quit closes the window");
}
