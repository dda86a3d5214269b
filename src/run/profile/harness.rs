//! The turn harness: play a game for a number of turns, by a built-in player, a key script
//! or a recorded session, and record per turn its time, the measured subroutine's time and
//! what happened (for the dungeon: the goblins acting, moving, asleep, the player's
//! action). Many runs go in parallel.

use super::ProfileError;
use super::driver::{GameDriver, RunSettings};
use super::keyscript::{Input, KeyScript};
use super::report::ms;
use crate::games::dungeon::article::{self, ArticlePlayer, Reason, Skip};
use crate::games::dungeon::{self, Map, Player, Sight, TurnCounts};
use crate::host::recording::Recording;
use crate::media::Program;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How the inputs are chosen.
#[derive(Debug, Clone)]
pub enum Driver {
    /// A key script: one input per wait.
    Script(KeyScript),
    /// A built-in screen-reading player (see [`dungeon::Player`]).
    Player(Player),
    /// A session recorded in the window, replayed at its frames.
    Replay(Recording),
}

impl Driver {
    /// For tables: `script`, the player's name, or `replay`.
    pub fn name(&self) -> &str {
        match self {
            Driver::Script(_) => "script",
            Driver::Player(p) => p.name(),
            Driver::Replay(_) => "replay",
        }
    }
}

/// One run to make.
#[derive(Debug, Clone)]
pub struct RunSpec {
    /// For tables: e.g. `part10c.bas`.
    pub name: String,
    pub program: Program,
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
    pub turns: Vec<TurnRecord>,
    /// Why the run has fewer turns than asked for (the game was won or lost).
    pub ended: Option<String>,
    /// The player's cell after each turn (for comparing replays).
    pub positions: Vec<(i32, i32)>,
    /// For the article's player: the goblins it wakes.
    pub wake: Option<usize>,
    /// Why the run does not count for the article's scenario (the dungeon could not give
    /// six goblins alive, N of them woken, for all the measured turns).
    pub skipped: Option<Skip>,
}

/// Turns the article's player may take to wake its goblins before the measured turns.
pub const WAKE_TURNS: usize = 200;

/// Play one run.
pub fn run(spec: &RunSpec) -> Result<RunRecord, ProfileError> {
    if let Driver::Replay(rec) = &spec.driver {
        return super::replay::replay(spec, rec);
    }
    let mut d = GameDriver::start(
        &spec.program,
        &spec.settings,
        &spec.loop_label,
        Some(&spec.measure),
    )?;
    d.keep_snapshots(true);
    // Where the game ends (won or lost), if it has such a label.
    let _ = d.set_end_label("ASKAGAIN");
    let mut out = RunRecord {
        name: spec.name.clone(),
        seed: spec.settings.seed,
        turns: Vec::new(),
        ended: None,
        positions: Vec::new(),
        wake: None,
        skipped: None,
    };
    if !d.run_to_wait()? {
        out.ended = Some("the program ended before its first wait".into());
        return Ok(out);
    }
    let mut player = match &spec.driver {
        Driver::Player(p) => Some(p.clone()),
        _ => None,
    };
    if let Some(Player::Article(a)) = player.as_mut() {
        out.wake = Some(a.wake());
        out.skipped = wake_up(&mut d, a)?;
        if out.skipped.is_some() {
            return Ok(out);
        }
    }
    for i in 0..spec.turns {
        let input = match (&spec.driver, player.as_mut()) {
            (Driver::Script(s), _) => match s.inputs.get(i) {
                Some(&k) => k,
                None => {
                    return Err(ProfileError::ScriptShort {
                        script: s.name.clone(),
                        inputs: s.inputs.len(),
                        wanted: spec.turns,
                    });
                }
            },
            (_, Some(p)) => Input::Key(p.next_key(&sight(&d))),
            _ => unreachable!("replays are played by recording::replay"),
        };
        let t = d.turn(input)?;
        if !out.take(t, &d) {
            break;
        }
        if let (Some(wake), Some(t)) = (out.wake, out.turns.last()) {
            out.skipped = scenario_broken(&t.counts, wake, out.turns.len());
            if out.skipped.is_some() {
                break;
            }
        }
    }
    if out.wake.is_some() && out.skipped.is_none() && out.turns.len() < spec.turns {
        out.skipped = Some(Skip::new(
            Reason::Died,
            format!("the player died in measured turn {}", out.turns.len() + 1),
        ));
    }
    Ok(out)
}

/// What the player sees now.
fn sight(d: &GameDriver) -> Sight {
    Sight::read(&d.c64.screen_codes(), d.c64.ram())
}

/// The article player's turns before the measured ones: it wakes its goblins. `Some`
/// when the dungeon cannot give the scenario.
fn wake_up(d: &mut GameDriver, a: &mut ArticlePlayer) -> Result<Option<Skip>, ProfileError> {
    let alive = sight(d).alive().count();
    if alive != article::GOBLINS {
        return Ok(Some(Skip::new(
            Reason::Goblins,
            format!("{alive} goblins, not {}, in the dungeon", article::GOBLINS),
        )));
    }
    for turn in 1..=WAKE_TURNS {
        if a.ready() {
            return Ok(None);
        }
        let key = a.next_key(&sight(d));
        if let Some(why) = a.stuck() {
            return Ok(Some(why.clone()));
        }
        if d.turn(Input::Key(key))?.is_none() {
            return Ok(Some(Skip::new(
                Reason::DiedWaking,
                format!("the player died while waking goblins (turn {turn})"),
            )));
        }
    }
    Ok((!a.ready()).then(|| {
        Skip::new(
            Reason::NotWoken,
            format!(
                "{} of {} goblins woken in {WAKE_TURNS} turns",
                a.woken(),
                a.wake()
            ),
        )
    }))
}

/// Why a measured turn breaks the article's scenario: a goblin died, or another number than
/// `wake` were hit.
fn scenario_broken(c: &TurnCounts, wake: usize, turn: usize) -> Option<Skip> {
    if c.action == Some(dungeon::Action::None) {
        return None;
    }
    if c.alive as usize != article::GOBLINS {
        return Some(Skip::new(
            Reason::Goblin,
            format!("{} goblins alive in measured turn {turn}", c.alive),
        ));
    }
    (c.hit as usize != wake).then(|| {
        Skip::new(
            Reason::Goblin,
            format!(
                "{} goblins woken in measured turn {turn}, not {wake}",
                c.hit
            ),
        )
    })
}
impl RunRecord {
    /// Keep a played turn (with the player's cell after it); `None` is the game's end.
    /// Returns whether the game goes on.
    pub(super) fn take(&mut self, t: Option<super::Turn>, d: &GameDriver) -> bool {
        match t {
            Some(t) => {
                self.turns.push(record(&t));
                self.positions.push(
                    Map::from_screen(&d.c64.screen_codes())
                        .player()
                        .unwrap_or((-1, -1)),
                );
                true
            }
            None => {
                self.ended = Some(format!("the game ended after {} turns", self.turns.len()));
                false
            }
        }
    }
}

/// A measured turn with its counts.
fn record(t: &super::Turn) -> TurnRecord {
    TurnRecord {
        turn_ms: ms(t.total_cycles),
        inner_ms: ms(t.inner_cycles),
        counts: t
            .snapshots
            .as_deref()
            .map(dungeon::count_turn)
            .unwrap_or_default(),
    }
}

/// Make every run, on `threads` threads; `progress(done, total)` after each.
pub fn run_all(
    specs: &[RunSpec],
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Result<RunRecord, ProfileError>> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<RunRecord, ProfileError>>>> =
        Mutex::new((0..specs.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(spec) = specs.get(i) else { break };
                    let r = run(spec);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, specs.len());
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every run was made"))
        .collect()
}
