//! Recording a running machine as trace records, and comparing two traces instruction by
//! instruction.

use super::{Field, Ignore, P_MASK, Record, TraceError, TraceReader};
use crate::chips::cpu::{Cpu, MNEMONICS, MODES};
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::path::Path;

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
        let cpu = c64.cpu();
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
