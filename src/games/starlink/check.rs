//! `breadbin starlink-check`: the C64 generator run headless for each seed and level, each
//! puzzle checked with the Rust rules: the same candidate lines, exactly one solution (the
//! one the game chose), the same puzzle on a second run, every (A, G, B) triple refused for
//! the same first cause; and the refused triples counted by cause, as the article's version
//! 1.0.1 counted them.

use super::driver::{Driver, FRAMES_PER_SECOND};
use super::layout::{self, Snapshot, command};
use super::{Line, Puzzle, Refusal, candidates, check_line, solve};
use crate::Roms;
use serde::Serialize;

/// The longest a puzzle may take to generate, in emulated seconds.
pub const MAX_SECONDS: f64 = 10.0;

/// The causes a non-candidate (A, G, B) triple is refused for, in the order they are checked.
pub const CAUSES: [Refusal; 4] = [
    Refusal::MustLinkDirectly,
    Refusal::TooFarFromGravity,
    Refusal::GravityCantSee,
    Refusal::TooSharp,
];

/// The article's count for each of [`CAUSES`] (version 1.0.1, 100 seeded puzzles per
/// difficulty).
pub const ARTICLE: [usize; 4] = [11_155, 34_076, 618, 30];

/// One puzzle's check.
#[derive(Debug, Clone, Serialize)]
pub struct PuzzleCheck {
    pub level: &'static str,
    pub seed: u16,
    pub stars: usize,
    pub candidates: usize,
    pub solution_lines: usize,
    /// Layouts the generator made before this one.
    pub tries: u8,
    /// Emulated seconds from the command to the puzzle (the game's own clock).
    pub seconds: f64,
    /// Non-candidate triples by cause ([`CAUSES`] order).
    pub causes: [usize; 4],
    /// What failed (empty when the puzzle passed).
    pub failures: Vec<String>,
}

/// Every puzzle's check, and the totals.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub puzzles: Vec<PuzzleCheck>,
    pub causes: [usize; 4],
    pub article: [usize; 4],
}

impl Report {
    pub fn failures(&self) -> usize {
        self.puzzles
            .iter()
            .filter(|p| !p.failures.is_empty())
            .count()
    }

    /// The slowest generation at `level`, in emulated seconds.
    pub fn slowest(&self, level: &str) -> f64 {
        self.puzzles
            .iter()
            .filter(|p| p.level == level)
            .map(|p| p.seconds)
            .fold(0.0, f64::max)
    }
}

fn sorted(lines: &[Line]) -> Vec<Line> {
    let mut v = lines.to_vec();
    v.sort_by_key(|l| match *l {
        Line::Straight(a, b) => (a, usize::MAX, b),
        Line::Bent(a, g, b) => (a, g, b),
    });
    v
}

/// Checks one generated puzzle against the rules reference; the failures found.
pub fn check_puzzle(s: &Snapshot) -> (Vec<String>, [usize; 4]) {
    let mut failures = Vec::new();
    let p: &Puzzle = &s.puzzle;
    let reference = candidates(p);
    if s.candidates != reference {
        failures.push(format!(
            "candidates differ: the game has {:?}, the rules {:?}",
            s.candidates, reference
        ));
    }
    let solutions = solve(p, 2);
    if solutions.len() != 1 {
        failures.push(format!("{} solutions, not one", solutions.len()));
    } else if sorted(&solutions[0]) != sorted(&s.solution) {
        failures.push(format!(
            "the one solution {:?} is not the game's {:?}",
            solutions[0], s.solution
        ));
    }
    let triples = layout::triples(p);
    let mut causes = [0; 4];
    if triples.len() != s.triples.len() {
        failures.push(format!(
            "{} triples classified, the rules have {}",
            s.triples.len(),
            triples.len()
        ));
    }
    for (&(a, g, b), &code) in triples.iter().zip(&s.triples) {
        let want = match check_line(p, a, Some(g), b) {
            Ok(_) => 0,
            Err(r) => r.code(),
        };
        if code != want {
            failures.push(format!(
                "triple ({a}, {g}, {b}): the game says {code}, the rules {want}"
            ));
        }
        if let Some(i) = CAUSES.iter().position(|r| r.code() == want) {
            causes[i] += 1;
        }
    }
    (failures, causes)
}

/// Generates and classifies each seed at each level on one machine; the snapshots, with the
/// emulated seconds each took. `progress` is told each puzzle done.
pub fn run_pass(
    roms: &Roms,
    levels: &[u8],
    seeds: &[u16],
    mut progress: impl FnMut(u8, u16),
) -> Result<Vec<(Snapshot, f64)>, String> {
    let mut d = Driver::boot(roms.clone(), false)?;
    let mut out = Vec::new();
    for &level in levels {
        for &seed in seeds {
            let limit = 60 * FRAMES_PER_SECOND;
            d.command(command::CHECK, level, seed, limit)
                .map_err(|e| format!("{} seed {seed}: {e}", layout::LEVELS[level as usize]))?;
            let s = d.snapshot()?;
            let seconds = s.generate_jiffies as f64 / 60.0;
            out.push((s, seconds));
            progress(level, seed);
        }
    }
    Ok(out)
}

/// The whole check: two passes over every level and seed (on two threads), each puzzle
/// checked and compared with its second run.
pub fn check(roms: &Roms, levels: &[u8], seeds: &[u16]) -> Result<Report, String> {
    let (first, second) = std::thread::scope(|s| {
        let a = s.spawn(|| run_pass(roms, levels, seeds, |_, _| {}));
        let b = s.spawn(|| run_pass(roms, levels, seeds, |_, _| {}));
        (a.join(), b.join())
    });
    let first = first.map_err(|_| "the first pass panicked")??;
    let second = second.map_err(|_| "the second pass panicked")??;
    let mut puzzles = Vec::new();
    let mut total = [0; 4];
    for ((s, seconds), (again, _)) in first.iter().zip(&second) {
        let (mut failures, causes) = check_puzzle(s);
        if again.puzzle != s.puzzle {
            failures.push("a second run made another puzzle".into());
        }
        if *seconds > MAX_SECONDS {
            failures.push(format!(
                "took {seconds:.2} s to generate, over {MAX_SECONDS} s"
            ));
        }
        for (t, c) in total.iter_mut().zip(causes) {
            *t += c;
        }
        puzzles.push(PuzzleCheck {
            level: layout::LEVELS[s.level.min(2) as usize],
            seed: s.seed,
            stars: s.puzzle.stars.len(),
            candidates: s.candidates.len(),
            solution_lines: s.solution.len(),
            tries: s.tries,
            seconds: *seconds,
            causes,
            failures,
        });
    }
    Ok(Report {
        puzzles,
        causes: total,
        article: ARTICLE,
    })
}
