//! Playing in a window (feature `frontend`): winit for the window and input, pixels for the
//! 384x272 picture scaled by an integer factor, cpal for sound, gilrs for gamepads.
//!
//! - [`window`]: the event loop, PAL pacing (50.125 Hz), the title with the machine's state,
//!   fullscreen, dropped files.
//! - [`machine`]: the C64 with autostart, the key queue and joysticks (no window needed).
//! - [`keys`]: host keys → the C64 keyboard matrix (symbolic mapping, minimum hold time).
//! - [`controls`]: the window's own hot keys (F9-F12).
//! - [`gamepad`]: gilrs pads → joystick port 2 (or 1).
//! - [`audio`]: the SID's samples through a lock-free ring to a cpal stream.
//!
//! Its place among the layers: ARCHITECTURE.md.

pub mod audio;
pub mod controls;
pub mod disks;
pub mod gamepad;
pub mod keys;
pub mod machine;
pub mod monitor;
pub mod present;
pub(crate) mod window;

use crate::Roms;
use crate::media::Program;
use machine::Machine;
use std::path::PathBuf;
use winit::event_loop::EventLoop;

/// What the window runs and how.
#[derive(Debug, Clone)]
pub struct Options {
    /// A `.prg` or `.bas` file to autostart; `None` plays `game`.
    pub file: Option<PathBuf>,
    /// The game played without a file: its name and BASIC text (the command line's
    /// embedded game).
    pub game: Option<(&'static str, &'static str)>,
    /// A machine-language game played without a file: its name and PRG image (with
    /// `pokes` written before its RUN).
    pub prg_game: Option<(&'static str, &'static [u8])>,
    /// Values written to memory before the program's RUN.
    pub pokes: Vec<(u16, u8)>,
    /// What `file` is, when its extension does not say.
    pub file_kind: Option<crate::media::ProgramKind>,
    /// Start at BASIC's READY prompt, not the embedded game.
    pub basic: bool,
    /// Genuine ROM images from this folder instead of the open ROMs.
    pub roms: Option<PathBuf>,
    /// The C64 emulated.
    pub model: crate::c64::Model,
    /// Integer scale of the 384x272 picture (lowered if the screen is smaller).
    pub scale: u32,
    /// Joysticks on port 1 instead of port 2.
    pub port1: bool,
    /// The numeric keypad is a joystick.
    pub numpad_joystick: bool,
    /// The mouse is a light pen: while the left button is held over the picture, the VIC
    /// sees the pen's light there once a frame.
    pub light_pen: bool,
    /// Open a sound stream (off: run silent without trying).
    pub audio: bool,
    /// Close the window after this many frames were shown (scripts and tests).
    pub quit_after_frames: Option<u64>,
    /// How the picture is drawn: the GPU, software, or the GPU falling back to software.
    pub renderer: present::Renderer,
    /// The moment of the autostart's `RUN` (and so a game's clock-seeded random numbers):
    /// from this seed at every power-on, or random when `None`.
    pub seed: Option<u64>,
    /// Record the session's keys to this file (see [`crate::host::recording`]), written when the
    /// window closes.
    pub record_keys: Option<PathBuf>,
    /// D64 images for drive 8, the first in the drive (a D64 as `file` goes first and is
    /// started).
    pub disks: Vec<PathBuf>,
    /// Never write the disk images back.
    pub disk_read_only: bool,
    /// Run at full speed while the drive's motor runs.
    pub warp_on_load: bool,
    /// What is in the expansion port at every power-on.
    pub port: Option<crate::host::cartridge::PortDevice>,
    /// Save what the machine wrote to the cartridge's flash back to its file on exit.
    pub cartridge_write: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            file: None,
            game: None,
            prg_game: None,
            pokes: Vec::new(),
            file_kind: None,
            basic: false,
            roms: None,
            model: crate::c64::Model::default(),
            scale: 2,
            port1: false,
            numpad_joystick: false,
            light_pen: true,
            audio: true,
            quit_after_frames: None,
            renderer: present::Renderer::Auto,
            seed: None,
            record_keys: None,
            disks: Vec::new(),
            disk_read_only: false,
            warp_on_load: false,
            port: None,
            cartridge_write: false,
        }
    }
}

/// What a window session did (for tests and scripts).
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub frames_emulated: u64,
    pub frames_presented: u64,
    pub emulated_cycles: u64,
    pub audio: Option<AudioSummary>,
}

#[derive(Debug, Clone, Default)]
pub struct AudioSummary {
    pub sample_rate: u32,
    pub callbacks: u64,
    pub played: u64,
}

/// Why the window could not run. Each is one line for the terminal.
#[derive(Debug, thiserror::Error)]
pub enum FrontendError {
    #[error("cannot open a window: {0}. Without a display, use `breadbin run --headless [FILE]`")]
    NoDisplay(String),
    #[error("window: {0}")]
    Window(String),
    #[error("{0}")]
    Graphics(String),
    #[error("{0}")]
    Roms(#[from] crate::c64::roms::RomError),
    #[error("{0}")]
    Output(#[from] crate::host::output::OutputError),
    #[error("{0}")]
    Program(#[from] crate::media::MediaError),
    #[error("{0}")]
    Disk(#[from] crate::host::disk::DiskError),
    #[error("{0}")]
    Model(#[from] crate::c64::model::ModelError),
    #[error("{0}")]
    Cartridge(String),
    #[error("the embedded game {name} does not tokenize: {message}")]
    Game { name: String, message: String },
}

/// The event loop, or a one-line reason why there is no display. `any_thread` allows it on
/// a thread other than the main one (tests run on worker threads); only one event loop may
/// exist per process.
pub fn new_event_loop(any_thread: bool) -> Result<EventLoop<()>, FrontendError> {
    let mut builder = EventLoop::builder();
    #[cfg(any(
        target_os = "linux",
        target_os = "dragonfly",
        target_os = "freebsd",
        target_os = "netbsd",
        target_os = "openbsd"
    ))]
    {
        use winit::platform::x11::EventLoopBuilderExtX11;
        EventLoopBuilderExtX11::with_any_thread(&mut builder, any_thread);
        use winit::platform::wayland::EventLoopBuilderExtWayland;
        EventLoopBuilderExtWayland::with_any_thread(&mut builder, any_thread);
    }
    #[cfg(target_os = "windows")]
    {
        use winit::platform::windows::EventLoopBuilderExtWindows;
        builder.with_any_thread(any_thread);
    }
    builder
        .build()
        .map_err(|e| FrontendError::NoDisplay(os_reason(&e.to_string())))
}

/// winit's OS errors read "os error at <source file>:<line>: <reason>"; the user needs the
/// reason only.
fn os_reason(text: &str) -> String {
    let reason = match text.find(".rs:") {
        Some(i) => text[i + 4..].split_once(": ").map_or(text, |(_, r)| r),
        None => text,
    };
    reason.trim().trim_end_matches('.').to_string()
}

/// The machine the options ask for: ROMs loaded, the program read or the game tokenized.
/// Every bad input is reported here, before a window opens.
pub fn machine(opts: &Options) -> Result<Machine, FrontendError> {
    let roms = Roms::load(opts.roms.as_deref())?;
    let mut disks = opts.disks.clone();
    let disk_start = opts
        .file
        .clone()
        .filter(|f| opts.file_kind.is_none() && crate::media::disk::is_disk_image(f));
    if let Some(f) = &disk_start {
        disks.insert(0, f.clone());
    }
    let program = match (&opts.file, opts.basic) {
        _ if disk_start.is_some() => None,
        (Some(f), _) => Some(Program::from_file_as(f, opts.file_kind)?),
        (None, true) => None,
        (None, false) if opts.prg_game.is_some() => {
            let (name, bytes) = opts.prg_game.unwrap_or_default();
            let prg = crate::media::Prg::parse(bytes, std::path::Path::new(name))?;
            Some(Program {
                name: name.to_string(),
                prg,
                labels: Default::default(),
            })
        }
        (None, false) => match opts.game {
            Some((name, source)) => {
                Some(
                    Program::from_basic(name, source).map_err(|e| FrontendError::Game {
                        name: name.to_string(),
                        message: e.to_string(),
                    })?,
                )
            }
            None => None,
        },
    };
    let mut m = Machine::new(roms, program, opts.numpad_joystick, opts.port1);
    if let Some(p) = &opts.port {
        m.cartridge = Some(p.make().map_err(FrontendError::Cartridge)?);
        if let (true, crate::host::cartridge::PortDevice::Cartridge(path, _)) =
            (opts.cartridge_write, p)
        {
            m.cartridge_file = Some(path.clone());
        }
    }
    m.set_model(opts.model)?;
    m.set_pokes(opts.pokes.clone());
    m.set_disks(
        disks::Disks::new(disks, opts.disk_read_only),
        disk_start.is_some(),
    )?;
    m.set_start_variation(match opts.seed {
        Some(s) => crate::host::autostart::StartVariation::Seed(s),
        None => crate::host::autostart::StartVariation::Random,
    });
    Ok(m)
}

/// Open the window and play until it is closed.
pub fn run(opts: Options) -> Result<Summary, FrontendError> {
    let m = machine(&opts)?;
    let event_loop = new_event_loop(false)?;
    window::run(event_loop, m, opts)
}

/// Like [`run`] on a given event loop (tests make theirs with [`new_event_loop`]).
pub fn run_on(event_loop: EventLoop<()>, opts: Options) -> Result<Summary, FrontendError> {
    let m = machine(&opts)?;
    window::run(event_loop, m, opts)
}
