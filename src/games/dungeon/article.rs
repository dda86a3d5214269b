//! The tutorial's scenario as a player: "the same game, 20 turns, six goblins", measured
//! before the zone rule (part 10b) and after it (part 10c).
//!
//! What the tutorial's text fixes, and how this player keeps to it:
//! - six goblins alive in every measured turn: a goblin starts with 10 health and one hit
//!   takes 3 to 6 (the game's COMBAT), so one hit never kills; the player hits each goblin it
//!   wakes exactly once and never walks into any other;
//! - goblins woken by hitting them: before the measured turns the player goes to goblins it
//!   has not hit and hits them, until it has woken the number asked for;
//! - the woken ones chase the player: in the measured turns it keeps moving, away from the
//!   goblins and towards cells it has visited least, so it tours the dungeon. It never
//!   steps on the chalice (that would win the game).
//!
//! It plays by looking ahead ([`super::sim`]): the goblins' moves follow from the player's,
//! so it tries its next moves (10 while waking goblins, 6 after) and takes the first of the
//! best: the fewest goblin attacks, then, while waking, the soonest hit, then the most room
//! to run. A hit that would leave the player pinned (a woken goblin next to it attacks
//! instead of moving, so it never leaves a player with nowhere to go), or, with more to
//! wake, with no way to them but back past the goblins, is not taken.
//!
//! The player reads the map from the screen and the goblins (place, health, and in part 10c
//! whether attacked) from the game's variables, as the harness's counts do; it never changes
//! the game.

use super::sight::{GOBLINS, Goblin, MAX_HIT, Sight};
use super::sim::{
    HIT_COST, Judge, State, World, around_goblins, escape, goblin_distances, plan, walk_distances,
};
use super::{Action, MAP_SIZE, MOVES, Map, TurnCounts, cell};
use crate::run::profile::game::Skip;
use crate::run::profile::{GameDriver, Input, ProfileError};
use std::collections::VecDeque;

/// Why a game cannot give the tutorial's scenario (the reasons runs are counted by).
pub mod reason {
    pub const GOBLINS: &str = "not six goblins in the dungeon";
    pub const BOXED_IN: &str = "a goblin to wake is boxed in";
    pub const NOT_WOKEN: &str = "N goblins not woken in time";
    pub const DIED_WAKING: &str = "the player died while waking goblins";
    pub const GOBLIN: &str = "a goblin died or was woken in a measured turn";
}

/// Turns the article's player may take to wake its goblins before the measured turns.
pub const WAKE_TURNS: usize = 200;

/// The player of the tutorial's scenario; see the module's text.
#[derive(Debug, Clone, PartialEq)]
pub struct ArticlePlayer {
    wake: usize,
    /// The goblins it hit (their indices), in order.
    hit: Vec<usize>,
    visits: Vec<u16>,
    /// Why it cannot wake its goblins, once it knows.
    stuck: Option<Skip>,
}

impl ArticlePlayer {
    /// A player that wakes `wake` goblins (at most [`GOBLINS`]).
    pub fn new(wake: usize) -> ArticlePlayer {
        ArticlePlayer {
            wake,
            hit: Vec::new(),
            visits: vec![0; MAP_SIZE * MAP_SIZE],
            stuck: None,
        }
    }

    /// How many goblins it wakes.
    pub fn wake(&self) -> usize {
        self.wake
    }

    /// The goblins it has hit so far.
    pub fn woken(&self) -> usize {
        self.hit.len()
    }

    /// True once it has woken all it was asked to: the measured turns may begin.
    pub fn ready(&self) -> bool {
        self.hit.len() >= self.wake
    }

    /// Why it cannot wake its goblins (a goblin it cannot reach), if so.
    pub fn stuck(&self) -> Option<&Skip> {
        self.stuck.as_ref()
    }

    /// The turns before the measured ones: wake the goblins. `Some` when the dungeon
    /// cannot give the scenario.
    pub fn wake_up(&mut self, d: &mut GameDriver) -> Result<Option<Skip>, ProfileError> {
        let sight = |d: &GameDriver| Sight::read(&d.c64.screen_codes(), d.c64.ram());
        let alive = sight(d).alive().count();
        if alive != GOBLINS {
            return Ok(Some(Skip::new(
                reason::GOBLINS,
                format!("{alive} goblins, not {GOBLINS}, in the dungeon"),
            )));
        }
        for turn in 1..=WAKE_TURNS {
            if self.ready() {
                return Ok(None);
            }
            let key = self.key_for(&sight(d));
            if let Some(why) = self.stuck() {
                return Ok(Some(why.clone()));
            }
            if d.turn(Input::Key(key))?.is_none() {
                return Ok(Some(Skip::new(
                    reason::DIED_WAKING,
                    format!("the player died while waking goblins (turn {turn})"),
                )));
            }
        }
        Ok((!self.ready()).then(|| {
            Skip::new(
                reason::NOT_WOKEN,
                format!(
                    "{} of {} goblins woken in {WAKE_TURNS} turns",
                    self.woken(),
                    self.wake
                ),
            )
        }))
    }

    /// Why a measured turn breaks the scenario: a goblin died, or another number than N
    /// were hit.
    pub fn check(&self, c: &TurnCounts, turn: usize) -> Option<Skip> {
        if c.action == Some(Action::None) {
            return None;
        }
        if c.alive as usize != GOBLINS {
            return Some(Skip::new(
                reason::GOBLIN,
                format!("{} goblins alive in measured turn {turn}", c.alive),
            ));
        }
        (c.hit as usize != self.wake).then(|| {
            Skip::new(
                reason::GOBLIN,
                format!(
                    "{} goblins woken in measured turn {turn}, not {}",
                    c.hit, self.wake
                ),
            )
        })
    }

    /// The next key (W, A, S or D).
    pub fn key_for(&mut self, s: &Sight) -> u8 {
        let Some((world, now)) = World::new(s) else {
            return b'D';
        };
        let me = s.map.player().unwrap_or_default();
        self.visits[idx(me)] += 1;
        let waking = if self.ready() {
            None
        } else {
            self.towards_sleeper(s, me, &world, &now)
        };
        waking
            .or_else(|| {
                let judge = Roam {
                    world: &world,
                    visits: &self.visits,
                };
                plan(&world, &now, ROAM_DEPTH, BEAM, &judge).map(|d| MOVES[d].2)
            })
            .unwrap_or_else(|| self.cornered(s, me))
    }

    /// Hit a goblin not hit yet when one is next to us, else the first move of the best
    /// way to one (through doors when there is no other); `None` when there is none now
    /// (or none at all: then `stuck` says so).
    fn towards_sleeper(
        &mut self,
        s: &Sight,
        me: (i32, i32),
        world: &World,
        now: &State,
    ) -> Option<u8> {
        let targets: Vec<Goblin> = s
            .alive()
            .filter(|g| !self.hit.contains(&g.index) && g.health > MAX_HIT)
            .copied()
            .collect();
        if targets.is_empty() {
            self.stuck = Some(Skip::new(
                reason::NOT_WOKEN,
                format!(
                    "only {} goblins could be woken of the {} asked for",
                    self.hit.len(),
                    self.wake
                ),
            ));
            return None;
        }
        let more = self.hit.len() + 1 < self.wake;
        let judge = Wake::new(world, &targets, more, &self.visits);
        // Next to one, and hitting it here leaves a way on: hit it.
        if judge.goal(now).is_some() {
            for (dx, dy, key) in MOVES {
                if let Some(g) = targets
                    .iter()
                    .find(|g| (g.x, g.y) == (me.0 + dx, me.1 + dy))
                {
                    self.hit.push(g.index);
                    return Some(key);
                }
            }
        }
        let map = &s.map;
        let cells: Vec<(i32, i32)> = targets.iter().map(|g| (g.x, g.y)).collect();
        let through = |c: u8| c != cell::WALL && c != cell::CHALICE;
        if distances(map, &cells, through)[idx(me)] == FAR {
            let g = targets[0];
            self.stuck = Some(Skip::new(
                reason::BOXED_IN,
                format!(
                    "goblin {} at column {}, row {} is boxed in: walls or the chalice close every way to it",
                    g.index,
                    g.x,
                    g.y + 2
                ),
            ));
            return None;
        }
        if judge.reachable(now) {
            return plan(world, now, WAKE_DEPTH, BEAM, &judge).map(|d| MOVES[d].2);
        }
        // Only through a door: a step on the way, the door opened on reaching it.
        let open = |c: u8| through(c) && c != cell::GOBLIN;
        let to = distances(map, &cells, open);
        MOVES
            .iter()
            .find(|&&(dx, dy, _)| {
                let (x, y) = (me.0 + dx, me.1 + dy);
                open(map.at(x, y)) && to[idx((x, y))] < to[idx(me)]
            })
            .map(|m| m.2)
    }

    /// With no move that leaves the goblins behind: open a door next to us, or hit a goblin
    /// one hit cannot kill, a woken one first; else bump a wall.
    fn cornered(&self, s: &Sight, me: (i32, i32)) -> u8 {
        let map = &s.map;
        let next_to = |code: u8| {
            MOVES
                .iter()
                .find(|(dx, dy, _)| map.at(me.0 + dx, me.1 + dy) == code)
                .map(|m| m.2)
        };
        next_to(cell::DOOR)
            .or_else(|| {
                let at = |g: &Goblin| {
                    MOVES
                        .iter()
                        .find(|(dx, dy, _)| (g.x, g.y) == (me.0 + dx, me.1 + dy))
                        .map(|m| m.2)
                };
                s.alive()
                    .filter(|g| g.health > MAX_HIT && self.hit.contains(&g.index))
                    .find_map(at)
            })
            .or_else(|| next_to(cell::WALL))
            .unwrap_or(b'D')
    }
}

/// Cells enough to count as room to run: more make no difference.
const ROOM: usize = 12;

/// Two cells side by side (cell indices).
fn next_to(a: u16, b: u16) -> bool {
    let m = MAP_SIZE as u16;
    a.abs_diff(b) == m || (a.abs_diff(b) == 1 && a / m == b / m)
}

/// Fewer cells than this to run to, and a goblin next to the player keeps it there.
const PINNED: usize = 4;

/// The cells the player reaches before any goblin that chases it in `s`, by ways that
/// pass no goblin and no cell a goblin reaches first, up to [`ROOM`].
fn room(world: &World, s: &State) -> usize {
    let theirs = goblin_distances(world, s);
    escape(world, s, &theirs).min(ROOM)
}

/// How little room to run the player has in `s`: two for each cell short of [`ROOM`].
fn cramped(world: &World, s: &State) -> u32 {
    (ROOM - room(world, s)) as u32 * 2
}

/// How far ahead the player looks while waking goblins, and while moving on.
const WAKE_DEPTH: usize = 10;
const ROAM_DEPTH: usize = 6;
/// Futures kept per move of a search.
const BEAM: usize = 1500;
/// Visits to a cell that count against going there again, while waking.
const WAKE_VISITS: u16 = 8;

/// Waking: a future that ends next to a goblin not hit yet is a goal; one that does not
/// costs its way to the nearest.
struct Wake<'a> {
    world: &'a World,
    /// More to wake after the next one.
    more: bool,
    slots: Vec<usize>,
    /// Per slot of a target, the player's steps to where it stands now.
    to: Vec<Vec<u16>>,
    visits: &'a [u16],
}

impl<'a> Wake<'a> {
    fn new(world: &'a World, targets: &[Goblin], more: bool, visits: &'a [u16]) -> Wake<'a> {
        let slots: Vec<usize> = targets.iter().map(|g| g.index - 1).collect();
        let to = targets
            .iter()
            .map(|g| walk_distances(world, &[(g.y as usize * MAP_SIZE + g.x as usize) as u16]))
            .collect();
        Wake {
            world,
            more,
            slots,
            to,
            visits,
        }
    }

    /// Some target can be walked to (doors and the chalice stop the player).
    fn reachable(&self, s: &State) -> bool {
        let (x, y) = (
            (s.me as usize % MAP_SIZE) as i32,
            (s.me as usize / MAP_SIZE) as i32,
        );
        MOVES.iter().any(|(dx, dy, _)| {
            inside(x + dx, y + dy) && self.to.iter().any(|t| t[idx((x + dx, y + dy))] != FAR)
        })
    }
}

impl Judge for Wake<'_> {
    /// Next to a target: what the hit will cost (the goblins next to the player attack
    /// while it stands) and how little room to run is left after it.
    fn goal(&self, s: &State) -> Option<u32> {
        let beside = |g: u16| g != u16::MAX && next_to(g, s.me);
        let target = *self.slots.iter().find(|&&k| beside(s.goblins[k]))?;
        let (after, attacks) = self.world.hit(s, target);
        let room = room(self.world, &after);
        // Too little room and the woken goblin pins the player (a goblin next to the player
        // attacks instead of moving, so it never leaves).
        if room < PINNED {
            return None;
        }
        // A woken goblin follows one step behind: with more to wake, one of them must be
        // reachable without going back past the goblins.
        let rest: Vec<u16> = self
            .slots
            .iter()
            .map(|&k| s.goblins[k])
            .filter(|&g| g != u16::MAX && !next_to(g, s.me))
            .collect();
        if self.more && around_goblins(self.world, &after, &rest)[after.me as usize] == FAR {
            return None;
        }
        Some(attacks.count_ones() * HIT_COST + 2 * (ROOM - room) as u32)
    }

    /// The way to the nearest target around the goblins (a woken one follows one step
    /// behind, so going back past it is no way), a step more for each time the player
    /// has been at the future's end, and how little room to run it has there.
    fn leaf(&self, s: &State) -> u32 {
        let targets: Vec<u16> = self.slots.iter().map(|&k| s.goblins[k]).collect();
        let mut others = *s;
        for &k in &self.slots {
            others.goblins[k] = u16::MAX;
        }
        let way = around_goblins(self.world, &others, &targets)[s.me as usize];
        // Next to a target but no goal: no place to hit it from.
        let way = if way == FAR || way == 1 {
            FAR_WAY
        } else {
            u32::from(way)
        };
        way + u32::from(self.visits[s.me as usize].min(WAKE_VISITS))
            + cramped(self.world, s)
            + NOT_YET
    }

    /// The way to where the targets stood, goblins or not.
    fn rank(&self, s: &State) -> u32 {
        self.to
            .iter()
            .map(|t| u32::from(t[s.me as usize]))
            .min()
            .unwrap_or(FAR_WAY)
    }
}

/// What no way around the goblins to any target costs.
const FAR_WAY: u32 = 60;
/// What a future that ends before a hit costs on top of its way there: more than most
/// hits cost, so a hit within reach wins.
const NOT_YET: u32 = 16;

/// Moving on: the cost of where a future ends is how little room there is to run from
/// the goblins (cells the player reaches before any of them, up to [`ROOM`]), how near
/// they are, then how often the player has been there.
struct Roam<'a> {
    world: &'a World,
    visits: &'a [u16],
}

impl Judge for Roam<'_> {
    fn goal(&self, _: &State) -> Option<u32> {
        None
    }

    fn leaf(&self, s: &State) -> u32 {
        let me = (s.me as i32 % MAP_SIZE as i32, s.me as i32 / MAP_SIZE as i32);
        let near = s
            .goblins
            .iter()
            .filter(|&&g| g != u16::MAX)
            .map(|&g| {
                let (x, y) = (g as i32 % MAP_SIZE as i32, g as i32 / MAP_SIZE as i32);
                (x - me.0).abs() + (y - me.1).abs()
            })
            .min()
            .unwrap_or(i32::MAX);
        cramped(self.world, s)
            + (4 - near.min(4)) as u32 * 2
            + u32::from(self.visits[s.me as usize].min(4))
    }
}

/// No way there.
const FAR: u16 = u16::MAX;

fn inside(x: i32, y: i32) -> bool {
    (0..MAP_SIZE as i32).contains(&x) && (0..MAP_SIZE as i32).contains(&y)
}

fn idx((x, y): (i32, i32)) -> usize {
    y as usize * MAP_SIZE + x as usize
}

/// Steps from the nearest of `from` to every cell, through cells `pass` allows (a cell
/// that `pass` refuses gets a distance but leads nowhere).
fn distances(map: &Map, from: &[(i32, i32)], pass: impl Fn(u8) -> bool) -> Vec<u16> {
    let mut dist = vec![FAR; MAP_SIZE * MAP_SIZE];
    let mut q = VecDeque::new();
    for &f in from {
        if inside(f.0, f.1) {
            dist[idx(f)] = 0;
            q.push_back(f);
        }
    }
    while let Some(c) = q.pop_front() {
        let d = dist[idx(c)];
        if d > 0 && !pass(map.at(c.0, c.1)) {
            continue;
        }
        for (dx, dy, _) in MOVES {
            let n = (c.0 + dx, c.1 + dy);
            if inside(n.0, n.1) && dist[idx(n)] == FAR {
                dist[idx(n)] = d + 1;
                q.push_back(n);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::super::tests::map;
    use super::*;

    fn sight(rows: &[&str], goblins: &[(i32, i32, f64)]) -> Sight {
        Sight {
            map: map(rows),
            goblins: goblins
                .iter()
                .enumerate()
                .map(|(i, &(x, y, health))| Goblin {
                    index: i + 1,
                    x,
                    y,
                    health,
                    woken: Some(health < super::super::sight::GOBLIN_HEALTH),
                })
                .collect(),
        }
    }

    #[test]
    fn wakes_each_goblin_once_then_runs_from_them() {
        let rows = [
            "#########",
            "#@....G.#",
            "#.#####.#",
            "#.......#",
            "#########",
        ];
        let mut p = ArticlePlayer::new(1);
        let s = sight(&rows, &[(6, 1, 10.0)]);
        assert_eq!(p.key_for(&s), b'D', "towards the sleeper");
        let rows = [
            "#########",
            "#....@G.#",
            "#.#####.#",
            "#.......#",
            "#########",
        ];
        let s = sight(&rows, &[(6, 1, 10.0)]);
        assert_eq!(p.key_for(&s), b'D', "hits it");
        assert!(p.ready() && p.woken() == 1);
        // Woken (health 6 now): never hit again; the player goes away from it.
        let s = sight(&rows, &[(6, 1, 6.0)]);
        assert_eq!(p.key_for(&s), b'A');
    }

    #[test]
    fn never_steps_on_the_chalice_or_into_a_goblin_it_does_not_wake() {
        let rows = ["#####", "#G@(#", "#####"];
        let mut p = ArticlePlayer::new(0);
        let s = sight(&rows, &[(1, 1, 10.0)]);
        // Goblin left, chalice right, walls up and down: bump a wall.
        assert_eq!(p.key_for(&s), b'W');
    }

    #[test]
    fn a_goblin_behind_walls_is_reported_boxed_in() {
        let rows = ["#######", "#@..#G#", "#######"];
        let mut p = ArticlePlayer::new(1);
        let s = sight(&rows, &[(5, 1, 10.0)]);
        p.key_for(&s);
        assert_eq!(p.stuck().map(|k| k.reason), Some(reason::BOXED_IN), "{p:?}");
    }
}
