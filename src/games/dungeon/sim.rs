//! The goblins' turn as the dungeon plays it, for a player that looks ahead.
//!
//! From the game's text (ENEMYLOGIC): after each player input that is a move, a bump or a
//! door, goblins 1-6 act in order. A dead goblin is skipped; in part 10c so is one never
//! attacked (GW) whose zone is not the player's. A goblin next to the player (one step
//! across or down) attacks; any other steps one cell towards the player, first along the
//! axis where it is further away (across when both are equal), else along the other, and
//! only onto a floor cell: walls, doors, items, the player and other goblins stop it.
//!
//! The goblins' moves do not depend on chance, so a sequence of the player's moves gives
//! one future. [`plan`] searches those futures a few moves deep.

use super::sight::{GOBLINS, Sight};
use super::{MAP_SIZE, MOVES, cell, zone};
use std::collections::HashMap;

const CELLS: usize = MAP_SIZE * MAP_SIZE;
/// A dead goblin's place.
const GONE: u16 = u16::MAX;

/// What does not change during a search: the cells, and which goblins always act.
#[derive(Debug, Clone)]
pub struct World {
    /// Floor under everything that moves (goblins stand on floor only).
    floor: Vec<bool>,
    /// Cells the player steps onto: floor and items, not the chalice.
    step: Vec<bool>,
    wall: Vec<bool>,
    /// Part 10c's rule: goblins asleep (not woken) act only in the player's zone.
    zones: bool,
}

/// The player's cell and each goblin's (cell index `y * 21 + x`), and which goblins
/// were attacked (a bit per slot).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    pub me: u16,
    pub goblins: [u16; GOBLINS],
    pub woken: u8,
}

fn at(i: u16) -> (i32, i32) {
    (
        (i as usize % MAP_SIZE) as i32,
        (i as usize / MAP_SIZE) as i32,
    )
}

fn index(x: i32, y: i32) -> Option<u16> {
    ((0..MAP_SIZE as i32).contains(&x) && (0..MAP_SIZE as i32).contains(&y))
        .then(|| (y as usize * MAP_SIZE + x as usize) as u16)
}

fn distance(a: u16, b: u16) -> i32 {
    let ((ax, ay), (bx, by)) = (at(a), at(b));
    (ax - bx).abs() + (ay - by).abs()
}

impl World {
    /// The world and the present state as `s` shows them (part 10c's rule when the game
    /// keeps which goblins were attacked).
    pub fn new(s: &Sight) -> Option<(World, State)> {
        let zones = s.goblins.iter().any(|g| g.woken.is_some());
        let me = s.map.player()?;
        let mut world = World {
            floor: vec![false; CELLS],
            step: vec![false; CELLS],
            wall: vec![false; CELLS],
            zones,
        };
        for (y, row) in s.map.cells.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let i = y * MAP_SIZE + x;
                world.floor[i] = matches!(c, cell::FLOOR | cell::GOBLIN | cell::PLAYER);
                world.step[i] = world.floor[i]
                    || matches!(c, cell::KEY | cell::HEART | cell::GEM | cell::POTION);
                world.wall[i] = c == cell::WALL;
            }
        }
        let mut goblins = [GONE; GOBLINS];
        let mut woken = 0u8;
        for g in s.alive() {
            if let (Some(slot), Some(i)) = (g.index.checked_sub(1), index(g.x, g.y))
                && slot < GOBLINS
            {
                goblins[slot] = i;
                if g.woken == Some(true) {
                    woken |= 1 << slot;
                }
            }
        }
        let me = index(me.0, me.1)?;
        Some((world, State { me, goblins, woken }))
    }

    fn acts(&self, s: &State, slot: usize, goblin: u16, me: u16) -> bool {
        if !self.zones || s.woken & (1 << slot) != 0 {
            return true;
        }
        let ((gx, gy), (px, py)) = (at(goblin), at(me));
        zone(gx, gy) == zone(px, py)
    }

    /// One turn: the player's key (a `MOVES` entry), then the goblins. `None` when the key
    /// would hit a goblin, open a door or take the chalice; else the state after and the
    /// goblins that attacked (a bit per slot).
    pub fn turn(&self, s: &State, dir: usize) -> Option<(State, u8)> {
        let (dx, dy, _) = MOVES[dir];
        let (x, y) = at(s.me);
        let n = index(x + dx, y + dy)?;
        if s.goblins.contains(&n) {
            return None;
        }
        let mut next = *s;
        if !self.wall[n as usize] {
            if !self.step[n as usize] {
                return None;
            }
            next.me = n;
        }
        Some(self.goblins_turn(next))
    }

    /// A turn in which the player hits the goblin in `slot` (and so wakes it): the
    /// goblins' turn.
    pub fn hit(&self, s: &State, slot: usize) -> (State, u8) {
        let mut s = *s;
        s.woken |= 1 << slot;
        self.goblins_turn(s)
    }

    fn goblins_turn(&self, mut next: State) -> (State, u8) {
        let mut attacks = 0u8;
        for slot in 0..GOBLINS {
            let g = next.goblins[slot];
            if g == GONE || !self.acts(&next, slot, g, next.me) {
                continue;
            }
            if distance(g, next.me) == 1 {
                attacks |= 1 << slot;
                continue;
            }
            let ((gx, gy), (px, py)) = (at(g), at(next.me));
            let (sx, sy) = ((px - gx).signum(), (py - gy).signum());
            let free = |x: i32, y: i32| {
                index(x, y).filter(|&i| {
                    self.floor[i as usize] && i != next.me && !next.goblins.contains(&i)
                })
            };
            let across = (sx != 0).then(|| free(gx + sx, gy)).flatten();
            let down = (sy != 0).then(|| free(gx, gy + sy)).flatten();
            let to = if (px - gx).abs() < (py - gy).abs() {
                down.or(across)
            } else {
                across.or(down)
            };
            if let Some(to) = to {
                next.goblins[slot] = to;
            }
        }
        (next, attacks)
    }
}

/// Steps from the nearest of `from` to every cell through the cells `pass` allows
/// (`u16::MAX`: no way).
pub fn spread(from: &[u16], pass: impl Fn(usize) -> bool) -> Vec<u16> {
    let mut dist = vec![u16::MAX; CELLS];
    let mut q = std::collections::VecDeque::new();
    for &f in from.iter().filter(|&&f| f != GONE) {
        dist[f as usize] = 0;
        q.push_back(f);
    }
    while let Some(c) = q.pop_front() {
        let d = dist[c as usize];
        let (x, y) = at(c);
        for (dx, dy, _) in MOVES {
            if let Some(n) = index(x + dx, y + dy)
                && pass(n as usize)
                && dist[n as usize] == u16::MAX
            {
                dist[n as usize] = d + 1;
                q.push_back(n);
            }
        }
    }
    dist
}

/// Steps from the nearest of `from` to every cell through cells the player can take,
/// goblins or not.
pub fn walk_distances(world: &World, from: &[u16]) -> Vec<u16> {
    spread(from, |i| world.step[i])
}

/// Steps from the nearest goblin of `s` that acts (chases the player) to every cell,
/// over floor.
pub fn goblin_distances(world: &World, s: &State) -> Vec<u16> {
    let acting: Vec<u16> = (0..GOBLINS)
        .filter(|&k| s.goblins[k] != GONE && world.acts(s, k, s.goblins[k], s.me))
        .map(|k| s.goblins[k])
        .collect();
    spread(&acting, |i| world.floor[i])
}

/// Steps from the nearest of `from` to every cell through cells the player can take
/// that no goblin of `s` stands on.
pub fn around_goblins(world: &World, s: &State, from: &[u16]) -> Vec<u16> {
    spread(from, |i| world.step[i] && !s.goblins.contains(&(i as u16)))
}

/// How many cells the player of `s` reaches strictly before the goblins (`theirs`: their
/// steps to each cell), going only through such cells and around every goblin.
pub fn escape(world: &World, s: &State, theirs: &[u16]) -> usize {
    let mut dist = vec![u16::MAX; CELLS];
    let mut q = std::collections::VecDeque::from([s.me]);
    dist[s.me as usize] = 0;
    let mut n = 1;
    while let Some(c) = q.pop_front() {
        let d = dist[c as usize] + 1;
        let (x, y) = at(c);
        for (dx, dy, _) in MOVES {
            if let Some(i) = index(x + dx, y + dy)
                && world.step[i as usize]
                && dist[i as usize] == u16::MAX
                && d < theirs[i as usize]
                && !s.goblins.contains(&i)
            {
                dist[i as usize] = d;
                n += 1;
                q.push_back(i);
            }
        }
    }
    n
}

/// How a search judges a future: lower is better.
pub trait Judge {
    /// A state worth stopping at (e.g. next to a goblin to wake), if any: its cost.
    fn goal(&self, s: &State) -> Option<u32>;
    /// A state at the horizon: its cost.
    fn leaf(&self, s: &State) -> u32;
    /// A quick guess at `leaf`, to choose the futures a search keeps.
    fn rank(&self, s: &State) -> u32 {
        self.leaf(s)
    }
}

/// What each goblin's attack costs against one more move.
pub const HIT_COST: u32 = 4;
/// What a turn without moving (a bump into a wall) costs on top of its move.
pub const STAY_COST: u32 = 2;

/// The first move (a `MOVES` index) of the best future `depth` moves deep, at most
/// `beam` states kept per move. Futures are costed by the goblins' attacks
/// ([`HIT_COST`] each), the moves taken and the judge; ties go to the earlier first move.
pub fn plan(
    world: &World,
    start: &State,
    depth: usize,
    beam: usize,
    judge: &impl Judge,
) -> Option<usize> {
    // (state, first move, attacks so far)
    let mut layer: Vec<(State, usize, u32)> = vec![(*start, usize::MAX, 0)];
    let mut best: Option<(u32, usize)> = None;
    for d in 1..=depth as u32 {
        let mut next: Vec<(State, usize, u32)> = Vec::new();
        let mut seen: HashMap<State, usize> = HashMap::new();
        for &(s, first, hurt) in &layer {
            for dir in 0..MOVES.len() {
                let Some((n, attacks)) = world.turn(&s, dir) else {
                    continue;
                };
                let first = if first == usize::MAX { dir } else { first };
                let stayed = if n.me == s.me { STAY_COST } else { 0 };
                let hurt = hurt + attacks.count_ones() * HIT_COST + stayed;
                if let Some(g) = judge.goal(&n) {
                    let cost = hurt + d + g;
                    if best.is_none_or(|(b, f)| (cost, first) < (b, f)) {
                        best = Some((cost, first));
                    }
                    continue;
                }
                match seen.get(&n) {
                    Some(&k) if next[k].2 <= hurt => {}
                    Some(&k) => next[k] = (n, first, hurt),
                    None => {
                        seen.insert(n, next.len());
                        next.push((n, first, hurt));
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        if next.len() > beam {
            next.sort_by_key(|(s, first, hurt)| (*hurt + judge.rank(s), *first));
            next.truncate(beam);
        }
        // A goal reached this deep beats anything found deeper at no less cost.
        if let Some((b, _)) = best
            && next.iter().all(|(_, _, hurt)| hurt + d + 1 >= b)
        {
            break;
        }
        layer = next;
        if d as usize == depth {
            for &(s, first, hurt) in &layer {
                let cost = hurt + d + judge.leaf(&s);
                if best.is_none_or(|(b, f)| (cost, first) < (b, f)) {
                    best = Some((cost, first));
                }
            }
        }
    }
    best.map(|(_, first)| first)
}

#[cfg(test)]
mod tests {
    use super::super::sight::Goblin;
    use super::super::tests::map;
    use super::*;

    fn world(rows: &[&str], goblins: &[(i32, i32, Option<bool>)]) -> (World, State) {
        let s = Sight {
            map: map(rows),
            goblins: goblins
                .iter()
                .enumerate()
                .map(|(i, &(x, y, woken))| Goblin {
                    index: i + 1,
                    x,
                    y,
                    health: 10.0,
                    woken,
                })
                .collect(),
        };
        World::new(&s).unwrap()
    }

    const D: usize = 3;

    #[test]
    fn a_goblin_next_to_the_player_attacks_and_stays() {
        let (w, s) = world(&["######", "#@.G.#", "######"], &[(3, 1, None)]);
        let (n, attacks) = w.turn(&s, D).unwrap();
        assert_eq!((attacks, n.goblins[0]), (1, s.goblins[0]));
    }

    #[test]
    fn a_goblin_steps_along_its_longer_way_across_when_equal_and_only_onto_floor() {
        // After the player's step to (2,1): one across, two down to go: down first.
        let rows = ["######", "#@...#", "#....#", "#..G.#", "######"];
        let (w, s) = world(&rows, &[(3, 3, None)]);
        assert_eq!(w.turn(&s, D).unwrap().0.goblins[0], index(3, 2).unwrap());
        // An item there: across instead.
        let rows = ["######", "#@...#", "#..K.#", "#..G.#", "######"];
        let (w, s) = world(&rows, &[(3, 3, None)]);
        assert_eq!(w.turn(&s, D).unwrap().0.goblins[0], index(2, 3).unwrap());
        // After the player's step to (1,2): two and two: across first.
        let rows = ["######", "#@...#", "#....#", "#....#", "#..G.#", "######"];
        let (w, s) = world(&rows, &[(3, 4, None)]);
        assert_eq!(w.turn(&s, 1).unwrap().0.goblins[0], index(2, 4).unwrap());
    }

    #[test]
    fn in_part_10c_a_sleeping_goblin_acts_only_in_the_players_zone() {
        let rows = ["##########", "#@.......#", "#........#", "##########"];
        let (w, s) = world(&rows, &[(8, 1, Some(false)), (7, 2, Some(true))]);
        let (n, _) = w.turn(&s, 1).unwrap();
        assert_eq!(
            n.goblins[0], s.goblins[0],
            "asleep in zone 1 while the player is in zone 0"
        );
        assert_eq!(n.goblins[1], index(6, 2).unwrap(), "woken: chases");
    }
}
