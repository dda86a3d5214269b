//! Headless runs: power on, autostart a program, type keys, run for a limit or until an
//! event, then report (screenshot, screen as text, memory dumps, instruction trace). The
//! autostart and the key feeder are [`crate::host::autostart`]'s; the program formats
//! [`crate::media`]'s.
//!
//! Its place among the layers: ARCHITECTURE.md.

use crate::c64::roms::Roms;
use crate::c64::{C64, Event, Halt};
use crate::host::autostart::{Autostart, Session, Start};
use crate::host::disk::DiskFile;
use crate::host::feeder::KeyFeeder;
use crate::host::monitor::{Flow, Monitor};
use crate::host::output::PendingFile;
use crate::media::{MediaError, Program, ProgramKind};
use std::path::PathBuf;

/// Errors of a headless run: each names the file or argument at fault.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("{0}")]
    Media(#[from] MediaError),
    #[error("{0}")]
    Output(#[from] crate::host::output::OutputError),
    /// Text for `--type` that cannot be typed; the message names `--type` and the position.
    #[error("{0}")]
    Type(String),
    #[error("{0}")]
    Roms(#[from] crate::c64::roms::RomError),
    #[error("{0}")]
    Model(#[from] crate::c64::model::ModelError),
    #[error("{0}")]
    State(#[from] crate::host::state::StateError),
    #[error("{0}")]
    Trace(#[from] crate::host::trace::TraceError),
    #[error("{0}")]
    Disk(#[from] crate::host::disk::DiskError),
    #[error("{0}")]
    Cartridge(String),
    /// A monitor script that cannot be read or run: the message names its line.
    #[error("{0}")]
    Monitor(String),
    /// A time limit too long to count in cycles.
    #[error("{0}: too long to run (more cycles than a 64-bit counter holds)")]
    Limit(String),
}

/// How long a run may take, in the machine's own time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Limit {
    Cycles(u64),
    Frames(u64),
    Seconds(f64),
}

impl Limit {
    /// The limit in cycles of `model`'s clock and frame, if it fits.
    pub fn cycles(self, model: &crate::c64::Model) -> Result<u64, RunError> {
        let too_long = |what: String| RunError::Limit(what);
        match self {
            Limit::Cycles(c) => Ok(c),
            Limit::Frames(f) => f
                .checked_mul(model.cycles_per_frame())
                .ok_or_else(|| too_long(format!("--frames {f}"))),
            Limit::Seconds(s) => {
                let c = (s * model.clock_hz as f64).round();
                if c.is_finite() && c >= 0.0 && c < u64::MAX as f64 / 2.0 {
                    Ok(c as u64)
                } else {
                    Err(too_long(format!("--seconds {s}")))
                }
            }
        }
    }
}

/// Everything a headless run can do.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    pub roms: Option<PathBuf>,
    /// The C64 powered on (a loaded state brings its own).
    pub model: crate::c64::Model,
    /// What is in the expansion port at power-on.
    pub port: Option<crate::host::cartridge::PortDevice>,
    /// Save what the machine wrote to the cartridge's flash back to its file at the end.
    pub cartridge_write: bool,
    /// Emulated time from power-on (or the loaded state); `None` uses
    /// [`DEFAULT_LIMIT_SECONDS`] or, when an event is awaited, [`DEFAULT_AWAIT_SECONDS`].
    pub limit: Option<Limit>,
    pub autostart: Option<PathBuf>,
    /// What the autostart file is, when its extension does not say.
    pub autostart_kind: Option<ProgramKind>,
    /// The program of a T64 archive `autostart` names (its first when `None`).
    pub entry: Option<String>,
    pub type_text: Option<String>,
    pub pokes: Vec<(u16, u8)>,
    pub until_ready: bool,
    pub exit_on_d7ff: bool,
    pub screenshot: Option<PathBuf>,
    pub screen_text: bool,
    pub dumps: Vec<(u16, u16, PathBuf)>,
    pub trace: Option<PathBuf>,
    /// Start `trace` and `expect_trace` the first time the PC reaches this address.
    pub trace_from: Option<u16>,
    /// Compare the run with this reference trace instruction by instruction; the run ends at
    /// the first difference or where the reference ends.
    pub expect_trace: Option<PathBuf>,
    /// Fields `expect_trace` leaves out.
    pub trace_ignore: crate::host::trace::Ignore,
    /// Start from this save state instead of power-on (limits then count from its cycle).
    pub load_state: Option<PathBuf>,
    /// Save the machine at exit.
    pub save_state: Option<PathBuf>,
    /// Write the SID's sound of the run to this WAV file (mono, 16 bits, [`WAV_RATE`]).
    pub wav: Option<PathBuf>,
    /// A D64 to put in drive 8 before power-on; saved back at exit if the drive wrote to
    /// it (the autostart file, when it is a D64, is attached the same way).
    pub disk: Option<PathBuf>,
    /// Never write the disk image back.
    pub disk_read_only: bool,
    /// A monitor script: its commands run before the machine starts, and at each stop
    /// (its output goes to stdout).
    pub monitor: Option<PathBuf>,
}

/// Sample rate of `--wav` files.
pub const WAV_RATE: u32 = 48_000;

pub const DEFAULT_LIMIT_SECONDS: u64 = 10;
pub const DEFAULT_AWAIT_SECONDS: u64 = 600;

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The limit was reached and nothing was awaited: a normal end.
    Limit,
    /// The autostarted program finished: BASIC is back at READY.
    Ready,
    /// A value was written to $D7FF.
    D7ff(u8),
    /// The CPU executed a JAM opcode.
    Jam { pc: u16, opcode: u8 },
    /// The limit came first while waiting for `what`.
    Timeout { what: String },
    /// `--expect-trace` found a difference (the report is [`Run::verdict`]'s).
    TraceDiffers,
    /// `--expect-trace`'s reference ended with everything matching.
    ReferenceEnded,
    /// The monitor's `quit`.
    Quit,
}

impl Outcome {
    /// Process exit status (documented in README).
    pub fn exit_code(&self) -> i32 {
        match self {
            Outcome::Limit | Outcome::Ready | Outcome::ReferenceEnded | Outcome::Quit => 0,
            Outcome::TraceDiffers => 1,
            Outcome::D7ff(v) => *v as i32,
            Outcome::Jam { .. } => 3,
            Outcome::Timeout { .. } => 124,
        }
    }

    /// The one line a runner prints on stderr for a failure, if any.
    pub fn message(&self) -> Option<String> {
        match self {
            Outcome::Jam { pc, opcode } => {
                Some(format!("CPU jammed: opcode ${opcode:02X} at ${pc:04X}"))
            }
            Outcome::Timeout { what } => Some(format!("limit reached: {what} never happened")),
            _ => None,
        }
    }
}

/// What a headless run left: how it ended, the machine, and with `expect_trace` the
/// comparison's verdict.
pub struct Run {
    pub outcome: Outcome,
    pub c64: C64,
    pub verdict: Option<crate::host::trace::Verdict>,
}

/// Trace bytes after which the run says, once, how large the trace has grown.
const TRACE_WARNING: u64 = 1 << 30;

/// Whether `written` has just passed `limit` for the first time (`warned` remembers).
fn first_past(limit: u64, written: u64, warned: &mut bool) -> bool {
    let now = written > limit && !*warned;
    *warned |= now;
    now
}

/// Let the monitor have its say, at the start or at a stop (`at_stop`): print what it
/// says, and when its queue runs out, run on to its next checkpoint.
fn monitor_flow(m: &mut Monitor, c64: &mut C64, at_stop: bool) -> Result<Flow, RunError> {
    let flow = if at_stop {
        m.stopped(c64)
    } else {
        m.drain(c64)
    };
    let out = m.take_output();
    if !out.is_empty() {
        use std::io::Write as _;
        let mut o = std::io::stdout().lock();
        let _ = o.write_all(out.as_bytes());
        let _ = o.flush();
    }
    let flow = flow.map_err(RunError::Monitor)?;
    if flow == Flow::Stay {
        m.go(c64);
    }
    Ok(flow)
}

/// Perform a headless run.
pub fn run(opts: &RunOptions) -> Result<(Outcome, C64), RunError> {
    let r = run_full(opts)?;
    Ok((r.outcome, r.c64))
}

/// Perform a headless run, keeping the trace comparison's verdict.
pub fn run_full(opts: &RunOptions) -> Result<Run, RunError> {
    let roms = Roms::load(opts.roms.as_deref())?;
    let disk_start = opts
        .autostart
        .as_deref()
        .filter(|p| opts.autostart_kind.is_none() && crate::media::disk::is_disk_image(p));
    let program = match &opts.autostart {
        Some(p) if disk_start.is_none() => Some(Program::from_file_entry(
            p,
            opts.autostart_kind,
            opts.entry.as_deref(),
        )?),
        _ => None,
    };
    let awaiting = opts.until_ready || opts.exit_on_d7ff;
    // Typed keys also wait for the prompt: before it the KERNAL does not scan the keyboard.
    let wait = opts.until_ready || opts.type_text.is_some();
    let autostart = match disk_start {
        Some(_) => Autostart::from_disk(b"*", opts.pokes.clone()),
        None => Autostart::new(program, opts.pokes.clone(), wait),
    };
    let mut c64 = match &opts.load_state {
        Some(p) => crate::host::state::load(p, &roms)?,
        None => C64::with_model(roms, opts.model)?,
    };
    if let Some(p) = &opts.port {
        let device = p.make().map_err(RunError::Cartridge)?;
        match &opts.load_state {
            // A state brings its port's device as it was. Naming the same flash cartridge
            // again only says where to write it back.
            Some(state)
                if device.origin() == 0 || device.origin() != c64.port_device().origin() =>
            {
                return Err(RunError::Cartridge(format!(
                    "{}: a save state brings its own expansion port device; leave out the \
                     port's options (or name the state's own flash cartridge, to write it back)",
                    state.display()
                )));
            }
            Some(_) => {}
            None => c64.plug(device),
        }
    }
    let mut disk = match disk_start.or(opts.disk.as_deref()) {
        Some(p) => Some(DiskFile::attach(&mut c64, p, opts.disk_read_only)?),
        None => None,
    };
    let default = if awaiting {
        DEFAULT_AWAIT_SECONDS
    } else {
        DEFAULT_LIMIT_SECONDS
    };
    let limit = opts
        .limit
        .unwrap_or(Limit::Seconds(default as f64))
        .cycles(c64.model())?
        .saturating_add(c64.cycles());
    let mut s = Session::new(c64, autostart);
    if opts.load_state.is_some() {
        s.autostart.begin_if_at_prompt(&mut s.c64);
    }
    let mut monitor = match &opts.monitor {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| RunError::Monitor(format!("{}: cannot read: {e}", p.display())))?;
            let mut m = Monitor::with_script(&p.display().to_string(), &text);
            if let Some(program) = s.autostart.program() {
                m.basic = program.labels.clone();
            }
            Some(m)
        }
        None => None,
    };
    if let Some(t) = &opts.type_text {
        s.keys.type_text(t, "--type").map_err(RunError::Type)?;
    }
    // Every output is opened before the run, and appears when the run ends, whatever its
    // outcome (not when it stops on an error).
    let mut trace = opts
        .trace
        .as_deref()
        .map(PendingFile::create_gz)
        .transpose()?;
    let mut trace_warned = false;
    let mut shot = opts
        .screenshot
        .as_deref()
        .map(PendingFile::create)
        .transpose()?;
    let mut dumps = opts
        .dumps
        .iter()
        .map(|(a, b, p)| Ok((*a, *b, PendingFile::create(p)?)))
        .collect::<Result<Vec<_>, RunError>>()?;
    let mut state_out = opts
        .save_state
        .as_deref()
        .map(PendingFile::create)
        .transpose()?;
    let mut wav_out = opts.wav.as_deref().map(PendingFile::create).transpose()?;
    let mut sound = Vec::new();
    if wav_out.is_some() {
        s.c64.sound_mut().set_rate(Some(WAV_RATE));
    }
    s.c64.set_render(opts.screenshot.is_some());
    let mut compare = match &opts.expect_trace {
        Some(p) => Some(crate::host::trace::Comparer::new(
            crate::host::trace::TraceReader::open(p)?,
            "breadbin",
            "the reference",
            opts.trace_ignore,
            opts.trace_from,
        )),
        None => None,
    };
    let mut recorder = crate::host::trace::Recorder::default();
    let mut verdict = None;
    let mut tracing = opts.trace_from.is_none();

    let frame = s.c64.model().cycles_per_frame();
    let mut line = String::new();
    let mut outcome = None;
    // A trace or a comparison looks at every cycle; otherwise the machine runs on until
    // something happens, stopping once a frame only to collect the sound.
    let per_cycle = trace.is_some() || compare.is_some();
    let until_ready = opts.until_ready;
    let mut next_sound = if wav_out.is_some() {
        (s.c64.cycles() / frame + 1) * frame
    } else {
        u64::MAX
    };
    let ended =
        |c: &mut C64, a: &mut Autostart, k: &KeyFeeder| until_ready && a.ended(c, k.is_idle());
    // The script's first commands run before the machine does.
    if let Some(m) = monitor.as_mut()
        && monitor_flow(m, &mut s.c64, false)? == Flow::Quit
    {
        outcome = Some(Outcome::Quit);
    }
    while s.c64.cycles() < limit && outcome.is_none() {
        let armed = monitor.as_ref().is_some_and(Monitor::armed);
        let watcher = &mut monitor;
        let mut stop = |c: &mut C64, a: &mut Autostart, k: &KeyFeeder| {
            ended(c, a, k) || (armed && watcher.as_mut().is_some_and(|m| m.check(c)))
        };
        let halt = if per_cycle {
            if let Some(w) = trace.as_mut()
                && s.c64.cpu().at_instruction_boundary()
            {
                tracing = tracing || Some(s.c64.cpu().pc) == opts.trace_from;
                if tracing {
                    line.clear();
                    crate::host::trace::trace_line(&s.c64, &mut line);
                    w.write_all(line.as_bytes())?;
                    if first_past(TRACE_WARNING, w.written(), &mut trace_warned) {
                        eprintln!(
                            "breadbin: {}: the trace has passed 1 GB (Ctrl-C ends the run and \
                             leaves no file; a name ending in .gz compresses it)",
                            w.path().display()
                        );
                    }
                }
            }
            if compare.is_some() {
                recorder.before_tick(&s.c64);
            }
            let halt = s.run_until(s.c64.cycles() + 1, &mut stop);
            if let Some(c) = compare.as_mut()
                && let Some(r) = recorder.after_tick(s.c64.cpu())
                && let Some(v) = c.push(r)?
            {
                outcome = Some(match v {
                    crate::host::trace::Verdict::Match { .. } => Outcome::ReferenceEnded,
                    crate::host::trace::Verdict::Differ { .. } => Outcome::TraceDiffers,
                });
                verdict = Some(v);
                compare = None;
                break;
            }
            halt
        } else if until_ready || armed {
            s.run_until(limit.min(next_sound), &mut stop)
        } else {
            // Nothing to ask after each cycle.
            s.run_until(limit.min(next_sound), |_, _, _| false)
        };
        match halt {
            Halt::Limit => {}
            Halt::Jam => {
                outcome = Some(Outcome::Jam {
                    pc: s.c64.cpu().pc,
                    opcode: s.c64.cpu().opcode(),
                });
                break;
            }
            Halt::Event => {
                for e in s.c64.take_events() {
                    let Event::DebugExit(v) = e;
                    if opts.exit_on_d7ff && outcome.is_none() {
                        outcome = Some(Outcome::D7ff(v));
                    }
                }
                if outcome.is_some() {
                    break;
                }
            }
            Halt::Stop => match monitor.as_mut() {
                Some(m) if m.has_stopped() => {
                    if monitor_flow(m, &mut s.c64, true)? == Flow::Quit {
                        outcome = Some(Outcome::Quit);
                        break;
                    }
                }
                _ => {
                    outcome = Some(Outcome::Ready);
                    break;
                }
            },
        }
        if s.c64.cycles() >= next_sound {
            s.c64.sound_mut().take_samples(&mut sound);
            next_sound += frame;
        }
    }
    let started = s.autostart.state() != Start::Waiting;
    let mut outcome = outcome.unwrap_or_else(|| {
        if !started {
            Outcome::Timeout {
                what: "the BASIC prompt (READY.) after power-on".into(),
            }
        } else if opts.until_ready {
            Outcome::Timeout {
                what: "the return to READY. after the program".into(),
            }
        } else if opts.exit_on_d7ff {
            Outcome::Timeout {
                what: "a write to $D7FF".into(),
            }
        } else {
            Outcome::Limit
        }
    });
    if let Some(c) = compare {
        verdict = Some(c.finish()?);
        if let Some(crate::host::trace::Verdict::Differ { .. }) = verdict {
            outcome = Outcome::TraceDiffers;
        }
    }
    let mut c64 = s.c64;
    if let Some(f) = wav_out.as_mut() {
        c64.sync();
        c64.sound_mut().take_samples(&mut sound);
        f.write_all(&crate::chips::sid::output::wav_bytes(&sound, WAV_RATE))?;
    }
    if let Some(f) = shot.as_mut() {
        f.write_all(&crate::chips::vic::frame_png(
            c64.frame(),
            &c64.model().palette(),
        ))?;
    }
    for (start, end, f) in &mut dumps {
        let bytes: Vec<u8> = (*start as u32..=*end as u32)
            .map(|a| c64.peek(a as u16))
            .collect();
        f.write_all(&bytes)?;
    }
    if let Some(f) = state_out.as_mut() {
        f.write_all(&crate::host::state::to_bytes(&c64))?;
    }
    if let Some(d) = disk.as_mut() {
        d.save(&mut c64)?;
    }
    if let (true, Some(crate::host::cartridge::PortDevice::Cartridge(path, _))) =
        (opts.cartridge_write, &opts.port)
    {
        crate::host::cartridge::write_back(&c64, path).map_err(RunError::Cartridge)?;
    }
    for f in trace
        .into_iter()
        .chain(shot)
        .chain(dumps.into_iter().map(|d| d.2))
        .chain(state_out)
        .chain(wav_out)
    {
        f.commit()?;
    }
    Ok(Run {
        outcome,
        c64,
        verdict,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_trace_size_warning_comes_once_past_its_limit() {
        let mut warned = false;
        let said: Vec<bool> = [10, 100, 101, 5000, 1 << 40]
            .iter()
            .map(|&w| super::first_past(100, w, &mut warned))
            .collect();
        assert_eq!(said, [false, false, true, false, false]);
        assert_eq!(super::TRACE_WARNING, 1 << 30);
    }
}
