//! The machine as the window runs it: the C64, the program to autostart, the host
//! keyboard and the joysticks. Nothing here needs a window, so tests drive it directly.
//!
//! Autostart waits for BASIC's prompt ([`headless::basic_ready`]), puts the program into
//! memory ([`headless::inject`]) and types `RUN` into the keyboard buffer, as the headless
//! runner does: no fixed delay, so it works on any ROM set at any speed.

use super::keys::KeyInput;
use crate::C64;
use crate::Roms;
use crate::headless::{self, Prg};
use std::path::Path;

/// A program to start once BASIC is ready.
#[derive(Debug, Clone)]
pub struct Program {
    /// For messages and the title: the file name or the game's name.
    pub name: String,
    pub prg: Prg,
}

impl Program {
    /// Load a `.prg` or tokenize a `.bas` file.
    pub fn from_file(path: &Path) -> Result<Program, headless::RunError> {
        Program::from_file_as(path, None)
    }

    /// Load a program file as `kind` says, or as its extension says.
    pub fn from_file_as(
        path: &Path,
        kind: Option<headless::ProgramKind>,
    ) -> Result<Program, headless::RunError> {
        let prg = Prg::from_file_as(path, kind)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string());
        Ok(Program { name, prg })
    }

    /// Tokenize BASIC source text (e.g. an embedded game).
    pub fn from_basic(name: &str, source: &str) -> Result<Program, headless::RunError> {
        let t = crate::basic::tokenize(source, name)?;
        let prg = Prg::parse(&t.prg, Path::new(name))?;
        Ok(Program {
            name: name.to_string(),
            prg,
        })
    }
}

/// When a player would type `RUN`: how many frames after the prompt appears, and what the
/// jiffy clock (TI) reads then. A real player types it at a different moment every time,
/// and programs seed their random numbers from the clock (`RND(-TI)`), so the window varies
/// the moment; headless runs and `--seed` keep it fixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StartMoment {
    /// Frames to wait at the prompt before `RUN` (under one second).
    pub frames: u64,
    /// The jiffy clock when `RUN` is typed (60ths of a second, below 24 hours); `None`
    /// leaves the clock as it runs.
    pub jiffies: Option<u32>,
}

/// Jiffies in 24 hours: the KERNAL's clock wraps there.
const JIFFIES_PER_DAY: u64 = 5_184_000;

impl StartMoment {
    /// A moment that depends only on `seed` (SplitMix64 of it).
    pub fn from_seed(seed: u64) -> StartMoment {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        StartMoment {
            frames: z % 50,
            jiffies: Some(((z >> 8) % JIFFIES_PER_DAY) as u32),
        }
    }

    /// A different moment each call (from the process's random hash keys and the time).
    pub fn random() -> StartMoment {
        use std::hash::BuildHasher;
        let seed =
            std::collections::hash_map::RandomState::new().hash_one(std::time::SystemTime::now());
        StartMoment::from_seed(seed)
    }
}

/// How the window chooses the [`StartMoment`] at each power-on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StartVariation {
    /// Type `RUN` at once, clock untouched (headless behaviour, tests).
    #[default]
    Fixed,
    /// The same moment from this seed at every power-on.
    Seed(u64),
    /// A new random moment at every power-on.
    Random,
}

impl StartVariation {
    fn moment(self) -> StartMoment {
        match self {
            StartVariation::Fixed => StartMoment::default(),
            StartVariation::Seed(s) => StartMoment::from_seed(s),
            StartVariation::Random => StartMoment::random(),
        }
    }
}

/// Where the autostart stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// Nothing to start: the machine stays at BASIC's prompt.
    Nothing,
    /// Waiting for BASIC's prompt.
    Waiting,
    /// The program was put into memory and `RUN` typed.
    Started,
}

/// The C64 with its host-side inputs.
pub struct Machine {
    pub c64: C64,
    roms: Roms,
    /// The program of this session (started again by a hard reset).
    pub program: Option<Program>,
    pub start: Start,
    pub keys: KeyInput,
    /// Next cycle at which the key queue needs service.
    next_key: u64,
    /// Gamepad joystick bits (set by the window from gilrs).
    pub gamepad_bits: u8,
    /// Joysticks drive port 1 instead of port 2.
    pub port1: bool,
    /// How the moment of `RUN` is chosen at each power-on.
    variation: StartVariation,
    /// This power-on's moment, and the frame at which BASIC's prompt was first seen.
    moment: StartMoment,
    ready_frame: Option<u64>,
    /// Paused by the window, with the host key events that arrived meanwhile.
    paused: bool,
    held_back: Vec<super::keys::HostKey>,
}

impl Machine {
    /// Power on; `program` starts as soon as BASIC is ready.
    pub fn new(roms: Roms, program: Option<Program>, numpad_joystick: bool, port1: bool) -> Self {
        let start = if program.is_some() {
            Start::Waiting
        } else {
            Start::Nothing
        };
        Machine {
            c64: C64::new(roms.clone()),
            roms,
            program,
            start,
            keys: KeyInput::new(numpad_joystick),
            next_key: 0,
            gamepad_bits: 0,
            port1,
            variation: StartVariation::Fixed,
            moment: StartMoment::default(),
            ready_frame: None,
            paused: false,
            held_back: Vec::new(),
        }
    }

    /// Choose the moment of `RUN` this way from now on (this power-on included, if the
    /// program has not started yet).
    pub fn set_start_variation(&mut self, v: StartVariation) {
        self.variation = v;
        self.moment = v.moment();
    }

    /// This power-on's moment of `RUN`.
    pub fn start_moment(&self) -> StartMoment {
        self.moment
    }

    /// Power off and on (same ROMs); the session's program is started again.
    pub fn hard_reset(&mut self) {
        self.c64 = C64::new(self.roms.clone());
        self.keys.clear(&mut self.c64.sys.keyboard);
        self.next_key = 0;
        self.moment = self.variation.moment();
        self.ready_frame = None;
        self.start = if self.program.is_some() {
            Start::Waiting
        } else {
            Start::Nothing
        };
    }

    /// The RESET line: the KERNAL starts again, memory is kept, nothing is autostarted.
    pub fn soft_reset(&mut self) {
        self.c64.reset();
        self.keys.clear(&mut self.c64.sys.keyboard);
        self.next_key = 0;
        if self.start == Start::Waiting {
            self.start = Start::Nothing;
        }
    }

    /// Make `program` this session's program and start it on a freshly powered machine.
    pub fn load(&mut self, program: Program) {
        self.program = Some(program);
        self.hard_reset();
    }

    /// A file dropped onto the window: a `.prg` or `.bas` starts on a freshly reset machine
    /// (returns its name); anything else is refused and the machine runs on untouched.
    pub fn start_file(&mut self, path: &Path) -> Result<String, headless::RunError> {
        let program = Program::from_file(path)?;
        let name = program.name.clone();
        self.load(program);
        Ok(name)
    }

    /// Run one PAL frame (to the VIC's next frame start), serving the key queue on the
    /// cycle each change is due and starting the program when BASIC is ready.
    pub fn run_frame(&mut self) {
        self.apply_joystick();
        let frame = self.c64.sys.vic.frames();
        while self.c64.sys.vic.frames() == frame {
            if self.c64.cycles() >= self.next_key {
                let now = self.c64.cycles();
                self.next_key = self.keys.service(&mut self.c64.sys.keyboard, now);
                self.apply_joystick();
            }
            self.c64.tick();
            if self.start == Start::Waiting && self.c64.cpu.at_instruction_boundary() {
                // BASIC passes its main loop's start once, then waits for keys in the
                // KERNAL: the prompt is seen there, and RUN typed `moment.frames` later.
                let now = self.c64.sys.vic.frames();
                if self.ready_frame.is_none() && headless::basic_ready(&self.c64) {
                    self.ready_frame = Some(now);
                }
                if self
                    .ready_frame
                    .is_some_and(|f| now - f >= self.moment.frames && self.c64.ram()[0xC6] == 0)
                {
                    self.autostart();
                }
            }
        }
    }

    fn autostart(&mut self) {
        if let Some(p) = &self.program {
            if let Some(j) = self.moment.jiffies {
                // The jiffy clock TI at $A0-$A2, most significant byte first.
                for (i, b) in j.to_be_bytes()[1..].iter().enumerate() {
                    self.c64.poke_ram(0xA0 + i as u16, *b);
                }
            }
            headless::inject(&mut self.c64, &p.prg);
            headless::put_in_keyboard_buffer(&mut self.c64, b"RUN\r");
        }
        self.start = Start::Started;
    }

    /// A host key event arrived: make sure the queue is served from the next cycle.
    pub fn key_event(&mut self, ev: &super::keys::HostKey) -> bool {
        if self.paused {
            // Kept, in order, for the moment the machine runs again.
            self.held_back.push(ev.clone());
            return true;
        }
        let used = self.keys.host_key(ev);
        self.next_key = self.next_key.min(self.c64.cycles());
        used
    }

    /// Pause or resume. Keys typed while paused are kept and reach the C64 on resume, in
    /// the order they were typed, each held as long as any other key.
    pub fn set_paused(&mut self, paused: bool) {
        if paused == self.paused {
            return;
        }
        self.paused = paused;
        if paused {
            self.release_all_keys();
        } else {
            for ev in std::mem::take(&mut self.held_back) {
                self.key_event(&ev);
            }
        }
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The window lost the focus: release every host key.
    pub fn release_all_keys(&mut self) {
        self.keys.release_all_host_keys();
        self.next_key = self.next_key.min(self.c64.cycles());
    }

    fn apply_joystick(&mut self) {
        let bits = self.gamepad_bits | self.keys.joystick();
        let kb = &mut self.c64.sys.keyboard;
        if self.port1 {
            kb.joy1 = bits;
            kb.joy2 = 0;
        } else {
            kb.joy2 = bits;
            kb.joy1 = 0;
        }
    }
}
