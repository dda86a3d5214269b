//! Games embedded in the binary: the dungeon (games/dungeon/), which the window plays when
//! started without a program, and the scripted walk the turn-timing harness uses.

/// The three parts of the dungeon, each the previous plus one change: part 10a (the
/// connected map and real doors), 10b (+ the chalice wins), 10c (+ goblin zones).
pub const DUNGEON: [(&str, &str); 3] = [
    ("part10a.bas", include_str!("../games/dungeon/part10a.bas")),
    ("part10b.bas", include_str!("../games/dungeon/part10b.bas")),
    ("part10c.bas", include_str!("../games/dungeon/part10c.bas")),
];

/// The program `breadbin` plays when started without a file: a name (for messages and the
/// window title) and its BASIC source text (tokenized at start): the dungeon, part 10c.
pub fn default_game() -> Option<(&'static str, &'static str)> {
    Some(DUNGEON[2])
}

/// The key script the turn-timing harness uses by default: a name and its text (the
/// format of `breadbin::profile::KeyScript`).
pub fn default_walk() -> Option<(&'static str, &'static str)> {
    Some(("walk.keys", include_str!("../games/dungeon/walk.keys")))
}

/// A dungeon part by file name (`part10b.bas`) or short name (`10b`).
pub fn dungeon_part(name: &str) -> Option<(&'static str, &'static str)> {
    let n = name.trim_start_matches("part").trim_end_matches(".bas");
    DUNGEON
        .iter()
        .copied()
        .find(|(f, _)| f.trim_start_matches("part").trim_end_matches(".bas") == n)
}
