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
use crate::roms::Roms;
use crate::vic::{FRAME_HEIGHT, FRAME_WIDTH, PALETTE};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Errors of a headless run: each names the file or argument at fault.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("{path}: {message}")]
    Program { path: PathBuf, message: String },
    #[error("{0}")]
    Basic(#[from] basic::BasicError),
    #[error("{path}: cannot write: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: cannot read: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("--type: {0}")]
    Type(String),
    #[error("{0}")]
    Roms(#[from] crate::roms::RomError),
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
                    "too short for a PRG ({} bytes; a load address needs 2)",
                    bytes.len()
                ),
            });
        }
        let load = u16::from_le_bytes([bytes[0], bytes[1]]);
        let data = bytes[2..].to_vec();
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

    /// Load a `.prg`, or tokenize a `.bas` (anything whose name ends in `.bas`).
    pub fn from_file(path: &Path) -> Result<Prg, RunError> {
        let bytes = std::fs::read(path).map_err(|source| RunError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let is_bas = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("bas"));
        if is_bas {
            let text = String::from_utf8(bytes).map_err(|e| RunError::Program {
                path: path.to_path_buf(),
                message: format!("not UTF-8 text at byte {}", e.utf8_error().valid_up_to()),
            })?;
            let t = basic::tokenize(&text, &path.display().to_string())?;
            return Prg::parse(&t.prg, path);
        }
        Prg::parse(&bytes, path)
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
                    "PETSCII ${code:02X} ({}) has no key on the C64 keyboard",
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

/// The 40x25 text screen, one line per row (see [`basic::screen_to_text`]).
pub fn screen_text(c64: &C64) -> String {
    basic::screen_to_text(&c64.screen_codes())
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
        Some(p) => Some(Prg::from_file(p)?),
        None => None,
    };
    let mut feeder = KeyFeeder::default();
    if let Some(t) = &opts.type_text {
        feeder.push_text(t)?;
    }
    let mut trace = match &opts.trace {
        Some(p) => Some((
            std::io::BufWriter::new(std::fs::File::create(p).map_err(|source| {
                RunError::Write {
                    path: p.clone(),
                    source,
                }
            })?),
            p.clone(),
        )),
        None => None,
    };
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
        if let Some((w, path)) = trace.as_mut()
            && c64.cpu.at_instruction_boundary()
        {
            line.clear();
            trace_line(&c64, &mut line);
            w.write_all(line.as_bytes())
                .map_err(|source| RunError::Write {
                    path: path.clone(),
                    source,
                })?;
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
    if let Some((mut w, path)) = trace {
        w.flush()
            .map_err(|source| RunError::Write { path, source })?;
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
    if let Some(p) = &opts.screenshot {
        std::fs::write(p, frame_png(c64.sys.vic.frame())).map_err(|source| RunError::Write {
            path: p.clone(),
            source,
        })?;
    }
    for (start, end, path) in &opts.dumps {
        let bytes: Vec<u8> = (*start as u32..=*end as u32)
            .map(|a| c64.peek(a as u16))
            .collect();
        std::fs::write(path, bytes).map_err(|source| RunError::Write {
            path: path.clone(),
            source,
        })?;
    }
    Ok((outcome, c64))
}
