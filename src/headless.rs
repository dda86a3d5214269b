//! Headless runs: power on, autostart a program, type keys, run for a limit or until an
//! event, then report (screenshot, screen as text, memory dumps, instruction trace).
//!
//! Readiness of BASIC is detected the same way on every ROM set, from documented
//! locations only: the CPU is at the start of BASIC's main loop (the address in the IMAIN
//! vector at $0302), the keyboard buffer count $C6 is zero and the screen row above the
//! cursor ($D6) reads `READY.` (screen memory page from $0288). CURLIN ($39/$3A) does not
//! tell: BASIC V2 leaves it at $00xx after power-on and at the last line run after a
//! program ends; it is $FFxx only while a direct-mode line executes.

use crate::basic;
use crate::c64::{C64, CYCLES_PER_FRAME, PAL_CLOCK_HZ};
use crate::keyboard::{self, Key};
use crate::output::PendingFile;
use crate::roms::Roms;
use crate::vic::{FRAME_HEIGHT, FRAME_WIDTH, PALETTE};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Errors of a headless run: each names the file or argument at fault.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("{path}: {message}")]
    Program { path: PathBuf, message: String },
    #[error("{0}")]
    Basic(#[from] basic::BasicError),
    #[error("{0}")]
    Output(#[from] crate::output::OutputError),
    #[error("{path}: cannot read: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Text for `--type` that cannot be typed; the message names `--type` and the position.
    #[error("{0}")]
    Type(String),
    #[error("{0}")]
    Roms(#[from] crate::roms::RomError),
}

/// What a program file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgramKind {
    /// A PRG: two bytes of load address, then the bytes to load.
    Prg,
    /// BASIC text in breadbin's format, tokenized before it is loaded.
    Bas,
}

impl ProgramKind {
    /// The kind a file name's extension (`.prg`, `.bas`, any case) says, if any.
    pub fn of_path(path: &Path) -> Option<ProgramKind> {
        let ext = path.extension()?.to_str()?;
        if ext.eq_ignore_ascii_case("prg") {
            Some(ProgramKind::Prg)
        } else if ext.eq_ignore_ascii_case("bas") {
            Some(ProgramKind::Bas)
        } else {
            None
        }
    }
}

/// A PRG's load address and bytes.
#[derive(Debug, Clone)]
pub struct Prg {
    pub load: u16,
    pub data: Vec<u8>,
}

impl Prg {
    /// Check a PRG image: two bytes of load address, and data that fits below $10000.
    pub fn parse(bytes: &[u8], path: &Path) -> Result<Prg, RunError> {
        if bytes.len() < 2 {
            return Err(RunError::Program {
                path: path.to_path_buf(),
                message: format!(
                    "too short for a PRG ({} byte{}; a load address needs 2)",
                    bytes.len(),
                    if bytes.len() == 1 { "" } else { "s" }
                ),
            });
        }
        let load = u16::from_le_bytes([bytes[0], bytes[1]]);
        let data = bytes[2..].to_vec();
        if data.is_empty() {
            return Err(RunError::Program {
                path: path.to_path_buf(),
                message: format!("a load address (${load:04X}) and nothing to load"),
            });
        }
        let end = load as usize + data.len();
        if end > 0x10000 {
            return Err(RunError::Program {
                path: path.to_path_buf(),
                message: format!(
                    "PRG loads at ${load:04X} with {} bytes: it runs past $FFFF by {} bytes",
                    data.len(),
                    end - 0x10000
                ),
            });
        }
        Ok(Prg { load, data })
    }

    /// Load a `.prg`, or tokenize a `.bas`, as the file name's extension says.
    pub fn from_file(path: &Path) -> Result<Prg, RunError> {
        Prg::from_file_as(path, None)
    }

    /// Load a program file: as `kind` says, or (`None`) as its extension says; a file that
    /// is neither `.prg` nor `.bas` needs `kind`.
    pub fn from_file_as(path: &Path, kind: Option<ProgramKind>) -> Result<Prg, RunError> {
        let kind = match kind.or_else(|| ProgramKind::of_path(path)) {
            Some(k) => k,
            None => {
                return Err(RunError::Program {
                    path: path.to_path_buf(),
                    message: "not a program file: breadbin runs .prg and .bas files \
                              (--prg or --bas says what another file is)"
                        .into(),
                });
            }
        };
        let bytes = std::fs::read(path).map_err(|source| RunError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        match kind {
            ProgramKind::Prg => Prg::parse(&bytes, path),
            ProgramKind::Bas => {
                let text = String::from_utf8(bytes).map_err(|e| RunError::Program {
                    path: path.to_path_buf(),
                    message: format!("not UTF-8 text at byte {}", e.utf8_error().valid_up_to()),
                })?;
                let t = basic::tokenize(&text, &path.display().to_string())?;
                // Load address, then only the end marker: no lines at all.
                if t.prg.len() <= 4 {
                    return Err(RunError::Program {
                        path: path.to_path_buf(),
                        message: "holds no BASIC lines".into(),
                    });
                }
                Prg::parse(&t.prg, path)
            }
        }
    }

    pub fn end(&self) -> u16 {
        (self.load as usize + self.data.len()).min(0xFFFF) as u16
    }
}

/// Key presses scheduled on the keyboard matrix: each is held long enough for the KERNAL's
/// 60 Hz scan to see it, then released long enough to see the release, so repeated
/// characters register.
#[derive(Debug, Default, Clone)]
pub struct KeyFeeder {
    queue: std::collections::VecDeque<(Key, Option<Key>)>,
    /// Cycle at which the current phase ends.
    until: u64,
    holding: Option<(Key, Option<Key>)>,
}

/// How long a typed key is held and then released (cycles: about two KERNAL scans each).
pub const KEY_HOLD_CYCLES: u64 = 2 * CYCLES_PER_FRAME;
pub const KEY_RELEASE_CYCLES: u64 = 2 * CYCLES_PER_FRAME;

impl KeyFeeder {
    /// Queue text in breadbin's BASIC text notation: plain characters and `{NAME}` codes.
    pub fn push_text(&mut self, text: &str) -> Result<(), RunError> {
        let petscii =
            basic::text_to_petscii(text, "--type").map_err(|e| RunError::Type(e.to_string()))?;
        for code in petscii {
            let Some((key, modifier)) = keyboard::keys_for_petscii(code) else {
                return Err(RunError::Type(format!(
                    "--type: PETSCII ${code:02X} ({}) has no key on the C64 keyboard",
                    basic::control_name(code)
                )));
            };
            self.queue.push_back((key, modifier.key()));
        }
        Ok(())
    }

    pub fn push_key(&mut self, key: Key, modifier: Option<Key>) {
        self.queue.push_back((key, modifier));
    }

    pub fn is_idle(&self) -> bool {
        self.queue.is_empty() && self.holding.is_none()
    }

    /// Apply the schedule at cycle `now`; returns the cycle of the next change.
    pub fn service(&mut self, c64: &mut C64) -> u64 {
        let now = c64.cycles();
        if now < self.until {
            return self.until;
        }
        let kb = &mut c64.sys.keyboard;
        if let Some((key, m)) = self.holding.take() {
            kb.set(key, false);
            if let Some(m) = m {
                kb.set(m, false);
            }
            self.until = now + KEY_RELEASE_CYCLES;
            return self.until;
        }
        if let Some((key, m)) = self.queue.pop_front() {
            if let Some(m) = m {
                kb.set(m, true);
            }
            kb.set(key, true);
            self.holding = Some((key, m));
            self.until = now + KEY_HOLD_CYCLES;
            return self.until;
        }
        u64::MAX
    }
}

/// True when BASIC sits at the start of its main loop, with READY. above the cursor and
/// nothing in the keyboard buffer (see the module docs).
pub fn basic_ready(c64: &C64) -> bool {
    if !c64.cpu.at_instruction_boundary() {
        return false;
    }
    let ram = c64.ram();
    let imain = u16::from_le_bytes([ram[0x0302], ram[0x0303]]);
    if c64.cpu.pc != imain || ram[0xC6] != 0 {
        return false;
    }
    ready_above_cursor(c64)
}

/// The screen row above the cursor starts with `READY.`.
pub fn ready_above_cursor(c64: &C64) -> bool {
    let ram = c64.ram();
    let row = ram[0xD6] as usize;
    if row == 0 || row > 24 {
        return false;
    }
    let base = ((ram[0x0288] as usize) << 8) + (row - 1) * 40;
    const READY: [u8; 6] = [18, 5, 1, 4, 25, 46];
    (0..6).all(|i| ram[(base + i) & 0xFFFF] == READY[i])
}

/// Put a program into memory as LOAD would and, for a BASIC program at the start of BASIC
/// text, set the end-of-program pointers (VARTAB, ARYTAB, STREND at $2D-$32).
pub fn inject(c64: &mut C64, prg: &Prg) {
    for (i, &b) in prg.data.iter().enumerate() {
        c64.poke_ram(prg.load.wrapping_add(i as u16), b);
    }
    let txttab = c64.peek_word(0x2B);
    if prg.load == txttab {
        let end = prg.end();
        for ptr in [0x2Du16, 0x2F, 0x31] {
            c64.poke_ram(ptr, end as u8);
            c64.poke_ram(ptr + 1, (end >> 8) as u8);
        }
    }
}

/// Type characters by putting them into the KERNAL keyboard buffer ($0277, count $C6).
/// Returns false when they do not fit the buffer (size in $0289, at most 10).
pub fn put_in_keyboard_buffer(c64: &mut C64, petscii: &[u8]) -> bool {
    let n = c64.peek(0xC6) as usize;
    let size = (c64.peek(0x0289) as usize).clamp(1, 10);
    if n + petscii.len() > size {
        return false;
    }
    for (i, &b) in petscii.iter().enumerate() {
        c64.poke_ram(0x0277 + (n + i) as u16, b);
    }
    c64.poke_ram(0xC6, (n + petscii.len()) as u8);
    true
}

/// Run until BASIC is ready (see [`basic_ready`]) or `limit` total cycles have passed.
/// Returns true when ready.
pub fn run_until_ready(c64: &mut C64, limit: u64) -> bool {
    while c64.cycles() < limit {
        c64.tick();
        if c64.cpu.is_jammed() {
            return false;
        }
        if c64.cpu.at_instruction_boundary() && basic_ready(c64) {
            return true;
        }
    }
    false
}

/// The frame as RGB PNG bytes.
pub fn frame_png(frame: &[u8]) -> Vec<u8> {
    let mut rgb = Vec::with_capacity(FRAME_WIDTH * FRAME_HEIGHT * 3);
    for &p in frame {
        rgb.extend_from_slice(&PALETTE[(p & 0x0F) as usize]);
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, FRAME_WIDTH as u32, FRAME_HEIGHT as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().expect("in-memory PNG header");
        w.write_image_data(&rgb).expect("in-memory PNG data");
    }
    out
}

/// The 40x25 text screen, one line per row, in the reference layout (see
/// [`basic::screen_to_text`]).
pub fn screen_text(c64: &C64) -> String {
    basic::screen_to_text(&c64.screen_codes())
}

/// The 40x25 text screen in `style`, in the character set the VIC shows (upper case and
/// graphics, or lower and upper case: character base $x800 of the ROM's two sets).
pub fn screen_text_in(c64: &C64, style: basic::TextStyle) -> String {
    let base = (u16::from(c64.sys.vic.peek(0x18)) & 0x0E) << 10;
    basic::screen_to_string(&c64.screen_codes(), style, base & 0x0800 != 0)
}

/// One trace line for the instruction about to execute (format in README: cycle, PC,
/// opcode bytes, mnemonic, registers, raster line and cycle).
pub fn trace_line(c64: &C64, out: &mut String) {
    let cpu = &c64.cpu;
    let op = c64.peek(cpu.pc);
    let len = crate::cpu::MODES[op as usize].bytes();
    let mut bytes = String::new();
    for i in 0..len {
        let _ = write!(bytes, "{:02X} ", c64.peek(cpu.pc.wrapping_add(i)));
    }
    // Where the VIC is in the cycle of the opcode fetch: the one after the last completed.
    let (mut line, mut cycle) = c64.sys.vic_position();
    cycle += 1;
    if cycle > 63 {
        cycle = 1;
        line = (line + 1) % 312;
    }
    let _ = writeln!(
        out,
        "{:>10} {:04X}  {:<9} {} A:{:02X} X:{:02X} Y:{:02X} SP:{:02X} P:{:02X} L:{:03} C:{:02}",
        c64.cycles(),
        cpu.pc,
        bytes,
        crate::cpu::MNEMONICS[op as usize],
        cpu.a,
        cpu.x,
        cpu.y,
        cpu.s,
        cpu.p.bits(),
        line,
        cycle
    );
}

/// Everything a headless run can do.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    pub roms: Option<PathBuf>,
    /// Total emulated cycles from power-on; `None` uses [`DEFAULT_LIMIT_SECONDS`] or, when an
    /// event is awaited, [`DEFAULT_AWAIT_SECONDS`].
    pub limit_cycles: Option<u64>,
    pub autostart: Option<PathBuf>,
    /// What the autostart file is, when its extension does not say.
    pub autostart_kind: Option<ProgramKind>,
    pub type_text: Option<String>,
    pub pokes: Vec<(u16, u8)>,
    pub until_ready: bool,
    pub exit_on_d7ff: bool,
    pub screenshot: Option<PathBuf>,
    pub screen_text: bool,
    pub dumps: Vec<(u16, u16, PathBuf)>,
    pub trace: Option<PathBuf>,
}

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
}

impl Outcome {
    /// Process exit status (documented in README).
    pub fn exit_code(&self) -> i32 {
        match self {
            Outcome::Limit | Outcome::Ready => 0,
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

/// Perform a headless run.
pub fn run(opts: &RunOptions) -> Result<(Outcome, C64), RunError> {
    let roms = Roms::load(opts.roms.as_deref())?;
    let prg = match &opts.autostart {
        Some(p) => Some(Prg::from_file_as(p, opts.autostart_kind)?),
        None => None,
    };
    let mut feeder = KeyFeeder::default();
    if let Some(t) = &opts.type_text {
        feeder.push_text(t)?;
    }
    // Every output is opened before the run, and appears only if the run succeeds.
    let mut trace = opts.trace.as_deref().map(PendingFile::create).transpose()?;
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
    let awaiting = opts.until_ready || opts.exit_on_d7ff;
    let limit = opts.limit_cycles.unwrap_or(
        PAL_CLOCK_HZ
            * if awaiting {
                DEFAULT_AWAIT_SECONDS
            } else {
                DEFAULT_LIMIT_SECONDS
            },
    );

    let mut c64 = C64::new(roms);
    c64.sys.set_render(opts.screenshot.is_some());

    let mut line = String::new();
    let mut outcome = None;
    // Phase 1: wait for BASIC's prompt when something must happen there.
    // Typed keys also wait for the prompt: before it the KERNAL does not scan the keyboard.
    let needs_prompt =
        prg.is_some() || !opts.pokes.is_empty() || opts.until_ready || opts.type_text.is_some();
    let mut started = !needs_prompt;
    let mut arm_ready = false;
    let mut next_key = 0u64;

    while c64.cycles() < limit {
        if c64.cycles() >= next_key && started {
            next_key = feeder.service(&mut c64);
        }
        if let Some(w) = trace.as_mut()
            && c64.cpu.at_instruction_boundary()
        {
            line.clear();
            trace_line(&c64, &mut line);
            w.write_all(line.as_bytes())?;
        }
        c64.tick();
        if c64.cpu.is_jammed() {
            let pc = c64.cpu.pc;
            outcome = Some(Outcome::Jam {
                pc,
                opcode: c64.cpu.opcode(),
            });
            break;
        }
        if opts.exit_on_d7ff
            && let Some(v) = c64.sys.d7ff.take()
        {
            outcome = Some(Outcome::D7ff(v));
            break;
        }
        if !started {
            if c64.cpu.at_instruction_boundary() && basic_ready(&c64) {
                for &(a, v) in &opts.pokes {
                    c64.poke(a, v);
                }
                if let Some(p) = &prg {
                    inject(&mut c64, p);
                    put_in_keyboard_buffer(&mut c64, b"RUN\r");
                }
                started = true;
                next_key = c64.cycles();
            }
            continue;
        }
        if opts.until_ready {
            if !arm_ready {
                // Armed once the typed input is consumed; the next prompt is the end.
                arm_ready = c64.ram()[0xC6] == 0 && feeder.is_idle() && !basic_ready(&c64);
            } else if c64.cpu.at_instruction_boundary() && basic_ready(&c64) {
                outcome = Some(Outcome::Ready);
                break;
            }
        }
    }
    let outcome = outcome.unwrap_or_else(|| {
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
    if let Some(f) = shot.as_mut() {
        f.write_all(&frame_png(c64.sys.vic.frame()))?;
    }
    for (start, end, f) in &mut dumps {
        let bytes: Vec<u8> = (*start as u32..=*end as u32)
            .map(|a| c64.peek(a as u16))
            .collect();
        f.write_all(&bytes)?;
    }
    for f in trace
        .into_iter()
        .chain(shot)
        .chain(dumps.into_iter().map(|d| d.2))
    {
        f.commit()?;
    }
    Ok((outcome, c64))
}
