//! Every solution of a puzzle, by backtracking over its candidate lines, and the tutorial.

use super::{Line, MAX_BENDS, Puzzle, Star, candidates, clash, connected};

/// The article's tutorial: A (1, 1), the middle star (2.2, 1), B (3.3, 1) and the gravity star
/// G (2.2, 2.6). The middle star hides A from B, so they can only be joined bent through G; the
/// middle star sees only A and B (G is never an end), so it joins the constellation by lines to
/// them. Its numbers are those of all three lines: A 2, middle 2, B 2, G 1.
pub fn tutorial() -> Puzzle {
    Puzzle {
        stars: vec![
            Star::ordinary(10, 10, 2),
            Star::ordinary(22, 10, 2),
            Star::ordinary(33, 10, 2),
            Star::gravity(22, 26, 1),
        ],
    }
}

/// All solutions, up to `limit` of them: sets of candidate lines (each in [`candidates`] order)
/// that meet every number, do not clash, bend at most [`MAX_BENDS`] lines at one gravity star
/// and join the ordinary stars into one constellation. Each candidate is taken or left in
/// turn; a branch ends when a star would get more lines than its number, or when the lines
/// left touching a star are too few to meet it.
pub fn solve(p: &Puzzle, limit: usize) -> Vec<Vec<Line>> {
    let lines = candidates(p);
    let mut search = Search {
        p,
        need: p.stars.iter().map(|s| s.number as usize).collect(),
        avail: vec![0; p.stars.len()],
        bends: vec![0; p.stars.len()],
        chosen: Vec::new(),
        found: Vec::new(),
        limit,
        lines: &lines,
    };
    for l in &lines {
        for s in l.stars() {
            search.avail[s] += 1;
        }
    }
    if limit > 0 && search.feasible() {
        search.go(0);
    }
    search.found
}

struct Search<'a> {
    p: &'a Puzzle,
    lines: &'a [Line],
    /// Lines each star still needs.
    need: Vec<usize>,
    /// Candidates not yet decided that count toward each star.
    avail: Vec<usize>,
    /// Bent lines chosen through each gravity star.
    bends: Vec<usize>,
    chosen: Vec<Line>,
    found: Vec<Vec<Line>>,
    limit: usize,
}

impl Search<'_> {
    fn feasible(&self) -> bool {
        self.need.iter().zip(&self.avail).all(|(n, a)| n <= a)
    }

    fn go(&mut self, k: usize) {
        if self.found.len() >= self.limit {
            return;
        }
        if k == self.lines.len() {
            if self.need.iter().all(|&n| n == 0) && connected(self.p, &self.chosen) {
                self.found.push(self.chosen.clone());
            }
            return;
        }
        let line = self.lines[k];
        let stars = line.stars();
        for &s in &stars {
            self.avail[s] -= 1;
        }
        // Take it, when every star it counts toward still needs a line and it clashes with none.
        let g = match line {
            Line::Bent(_, g, _) => Some(g),
            Line::Straight(..) => None,
        };
        let fits = stars.iter().all(|&s| self.need[s] > 0)
            && g.is_none_or(|g| self.bends[g] < MAX_BENDS)
            && !self.chosen.iter().any(|c| clash(self.p, c, &line));
        if fits {
            for &s in &stars {
                self.need[s] -= 1;
            }
            if let Some(g) = g {
                self.bends[g] += 1;
            }
            self.chosen.push(line);
            if self.feasible() {
                self.go(k + 1);
            }
            self.chosen.pop();
            if let Some(g) = g {
                self.bends[g] -= 1;
            }
            for &s in &stars {
                self.need[s] += 1;
            }
        }
        // Leave it.
        if self.feasible() {
            self.go(k + 1);
        }
        for &s in &stars {
            self.avail[s] += 1;
        }
    }
}
