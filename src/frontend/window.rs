//! The window: winit events in, pixels out, the machine paced to PAL speed.
//!
//! Pacing: the emulation runs whole PAL frames (19,656 cycles, 50.125 Hz) against the wall
//! clock. Each wake-up runs the frames that are due, then the event loop sleeps until the
//! next one is (`ControlFlow::WaitUntil`); vsync is not relied upon (it does not throttle
//! on every display, e.g. Xvfb). A machine that falls more than a few frames behind (a slow
//! host, a debugger stop) drops the backlog instead of racing to catch up. Warp runs frames
//! for most of each 20 ms wake-up and shows the last one.

use super::audio::Audio;
use super::controls::{self, Hotkey};
use super::gamepad::Gamepads;
use super::keys::HostKey;
use super::machine::{Machine, Start};
use super::present::Presenter;
use super::{FrontendError, Options, Summary};
use crate::chips::vic::FRAME_WIDTH;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::{ElementState, MouseButton, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{KeyCode, ModifiersState, PhysicalKey};
use winit::window::{Fullscreen, Window, WindowId};

/// Frames the emulation may owe before the backlog is dropped.
const MAX_BEHIND: u64 = 5;
/// Wall time one warp wake-up spends emulating.
const WARP_SLICE: Duration = Duration::from_millis(20);
/// The save-state slot of Ctrl+F5 and Ctrl+F7, in the current folder.
const SLOT: &str = "breadbin-slot.state";
/// How long a message stays in the title.
const MESSAGE_TIME: Duration = Duration::from_secs(6);

/// Whole frames owed to the wall clock since `origin`, at the machine's `hz` frames a
/// second.
struct Pacer {
    origin: Instant,
    frames: u64,
    hz: f64,
}

impl Pacer {
    fn new(now: Instant, hz: f64) -> Self {
        Pacer {
            origin: now,
            frames: 0,
            hz,
        }
    }

    /// Start counting again from `now`.
    fn restart(&mut self, now: Instant) {
        *self = Pacer::new(now, self.hz);
    }

    fn due(&self, now: Instant) -> u64 {
        // The small bias makes a wake-up at exactly a deadline see its frame as due despite
        // the rounding of `deadline` to whole nanoseconds.
        (now.saturating_duration_since(self.origin).as_secs_f64() * self.hz + 1e-6) as u64
    }

    fn deadline(&self, frame: u64) -> Instant {
        self.origin + Duration::from_secs_f64(frame as f64 / self.hz)
    }

    /// Frames to run at `now`. More than [`MAX_BEHIND`] owed (a slow host, a stopped
    /// process): the backlog is forgotten and the rhythm kept from here, one frame owed.
    fn owed(&mut self, now: Instant) -> u64 {
        let due = self.due(now);
        if due > self.frames + MAX_BEHIND {
            let keep = Duration::from_secs_f64((self.frames + 1) as f64 / self.hz);
            if let Some(origin) = now.checked_sub(keep) {
                self.origin = origin;
            }
            return 1;
        }
        due.saturating_sub(self.frames)
    }
}

/// Real speed over the last second or so, in percent of a PAL C64.
struct SpeedMeter {
    since: Instant,
    cycles: u64,
    percent: Option<f64>,
}

struct App {
    machine: Machine,
    opts: Options,
    window: Option<Arc<Window>>,
    screen: Option<Presenter>,
    audio: Option<Audio>,
    pads: Gamepads,
    modifiers: ModifiersState,
    /// The mouse pointer in the window (physical pixels), and whether the left button (the
    /// light pen's) is held.
    cursor: (f64, f64),
    pen_down: bool,
    paused: bool,
    warp: bool,
    pacer: Pacer,
    speed: SpeedMeter,
    message: Option<(String, Instant)>,
    title: String,
    fatal: Option<FrontendError>,
    summary: Summary,
    last_frame_shown: u64,
}

/// Run the window until it is closed or quit.
pub(crate) fn run(
    event_loop: EventLoop<()>,
    machine: Machine,
    opts: Options,
) -> Result<Summary, FrontendError> {
    let audio = if opts.audio {
        match Audio::open(machine.session.c64.model()) {
            Ok(a) => Some(a),
            Err(e) => {
                eprintln!("breadbin: no sound ({e}); running silent");
                None
            }
        }
    } else {
        None
    };
    // The recording's file is checked before the window opens; written when it closes.
    let mut record_to = opts
        .record_keys
        .as_deref()
        .map(crate::host::output::PendingFile::create)
        .transpose()?;
    let mut machine = machine;
    if record_to.is_some() {
        machine.start_recording();
    }
    let (pads, pad_messages) = Gamepads::new();
    let now = Instant::now();
    let frame_hz = machine.session.c64.model().frame_hz();
    let mut app = App {
        speed: SpeedMeter {
            since: now,
            cycles: machine.session.c64.cycles(),
            percent: None,
        },
        machine,
        opts,
        window: None,
        screen: None,
        audio,
        pads,
        modifiers: ModifiersState::empty(),
        cursor: (0.0, 0.0),
        pen_down: false,
        paused: false,
        warp: false,
        pacer: Pacer::new(now, frame_hz),
        message: None,
        title: String::new(),
        fatal: None,
        summary: Summary::default(),
        last_frame_shown: u64::MAX,
    };
    for m in pad_messages {
        app.say(m);
    }
    event_loop
        .run_app(&mut app)
        .map_err(|e| FrontendError::Window(e.to_string()))?;
    // What the drive wrote reaches the image file even when the window closes mid-write.
    if let Err(e) = app.machine.disks.save(&mut app.machine.session.c64) {
        eprintln!("breadbin: {e}");
    }
    if let Err(e) = app.machine.save_cartridge() {
        eprintln!("breadbin: {e}");
    }
    if let Some(e) = app.fatal {
        return Err(e);
    }
    if let (Some(f), Some(r)) = (record_to.as_mut(), app.machine.recording()) {
        f.write_all(r.to_text().as_bytes())?;
        if let Some(why) = &app.machine.recording_stopped {
            eprintln!("breadbin: {why}");
        }
    }
    if let Some(f) = record_to {
        f.commit()?;
    }
    app.summary.emulated_cycles = app.machine.session.c64.cycles();
    if let Some(a) = &app.audio {
        use std::sync::atomic::Ordering::Relaxed;
        app.summary.audio = Some(super::AudioSummary {
            sample_rate: a.sample_rate,
            callbacks: a.stats.callbacks.load(Relaxed),
            played: a.stats.played.load(Relaxed),
        });
    }
    Ok(app.summary)
}

impl App {
    /// Show a message in the title (and the terminal) for a few seconds.
    fn say(&mut self, text: String) {
        eprintln!("breadbin: {text}");
        self.message = Some((text, Instant::now()));
        self.update_title();
    }

    fn update_title(&mut self) {
        let name = match self.machine.program() {
            Some(p) => p.short_name().to_string(),
            None if !self.machine.disks.is_empty() => self.machine.disks.current_name(),
            None => "BASIC".to_string(),
        };
        let mut state = if self.machine.session.c64.cpu().is_jammed() {
            format!(
                "CPU jammed at ${:04X} (Ctrl+F9/Ctrl+F10 resets)",
                self.machine.session.c64.cpu().pc
            )
        } else if self.machine.console.is_open() {
            "stopped: the monitor is open in the terminal".to_string()
        } else if self.paused {
            "paused (F9 resumes)".to_string()
        } else {
            let mode = if self.warp { "warp" } else { "running" };
            match self.speed.percent {
                Some(p) => format!("{mode} {p:.0}%"),
                None => mode.to_string(),
            }
        };
        state.push_str(&format!(", joystick port {}", self.machine.joystick_port()));
        if self.machine.start() == Start::Waiting {
            state.push_str(", waiting for READY to start the program");
        }
        if let Some(d) = super::disks::drive_text(&mut self.machine.session.c64) {
            state.push_str(", ");
            state.push_str(&d);
        }
        let mut title = format!("breadbin — {name} — {state}");
        if let Some((m, at)) = &self.message {
            if at.elapsed() < MESSAGE_TIME {
                title.push_str(" — ");
                title.push_str(m);
            } else {
                self.message = None;
            }
        }
        if title != self.title {
            if let Some(w) = &self.window {
                w.set_title(&title);
            }
            self.title = title;
        }
    }

    fn create_window(&mut self, el: &ActiveEventLoop) -> Result<(), FrontendError> {
        let mut scale = self.opts.scale.max(1);
        // The model's picture: 272 lines on PAL, fewer on NTSC.
        let rows = self.machine.session.c64.frame().len() / FRAME_WIDTH;
        if let Some(m) = el
            .primary_monitor()
            .or_else(|| el.available_monitors().next())
        {
            let size = m.size();
            let fits = |s: u32| {
                s == 1 || (FRAME_WIDTH as u32 * s <= size.width && rows as u32 * s <= size.height)
            };
            if size.width > 0 && size.height > 0 && !fits(scale) {
                let old = scale;
                while !fits(scale) {
                    scale -= 1;
                }
                eprintln!(
                    "breadbin: --scale {old} is larger than the {}x{} screen; using {scale}",
                    size.width, size.height
                );
            }
        }
        let size = PhysicalSize::new(FRAME_WIDTH as u32 * scale, rows as u32 * scale);
        let attrs = Window::default_attributes()
            .with_title("breadbin")
            .with_inner_size(size)
            .with_min_inner_size(PhysicalSize::new(FRAME_WIDTH as u32, rows as u32));
        let window = Arc::new(
            el.create_window(attrs)
                .map_err(|e| FrontendError::Window(super::os_reason(&e.to_string())))?,
        );
        let (screen, note) =
            Presenter::new(&window, self.opts.renderer, rows).map_err(FrontendError::Graphics)?;
        self.window = Some(window);
        self.screen = Some(screen);
        self.title.clear();
        if let Some(n) = note {
            self.say(n);
        }
        self.update_title();
        Ok(())
    }

    fn fail(&mut self, el: &ActiveEventLoop, e: FrontendError) {
        self.fatal = Some(e);
        el.exit();
    }

    /// Run the frames that are due; returns true when at least one ran.
    fn emulate(&mut self, now: Instant) -> bool {
        if self.paused
            || self.machine.console.is_open()
            || self.machine.session.c64.cpu().is_jammed()
        {
            return false;
        }
        let mut ran = 0u64;
        let loading =
            self.opts.warp_on_load && super::disks::motor_on(&mut self.machine.session.c64);
        if self.warp || loading {
            let start = Instant::now();
            while (ran == 0 || start.elapsed() < WARP_SLICE) && !self.machine.console.is_open() {
                self.machine.run_frame();
                // Warp is silent: the SID's samples are thrown away.
                self.machine.session.c64.sound_mut().discard();
                ran += 1;
            }
            self.pacer.restart(Instant::now());
        } else {
            for _ in 0..self.pacer.owed(now) {
                if self.machine.console.is_open() {
                    break;
                }
                self.machine.run_frame();
                self.feed_audio();
                self.pacer.frames += 1;
                ran += 1;
            }
        }
        self.summary.frames_emulated += ran;
        if ran > 0 {
            match self
                .machine
                .disks
                .after_frame(&mut self.machine.session.c64)
            {
                Ok(true) => self.say(format!("saved {}", self.machine.disks.current_name())),
                Ok(false) => {}
                Err(e) => self.say(e.to_string()),
            }
            for n in std::mem::take(&mut self.machine.disk_notes) {
                self.say(n);
            }
        }
        ran > 0
    }

    fn feed_audio(&mut self) {
        if let Some(a) = self.audio.as_mut() {
            a.push_frame(self.machine.session.c64.sound_mut());
        }
    }

    fn measure_speed(&mut self, now: Instant) {
        let dt = now.saturating_duration_since(self.speed.since);
        if dt >= Duration::from_secs(1) {
            let cycles = self.machine.session.c64.cycles();
            let dc = cycles.saturating_sub(self.speed.cycles);
            self.speed.percent = if self.paused {
                None
            } else {
                let hz = self.machine.session.c64.model().clock_hz as f64;
                Some(dc as f64 / (dt.as_secs_f64() * hz) * 100.0)
            };
            self.speed.since = now;
            self.speed.cycles = cycles;
        }
    }

    fn redraw(&mut self, el: &ActiveEventLoop) {
        let Some(screen) = self.screen.as_mut() else {
            return;
        };
        if let Err(e) = screen.draw(
            self.machine.session.c64.frame(),
            &self.machine.session.c64.model().palette(),
        ) {
            self.fail(
                el,
                FrontendError::Graphics(format!("cannot draw in the window: {e}")),
            );
            return;
        }
        self.summary.frames_presented += 1;
        self.last_frame_shown = self.machine.session.c64.frames();
        if let Some(n) = self.opts.quit_after_frames
            && self.summary.frames_presented >= n
        {
            el.exit();
        }
    }

    fn hotkey(&mut self, el: &ActiveEventLoop, h: Hotkey) {
        match h {
            Hotkey::Pause => {
                self.paused = !self.paused;
                self.machine.set_paused(self.paused);
                self.pacer.restart(Instant::now());
                self.speed.percent = None;
            }
            Hotkey::Warp => {
                self.warp = !self.warp;
                self.pacer.restart(Instant::now());
                self.speed.percent = None;
            }
            Hotkey::Fullscreen => {
                if let Some(w) = &self.window {
                    let full = if w.fullscreen().is_some() {
                        None
                    } else {
                        Some(Fullscreen::Borderless(None))
                    };
                    w.set_fullscreen(full);
                }
            }
            Hotkey::Screenshot => match save_screenshot(
                self.machine.session.c64.frame(),
                &self.machine.session.c64.model().palette(),
            ) {
                Ok(p) => self.say(format!("screenshot saved: {}", p.display())),
                Err(e) => self.say(e),
            },
            Hotkey::SoftReset => {
                self.machine.soft_reset();
                self.say("soft reset".into());
            }
            Hotkey::HardReset => {
                self.machine.hard_reset();
                self.say("hard reset".into());
            }
            Hotkey::Quit => el.exit(),
            Hotkey::Monitor => self.machine.open_monitor(),
            Hotkey::NextDisk => {
                if self.machine.disks.is_empty() {
                    self.say("no disks given (--disk FILE, repeatable)".into());
                } else {
                    match self.machine.disks.swap(&mut self.machine.session.c64) {
                        Ok(name) => self.say(format!("drive 8: {name}")),
                        Err(e) => self.say(e.to_string()),
                    }
                }
            }
            Hotkey::Paste => {
                let text = arboard::Clipboard::new().and_then(|mut c| c.get_text());
                match text {
                    Ok(t) => {
                        let (typed, skipped) = self.machine.paste(&t);
                        let mut m = format!("pasting {typed} characters");
                        if skipped > 0 {
                            m.push_str(&format!(" ({skipped} without a C64 key left out)"));
                        }
                        self.say(m);
                    }
                    Err(e) => self.say(format!("nothing to paste: {e}")),
                }
            }
            Hotkey::SwapJoystickPorts => {
                let port = self.machine.swap_joystick_ports();
                self.say(format!("joysticks now in port {port}"));
            }
            Hotkey::Freeze => {
                if self.machine.session.c64.freeze() {
                    self.say("freeze button pressed".into());
                } else {
                    self.say("no cartridge with a freeze button in the port".into());
                }
            }
            Hotkey::SaveState => match self.machine.save_state(Path::new(SLOT)) {
                Ok(()) => self.say(format!("state saved to {SLOT}")),
                Err(e) => self.say(e.to_string()),
            },
            Hotkey::LoadState => match self.machine.load_state(Path::new(SLOT)) {
                Ok(()) => {
                    self.pacer.restart(Instant::now());
                    self.say(format!("state loaded from {SLOT}"));
                }
                Err(e) => self.say(format!("state not loaded: {e}")),
            },
        }
        self.update_title();
    }

    fn dropped_file(&mut self, path: &Path) {
        match self.machine.start_file(path) {
            Ok(name) => self.say(format!("starting {name}")),
            Err(e) => self.say(format!("cannot start it: {e}")),
        }
    }
}

/// Write the frame as `breadbin-NNNN.png`, the first free number in the current folder.
fn save_screenshot(frame: &[u8], palette: &crate::chips::vic::Palette) -> Result<PathBuf, String> {
    for n in 1..10_000 {
        let p = PathBuf::from(format!("breadbin-{n:04}.png"));
        let file = match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&p)
        {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("{}: cannot write the screenshot: {e}", p.display())),
        };
        use std::io::Write;
        let mut w = std::io::BufWriter::new(file);
        return w
            .write_all(&crate::chips::vic::frame_png(frame, palette))
            .and_then(|_| w.flush())
            .map(|_| p.clone())
            .map_err(|e| format!("{}: cannot write the screenshot: {e}", p.display()));
    }
    Err("no free screenshot name (breadbin-0001.png to breadbin-9999.png exist)".into())
}

impl App {
    /// The light pen sees the picture where the mouse is while its left button is held.
    fn aim_light_pen(&mut self) {
        let at = match &self.screen {
            Some(screen) if self.pen_down => screen.frame_pixel(self.cursor),
            _ => None,
        };
        self.machine.set_light_pen(at);
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, el: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        if let Err(e) = self.create_window(el) {
            self.fail(el, e);
            return;
        }
        self.pacer.restart(Instant::now());
        el.set_control_flow(ControlFlow::WaitUntil(self.pacer.deadline(1)));
    }

    fn window_event(&mut self, el: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => el.exit(),
            WindowEvent::Resized(size) => {
                if let Some(p) = self.screen.as_mut()
                    && let Err(e) = p.resize(size.width, size.height)
                {
                    self.fail(
                        el,
                        FrontendError::Graphics(format!("cannot draw in the window: {e}")),
                    );
                    return;
                }
                if let Some(w) = &self.window {
                    w.request_redraw();
                }
            }
            WindowEvent::RedrawRequested => self.redraw(el),
            WindowEvent::ModifiersChanged(m) => self.modifiers = m.state(),
            WindowEvent::Focused(false) => self.machine.release_all_keys(),
            WindowEvent::DroppedFile(path) => self.dropped_file(&path),
            WindowEvent::CursorMoved { position, .. } => {
                self.cursor = (position.x, position.y);
                self.aim_light_pen();
            }
            WindowEvent::CursorLeft { .. } => {
                self.pen_down = false;
                self.aim_light_pen();
            }
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Left,
                ..
            } if self.opts.light_pen => {
                self.pen_down = state == ElementState::Pressed;
                self.aim_light_pen();
            }
            WindowEvent::KeyboardInput { event, .. } => {
                if event.state == ElementState::Pressed
                    && !event.repeat
                    && let PhysicalKey::Code(code) = event.physical_key
                    && let Some(h) = controls::hotkey_with(
                        code,
                        self.modifiers.control_key(),
                        self.modifiers.shift_key(),
                    )
                {
                    self.hotkey(el, h);
                    return;
                }
                if let PhysicalKey::Code(KeyCode::F9 | KeyCode::F10 | KeyCode::F11 | KeyCode::F12) =
                    event.physical_key
                {
                    return;
                }
                self.machine.key_event(&HostKey {
                    physical: event.physical_key,
                    logical: event.logical_key.clone(),
                    pressed: event.state == ElementState::Pressed,
                    repeat: event.repeat,
                });
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, el: &ActiveEventLoop) {
        if self.window.is_none() {
            return;
        }
        for m in self.pads.poll() {
            self.say(m);
        }
        self.machine.set_gamepad_bits(self.pads.bits());
        if self.machine.poll_monitor() {
            self.pacer.restart(Instant::now());
        }
        if self.machine.console.take_quit() {
            el.exit();
        }
        let now = Instant::now();
        self.emulate(now);
        if self.machine.session.c64.frames() != self.last_frame_shown
            && let Some(w) = &self.window
        {
            w.request_redraw();
        }
        self.measure_speed(now);
        self.update_title();
        let next = if self.warp {
            Instant::now()
        } else if self.paused || self.machine.console.is_open() {
            now + Duration::from_millis(50)
        } else {
            self.pacer.deadline(self.pacer.frames + 1)
        };
        el.set_control_flow(ControlFlow::WaitUntil(next));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PAL C64's frame rate.
    const HZ: f64 = 985_248.0 / 19_656.0;

    fn at(p: &Pacer, seconds: f64) -> Instant {
        p.origin + Duration::from_secs_f64(seconds)
    }

    #[test]
    fn pacer_owes_whole_pal_frames() {
        let mut p = Pacer::new(Instant::now(), HZ);
        assert_eq!(p.owed(at(&p, 0.0)), 0);
        // 50.125 frames a second: 19.95 ms each.
        assert_eq!(p.owed(at(&p, 0.0199)), 0);
        assert_eq!(p.owed(at(&p, 0.0200)), 1);
        assert_eq!(p.owed(at(&p, 0.0999)), 5);
        p.frames = 5;
        assert_eq!(p.owed(at(&p, 0.1)), 0);
        let next = p.deadline(p.frames + 1);
        assert_eq!(p.owed(next), 1);
        // 20 seconds' worth of frames.
        p.frames = 0;
        assert_eq!(p.due(at(&p, 20.0)), 1002);
    }

    #[test]
    fn pacer_drops_a_backlog_instead_of_racing() {
        let mut p = Pacer::new(Instant::now(), HZ);
        p.frames = 10;
        let late = at(&p, 3.0);
        assert_eq!(p.owed(late), 1, "one frame, not 140");
        p.frames += 1;
        assert_eq!(p.owed(late), 0);
        // The rhythm goes on from there.
        assert_eq!(p.owed(late + Duration::from_secs_f64(1.0 / HZ)), 1);
    }
}
