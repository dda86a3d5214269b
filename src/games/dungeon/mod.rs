//! The dungeon as the turn harness plays it ([`Dungeon`]): what happened in a turn, read
//! from the game's variables (never by changing the game), the tutorial's figures, and
//! players that play it by reading the screen as a person would.
//!
//! The game's variables: goblin g (1-6) at column GX(g), row GY(g) with health GH(g); part
//! 10c adds GW(g) (woken: it was attacked) and GA(g) (its zone). PA is the player's zone,
//! PX/PY the player's cell, MSG$ the message line. The map is on the screen: 21x21 cells
//! from row 2, column 0 (screen codes: `#` wall, `.` floor, `+` door, `@` the player, `G` a
//! goblin, `K` key, heart, gem, `!` potion, `(` the chalice).

use crate::basic::vars::{Value, read_array, read_var};
use crate::c64::C64;
use crate::run::profile::TurnSnapshots;
use crate::run::profile::game::{self, Game, PlayerMaker, Reference};
pub use crate::run::profile::game::{Action, TurnCounts};
use std::collections::VecDeque;

pub mod article;
pub mod sight;
pub mod sim;

pub use article::ArticlePlayer;
pub use sight::{Goblin, Sight};

/// Map size in cells and its position on the screen.
pub const MAP_SIZE: usize = 21;
const MAP_ROW: usize = 2;

/// Screen codes of the map's cells.
pub mod cell {
    pub const PLAYER: u8 = 0;
    pub const GOBLIN: u8 = 7;
    pub const KEY: u8 = 11;
    pub const POTION: u8 = 33;
    pub const WALL: u8 = 35;
    pub const CHALICE: u8 = 40;
    pub const DOOR: u8 = 43;
    pub const FLOOR: u8 = 46;
    pub const HEART: u8 = 83;
    pub const GEM: u8 = 90;
}

fn num(ram: &[u8; 0x10000], name: &str) -> Option<f64> {
    read_var(ram, name).and_then(|v| v.number())
}

fn nums(ram: &[u8; 0x10000], name: &str) -> Option<Vec<f64>> {
    read_array(ram, name).map(|v| v.iter().map(|x| x.number().unwrap_or(0.0)).collect())
}

/// Count a turn from its snapshots (see [`crate::run::profile::GameDriver::keep_snapshots`]).
pub fn count_turn(s: &TurnSnapshots) -> TurnCounts {
    let mut c = TurnCounts::default();
    let Some(call) = s.call.as_deref() else {
        c.action = Some(Action::None);
        return c;
    };
    c.action = Some(player_action(&s.start, call));
    let (Some(gh), Some(gx), Some(gy)) = (nums(call, "GH"), nums(call, "GX"), nums(call, "GY"))
    else {
        return c;
    };
    let (px, py) = (
        num(call, "PX").unwrap_or(0.0),
        num(call, "PY").unwrap_or(0.0),
    );
    // Part 10c's zone rule; without GW/GA (part 10b) every living goblin acts.
    let zone = match (nums(call, "GW"), nums(call, "GA"), num(call, "PA")) {
        (Some(gw), Some(ga), Some(pa)) => Some((gw, ga, pa)),
        _ => None,
    };
    let after = s.ret.as_deref();
    let (ax, ay) = match after {
        Some(r) => (
            nums(r, "GX").unwrap_or_default(),
            nums(r, "GY").unwrap_or_default(),
        ),
        None => (gx.clone(), gy.clone()),
    };
    for g in 1..gh.len().min(gx.len()).min(gy.len()) {
        if gh[g] <= 0.0 {
            c.dead += 1;
            continue;
        }
        c.alive += 1;
        if gh[g] < sight::GOBLIN_HEALTH {
            c.hit += 1;
        }
        let acts = match &zone {
            Some((gw, ga, pa)) => gw[g] != 0.0 || ga[g] == *pa,
            None => true,
        };
        if !acts {
            c.asleep += 1;
            continue;
        }
        c.acting += 1;
        if (px - gx[g]).abs() + (py - gy[g]).abs() == 1.0 {
            c.attacking += 1;
        } else if ax.get(g) != Some(&gx[g]) || ay.get(g) != Some(&gy[g]) {
            c.moving += 1;
        }
    }
    c
}

/// What the input did, from the player's cell and message before the goblins' turn.
fn player_action(start: &[u8; 0x10000], call: &[u8; 0x10000]) -> Action {
    let msg = match read_var(call, "MSG$") {
        Some(Value::Str(s)) => String::from_utf8_lossy(&s).into_owned(),
        _ => String::new(),
    };
    let moved = num(start, "PX") != num(call, "PX") || num(start, "PY") != num(call, "PY");
    if moved {
        Action::Move
    } else if msg.starts_with("A WALL") {
        Action::Bump
    } else if msg.starts_with("THE KEY OPENS") || msg.starts_with("YOU BREAK") {
        Action::Door
    } else if msg.starts_with("YOU HIT") || msg.starts_with("THE GOBLIN DIES") {
        Action::Fight
    } else {
        Action::Move
    }
}

/// The dungeon, parts 10a-10c, as the turn harness plays it.
pub struct Dungeon;

impl Game for Dungeon {
    fn count(&self, s: &TurnSnapshots) -> TurnCounts {
        count_turn(s)
    }

    fn end_label(&self) -> Option<&'static str> {
        // YOU WIN!/YOU DIED, then PLAY AGAIN? waits there.
        Some("ASKAGAIN")
    }

    fn position(&self, c64: &C64) -> (i32, i32) {
        Map::from_screen(&c64.screen_codes())
            .player()
            .unwrap_or((-1, -1))
    }

    fn reference(&self) -> Option<Reference> {
        Some(Reference {
            source: "tutorial",
            versions: "part 10b -> 10c",
            conditions: "6 goblins, 20 turns",
            inner_ms: crate::games::TUTORIAL_GOBLIN_MS,
            turn_ms: crate::games::TUTORIAL_TURN_MS,
            per_actor_ms: Some(165.0),
        })
    }
}

impl Dungeon {
    /// The built-in player of a name (see [`Player::by_name`]).
    pub fn player(name: &str) -> Option<PlayerMaker> {
        let p = Player::by_name(name)?;
        Some(PlayerMaker::new(name, move || Box::new(p.clone())))
    }

    /// The article's player waking `wake` goblins.
    pub fn article(wake: usize) -> PlayerMaker {
        PlayerMaker::new("article", move || {
            Box::new(Player::Article(ArticlePlayer::new(wake)))
        })
    }
}

/// The map as the screen shows it: `cells[y][x]` are screen codes (reverse video off).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Map {
    pub cells: [[u8; MAP_SIZE]; MAP_SIZE],
}

/// The four moves and the keys that make them.
pub const MOVES: [(i32, i32, u8); 4] = [(0, -1, b'W'), (0, 1, b'S'), (-1, 0, b'A'), (1, 0, b'D')];

impl Map {
    /// Read the map from the 1,000 screen codes.
    pub fn from_screen(screen: &[u8; 1000]) -> Map {
        let mut cells = [[0u8; MAP_SIZE]; MAP_SIZE];
        for (y, row) in cells.iter_mut().enumerate() {
            for (x, c) in row.iter_mut().enumerate() {
                *c = screen[(MAP_ROW + y) * 40 + x] & 0x7F;
            }
        }
        Map { cells }
    }

    pub fn at(&self, x: i32, y: i32) -> u8 {
        if x < 0 || y < 0 || x >= MAP_SIZE as i32 || y >= MAP_SIZE as i32 {
            return cell::WALL;
        }
        self.cells[y as usize][x as usize]
    }

    pub fn find(&self, code: u8) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (y, row) in self.cells.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                if c == code {
                    out.push((x as i32, y as i32));
                }
            }
        }
        out
    }

    pub fn player(&self) -> Option<(i32, i32)> {
        self.find(cell::PLAYER).first().copied()
    }

    /// The first key of a shortest way from `from` to any cell `goal` accepts, through
    /// cells `pass` allows (the goal cell itself need not be passable). Ties go to the
    /// first of W, S, A, D: deterministic.
    pub fn step_towards(
        &self,
        from: (i32, i32),
        goal: impl Fn(i32, i32) -> bool,
        pass: impl Fn(u8) -> bool,
    ) -> Option<(u8, usize)> {
        let mut first = [[0u8; MAP_SIZE]; MAP_SIZE];
        let mut dist = [[usize::MAX; MAP_SIZE]; MAP_SIZE];
        let mut q = VecDeque::new();
        dist[from.1 as usize][from.0 as usize] = 0;
        q.push_back(from);
        while let Some((x, y)) = q.pop_front() {
            let d = dist[y as usize][x as usize];
            for (dx, dy, key) in MOVES {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= MAP_SIZE as i32 || ny >= MAP_SIZE as i32 {
                    continue;
                }
                if dist[ny as usize][nx as usize] != usize::MAX {
                    continue;
                }
                let k = if d == 0 {
                    key
                } else {
                    first[y as usize][x as usize]
                };
                if goal(nx, ny) {
                    return Some((k, d + 1));
                }
                if !pass(self.at(nx, ny)) {
                    continue;
                }
                dist[ny as usize][nx as usize] = d + 1;
                first[ny as usize][nx as usize] = k;
                q.push_back((nx, ny));
            }
        }
        None
    }
}

/// Which zone (3x3 zones of 7x7 cells) a map cell is in, as part 10c counts them (its
/// `INT(X/7)+3*INT((Y-2)/7)` takes the screen row, two more than the map's).
pub fn zone(x: i32, y: i32) -> i32 {
    x / 7 + 3 * (y / 7)
}

/// A built-in player: it looks at the screen and chooses the next key.
#[derive(Debug, Clone)]
pub enum Player {
    /// Collects items, opens doors, fights what blocks it, heads for the chalice when it is
    /// in sight (in the player's zone or a zone next to it).
    Explorer,
    /// Walks to the nearest goblin and attacks it.
    Hunter,
    /// Hits each sleeping goblin once and moves on: the woken ones chase it.
    WakeAndRun {
        hit: Vec<(i32, i32)>,
        start: Vec<(i32, i32)>,
    },
    /// The tutorial's scenario: wakes N goblins by hitting each once, never kills one, then
    /// keeps moving (see [`article`]).
    Article(ArticlePlayer),
}

impl Player {
    /// The player of a name: `explorer`, `hunter`, `wake-and-run`, `article` (waking
    /// none; [`Player::Article`] with [`ArticlePlayer::new`] for more).
    pub fn by_name(name: &str) -> Option<Player> {
        match name {
            "explorer" => Some(Player::Explorer),
            "hunter" => Some(Player::Hunter),
            "wake-and-run" => Some(Player::WakeAndRun {
                hit: Vec::new(),
                start: Vec::new(),
            }),
            "article" => Some(Player::Article(ArticlePlayer::new(0))),
            _ => None,
        }
    }

    /// Its name, as `by_name` takes it.
    pub fn name(&self) -> &'static str {
        match self {
            Player::Explorer => "explorer",
            Player::Hunter => "hunter",
            Player::WakeAndRun { .. } => "wake-and-run",
            Player::Article(_) => "article",
        }
    }

    /// The names `by_name` knows.
    pub const NAMES: [&'static str; 4] = ["explorer", "hunter", "wake-and-run", "article"];

    /// The next key (PETSCII W, A, S or D) for what is on the screen.
    pub fn key_for(&mut self, sight: &Sight) -> u8 {
        let map = &sight.map;
        let Some(me) = map.player() else {
            return b'D';
        };
        let free = |c: u8| c != cell::WALL && c != cell::GOBLIN;
        let walk = |c: u8| free(c) && c != cell::DOOR;
        let goblins = map.find(cell::GOBLIN);
        let is = |code: u8| move |x: i32, y: i32| map.at(x, y) == code;
        // Something to hit standing next to us blocks the way: hit it.
        let adjacent_goblin = || {
            MOVES
                .iter()
                .find(|(dx, dy, _)| map.at(me.0 + dx, me.1 + dy) == cell::GOBLIN)
                .map(|m| m.2)
        };
        let towards = |goal: &dyn Fn(i32, i32) -> bool, pass: &dyn Fn(u8) -> bool| {
            map.step_towards(me, goal, pass).map(|(k, _)| k)
        };
        match self {
            Player::Explorer => {
                let near = |x: i32, y: i32| {
                    let (a, b) = (zone(x, y), zone(me.0, me.1));
                    (a % 3 - b % 3).abs() <= 1 && (a / 3 - b / 3).abs() <= 1
                };
                if let Some(&(cx, cy)) = map.find(cell::CHALICE).first()
                    && near(cx, cy)
                    && let Some(k) = towards(&|x, y| (x, y) == (cx, cy), &free)
                {
                    return adjacent_goblin().unwrap_or(k);
                }
                let item = |x: i32, y: i32| {
                    matches!(
                        map.at(x, y),
                        cell::KEY | cell::HEART | cell::GEM | cell::POTION
                    )
                };
                towards(&item, &walk)
                    .or_else(|| towards(&item, &free))
                    .or_else(|| towards(&is(cell::CHALICE), &free))
                    .map(|k| adjacent_goblin().unwrap_or(k))
                    .or_else(adjacent_goblin)
                    .unwrap_or(b'D')
            }
            Player::Hunter => adjacent_goblin()
                .or_else(|| towards(&is(cell::GOBLIN), &free))
                .unwrap_or(b'D'),
            Player::WakeAndRun { hit, start } => {
                if start.is_empty() {
                    *start = goblins.clone();
                }
                // A goblin still where it began, never hit: asleep.
                let sleeping = |x: i32, y: i32| {
                    map.at(x, y) == cell::GOBLIN
                        && start.contains(&(x, y))
                        && !hit.contains(&(x, y))
                };
                if let Some((dx, dy, k)) = MOVES
                    .iter()
                    .find(|(dx, dy, _)| sleeping(me.0 + dx, me.1 + dy))
                {
                    hit.push((me.0 + dx, me.1 + dy));
                    return *k;
                }
                towards(&sleeping, &free)
                    .or_else(|| {
                        // Nobody left to wake: keep moving, away from the chasers.
                        MOVES
                            .iter()
                            .filter(|(dx, dy, _)| walk(map.at(me.0 + dx, me.1 + dy)))
                            .max_by_key(|(dx, dy, _)| {
                                goblins
                                    .iter()
                                    .map(|g| (g.0 - me.0 - dx).abs() + (g.1 - me.1 - dy).abs())
                                    .min()
                                    .unwrap_or(0)
                            })
                            .map(|m| m.2)
                    })
                    .unwrap_or(b'D')
            }
            Player::Article(a) => a.key_for(sight),
        }
    }
}

impl game::Player for Player {
    fn next_key(&mut self, c64: &C64) -> u8 {
        self.key_for(&Sight::read(&c64.screen_codes(), c64.ram()))
    }

    fn prepare(
        &mut self,
        d: &mut crate::run::profile::GameDriver,
    ) -> Result<Option<game::Skip>, crate::run::profile::ProfileError> {
        match self {
            Player::Article(a) => a.wake_up(d),
            _ => Ok(None),
        }
    }

    fn check(&self, c: &TurnCounts, turn: usize) -> Option<game::Skip> {
        match self {
            Player::Article(a) => a.check(c, turn),
            _ => None,
        }
    }

    fn setting(&self) -> Option<usize> {
        match self {
            Player::Article(a) => Some(a.wake()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn map(rows: &[&str]) -> Map {
        let mut screen = [32u8; 1000];
        for (y, r) in rows.iter().enumerate() {
            for (x, ch) in r.bytes().enumerate() {
                screen[(MAP_ROW + y) * 40 + x] = match ch {
                    b'@' => cell::PLAYER,
                    b'G' => cell::GOBLIN,
                    b'K' => cell::KEY,
                    b'(' => cell::CHALICE,
                    b'H' => cell::HEART,
                    b'+' => cell::DOOR,
                    b'.' => cell::FLOOR,
                    _ => cell::WALL,
                };
            }
        }
        Map::from_screen(&screen)
    }

    #[test]
    fn players_choose_by_what_they_see() {
        let see = |m: &Map| Sight {
            map: m.clone(),
            goblins: Vec::new(),
        };
        let m = map(&["#######", "#@..K.#", "#.##..#", "#..G..#", "#######"]);
        assert_eq!(m.player(), Some((1, 1)));
        assert_eq!(Player::Explorer.key_for(&see(&m)), b'D', "towards the key");
        assert_eq!(Player::Hunter.key_for(&see(&m)), b'S', "towards the goblin");
        let m = map(&["#######", "#.@G..#", "#######"]);
        assert_eq!(
            Player::Hunter.key_for(&see(&m)),
            b'D',
            "hits the goblin next to it"
        );
        let mut w = Player::by_name("wake-and-run").unwrap();
        assert_eq!(w.key_for(&see(&m)), b'D', "wakes it");
        // The same goblin, still there: not hit twice; away from it instead.
        assert_eq!(w.key_for(&see(&m)), b'A');
    }
}
