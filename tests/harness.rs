//! The turn-timing harness on the dungeon and on small programs, including its failure
//! reports.

use breadbin::games;
use breadbin::media::Program;
use breadbin::run::profile::{KeyScript, ProfileError, RunSettings, run_script};

fn walk() -> KeyScript {
    let (name, text) = games::default_walk().unwrap();
    KeyScript::parse(text, name).unwrap()
}

fn part(i: usize) -> Program {
    let (name, source) = games::DUNGEON[i];
    Program::from_basic(name, source).unwrap()
}

#[test]
fn the_zone_rule_cuts_goblin_time_on_the_same_walk() {
    let settings = RunSettings {
        seed: Some(1),
        ..Default::default()
    };
    let b = run_script(&part(1), &walk(), &settings, Some(20), Some("ENEMYLOGIC")).unwrap();
    let c = run_script(&part(2), &walk(), &settings, Some(20), Some("ENEMYLOGIC")).unwrap();
    assert_eq!((b.turns.len(), c.turns.len()), (20, 20));
    for t in b.turns.iter().chain(c.turns.iter()) {
        assert!(
            t.inner_cycles > 0 && t.inner_cycles < t.total_cycles,
            "{t:?}"
        );
    }
    let mean = |s: &breadbin::run::profile::ProfiledRun,
                f: fn(&breadbin::run::profile::Turn) -> u64| {
        s.turns.iter().map(f).sum::<u64>() as f64 / s.turns.len() as f64
    };
    let (gb, gc) = (mean(&b, |t| t.inner_cycles), mean(&c, |t| t.inner_cycles));
    let (tb, tc) = (mean(&b, |t| t.total_cycles), mean(&c, |t| t.total_cycles));
    assert!(
        gc < gb * 0.8,
        "10c goblin time {:.0} ms is not clearly below 10b's {:.0} ms",
        c.c64.model().ms(gc as u64),
        b.c64.model().ms(gb as u64)
    );
    // The rest of a turn (player, HUD) is the same code in both parts.
    let (rest_b, rest_c) = (tb - gb, tc - gc);
    assert!(
        (rest_c / rest_b - 1.0).abs() < 0.15,
        "non-goblin time {rest_b} vs {rest_c} cycles"
    );
    // The profiler saw ENEMYLOGIC called once per turn after the first move.
    let r = c.profiler.report(c.c64.model().clock_hz);
    let enemy = r.regions.iter().find(|s| s.name == "ENEMYLOGIC").unwrap();
    assert_eq!(enemy.calls, 20);
}

#[test]
fn same_seed_and_script_give_the_same_cycles() {
    let settings = RunSettings {
        seed: Some(9),
        ..Default::default()
    };
    let a = run_script(&part(2), &walk(), &settings, Some(5), Some("ENEMYLOGIC")).unwrap();
    let b = run_script(&part(2), &walk(), &settings, Some(5), Some("ENEMYLOGIC")).unwrap();
    assert_eq!(a.turns, b.turns);
}

#[test]
fn a_program_that_never_waits_in_its_loop_times_out_with_a_location() {
    let p = Program::from_basic(
        "spin.bas",
        "MAIN:\nGOTO MAIN\nGETKEY:\nGET K$:IF K$=\"\" THEN GETKEY\n",
    )
    .unwrap();
    let script = KeyScript::parse("loop GETKEY\nA", "s").unwrap();
    let settings = RunSettings {
        limit_seconds: 5,
        ..Default::default()
    };
    let e = run_script(&p, &script, &settings, Some(1), None).unwrap_err();
    assert!(matches!(e, ProfileError::Timeout { .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("never waited in its input loop GETKEY") && msg.contains("in MAIN"),
        "{msg}"
    );
}

#[test]
fn a_game_that_ends_early_is_reported() {
    let p = Program::from_basic(
        "two.bas",
        "N=0\nGETKEY:\nGET K$:IF K$=\"\" THEN GETKEY\nGOT:\nN=N+1:IF N<2 THEN GETKEY\nEND\n",
    )
    .unwrap();
    let script = KeyScript::parse("loop GETKEY\nA B C D", "s").unwrap();
    let e = run_script(&p, &script, &RunSettings::default(), Some(4), None).unwrap_err();
    assert!(
        matches!(
            e,
            ProfileError::Ended {
                turns: 1,
                wanted: 4,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn missing_labels_and_loops_are_named() {
    let p = part(2);
    let e = run_script(
        &p,
        &KeyScript::parse("D", "s").unwrap(),
        &RunSettings::default(),
        Some(1),
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("no input loop"), "{e}");
    let e = run_script(&p, &walk(), &RunSettings::default(), Some(1), Some("NOPE")).unwrap_err();
    assert!(e.to_string().contains("no label NOPE"), "{e}");
}
