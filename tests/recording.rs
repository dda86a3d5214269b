//! Key recordings: a session played on the window's machine (no window needed) is recorded,
//! and a replay from power-on reaches the very same machine, frame for frame, so the turn
//! harness measures the same turns every time it replays it.
#![cfg(feature = "frontend")]

use breadbin::frontend::keys::HostKey;
use breadbin::frontend::{self, Options};
use breadbin::host::recording::Recording;
use breadbin::media::Program;
use breadbin::run::profile::RunSettings;
use breadbin::run::profile::play;
use breadbin::run::profile::spec::{Driver, RunSpec};
use breadbin::{C64, Roms};
use winit::keyboard::KeyCode;

fn same(a: &C64, b: &C64) -> bool {
    a.cycles() == b.cycles()
        && a.cpu().pc == b.cpu().pc
        && (a.cpu().a, a.cpu().x, a.cpu().y, a.cpu().s)
            == (b.cpu().a, b.cpu().x, b.cpu().y, b.cpu().s)
        && a.ram()[..] == b.ram()[..]
}

/// The dungeon in the window's machine, played with a few keys: the recording of it.
fn played_session() -> (Recording, C64) {
    let mut m = frontend::machine(&Options {
        seed: Some(3),
        game: breadbin::games::default_game(),
        ..Default::default()
    })
    .unwrap();
    m.start_recording();
    // The map takes about 12 s to draw; then a key every 1.6 s, held 0.1 s.
    for _ in 0..650 {
        m.run_frame();
    }
    for (code, text) in [
        (KeyCode::KeyD, "d"),
        (KeyCode::KeyS, "s"),
        (KeyCode::KeyD, "d"),
        (KeyCode::KeyA, "a"),
        (KeyCode::KeyW, "w"),
    ] {
        m.key_event(&HostKey::char(code, text, true));
        for _ in 0..5 {
            m.run_frame();
        }
        m.key_event(&HostKey::char(code, text, false));
        for _ in 0..75 {
            m.run_frame();
        }
    }
    let text = m.recording().unwrap().to_text();
    (
        Recording::parse(&text, "played.keys").unwrap(),
        m.c64().clone(),
    )
}

#[test]
fn a_replay_reaches_the_recorded_machine_and_measures_the_same_turns() {
    let (rec, end) = played_session();
    assert_eq!(rec.program, "part10c.bas");
    assert_eq!(rec.events.len(), 10, "five presses and their releases");
    // The text form reads back as the same recording.
    assert_eq!(
        Recording::parse(&rec.to_text(), "again.keys")
            .unwrap()
            .events,
        rec.events
    );

    let (_, source) = breadbin::games::dungeon_part("10c").unwrap();
    let program = Program::from_basic("part10c.bas", source).unwrap();
    let frame = end.frames();
    let replayed =
        breadbin::run::profile::replay::replay_to_frame(&program, &rec, Roms::open(), frame);
    assert!(
        same(&replayed, &end),
        "the replay is the recorded machine at frame {frame}"
    );

    let spec = |name: &str, program: Program| RunSpec {
        name: name.into(),
        program,
        game: std::sync::Arc::new(breadbin::games::dungeon::Dungeon),
        settings: RunSettings::default(),
        loop_label: "GETKEY".into(),
        measure: "ENEMYLOGIC".into(),
        turns: 20,
        driver: Driver::Replay(rec.clone()),
    };
    let a = play::run(&spec("part10c.bas", program.clone())).unwrap();
    let b = play::run(&spec("part10c.bas", program)).unwrap();
    assert_eq!(a.turns.len(), 5, "{:?}", a.ended);
    assert_eq!(a.turns, b.turns, "the same turns, to the cycle");
    assert!(a.ended.as_deref().unwrap().contains("the recording ends"));
    assert!(
        a.turns
            .iter()
            .all(|t| t.inner_ms > 0.0 && t.turn_ms > t.inner_ms)
    );

    // On part 10b the same keys play another game: the harness runs it and can compare.
    let (_, b_source) = breadbin::games::dungeon_part("10b").unwrap();
    let other = play::run(&spec(
        "part10b.bas",
        Program::from_basic("part10b.bas", b_source).unwrap(),
    ))
    .unwrap();
    assert!(!other.turns.is_empty() && other.turns.len() <= 5);
}

#[test]
fn bad_recordings_name_file_and_line() {
    let e = Recording::parse("program x.bas\n@10 down 1 sideways D\n", "r.keys").unwrap_err();
    assert!(e.to_string().starts_with("r.keys:2:1:"), "{e}");
    let e = Recording::parse("program x.bas\n@10 down 1 follow NOKEY\n", "r.keys").unwrap_err();
    assert!(e.to_string().contains("unknown C64 key `NOKEY`"), "{e}");
    let e = Recording::parse("program x.bas\n@10 up 1\n@5 up 1\n", "r.keys").unwrap_err();
    assert!(
        e.to_string().contains("frame 5 comes after frame 10"),
        "{e}"
    );
    let e = Recording::parse("@10 up 1\n", "r.keys").unwrap_err();
    assert!(e.to_string().contains("not a key recording"), "{e}");
}
