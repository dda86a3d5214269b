//! STARLINK played on the C64 through joystick 2 and the light pen, checked against the
//! Rust rules reference: the tutorial solved, each refusal's message on a position built for
//! it, a bent line removed by either segment, what a bent line draws, how fast a pick is
//! answered, and `starlink-check` over seeds 1-100 at every level.

use breadbin::Roms;
use breadbin::games::starlink::check;
use breadbin::games::starlink::driver::{Driver, FRAMES_PER_SECOND};
use breadbin::games::starlink::layout::{self, State, command, msg, star_pixel};
use breadbin::games::starlink::{Line, Puzzle, Refusal, Star, tutorial};
use std::path::Path;
use std::process::Command;

/// The most frames a pick may take to be answered.
const ANSWER_FRAMES: u64 = 3;

fn game(render: bool) -> Driver {
    Driver::boot(Roms::open(), render).unwrap()
}

fn tutorial_game(render: bool) -> Driver {
    let mut d = game(render);
    d.command(command::PLAY, 0, 0, 5 * FRAMES_PER_SECOND)
        .unwrap();
    d
}

/// Picks star i with the joystick, checking the answer came within [`ANSWER_FRAMES`].
fn pick(d: &mut Driver, i: usize) {
    let frames = d
        .pick_star(i)
        .unwrap_or_else(|e| panic!("picking star {i}: {e}"));
    assert!(
        frames <= ANSWER_FRAMES,
        "picking star {i} took {frames} frames to answer"
    );
}

#[test]
fn the_tutorial_is_solved_with_the_joystick() {
    let mut d = tutorial_game(false);
    let s = d.snapshot().unwrap();
    assert_eq!(s.puzzle, tutorial());
    assert_eq!(s.state, State::Playing);
    pick(&mut d, 0);
    assert_eq!(d.snapshot().unwrap().message, msg::PICKED);
    pick(&mut d, 3);
    let s = d.snapshot().unwrap();
    assert_eq!(
        (s.message, s.pick_a, s.pick_g),
        (msg::WAYPOINT, Some(0), Some(3))
    );
    pick(&mut d, 2);
    let s = d.snapshot().unwrap();
    assert_eq!(s.placed, vec![Line::Bent(0, 3, 2)], "{}", s.text);
    assert_eq!(s.text, "Linked.");
    for (a, b) in [(0, 1), (1, 2)] {
        pick(&mut d, a);
        pick(&mut d, b);
    }
    let s = d.snapshot().unwrap();
    assert_eq!(s.state, State::Solved, "{:?} {}", s.placed, s.text);
    assert_eq!(s.text, "Solved!");
    assert!(breadbin::games::starlink::is_solved(&s.puzzle, &s.placed));
    // The clock stopped at the solution: a few emulated seconds of cursor travel.
    let seconds = s.solve_jiffies as f64 / 60.0;
    assert!((1.0..60.0).contains(&seconds), "{seconds} s");
    for _ in 0..100 {
        d.frame();
    }
    assert_eq!(d.snapshot().unwrap().solve_jiffies, s.solve_jiffies);
}

#[test]
fn the_keyboard_chooses_a_puzzle_and_picks_a_star() {
    let mut d = game(false);
    // The title, then the choice: two steps down to hard, seed 12, RETURN.
    d.type_keys("{RETURN}").unwrap();
    assert_eq!(d.snapshot().unwrap().state, State::Choose);
    d.type_keys("{DOWN}{DOWN}12{RETURN}").unwrap();
    d.run_until(20 * FRAMES_PER_SECOND, |s| s.state == State::Playing)
        .unwrap();
    let s = d.snapshot().unwrap();
    assert_eq!((s.level, s.seed), (2, 12));
    // The cursor keys move it six pixels a press: to within three of star 0, then RETURN.
    let (x, y) = star_pixel(&s.puzzle.stars[0]);
    let (dx, dy) = ((x - s.cursor.0) as f64 / 6.0, (y - s.cursor.1) as f64 / 6.0);
    let mut keys = String::new();
    let (h, v) = (dx.round() as i32, dy.round() as i32);
    keys += &(if h < 0 { "{LEFT}" } else { "{RIGHT}" }).repeat(h.unsigned_abs() as usize);
    keys += &(if v < 0 { "{UP}" } else { "{DOWN}" }).repeat(v.unsigned_abs() as usize);
    d.type_keys(&keys).unwrap();
    d.type_keys("{RETURN}").unwrap();
    let s = d.snapshot().unwrap();
    assert_eq!((s.pick_a, s.message), (Some(0), msg::PICKED), "{}", s.text);
}

/// Plays `stars` (numbers do not matter here) and picks A, then G, then B.
fn refusal_of(stars: Vec<Star>, picks: &[usize]) -> (u8, String) {
    let mut d = game(false);
    d.play_stars(&Puzzle { stars }).unwrap();
    for &i in picks {
        pick(&mut d, i);
    }
    let s = d.snapshot().unwrap();
    (s.message, s.text)
}

#[test]
fn each_refusal_names_its_first_cause() {
    let o = |x, y| Star::ordinary(x, y, 1);
    let g = |x, y| Star::gravity(x, y, 1);
    let cases = [
        // The tutorial's gravity star picked first.
        (tutorial().stars, vec![3], Refusal::StartsAtGravity),
        // A and B see each other, two cells apart.
        (
            vec![o(20, 20), o(40, 20), g(30, 35)],
            vec![0, 2, 1],
            Refusal::MustLinkDirectly,
        ),
        // 6.5 cells apart: not linked straight, and each more than 3.2 cells from G.
        (
            vec![o(5, 20), o(70, 20), g(37, 25)],
            vec![0, 2, 1],
            Refusal::TooFarFromGravity,
        ),
        // A star on the way from G to A (and one between A and B).
        (
            vec![o(10, 20), o(50, 20), o(30, 20), o(20, 30), g(30, 40)],
            vec![0, 4, 1],
            Refusal::GravityCantSee,
        ),
        // A and B on the same side of G: a bend of about 37 degrees.
        (
            vec![o(20, 10), o(40, 10), o(30, 10), g(30, 40)],
            vec![0, 3, 1],
            Refusal::TooSharp,
        ),
    ];
    for (stars, picks, want) in cases {
        // The reference agrees that this is the first cause.
        let p = Puzzle {
            stars: stars.clone(),
        };
        if want != Refusal::StartsAtGravity {
            let got = breadbin::games::starlink::check_line(&p, picks[0], Some(picks[1]), picks[2]);
            assert_eq!(got, Err(want));
        }
        let (code, text) = refusal_of(stars, &picks);
        assert_eq!(code, want.code(), "{want:?}: the game said {text:?}");
        assert_eq!(text, want.message());
    }
}

/// The pixel halfway along the segment from star a to star b.
fn midpoint(p: &Puzzle, a: usize, b: usize) -> (i32, i32) {
    let (ax, ay) = star_pixel(&p.stars[a]);
    let (bx, by) = star_pixel(&p.stars[b]);
    ((ax + bx) / 2, (ay + by) / 2)
}

#[test]
fn a_bent_line_is_removed_by_either_segment() {
    let mut d = tutorial_game(false);
    let p = tutorial();
    for (a, b) in [(0, 3), (3, 2)] {
        for i in [0, 3, 2] {
            pick(&mut d, i);
        }
        assert_eq!(d.snapshot().unwrap().placed, vec![Line::Bent(0, 3, 2)]);
        let (x, y) = midpoint(&p, a, b);
        let frames = d.pick_at(x, y).unwrap();
        assert!(frames <= ANSWER_FRAMES);
        let s = d.snapshot().unwrap();
        assert_eq!(s.placed, vec![], "segment {a}-{b}");
        assert_eq!(
            (s.message, s.text.as_str()),
            (msg::REMOVED, "Line removed.")
        );
    }
}

/// The set pixels of the bitmap ($A000, 320 x 200) above the status lines.
fn field_pixels(d: &Driver) -> Vec<(i32, i32)> {
    let ram = d.c64().ram();
    let mut out = Vec::new();
    for y in 0..168 {
        for x in 0..320 {
            let at = 0xA000 + (y / 8) * 320 + (x / 8) * 8 + y % 8;
            if ram[at] & (0x80 >> (x % 8)) != 0 {
                out.push((x as i32, y as i32));
            }
        }
    }
    out
}

fn distance_to_segment(p: (i32, i32), a: (i32, i32), b: (i32, i32)) -> f64 {
    let (px, py, ax, ay, bx, by) = (
        p.0 as f64, p.1 as f64, a.0 as f64, a.1 as f64, b.0 as f64, b.1 as f64,
    );
    let (dx, dy) = (bx - ax, by - ay);
    let t = (((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    ((px - ax - t * dx).powi(2) + (py - ay - t * dy).powi(2)).sqrt()
}

#[test]
fn a_bent_line_leaves_its_segments_only_within_the_sight_radius_of_g() {
    // A right-angled bend: A above G, B to its right, a star between A and B.
    let p = Puzzle {
        stars: vec![
            Star::ordinary(30, 5, 1),
            Star::ordinary(55, 30, 1),
            Star::ordinary(42, 17, 1),
            Star::gravity(30, 30, 1),
        ],
    };
    assert!(breadbin::games::starlink::check_line(&p, 0, Some(3), 1).is_ok());
    let mut d = game(false);
    d.play_stars(&p).unwrap();
    let px: Vec<_> = p.stars.iter().map(star_pixel).collect();
    let before = field_pixels(&d);
    for i in [0, 3, 1] {
        pick(&mut d, i);
    }
    assert_eq!(d.snapshot().unwrap().placed, vec![Line::Bent(0, 3, 1)]);
    let after = field_pixels(&d);
    // The marks change too (a star's number met fills it): leave out the ordinary stars'
    // marks, and the gravity star's number box at its upper right.
    let (a, g, b) = (px[0], px[3], px[1]);
    let in_mark = |q: (i32, i32)| {
        px[..3]
            .iter()
            .any(|&(x, y)| (q.0 - x).pow(2) + (q.1 - y).pow(2) <= 64)
            || (q.0 >= g.0 + 6 && q.0 < g.0 + 14 && q.1 >= g.1 - 16 && q.1 < g.1 - 8)
    };
    let drawn: Vec<_> = after
        .iter()
        .filter(|&&q| !before.contains(&q) && !in_mark(q))
        .copied()
        .collect();
    assert!(drawn.len() > 60, "{} pixels drawn", drawn.len());
    // A cell is 30 pixels: the sight radius, 0.42 cells, is 12.6 pixels; the curve starts
    // 0.28 cells (8.4 pixels) from G.
    let mut off = 0;
    for &q in &drawn {
        let on = distance_to_segment(q, a, g).min(distance_to_segment(q, g, b));
        let from_g = (((q.0 - g.0).pow(2) + (q.1 - g.1).pow(2)) as f64).sqrt();
        if on > 1.5 {
            off += 1;
            assert!(
                from_g <= 12.6,
                "pixel {q:?} is {on:.1} px off the segments, {from_g:.1} px from G"
            );
        }
    }
    // The curve does cut the corner at G: its middle, at 0.25 P1 + 0.5 G + 0.25 P2, is 2.1
    // pixels right of and above G, off both segments.
    assert!(off >= 1, "{off} pixels off the segments");
    let apex = (g.0 as f64 + 2.1, g.1 as f64 - 2.1);
    assert!(
        drawn
            .iter()
            .any(|q| (q.0 as f64 - apex.0).hypot(q.1 as f64 - apex.1) <= 1.5),
        "no pixel drawn at the curve's middle"
    );
}

#[test]
fn the_light_pen_picks_stars_like_a_tap() {
    let mut d = tutorial_game(true);
    let p = tutorial();
    for i in [0, 3, 2] {
        let (x, y) = star_pixel(&p.stars[i]);
        // Bitmap pixel (0, 0) is frame pixel (32, 35).
        let before = d.snapshot().unwrap().picks;
        d.session
            .c64
            .set_light_pen(Some((x as usize + 32, y as usize + 35)));
        for _ in 0..4 {
            d.frame();
        }
        d.session.c64.set_light_pen(None);
        for _ in 0..4 {
            d.frame();
        }
        // Held for four frames, the pen picked once.
        assert_eq!(d.snapshot().unwrap().picks, before.wrapping_add(1));
    }
    assert_eq!(d.snapshot().unwrap().placed, vec![Line::Bent(0, 3, 2)]);
}

#[test]
fn starlink_check_passes_for_seeds_1_to_100() {
    let seeds: Vec<u16> = (1..=100).collect();
    let report = check::check(&Roms::open(), &[0, 1, 2], &seeds).unwrap();
    for p in report.puzzles.iter().filter(|p| !p.failures.is_empty()) {
        eprintln!("{} seed {}: {:?}", p.level, p.seed, p.failures);
    }
    assert_eq!(report.failures(), 0);
    assert_eq!(report.puzzles.len(), 300);
    for level in layout::LEVELS {
        let slowest = report.slowest(level);
        assert!(slowest <= check::MAX_SECONDS, "{level}: {slowest} s");
    }
    // Every refused triple was counted under one of the four causes.
    assert!(report.causes.iter().all(|&n| n > 0), "{:?}", report.causes);
}

#[test]
fn the_game_rebuilds_from_its_sources() {
    if Command::new("cl65").arg("--version").output().is_err() {
        eprintln!("skipped: cl65 is not on PATH (Debian package cc65)");
        return;
    }
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/starlink");
    let scratch = std::env::temp_dir().join(format!("breadbin-starlink-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(scratch.join("src")).unwrap();
    for entry in std::fs::read_dir(game.join("src")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), scratch.join("src").join(entry.file_name())).unwrap();
    }
    for f in ["Makefile", "starlink.cfg"] {
        std::fs::copy(game.join(f), scratch.join(f)).unwrap();
    }
    let out = Command::new("make")
        .arg("-C")
        .arg(&scratch)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "make failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let built = std::fs::read(scratch.join("starlink.prg")).unwrap();
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        built == breadbin::games::starlink::PRG,
        "games/starlink/starlink.prg differs from its sources' build: run `make -C games/starlink`"
    );
}
