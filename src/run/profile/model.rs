//! What the turn harness makes of its runs: distributions over seeds, the counts of what
//! happened per turn, a linear model of the goblins' time fitted to them, and the verdict
//! on the tutorial's figures.
//!
//! The model, per version: goblin ms = fixed + per_acting × acting + per_move × moving,
//! fitted by least squares over every measured turn; a term whose count never varies (or
//! follows another exactly) is left out. Its error is the residual RMS and the standard
//! errors of the coefficients.

use super::game::{Action, Reference};
use super::spec::{RunRecord, TurnRecord};

/// Mean, population standard deviation, minimum, maximum.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Spread {
    pub mean: f64,
    pub sd: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    pub fn of(v: &[f64]) -> Spread {
        if v.is_empty() {
            return Spread::default();
        }
        let (m, sd) = super::report::mean_sd(v);
        Spread {
            mean: m,
            sd,
            min: v.iter().cloned().fold(f64::INFINITY, f64::min),
            max: v.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
        }
    }
}

/// The fitted model of one version.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Fit {
    pub fixed: f64,
    pub per_acting: Option<f64>,
    pub per_move: Option<f64>,
    /// Standard errors of fixed, per_acting, per_move.
    pub se: [Option<f64>; 3],
    /// Residual root mean square, ms.
    pub rms: f64,
    pub turns: usize,
}

impl Fit {
    pub fn predict(&self, acting: f64, moving: f64) -> f64 {
        self.fixed + self.per_acting.unwrap_or(0.0) * acting + self.per_move.unwrap_or(0.0) * moving
    }
}

/// Solve `a x = b` (Gaussian elimination with partial pivoting); `None` when singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<(Vec<f64>, Vec<Vec<f64>>)> {
    let n = b.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[p][c].abs() < 1e-9 {
            return None;
        }
        a.swap(c, p);
        b.swap(c, p);
        inv.swap(c, p);
        for r in 0..n {
            if r != c {
                let f = a[r][c] / a[c][c];
                for k in 0..n {
                    a[r][k] -= f * a[c][k];
                    inv[r][k] -= f * inv[c][k];
                }
                b[r] -= f * b[c];
            }
        }
    }
    let x = (0..n).map(|i| b[i] / a[i][i]).collect();
    let inv = (0..n)
        .map(|i| (0..n).map(|k| inv[i][k] / a[i][i]).collect())
        .collect();
    Some((x, inv))
}

/// Fit the model to turns (those in which the goblins' logic ran).
pub fn fit(turns: &[TurnRecord]) -> Option<Fit> {
    let pts: Vec<(f64, f64, f64)> = turns
        .iter()
        .filter(|t| t.counts.action != Some(Action::None))
        .map(|t| (t.counts.acting as f64, t.counts.moving as f64, t.inner_ms))
        .collect();
    if pts.is_empty() {
        return None;
    }
    // Try the full model, then without moves, then without acting, then the mean.
    for cols in [[true, true], [true, false], [false, true], [false, false]] {
        let row = |&(a, m, _): &(f64, f64, f64)| {
            let mut r = vec![1.0];
            if cols[0] {
                r.push(a);
            }
            if cols[1] {
                r.push(m);
            }
            r
        };
        let k = 1 + cols.iter().filter(|&&c| c).count();
        if pts.len() < k {
            continue;
        }
        let mut xtx = vec![vec![0.0; k]; k];
        let mut xty = vec![0.0; k];
        for p in &pts {
            let r = row(p);
            for i in 0..k {
                xty[i] += r[i] * p.2;
                for j in 0..k {
                    xtx[i][j] += r[i] * r[j];
                }
            }
        }
        let Some((beta, inv)) = solve(xtx, xty) else {
            continue;
        };
        let rss: f64 = pts
            .iter()
            .map(|p| {
                let r = row(p);
                let y: f64 = r.iter().zip(&beta).map(|(x, b)| x * b).sum();
                (p.2 - y).powi(2)
            })
            .sum();
        let dof = pts.len().saturating_sub(k).max(1) as f64;
        let sigma2 = rss / dof;
        let se: Vec<Option<f64>> = (0..k)
            .map(|i| Some((sigma2 * inv[i][i]).max(0.0).sqrt()))
            .collect();
        let mut it = beta.into_iter().zip(se);
        let (fixed, se0) = it.next().expect("the constant");
        let (per_acting, se1) = if cols[0] {
            it.next().map(|(b, s)| (Some(b), s)).unwrap_or((None, None))
        } else {
            (None, None)
        };
        let (per_move, se2) = if cols[1] {
            it.next().map(|(b, s)| (Some(b), s)).unwrap_or((None, None))
        } else {
            (None, None)
        };
        return Some(Fit {
            fixed,
            per_acting,
            per_move,
            se: [se0, se1, se2],
            rms: (rss / pts.len() as f64).sqrt(),
            turns: pts.len(),
        });
    }
    None
}

/// Everything one version's runs show.
#[derive(Debug, Clone)]
pub struct VersionStats {
    pub name: String,
    /// Over runs: the per-run means of the goblins' ms and of the turn ms.
    pub inner: Spread,
    pub turn: Spread,
    /// Per turn, averaged over all turns: alive, acting, moving, attacking, asleep, dead.
    pub counts: [f64; 6],
    /// Share of turns per player action: move, bump, door, fight, none.
    pub actions: [f64; 5],
    pub fit: Option<Fit>,
    pub turns: usize,
    pub runs: usize,
    /// Runs that ended early (won or lost) before the asked-for turns.
    pub ended: usize,
}

pub fn version_stats(name: &str, runs: &[&RunRecord]) -> VersionStats {
    let per_run = |f: fn(&TurnRecord) -> f64| -> Vec<f64> {
        runs.iter()
            .filter(|r| !r.turns.is_empty())
            .map(|r| r.turns.iter().map(f).sum::<f64>() / r.turns.len() as f64)
            .collect()
    };
    let all: Vec<TurnRecord> = runs.iter().flat_map(|r| r.turns.iter().copied()).collect();
    let n = all.len().max(1) as f64;
    let mut counts = [0.0; 6];
    let mut actions = [0.0; 5];
    for t in &all {
        let c = &t.counts;
        for (i, v) in [c.alive, c.acting, c.moving, c.attacking, c.asleep, c.dead]
            .into_iter()
            .enumerate()
        {
            counts[i] += v as f64 / n;
        }
        let a = match c.action {
            Some(Action::Move) => 0,
            Some(Action::Bump) => 1,
            Some(Action::Door) => 2,
            Some(Action::Fight) => 3,
            _ => 4,
        };
        actions[a] += 1.0 / n;
    }
    VersionStats {
        name: name.to_string(),
        inner: Spread::of(&per_run(|t| t.inner_ms)),
        turn: Spread::of(&per_run(|t| t.turn_ms)),
        counts,
        actions,
        fit: fit(&all),
        turns: all.len(),
        runs: runs.len(),
        ended: runs.iter().filter(|r| r.ended.is_some()).count(),
    }
}

/// The verdict on the tutorial's figures for the scenario this player produced.
#[derive(Debug, Clone)]
pub struct Verdict {
    /// Model predictions for the measured scenario (goblin ms before / after).
    pub predicted: (f64, f64),
    /// Relative distance of the tutorial's figures from them.
    pub off: (f64, f64),
    /// Acting goblins per turn that the tutorial's 556 ms implies under the after-model.
    pub implied_acting: Option<f64>,
    pub confirmed: bool,
    pub why: String,
}

/// Within how much of the model's prediction the tutorial's figures count as confirmed.
pub const TOLERANCE: f64 = 0.15;

/// Judge the published figures (the tutorial's 990 → 556 ms) against the models of
/// `before` and `after` at the scenario they measured.
pub fn verdict(before: &VersionStats, after: &VersionStats, r: &Reference) -> Option<Verdict> {
    let (fb, fa) = (before.fit?, after.fit?);
    let pb = fb.predict(before.counts[1], before.counts[2]);
    let pa = fa.predict(after.counts[1], after.counts[2]);
    let (tb, ta) = r.inner_ms;
    let off = ((tb - pb) / pb, (ta - pa) / pa);
    // Under the after-model, with moves in the measured proportion to acting goblins.
    let share = if after.counts[1] > 0.0 {
        after.counts[2] / after.counts[1]
    } else {
        0.0
    };
    let slope = fa.per_acting.unwrap_or(0.0) + fa.per_move.unwrap_or(0.0) * share;
    let implied_acting = (slope > 0.0).then(|| (ta - fa.fixed) / slope);
    let ok = |x: f64| x.abs() <= TOLERANCE;
    let confirmed = ok(off.0) && ok(off.1);
    let why = if confirmed {
        format!(
            "for this player's scenario ({:.1} → {:.1} goblins acting per turn) the model \
             predicts {pb:.0} → {pa:.0} ms; the {}'s {tb:.0} → {ta:.0} ms lie within \
             {:.0}%",
            before.counts[1],
            after.counts[1],
            r.source,
            TOLERANCE * 100.0
        )
    } else {
        let mut parts = Vec::new();
        if !ok(off.0) {
            parts.push(format!(
                "before: the model predicts {pb:.0} ms for {:.1} acting goblins, the {} has \
                 {tb:.0} ({:+.0}%)",
                before.counts[1],
                r.source,
                off.0 * 100.0
            ));
        }
        if !ok(off.1) {
            parts.push(format!(
                "after: the model predicts {pa:.0} ms for {:.1} acting goblins, the {} has \
                 {ta:.0} ({:+.0}%){}",
                after.counts[1],
                r.source,
                off.1 * 100.0,
                implied_acting
                    .map(|a| format!(", which takes about {a:.1} acting goblins per turn"))
                    .unwrap_or_default()
            ));
        }
        parts.join("; ")
    };
    Some(Verdict {
        predicted: (pb, pa),
        off,
        implied_acting,
        confirmed,
        why,
    })
}
