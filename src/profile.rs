//! BASIC profiler, key scripts and the turn-timing harness.
//!
//! Everything here works on any ROM set because it only reads locations documented for
//! Commodore BASIC V2: CURLIN ($39/$3A: the line being executed, $3A = $FF in direct mode),
//! the keyboard buffer ($0277, count $C6) and the headless runner's prompt detection.
//!
//! **Attribution.** Every emulated cycle is charged to the BASIC line in CURLIN at that
//! cycle, and through the tokenizer's label map to the *region* of a label: the lines from a
//! label's line up to the next label's. Calls are followed with a shadow stack: when
//! CURLIN moves from line A to line B and A holds a `GOSUB B` (or `ON ... GOSUB` naming B),
//! that is a call; when it moves from a line holding `RETURN` back to the line of an open
//! call, that call returns. A region's *exclusive* time is the cycles spent on its own
//! lines; its *inclusive* time adds the cycles of everything it called (each region counted
//! once per cycle, however deep the recursion).
//!
//! **Key scripts.** A script is text: `#` starts a comment; `loop LABEL` names the game's
//! input loop; every other token is one key or joystick move, fed when the program waits
//! for input: its CURLIN is in the input loop's region and the keyboard buffer is empty.
//! Tokens: a single character (`W`, `d`, `1`, `;`), a control-code name in braces
//! (`{RETURN}`, `{DOWN}`, `{F1}` — the names of the BASIC text format), or a joystick
//! direction on port 2: `J:UP`, `J:DOWN`, `J:LEFT`, `J:RIGHT`, `J:FIRE`, combined with `+`
//! (`J:UP+FIRE`). A token may end in `*N` to repeat it N times (`D*5`).
//!
//! **Turns.** A turn starts when the program takes a fed key (the buffer count drops back
//! to 0; for a joystick move, when the program leaves the input loop) and ends when it is
//! back in its input loop waiting for the next one. The harness records each turn's total
//! cycles and the cycles inside a chosen subroutine (inclusive).

use crate::basic::{self, LabelMap};
use crate::c64::{C64, PAL_CLOCK_HZ};
use crate::headless::{self, Prg};
use crate::keyboard::joy;
use crate::roms::Roms;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Errors of the profiler and the harness, each naming its cause.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("{file}:{line}:{col}: {message}")]
    Script {
        file: String,
        line: usize,
        col: usize,
        message: String,
    },
    #[error("{file}: cannot read: {source}")]
    Read {
        file: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Basic(#[from] basic::BasicError),
    #[error("{0}")]
    Run(#[from] headless::RunError),
    #[error("{0}")]
    Roms(#[from] crate::roms::RomError),
    #[error("{program}: no label {label} (labels: {known})")]
    NoLabel {
        program: String,
        label: String,
        known: String,
    },
    #[error("{program}: no input loop given (a `loop LABEL` line in the key script, or --loop)")]
    NoLoop { program: String },
    #[error("{program}: {what} within {seconds} emulated seconds; BASIC was at {at}")]
    Timeout {
        program: String,
        what: String,
        seconds: u64,
        at: String,
    },
    #[error("{program}: the program ended (BASIC back at READY.) after {turns} of {wanted} turns")]
    Ended {
        program: String,
        turns: usize,
        wanted: usize,
    },
    #[error("{program}: CPU jammed at ${pc:04X}")]
    Jam { program: String, pc: u16 },
    #[error(
        "{script}: the key script has {inputs} input(s), fewer than the {wanted} turns asked for \
         (shorten --turns or add inputs)"
    )]
    ScriptShort {
        script: String,
        inputs: usize,
        wanted: usize,
    },
}

/// One scripted input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// A PETSCII code put into the keyboard buffer.
    Key(u8),
    /// Joystick port 2 bits (see [`joy`]), held until the program takes them.
    Joy(u8),
}

/// A parsed key script.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyScript {
    pub inputs: Vec<Input>,
    /// The input loop label, if the script names one.
    pub input_loop: Option<String>,
    /// Where the script came from, for messages (empty for a script made in code).
    pub name: String,
}

impl KeyScript {
    /// Parse script text (format in the module docs); `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<KeyScript, ProfileError> {
        let mut script = KeyScript {
            name: file.to_string(),
            ..KeyScript::default()
        };
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let err = |col: usize, message: String| ProfileError::Script {
                file: file.to_string(),
                line: n + 1,
                col,
                message,
            };
            let mut words = Vec::new();
            // Split on whitespace outside braces, keeping each token's column.
            let mut start = None;
            let mut depth = 0;
            for (i, c) in line.char_indices() {
                match c {
                    '{' => {
                        depth += 1;
                        start.get_or_insert(i);
                    }
                    '}' => {
                        depth -= 1;
                        start.get_or_insert(i);
                    }
                    c if c.is_whitespace() && depth == 0 => {
                        if let Some(s) = start.take() {
                            words.push((s, &line[s..i]));
                        }
                    }
                    _ => {
                        start.get_or_insert(i);
                    }
                }
            }
            if let Some(s) = start {
                words.push((s, &line[s..]));
            }
            if depth != 0 {
                return Err(err(line.len(), "unclosed brace".into()));
            }
            let mut i = 0;
            while i < words.len() {
                let (col, w) = words[i];
                if w.eq_ignore_ascii_case("loop") {
                    let Some(&(_, label)) = words.get(i + 1) else {
                        return Err(err(col + 1, "`loop` needs a label".into()));
                    };
                    script.input_loop = Some(label.to_string());
                    i += 2;
                    continue;
                }
                let (token, count) = match w.rsplit_once('*') {
                    Some((t, c))
                        if !t.is_empty()
                            && !c.is_empty()
                            && c.chars().all(|d| d.is_ascii_digit()) =>
                    {
                        let c: usize = c
                            .parse()
                            .map_err(|_| err(col + 1, format!("bad repeat count in `{w}`")))?;
                        (t, c)
                    }
                    _ => (w, 1),
                };
                let input = parse_input(token).map_err(|m| err(col + 1, m))?;
                script.inputs.extend(std::iter::repeat_n(input, count));
                i += 1;
            }
        }
        Ok(script)
    }

    pub fn from_file(path: &Path) -> Result<KeyScript, ProfileError> {
        let text = std::fs::read_to_string(path).map_err(|source| ProfileError::Read {
            file: path.display().to_string(),
            source,
        })?;
        Self::parse(&text, &path.display().to_string())
    }
}

fn parse_input(token: &str) -> Result<Input, String> {
    if let Some(dirs) = token
        .strip_prefix("J:")
        .or_else(|| token.strip_prefix("j:"))
    {
        let mut bits = 0;
        for d in dirs.split('+') {
            bits |= match d.to_ascii_uppercase().as_str() {
                "UP" | "U" => joy::UP,
                "DOWN" | "D" => joy::DOWN,
                "LEFT" | "L" => joy::LEFT,
                "RIGHT" | "R" => joy::RIGHT,
                "FIRE" | "F" => joy::FIRE,
                other => {
                    return Err(format!(
                        "unknown joystick direction `{other}` (UP, DOWN, LEFT, RIGHT, FIRE)"
                    ));
                }
            };
        }
        return Ok(Input::Joy(bits));
    }
    if let Some(inner) = token.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        return match basic::control_sequence(inner) {
            Some((code, 1)) => Ok(Input::Key(code)),
            Some(_) => Err(format!(
                "`{token}`: one key per token (write a repeat as {{NAME}}*N)"
            )),
            None => Err(format!("unknown key name `{token}`")),
        };
    }
    let mut chars = token.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => {
            let c = c.to_ascii_uppercase();
            basic::char_to_petscii(c)
                .map(Input::Key)
                .ok_or_else(|| format!("`{c}` is not a C64 key"))
        }
        _ => Err(format!(
            "unknown key `{token}` (one character, a {{NAME}}, or J:DIRECTION)"
        )),
    }
}

/// What the profiler knows of each program line.
#[derive(Debug, Clone, Default)]
struct LineInfo {
    gosub_targets: Vec<u16>,
    has_return: bool,
}

/// Line-by-line facts of a tokenized program: GOSUB targets and RETURNs.
fn scan_program(prg: &Prg) -> HashMap<u16, LineInfo> {
    const GOSUB: u8 = 0x8D;
    const RETURN: u8 = 0x8E;
    const REM: u8 = 0x8F;
    const DATA: u8 = 0x83;
    let mut out = HashMap::new();
    let data = &prg.data;
    let mut i = 0usize;
    while i + 4 <= data.len() {
        let link = u16::from_le_bytes([data[i], data[i + 1]]);
        if link == 0 {
            break;
        }
        let number = u16::from_le_bytes([data[i + 2], data[i + 3]]);
        let mut info = LineInfo::default();
        let mut j = i + 4;
        let mut quote = false;
        let mut in_data = false;
        while j < data.len() && data[j] != 0 {
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
        out.insert(number, info);
        // Follow the line's terminating zero rather than the link (it is absolute).
        i = j + 1;
    }
    out
}

/// The key under which every CURLIN value that is not a line of the program is counted:
/// direct mode, the prompt after power-on ($00xx) or after the program ($FFxx while a direct
/// line runs; the last line's number once BASIC is back at READY on genuine ROMs is a line).
const DIRECT: u16 = 0xFFFF;

/// Whether a profiler line key is direct mode.
fn is_direct(line: u16) -> bool {
    line == DIRECT
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
            format!("line {curlin} (in {})", self.names[self.region(curlin)])
        }
    }

    /// A report of the run.
    pub fn report(&self) -> Report {
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
            total: self.total,
            regions,
            lines,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionStat {
    pub name: String,
    pub inclusive: u64,
    pub exclusive: u64,
    pub calls: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineStat {
    /// BASIC line number, or $FFFF for direct mode (any CURLIN not a line of the program).
    pub line: u16,
    pub region: String,
    pub cycles: u64,
    /// Times execution arrived on this line from another line.
    pub entries: u64,
}

/// Profile of a run.
#[derive(Debug, Clone)]
pub struct Report {
    pub total: u64,
    pub regions: Vec<RegionStat>,
    pub lines: Vec<LineStat>,
}

/// Milliseconds of `cycles` at the PAL clock.
pub fn ms(cycles: u64) -> f64 {
    cycles as f64 * 1000.0 / PAL_CLOCK_HZ as f64
}

impl Report {
    /// The readable table: the `top` regions by inclusive cost, then the `top` most
    /// expensive lines.
    pub fn table(&self, top: usize) -> String {
        let mut s = String::new();
        let share = |c: u64| {
            if self.total == 0 {
                0.0
            } else {
                c as f64 * 100.0 / self.total as f64
            }
        };
        let _ = writeln!(s, "total {} cycles = {:.1} ms", self.total, ms(self.total));
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "{:<24} {:>12} {:>10} {:>6} {:>12} {:>10} {:>6} {:>8}",
            "label", "incl cycles", "incl ms", "incl%", "excl cycles", "excl ms", "excl%", "calls"
        );
        for r in self.regions.iter().take(top) {
            let _ = writeln!(
                s,
                "{:<24} {:>12} {:>10.1} {:>6.1} {:>12} {:>10.1} {:>6.1} {:>8}",
                r.name,
                r.inclusive,
                ms(r.inclusive),
                share(r.inclusive),
                r.exclusive,
                ms(r.exclusive),
                share(r.exclusive),
                r.calls
            );
        }
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "{:>6} {:<24} {:>12} {:>10} {:>6} {:>8}",
            "line", "in", "cycles", "ms", "%", "entries"
        );
        for l in self.lines.iter().take(top) {
            let line = if is_direct(l.line) {
                "-".to_string()
            } else {
                l.line.to_string()
            };
            let _ = writeln!(
                s,
                "{:>6} {:<24} {:>12} {:>10.1} {:>6.1} {:>8}",
                line,
                l.region,
                l.cycles,
                ms(l.cycles),
                share(l.cycles),
                l.entries
            );
        }
        s
    }

    /// The report as JSON (cycles are integers, milliseconds at 985,248 Hz).
    pub fn json(&self) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "{{\"clock_hz\":{},\"total_cycles\":{},\"regions\":[",
            PAL_CLOCK_HZ, self.total
        );
        for (i, r) in self.regions.iter().enumerate() {
            let _ = write!(
                s,
                "{}{{\"label\":{},\"inclusive_cycles\":{},\"inclusive_ms\":{:.3},\"exclusive_cycles\":{},\"exclusive_ms\":{:.3},\"calls\":{}}}",
                if i > 0 { "," } else { "" },
                json_string(&r.name),
                r.inclusive,
                ms(r.inclusive),
                r.exclusive,
                ms(r.exclusive),
                r.calls
            );
        }
        let _ = write!(s, "],\"lines\":[");
        for (i, l) in self.lines.iter().enumerate() {
            let line = if is_direct(l.line) {
                "null".to_string()
            } else {
                l.line.to_string()
            };
            let _ = write!(
                s,
                "{}{{\"line\":{},\"label\":{},\"cycles\":{},\"ms\":{:.3},\"entries\":{}}}",
                if i > 0 { "," } else { "" },
                line,
                json_string(&l.region),
                l.cycles,
                ms(l.cycles),
                l.entries
            );
        }
        s.push_str("]}\n");
        s
    }
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A program with its label map, ready to run.
#[derive(Debug, Clone)]
pub struct Program {
    pub name: String,
    pub prg: Prg,
    pub labels: LabelMap,
}

impl Program {
    /// Tokenize BASIC text.
    pub fn from_source(source: &str, name: &str) -> Result<Program, ProfileError> {
        let t = basic::tokenize(source, name)?;
        let prg = Prg::parse(&t.prg, Path::new(name))?;
        Ok(Program {
            name: name.to_string(),
            prg,
            labels: t.labels,
        })
    }

    /// Read a `.bas` file (labels come from the tokenizer) or a `.prg` (no labels).
    pub fn from_file(path: &Path) -> Result<Program, ProfileError> {
        let name = path.display().to_string();
        if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("bas"))
        {
            let text = std::fs::read_to_string(path).map_err(|source| ProfileError::Read {
                file: name.clone(),
                source,
            })?;
            Self::from_source(&text, &name)
        } else {
            Ok(Program {
                name,
                prg: Prg::from_file(path)?,
                labels: LabelMap::default(),
            })
        }
    }

    fn label_line(&self, label: &str) -> Result<u16, ProfileError> {
        self.labels
            .line_of(label)
            .ok_or_else(|| ProfileError::NoLabel {
                program: self.name.clone(),
                label: label.to_string(),
                known: self
                    .labels
                    .labels
                    .iter()
                    .map(|l| l.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Settings of a scripted run.
#[derive(Debug, Clone)]
pub struct RunSettings {
    pub roms: Option<PathBuf>,
    /// Value for location 251 ($FB) before RUN (the dungeon's seed), if any.
    pub seed: Option<u8>,
    /// Emulated-time limit for the whole run.
    pub limit_seconds: u64,
    /// Input loop label (overrides the script's).
    pub input_loop: Option<String>,
}

impl Default for RunSettings {
    fn default() -> Self {
        RunSettings {
            roms: None,
            seed: None,
            limit_seconds: 600,
            input_loop: None,
        }
    }
}

/// One measured turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    pub total_cycles: u64,
    /// Inclusive cycles of the measured subroutine during the turn.
    pub inner_cycles: u64,
}

/// The outcome of a scripted run.
#[derive(Clone)]
pub struct Session {
    pub profiler: Profiler,
    pub turns: Vec<Turn>,
    /// The machine as the run left it.
    pub c64: C64,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("turns", &self.turns)
            .field("total_cycles", &self.profiler.total())
            .finish_non_exhaustive()
    }
}

/// A game running on the machine, driven one input at a time: the harness, the profiler
/// and tests use it to play.
#[derive(Clone)]
pub struct GameDriver {
    pub c64: C64,
    pub profiler: Profiler,
    name: String,
    loop_label: String,
    loop_region: Option<usize>,
    measure_region: Option<usize>,
    end_region: Option<usize>,
    limit: u64,
    limit_seconds: u64,
    turns: usize,
}

impl GameDriver {
    /// Boot, wait for BASIC's prompt, poke the seed, load `program` and RUN it. `loop_label`
    /// names the input loop; `measure` a subroutine whose inclusive time turns report.
    pub fn start(
        program: &Program,
        settings: &RunSettings,
        loop_label: &str,
        measure: Option<&str>,
    ) -> Result<GameDriver, ProfileError> {
        Self::boot(program, settings, Some(loop_label), measure)
    }

    /// Like [`GameDriver::start`] for a program without an input loop: run it with
    /// [`GameDriver::run_to_wait`], which then returns at its end.
    pub fn start_without_loop(
        program: &Program,
        settings: &RunSettings,
    ) -> Result<GameDriver, ProfileError> {
        Self::boot(program, settings, None, None)
    }

    fn boot(
        program: &Program,
        settings: &RunSettings,
        loop_label: Option<&str>,
        measure: Option<&str>,
    ) -> Result<GameDriver, ProfileError> {
        let profiler = Profiler::new(&program.prg, &program.labels);
        let loop_region = match loop_label {
            Some(l) => {
                program.label_line(l)?;
                profiler.region_of_label(l)
            }
            None => None,
        };
        let measure_region = match measure {
            Some(m) => {
                program.label_line(m)?;
                profiler.region_of_label(m)
            }
            None => None,
        };
        let roms = Roms::load(settings.roms.as_deref())?;
        let mut c64 = C64::new(roms);
        c64.sys.set_render(false);
        let mut d = GameDriver {
            c64,
            profiler,
            name: program.name.clone(),
            loop_label: loop_label.unwrap_or_default().to_string(),
            loop_region,
            measure_region,
            end_region: None,
            limit: settings.limit_seconds * PAL_CLOCK_HZ,
            limit_seconds: settings.limit_seconds,
            turns: 0,
        };
        if !headless::run_until_ready(&mut d.c64, d.limit) {
            if d.c64.cpu.is_jammed() {
                return Err(ProfileError::Jam {
                    program: d.name.clone(),
                    pc: d.c64.cpu.pc,
                });
            }
            return Err(d.timeout("BASIC never reached its prompt".into()));
        }
        if let Some(seed) = settings.seed {
            d.c64.poke_ram(251, seed);
        }
        headless::inject(&mut d.c64, &program.prg);
        headless::put_in_keyboard_buffer(&mut d.c64, b"RUN\r");
        d.profiler.start(d.c64.peek_word(0x39), d.c64.cycles());
        Ok(d)
    }

    fn timeout(&self, what: String) -> ProfileError {
        ProfileError::Timeout {
            program: self.name.clone(),
            what,
            seconds: self.limit_seconds,
            at: self.profiler.describe(self.c64.peek_word(0x39)),
        }
    }

    /// Name a label where the game waits once it is over (an end-of-game prompt): a turn
    /// that ends there returns `None` instead of waiting for the input loop.
    pub fn set_end_label(&mut self, label: &str) -> Result<(), ProfileError> {
        self.end_region =
            Some(
                self.profiler
                    .region_of_label(label)
                    .ok_or_else(|| ProfileError::NoLabel {
                        program: self.name.clone(),
                        label: label.to_string(),
                        known: String::new(),
                    })?,
            );
        Ok(())
    }

    /// True when BASIC is executing a line of `label`'s region.
    pub fn at_label(&self, label: &str) -> bool {
        self.profiler
            .region_of_label(label)
            .is_some_and(|r| self.profiler.line_in_region(self.c64.peek_word(0x39), r))
    }

    /// Change the emulated-time limit (from power-on).
    pub fn set_limit_seconds(&mut self, seconds: u64) {
        self.limit_seconds = seconds;
        self.limit = seconds * PAL_CLOCK_HZ;
    }

    /// One cycle with profiling; the CURLIN seen.
    #[inline]
    fn step(&mut self) -> Result<u16, ProfileError> {
        if self.c64.cycles() >= self.limit {
            let what = if self.turns == 0 {
                format!(
                    "the program never waited in its input loop {}",
                    self.loop_label
                )
            } else {
                format!(
                    "the program did not return to its input loop {} after turn {}",
                    self.loop_label, self.turns
                )
            };
            return Err(self.timeout(what));
        }
        self.c64.tick();
        if self.c64.cpu.is_jammed() {
            return Err(ProfileError::Jam {
                program: self.name.clone(),
                pc: self.c64.cpu.pc,
            });
        }
        let ram = self.c64.ram();
        let curlin = u16::from_le_bytes([ram[0x39], ram[0x3A]]);
        self.profiler.observe(curlin, self.c64.cycles());
        Ok(curlin)
    }

    fn in_loop(&self, curlin: u16) -> bool {
        self.loop_region
            .is_some_and(|r| self.profiler.line_in_region(curlin, r))
    }

    /// True when the program waits for input: in its input loop, keyboard buffer empty.
    pub fn waiting(&self) -> bool {
        self.in_loop(self.c64.peek_word(0x39)) && self.c64.ram()[0xC6] == 0
    }

    /// Run until the program waits for input. Returns false if it ended instead (BASIC back
    /// at READY.).
    pub fn run_to_wait(&mut self) -> Result<bool, ProfileError> {
        loop {
            let curlin = self.step()?;
            if self.in_loop(curlin) && self.c64.ram()[0xC6] == 0 {
                return Ok(true);
            }
            if self.c64.cpu.at_instruction_boundary() && headless::basic_ready(&self.c64) {
                return Ok(false);
            }
        }
    }

    /// Run until the program is somewhere in `label`'s region with an empty keyboard
    /// buffer (e.g. an end-of-game prompt), or `max_cycles` pass. Returns whether it got there.
    pub fn run_to_label(&mut self, label: &str, max_cycles: u64) -> Result<bool, ProfileError> {
        let region = self
            .profiler
            .region_of_label(label)
            .ok_or_else(|| ProfileError::NoLabel {
                program: self.name.clone(),
                label: label.to_string(),
                known: String::new(),
            })?;
        let end = self.c64.cycles() + max_cycles;
        while self.c64.cycles() < end {
            let curlin = self.step()?;
            if self.profiler.line_in_region(curlin, region) && self.c64.ram()[0xC6] == 0 {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Feed one input while the program waits and play it to the next wait: a turn. The
    /// turn starts when the program takes the input and ends when it waits again. Returns
    /// `None` if the program ended (back at READY.) or reached its end label instead.
    pub fn turn(&mut self, input: Input) -> Result<Option<Turn>, ProfileError> {
        match input {
            Input::Key(k) => {
                headless::put_in_keyboard_buffer(&mut self.c64, &[k]);
            }
            Input::Joy(bits) => self.c64.sys.keyboard.joy2 = bits,
        }
        // Taken: a key leaves the buffer; a joystick move makes the program leave the loop.
        loop {
            let curlin = self.step()?;
            let taken = match input {
                Input::Key(_) => self.c64.ram()[0xC6] == 0,
                Input::Joy(_) => !self.in_loop(curlin),
            };
            if taken {
                break;
            }
        }
        self.c64.sys.keyboard.joy2 = 0;
        let start = self.c64.cycles();
        self.profiler.flush(start);
        let inner_start = self
            .measure_region
            .map(|r| self.profiler.inclusive(r))
            .unwrap_or(0);
        // Out of the input loop, then back in it with an empty buffer.
        let mut left = !self.in_loop(self.c64.peek_word(0x39));
        loop {
            let curlin = self.step()?;
            if !self.in_loop(curlin) {
                left = true;
                if self.c64.cpu.at_instruction_boundary() && headless::basic_ready(&self.c64) {
                    return Ok(None);
                }
                if self
                    .end_region
                    .is_some_and(|r| self.profiler.line_in_region(curlin, r))
                {
                    self.profiler.flush(self.c64.cycles());
                    return Ok(None);
                }
            } else if left && self.c64.ram()[0xC6] == 0 {
                break;
            }
        }
        let end = self.c64.cycles();
        self.profiler.flush(end);
        let inner_end = self
            .measure_region
            .map(|r| self.profiler.inclusive(r))
            .unwrap_or(0);
        self.turns += 1;
        Ok(Some(Turn {
            total_cycles: end - start,
            inner_cycles: inner_end - inner_start,
        }))
    }

    /// Finish: charge the remaining cycles and hand over the results.
    pub fn finish(mut self, turns: Vec<Turn>) -> Session {
        let now = self.c64.cycles();
        self.profiler.flush(now);
        Session {
            profiler: self.profiler,
            turns,
            c64: self.c64,
        }
    }
}

/// Run `program` with `script`: boot, autostart, feed the script's inputs one per wait in
/// the input loop, and stop after `turns` turns (or when the script is used up and the
/// program waits again). `measure` names the subroutine whose inclusive time each turn
/// records (e.g. ENEMYLOGIC).
pub fn run_script(
    program: &Program,
    script: &KeyScript,
    settings: &RunSettings,
    turns: Option<usize>,
    measure: Option<&str>,
) -> Result<Session, ProfileError> {
    let loop_label = settings
        .input_loop
        .clone()
        .or_else(|| script.input_loop.clone())
        .ok_or_else(|| ProfileError::NoLoop {
            program: program.name.clone(),
        })?;
    let mut d = GameDriver::start(program, settings, &loop_label, measure)?;
    let wanted = turns.unwrap_or(script.inputs.len());
    if script.inputs.len() < wanted {
        return Err(ProfileError::ScriptShort {
            script: if script.name.is_empty() {
                "the key script".into()
            } else {
                script.name.clone()
            },
            inputs: script.inputs.len(),
            wanted,
        });
    }
    let ended = |done: usize| ProfileError::Ended {
        program: program.name.clone(),
        turns: done,
        wanted,
    };
    let mut done = Vec::new();
    if !d.run_to_wait()? {
        return Err(ended(0));
    }
    for &input in script.inputs.iter().take(wanted) {
        match d.turn(input)? {
            Some(t) => done.push(t),
            None => return Err(ended(done.len())),
        }
    }
    if done.len() < wanted {
        return Err(ended(done.len()));
    }
    Ok(d.finish(done))
}

/// Profile `program` from RUN until BASIC is back at its prompt (no key script).
pub fn run_to_end(program: &Program, settings: &RunSettings) -> Result<Session, ProfileError> {
    let mut d = GameDriver::start_without_loop(program, settings)?;
    while d.run_to_wait()? {}
    Ok(d.finish(Vec::new()))
}

/// Mean and population standard deviation.
pub fn mean_sd(values: &[f64]) -> (f64, f64) {
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
    (mean, var.sqrt())
}

/// The tutorial's published figures (part 10b → 10c, six goblins, 20 turns).
pub const TUTORIAL_GOBLIN_MS: (f64, f64) = (990.0, 556.0);
pub const TUTORIAL_TURN_MS: (f64, f64) = (1420.0, 990.0);

/// Per-turn table and means of a session.
pub fn turn_table(session: &Session, inner_name: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:>4} {:>12} {:>10} {:>12} {:>10}",
        "turn", "cycles", "ms", inner_name, "ms"
    );
    for (i, t) in session.turns.iter().enumerate() {
        let _ = writeln!(
            s,
            "{:>4} {:>12} {:>10.1} {:>12} {:>10.1}",
            i + 1,
            t.total_cycles,
            ms(t.total_cycles),
            t.inner_cycles,
            ms(t.inner_cycles)
        );
    }
    let totals: Vec<f64> = session.turns.iter().map(|t| ms(t.total_cycles)).collect();
    let inner: Vec<f64> = session.turns.iter().map(|t| ms(t.inner_cycles)).collect();
    let (tm, tsd) = mean_sd(&totals);
    let (im, isd) = mean_sd(&inner);
    let _ = writeln!(s, "mean {:>27.1} ±{:.1} {:>10.1} ±{:.1}", tm, tsd, im, isd);
    s
}

#[cfg(test)]
mod tests;
