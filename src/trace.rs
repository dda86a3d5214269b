//! Instruction traces as data: reading breadbin's own trace format (`run --headless --trace`,
//! format in README, "Headless runs") and VICE's monitor history format (the `chis` lines of
//! x64sc's monitor, recipe in tools/vice-trace.sh), recording a running machine the same way,
//! and comparing two traces instruction by instruction (README, "Testing against traces").
//!
//! A record is one executed instruction: PC, A, X, Y, SP and P before it, and the value of the
//! cycle counter at its opcode fetch. The cycles an instruction took are the difference to the
//! next record's counter, so the two traces' counters need not start at the same value.
//!
//! What is not an instruction is left out, so both formats give the same records: the reset
//! and interrupt sequences (their cycles count to the instruction before them, as the
//! interrupt is taken at that instruction's end), and the repeated lines breadbin's format
//! writes while RDY holds an opcode fetch. An instruction's counter is that of its opcode
//! fetch as performed, after RDY let it go: the cycles a fetch was held count to the
//! instruction before, as in VICE's history.

use crate::cpu::{Cpu, MNEMONICS, MODES};
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// One executed instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    pub pc: u16,
    pub a: u8,
    pub x: u8,
    pub y: u8,
    pub sp: u8,
    pub p: u8,
    /// The cycle counter at the opcode fetch.
    pub cycle: u64,
    /// The instruction's bytes (`len` of them), for showing it.
    pub bytes: [u8; 3],
    pub len: u8,
    /// The line of the trace file it came from (0 for a running machine).
    pub line: usize,
}

/// The status bits compared. B (bit 4) and bit 5 are no flip-flops in the 6502: they exist
/// only in the byte pushed to the stack, and traces differ in what they show for them.
pub const P_MASK: u8 = 0xCF;

/// A field of a record that a comparison looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Pc,
    A,
    X,
    Y,
    Sp,
    P,
    Cycles,
}

impl Field {
    const ALL: [Field; 7] = [
        Field::Pc,
        Field::A,
        Field::X,
        Field::Y,
        Field::Sp,
        Field::P,
        Field::Cycles,
    ];

    /// The name used by `--trace-ignore` and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Field::Pc => "pc",
            Field::A => "a",
            Field::X => "x",
            Field::Y => "y",
            Field::Sp => "sp",
            Field::P => "p",
            Field::Cycles => "cycles",
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The fields a comparison leaves out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ignore(u8);

impl Ignore {
    /// Parse a comma-separated list of field names: pc, a, x, y, sp, p, cycles.
    pub fn parse(s: &str) -> Result<Self, String> {
        let mut bits = 0;
        for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let f = Field::ALL
                .iter()
                .find(|f| f.name().eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    format!("'{name}' is not a trace field (use pc, a, x, y, sp, p, cycles)")
                })?;
            bits |= f.bit();
        }
        Ok(Ignore(bits))
    }

    pub fn ignores(self, f: Field) -> bool {
        self.0 & f.bit() != 0
    }
}

/// A trace that cannot be read: the message names the file and, for content, the line.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct TraceError(String);

impl TraceError {
    fn at(name: &str, line: usize, msg: impl std::fmt::Display) -> Self {
        TraceError(format!("{name}:{line}: {msg}"))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Breadbin,
    Vice,
}

/// Reads the records of a trace file in either format, plain or gzip'd (recognised by
/// content, not by name).
pub struct TraceReader {
    name: String,
    input: Box<dyn BufRead>,
    format: Option<Format>,
    line_no: usize,
    buf: Vec<u8>,
    /// breadbin's format: the last line read, not yet known to be an instruction.
    held: Option<Record>,
    /// breadbin's format: the counter of the last line read (repeated lines follow it).
    last_cycle: u64,
    ended: bool,
}

impl TraceReader {
    /// Open a trace file.
    pub fn open(path: &Path) -> Result<Self, TraceError> {
        let name = path.display().to_string();
        let f = std::fs::File::open(path)
            .map_err(|e| TraceError(format!("{name}: cannot read: {e}")))?;
        Self::from_reader(&name, f)
    }

    /// Read a trace from any byte source; `name` is used in messages.
    pub fn from_reader(name: &str, r: impl Read + 'static) -> Result<Self, TraceError> {
        let mut r = BufReader::new(r);
        let head = r
            .fill_buf()
            .map_err(|e| TraceError(format!("{name}: cannot read: {e}")))?;
        let gzip = head.starts_with(&[0x1F, 0x8B]);
        let input: Box<dyn BufRead> = if gzip {
            Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(r)))
        } else {
            Box::new(r)
        };
        Ok(TraceReader {
            name: name.to_string(),
            input,
            format: None,
            line_no: 0,
            buf: Vec::new(),
            held: None,
            last_cycle: 0,
            ended: false,
        })
    }

    /// The name given when opened.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The next instruction, or `None` at the end of the trace.
    pub fn next_record(&mut self) -> Result<Option<Record>, TraceError> {
        loop {
            if self.ended {
                return Ok(self.held.take());
            }
            let Some(r) = self.next_line()? else {
                if self.format.is_none() {
                    return Err(TraceError(format!(
                        "{}:{}: no instructions in the trace",
                        self.name, self.line_no
                    )));
                }
                self.ended = true;
                continue;
            };
            if self.format == Some(Format::Vice) {
                return Ok(Some(r));
            }
            let repeated =
                r.cycle == self.last_cycle + 1 && self.held.is_some_and(|h| same_state(&h, &r));
            self.last_cycle = r.cycle;
            if repeated {
                // The fetch was held: it happens at the last of the repeated lines.
                if let Some(h) = self.held.as_mut() {
                    h.cycle = r.cycle;
                }
                continue;
            }
            match self.held.replace(r) {
                // The reset sequence: the line written at power-on, before the first fetch.
                None if r.cycle == 0 => self.held = None,
                None => {}
                // Only BRK among instructions pushes three bytes; anything else followed by
                // that is an instruction an interrupt replaced.
                Some(h) if r.sp == h.sp.wrapping_sub(3) && h.bytes[0] != 0x00 => {}
                Some(h) => return Ok(Some(h)),
            }
        }
    }

    /// Parse the next line that holds a record.
    fn next_line(&mut self) -> Result<Option<Record>, TraceError> {
        loop {
            self.buf.clear();
            let n = self
                .input
                .read_until(b'\n', &mut self.buf)
                .map_err(|e| TraceError::at(&self.name, self.line_no + 1, e))?;
            if n == 0 {
                return Ok(None);
            }
            self.line_no += 1;
            let complete = self.buf.ends_with(b"\n");
            let text = String::from_utf8_lossy(&self.buf);
            let text = text.trim_end();
            let text = text.strip_prefix("Monitor: ").unwrap_or(text);
            let text = text.strip_prefix(".C:").unwrap_or(text);
            if text.trim().is_empty() {
                continue;
            }
            // VICE's monitor shows the registers after a step as "... - A:": not history.
            if self.format == Some(Format::Vice) && text.contains(" - A:") {
                continue;
            }
            let format = match self.format {
                Some(f) => f,
                None => {
                    let f = detect(text).ok_or_else(|| {
                        TraceError::at(
                            &self.name,
                            self.line_no,
                            "neither breadbin's trace format nor VICE's monitor history (chis)",
                        )
                    })?;
                    self.format = Some(f);
                    f
                }
            };
            let parsed = match format {
                Format::Breadbin => parse_breadbin(text),
                Format::Vice => parse_vice(text),
            };
            return match parsed {
                Some(mut r) => {
                    r.line = self.line_no;
                    Ok(Some(r))
                }
                None if !complete => Err(TraceError::at(
                    &self.name,
                    self.line_no,
                    "the last line is cut short",
                )),
                None => Err(TraceError::at(
                    &self.name,
                    self.line_no,
                    format!("not a line of {}: {text:?}", format_name(format)),
                )),
            };
        }
    }
}

fn format_name(f: Format) -> &'static str {
    match f {
        Format::Breadbin => "breadbin's trace format",
        Format::Vice => "VICE's monitor history (chis)",
    }
}

fn same_state(a: &Record, b: &Record) -> bool {
    (a.pc, a.a, a.x, a.y, a.sp, a.p) == (b.pc, b.a, b.x, b.y, b.sp, b.p)
}

/// Which format a line is in: breadbin's starts with the decimal cycle counter, VICE's with
/// the PC in four hex digits.
fn detect(line: &str) -> Option<Format> {
    let first = line.split_whitespace().next()?;
    if line.starts_with(' ') || (first.len() != 4 && first.bytes().all(|b| b.is_ascii_digit())) {
        return Some(Format::Breadbin);
    }
    if first.len() == 4 && first.bytes().all(|b| b.is_ascii_hexdigit()) {
        // A 4-digit decimal counter is breadbin's only if a second PC-like field follows.
        let second = line.split_whitespace().nth(1)?;
        if second.len() == 4 && second.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Some(Format::Breadbin);
        }
        return Some(Format::Vice);
    }
    None
}

fn hex8(s: &str) -> Option<u8> {
    (s.len() == 2).then(|| u8::from_str_radix(s, 16).ok())?
}

fn hex16(s: &str) -> Option<u16> {
    (s.len() == 4).then(|| u16::from_str_radix(s, 16).ok())?
}

fn reg<'a>(t: &mut impl Iterator<Item = &'a str>, name: &str) -> Option<u8> {
    hex8(t.next()?.strip_prefix(name)?)
}

/// `A:.. X:.. Y:.. SP:..`, as both formats write them.
fn regs<'a>(t: &mut impl Iterator<Item = &'a str>) -> Option<[u8; 4]> {
    Some([reg(t, "A:")?, reg(t, "X:")?, reg(t, "Y:")?, reg(t, "SP:")?])
}

/// A record of a trace line (the line number is set by the reader).
fn record(
    pc: u16,
    [a, x, y, sp]: [u8; 4],
    p: u8,
    cycle: u64,
    (bytes, len): ([u8; 3], u8),
) -> Option<Record> {
    (len > 0).then_some(Record {
        pc,
        a,
        x,
        y,
        sp,
        p,
        cycle,
        bytes,
        len,
        line: 0,
    })
}

/// The opcode bytes after the PC: up to three two-digit hex fields.
fn bytes<'a>(t: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>) -> ([u8; 3], u8) {
    let mut b = [0; 3];
    let mut n = 0;
    while n < 3 {
        match t.peek().and_then(|s| hex8(s)) {
            Some(v) => {
                b[n] = v;
                n += 1;
                t.next();
            }
            None => break,
        }
    }
    (b, n as u8)
}

/// `CYCLE PC  BYTES MNEMONIC A:.. X:.. Y:.. SP:.. P:.. L:... C:..`
fn parse_breadbin(line: &str) -> Option<Record> {
    let mut t = line.split_whitespace().peekable();
    let cycle = t.next()?.parse().ok()?;
    let pc = hex16(t.next()?)?;
    let code = bytes(&mut t);
    t.next()?; // mnemonic
    let r = regs(&mut t)?;
    let p = reg(&mut t, "P:")?;
    t.next()?.strip_prefix("L:")?;
    t.next()?.strip_prefix("C:")?;
    record(pc, r, p, cycle, code)
}

/// `pc  BYTES    DISASSEMBLY    A:.. X:.. Y:.. SP:.. NV-BDIZC CYCLE`
fn parse_vice(line: &str) -> Option<Record> {
    let mut t = line.split_whitespace().peekable();
    let pc = hex16(t.next()?)?;
    let code = bytes(&mut t);
    let mut t = line[line.find(" A:")?..].split_whitespace();
    let r = regs(&mut t)?;
    let flags = t.next()?.as_bytes();
    if flags.len() != 8 {
        return None;
    }
    let p = flags
        .iter()
        .fold(0u8, |p, &c| (p << 1) | u8::from(c != b'.'));
    let cycle = t.next()?.parse().ok()?;
    if t.next().is_some() {
        return None;
    }
    record(pc, r, p, cycle, code)
}

/// Records of a running machine: call [`Recorder::before_tick`] and [`Recorder::after_tick`]
/// around every tick of the machine.
#[derive(Debug, Default)]
pub struct Recorder {
    candidate: Option<Record>,
}

impl Recorder {
    /// Note the state at an instruction boundary (again in every cycle a fetch is held: the
    /// instruction starts when the fetch is performed).
    pub fn before_tick(&mut self, c64: &crate::C64) {
        let cpu = &c64.cpu;
        if let Some(r) = self.candidate.as_mut() {
            r.cycle = c64.cycles();
        } else if cpu.at_instruction_boundary() {
            let op = c64.peek(cpu.pc);
            let len = MODES[op as usize].bytes() as u8;
            let mut bytes = [op, 0, 0];
            for (i, b) in bytes.iter_mut().enumerate().take(len as usize).skip(1) {
                *b = c64.peek(cpu.pc.wrapping_add(i as u16));
            }
            self.candidate = Some(Record {
                pc: cpu.pc,
                a: cpu.a,
                x: cpu.x,
                y: cpu.y,
                sp: cpu.s,
                p: cpu.p.bits(),
                cycle: c64.cycles(),
                bytes,
                len,
                line: 0,
            });
        }
    }

    /// The instruction whose opcode this tick fetched, if it fetched one (and not the start
    /// of an interrupt sequence).
    pub fn after_tick(&mut self, cpu: &Cpu) -> Option<Record> {
        if cpu.at_instruction_boundary() {
            return None;
        }
        let r = self.candidate.take()?;
        (!cpu.in_interrupt_sequence()).then_some(r)
    }
}

/// How a comparison ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Everything compared matched; `ended` names the trace that ended first, if only one did.
    Match { count: u64, ended: Option<String> },
    /// The first difference, with the report to print.
    Differ { count: u64, report: String },
}

impl Verdict {
    pub fn exit_code(&self) -> u8 {
        match self {
            Verdict::Match { .. } => 0,
            Verdict::Differ { .. } => 1,
        }
    }

    /// The text to print: one line on a match, the side-by-side report on a difference.
    pub fn text(&self) -> String {
        match self {
            Verdict::Match { count, ended: None } => format!("{count} instructions match\n"),
            Verdict::Match {
                count,
                ended: Some(e),
            } => format!("{count} instructions match ({e} ends here)\n"),
            Verdict::Differ { report, .. } => report.clone(),
        }
    }
}

/// Instructions shown before the difference.
const CONTEXT: usize = 5;

/// Compares records of "ours" (pushed one at a time) with a reference read from a file.
pub struct Comparer {
    reference: TraceReader,
    ref_label: String,
    ours_label: String,
    ignore: Ignore,
    from: Option<u16>,
    ours_started: bool,
    ref_started: bool,
    /// The last records compared (with the one being compared), ours and the reference's.
    recent: VecDeque<(Record, Record)>,
    count: u64,
}

impl Comparer {
    /// `ref_label` is "the reference" for a run, the file name for `trace-diff`.
    pub fn new(
        reference: TraceReader,
        ours_label: &str,
        ref_label: &str,
        ignore: Ignore,
        from: Option<u16>,
    ) -> Self {
        Comparer {
            reference,
            ref_label: ref_label.to_string(),
            ours_label: ours_label.to_string(),
            ignore,
            from,
            ours_started: from.is_none(),
            ref_started: from.is_none(),
            recent: VecDeque::with_capacity(CONTEXT + 2),
            count: 0,
        }
    }

    /// True once ours reached the `--trace-from` address (always, without one).
    pub fn started(&self) -> bool {
        self.ours_started
    }

    /// Compare our next instruction. `Ok(None)`: go on; `Ok(Some(_))`: the comparison is over.
    pub fn push(&mut self, ours: Record) -> Result<Option<Verdict>, TraceError> {
        if !self.ours_started {
            if Some(ours.pc) != self.from {
                return Ok(None);
            }
            self.ours_started = true;
        }
        let Some(theirs) = self.next_reference()? else {
            if let Some(pc) = self.from
                && !self.ref_started
            {
                return Ok(Some(self.never_reached(pc, &self.ref_label)));
            }
            return Ok(Some(Verdict::Match {
                count: self.count,
                ended: Some(self.ref_label.clone()),
            }));
        };
        // The cycles the previous instruction took are known now.
        if let Some(&(po, pt)) = self.recent.back()
            && !self.ignore.ignores(Field::Cycles)
            && ours.cycle.wrapping_sub(po.cycle) != theirs.cycle.wrapping_sub(pt.cycle)
        {
            self.recent.push_back((ours, theirs));
            return Ok(Some(self.differ(Field::Cycles, 2)));
        }
        self.recent.push_back((ours, theirs));
        if self.recent.len() > CONTEXT + 2 {
            self.recent.pop_front();
        }
        let checks = [
            (Field::Pc, ours.pc == theirs.pc),
            (Field::A, ours.a == theirs.a),
            (Field::X, ours.x == theirs.x),
            (Field::Y, ours.y == theirs.y),
            (Field::Sp, ours.sp == theirs.sp),
            (Field::P, (ours.p ^ theirs.p) & P_MASK == 0),
        ];
        if let Some(&(f, _)) = checks
            .iter()
            .find(|(f, same)| !same && !self.ignore.ignores(*f))
        {
            return Ok(Some(self.differ(f, 1)));
        }
        self.count += 1;
        Ok(None)
    }

    /// Ours ended: whatever was compared matched; say so if the reference goes on.
    pub fn finish(mut self) -> Result<Verdict, TraceError> {
        if let Some(pc) = self.from
            && !self.ours_started
        {
            return Ok(self.never_reached(pc, &self.ours_label));
        }
        let more = self.next_reference()?.is_some();
        let ended = more.then(|| self.ours_label.clone());
        Ok(Verdict::Match {
            count: self.count,
            ended,
        })
    }

    /// `--trace-from`'s address never came: nothing could be compared, which is a failure.
    fn never_reached(&self, pc: u16, label: &str) -> Verdict {
        Verdict::Differ {
            count: 0,
            report: format!("the PC never reached ${pc:04X} (--trace-from) in {label}\n"),
        }
    }

    fn next_reference(&mut self) -> Result<Option<Record>, TraceError> {
        loop {
            let Some(r) = self.reference.next_record()? else {
                return Ok(None);
            };
            if self.ref_started || Some(r.pc) == self.from {
                self.ref_started = true;
                return Ok(Some(r));
            }
        }
    }

    /// The report for a difference in `field` of the record `back` from the newest one.
    fn differ(&self, field: Field, back: usize) -> Verdict {
        let n = self.recent.len();
        let at = n - back;
        let (o, t) = self.recent[at];
        // The instruction's number in the comparison (from 1); all before it matched.
        let number = self.count + 2 - back as u64;
        let taken = |i: usize| -> (Option<u64>, Option<u64>) {
            match self.recent.get(i + 1) {
                Some(&(no, nt)) => (
                    Some(no.cycle.wrapping_sub(self.recent[i].0.cycle)),
                    Some(nt.cycle.wrapping_sub(self.recent[i].1.cycle)),
                ),
                None => (None, None),
            }
        };
        let mut s = String::new();
        let what = match field {
            Field::Cycles => {
                let (a, b) = taken(at);
                format!(
                    "it took {} cycles in {}, {} in {}",
                    a.unwrap_or(0),
                    self.ours_label,
                    b.unwrap_or(0),
                    self.ref_label
                )
            }
            f => format!(
                "{} is {} in {}, {} in {}",
                f.name().to_uppercase(),
                field_value(&o, f),
                self.ours_label,
                field_value(&t, f),
                self.ref_label
            ),
        };
        let _ = writeln!(
            s,
            "first difference at instruction {number}{}: {what}",
            if t.line > 0 {
                format!(" ({} line {})", self.ref_label, t.line)
            } else {
                String::new()
            }
        );
        let first = at.saturating_sub(CONTEXT);
        let _ = writeln!(s, "{:>9}  {:<52}| {}", "#", self.ours_label, self.ref_label);
        for i in first..=at {
            let (o, t) = self.recent[i];
            let (co, ct) = taken(i);
            let mark = if i == at { Some(field) } else { None };
            let _ = writeln!(
                s,
                "{:>9}  {:<52}| {}",
                number - (at - i) as u64,
                show(&o, co, mark),
                show(&t, ct, mark)
            );
        }
        Verdict::Differ {
            count: number - 1,
            report: s,
        }
    }
}

fn field_value(r: &Record, f: Field) -> String {
    match f {
        Field::Pc => format!("${:04X}", r.pc),
        Field::A => format!("${:02X}", r.a),
        Field::X => format!("${:02X}", r.x),
        Field::Y => format!("${:02X}", r.y),
        Field::Sp => format!("${:02X}", r.sp),
        Field::P => format!("${:02X}", r.p & P_MASK),
        Field::Cycles => String::new(),
    }
}

/// One record, with `*` after the field that differs.
fn show(r: &Record, taken: Option<u64>, mark: Option<Field>) -> String {
    let m = |f: Field| if mark == Some(f) { "*" } else { " " };
    let taken = taken.map_or("?".to_string(), |t| t.to_string());
    format!(
        "{:04X}{} {} A:{:02X}{}X:{:02X}{}Y:{:02X}{}SP:{:02X}{}P:{:02X}{}+{}{}",
        r.pc,
        m(Field::Pc),
        MNEMONICS[r.bytes[0] as usize],
        r.a,
        m(Field::A),
        r.x,
        m(Field::X),
        r.y,
        m(Field::Y),
        r.sp,
        m(Field::Sp),
        r.p & P_MASK,
        m(Field::P),
        taken,
        m(Field::Cycles).trim()
    )
}

/// Compare two trace files (`breadbin trace-diff A B`): B is the reference.
pub fn diff_files(
    a: &Path,
    b: &Path,
    ignore: Ignore,
    from: Option<u16>,
) -> Result<Verdict, TraceError> {
    let mut ours = TraceReader::open(a)?;
    let reference = TraceReader::open(b)?;
    let mut c = Comparer::new(
        reference,
        &a.display().to_string(),
        &b.display().to_string(),
        ignore,
        from,
    );
    while let Some(r) = ours.next_record()? {
        if let Some(v) = c.push(r)? {
            return Ok(v);
        }
    }
    c.finish()
}
