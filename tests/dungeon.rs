//! The dungeon (games/dungeon/part10a/b/c.bas) played headless on the open ROMs.
//!
//! The map is read back from screen memory: rows 2-22, columns 0-20, 5x5 rooms of 3x3
//! floor with one-cell walls. Screen codes: wall `#` 35, floor `.` 46, door `+` 43, key `K`
//! 11, heart 83, gem 90, potion `!` 33, chalice `(` 40, goblin `G` 7, player `@` 0.

use breadbin::basic::vars::{read_array, read_var};
use breadbin::games::dungeon::sim::World;
use breadbin::games::dungeon::{ArticlePlayer, Dungeon, MOVES, Sight};
use breadbin::media::Program;
use breadbin::run::profile::spec::{Driver, RunSpec};
use breadbin::run::profile::{GameDriver, Input, RunSettings};
use std::collections::VecDeque;

const WALL: u8 = 35;
const FLOOR: u8 = 46;
const DOOR: u8 = 43;
const KEY: u8 = 11;
const HEART: u8 = 83;
const GEM: u8 = 90;
const POTION: u8 = 33;
const CHALICE: u8 = 40;
const GOBLIN: u8 = 7;
const PLAYER: u8 = 0;

fn program(part: &str) -> Program {
    let path = format!("{}/games/dungeon/{part}.bas", env!("CARGO_MANIFEST_DIR"));
    Program::from_file(std::path::Path::new(&path)).unwrap()
}

fn start(part: &str, seed: u8) -> GameDriver {
    let settings = RunSettings {
        seed: Some(seed),
        limit_seconds: 900,
        ..Default::default()
    };
    // The end panel (YOU WIN!/YOU DIED, then PLAY AGAIN) waits in ASKAGAIN.
    let mut d = GameDriver::start(&program(part), &settings, "GETKEY", Some("ENEMYLOGIC")).unwrap();
    d.set_end_label("ASKAGAIN").unwrap();
    assert!(
        d.run_to_wait().unwrap(),
        "{part} seed {seed}: the game ended before its first move"
    );
    d
}

/// The 21x21 map cells (x = column 0-20, y = row 0-20 for screen rows 2-22).
fn map(d: &GameDriver) -> [[u8; 21]; 21] {
    let ram = d.c64.ram();
    let mut m = [[0u8; 21]; 21];
    for (y, row) in m.iter_mut().enumerate() {
        for (x, cell) in row.iter_mut().enumerate() {
            *cell = ram[0x0400 + (y + 2) * 40 + x];
        }
    }
    m
}

fn var(d: &GameDriver, name: &str) -> f64 {
    read_var(d.c64.ram(), name)
        .and_then(|v| v.number())
        .unwrap_or_else(|| panic!("no variable {name}"))
}

fn array(d: &GameDriver, name: &str) -> Vec<f64> {
    read_array(d.c64.ram(), name)
        .unwrap_or_else(|| panic!("no array {name}"))
        .iter()
        .map(|v| v.number().unwrap())
        .collect()
}

fn is_wall_line(x: usize, y: usize) -> bool {
    x.is_multiple_of(4) || y.is_multiple_of(4)
}

/// Cells reachable from (x, y) through anything but walls.
fn flood(m: &[[u8; 21]; 21], x: usize, y: usize) -> [[bool; 21]; 21] {
    let mut seen = [[false; 21]; 21];
    let mut q = VecDeque::from([(x, y)]);
    seen[y][x] = true;
    while let Some((x, y)) = q.pop_front() {
        for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            if !(0..21).contains(&nx) || !(0..21).contains(&ny) {
                continue;
            }
            let (nx, ny) = (nx as usize, ny as usize);
            if !seen[ny][nx] && m[ny][nx] != WALL {
                seen[ny][nx] = true;
                q.push_back((nx, ny));
            }
        }
    }
    seen
}

fn count(m: &[[u8; 21]; 21], code: u8) -> usize {
    m.iter().flatten().filter(|&&c| c == code).count()
}

#[test]
fn fifty_seeds_give_connected_maps_with_doors_only_in_gaps() {
    for seed in 1..=50u8 {
        let d = start("part10c", seed);
        let m = map(&d);
        // The outer frame is wall all round.
        for (i, row) in m.iter().enumerate() {
            assert_eq!(
                (m[0][i], m[20][i], row[0], row[20]),
                (WALL, WALL, WALL, WALL),
                "seed {seed}: frame at {i}"
            );
        }
        // Every room is reached from the top-left room.
        let seen = flood(&m, 2, 2);
        for ry in 0..5 {
            for rx in 0..5 {
                let reached = (1..4).any(|dy| (1..4).any(|dx| seen[ry * 4 + dy][rx * 4 + dx]));
                assert!(
                    reached,
                    "seed {seed}: room ({rx},{ry}) is cut off\n{}",
                    show(&m)
                );
            }
        }
        // Doors: only in the middle of a wall segment, between two wall cells.
        for y in 0..21 {
            for x in 0..21 {
                if m[y][x] != DOOR {
                    continue;
                }
                let in_top_wall =
                    y % 4 == 0 && x % 4 == 2 && m[y][x - 1] == WALL && m[y][x + 1] == WALL;
                let in_left_wall =
                    x % 4 == 0 && y % 4 == 2 && m[y - 1][x] == WALL && m[y + 1][x] == WALL;
                assert!(
                    in_top_wall || in_left_wall,
                    "seed {seed}: door at ({x},{y}) is not in a one-cell gap\n{}",
                    show(&m)
                );
            }
        }
        let nd = var(&d, "ND") as usize;
        let nc_left = var(&d, "NC") as usize;
        assert_eq!(
            count(&m, DOOR),
            nd,
            "seed {seed}: every placed door is visible (no gap got two)"
        );
        assert!(
            nc_left + nd <= 40,
            "seed {seed}: NC was {} (> 40)",
            nc_left + nd
        );
        assert_eq!(count(&m, KEY), nd, "seed {seed}: a key per door");
        assert_eq!(count(&m, HEART), 3);
        assert_eq!(count(&m, GEM), 4);
        assert_eq!(count(&m, POTION), 3);
        assert_eq!(count(&m, CHALICE), 1);
        assert_eq!(count(&m, GOBLIN), 6);
        assert_eq!(count(&m, PLAYER), 1);
        // Items, goblins and the player stand on floor cells (room interiors).
        for (y, row) in m.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                if [KEY, HEART, GEM, POTION, CHALICE, GOBLIN, PLAYER].contains(&c) {
                    assert!(
                        !is_wall_line(x, y),
                        "seed {seed}: {c} on a wall line at ({x},{y})"
                    );
                }
            }
        }
    }
}

#[test]
fn parts_b_and_c_draw_the_same_dungeon_for_a_seed() {
    for seed in [3u8, 17, 99, 200] {
        let b = map(&start("part10b", seed));
        let c = map(&start("part10c", seed));
        assert_eq!(b, c, "seed {seed}");
    }
}

fn show(m: &[[u8; 21]; 21]) -> String {
    m.iter()
        .map(|row| {
            row.iter()
                .map(|&c| match c {
                    WALL => '#',
                    FLOOR => '.',
                    DOOR => '+',
                    KEY => 'K',
                    HEART => 'h',
                    GEM => 'g',
                    POTION => '!',
                    CHALICE => 'C',
                    GOBLIN => 'G',
                    PLAYER => '@',
                    _ => '?',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Player position in map coordinates.
fn player(m: &[[u8; 21]; 21]) -> (usize, usize) {
    for (y, row) in m.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            if c == PLAYER {
                return (x, y);
            }
        }
    }
    panic!("no player on the map\n{}", show(m));
}

/// The first step (W/A/S/D) of a shortest path from the player to a cell satisfying `goal`,
/// not walking through cells `avoid` rejects (the goal itself excepted).
fn step_towards(
    m: &[[u8; 21]; 21],
    goal: impl Fn(u8, usize, usize) -> bool,
    avoid: impl Fn(u8) -> bool,
) -> Option<u8> {
    let (px, py) = player(m);
    let mut prev = [[None; 21]; 21];
    let mut q = VecDeque::from([(px, py)]);
    prev[py][px] = Some((px, py));
    while let Some((x, y)) = q.pop_front() {
        if (x, y) != (px, py) && goal(m[y][x], x, y) {
            // Walk back to the first step.
            let (mut cx, mut cy) = (x, y);
            while prev[cy][cx] != Some((px, py)) {
                (cx, cy) = prev[cy][cx].unwrap();
            }
            return Some(match (cx as i32 - px as i32, cy as i32 - py as i32) {
                (1, 0) => b'D',
                (-1, 0) => b'A',
                (0, 1) => b'S',
                _ => b'W',
            });
        }
        if (x, y) != (px, py) && avoid(m[y][x]) {
            continue;
        }
        for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = ((x as i32 + dx) as usize, (y as i32 + dy) as usize);
            if nx < 21 && ny < 21 && prev[ny][nx].is_none() && m[ny][nx] != WALL {
                prev[ny][nx] = Some((x, y));
                q.push_back((nx, ny));
            }
        }
    }
    None
}

/// Screen text at (row, col) of `len` characters, as screen codes mapped to ASCII letters.
fn screen_text(d: &GameDriver, row: usize, col: usize, len: usize) -> String {
    let ram = d.c64.ram();
    (0..len)
        .map(|i| {
            let c = ram[0x0400 + row * 40 + col + i];
            match c {
                1..=26 => (b'A' + c - 1) as char,
                32..=63 => c as char,
                _ => '?',
            }
        })
        .collect()
}

#[test]
fn a_playthrough_reaches_the_chalice_and_wins() {
    // Seek the chalice, fighting whatever stands in the way. A seed where the player
    // survives the walk is searched for among the first few.
    let mut won = None;
    'seeds: for seed in 1..=10u8 {
        let mut d = start("part10c", seed);
        for _ in 0..300 {
            let m = map(&d);
            let Some(k) = step_towards(&m, |c, _, _| c == CHALICE, |_| false) else {
                continue 'seeds;
            };
            if d.turn(Input::Key(k)).unwrap().is_some() {
                continue;
            }
            // The end panel waits for Y or N: won, or dead.
            assert!(
                d.at_label("ASKAGAIN"),
                "seed {seed}: the game ended without its end panel"
            );
            if var(&d, "WN") == 1.0 {
                assert!(var(&d, "HP") > 0.0);
                won = Some((seed, d));
                break 'seeds;
            }
            continue 'seeds;
        }
    }
    let (seed, mut d) = won.expect("no seed of 1-10 reached the chalice");
    assert_eq!(screen_text(&d, 12, 24, 8), "YOU WIN!", "seed {seed}");
    assert_eq!(d.c64.color_ram()[12 * 40 + 24] & 0x0F, 7, "yellow");
    assert_eq!(screen_text(&d, 16, 22, 15), "PLAY AGAIN? Y/N");
    assert!(screen_text(&d, 14, 22, 8).starts_with("GOLD"));
    // The end panel leaves the map where it was: its bottom wall is still on screen row 22
    // (a line printed into column 39 would link the row below and push the rows down).
    assert!(map(&d)[20].iter().all(|&c| c == b'#'), "{:?}", map(&d)[20]);
    assert!(
        d.c64.peek(0xD9 + 17) & 0x80 != 0,
        "row 17 starts a line of its own"
    );
    // Y starts a fresh dungeon with all state reset.
    let mut again = d.clone();
    let old_map = map(&again);
    breadbin::host::autostart::put_in_keyboard_buffer(&mut again.c64, b"Y");
    assert!(
        again.run_to_wait().unwrap(),
        "after Y the game waits for the first move"
    );
    assert_eq!(
        (
            var(&again, "WN"),
            var(&again, "HP"),
            var(&again, "GL"),
            var(&again, "KY")
        ),
        (0.0, 30.0, 0.0, 0.0)
    );
    assert!(array(&again, "GH").iter().skip(1).all(|&h| h == 10.0));
    assert!(array(&again, "GW").iter().skip(1).all(|&w| w == 0.0));
    assert_ne!(map(&again), old_map, "a new dungeon");
    assert_eq!(count(&map(&again), GOBLIN), 6);
    // N returns cleanly to READY.
    breadbin::host::autostart::put_in_keyboard_buffer(&mut d.c64, b"N");
    assert!(!d.run_to_wait().unwrap(), "after N the program ends");
    assert!(breadbin::host::autostart::ready_above_cursor(&d.c64));
}

#[test]
fn unused_keys_are_ignored_and_a_held_key_moves_one_square_per_turn() {
    let mut d = start("part10c", 5);
    let before = map(&d);
    for k in [b'Q', b'1', b' ', b'@', 0x85] {
        assert!(d.turn(Input::Key(k)).unwrap().is_some());
        assert_eq!(map(&d), before, "key {k:#x} changed the map");
    }
    // Hold CRSR RIGHT on the keyboard matrix for three seconds: the key repeats, each
    // repeat the game takes is one turn of one square, and the game keeps running.
    let key = breadbin::chips::keyboard::key_by_name("CRSR RIGHT").unwrap();
    let x0 = var(&d, "PX");
    d.c64.keyboard_mut().set(key, true);
    let mut last = x0;
    for _ in 0..150 {
        d.c64.run_frame();
        let x = var(&d, "PX");
        assert!((x - last).abs() <= 1.0, "more than one square at once");
        last = x;
    }
    assert!(last > x0 || var(&d, "MV") == 1.0, "the held key was taken");
    d.c64.keyboard_mut().set(key, false);
    assert!(d.run_to_wait().unwrap(), "the game waits for input again");
    assert!(var(&d, "HP") > 0.0);
}

#[test]
fn breaking_a_door_without_a_key_costs_4_health() {
    for seed in 1..=20u8 {
        let mut d = start("part10c", seed);
        if var(&d, "ND") == 0.0 {
            continue;
        }
        // Walk to a door avoiding keys and goblins; the last step walks into it.
        for _ in 0..200 {
            let m = map(&d);
            let Some(k) = step_towards(
                &m,
                |c, _, _| c == DOOR,
                |c| c == KEY || c == GOBLIN || c == DOOR,
            ) else {
                break;
            };
            let (px, py) = player(&m);
            let (tx, ty) = match k {
                b'D' => (px + 1, py),
                b'A' => (px - 1, py),
                b'S' => (px, py + 1),
                _ => (px, py - 1),
            };
            let hp = var(&d, "HP");
            assert!(d.turn(Input::Key(k)).unwrap().is_some());
            if m[ty][tx] == DOOR {
                assert_eq!(var(&d, "KY"), 0.0);
                assert_eq!(map(&d)[ty][tx], FLOOR, "seed {seed}: the door is gone");
                let hits = hp - 4.0 - var(&d, "HP");
                assert!(
                    hits >= 0.0,
                    "seed {seed}: lost {} health, expected 4 (+ goblin hits)",
                    hp - var(&d, "HP")
                );
                assert!(screen_text(&d, 10, 22, 16).starts_with("YOU BREAK IT: -4") || hits > 0.0);
                return;
            }
        }
    }
    panic!("no seed of 1-20 let the player reach a door");
}

#[test]
fn attacking_kills_a_goblin() {
    for seed in 1..=20u8 {
        let mut d = start("part10c", seed);
        for _ in 0..200 {
            let m = map(&d);
            let Some(k) = step_towards(&m, |c, _, _| c == GOBLIN, |c| c == DOOR) else {
                break;
            };
            assert!(d.turn(Input::Key(k)).unwrap().is_some());
            if var(&d, "HP") <= 0.0 {
                break;
            }
            let dead = array(&d, "GH")
                .iter()
                .skip(1)
                .filter(|&&h| h <= 0.0)
                .count();
            if dead > 0 {
                assert_eq!(
                    count(&map(&d), GOBLIN),
                    6 - dead,
                    "seed {seed}: a dead goblin leaves the map"
                );
                return;
            }
        }
    }
    panic!("no goblin killed in seeds 1-20");
}

#[test]
fn sleeping_goblins_outside_the_zone_stay_put_and_attacked_ones_chase() {
    // Part 10c: zones are 7x7 cells; PA is the player's zone (computed each turn after the
    // player's move), GA(G) each goblin's. GW(G)=1 once the player attacked it.
    let mut sleeper_checked = false;
    let mut inside_moved = false;
    let mut chaser_seen = false;
    for seed in 1..=30u8 {
        let mut d = start("part10c", seed);
        // A few turns of walking: every goblin asleep and outside the player's zone stays
        // put; at some point a goblin inside it moves.
        for _ in 0..8 {
            let (gx, gy, ga, gw) = (
                array(&d, "GX"),
                array(&d, "GY"),
                array(&d, "GA"),
                array(&d, "GW"),
            );
            let m = map(&d);
            let Some(k) = step_towards(
                &m,
                |c, x, y| c == FLOOR && x >= 14 && y >= 14,
                |c| c == GOBLIN || c == DOOR,
            ) else {
                break;
            };
            if d.turn(Input::Key(k)).unwrap().is_none() {
                break;
            }
            let pa = var(&d, "PA");
            let (nx, ny) = (array(&d, "GX"), array(&d, "GY"));
            for g in 1..=6 {
                let moved = (gx[g], gy[g]) != (nx[g], ny[g]);
                if gw[g] == 0.0 && ga[g] != pa {
                    assert!(
                        !moved,
                        "seed {seed}: goblin {g} asleep in zone {} moved (player in zone {pa})",
                        ga[g]
                    );
                    sleeper_checked = true;
                } else if ga[g] == pa && moved {
                    inside_moved = true;
                }
            }
        }
        // Attack the nearest goblin, then step away: it keeps acting outside the zone.
        for _ in 0..100 {
            let m = map(&d);
            let Some(k) = step_towards(&m, |c, _, _| c == GOBLIN, |c| c == DOOR) else {
                break;
            };
            if d.turn(Input::Key(k)).unwrap().is_none() || var(&d, "HP") <= 6.0 {
                break;
            }
            let (gw, gh) = (array(&d, "GW"), array(&d, "GH"));
            let Some(g) = (1..=6).find(|&g| gw[g] == 1.0 && gh[g] > 0.0) else {
                continue;
            };
            for _ in 0..25 {
                let (gx, gy) = (array(&d, "GX")[g], array(&d, "GY")[g]);
                let m = map(&d);
                let far = |_: u8, x: usize, y: usize| {
                    x.abs_diff(gx as usize) + y.abs_diff(gy as usize - 2) >= 12
                };
                let Some(k) = step_towards(
                    &m,
                    |c, x, y| c == FLOOR && far(c, x, y),
                    |c| c == GOBLIN || c == DOOR,
                ) else {
                    break;
                };
                if d.turn(Input::Key(k)).unwrap().is_none() || var(&d, "HP") <= 0.0 {
                    break;
                }
                let moved = (array(&d, "GX")[g], array(&d, "GY")[g]) != (gx, gy);
                if moved && array(&d, "GA")[g] != var(&d, "PA") {
                    chaser_seen = true;
                    break;
                }
            }
            break;
        }
        if sleeper_checked && inside_moved && chaser_seen {
            return;
        }
    }
    assert!(
        sleeper_checked,
        "no sleeping goblin outside the player's zone was observed"
    );
    assert!(
        inside_moved,
        "no goblin inside the player's zone was seen moving"
    );
    assert!(
        chaser_seen,
        "no attacked goblin was seen moving outside the player's zone"
    );
}

#[test]
fn tokenizer_warnings_are_clean_and_each_part_adds_one_change() {
    for (name, source) in breadbin::games::DUNGEON {
        let t = breadbin::basic::tokenize(source, name).unwrap();
        assert!(
            t.warnings.is_empty(),
            "{name}: {:?}",
            t.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>()
        );
    }
    // 10b = 10a + the win condition; 10c = 10b + goblin zones (labels stay the same).
    let labels = |i: usize| {
        breadbin::basic::tokenize(breadbin::games::DUNGEON[i].1, "x")
            .unwrap()
            .labels
    };
    let names = |i: usize| {
        labels(i)
            .labels
            .iter()
            .map(|l| l.name.clone())
            .collect::<Vec<_>>()
    };
    assert!(!names(0).contains(&"YOUWIN".to_string()));
    assert!(names(1).contains(&"YOUWIN".to_string()));
    assert_eq!(names(1), names(2));
    assert!(
        breadbin::games::DUNGEON[2]
            .1
            .contains("IF GW(G)=0 THEN IF GA(G)<>PA THEN GOTO NEXTENEMY")
    );
    assert!(!breadbin::games::DUNGEON[1].1.contains("GA(G)"));
}

/// The goblins' moves that the article's player foresees (games::dungeon::sim, written from
/// ENEMYLOGIC's text) are the moves the game makes: after every turn that is a move or a
/// bump, each goblin stands where the forecast put it.
#[test]
fn the_forecast_of_the_goblins_moves_matches_the_game() {
    for part in ["part10b", "part10c"] {
        let mut checked = 0;
        for seed in 1..=3u8 {
            let mut d = start(part, seed);
            let mut player = ArticlePlayer::new(2);
            for _ in 0..40 {
                let now = Sight::read(&d.c64.screen_codes(), d.c64.ram());
                let key = player.key_for(&now);
                let dir = MOVES.iter().position(|m| m.2 == key).unwrap();
                let (world, state) = World::new(&now).unwrap();
                let forecast = world.turn(&state, dir);
                if d.turn(Input::Key(key)).unwrap().is_none() {
                    break;
                }
                // None: a hit or a door, which the forecast leaves to the game.
                if let Some((next, _)) = forecast {
                    let after = Sight::read(&d.c64.screen_codes(), d.c64.ram());
                    let (_, actual) = World::new(&after).unwrap();
                    assert_eq!(
                        (next.me, next.goblins),
                        (actual.me, actual.goblins),
                        "{part} seed {seed}: key {}",
                        key as char
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked >= 60, "{part}: only {checked} turns forecast");
    }
}

/// The article's player keeps the tutorial's scenario: six goblins alive in every measured
/// turn, exactly N of them hit once (health below 10), in both versions.
#[test]
fn the_article_player_never_kills_a_goblin_and_wakes_exactly_n() {
    let wake = 2;
    for part in ["part10b", "part10c"] {
        for seed in [3u8, 4, 5] {
            let spec = RunSpec {
                name: part.into(),
                program: program(part),
                settings: RunSettings {
                    seed: Some(seed),
                    limit_seconds: 900,
                    ..Default::default()
                },
                loop_label: "GETKEY".into(),
                measure: "ENEMYLOGIC".into(),
                turns: 20,
                game: std::sync::Arc::new(Dungeon),
                driver: Driver::Player(Dungeon::article(wake)),
            };
            let r = breadbin::run::profile::play::run(&spec).unwrap();
            assert_eq!(r.skipped, None, "{part} seed {seed}");
            assert_eq!(r.turns.len(), 20, "{part} seed {seed}");
            for (i, t) in r.turns.iter().enumerate() {
                let c = t.counts;
                assert_eq!(
                    (c.alive, c.dead, c.hit),
                    (6, 0, wake as u32),
                    "{part} seed {seed} turn {}",
                    i + 1
                );
            }
        }
    }
}
