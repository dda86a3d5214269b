//! What a game tells the turn harness about itself. The harness knows no game by name: a
//! game counts what happened in a turn from its own variables, says where it waits once
//! it is over, brings its built-in players and the figures published for it.

use super::ProfileError;
use super::driver::{GameDriver, TurnSnapshots};
use crate::c64::C64;
use std::sync::Arc;

/// What the player's input did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Stepped onto a free cell (or picked something up).
    Move,
    /// Walked into a wall.
    Bump,
    /// Opened a door with a key, or broke it.
    Door,
    /// Attacked.
    Fight,
    /// The input did nothing (no move, no turn of the game's actors).
    None,
}

impl Action {
    pub fn name(self) -> &'static str {
        match self {
            Action::Move => "move",
            Action::Bump => "bump",
            Action::Door => "door",
            Action::Fight => "fight",
            Action::None => "none",
        }
    }
}

/// What happened in one turn to the game's actors (for the dungeon, its goblins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TurnCounts {
    /// Alive when the actors' turn began.
    pub alive: u32,
    /// Alive and taking their turn (not skipped, e.g. asleep).
    pub acting: u32,
    /// Acting ones that moved.
    pub moving: u32,
    /// Acting ones that attacked the player.
    pub attacking: u32,
    /// Alive but skipped.
    pub asleep: u32,
    /// Dead (a loop may still visit them).
    pub dead: u32,
    /// Alive ones the player hit.
    pub hit: u32,
    pub action: Option<Action>,
}

/// Figures published for a game to hold measurements against: the measured subroutine's
/// milliseconds per turn and the whole turn's, before and after a change.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Reference {
    /// Where they come from, for reports ("tutorial").
    pub source: &'static str,
    /// The versions they are of, for reports ("part 10b -> 10c").
    pub versions: &'static str,
    /// What they measured, for reports ("6 goblins, 20 turns").
    pub conditions: &'static str,
    pub inner_ms: (f64, f64),
    pub turn_ms: (f64, f64),
    /// What one actor that acts and moves costs, if published.
    pub per_actor_ms: Option<f64>,
}

/// A run that does not count for a player's scenario: a short reason (the same for runs
/// that failed alike) and the details.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Skip {
    pub reason: &'static str,
    pub detail: String,
}

impl Skip {
    pub fn new(reason: &'static str, detail: String) -> Skip {
        Skip { reason, detail }
    }
}

/// A game, as the harness plays it.
pub trait Game: Send + Sync {
    /// What happened in a turn, read from the game's variables in the turn's snapshots.
    fn count(&self, s: &TurnSnapshots) -> TurnCounts;
    /// The label where the game waits once it is won or lost, if it has one.
    fn end_label(&self) -> Option<&'static str>;
    /// Where the player is after a turn (replays are compared by it).
    fn position(&self, c64: &C64) -> (i32, i32);
    /// The figures published for it.
    fn reference(&self) -> Option<Reference>;
}

/// A built-in player.
pub trait Player: Send {
    /// The next key (PETSCII) for what the machine shows.
    fn next_key(&mut self, c64: &C64) -> u8;
    /// Turns before the measured ones, to set up the player's scenario. `Some` when the
    /// game cannot give it.
    fn prepare(&mut self, _d: &mut GameDriver) -> Result<Option<Skip>, ProfileError> {
        Ok(None)
    }
    /// Why a measured turn breaks the scenario, if it does.
    fn check(&self, _c: &TurnCounts, _turn: usize) -> Option<Skip> {
        None
    }
    /// The scenario's setting (the article's player: the goblins it wakes).
    fn setting(&self) -> Option<usize> {
        None
    }
}

/// Makes fresh players of one kind, one per run.
#[derive(Clone)]
pub struct PlayerMaker {
    pub name: String,
    make: Arc<dyn Fn() -> Box<dyn Player> + Send + Sync>,
}

impl PlayerMaker {
    pub fn new(name: &str, make: impl Fn() -> Box<dyn Player> + Send + Sync + 'static) -> Self {
        PlayerMaker {
            name: name.to_string(),
            make: Arc::new(make),
        }
    }

    pub fn make(&self) -> Box<dyn Player> {
        (self.make)()
    }
}

impl std::fmt::Debug for PlayerMaker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PlayerMaker({})", self.name)
    }
}
