//! What a player of the dungeon sees: the map on the screen and the goblins in the game's
//! variables (GX, GY, GH, and in part 10c GW).

use super::Map;
use crate::basic::vars::read_array;

/// The goblins of the tutorial's measurement.
pub const GOBLINS: usize = 6;
/// A goblin's health when it is placed (POPULATE: `GH(G)=10`).
pub const GOBLIN_HEALTH: f64 = 10.0;
/// The most one hit takes (COMBAT: `DM=INT(RND(1)*4)+3`).
pub const MAX_HIT: f64 = 6.0;

/// One goblin as the game's variables hold it, in map coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Goblin {
    /// Its index in GX/GY/GH, 1-6.
    pub index: usize,
    pub x: i32,
    pub y: i32,
    pub health: f64,
    /// GW: attacked, so awake everywhere (`None` in a game without the zone rule).
    pub woken: Option<bool>,
}

impl Goblin {
    pub fn alive(&self) -> bool {
        self.health > 0.0
    }
}

/// What a player sees: the map on the screen, and the goblins.
#[derive(Debug, Clone)]
pub struct Sight {
    pub map: Map,
    pub goblins: Vec<Goblin>,
}

impl Sight {
    /// The screen's map and the goblins of GX, GY and GH (none before they are dimensioned).
    pub fn read(screen: &[u8; 1000], ram: &[u8; 0x10000]) -> Sight {
        let map = Map::from_screen(screen);
        let arr = |n: &str| {
            read_array(ram, n).map(|v| {
                v.iter()
                    .map(|x| x.number().unwrap_or(0.0))
                    .collect::<Vec<f64>>()
            })
        };
        let gw = arr("GW");
        let goblins = match (arr("GX"), arr("GY"), arr("GH")) {
            (Some(gx), Some(gy), Some(gh)) => (1..gx.len().min(gy.len()).min(gh.len()))
                .map(|g| Goblin {
                    index: g,
                    x: gx[g] as i32,
                    // GY is the screen row; the map starts at row 2.
                    y: gy[g] as i32 - 2,
                    health: gh[g],
                    woken: gw.as_ref().and_then(|w| w.get(g)).map(|&w| w != 0.0),
                })
                .collect(),
            _ => Vec::new(),
        };
        Sight { map, goblins }
    }

    /// Living goblins.
    pub fn alive(&self) -> impl Iterator<Item = &Goblin> {
        self.goblins.iter().filter(|g| g.alive())
    }
}
