//! The C64 game's shared block: a fixed area at $C000 where `games/starlink` keeps its puzzle,
//! the lines placed, the candidates and the solution it generated, the triples it classified
//! and the message it shows (`games/starlink/src/layout.h` is the same layout in C). A host
//! starts puzzles by writing a command there, and reads back what the game did.

use super::{Kind, Line, Puzzle, Refusal, Star};

/// Where the block starts.
pub const BASE: u16 = 0xC000;
/// Its length in bytes.
pub const LEN: usize = 1056;

/// Byte offsets within the block.
pub mod off {
    pub const MAGIC: usize = 0;
    pub const STATE: usize = 3;
    pub const COMMAND: usize = 4;
    pub const LEVEL: usize = 5;
    pub const SEED: usize = 6;
    pub const NSTARS: usize = 8;
    pub const NPLACED: usize = 9;
    pub const NCAND: usize = 10;
    pub const NSOL: usize = 11;
    pub const MSG: usize = 12;
    pub const PICK_A: usize = 13;
    pub const PICK_G: usize = 14;
    pub const TRIES: usize = 15;
    pub const CURSOR_X: usize = 16;
    pub const CURSOR_Y: usize = 18;
    pub const TIME: usize = 19;
    pub const PROGRESS: usize = 22;
    pub const NTRIPLES: usize = 23;
    pub const GEN_JIFFIES: usize = 25;
    pub const PICKS: usize = 27;
    pub const STARS: usize = 32;
    pub const PLACED: usize = 96;
    pub const CAND: usize = 192;
    pub const SOL: usize = 432;
    pub const TRIPLES: usize = 528;
    pub const TEXT: usize = 976;
}

/// The most stars, placed lines, candidates, solution lines and triples the block holds.
pub const MAX_STARS: usize = 16;
pub const MAX_PLACED: usize = 32;
pub const MAX_CAND: usize = 80;
pub const MAX_SOL: usize = 32;
pub const MAX_TRIPLES: usize = 448;

/// "SL" and the layout's version.
pub const MAGIC: [u8; 3] = [0x53, 0x4C, 1];

/// What the game is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Boot,
    Title,
    Choose,
    Generating,
    Playing,
    Solved,
    /// A check command is done: the triples are classified.
    Checked,
}

impl State {
    fn from_byte(b: u8) -> Option<State> {
        Some(match b {
            0 => State::Boot,
            1 => State::Title,
            2 => State::Choose,
            3 => State::Generating,
            4 => State::Playing,
            5 => State::Solved,
            6 => State::Checked,
            _ => return None,
        })
    }
}

/// Commands a host writes to [`off::COMMAND`] (after the level and seed).
pub mod command {
    /// Generate puzzle `seed` at `level` and play it.
    pub const PLAY: u8 = 1;
    /// Play the stars written to the block.
    pub const STARS: u8 = 2;
    /// Generate, classify every (A, G, B) triple, then wait.
    pub const CHECK: u8 = 3;
}

/// The three difficulties.
pub const LEVELS: [&str; 3] = ["easy", "normal", "hard"];

/// Message ids beyond the refusals (1-9, [`Refusal::code`]).
pub mod msg {
    pub const CROSS: u8 = 10;
    pub const BENDS: u8 = 11;
    pub const LINKED: u8 = 12;
    pub const REMOVED: u8 = 13;
    pub const SOLVED: u8 = 14;
    pub const PICKED: u8 = 15;
    pub const WAYPOINT: u8 = 16;
    pub const NONE: u8 = 17;
    pub const CLEARED: u8 = 18;
}

impl Refusal {
    /// The game's code for this refusal (the order the rules are checked in).
    pub fn code(self) -> u8 {
        match self {
            Refusal::SameStar => 1,
            Refusal::StartsAtGravity => 2,
            Refusal::NotGravity => 3,
            Refusal::TooFarApart => 4,
            Refusal::Hidden => 5,
            Refusal::MustLinkDirectly => 6,
            Refusal::TooFarFromGravity => 7,
            Refusal::GravityCantSee => 8,
            Refusal::TooSharp => 9,
        }
    }

    /// The refusal a game code names.
    pub fn from_code(code: u8) -> Option<Refusal> {
        [
            Refusal::SameStar,
            Refusal::StartsAtGravity,
            Refusal::NotGravity,
            Refusal::TooFarApart,
            Refusal::Hidden,
            Refusal::MustLinkDirectly,
            Refusal::TooFarFromGravity,
            Refusal::GravityCantSee,
            Refusal::TooSharp,
        ]
        .into_iter()
        .find(|r| r.code() == code)
    }
}

/// Everything the block says, read at one moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub state: State,
    pub level: u8,
    pub seed: u16,
    pub puzzle: Puzzle,
    pub placed: Vec<Line>,
    pub candidates: Vec<Line>,
    pub solution: Vec<Line>,
    /// Each (A, G, B) triple's check code (0 for a candidate), in the order of
    /// [`triples`].
    pub triples: Vec<u8>,
    pub message: u8,
    /// The message as shown, with the gravity star as ◎.
    pub text: String,
    pub pick_a: Option<usize>,
    pub pick_g: Option<usize>,
    pub tries: u8,
    pub cursor: (i32, i32),
    pub solve_jiffies: u16,
    pub generate_jiffies: u16,
    pub picks: u8,
}

fn line_at(b: &[u8], at: usize, n: usize) -> Result<Line, String> {
    let (a, g, c) = (b[at] as usize, b[at + 1], b[at + 2] as usize);
    if a >= n || c >= n || (g != 0xFF && g as usize >= n) {
        return Err(format!(
            "line at offset {at} names a star past the {n} there are"
        ));
    }
    Ok(if g == 0xFF {
        Line::Straight(a, c)
    } else {
        Line::Bent(a, g as usize, c)
    })
}

fn lines(b: &[u8], at: usize, count: usize, max: usize, n: usize) -> Result<Vec<Line>, String> {
    if count > max {
        return Err(format!(
            "{count} lines at offset {at}, more than the {max} it holds"
        ));
    }
    (0..count).map(|i| line_at(b, at + 3 * i, n)).collect()
}

impl Snapshot {
    /// Reads the block from 64 KiB of RAM; an error names what is out of place.
    pub fn read(ram: &[u8]) -> Result<Snapshot, String> {
        let b = ram
            .get(BASE as usize..BASE as usize + LEN)
            .ok_or("memory too short for the STARLINK block")?;
        if b[..3] != MAGIC {
            return Err("no STARLINK block at $C000 (the game is not running)".into());
        }
        let state = State::from_byte(b[off::STATE])
            .ok_or_else(|| format!("state {} is not one the game has", b[off::STATE]))?;
        let n = b[off::NSTARS] as usize;
        if n > MAX_STARS {
            return Err(format!(
                "{n} stars, more than the {MAX_STARS} the block holds"
            ));
        }
        let stars = (0..n)
            .map(|i| {
                let s = &b[off::STARS + 4 * i..off::STARS + 4 * i + 4];
                let kind = if s[2] == 1 {
                    Kind::Gravity
                } else {
                    Kind::Ordinary
                };
                Star {
                    x: s[0] as i32,
                    y: s[1] as i32,
                    kind,
                    number: s[3],
                }
            })
            .collect();
        let ntriples = b[off::NTRIPLES] as usize | (b[off::NTRIPLES + 1] as usize) << 8;
        let pick = |v: u8| (v != 0xFF).then_some(v as usize);
        let text_bytes = &b[off::TEXT..off::TEXT + 80];
        let end = text_bytes.iter().position(|&c| c == 0).unwrap_or(80);
        let text = text_bytes[..end]
            .iter()
            .map(|&c| if c == b'@' { '◎' } else { c as char })
            .collect();
        let word = |at: usize| b[at] as u16 | (b[at + 1] as u16) << 8;
        Ok(Snapshot {
            state,
            level: b[off::LEVEL],
            seed: word(off::SEED),
            puzzle: Puzzle { stars },
            placed: lines(b, off::PLACED, b[off::NPLACED] as usize, MAX_PLACED, n)?,
            candidates: lines(b, off::CAND, b[off::NCAND] as usize, MAX_CAND, n)?,
            solution: lines(b, off::SOL, b[off::NSOL] as usize, MAX_SOL, n)?,
            triples: b[off::TRIPLES..off::TRIPLES + ntriples.min(MAX_TRIPLES)].to_vec(),
            message: b[off::MSG],
            text,
            pick_a: pick(b[off::PICK_A]),
            pick_g: pick(b[off::PICK_G]),
            tries: b[off::TRIES],
            cursor: (word(off::CURSOR_X) as i32, b[off::CURSOR_Y] as i32),
            solve_jiffies: word(off::TIME),
            generate_jiffies: word(off::GEN_JIFFIES),
            picks: b[off::PICKS],
        })
    }
}

/// The bytes that put `puzzle`'s stars into the block (from [`off::NSTARS`], and from
/// [`off::STARS`]), for [`command::STARS`].
pub fn star_bytes(puzzle: &Puzzle) -> Vec<(u16, u8)> {
    let mut pokes = vec![(BASE + off::NSTARS as u16, puzzle.stars.len() as u8)];
    for (i, s) in puzzle.stars.iter().enumerate() {
        let at = BASE + (off::STARS + 4 * i) as u16;
        let kind = (s.kind == Kind::Gravity) as u8;
        pokes.extend([
            (at, s.x as u8),
            (at + 1, s.y as u8),
            (at + 2, kind),
            (at + 3, s.number),
        ]);
    }
    pokes
}

/// Every (A, G, B) triple the game classifies, in its order: for each gravity star G, each
/// pair of ordinary stars A < B.
pub fn triples(p: &Puzzle) -> Vec<(usize, usize, usize)> {
    let n = p.stars.len();
    let ordinary = |i: usize| p.stars[i].kind == Kind::Ordinary;
    let mut out = Vec::new();
    for g in (0..n).filter(|&g| !ordinary(g)) {
        for a in (0..n).filter(|&a| ordinary(a)) {
            for b in (a + 1..n).filter(|&b| ordinary(b)) {
                out.push((a, g, b));
            }
        }
    }
    out
}

/// A star's centre on the game's bitmap: a cell is 30 pixels, (0, 0) at pixel (10, 8).
pub fn star_pixel(s: &Star) -> (i32, i32) {
    (10 + 3 * s.x, 8 + 3 * s.y)
}
