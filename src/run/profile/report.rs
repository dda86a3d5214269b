//! What a profile or a turn harness run reports: tables for people, JSON for tools.

use std::fmt::Write as _;

/// The key under which every CURLIN value that is not a line of the program is counted:
/// direct mode, the prompt after power-on ($00xx) or after the program ($FFxx while a direct
/// line runs; the last line's number once BASIC is back at READY on genuine ROMs is a line).
pub(crate) const DIRECT: u16 = 0xFFFF;

/// Whether a profiler line key is direct mode.
pub(crate) fn is_direct(line: u16) -> bool {
    line == DIRECT
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
    /// The machine's clock, Hz (for milliseconds).
    pub clock_hz: u64,
    pub total: u64,
    pub regions: Vec<RegionStat>,
    pub lines: Vec<LineStat>,
}

impl Report {
    /// Milliseconds of `cycles` at the machine's clock.
    pub fn ms(&self, cycles: u64) -> f64 {
        cycles as f64 * 1000.0 / self.clock_hz as f64
    }

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
        let _ = writeln!(
            s,
            "total {} cycles = {:.1} ms",
            self.total,
            self.ms(self.total)
        );
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
                self.ms(r.inclusive),
                share(r.inclusive),
                r.exclusive,
                self.ms(r.exclusive),
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
                self.ms(l.cycles),
                share(l.cycles),
                l.entries
            );
        }
        s
    }

    /// The report as JSON (cycles are integers, milliseconds at the machine's clock; a line of
    /// direct mode is `null`).
    pub fn json(&self) -> String {
        #[derive(serde::Serialize)]
        struct Region<'a> {
            label: &'a str,
            inclusive_cycles: u64,
            inclusive_ms: f64,
            exclusive_cycles: u64,
            exclusive_ms: f64,
            calls: u64,
        }
        #[derive(serde::Serialize)]
        struct Line<'a> {
            line: Option<u16>,
            label: &'a str,
            cycles: u64,
            ms: f64,
            entries: u64,
        }
        #[derive(serde::Serialize)]
        struct Out<'a> {
            clock_hz: u64,
            total_cycles: u64,
            regions: Vec<Region<'a>>,
            lines: Vec<Line<'a>>,
        }
        let out = Out {
            clock_hz: self.clock_hz,
            total_cycles: self.total,
            regions: self
                .regions
                .iter()
                .map(|r| Region {
                    label: &r.name,
                    inclusive_cycles: r.inclusive,
                    inclusive_ms: self.ms(r.inclusive),
                    exclusive_cycles: r.exclusive,
                    exclusive_ms: self.ms(r.exclusive),
                    calls: r.calls,
                })
                .collect(),
            lines: self
                .lines
                .iter()
                .map(|l| Line {
                    line: (!is_direct(l.line)).then_some(l.line),
                    label: &l.region,
                    cycles: l.cycles,
                    ms: self.ms(l.cycles),
                    entries: l.entries,
                })
                .collect(),
        };
        let mut s = serde_json::to_string(&out).expect("plain data serializes");
        s.push('\n');
        s
    }
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
