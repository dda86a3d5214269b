//! The machine as the window runs it: a [`Session`] (the C64, its autostart and its key
//! feeder) with the host keyboard, the gamepads, resets and pause. Nothing here needs a
//! window, so tests drive it directly.
//!
//! The autostart is [`crate::host::autostart`]'s, as in every runner: it waits for BASIC's
//! prompt, puts the program into memory and types `RUN`, with no fixed delay, so it works
//! on any ROM set at any speed. The window varies the moment of `RUN` from launch to launch
//! ([`StartVariation`]).

use super::FrontendError;
use super::disks::Disks;
use super::keys::{HostKey, KeyInput};
use crate::C64;
use crate::Roms;
use crate::host::autostart::{Autostart, Session, StartMoment, StartVariation};
use crate::host::disk::DiskError;
use crate::host::recording::{RecEvent, Recording};
use crate::media::Program;
use std::path::Path;

pub use crate::host::autostart::Start;

/// The C64 with its host-side inputs.
pub struct Machine {
    pub session: Session,
    roms: Roms,
    /// The C64 powered on at each hard reset.
    model: crate::c64::Model,
    pub keys: KeyInput,
    /// How the moment of `RUN` is chosen at each power-on.
    variation: StartVariation,
    /// Paused by the window, with the host key events that arrived meanwhile.
    paused: bool,
    held_back: Vec<HostKey>,
    /// The session being recorded (`--record-keys`), until a reset ends it.
    recording: Option<Recording>,
    /// Why the recording stopped early, if it did.
    pub recording_stopped: Option<String>,
    /// The disk images and the one in drive 8.
    pub disks: Disks,
    /// What went wrong with a disk at a reset, for the window to say.
    pub disk_notes: Vec<String>,
    /// The cartridge plugged in at every power-on (its flash as the machine left it).
    pub cartridge: Option<Box<dyn crate::chips::expansion::Expansion>>,
    /// Where its flash is saved when the window closes (`--cartridge-write`).
    pub cartridge_file: Option<std::path::PathBuf>,
    /// The monitor, in the terminal (Ctrl+F2).
    pub console: super::monitor::Console,
}

impl Machine {
    /// Power on; `program` starts as soon as BASIC is ready.
    pub fn new(roms: Roms, program: Option<Program>, numpad_joystick: bool, port1: bool) -> Self {
        let mut session = Session::new(
            C64::new(roms.clone()),
            Autostart::new(program, Vec::new(), false),
        );
        session.joystick_port1 = port1;
        Machine {
            session,
            roms,
            model: crate::c64::Model::default(),
            keys: KeyInput::new(numpad_joystick),
            variation: StartVariation::Fixed,
            paused: false,
            held_back: Vec::new(),
            recording: None,
            recording_stopped: None,
            disks: Disks::default(),
            disk_notes: Vec::new(),
            cartridge: None,
            cartridge_file: None,
            console: Default::default(),
        }
    }

    /// Save the cartridge's flash to its file, if it changed and `--cartridge-write` asked.
    pub fn save_cartridge(&self) -> Result<bool, String> {
        match &self.cartridge_file {
            Some(path) => crate::host::cartridge::write_back(&self.session.c64, path),
            None => Ok(false),
        }
    }

    /// A freshly powered-on `model`, with the cartridge plugged in.
    fn power_on(&self, model: crate::c64::Model) -> Result<C64, crate::c64::model::ModelError> {
        let mut c64 = C64::with_model(self.roms.clone(), model)?;
        if let Some(cart) = &self.cartridge {
            c64.plug(cart.boxed_clone());
        }
        Ok(c64)
    }

    /// Values the autostart writes to memory before each RUN of its program.
    pub fn set_pokes(&mut self, pokes: Vec<(u16, u8)>) {
        if pokes.is_empty() {
            return;
        }
        let program = self.session.autostart.program().cloned();
        let moment = self.session.autostart.moment();
        self.session.autostart = Autostart::new(program, pokes, false);
        self.session.autostart.set_moment(moment);
    }

    /// Use `disks`, the first in the drive now; with `start`, its first program is loaded
    /// and run (`LOAD"*",8,1`, `RUN`) at each power-on.
    pub fn set_disks(&mut self, disks: Disks, start: bool) -> Result<(), DiskError> {
        self.disks = disks;
        self.disks.insert(&mut self.session.c64)?;
        if start {
            self.session.autostart = Autostart::from_disk(b"*", Vec::new());
            self.session.autostart.set_moment(self.variation.moment());
        }
        Ok(())
    }

    /// Record the key events from now on (call before the first frame, so that the
    /// recording starts at power-on).
    pub fn start_recording(&mut self) {
        let name = self
            .program()
            .map(|p| p.short_name().to_string())
            .unwrap_or_else(|| "BASIC".into());
        self.recording = Some(Recording::new(
            &name,
            crate::host::state::rom_checksum(&self.roms),
            self.start_moment(),
        ));
        self.session.keys.start_journal();
    }

    /// The recording so far.
    pub fn recording(&self) -> Option<&Recording> {
        self.recording.as_ref()
    }

    /// Note what the key feeder was given, at the current frame.
    fn record_keys(&mut self) {
        let frame = self.session.c64.frames();
        let journal = self.session.keys.take_journal();
        if self.recording_stopped.is_some() {
            return;
        }
        if let Some(r) = self.recording.as_mut() {
            for (id, p) in journal {
                r.events.push((
                    frame,
                    match p {
                        Some(p) => RecEvent::Down(id, p),
                        None => RecEvent::Up(id),
                    },
                ));
            }
        }
    }

    /// A reset or a loaded state ends a recording (a replay starts at power-on and runs
    /// without interruption).
    fn stop_recording(&mut self, why: &str) {
        if self.recording.is_some() && self.recording_stopped.is_none() {
            self.record_keys();
            self.recording_stopped = Some(format!("the recording stopped at the {why}"));
        }
    }

    /// The machine.
    pub fn c64(&self) -> &C64 {
        &self.session.c64
    }

    /// The program of this session (started again by a hard reset).
    pub fn program(&self) -> Option<&Program> {
        self.session.autostart.program()
    }

    /// Where the autostart stands.
    pub fn start(&self) -> Start {
        self.session.autostart.state()
    }

    /// Choose the moment of `RUN` this way from now on (this power-on included, if the
    /// program has not started yet).
    pub fn set_start_variation(&mut self, v: StartVariation) {
        self.variation = v;
        self.session.autostart.set_moment(v.moment());
    }

    /// This power-on's moment of `RUN`.
    pub fn start_moment(&self) -> StartMoment {
        self.session.autostart.moment()
    }

    /// Gamepad joystick bits (from gilrs), ORed with the keypad joystick.
    pub fn set_gamepad_bits(&mut self, bits: u8) {
        if bits != self.session.joystick_bits
            && self.recording_stopped.is_none()
            && let Some(r) = self.recording.as_mut()
        {
            r.events
                .push((self.session.c64.frames(), RecEvent::Pad(bits)));
        }
        self.session.joystick_bits = bits;
    }

    /// Power on `model` instead (the session's program starts again).
    pub fn set_model(
        &mut self,
        model: crate::c64::Model,
    ) -> Result<(), crate::c64::model::ModelError> {
        self.session.c64 = self.power_on(model)?;
        self.model = model;
        Ok(())
    }

    /// Power off and on (same ROMs and model); the session's program is started again.
    pub fn hard_reset(&mut self) {
        self.stop_recording("hard reset");
        if let Err(e) = self.disks.save(&mut self.session.c64) {
            self.disk_notes.push(e.to_string());
        }
        if let Err(e) = self.save_cartridge() {
            self.disk_notes.push(e);
        }
        // Flash keeps what was written to it across the power cycle.
        if let Some(crt) = self.session.c64.cartridge_image()
            && let Ok(device) = crate::cart::from_crt(&crt)
        {
            self.cartridge = Some(device);
        }
        // The model was accepted when it was set, so it powers on again.
        self.session.c64 = self
            .power_on(self.model)
            .unwrap_or_else(|_| C64::new(self.roms.clone()));
        if let Err(e) = self.disks.insert(&mut self.session.c64) {
            self.disk_notes.push(e.to_string());
        }
        self.session.clear_keys();
        self.keys.clear();
        self.session.autostart.restart(self.variation.moment());
    }

    /// The RESET line: the KERNAL starts again, memory is kept, nothing is autostarted.
    pub fn soft_reset(&mut self) {
        self.stop_recording("soft reset");
        self.session.c64.reset();
        self.session.clear_keys();
        self.keys.clear();
        self.session.autostart.cancel();
    }

    /// Make `program` this session's program and start it on a freshly powered machine.
    pub fn load(&mut self, program: Program) {
        let port1 = self.session.joystick_port1;
        self.session.autostart = Autostart::new(Some(program), Vec::new(), false);
        self.session.joystick_port1 = port1;
        self.hard_reset();
    }

    /// A file dropped onto the window: a `.prg`, `.bas` or `.t64` starts on a freshly reset machine,
    /// a `.d64` goes into the drive and its first program is loaded and run, a `.crt` goes
    /// into the expansion port in place of what was there and the machine is reset (returns
    /// the name); anything else is refused and the machine runs on untouched.
    pub fn start_file(&mut self, path: &Path) -> Result<String, FrontendError> {
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("crt"))
        {
            // Read first: a damaged image leaves the machine as it is.
            let device = crate::host::cartridge::load(path).map_err(FrontendError::Cartridge)?;
            // The cartridge taken out: its flash saved if asked, then out of the machine so
            // the reset keeps nothing of it.
            if let Err(e) = self.save_cartridge() {
                self.disk_notes.push(e);
            }
            self.cartridge_file = None;
            self.session.c64.unplug();
            self.cartridge = Some(device);
            self.session.autostart = Autostart::new(None, Vec::new(), false);
            self.hard_reset();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            return Ok(name.into_owned());
        }
        if crate::media::disk::is_disk_image(path) {
            // Read first: a file that is not a disk image leaves the machine as it is.
            crate::media::disk::load_image(path)?;
            if self.session.c64.drive().is_none() {
                return Err(DiskError::NoDrive(path.to_path_buf()).into());
            }
            self.disks.put_first(path.to_path_buf());
            self.session.autostart = Autostart::from_disk(b"*", Vec::new());
            self.hard_reset();
            if let Some(e) = self.disk_notes.pop() {
                return Err(FrontendError::Window(e));
            }
            return Ok(self.disks.current_name());
        }
        let program = Program::from_file(path)?;
        let name = program.short_name().to_string();
        self.load(program);
        Ok(name)
    }

    /// Run one PAL frame (to the VIC's next frame start), serving the key queue on the
    /// cycle each change is due and starting the program when BASIC is ready.
    pub fn run_frame(&mut self) {
        if !self.console.monitor.armed() {
            self.session.run_frame();
            return;
        }
        // The monitor looks at every cycle, and may stop the machine within the frame.
        let m = &mut self.console.monitor;
        if self.session.run_frame_or(|c| m.check(c)) {
            self.console.stopped(&mut self.session.c64);
        }
    }

    /// Stop the machine and open the monitor in the terminal.
    pub fn open_monitor(&mut self) {
        if !self.console.is_open() {
            // The program's labels name its BASIC lines (`break line LABEL`).
            if let Some(p) = self.session.autostart.program() {
                self.console.monitor.basic = p.labels.clone();
            }
            // A stop falls between two instructions.
            while !self.session.c64.cpu().at_instruction_boundary()
                && !self.session.c64.cpu().is_jammed()
            {
                self.session
                    .run_until(u64::MAX, |c, _, _| c.cpu().at_instruction_boundary());
            }
            self.console.open(&mut self.session.c64);
        }
    }

    /// Run the monitor's commands typed since the last look: whether the machine runs on.
    pub fn poll_monitor(&mut self) -> bool {
        self.console.poll(&mut self.session.c64)
    }

    /// Type `text` (the host's clipboard) as keys, through the queue `--type` uses: what
    /// the host's keys hold is let go first (the Ctrl of Ctrl+V would otherwise be held on
    /// the C64). Returns how many characters are typed and how many had no C64 key.
    pub fn paste(&mut self, text: &str) -> (usize, usize) {
        let (codes, skipped) = crate::host::paste::to_petscii(text);
        self.keys.clear();
        self.session.clear_keys();
        self.session.keys.type_petscii(&codes);
        self.session.keys_changed();
        (codes.len(), skipped)
    }

    /// Move the joysticks (gamepads, the numeric keypad, a replay's moves) to the other
    /// port, released on the one they leave. Returns the port they drive now.
    pub fn swap_joystick_ports(&mut self) -> u8 {
        self.session.joystick_port1 = !self.session.joystick_port1;
        self.session.apply_joystick();
        self.joystick_port()
    }

    /// The port the joysticks drive: 1 or 2.
    pub fn joystick_port(&self) -> u8 {
        if self.session.joystick_port1 { 1 } else { 2 }
    }

    /// Save the machine's state to `path`.
    pub fn save_state(&self, path: &Path) -> Result<(), crate::host::state::StateError> {
        crate::host::state::save(&self.session.c64, path)
    }

    /// Replace the machine with the state in `path` (saved with the same ROMs); on any
    /// error the machine runs on untouched. Keys held and the autostart are dropped: the
    /// loaded machine is where it was saved, with what was in its expansion port then (and
    /// that at every power-on after).
    pub fn load_state(&mut self, path: &Path) -> Result<(), crate::host::state::StateError> {
        let c64 = crate::host::state::load(path, &self.roms)?;
        self.stop_recording("loaded state");
        // The state brings its own port device. The flash of the one taken out is saved
        // first; the file is kept for the state's only when it is the same cartridge.
        if let Err(e) = self.save_cartridge() {
            self.disk_notes.push(e);
        }
        let now = self.session.c64.port_device().origin();
        let loaded = c64.port_device();
        if loaded.origin() == 0 || loaded.origin() != now {
            self.cartridge_file = None;
        }
        let mut at_power_on = loaded.boxed_clone();
        at_power_on.reset();
        self.cartridge = Some(at_power_on);
        self.session.c64 = c64;
        self.session.c64.set_render(true);
        self.session.clear_keys();
        self.keys.clear();
        self.session.autostart.cancel();
        Ok(())
    }

    /// A host key event arrived: make sure the queue is served from the next cycle.
    pub fn key_event(&mut self, ev: &HostKey) -> bool {
        if self.paused {
            // Kept, in order, for the moment the machine runs again.
            self.held_back.push(ev.clone());
            return true;
        }
        let used = self.keys.host_key(ev, &mut self.session.keys);
        self.session.keys_changed();
        self.record_keys();
        used
    }

    /// Nothing typed is waiting or held.
    pub fn keys_idle(&self) -> bool {
        self.session.keys.is_idle()
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

    /// A light pen held to frame pixel (column, row) of the picture, or taken away.
    pub fn set_light_pen(&mut self, at: Option<(usize, usize)>) {
        self.session.c64.set_light_pen(at);
    }

    /// The window lost the focus: release every host key.
    pub fn release_all_keys(&mut self) {
        self.keys.release_all_host_keys(&mut self.session.keys);
        self.session.keys_changed();
        self.record_keys();
    }
}
