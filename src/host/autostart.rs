//! Starting a program as a person would, on any ROM set: wait for BASIC's prompt, put the
//! program into memory, type `RUN`, and see it end. One state machine ([`Autostart`]) and
//! one machine-plus-inputs type ([`Session`]) serve the headless runner, the window, the
//! profiler and turn harness, the test bench and the tests.
//!
//! Readiness of BASIC is detected the same way on every ROM set, from documented locations
//! only: the CPU is at the start of BASIC's main loop (the address in the IMAIN vector at
//! $0302), the keyboard buffer count $C6 is zero and the screen row above the cursor ($D6)
//! reads `READY.` (screen memory page from $0288). CURLIN ($39/$3A) does not tell: BASIC V2
//! leaves it at $00xx after power-on and at the last line run after a program ends; it is
//! $FFxx only while a direct-mode line executes.
//!
//! Keys are typed through the one [`KeyFeeder`] (held 50 ms, repeats 20 ms apart); they
//! reach the keyboard once the prompt was seen (before it, the KERNAL does not read them).
//!
//! Its place among the layers: ARCHITECTURE.md.

use crate::c64::{C64, Halt};
use crate::host::feeder::KeyFeeder;
use crate::media::Program;

/// True when BASIC sits at the start of its main loop, with READY. above the cursor and
/// nothing in the keyboard buffer (see the module docs).
pub fn basic_ready(c64: &C64) -> bool {
    if !c64.cpu().at_instruction_boundary() {
        return false;
    }
    let ram = c64.ram();
    let imain = u16::from_le_bytes([ram[0x0302], ram[0x0303]]);
    if c64.cpu().pc != imain || ram[0xC6] != 0 {
        return false;
    }
    ready_above_cursor(c64)
}

/// BASIC waits at its prompt: `READY.` above the cursor, the cursor at the start of its
/// line and no key in the keyboard buffer (true while the KERNAL waits for input there, not
/// only when BASIC passes its main loop as [`basic_ready`] sees it).
pub fn waits_at_prompt(c64: &C64) -> bool {
    let ram = c64.ram();
    ram[0xC6] == 0 && ram[0xD3] == 0 && ready_above_cursor(c64)
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

/// Run until BASIC is ready (see [`basic_ready`]) or `limit` total cycles have passed.
/// Returns true when ready.
pub fn run_until_ready(c64: &mut C64, limit: u64) -> bool {
    loop {
        match c64.run_until(limit, |c| {
            c.cpu().at_instruction_boundary() && basic_ready(c)
        }) {
            Halt::Stop => return true,
            Halt::Limit | Halt::Jam => return false,
            // Events are left for whoever runs the machine next.
            Halt::Event => {}
        }
    }
}

/// The device a program is taken to have been loaded from (`LOAD"…",8,1`).
pub const LOAD_DEVICE: u8 = 8;

/// Put a program into memory as `LOAD"…",8,1` would: the KERNAL's end-of-load pointer
/// ($AE/$AF) holds the address after the last byte, the current device (FA, $BA) is drive 8,
/// and for a BASIC program at the start of BASIC text the end-of-program pointers (VARTAB,
/// ARYTAB, STREND at $2D-$32) are set to it.
pub fn inject(c64: &mut C64, prg: &crate::media::Prg) {
    for (i, &b) in prg.data.iter().enumerate() {
        c64.poke_ram(prg.load.wrapping_add(i as u16), b);
    }
    c64.poke_ram(0xBA, LOAD_DEVICE);
    let end = prg.end();
    c64.poke_ram(0xAE, end as u8);
    c64.poke_ram(0xAF, (end >> 8) as u8);
    let txttab = c64.peek_word(0x2B);
    if prg.load == txttab {
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

/// Put `program` into memory and type `RUN` (BASIC must be waiting for input).
pub fn start_program(c64: &mut C64, program: &Program) {
    inject(c64, &program.prg);
    put_in_keyboard_buffer(c64, b"RUN\r");
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

/// How the moment of `RUN` is chosen at each power-on.
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
    pub fn moment(self) -> StartMoment {
        match self {
            StartVariation::Fixed => StartMoment::default(),
            StartVariation::Seed(s) => StartMoment::from_seed(s),
            StartVariation::Random => StartMoment::random(),
        }
    }
}

/// Where the autostart stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// Nothing to wait for: the machine runs as it is.
    Nothing,
    /// Waiting for BASIC's prompt (and then the start moment).
    Waiting,
    /// The prompt was reached: the pokes are done and the program, if any, typed `RUN`.
    Started,
}

/// The autostart: wait for the prompt, then poke, inject and type `RUN`; then tell when
/// the program has ended (BASIC back at its prompt).
#[derive(Debug, Clone)]
pub struct Autostart {
    program: Option<Program>,
    /// Written to memory when the prompt is reached, before `RUN`.
    pokes: Vec<(u16, u8)>,
    wait: bool,
    moment: StartMoment,
    state: Start,
    /// The frame in which the prompt was first seen.
    ready_frame: Option<u64>,
    /// The program has left the prompt since its start: the next prompt is its end.
    left_prompt: bool,
    /// Text still to put in the keyboard buffer (a disk's `LOAD` line), as it empties.
    typing: Vec<u8>,
    /// Type `RUN` once the typed `LOAD` has brought BASIC back to its prompt.
    run_after_load: bool,
    /// The whole `LOAD` line, typed again after a power cycle.
    load_line: Vec<u8>,
}

impl Autostart {
    /// Start `program` (if any) at the prompt, after writing `pokes`. With neither, the
    /// machine still waits for the prompt when `wait` is set (e.g. to type keys there).
    pub fn new(program: Option<Program>, pokes: Vec<(u16, u8)>, wait: bool) -> Autostart {
        let wait = wait || program.is_some() || !pokes.is_empty();
        Autostart {
            program,
            pokes,
            wait,
            moment: StartMoment::default(),
            state: if wait { Start::Waiting } else { Start::Nothing },
            ready_frame: None,
            left_prompt: false,
            typing: Vec::new(),
            run_after_load: false,
            load_line: Vec::new(),
        }
    }

    /// Start the program `name` (PETSCII; `*` for the disk's first) from the disk in drive
    /// 8, as a person does: type `LOAD"name",8,1` at the prompt, then `RUN` at the prompt
    /// that follows the load.
    pub fn from_disk(name: &[u8], pokes: Vec<(u16, u8)>) -> Autostart {
        Autostart::typed_load(&[b"LOAD\"", name, b"\",8,1\r"].concat(), pokes)
    }

    /// Type `line` (PETSCII, ending in a carriage return: a `LOAD` command) at the prompt,
    /// then `RUN` at the prompt that follows it.
    pub fn typed_load(line: &[u8], pokes: Vec<(u16, u8)>) -> Autostart {
        let mut a = Autostart::new(None, pokes, true);
        a.load_line = line.to_vec();
        a.typing = a.load_line.clone();
        a.run_after_load = true;
        a
    }

    /// An autostart that does nothing.
    pub fn none() -> Autostart {
        Autostart::new(None, Vec::new(), false)
    }

    pub fn program(&self) -> Option<&Program> {
        self.program.as_ref()
    }

    pub fn state(&self) -> Start {
        self.state
    }

    /// This power-on's moment of `RUN`.
    pub fn moment(&self) -> StartMoment {
        self.moment
    }

    pub fn set_moment(&mut self, moment: StartMoment) {
        self.moment = moment;
    }

    /// After a power cycle: wait for the prompt again, with a new moment.
    pub fn restart(&mut self, moment: StartMoment) {
        self.moment = moment;
        self.state = if self.wait {
            Start::Waiting
        } else {
            Start::Nothing
        };
        self.ready_frame = None;
        self.left_prompt = false;
        self.typing = self.load_line.clone();
        self.run_after_load = !self.load_line.is_empty();
    }

    /// Start now, on a machine known to wait at BASIC's prompt (one stopped by
    /// [`run_until_ready`]: the prompt's moment is already past, so [`Autostart::poll`]
    /// would not see it).
    pub fn begin(&mut self, c64: &mut C64) {
        if self.state == Start::Waiting {
            self.start(c64);
        }
    }

    /// Start now if the machine already waits at BASIC's prompt: `READY.` above the cursor,
    /// the cursor at the start of its line and no key waiting (a machine from a save state,
    /// whose prompt's moment is past).
    pub fn begin_if_at_prompt(&mut self, c64: &mut C64) {
        if self.state == Start::Waiting && waits_at_prompt(c64) {
            self.start(c64);
        }
    }

    /// After the RESET line: nothing more is started.
    pub fn cancel(&mut self) {
        if self.state == Start::Waiting {
            self.state = Start::Nothing;
        }
        self.typing.clear();
        self.run_after_load = false;
    }

    /// Still typing a disk's `LOAD` line or waiting to type `RUN` after it.
    pub fn typing(&self) -> bool {
        self.state == Start::Started && (!self.typing.is_empty() || self.run_after_load)
    }

    /// While [`Autostart::typing`]: put the next part of the line in the keyboard buffer
    /// when it is empty, and `RUN` once the load has ended at the prompt. Call at
    /// instruction boundaries.
    fn type_on(&mut self, c64: &mut C64) {
        if c64.ram()[0xC6] != 0 {
            return;
        }
        if !self.typing.is_empty() {
            let n = self.typing.len().min(10);
            put_in_keyboard_buffer(c64, &self.typing[..n]);
            self.typing.drain(..n);
            self.left_prompt = false;
        } else if !self.left_prompt {
            self.left_prompt = !basic_ready(c64);
        } else if basic_ready(c64) {
            put_in_keyboard_buffer(c64, b"RUN\r");
            self.run_after_load = false;
            self.left_prompt = false;
        }
    }

    /// Watch for the prompt; call at instruction boundaries. BASIC passes its main loop's
    /// start once, then waits for keys in the KERNAL: the prompt is seen there, and the
    /// start happens `moment.frames` later while the keyboard buffer is empty. Returns true
    /// in the call that started.
    pub fn poll(&mut self, c64: &mut C64) -> bool {
        if self.typing() {
            self.type_on(c64);
            return false;
        }
        if self.state != Start::Waiting {
            return false;
        }
        let now = c64.frames();
        if self.ready_frame.is_none() && basic_ready(c64) {
            self.ready_frame = Some(now);
        }
        match self.ready_frame {
            Some(f) if now - f >= self.moment.frames && c64.ram()[0xC6] == 0 => {
                self.start(c64);
                true
            }
            _ => false,
        }
    }

    fn start(&mut self, c64: &mut C64) {
        for &(a, v) in &self.pokes {
            c64.poke(a, v);
        }
        if let Some(p) = &self.program {
            if let Some(j) = self.moment.jiffies {
                // The jiffy clock TI at $A0-$A2, most significant byte first.
                for (i, b) in j.to_be_bytes()[1..].iter().enumerate() {
                    c64.poke_ram(0xA0 + i as u16, *b);
                }
            }
            start_program(c64, p);
        }
        self.state = Start::Started;
    }

    /// After the start: true once the program has finished and BASIC is back at its
    /// prompt. The typed input must be used up first (`input_idle`: nothing more queued to
    /// type), so a prompt seen before the program ran does not count. Call at instruction
    /// boundaries.
    pub fn ended(&mut self, c64: &C64, input_idle: bool) -> bool {
        if self.state != Start::Started || self.typing() {
            return false;
        }
        // No program: the end is the prompt once all typed keys are in (at once when none
        // were given).
        if self.program.is_none() && self.load_line.is_empty() {
            return input_idle && waits_at_prompt(c64);
        }
        if !self.left_prompt {
            self.left_prompt = c64.ram()[0xC6] == 0 && input_idle && !basic_ready(c64);
            return false;
        }
        basic_ready(c64)
    }
}

/// A machine with its autostart and its key feeder: what every runner drives.
#[derive(Clone)]
pub struct Session {
    pub c64: C64,
    pub autostart: Autostart,
    /// Keys to type; served once the autostart no longer waits.
    pub keys: KeyFeeder,
    /// Joystick bits from other devices (gamepads), ORed with the feeder's.
    pub joystick_bits: u8,
    /// Joysticks drive port 1 instead of port 2.
    pub joystick_port1: bool,
    /// The cycle at which the key feeder next needs service (`u64::MAX` while the
    /// autostart waits: the keys are held back until the prompt).
    next_key: u64,
}

impl Session {
    pub fn new(c64: C64, autostart: Autostart) -> Session {
        Session {
            c64,
            autostart,
            keys: KeyFeeder::default(),
            joystick_bits: 0,
            joystick_port1: false,
            next_key: 0,
        }
    }

    /// Keys were queued from outside: serve the feeder from the next cycle on.
    pub fn keys_changed(&mut self) {
        self.next_key = self.next_key.min(self.c64.cycles());
    }

    /// Run the machine until cycle `limit`, until `stop` holds after a cycle, or until it
    /// jams or an event comes ([`C64::run_until`]), serving on the way the key feeder when it
    /// is due and the autostart while it waits (at instruction boundaries). `stop` is given
    /// the machine, the autostart and the key feeder.
    #[inline]
    pub fn run_until(
        &mut self,
        limit: u64,
        mut stop: impl FnMut(&mut C64, &mut Autostart, &KeyFeeder) -> bool,
    ) -> Halt {
        loop {
            let now = self.c64.cycles();
            if now >= limit {
                return Halt::Limit;
            }
            if now >= self.next_key {
                self.serve_keys();
            }
            // No key is due before `end`.
            let end = limit.min(self.next_key.max(now + 1));
            let halt = if self.autostart.state == Start::Waiting || self.autostart.typing() {
                let (autostart, keys, next_key) =
                    (&mut self.autostart, &self.keys, &mut self.next_key);
                let mut started = false;
                let mut stopped = false;
                let h = self.c64.run_until(end, |c| {
                    if c.cpu().at_instruction_boundary() && autostart.poll(c) {
                        // The prompt was reached: the keys may be typed from now on.
                        *next_key = c.cycles();
                        started = true;
                    }
                    stopped = stop(c, autostart, keys);
                    stopped || started
                });
                if h == Halt::Stop && !stopped {
                    continue;
                }
                h
            } else {
                let (autostart, keys) = (&mut self.autostart, &self.keys);
                self.c64.run_until(end, |c| stop(c, autostart, keys))
            };
            if halt != Halt::Limit {
                return halt;
            }
        }
    }

    /// One cycle (see [`Session::run_until`]).
    pub fn step(&mut self) -> Halt {
        self.run_until(self.c64.cycles() + 1, |_, _, _| false)
    }

    #[cold]
    fn serve_keys(&mut self) {
        if self.autostart.state == Start::Waiting {
            self.next_key = u64::MAX;
            return;
        }
        let now = self.c64.cycles();
        self.next_key = self.keys.service(self.c64.keyboard_mut(), now);
        self.apply_joystick();
    }

    /// Put the joystick bits (the feeder's and [`Session::joystick_bits`]) on the port.
    pub fn apply_joystick(&mut self) {
        let bits = self.joystick_bits | self.keys.joystick();
        let kb = self.c64.keyboard_mut();
        if self.joystick_port1 {
            kb.joy1 = bits;
            kb.joy2 = 0;
        } else {
            kb.joy2 = bits;
            kb.joy1 = 0;
        }
    }

    /// Run to the end of the current frame (a jam or an event does not stop it; events are
    /// left for the caller).
    pub fn run_frame(&mut self) {
        self.apply_joystick();
        let frame = self.c64.frames();
        while self.run_until(u64::MAX, |c, _, _| c.frames() != frame) != Halt::Stop {}
    }

    /// Run to the end of the current frame, or until `stop` holds after a cycle (a
    /// monitor's check): whether `stop` ended it.
    pub fn run_frame_or(&mut self, mut stop: impl FnMut(&mut C64) -> bool) -> bool {
        self.apply_joystick();
        let frame = self.c64.frames();
        let mut stopped = false;
        while self.run_until(u64::MAX, |c, _, _| {
            stopped = stop(c);
            stopped || c.frames() != frame
        }) != Halt::Stop
        {}
        stopped
    }

    /// Drop every key, queued or held (after a reset).
    pub fn clear_keys(&mut self) {
        self.keys.clear(self.c64.keyboard_mut());
        self.next_key = 0;
    }
}
