//! Charging every cycle to the BASIC line in CURLIN and to its label's region, with the
//! calls followed (see the module docs of [`super`]).

use super::report::{DIRECT, LineStat, RegionStat, Report, is_direct};
use crate::basic::LabelMap;
use crate::media::Prg;
use std::collections::HashMap;

/// What the profiler knows of each program line.
#[derive(Debug, Clone, Default)]
pub(crate) struct LineInfo {
    pub(crate) gosub_targets: Vec<u16>,
    pub(crate) has_return: bool,
}

/// Line-by-line facts of a tokenized program: GOSUB targets and RETURNs (a walk that stops
/// at the first line that cannot be read).
pub(crate) fn scan_program(prg: &Prg) -> HashMap<u16, LineInfo> {
    const GOSUB: u8 = 0x8D;
    const RETURN: u8 = 0x8E;
    const REM: u8 = 0x8F;
    const DATA: u8 = 0x83;
    let mut out = HashMap::new();
    for line in crate::basic::lines::lines(prg.load, &prg.data).map_while(Result::ok) {
        let data = line.body;
        let mut info = LineInfo::default();
        let mut j = 0;
        let mut quote = false;
        let mut in_data = false;
        while j < data.len() {
            let b = data[j];
            if b == b'"' {
                quote = !quote;
            } else if !quote {
                if in_data {
                    if b == b':' {
                        in_data = false;
                    }
                } else if b == REM {
                    break;
                } else if b == DATA {
                    in_data = true;
                } else if b == RETURN {
                    info.has_return = true;
                } else if b == GOSUB {
                    // GOSUB n, or the list of ON ... GOSUB n1,n2,...
                    let mut k = j + 1;
                    loop {
                        while k < data.len() && data[k] == b' ' {
                            k += 1;
                        }
                        let s = k;
                        while k < data.len() && data[k].is_ascii_digit() {
                            k += 1;
                        }
                        if let Some(n) = std::str::from_utf8(&data[s..k])
                            .ok()
                            .and_then(|t| t.parse().ok())
                        {
                            info.gosub_targets.push(n);
                        }
                        while k < data.len() && data[k] == b' ' {
                            k += 1;
                        }
                        if k < data.len() && data[k] == b',' {
                            k += 1;
                        } else {
                            break;
                        }
                    }
                    j = k;
                    continue;
                }
            }
            j += 1;
        }
        out.insert(line.number, info);
    }
    out
}

/// Per-line and per-region cycle accounts of a run.
#[derive(Debug, Clone)]
pub struct Profiler {
    lines_info: HashMap<u16, LineInfo>,
    /// Region names: index 0 is lines before any label, the last is direct mode.
    names: Vec<String>,
    /// Label start lines, ascending, with their region index.
    starts: Vec<(u16, usize)>,
    line_cycles: HashMap<u16, u64>,
    line_entries: HashMap<u16, u64>,
    excl: Vec<u64>,
    incl: Vec<u64>,
    calls: Vec<u64>,
    /// Open calls: (caller line, caller region, callee region).
    stack: Vec<(u16, usize, usize)>,
    /// The CURLIN value last observed, and the line it counts as (a program line or DIRECT).
    raw: u16,
    cur: u16,
    since: u64,
    total: u64,
    /// Scratch for counting each region once per interval.
    seen: Vec<bool>,
}

impl Profiler {
    pub fn new(prg: &Prg, labels: &LabelMap) -> Self {
        let mut names = vec!["(before the first label)".to_string()];
        let mut starts = Vec::new();
        let mut sorted = labels.labels.clone();
        sorted.sort_by_key(|l| l.line);
        for l in sorted {
            // Several labels on one line: the first names the region.
            if starts.last().is_some_and(|&(line, _)| line == l.line) {
                continue;
            }
            starts.push((l.line, names.len()));
            names.push(l.name.clone());
        }
        names.push("(direct mode)".to_string());
        let n = names.len();
        Profiler {
            lines_info: scan_program(prg),
            names,
            starts,
            line_cycles: HashMap::new(),
            line_entries: HashMap::new(),
            excl: vec![0; n],
            incl: vec![0; n],
            calls: vec![0; n],
            stack: Vec::new(),
            raw: DIRECT,
            cur: DIRECT,
            since: 0,
            total: 0,
            seen: vec![false; n],
        }
    }

    /// The line a CURLIN value counts as: itself if the program has that line, else DIRECT.
    fn key(&self, curlin: u16) -> u16 {
        if self.lines_info.contains_key(&curlin) {
            curlin
        } else {
            DIRECT
        }
    }

    /// Region index of a line.
    fn region(&self, line: u16) -> usize {
        if is_direct(line) {
            return self.names.len() - 1;
        }
        match self.starts.partition_point(|&(start, _)| start <= line) {
            0 => 0,
            k => self.starts[k - 1].1,
        }
    }

    /// The index of a region by label name (case-insensitive).
    pub fn region_of_label(&self, label: &str) -> Option<usize> {
        self.starts
            .iter()
            .map(|&(_, r)| r)
            .find(|&r| self.names[r].eq_ignore_ascii_case(label))
    }

    /// Whether `line` is in region `r`.
    pub fn line_in_region(&self, curlin: u16, r: usize) -> bool {
        let line = self.key(curlin);
        !is_direct(line) && self.region(line) == r
    }

    /// Start profiling at cycle `now` (cycles before are not counted).
    pub fn start(&mut self, curlin: u16, now: u64) {
        self.raw = curlin;
        self.cur = self.key(curlin);
        self.since = now;
    }

    /// Observe CURLIN at cycle `now`; cheap when it has not changed.
    #[inline]
    pub fn observe(&mut self, curlin: u16, now: u64) {
        if curlin != self.raw {
            self.raw = curlin;
            let line = self.key(curlin);
            if line != self.cur {
                self.transition(line, now);
            }
        }
    }

    /// Charge the cycles up to `now` to the current line (call at the end of a run).
    pub fn flush(&mut self, now: u64) {
        let delta = now - self.since;
        self.charge(delta);
        self.since = now;
    }

    fn charge(&mut self, delta: u64) {
        if delta == 0 {
            return;
        }
        self.total += delta;
        *self.line_cycles.entry(self.cur).or_default() += delta;
        let r = self.region(self.cur);
        self.excl[r] += delta;
        self.seen[r] = true;
        self.incl[r] += delta;
        for i in 0..self.stack.len() {
            let (_, caller, callee) = self.stack[i];
            for x in [caller, callee] {
                if !self.seen[x] {
                    self.seen[x] = true;
                    self.incl[x] += delta;
                }
            }
        }
        self.seen[r] = false;
        for i in 0..self.stack.len() {
            let (_, caller, callee) = self.stack[i];
            self.seen[caller] = false;
            self.seen[callee] = false;
        }
    }

    #[cold]
    fn transition(&mut self, new: u16, now: u64) {
        let delta = now - self.since;
        self.charge(delta);
        self.since = now;
        let old = self.cur;
        self.cur = new;
        *self.line_entries.entry(new).or_default() += 1;
        if is_direct(new) {
            self.stack.clear();
            return;
        }
        let info = self.lines_info.get(&old);
        if info.is_some_and(|i| i.has_return)
            && let Some(pos) = self.stack.iter().rposition(|&(caller, _, _)| caller == new)
        {
            self.stack.truncate(pos);
            return;
        }
        if info.is_some_and(|i| i.gosub_targets.contains(&new)) {
            let callee = self.region(new);
            self.calls[callee] += 1;
            self.stack.push((old, self.region(old), callee));
        }
    }

    /// Cycles charged so far.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Whether region `r` is running: its own lines, or a call to it still open (a GOTO
    /// from it to another label's lines stays inside the call).
    pub fn in_call(&self, r: usize) -> bool {
        (!is_direct(self.cur) && self.region(self.cur) == r)
            || self.stack.iter().any(|&(_, _, callee)| callee == r)
    }

    /// Inclusive cycles of a region so far.
    pub fn inclusive(&self, region: usize) -> u64 {
        self.incl[region]
    }

    /// Where BASIC is, for messages: `line 120 (label GETKEY)` or `direct mode`.
    pub fn describe(&self, curlin: u16) -> String {
        let curlin = self.key(curlin);
        if is_direct(curlin) {
            "direct mode (READY.)".to_string()
        } else {
            let r = self.region(curlin);
            if r == 0 {
                // The lines before any label have no label to name.
                format!("line {curlin}, before the first label")
            } else {
                format!("line {curlin} (in {})", self.names[r])
            }
        }
    }

    /// A report of the run.
    /// The report, in milliseconds of a `clock_hz` clock.
    pub fn report(&self, clock_hz: u64) -> Report {
        let mut regions: Vec<RegionStat> = (0..self.names.len())
            .filter(|&r| self.incl[r] > 0 || self.calls[r] > 0)
            .map(|r| RegionStat {
                name: self.names[r].clone(),
                inclusive: self.incl[r],
                exclusive: self.excl[r],
                calls: self.calls[r],
            })
            .collect();
        regions.sort_by(|a, b| {
            b.inclusive
                .cmp(&a.inclusive)
                .then(b.exclusive.cmp(&a.exclusive))
        });
        let mut lines: Vec<LineStat> = self
            .line_cycles
            .iter()
            .map(|(&line, &cycles)| LineStat {
                line,
                region: self.names[self.region(line)].clone(),
                cycles,
                entries: self.line_entries.get(&line).copied().unwrap_or(0),
            })
            .collect();
        lines.sort_by(|a, b| b.cycles.cmp(&a.cycles).then(a.line.cmp(&b.line)));
        Report {
            clock_hz,
            total: self.total,
            regions,
            lines,
        }
    }
}
