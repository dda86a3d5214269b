//! STARLINK's rules, as a reference for the C64 game: stars lie on a field at positions kept as
//! integers in tenths of a cell, and each has a number, how many lines end at it; a gravity star
//! is never an end, and its number counts the bent lines passing through it (at most
//! [`MAX_BENDS`] of them). A straight line joins two ordinary stars that see each other (no other
//! star's centre, gravity stars included, within [`SIGHT`] = 0.42 cells of the segment, the
//! boundary itself blocking) and lie within [`REACH`] = 4.0 cells of each other, the reach the
//! generator uses. A bent line A→G→B joins two ordinary stars that cannot be joined straight
//! through a gravity star G; it is refused, checking in this order, when A and B can be joined
//! straight, when A or B is more than [`GRAVITY_REACH`] = 3.2 cells from G, when G→A or G→B
//! passes within 0.42 cells of another star, and when the bend is sharper than 120° (the cosine
//! between G→A and G→B above 0.5). Two lines clash when any of their segments cross, overlap,
//! or are the same segment; segments that only share an end merely touch (so two bent lines may
//! share their G). A puzzle is solved when every number is met, no lines clash and the lines
//! join all ordinary stars into one constellation (a bent line joins A and B, not G). All
//! geometry is exact integer arithmetic, with no floats: a distance d in tenths is within the
//! sight radius when 100·d² ≤ 42² = 1764, a squared distance is compared with the squared
//! radius, and a bend is allowed when the dot product of G→A and G→B is ≤ 0 or 4·dot² ≤
//! |GA|²·|GB|², so a puzzle reads the same on every machine.

use std::fmt;

pub mod check;
pub mod driver;
pub mod layout;
mod solve;
#[cfg(test)]
mod tests;

/// The C64 game, built from `games/starlink/` (`make -C games/starlink`).
pub const PRG: &[u8] = include_bytes!("../../../games/starlink/starlink.prg");

pub use solve::{solve, tutorial};

/// Sight radius in hundredths of a cell: a line may not pass within 0.42 cells of a star's
/// centre (distances in tenths are compared as 100·d² ≤ 42²).
pub const SIGHT: i64 = 42;
/// How far apart (in tenths) two stars may be for a straight line: 4.0 cells, the generator's
/// reach, so a line never spans more than four cells of the field.
pub const REACH: i64 = 40;
/// How far (in tenths) each end of a bent line may be from its gravity star: 3.2 cells.
pub const GRAVITY_REACH: i64 = 32;
/// The most bent lines that may pass through one gravity star.
pub const MAX_BENDS: usize = 2;

/// What a star is: an end of lines, or a gravity star that bends them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Ordinary,
    Gravity,
}

/// A star: its centre in tenths of a cell, its kind and its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Star {
    pub x: i32,
    pub y: i32,
    pub kind: Kind,
    pub number: u8,
}

impl Star {
    /// An ordinary star at (x, y) tenths.
    pub fn ordinary(x: i32, y: i32, number: u8) -> Star {
        Star {
            x,
            y,
            kind: Kind::Ordinary,
            number,
        }
    }

    /// A gravity star at (x, y) tenths.
    pub fn gravity(x: i32, y: i32, number: u8) -> Star {
        Star {
            x,
            y,
            kind: Kind::Gravity,
            number,
        }
    }

    fn is_gravity(&self) -> bool {
        self.kind == Kind::Gravity
    }
}

/// A puzzle: its stars (lines name them by index).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub stars: Vec<Star>,
}

/// A line by star index: straight between two ordinary stars, or bent at a gravity star
/// (`Bent(a, g, b)`). [`candidates`] gives the lower index first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    Straight(usize, usize),
    Bent(usize, usize, usize),
}

impl Line {
    /// Its segments, as pairs of star indices: one for a straight line, two for a bent one.
    pub fn segments(&self) -> Vec<(usize, usize)> {
        match *self {
            Line::Straight(a, b) => vec![(a, b)],
            Line::Bent(a, g, b) => vec![(a, g), (g, b)],
        }
    }

    /// The stars whose numbers it counts toward: both ends, and G for a bent line.
    pub fn stars(&self) -> Vec<usize> {
        match *self {
            Line::Straight(a, b) => vec![a, b],
            Line::Bent(a, g, b) => vec![a, g, b],
        }
    }

    /// The two ordinary stars it joins.
    pub fn ends(&self) -> (usize, usize) {
        match *self {
            Line::Straight(a, b) | Line::Bent(a, _, b) => (a, b),
        }
    }
}

/// Why a line is refused. The four bent-line causes are checked in the order they are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Both ends (or an end and the bend) are one star.
    SameStar,
    /// An end is a gravity star.
    StartsAtGravity,
    /// The bend is at an ordinary star.
    NotGravity,
    /// A straight line's ends are farther apart than [`REACH`].
    TooFarApart,
    /// A straight line passes within [`SIGHT`] of another star.
    Hidden,
    /// Bent: A and B can be joined straight.
    MustLinkDirectly,
    /// Bent: A or B is farther than [`GRAVITY_REACH`] from G.
    TooFarFromGravity,
    /// Bent: G→A or G→B passes within [`SIGHT`] of another star.
    GravityCantSee,
    /// Bent: the bend is sharper than 120°.
    TooSharp,
}

impl Refusal {
    /// The message the game shows.
    pub fn message(&self) -> &'static str {
        match self {
            Refusal::SameStar => "A line needs two different stars.",
            Refusal::StartsAtGravity => "Can't start from a gravity star: star, then ◎, then star.",
            Refusal::NotGravity => "Lines bend only at a gravity star.",
            Refusal::TooFarApart => "Those stars are too far apart.",
            Refusal::Hidden => "Those stars can't see each other.",
            Refusal::MustLinkDirectly => "Stars that see each other must be linked directly.",
            Refusal::TooFarFromGravity => "Too far from the gravity star.",
            Refusal::GravityCantSee => "That star can't be seen from the gravity star.",
            Refusal::TooSharp => "Bends too sharply at the gravity star.",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Refusal {}

/// A point in tenths, widened so that products of differences never overflow.
type P = (i128, i128);

fn pos(p: &Puzzle, i: usize) -> P {
    (p.stars[i].x as i128, p.stars[i].y as i128)
}

fn sub(a: P, b: P) -> P {
    (a.0 - b.0, a.1 - b.1)
}

fn dot(a: P, b: P) -> i128 {
    a.0 * b.0 + a.1 * b.1
}

fn cross(a: P, b: P) -> i128 {
    a.0 * b.1 - a.1 * b.0
}

/// Whether point r is within `radius` hundredths of a cell of the segment p–q (points in
/// tenths; the boundary counts as within), exactly: 100·d² ≤ radius², with d² the squared
/// distance to the nearer end outside the segment's span, otherwise cross²/|pq|², compared as
/// 100·cross² ≤ radius²·|pq|².
pub fn near_segment(p: (i32, i32), q: (i32, i32), r: (i32, i32), radius: i64) -> bool {
    let widen = |a: (i32, i32)| (a.0 as i128, a.1 as i128);
    let (p, q, r) = (widen(p), widen(q), widen(r));
    let r2 = (radius as i128) * (radius as i128);
    let d = sub(q, p);
    let v = sub(r, p);
    let len2 = dot(d, d);
    let t = dot(v, d);
    if len2 == 0 || t <= 0 {
        100 * dot(v, v) <= r2
    } else if t >= len2 {
        let w = sub(r, q);
        100 * dot(w, w) <= r2
    } else {
        let c = cross(d, v);
        100 * c * c <= r2 * len2
    }
}

fn within(p: &Puzzle, a: usize, b: usize, radius: i64) -> bool {
    let d = sub(pos(p, a), pos(p, b));
    dot(d, d) <= (radius as i128) * (radius as i128)
}

/// Whether the segment a–b passes within [`SIGHT`] of no star but a and b.
pub fn sees(p: &Puzzle, a: usize, b: usize) -> bool {
    let (sa, sb) = (p.stars[a], p.stars[b]);
    p.stars.iter().enumerate().all(|(i, s)| {
        i == a || i == b || !near_segment((sa.x, sa.y), (sb.x, sb.y), (s.x, s.y), SIGHT)
    })
}

/// Whether a bend with arms of squared lengths `ga2` and `gb2` and dot product `dot` is
/// allowed: its cosine is at most 0.5 (dot ≤ 0, or 4·dot² ≤ |GA|²·|GB|²).
pub fn bend_allowed(dot: i128, ga2: i128, gb2: i128) -> bool {
    dot <= 0 || 4 * dot * dot <= ga2 * gb2
}

fn joinable_straight(p: &Puzzle, a: usize, b: usize) -> bool {
    within(p, a, b, REACH) && sees(p, a, b)
}

/// Checks the line from star `a` to star `b`, straight (`g` is `None`) or bent at `g`, and
/// gives it with the lower end first, or the first rule it breaks. Indices must be in range.
pub fn check_line(p: &Puzzle, a: usize, g: Option<usize>, b: usize) -> Result<Line, Refusal> {
    if a == b || g == Some(a) || g == Some(b) {
        return Err(Refusal::SameStar);
    }
    if p.stars[a].is_gravity() || p.stars[b].is_gravity() {
        return Err(Refusal::StartsAtGravity);
    }
    let (a, b) = (a.min(b), a.max(b));
    let Some(g) = g else {
        if !within(p, a, b, REACH) {
            return Err(Refusal::TooFarApart);
        }
        if !sees(p, a, b) {
            return Err(Refusal::Hidden);
        }
        return Ok(Line::Straight(a, b));
    };
    if !p.stars[g].is_gravity() {
        return Err(Refusal::NotGravity);
    }
    if joinable_straight(p, a, b) {
        return Err(Refusal::MustLinkDirectly);
    }
    if !within(p, g, a, GRAVITY_REACH) || !within(p, g, b, GRAVITY_REACH) {
        return Err(Refusal::TooFarFromGravity);
    }
    if !sees(p, g, a) || !sees(p, g, b) {
        return Err(Refusal::GravityCantSee);
    }
    let ga = sub(pos(p, a), pos(p, g));
    let gb = sub(pos(p, b), pos(p, g));
    if !bend_allowed(dot(ga, gb), dot(ga, ga), dot(gb, gb)) {
        return Err(Refusal::TooSharp);
    }
    Ok(Line::Bent(a, g, b))
}

/// Every legal line: each straight pair and each bent triple, lower end first, straight lines
/// before bent ones.
pub fn candidates(p: &Puzzle) -> Vec<Line> {
    let n = p.stars.len();
    let mut lines = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if let Ok(line) = check_line(p, a, None, b) {
                lines.push(line);
            }
        }
    }
    for g in (0..n).filter(|&g| p.stars[g].is_gravity()) {
        for a in 0..n {
            for b in a + 1..n {
                if let Ok(line) = check_line(p, a, Some(g), b) {
                    lines.push(line);
                }
            }
        }
    }
    lines
}

/// Sign of the turn p→q→r: 1 left, -1 right, 0 collinear.
fn orient(p: P, q: P, r: P) -> i128 {
    cross(sub(q, p), sub(r, p)).signum()
}

/// Whether r, collinear with p–q, lies on the closed segment p–q.
fn on_segment(p: P, q: P, r: P) -> bool {
    r.0 >= p.0.min(q.0) && r.0 <= p.0.max(q.0) && r.1 >= p.1.min(q.1) && r.1 <= p.1.max(q.1)
}

/// Whether two segments given by star index clash: the same segment; sharing one end and
/// running along each other from it; or, with no shared end, meeting anywhere (crossing,
/// touching, or overlapping on one line).
pub fn segments_clash(p: &Puzzle, s: (usize, usize), t: (usize, usize)) -> bool {
    if (s.0 == t.0 && s.1 == t.1) || (s.0 == t.1 && s.1 == t.0) {
        return true;
    }
    let shared = [s.0, s.1].into_iter().find(|&i| i == t.0 || i == t.1);
    if let Some(c) = shared {
        let other = |seg: (usize, usize)| if seg.0 == c { seg.1 } else { seg.0 };
        let u = sub(pos(p, other(s)), pos(p, c));
        let v = sub(pos(p, other(t)), pos(p, c));
        return cross(u, v) == 0 && dot(u, v) > 0;
    }
    let (a, b, c, d) = (pos(p, s.0), pos(p, s.1), pos(p, t.0), pos(p, t.1));
    let (o1, o2, o3, o4) = (
        orient(a, b, c),
        orient(a, b, d),
        orient(c, d, a),
        orient(c, d, b),
    );
    if o1 * o2 < 0 && o3 * o4 < 0 {
        return true;
    }
    (o1 == 0 && on_segment(a, b, c))
        || (o2 == 0 && on_segment(a, b, d))
        || (o3 == 0 && on_segment(c, d, a))
        || (o4 == 0 && on_segment(c, d, b))
}

/// Whether two lines clash: any segment of one clashes with any segment of the other.
pub fn clash(p: &Puzzle, l: &Line, m: &Line) -> bool {
    let ms = m.segments();
    l.segments()
        .into_iter()
        .any(|s| ms.iter().any(|&t| segments_clash(p, s, t)))
}

/// Why a set of lines is not a solution (the first reason found).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsolved {
    /// Line i is not a legal line.
    Illegal(usize, Refusal),
    /// Lines i and j clash.
    Clash(usize, usize),
    /// More than [`MAX_BENDS`] bent lines pass through this gravity star.
    TooManyBends(usize),
    /// This star's number is not met.
    Number(usize),
    /// The ordinary stars are not one constellation.
    Disconnected,
}

/// Whether `lines` solve the puzzle, and if not, why.
pub fn why_unsolved(p: &Puzzle, lines: &[Line]) -> Option<Unsolved> {
    for (i, l) in lines.iter().enumerate() {
        let (a, g, b) = match *l {
            Line::Straight(a, b) => (a, None, b),
            Line::Bent(a, g, b) => (a, Some(g), b),
        };
        if let Err(r) = check_line(p, a, g, b) {
            return Some(Unsolved::Illegal(i, r));
        }
    }
    for i in 0..lines.len() {
        for j in i + 1..lines.len() {
            if clash(p, &lines[i], &lines[j]) {
                return Some(Unsolved::Clash(i, j));
            }
        }
    }
    let mut count = vec![0usize; p.stars.len()];
    let mut bends = vec![0usize; p.stars.len()];
    for l in lines {
        for s in l.stars() {
            count[s] += 1;
        }
        if let Line::Bent(_, g, _) = *l {
            bends[g] += 1;
        }
    }
    if let Some(g) = bends.iter().position(|&n| n > MAX_BENDS) {
        return Some(Unsolved::TooManyBends(g));
    }
    if let Some(s) = (0..p.stars.len()).find(|&s| count[s] != p.stars[s].number as usize) {
        return Some(Unsolved::Number(s));
    }
    if !connected(p, lines) {
        return Some(Unsolved::Disconnected);
    }
    None
}

/// Whether `lines` solve the puzzle.
pub fn is_solved(p: &Puzzle, lines: &[Line]) -> bool {
    why_unsolved(p, lines).is_none()
}

/// Whether the lines join all ordinary stars into one constellation (gravity stars left out).
pub fn connected(p: &Puzzle, lines: &[Line]) -> bool {
    let n = p.stars.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for l in lines {
        let (a, b) = l.ends();
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra] = rb;
    }
    let mut ordinary = (0..n).filter(|&i| !p.stars[i].is_gravity());
    let Some(first) = ordinary.next() else {
        return true;
    };
    let r = root(&mut parent, first);
    ordinary.all(|i| root(&mut parent, i) == r)
}
