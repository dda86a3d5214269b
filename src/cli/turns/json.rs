//! `bench-turns --json`: the runs, the fitted models, the verdict and the article's sweep.

use breadbin::run::profile::game::{Reference, Skip};
use breadbin::run::profile::model::{Fit, Verdict, VersionStats};
use breadbin::run::profile::spec::RunRecord;
use breadbin::run::profile::sweep::Sweep;
use serde::Serialize;

#[derive(Serialize)]
struct Out<'a> {
    player: &'a str,
    /// The article's player: the N the versions' figures are of.
    #[serde(skip_serializing_if = "Option::is_none")]
    wake: Option<usize>,
    versions: Vec<Version<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<JsonVerdict<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    divergence: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sweep: Option<&'a Sweep>,
}

#[derive(Serialize)]
struct Spread {
    mean: f64,
    sd: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<f64>,
}

#[derive(Serialize)]
struct PerTurn {
    alive: f64,
    acting: f64,
    moving: f64,
    attacking: f64,
    asleep: f64,
    dead: f64,
}

#[derive(Serialize)]
struct Model {
    fixed_ms: f64,
    per_acting_ms: Option<f64>,
    per_move_ms: Option<f64>,
    rms_ms: f64,
    turns: usize,
}

#[derive(Serialize)]
struct Version<'a> {
    game: &'a str,
    goblin_ms: Spread,
    turn_ms: Spread,
    per_turn: PerTurn,
    model: Option<Model>,
    runs: Vec<Run<'a>>,
}

#[derive(Serialize)]
struct Run<'a> {
    seed: Option<u8>,
    ended: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<&'a Skip>,
    turns: Vec<Turn>,
}

#[derive(Serialize)]
struct Turn {
    turn_ms: f64,
    goblin_ms: f64,
    alive: u32,
    acting: u32,
    moving: u32,
    attacking: u32,
    asleep: u32,
    dead: u32,
    hit: u32,
    action: &'static str,
}

#[derive(Serialize)]
struct JsonVerdict<'a> {
    confirmed: bool,
    predicted_ms: [f64; 2],
    tutorial_ms: [f64; 2],
    implied_acting: Option<f64>,
    why: &'a str,
}

fn model(f: &Fit) -> Model {
    Model {
        fixed_ms: f.fixed,
        per_acting_ms: f.per_acting,
        per_move_ms: f.per_move,
        rms_ms: f.rms,
        turns: f.turns,
    }
}

fn run(r: &RunRecord) -> Run<'_> {
    Run {
        seed: r.seed,
        ended: r.ended.as_deref(),
        skipped: r.skipped.as_ref(),
        turns: r
            .turns
            .iter()
            .map(|t| {
                let c = &t.counts;
                Turn {
                    turn_ms: t.turn_ms,
                    goblin_ms: t.inner_ms,
                    alive: c.alive,
                    acting: c.acting,
                    moving: c.moving,
                    attacking: c.attacking,
                    asleep: c.asleep,
                    dead: c.dead,
                    hit: c.hit,
                    action: c.action.map(|a| a.name()).unwrap_or("-"),
                }
            })
            .collect(),
    }
}

fn version<'a>(v: &'a VersionStats, runs: &[&'a RunRecord]) -> Version<'a> {
    let c = v.counts;
    Version {
        game: &v.name,
        goblin_ms: Spread {
            mean: v.inner.mean,
            sd: v.inner.sd,
            min: Some(v.inner.min),
            max: Some(v.inner.max),
        },
        turn_ms: Spread {
            mean: v.turn.mean,
            sd: v.turn.sd,
            min: None,
            max: None,
        },
        per_turn: PerTurn {
            alive: c[0],
            acting: c[1],
            moving: c[2],
            attacking: c[3],
            asleep: c[4],
            dead: c[5],
        },
        model: v.fit.as_ref().map(model),
        runs: runs.iter().map(|r| run(r)).collect(),
    }
}

/// The whole report as one line of JSON (numbers that are not finite become null).
pub(super) fn json(
    player: &str,
    wake: Option<usize>,
    versions: &[(VersionStats, Vec<&RunRecord>)],
    verdict: Option<&Verdict>,
    refs: Option<&Reference>,
    divergence: Option<&str>,
    sweep: Option<&Sweep>,
) -> String {
    let out = Out {
        player,
        wake,
        versions: versions.iter().map(|(v, r)| version(v, r)).collect(),
        verdict: verdict.map(|v| JsonVerdict {
            confirmed: v.confirmed,
            predicted_ms: [v.predicted.0, v.predicted.1],
            tutorial_ms: refs.map_or([f64::NAN; 2], |r| [r.inner_ms.0, r.inner_ms.1]),
            implied_acting: v.implied_acting,
            why: &v.why,
        }),
        divergence,
        sweep,
    };
    let mut s = serde_json::to_string(&out).expect("plain data serializes");
    s.push('\n');
    s
}
