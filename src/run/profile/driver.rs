//! Playing a program on the machine one input at a time: the game driver that the
//! profiler, the turn harness and tests use.

use super::ProfileError;
use super::keyscript::{Input, KeyScript};
use super::profiler::Profiler;
use crate::c64::roms::Roms;
use crate::c64::{C64, Halt};
use crate::host::autostart::{self, Autostart, Session, Start};
use crate::media::Program;
use std::path::PathBuf;

/// The line of `label` in `program`, or an error naming the labels it has.
fn label_line(program: &Program, label: &str) -> Result<u16, ProfileError> {
    program
        .labels
        .line_of(label)
        .ok_or_else(|| ProfileError::NoLabel {
            program: program.name.clone(),
            label: label.to_string(),
            known: program
                .labels
                .labels
                .iter()
                .map(|l| l.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// Settings of a scripted run.
#[derive(Debug, Clone)]
pub struct RunSettings {
    pub roms: Option<PathBuf>,
    /// The C64 the program runs on.
    pub model: crate::c64::Model,
    /// Value for location 251 ($FB) before RUN (the dungeon's seed), if any.
    pub seed: Option<u8>,
    /// Emulated-time limit for the whole run.
    pub limit_seconds: u64,
    /// Input loop label (overrides the script's).
    pub input_loop: Option<String>,
    /// The moment of the autostart's RUN (frames waited, the jiffy clock): a replay's.
    pub moment: Option<crate::host::autostart::StartMoment>,
}

impl Default for RunSettings {
    fn default() -> Self {
        RunSettings {
            roms: None,
            model: crate::c64::Model::default(),
            seed: None,
            limit_seconds: 600,
            input_loop: None,
            moment: None,
        }
    }
}

/// One measured turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub total_cycles: u64,
    /// Inclusive cycles of the measured subroutine during the turn.
    pub inner_cycles: u64,
    /// Memory at the moments the harness looks at the game's variables, when asked for
    /// ([`GameDriver::keep_snapshots`]).
    pub snapshots: Option<Box<TurnSnapshots>>,
}

/// RAM at the turn's start (the input taken), at the measured subroutine's call and at
/// its return (`None` when it was not called in the turn).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnSnapshots {
    pub start: Box<[u8; 0x10000]>,
    pub call: Option<Box<[u8; 0x10000]>>,
    pub ret: Option<Box<[u8; 0x10000]>>,
}

/// The outcome of a scripted run.
#[derive(Clone)]
pub struct ProfiledRun {
    pub profiler: Profiler,
    pub turns: Vec<Turn>,
    /// The machine as the run left it.
    pub c64: C64,
}

impl std::fmt::Debug for ProfiledRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProfiledRun")
            .field("turns", &self.turns)
            .field("total_cycles", &self.profiler.total())
            .finish_non_exhaustive()
    }
}

/// A game running on the machine, driven one input at a time: the harness, the profiler
/// and tests use it to play.
#[derive(Clone)]
pub struct GameDriver {
    pub c64: C64,
    pub profiler: Profiler,
    name: String,
    loop_label: String,
    loop_region: Option<usize>,
    measure_region: Option<usize>,
    end_region: Option<usize>,
    limit: u64,
    limit_seconds: u64,
    turns: usize,
    snapshots: bool,
    /// The last CURLIN classified, and whether it is in the input loop / the end label:
    /// asked every cycle, recomputed only when the line changes.
    seen_line: std::cell::Cell<(u16, bool, bool)>,
}

impl GameDriver {
    /// Keep RAM snapshots in each turn (see [`TurnSnapshots`]): what the harness reads the
    /// game's variables from.
    pub fn keep_snapshots(&mut self, on: bool) {
        self.snapshots = on;
    }

    /// Boot, wait for BASIC's prompt, poke the seed, load `program` and RUN it. `loop_label`
    /// names the input loop; `measure` a subroutine whose inclusive time turns report.
    pub fn start(
        program: &Program,
        settings: &RunSettings,
        loop_label: &str,
        measure: Option<&str>,
    ) -> Result<GameDriver, ProfileError> {
        Self::boot(program, settings, Some(loop_label), measure)
    }

    /// Like [`GameDriver::start`] for a program without an input loop: run it with
    /// [`GameDriver::run_to_wait`], which then returns at its end.
    pub fn start_without_loop(
        program: &Program,
        settings: &RunSettings,
    ) -> Result<GameDriver, ProfileError> {
        Self::boot(program, settings, None, None)
    }

    fn boot(
        program: &Program,
        settings: &RunSettings,
        loop_label: Option<&str>,
        measure: Option<&str>,
    ) -> Result<GameDriver, ProfileError> {
        let profiler = Profiler::new(&program.prg, &program.labels);
        let loop_region = match loop_label {
            Some(l) => {
                label_line(program, l)?;
                profiler.region_of_label(l)
            }
            None => None,
        };
        let measure_region = match measure {
            Some(m) => {
                label_line(program, m)?;
                profiler.region_of_label(m)
            }
            None => None,
        };
        let name = program.name.clone();
        let mut c64 = C64::with_model(Roms::load(settings.roms.as_deref())?, settings.model)?;
        let limit = c64
            .model()
            .cycles_of_seconds(settings.limit_seconds)
            .unwrap_or(u64::MAX);
        c64.set_render(false);
        // The autostart: the seed poked at the prompt, then the program and RUN.
        let pokes = settings.seed.map(|s| vec![(251, s)]).unwrap_or_default();
        let mut autostart = Autostart::new(Some(program.clone()), pokes, false);
        if let Some(m) = settings.moment {
            autostart.set_moment(m);
        }
        let mut s = Session::new(c64, autostart);
        while s.autostart.state() == Start::Waiting {
            match s.run_until(limit, |_, a, _| a.state() != Start::Waiting) {
                Halt::Jam => {
                    return Err(ProfileError::Jam {
                        program: name,
                        pc: s.c64.cpu().pc,
                    });
                }
                Halt::Limit | Halt::Stop => break,
                Halt::Event => {}
            }
        }
        let started = s.autostart.state() == Start::Started;
        let d = GameDriver {
            c64: s.c64,
            profiler,
            name,
            loop_label: loop_label.unwrap_or_default().to_string(),
            loop_region,
            measure_region,
            end_region: None,
            limit,
            limit_seconds: settings.limit_seconds,
            turns: 0,
            snapshots: false,
            seen_line: std::cell::Cell::new((0xFFFF, false, false)),
        };
        if !started {
            return Err(d.timeout("BASIC never reached its prompt".into()));
        }
        let mut d = d;
        d.profiler.start(d.c64.peek_word(0x39), d.c64.cycles());
        Ok(d)
    }

    fn timeout(&self, what: String) -> ProfileError {
        ProfileError::Timeout {
            program: self.name.clone(),
            what,
            seconds: self.limit_seconds,
            at: self.profiler.describe(self.c64.peek_word(0x39)),
        }
    }

    /// Name a label where the game waits once it is over (an end-of-game prompt): a turn
    /// that ends there returns `None` instead of waiting for the input loop.
    pub fn set_end_label(&mut self, label: &str) -> Result<(), ProfileError> {
        self.seen_line.set((0xFFFF, false, false));
        self.end_region =
            Some(
                self.profiler
                    .region_of_label(label)
                    .ok_or_else(|| ProfileError::NoLabel {
                        program: self.name.clone(),
                        label: label.to_string(),
                        known: String::new(),
                    })?,
            );
        Ok(())
    }

    /// True when BASIC is executing a line of `label`'s region.
    pub fn at_label(&self, label: &str) -> bool {
        self.profiler
            .region_of_label(label)
            .is_some_and(|r| self.profiler.line_in_region(self.c64.peek_word(0x39), r))
    }

    /// One cycle with profiling; the CURLIN seen.
    #[inline]
    fn step(&mut self) -> Result<u16, ProfileError> {
        self.step_fed(&mut |_| {})
    }

    /// One cycle with profiling, `feed` given the machine first (a replay's inputs).
    #[inline]
    fn step_fed<F: FnMut(&mut C64)>(&mut self, feed: &mut F) -> Result<u16, ProfileError> {
        feed(&mut self.c64);
        if self.c64.cycles() >= self.limit {
            let input_loop = if self.loop_label.is_empty() {
                "its input loop".to_string()
            } else {
                format!("its input loop {}", self.loop_label)
            };
            let what = if self.turns == 0 {
                format!("the program never waited in {input_loop}")
            } else {
                format!(
                    "the program did not return to {input_loop} after turn {}",
                    self.turns
                )
            };
            return Err(self.timeout(what));
        }
        // One cycle at a time: the profiler sees the line BASIC runs in every cycle.
        match self.c64.run_until(self.c64.cycles() + 1, |_| false) {
            Halt::Jam => {
                return Err(ProfileError::Jam {
                    program: self.name.clone(),
                    pc: self.c64.cpu().pc,
                });
            }
            // A game's write to $D7FF means nothing to the harness.
            Halt::Event => drop(self.c64.take_events()),
            Halt::Limit | Halt::Stop => {}
        }
        let ram = self.c64.ram();
        let curlin = u16::from_le_bytes([ram[0x39], ram[0x3A]]);
        self.profiler.observe(curlin, self.c64.cycles());
        Ok(curlin)
    }

    /// Whether `curlin` is in the input loop's region and in the end label's.
    #[inline]
    fn classify(&self, curlin: u16) -> (bool, bool) {
        let (line, in_loop, in_end) = self.seen_line.get();
        if line == curlin {
            return (in_loop, in_end);
        }
        let is = |r: Option<usize>| r.is_some_and(|r| self.profiler.line_in_region(curlin, r));
        let (a, b) = (is(self.loop_region), is(self.end_region));
        self.seen_line.set((curlin, a, b));
        (a, b)
    }

    #[inline]
    fn in_loop(&self, curlin: u16) -> bool {
        self.classify(curlin).0
    }

    /// True when the program waits for input: in its input loop, keyboard buffer empty.
    pub fn waiting(&self) -> bool {
        self.in_loop(self.c64.peek_word(0x39)) && self.c64.ram()[0xC6] == 0
    }

    /// Run until the program waits for input. Returns false if it ended instead (BASIC back
    /// at READY.).
    pub fn run_to_wait(&mut self) -> Result<bool, ProfileError> {
        self.run_to_wait_with(&mut |_| {})
    }

    /// [`GameDriver::run_to_wait`] with `feed` given the machine every cycle.
    pub fn run_to_wait_with<F: FnMut(&mut C64)>(
        &mut self,
        feed: &mut F,
    ) -> Result<bool, ProfileError> {
        loop {
            let curlin = self.step_fed(feed)?;
            if self.in_loop(curlin) && self.c64.ram()[0xC6] == 0 {
                return Ok(true);
            }
            if self.c64.cpu().at_instruction_boundary() && autostart::basic_ready(&self.c64) {
                return Ok(false);
            }
        }
    }

    /// Feed one input while the program waits and play it to the next wait: a turn. The
    /// turn starts when the program takes the input and ends when it waits again. Returns
    /// `None` if the program ended (back at READY.) or reached its end label instead.
    pub fn turn(&mut self, input: Input) -> Result<Option<Turn>, ProfileError> {
        match input {
            Input::Key(k) => {
                autostart::put_in_keyboard_buffer(&mut self.c64, &[k]);
            }
            Input::Joy(bits) => self.c64.keyboard_mut().joy2 = bits,
        }
        // Taken: a key leaves the buffer; a joystick move makes the program leave the loop.
        loop {
            let curlin = self.step()?;
            let taken = match input {
                Input::Key(_) => self.c64.ram()[0xC6] == 0,
                Input::Joy(_) => !self.in_loop(curlin),
            };
            if taken {
                break;
            }
        }
        self.c64.keyboard_mut().joy2 = 0;
        self.measure_turn(&mut |_| {})
    }

    /// A turn whose input comes from `feed` (given the machine every cycle, e.g. a replay
    /// typing through the keyboard): wait until the program leaves its input loop, then
    /// play to the next wait (see [`GameDriver::turn`]).
    pub fn turn_with<F: FnMut(&mut C64)>(
        &mut self,
        feed: &mut F,
    ) -> Result<Option<Turn>, ProfileError> {
        loop {
            let curlin = self.step_fed(feed)?;
            if !self.in_loop(curlin) {
                break;
            }
        }
        self.measure_turn(feed)
    }

    /// The rest of a turn whose input was just taken: play to the next wait in the input
    /// loop, measuring (see [`GameDriver::turn`]).
    fn measure_turn<F: FnMut(&mut C64)>(
        &mut self,
        feed: &mut F,
    ) -> Result<Option<Turn>, ProfileError> {
        let snap = |c: &C64| Box::new(*c.ram());
        let mut snaps = self.snapshots.then(|| TurnSnapshots {
            start: snap(&self.c64),
            call: None,
            ret: None,
        });
        let mut last_line = self.c64.peek_word(0x39);
        let mut in_call = false;
        let start = self.c64.cycles();
        self.profiler.flush(start);
        let inner_start = self
            .measure_region
            .map(|r| self.profiler.inclusive(r))
            .unwrap_or(0);
        // Out of the input loop, then back in it with an empty buffer.
        let mut left = !self.in_loop(self.c64.peek_word(0x39));
        loop {
            let curlin = self.step_fed(feed)?;
            if curlin != last_line {
                last_line = curlin;
                if let (Some(s), Some(r)) = (snaps.as_mut(), self.measure_region) {
                    let now_in = self.profiler.in_call(r);
                    if now_in && !in_call && s.call.is_none() {
                        s.call = Some(snap(&self.c64));
                    } else if !now_in && in_call && s.ret.is_none() {
                        s.ret = Some(snap(&self.c64));
                    }
                    in_call = now_in;
                }
            }
            if !self.in_loop(curlin) {
                left = true;
                if self.c64.cpu().at_instruction_boundary() && autostart::basic_ready(&self.c64) {
                    return Ok(None);
                }
                if self.classify(curlin).1 {
                    self.profiler.flush(self.c64.cycles());
                    return Ok(None);
                }
            } else if left && self.c64.ram()[0xC6] == 0 {
                break;
            }
        }
        let end = self.c64.cycles();
        self.profiler.flush(end);
        let inner_end = self
            .measure_region
            .map(|r| self.profiler.inclusive(r))
            .unwrap_or(0);
        self.turns += 1;
        Ok(Some(Turn {
            total_cycles: end - start,
            inner_cycles: inner_end - inner_start,
            snapshots: snaps.filter(|_| self.snapshots).map(Box::new),
        }))
    }

    /// Finish: charge the remaining cycles and hand over the results.
    pub fn finish(mut self, turns: Vec<Turn>) -> ProfiledRun {
        let now = self.c64.cycles();
        self.profiler.flush(now);
        ProfiledRun {
            profiler: self.profiler,
            turns,
            c64: self.c64,
        }
    }
}

/// Run `program` with `script`: boot, autostart, feed the script's inputs one per wait in
/// the input loop, and stop after `turns` turns (or when the script is used up and the
/// program waits again). `measure` names the subroutine whose inclusive time each turn
/// records (e.g. ENEMYLOGIC).
pub fn run_script(
    program: &Program,
    script: &KeyScript,
    settings: &RunSettings,
    turns: Option<usize>,
    measure: Option<&str>,
) -> Result<ProfiledRun, ProfileError> {
    let loop_label = settings
        .input_loop
        .clone()
        .or_else(|| script.input_loop.clone())
        .ok_or_else(|| ProfileError::NoLoop {
            program: program.name.clone(),
        })?;
    let mut d = GameDriver::start(program, settings, &loop_label, measure)?;
    let wanted = turns.unwrap_or(script.inputs.len());
    if script.inputs.len() < wanted {
        return Err(ProfileError::ScriptShort {
            script: if script.name.is_empty() {
                "the key script".into()
            } else {
                script.name.clone()
            },
            inputs: script.inputs.len(),
            wanted,
        });
    }
    let ended = |done: usize| ProfileError::Ended {
        program: program.name.clone(),
        turns: done,
        wanted,
    };
    let mut done = Vec::new();
    if !d.run_to_wait()? {
        return Err(ended(0));
    }
    for &input in script.inputs.iter().take(wanted) {
        match d.turn(input)? {
            Some(t) => done.push(t),
            None => return Err(ended(done.len())),
        }
    }
    if done.len() < wanted {
        return Err(ended(done.len()));
    }
    Ok(d.finish(done))
}

/// Profile `program` from RUN until BASIC is back at its prompt (no key script).
pub fn run_to_end(program: &Program, settings: &RunSettings) -> Result<ProfiledRun, ProfileError> {
    let mut d = GameDriver::start_without_loop(program, settings)?;
    while d.run_to_wait()? {}
    Ok(d.finish(Vec::new()))
}
