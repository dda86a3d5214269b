//! The turn harness's runs: what to play ([`RunSpec`]) and what a run measured
//! ([`RunRecord`]).

use super::driver::{GameDriver, RunSettings, Turn};
use super::game::{Game, PlayerMaker, Skip, TurnCounts};
use super::keyscript::KeyScript;
use crate::host::recording::Recording;
use crate::media::Program;
use std::sync::Arc;

/// How the inputs are chosen.
#[derive(Debug, Clone)]
pub enum Driver {
    /// A key script: one input per wait.
    Script(KeyScript),
    /// A built-in player of the game.
    Player(PlayerMaker),
    /// A session recorded in the window, replayed at its frames.
    Replay(Recording),
}

impl Driver {
    /// For tables: `script`, the player's name, or `replay`.
    pub fn name(&self) -> &str {
        match self {
            Driver::Script(_) => "script",
            Driver::Player(p) => &p.name,
            Driver::Replay(_) => "replay",
        }
    }
}

/// One run to make.
#[derive(Clone)]
pub struct RunSpec {
    /// For tables: e.g. `part10c.bas`.
    pub name: String,
    pub program: Program,
    /// What the game is (how a turn is counted, where it ends).
    pub game: Arc<dyn Game>,
    pub settings: RunSettings,
    pub loop_label: String,
    pub measure: String,
    pub turns: usize,
    pub driver: Driver,
}

/// One measured turn with what happened in it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TurnRecord {
    pub turn_ms: f64,
    /// The measured subroutine (the goblins' logic), inclusive.
    pub inner_ms: f64,
    pub counts: TurnCounts,
}

/// The turns of one run.
#[derive(Debug, Clone)]
pub struct RunRecord {
    pub name: String,
    pub seed: Option<u8>,
    /// The machine's clock, Hz (the milliseconds are of it).
    pub clock_hz: u64,
    pub turns: Vec<TurnRecord>,
    /// Why the run has fewer turns than asked for (the game was won or lost).
    pub ended: Option<String>,
    /// The player's place after each turn (for comparing replays).
    pub positions: Vec<(i32, i32)>,
    /// The player's setting (for the article's player: the goblins it wakes).
    pub wake: Option<usize>,
    /// Why the run does not count for the player's scenario.
    pub skipped: Option<Skip>,
}

impl RunRecord {
    /// An empty record for `spec`.
    pub(super) fn new(spec: &RunSpec, seed: Option<u8>, d: &GameDriver) -> RunRecord {
        RunRecord {
            name: spec.name.clone(),
            seed,
            clock_hz: d.c64.model().clock_hz,
            turns: Vec::new(),
            ended: None,
            positions: Vec::new(),
            wake: None,
            skipped: None,
        }
    }

    /// Keep a played turn (with the player's place after it); `None` is the game's end.
    /// Returns whether the game goes on.
    pub(super) fn take(&mut self, t: Option<Turn>, d: &GameDriver, game: &dyn Game) -> bool {
        match t {
            Some(t) => {
                self.turns.push(TurnRecord {
                    turn_ms: d.c64.model().ms(t.total_cycles),
                    inner_ms: d.c64.model().ms(t.inner_cycles),
                    counts: t
                        .snapshots
                        .as_deref()
                        .map(|s| game.count(s))
                        .unwrap_or_default(),
                });
                self.positions.push(game.position(&d.c64));
                true
            }
            None => {
                self.ended = Some(format!("the game ended after {} turns", self.turns.len()));
                false
            }
        }
    }
}
