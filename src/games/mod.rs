//! Games embedded in the binary: the dungeon (games/dungeon/), which the window plays when
//! started without a program, and the scripted walk the turn-timing harness uses.

pub mod dungeon;
pub mod starlink;

/// The three parts of the dungeon, each the previous plus one change: part 10a (the
/// connected map and real doors), 10b (+ the chalice wins), 10c (+ goblin zones).
pub const DUNGEON: [(&str, &str); 3] = [
    (
        "part10a.bas",
        include_str!("../../games/dungeon/part10a.bas"),
    ),
    (
        "part10b.bas",
        include_str!("../../games/dungeon/part10b.bas"),
    ),
    (
        "part10c.bas",
        include_str!("../../games/dungeon/part10c.bas"),
    ),
];

/// The program `breadbin` plays when started without a file: a name (for messages and the
/// window title) and its BASIC source text (tokenized at start): the dungeon, part 10c.
pub fn default_game() -> Option<(&'static str, &'static str)> {
    Some(DUNGEON[2])
}

/// The key script the turn-timing harness uses by default: a name and its text (the
/// format of `breadbin::run::profile::KeyScript`).
pub fn default_walk() -> Option<(&'static str, &'static str)> {
    Some(("walk.keys", include_str!("../../games/dungeon/walk.keys")))
}

/// A dungeon part by file name (`part10b.bas`) or short name (`10b`).
pub fn dungeon_part(name: &str) -> Option<(&'static str, &'static str)> {
    let n = name.trim_start_matches("part").trim_end_matches(".bas");
    DUNGEON
        .iter()
        .copied()
        .find(|(f, _)| f.trim_start_matches("part").trim_end_matches(".bas") == n)
}

/// The classic BASIC benchmarks built into the binary (`benches/basic/`): name and source.
pub const BASIC_BENCHMARKS: [(&str, &str); 8] = [
    ("bm1", include_str!("../../benches/basic/bm1.bas")),
    ("bm2", include_str!("../../benches/basic/bm2.bas")),
    ("bm3", include_str!("../../benches/basic/bm3.bas")),
    ("bm4", include_str!("../../benches/basic/bm4.bas")),
    ("bm5", include_str!("../../benches/basic/bm5.bas")),
    ("bm6", include_str!("../../benches/basic/bm6.bas")),
    ("bm7", include_str!("../../benches/basic/bm7.bas")),
    ("bm8", include_str!("../../benches/basic/bm8.bas")),
];

/// Genuine BASIC V2's cycle counts for [`BASIC_BENCHMARKS`] (`NAME<TAB>cycles`, a header).
pub const BASIC_BENCHMARK_CYCLES: &str = include_str!("../../benches/basic/cycles.tsv");

/// The tutorial's published figures for the dungeon, part 10b → 10c (six goblins, 20 turns):
/// goblin processing per turn in milliseconds, before and after the zone rule.
pub const TUTORIAL_GOBLIN_MS: (f64, f64) = (990.0, 556.0);
/// The whole turn, likewise.
pub const TUTORIAL_TURN_MS: (f64, f64) = (1420.0, 990.0);
