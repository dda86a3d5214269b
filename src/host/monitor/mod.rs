//! A machine-code monitor: registers, memory, disassembly with labels, one line assembled,
//! checkpoints (breakpoints on the PC, watchpoints on reads and writes, a raster line, a BASIC
//! line), each with commands to run when it is hit, and stepping (into, over, to the return).
//! The commands are in `commands.rs`, the 6502 text in [`asm`]; README, "The monitor", lists
//! them.
//!
//! The machine stays exact. A runner asks [`Monitor::check`] after every cycle while the
//! monitor is [`Monitor::armed`], and stops the machine when it says so; a stop always falls
//! between two instructions (a watched access stops the machine at the end of its
//! instruction), and nothing the monitor shows reads with side effects. Resuming continues the
//! same cycles: a run that stopped gives the machine a run without stops gives.
//!
//! Commands come from a queue ([`Monitor::push`]): a script's lines, or lines typed in a
//! terminal. [`Monitor::drain`] runs them until one resumes the machine; what they print
//! collects in [`Monitor::take_output`].

pub mod asm;
mod commands;

use crate::basic::labels::LabelMap;
use crate::c64::C64;
use std::collections::VecDeque;
use std::fmt::Write as _;

pub use asm::Labels;

/// What the runner does after the monitor has had its say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// The machine stays stopped until more commands come.
    Stay,
    /// The machine runs on (until the next stop).
    Run,
    /// The run ends here.
    Quit,
}

/// What stops the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The PC reaches an address in the range, at an instruction's start.
    Exec(u16, u16),
    /// The CPU reads (`load`), writes (`store`) or does either in the range.
    Watch {
        from: u16,
        to: u16,
        load: bool,
        store: bool,
    },
    /// The VIC enters this raster line.
    Raster(u16),
    /// BASIC's current line ($39/$3A) becomes this line number.
    Line(u16),
}

/// A checkpoint with its number, the commands it runs when hit, and where it was made.
#[derive(Debug, Clone)]
struct Checkpoint {
    id: u32,
    kind: Kind,
    actions: Vec<String>,
    origin: Origin,
    hits: u64,
}

/// Where a command line came from: a script's name and line, or the terminal.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub file: Option<String>,
    pub line: usize,
}

impl Origin {
    fn error(&self, msg: &str) -> String {
        match &self.file {
            Some(f) => format!("{f}:{}: {msg}", self.line),
            None => format!("error: {msg}"),
        }
    }
}

/// How the machine runs until its next stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Until a checkpoint.
    Go,
    /// This many instructions more.
    Step(u32),
    /// To this address with the stack back at this level (over a subroutine).
    Over { pc: u16, sp: u8 },
    /// To the end of an RTS or RTI that takes the stack above this level.
    Return { sp: u8 },
}

/// Why the machine stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reason {
    /// The checkpoint at this index, with the access that hit a watchpoint.
    Point(usize, Option<(u16, bool)>),
    Step,
}

/// The monitor: its checkpoints, labels, command queue and output.
#[derive(Debug, Clone)]
pub struct Monitor {
    points: Vec<Checkpoint>,
    next_id: u32,
    /// Labels for machine code (a label file's).
    pub labels: Labels,
    /// Labels of the BASIC program (its line numbers by name).
    pub basic: LabelMap,
    mode: Mode,
    queue: VecDeque<(Origin, String)>,
    out: String,
    /// A script's errors end the run; a terminal's are printed and the monitor goes on.
    pub strict: bool,
    /// The cycle of the last stop, and of the stopwatch's zero.
    last_stop: u64,
    stopwatch: u64,
    /// Where `m` and `d` go on from.
    next_dump: u16,
    next_disassembly: u16,
    // What `check` follows between two cycles.
    was_boundary: bool,
    watch_hit: Option<(usize, u16, bool)>,
    raster_before: u16,
    line_before: u16,
    stop: Option<Reason>,
    /// Where the command being run came from.
    current_origin: Origin,
}

impl Default for Monitor {
    fn default() -> Self {
        Monitor {
            points: Vec::new(),
            next_id: 1,
            labels: Labels::default(),
            basic: LabelMap::default(),
            mode: Mode::Go,
            queue: VecDeque::new(),
            out: String::new(),
            strict: false,
            last_stop: 0,
            stopwatch: 0,
            next_dump: 0,
            next_disassembly: 0,
            was_boundary: false,
            watch_hit: None,
            raster_before: 0,
            line_before: 0,
            stop: None,
            current_origin: Origin::default(),
        }
    }
}

/// BASIC's current line number ($FFxx in direct mode).
fn basic_line(c64: &C64) -> u16 {
    c64.peek_word(0x39)
}

impl Monitor {
    /// A monitor running the lines of a script named `file`: an error in one ends the run.
    pub fn with_script(file: &str, text: &str) -> Monitor {
        let mut m = Monitor {
            strict: true,
            ..Monitor::default()
        };
        for (i, line) in text.lines().enumerate() {
            m.push_from(
                Origin {
                    file: Some(file.to_string()),
                    line: i + 1,
                },
                line,
            );
        }
        m
    }

    /// Queue a command line typed in a terminal.
    pub fn push(&mut self, line: &str) {
        self.push_from(Origin::default(), line);
    }

    fn push_from(&mut self, origin: Origin, line: &str) {
        self.queue.push_back((origin, line.to_string()));
    }

    /// What the monitor printed since the last call.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.out)
    }

    /// Whether the runner must ask [`Monitor::check`] after every cycle: a checkpoint is set
    /// or a step is under way.
    pub fn armed(&self) -> bool {
        !self.points.is_empty() || self.mode != Mode::Go
    }

    /// Start running from where the machine is, in `mode`.
    fn resume(&mut self, c64: &mut C64, mode: Mode) {
        self.mode = mode;
        self.was_boundary = c64.cpu().at_instruction_boundary();
        self.watch_hit = None;
        self.stop = None;
        // The machine notes the CPU's accesses only while a watchpoint needs them.
        let watch = self
            .points
            .iter()
            .any(|p| matches!(p.kind, Kind::Watch { .. }));
        c64.watch_accesses(watch);
        self.raster_before = c64.vic_position().0;
        self.line_before = basic_line(c64);
    }

    /// Start running until the next checkpoint (a script that ends does this).
    pub fn go(&mut self, c64: &mut C64) {
        self.resume(c64, Mode::Go);
    }

    /// Asked after every cycle while [`Monitor::armed`]: whether the machine stops here.
    #[inline]
    pub fn check(&mut self, c64: &mut C64) -> bool {
        if let Some((addr, write)) = c64.take_cpu_access()
            && self.watch_hit.is_none()
        {
            self.watch_hit = self
                .points
                .iter()
                .position(|p| match p.kind {
                    Kind::Watch {
                        from,
                        to,
                        load,
                        store,
                    } => (from..=to).contains(&addr) && if write { store } else { load },
                    _ => false,
                })
                .map(|i| (i, addr, write));
        }
        let boundary = c64.cpu().at_instruction_boundary();
        let new = boundary && !self.was_boundary;
        self.was_boundary = boundary;
        new && self.at_boundary(c64)
    }

    /// At the start of an instruction (or of an interrupt sequence): whether to stop.
    fn at_boundary(&mut self, c64: &C64) -> bool {
        let cpu = c64.cpu();
        if let Some((i, addr, write)) = self.watch_hit.take() {
            self.stop = Some(Reason::Point(i, Some((addr, write))));
            return true;
        }
        let raster = c64.vic_position().0;
        let line = basic_line(c64);
        let hit = self.points.iter().position(|p| match p.kind {
            Kind::Exec(from, to) => (from..=to).contains(&cpu.pc),
            Kind::Raster(n) => raster == n && self.raster_before != n,
            Kind::Line(n) => line == n && self.line_before != n,
            Kind::Watch { .. } => false,
        });
        self.raster_before = raster;
        self.line_before = line;
        if let Some(i) = hit {
            self.stop = Some(Reason::Point(i, None));
            return true;
        }
        let done = match &mut self.mode {
            Mode::Go => false,
            Mode::Step(n) => {
                *n -= 1;
                *n == 0
            }
            Mode::Over { pc, sp } => cpu.pc == *pc && cpu.s >= *sp,
            Mode::Return { sp } => matches!(cpu.opcode(), 0x60 | 0x40) && cpu.s > *sp,
        };
        if done {
            self.stop = Some(Reason::Step);
        }
        done
    }

    /// Whether the machine stopped for the monitor ([`Monitor::check`] said so and
    /// [`Monitor::stopped`] has not yet been told).
    pub fn has_stopped(&self) -> bool {
        self.stop.is_some()
    }

    /// The machine stopped for the monitor: report where, run the checkpoint's commands,
    /// then the queued ones. With a script's error, the message naming its line.
    pub fn stopped(&mut self, c64: &mut C64) -> Result<Flow, String> {
        let Some(reason) = self.stop.take() else {
            return Ok(Flow::Stay);
        };
        c64.sync();
        self.mode = Mode::Go;
        let mut actions = Vec::new();
        match reason {
            Reason::Point(i, access) => {
                let p = &mut self.points[i];
                p.hits += 1;
                let what = match (p.kind, access) {
                    (_, Some((addr, write))) => format!(
                        "{} ${addr:04X}",
                        if write { "store to" } else { "load from" }
                    ),
                    (Kind::Exec(..), _) => "break".to_string(),
                    (Kind::Raster(n), _) => format!("raster line {n}"),
                    (Kind::Line(n), _) => format!("BASIC line {n}"),
                    (Kind::Watch { .. }, None) => "watch".to_string(),
                };
                let _ = writeln!(self.out, "#{} {what} (hit {})", p.id, p.hits);
                actions = p
                    .actions
                    .iter()
                    .map(|a| (p.origin.clone(), a.clone()))
                    .collect();
            }
            Reason::Step => {}
        }
        self.show_stop(c64);
        // The checkpoint's commands come before what is queued.
        for a in actions.into_iter().rev() {
            self.queue.push_front(a);
        }
        self.drain(c64)
    }

    /// The registers, the cycle (and the cycles since the last stop), the VIC's raster
    /// position, BASIC's line and the instruction about to run.
    pub fn show_stop(&mut self, c64: &C64) {
        self.show_registers(c64);
        let pc = c64.cpu().pc;
        let (_, text) = asm::disassemble(|a| c64.peek(a), pc, &self.labels);
        let name = self
            .labels
            .name(pc)
            .map(|n| format!("{n}: "))
            .unwrap_or_default();
        let _ = writeln!(self.out, "{pc:04X}  {name}{text}");
        self.next_disassembly = pc;
        self.last_stop = c64.cycles();
    }

    fn show_registers(&mut self, c64: &C64) {
        let cpu = c64.cpu();
        let (line, cycle) = c64.vic_position();
        let now = c64.cycles();
        let _ = write!(
            self.out,
            "PC:{:04X} A:{:02X} X:{:02X} Y:{:02X} SP:{:02X} NV-BDIZC:{:08b} cycle:{now} (+{}) \
             raster:{line}/{cycle}",
            cpu.pc,
            cpu.a,
            cpu.x,
            cpu.y,
            cpu.s,
            cpu.p.bits(),
            now.saturating_sub(self.last_stop),
        );
        let basic = basic_line(c64);
        if basic < 0xFF00 {
            let _ = write!(self.out, " basic:{basic}");
            if let Some(l) = self.basic.label_before(basic) {
                let _ = write!(self.out, " ({l})");
            }
        }
        if !cpu.at_instruction_boundary() {
            let _ = write!(self.out, " (within an instruction)");
        }
        self.out.push('\n');
    }

    /// Run the queued commands until one resumes the machine or ends the run; `Stay` when
    /// the queue runs out first. A script's error ends it with the message naming its line.
    pub fn drain(&mut self, c64: &mut C64) -> Result<Flow, String> {
        while let Some((origin, line)) = self.queue.pop_front() {
            self.current_origin = origin.clone();
            match self.commands(c64, &line) {
                Ok(Flow::Stay) => {}
                Ok(flow) => return Ok(flow),
                Err(e) if self.strict => return Err(origin.error(&e)),
                Err(e) => {
                    let _ = writeln!(self.out, "{}", origin.error(&e));
                }
            }
        }
        Ok(Flow::Stay)
    }

    /// Whether commands are waiting in the queue.
    pub fn has_queued(&self) -> bool {
        !self.queue.is_empty()
    }
}

#[cfg(test)]
mod tests;
