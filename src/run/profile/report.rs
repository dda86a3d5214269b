//! What a profile or a turn harness run reports: tables for people, JSON for tools.

use super::driver::ProfiledRun;
use super::profiler::is_direct;
use crate::c64::PAL_CLOCK_HZ;
use std::fmt::Write as _;

/// Milliseconds of `cycles` at the PAL clock.
pub fn ms(cycles: u64) -> f64 {
    cycles as f64 * 1000.0 / PAL_CLOCK_HZ as f64
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

/// Per-turn table and means of a session.
pub fn turn_table(session: &ProfiledRun, inner_name: &str) -> String {
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
