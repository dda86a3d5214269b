//! A player's scenario swept over its setting (the article's player of the dungeon: the
//! number of goblins woken): for each N the player plays both versions on the same seeds,
//! and each version's measured subroutine and turn milliseconds are held against the
//! published figures (the tutorial's 990 → 556 ms and 1.42 → 0.99 s).
//!
//! A seed counts for N only when both versions kept six goblins alive, exactly N of them
//! woken, in every measured turn; the others are skipped with their reason. The model of
//! [`super::model`] is fitted per version over every counted turn of the sweep; under the
//! 10c model the tutorial's 556 ms implies a number of acting goblins, and the default N
//! is the one whose games come nearest to it.

use super::game::{Reference, Skip};
use super::model::{self, Fit, TOLERANCE, VersionStats};
use super::spec::RunRecord;
use serde::Serialize;

/// One measured figure against the tutorial's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Check {
    pub measured: f64,
    pub tutorial: f64,
    /// (measured − tutorial) / tutorial.
    pub off: f64,
    /// Within [`TOLERANCE`].
    pub holds: bool,
}

impl Check {
    fn new(measured: f64, tutorial: f64) -> Check {
        let off = (measured - tutorial) / tutorial;
        Check {
            measured,
            tutorial,
            off,
            holds: off.abs() <= TOLERANCE,
        }
    }
}

/// One version at one N.
#[derive(Debug, Clone, Serialize)]
pub struct Side {
    /// Per turn, over the counted runs.
    pub acting: f64,
    pub moving: f64,
    /// Goblin logic: mean of the per-run means, and what the sweep's model predicts for
    /// this N's acting and moving goblins.
    pub goblin: Check,
    pub predicted_ms: Option<f64>,
    pub turn: Check,
}

/// A skipped seed.
#[derive(Debug, Clone, Serialize)]
pub struct Skipped {
    pub game: String,
    pub seed: Option<u8>,
    #[serde(flatten)]
    pub skip: Skip,
}

/// The sweep's row for one N.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub wake: usize,
    pub seeds: usize,
    pub counted: usize,
    pub skipped: Vec<Skipped>,
    /// `None` when no seed counted.
    pub before: Option<Side>,
    pub after: Option<Side>,
}

impl Row {
    /// Both goblin figures within the tolerance.
    pub fn fits_goblins(&self) -> bool {
        matches!((&self.before, &self.after), (Some(b), Some(a)) if b.goblin.holds && a.goblin.holds)
    }

    /// And both whole-turn figures too.
    pub fn fits_all(&self) -> bool {
        self.fits_goblins()
            && matches!((&self.before, &self.after), (Some(b), Some(a)) if b.turn.holds && a.turn.holds)
    }

    /// Which part holds and which does not, with the numbers (`names`: the versions).
    pub fn verdict(&self, names: (&str, &str)) -> String {
        let (Some(b), Some(a)) = (&self.before, &self.after) else {
            return format!(
                "N={}: no seed kept the scenario in both versions",
                self.wake
            );
        };
        let part = |what: &str, c: &Check| {
            format!(
                "{what} {:.0} ms against {:.0} ({:+.0}%): {}",
                c.measured,
                c.tutorial,
                c.off * 100.0,
                if c.holds {
                    "confirmed"
                } else {
                    "not confirmed"
                }
            )
        };
        format!(
            "N={} ({} of {} seeds): measured subroutine {}; {}; whole turn {}; {}",
            self.wake,
            self.counted,
            self.seeds,
            part(names.0, &b.goblin),
            part(names.1, &a.goblin),
            part(names.0, &b.turn),
            part(names.1, &a.turn)
        )
    }
}

/// The whole sweep.
#[derive(Debug, Clone, Serialize)]
pub struct Sweep {
    pub before_game: String,
    pub after_game: String,
    pub rows: Vec<Row>,
    /// The models fitted over every counted turn of the sweep, per version.
    pub before_fit: Option<Fit>,
    pub after_fit: Option<Fit>,
    /// Acting goblins per turn that 556 ms takes under the 10c model.
    pub implied_acting: Option<f64>,
    /// The N whose 10c games have the acting goblins nearest to `implied_acting`.
    pub default_wake: Option<usize>,
    /// Goblins moving per turn that 990 ms takes under the 10b model, at the sweep's
    /// acting goblins.
    pub implied_moving_before: Option<f64>,
    /// The Ns at which both goblin figures hold; and both turn figures too.
    pub fits_goblins: Vec<usize>,
    pub fits_all: Vec<usize>,
    pub conclusion: String,
}

impl Sweep {
    /// The row of N.
    pub fn row(&self, wake: usize) -> Option<&Row> {
        self.rows.iter().find(|r| r.wake == wake)
    }
}

/// The runs of `game` at `wake`.
fn of<'a>(
    runs: &'a [RunRecord],
    game: &'a str,
    wake: usize,
) -> impl Iterator<Item = &'a RunRecord> {
    runs.iter()
        .filter(move |r| r.name == game && r.wake == Some(wake))
}

/// Counted runs of `game` at `wake`: those whose seed kept the scenario in both versions.
fn counted<'a>(
    runs: &'a [RunRecord],
    game: &str,
    wake: usize,
    ok: &[Option<u8>],
) -> Vec<&'a RunRecord> {
    runs.iter()
        .filter(|r| r.name == game && r.wake == Some(wake) && ok.contains(&r.seed))
        .collect()
}

fn side(stats: &VersionStats, fit: Option<Fit>, tutorial: (f64, f64)) -> Side {
    let (acting, moving) = (stats.counts[1], stats.counts[2]);
    Side {
        acting,
        moving,
        goblin: Check::new(stats.inner.mean, tutorial.0),
        predicted_ms: fit.map(|f| f.predict(acting, moving)),
        turn: Check::new(stats.turn.mean, tutorial.1),
    }
}

/// Sweep `runs` (the article player's, every N, both versions) into rows and a conclusion.
pub fn sweep<'a>(runs: &'a [RunRecord], before: &'a str, after: &'a str, r: &Reference) -> Sweep {
    let mut wakes: Vec<usize> = runs.iter().filter_map(|r| r.wake).collect();
    wakes.sort_unstable();
    wakes.dedup();
    let mut rows = Vec::new();
    let mut all = (Vec::new(), Vec::new());
    let mut per_wake = Vec::new();
    for &w in &wakes {
        let at = |g: &'a str| of(runs, g, w);
        let mut seeds: Vec<Option<u8>> = at(before).chain(at(after)).map(|r| r.seed).collect();
        seeds.sort_unstable();
        seeds.dedup();
        let good = |g: &'a str, s: Option<u8>| {
            at(g).any(|r| r.seed == s && r.skipped.is_none() && r.ended.is_none())
        };
        let ok: Vec<Option<u8>> = seeds
            .iter()
            .copied()
            .filter(|&s| good(before, s) && good(after, s))
            .collect();
        let skipped = at(before)
            .chain(at(after))
            .filter(|r| !ok.contains(&r.seed))
            .filter_map(|r| {
                let skip = r
                    .skipped
                    .clone()
                    .or_else(|| r.ended.clone().map(|e| Skip::new("the game ended", e)))?;
                Some(Skipped {
                    game: r.name.clone(),
                    seed: r.seed,
                    skip,
                })
            })
            .collect();
        let (b, a) = (counted(runs, before, w, &ok), counted(runs, after, w, &ok));
        all.0.extend(b.iter().flat_map(|r| r.turns.iter().copied()));
        all.1.extend(a.iter().flat_map(|r| r.turns.iter().copied()));
        per_wake.push((b, a));
        rows.push(Row {
            wake: w,
            seeds: seeds.len(),
            counted: ok.len(),
            skipped,
            before: None,
            after: None,
        });
    }
    let (fb, fa) = (model::fit(&all.0), model::fit(&all.1));
    for (row, (b, a)) in rows.iter_mut().zip(&per_wake) {
        if row.counted > 0 {
            let stats = |name: &str, rs: &[&RunRecord]| model::version_stats(name, rs);
            let before_ms = (r.inner_ms.0, r.turn_ms.0);
            let after_ms = (r.inner_ms.1, r.turn_ms.1);
            row.before = Some(side(&stats(before, b), fb, before_ms));
            row.after = Some(side(&stats(after, a), fa, after_ms));
        }
    }
    // 556 ms under the 10c model, with moves in the sweep's proportion to acting goblins.
    let share = {
        let (act, mov) = all.1.iter().fold((0.0, 0.0), |(a, m), t| {
            (a + t.counts.acting as f64, m + t.counts.moving as f64)
        });
        if act > 0.0 { mov / act } else { 0.0 }
    };
    let implied_acting = fa.and_then(|f| {
        let slope = f.per_acting.unwrap_or(0.0) + f.per_move.unwrap_or(0.0) * share;
        (slope > 0.0).then(|| (r.inner_ms.1 - f.fixed) / slope)
    });
    let default_wake = implied_acting.and_then(|want| {
        rows.iter()
            .filter_map(|r| r.after.as_ref().map(|a| (r.wake, (a.acting - want).abs())))
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(w, _)| w)
    });
    let implied_moving_before = fb.and_then(|f| {
        let n = all.0.len().max(1) as f64;
        let acting = all.0.iter().map(|t| t.counts.acting as f64).sum::<f64>() / n;
        let per_move = f.per_move.filter(|&m| m > 0.0)?;
        Some((r.inner_ms.0 - f.fixed - f.per_acting.unwrap_or(0.0) * acting) / per_move)
    });
    let fits_goblins: Vec<usize> = rows
        .iter()
        .filter(|r| r.fits_goblins())
        .map(|r| r.wake)
        .collect();
    let fits_all: Vec<usize> = rows
        .iter()
        .filter(|r| r.fits_all())
        .map(|r| r.wake)
        .collect();
    let mut conclusion = conclude(&rows, &fits_goblins, &fits_all, r, (before, after));
    if let Some(m) = implied_moving_before
        && !rows
            .iter()
            .any(|r| r.before.as_ref().is_some_and(|b| b.goblin.holds))
    {
        let moving: Vec<f64> = rows
            .iter()
            .filter_map(|r| r.before.as_ref().map(|b| b.moving))
            .collect();
        let (lo, hi) = (
            moving.iter().cloned().fold(f64::INFINITY, f64::min),
            moving.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
        );
        conclusion.push_str(&format!(
            "; under the {before} model {:.0} ms takes {m:.1} actors moving per turn, where these \
             games had {}",
            r.inner_ms.0,
            if (hi - lo).abs() < 0.05 {
                format!("{lo:.1}")
            } else {
                format!("{lo:.1}-{hi:.1}")
            }
        ));
    }
    Sweep {
        before_game: before.to_string(),
        after_game: after.to_string(),
        rows,
        before_fit: fb,
        after_fit: fa,
        implied_acting,
        default_wake,
        implied_moving_before,
        fits_goblins,
        fits_all,
        conclusion,
    }
}

fn list(ns: &[usize]) -> String {
    ns.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether one N explains both goblin figures, and if not, which side fails where.
fn conclude(
    rows: &[Row],
    fits_goblins: &[usize],
    fits_all: &[usize],
    refs: &Reference,
    names: (&str, &str),
) -> String {
    let pct = TOLERANCE * 100.0;
    let (b_ms, a_ms) = refs.inner_ms;
    let (b_turn, a_turn) = (refs.turn_ms.0 / 1000.0, refs.turn_ms.1 / 1000.0);
    if !fits_goblins.is_empty() {
        let turns = if fits_all.is_empty() {
            format!("the whole-turn figures {b_turn:.2} → {a_turn:.2} s do not hold with them")
        } else {
            format!(
                "so do {b_turn:.2} → {a_turn:.2} s for the whole turn at N = {}",
                list(fits_all)
            )
        };
        return format!(
            "one scenario explains both: at N = {}, {}'s and {}'s measured subroutine lie \
             within {pct:.0}% of {b_ms:.0} and {a_ms:.0} ms; {turns}",
            list(fits_goblins),
            names.0,
            names.1
        );
    }
    let counted: Vec<&Row> = rows.iter().filter(|r| r.before.is_some()).collect();
    if counted.is_empty() {
        return "no seed kept the scenario: nothing to judge".into();
    }
    let range = |f: &dyn Fn(&Row) -> f64| {
        let v: Vec<f64> = counted.iter().map(|r| f(r)).collect();
        (
            v.iter().cloned().fold(f64::INFINITY, f64::min),
            v.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
        )
    };
    let goblin = |r: &Row, after: bool| {
        let s = if after { &r.after } else { &r.before };
        s.as_ref().map(|s| s.goblin.measured).unwrap_or(f64::NAN)
    };
    let (b0, b1) = range(&|r| goblin(r, false));
    let (a0, a1) = range(&|r| goblin(r, true));
    let holds = |after: bool| -> Vec<usize> {
        counted
            .iter()
            .filter(|r| {
                let s = if after { &r.after } else { &r.before };
                s.as_ref().is_some_and(|s| s.goblin.holds)
            })
            .map(|r| r.wake)
            .collect()
    };
    let side = |name: &str, lo: f64, hi: f64, tut: f64, ns: Vec<usize>| {
        let ms = if lo.round() == hi.round() {
            format!("{lo:.0} ms")
        } else {
            format!("{lo:.0}-{hi:.0} ms over the sweep")
        };
        if ns.is_empty() {
            format!("{name}'s measured subroutine takes {ms}, not within {pct:.0}% of {tut:.0}")
        } else {
            format!(
                "{name}'s takes {ms} and holds {tut:.0} at N = {}",
                list(&ns)
            )
        }
    };
    format!(
        "no single N explains both figures: {}; {}",
        side(names.0, b0, b1, b_ms, holds(false)),
        side(names.1, a0, a1, a_ms, holds(true))
    )
}
