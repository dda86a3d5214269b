//! The `breadbin` command: plays the dungeon in a window by default; subcommands for
//! headless runs, BASIC text tools, disk images, the flat-RAM CPU runner, the profiler and
//! benchmarks.

#![warn(unreachable_pub)]

mod cli;

use breadbin::chips::cpu::{Cpu, FlatRam};
use breadbin::run::headless::{self, RunOptions};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "breadbin", version, about = "A cycle-level Commodore 64 with its own open ROMs", long_about = None)]
#[cfg_attr(feature = "frontend", command(after_help = breadbin::frontend::controls::HELP))]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
    #[command(flatten)]
    window: WindowArgs,
}

#[derive(Args, Debug, Clone, Default)]
struct WindowArgs {
    /// A .prg or .bas file to autostart (default: the dungeon game).
    file: Option<PathBuf>,
    #[command(flatten)]
    kind: KindArgs,
    /// Start at a plain READY prompt instead of the dungeon.
    #[arg(long)]
    basic: bool,
    /// A D64 for drive 8 (repeatable: Ctrl+F11 puts the next one in). Needs a 1541 DOS
    /// among --roms. What the drive writes is saved back to the file.
    #[arg(long, value_name = "FILE")]
    disk: Vec<PathBuf>,
    /// Never write the disk images back.
    #[arg(long)]
    disk_readonly: bool,
    /// Run at full speed while the drive's motor runs.
    #[arg(long)]
    warp_on_load: bool,
    /// Use genuine ROM images from this folder instead of the open ROMs.
    #[arg(long, value_name = "DIR")]
    roms: Option<PathBuf>,
    #[command(flatten)]
    model: cli::model::ModelArgs,
    #[command(flatten)]
    port: cli::model::PortArgs,
    /// Integer window scale factor (1-8).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=8))]
    scale: u32,
    /// Joystick: use gamepads on port 1 instead of port 2.
    #[arg(long)]
    port1: bool,
    /// Keyboard joystick on the numeric keypad (8/2/4/6, 7/9/1/3 diagonals, 0 or 5 fire).
    #[arg(long)]
    numpad_joystick: bool,
    /// The mouse as a light pen (on or off): hold the left button over the picture.
    #[arg(long, value_name = "ON|OFF", default_value = "on", value_parser = on_off, action = clap::ArgAction::Set)]
    lightpen: bool,
    /// Do not open a sound device.
    #[arg(long)]
    no_sound: bool,
    /// How the picture is drawn: auto (the GPU, or software without a graphics adapter),
    /// gpu, or software.
    #[cfg(feature = "frontend")]
    #[arg(long, value_name = "MODE", default_value = "auto")]
    renderer: breadbin::frontend::present::Renderer,
    /// Repeatable starts: the autostart types RUN at the moment this seed gives (the jiffy
    /// clock TI and the frames waited), the same at every launch and hard reset. Without it
    /// each start differs, as when a person types RUN, so the dungeon is a fresh one. (Not
    /// `profile`'s and `bench-turns`' --seed, which POKEs the game's own seed.)
    #[arg(long = "start-seed", value_name = "N")]
    seed: Option<u64>,
    /// Record the session's keys to FILE (written when the window closes), to replay with
    /// `breadbin bench-turns --keys FILE`.
    #[arg(long, value_name = "FILE")]
    record_keys: Option<PathBuf>,
    /// Close the window after this many frames were shown (for scripts).
    #[arg(long, value_name = "N", hide = true)]
    quit_after_frames: Option<u64>,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Run the machine (headless with --headless): autostart, type, then report.
    Run(RunArgs),
    /// Tokenize BASIC text into a PRG.
    Tokenize {
        input: PathBuf,
        #[arg(short, long)]
        output: PathBuf,
        /// Also write the label map (label -> line, line -> source position).
        #[arg(long, value_name = "OUT.map")]
        labels: Option<PathBuf>,
    },
    /// List a tokenized BASIC PRG as text.
    List { input: PathBuf },
    /// Run a raw 6502 image on a flat 64 KiB RAM until it traps (JMP * or a branch to itself).
    Cpu(CpuArgs),
    /// Profile a BASIC program: cycles per line and per label, inclusive and exclusive.
    Profile(cli::profile::ProfileArgs),
    /// Measure a game's turns: total time and time in one subroutine, per turn.
    BenchTurns(cli::turns::BenchTurnsArgs),
    /// Run BASIC benchmarks and compare their printed cycle counts with genuine figures.
    BenchBasic(cli::profile::BenchBasicArgs),
    /// Run the VICE test bench's exit-code programs and count the passes per folder.
    Testbench(cli::testbench::TestbenchArgs),
    /// Make, list, read, write, check and repair 1541 disk images (D64; G64 read only).
    Disk(cli::disk::DiskArgs),
    /// Play STARLINK, the star-linking puzzle, in the window.
    Starlink(cli::starlink::StarlinkArgs),
    /// Generate STARLINK puzzles headless on the C64 and check each with the rules
    /// reference; count the refused (A, G, B) triples by cause.
    StarlinkCheck(cli::starlink::StarlinkCheckArgs),
    /// Compare two WAV recordings of one program by their log-spectrograms; B is the
    /// reference.
    WavCompare(cli::wavcmp::WavCompareArgs),
    /// Compare two instruction traces (breadbin's or VICE's format, plain or .gz); B is the
    /// reference. Exit 1 at the first difference.
    TraceDiff {
        a: PathBuf,
        b: PathBuf,
        #[command(flatten)]
        opts: TraceCompareArgs,
    },
}

/// How two traces are compared (`run --expect-trace` and `trace-diff`).
#[derive(Args, Debug, Clone)]
struct TraceCompareArgs {
    /// Leave these fields out of the comparison: pc, a, x, y, sp, p, cycles (comma-separated).
    #[arg(long, value_name = "FIELDS", value_parser = breadbin::host::trace::Ignore::parse)]
    trace_ignore: Option<breadbin::host::trace::Ignore>,
    /// Start the trace and the comparison the first time the PC reaches ADDR (in each trace);
    /// cycles are then compared from there.
    #[arg(long, value_name = "ADDR", value_parser = parse_addr)]
    trace_from: Option<u16>,
}

#[derive(Args, Debug)]
struct RunArgs {
    /// A .prg or .bas file to autostart once BASIC is at its prompt.
    file: Option<PathBuf>,
    #[command(flatten)]
    kind: KindArgs,
    /// No window: run, then report.
    #[arg(long)]
    headless: bool,
    #[arg(long, value_name = "DIR")]
    roms: Option<PathBuf>,
    #[command(flatten)]
    model: cli::model::ModelArgs,
    #[command(flatten)]
    port: cli::model::PortArgs,
    /// The program of a T64 archive to start (its first without this).
    #[arg(long, requires = "headless", value_name = "NAME")]
    entry: Option<String>,
    /// Emulated cycles to run (from power-on).
    #[arg(long, requires = "headless", conflicts_with_all = ["frames", "seconds"])]
    cycles: Option<u64>,
    /// Emulated PAL frames to run.
    #[arg(long, requires = "headless", conflicts_with = "seconds")]
    frames: Option<u64>,
    /// Emulated seconds to run.
    #[arg(long, requires = "headless", value_parser = parse_seconds)]
    seconds: Option<f64>,
    /// Keys to type through the keyboard matrix ({RETURN}-style names allowed).
    #[arg(long, requires = "headless", value_name = "TEXT")]
    r#type: Option<String>,
    /// Write VALUE to ADDR after boot, before the autostart's RUN (repeatable).
    #[arg(long, requires = "headless", value_name = "ADDR=VALUE", value_parser = parse_poke)]
    poke: Vec<(u16, u8)>,
    /// End when the autostarted program has finished and BASIC is back at READY.
    #[arg(long, requires = "headless")]
    until_ready: bool,
    /// End when a value is written to $D7FF and exit with that value.
    #[arg(long, requires = "headless")]
    exit_on_d7ff: bool,
    /// Write the frame at exit as PNG.
    #[arg(long, requires = "headless", value_name = "PNG")]
    screenshot: Option<PathBuf>,
    /// Print the 40x25 text screen at exit on stdout (PETSCII graphics as Unicode
    /// look-alikes).
    #[arg(long, requires = "headless")]
    screen_text: bool,
    /// With --screen-text: plain ASCII (graphics as ?, £ ↑ ← π as \\ ^ _ ~).
    #[arg(long, requires = "screen_text")]
    ascii: bool,
    /// Write memory START-END (inclusive, as the CPU sees it) to FILE at exit (repeatable).
    #[arg(long, requires = "headless", value_name = "START-END=FILE", value_parser = parse_dump)]
    dump: Vec<(u16, u16, PathBuf)>,
    /// Write one line per instruction to FILE.
    #[arg(long, requires = "headless", value_name = "FILE")]
    trace: Option<PathBuf>,
    /// Compare the run with a trace (breadbin's or VICE's format, plain or .gz) instruction by
    /// instruction; stop at the first difference (exit 1) or where the reference ends.
    #[arg(long, requires = "headless", value_name = "FILE")]
    expect_trace: Option<PathBuf>,
    #[command(flatten)]
    trace_compare: TraceCompareArgs,
    /// Start from a save state instead of power-on (the time limit counts from there).
    #[arg(long, requires = "headless", value_name = "FILE")]
    load_state: Option<PathBuf>,
    /// Save the machine's state to FILE at exit.
    #[arg(long, requires = "headless", value_name = "FILE")]
    save_state: Option<PathBuf>,
    /// Write the run's sound (the SID's output) to FILE as a 48 kHz mono WAV.
    #[arg(long, requires = "headless", value_name = "FILE")]
    wav: Option<PathBuf>,
    /// Put this D64 in drive 8 without starting anything (a D64 given as FILE is attached
    /// and its first program started). What the drive writes is saved back to the file.
    #[arg(long, requires = "headless", value_name = "FILE")]
    disk: Option<PathBuf>,
    /// Never write the disk image back.
    #[arg(long, requires = "headless")]
    disk_readonly: bool,
    /// Run a monitor script: its commands before the machine starts and at each stop
    /// (README, "The monitor").
    #[arg(long, requires = "headless", value_name = "SCRIPT")]
    monitor: Option<PathBuf>,
}

/// What the program file is, when its name does not end in .prg or .bas.
#[derive(Args, Debug, Clone, Default)]
struct KindArgs {
    /// The file is a PRG (load address, then data), whatever its name.
    #[arg(long, conflicts_with = "bas")]
    prg: bool,
    /// The file is BASIC text, whatever its name.
    #[arg(long)]
    bas: bool,
}

impl KindArgs {
    fn kind(&self) -> Option<breadbin::media::ProgramKind> {
        use breadbin::media::ProgramKind;
        match (self.prg, self.bas) {
            (true, _) => Some(ProgramKind::Prg),
            (_, true) => Some(ProgramKind::Bas),
            _ => None,
        }
    }
}

/// Seconds of emulated time: a finite number, zero or more.
fn parse_seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !v.is_finite() || v < 0.0 {
        return Err(format!("'{s}': seconds must be a finite number, 0 or more"));
    }
    Ok(v)
}

#[derive(Args, Debug)]
struct CpuArgs {
    image: PathBuf,
    /// Load address of the image.
    #[arg(long, default_value = "0", value_parser = parse_addr)]
    load: u16,
    /// Start address (default: the load address).
    #[arg(long, value_parser = parse_addr)]
    start: Option<u16>,
    /// Give up after this many cycles.
    #[arg(long, default_value_t = 1_000_000_000)]
    cycles: u64,
    /// Exit 0 only if the trap is at this address.
    #[arg(long, value_parser = parse_addr)]
    success: Option<u16>,
}

/// Parse `$C000`, `0xC000` or `49152`.
fn parse_addr(s: &str) -> Result<u16, String> {
    parse_number(s)
        .and_then(|v| u16::try_from(v).map_err(|_| format!("address {s} is above $FFFF")))
}

fn parse_number(s: &str) -> Result<u32, String> {
    let t = s.trim();
    let r = if let Some(h) = t.strip_prefix('$') {
        u32::from_str_radix(h, 16)
    } else if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u32::from_str_radix(h, 16)
    } else {
        t.parse()
    };
    r.map_err(|_| format!("'{s}' is not a number (use 49152, $C000 or 0xC000)"))
}

fn parse_poke(s: &str) -> Result<(u16, u8), String> {
    let (a, v) = s
        .split_once('=')
        .ok_or_else(|| format!("'{s}': expected ADDR=VALUE"))?;
    let addr = parse_addr(a)?;
    let value = parse_number(v)?;
    let value = u8::try_from(value).map_err(|_| format!("'{s}': value {value} is above 255"))?;
    Ok((addr, value))
}

fn parse_dump(s: &str) -> Result<(u16, u16, PathBuf), String> {
    let (range, file) = s
        .split_once('=')
        .ok_or_else(|| format!("'{s}': expected START-END=FILE"))?;
    let (a, b) = range
        .split_once('-')
        .ok_or_else(|| format!("'{s}': expected START-END=FILE"))?;
    let (a, b) = (parse_addr(a)?, parse_addr(b)?);
    if b < a {
        return Err(format!("'{s}': end ${b:04X} is below start ${a:04X}"));
    }
    if file.is_empty() {
        return Err(format!("'{s}': missing FILE"));
    }
    Ok((a, b, PathBuf::from(file)))
}

fn main() -> ExitCode {
    // Ctrl-C or a kill: no hidden half-written output is left behind.
    let _ = ctrlc::set_handler(|| {
        breadbin::host::output::remove_pending();
        std::process::exit(130);
    });
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e)
            if e.kind() == clap::error::ErrorKind::MissingRequiredArgument
                && e.to_string().contains("--headless") =>
        {
            // One line for the common slip, instead of clap's usage block.
            eprintln!(
                "breadbin run: these options need --headless (without it `breadbin run` opens \
                 the window, which does not take them)"
            );
            return ExitCode::from(2);
        }
        Err(e) => e.exit(),
    };
    let result = match cli.cmd {
        None => window(&cli.window),
        Some(Cmd::Run(args)) => run(args),
        Some(Cmd::Tokenize {
            input,
            output,
            labels,
        }) => tokenize(&input, &output, labels.as_deref()),
        Some(Cmd::List { input })
            if input
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("t64")) =>
        {
            list_t64(&input)
        }
        Some(Cmd::List { input }) => breadbin::basic::list_file(&input)
            .map(|text| {
                print!("{text}");
                ExitCode::SUCCESS
            })
            .map_err(|e| e.to_string()),
        Some(Cmd::Cpu(args)) => cpu(&args),
        Some(Cmd::Profile(args)) => cli::profile::profile(&args),
        Some(Cmd::BenchTurns(args)) => cli::turns::bench_turns(&args),
        Some(Cmd::BenchBasic(args)) => cli::profile::bench_basic(&args),
        Some(Cmd::Testbench(args)) => cli::testbench::testbench(&args),
        Some(Cmd::Disk(args)) => cli::disk::disk(&args),
        Some(Cmd::Starlink(args)) => starlink(&args),
        Some(Cmd::StarlinkCheck(args)) => cli::starlink::starlink_check(&args),
        Some(Cmd::WavCompare(args)) => cli::wavcmp::wav_compare(&args),
        Some(Cmd::TraceDiff { a, b, opts }) => breadbin::host::trace::diff_files(
            &a,
            &b,
            opts.trace_ignore.unwrap_or_default(),
            opts.trace_from,
        )
        .map(|v| {
            print!("{}", v.text());
            ExitCode::from(v.exit_code())
        })
        .map_err(|e| e.to_string()),
    };
    match result {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("breadbin: {msg}");
            ExitCode::from(1)
        }
    }
}

fn tokenize(
    input: &std::path::Path,
    output: &std::path::Path,
    labels: Option<&std::path::Path>,
) -> Result<ExitCode, String> {
    let t = breadbin::basic::tokenize_file(input).map_err(|e| e.to_string())?;
    for w in &t.warnings {
        eprintln!("breadbin: {w}");
    }
    // Both files or neither.
    let map = labels.map(|l| (l, t.labels.to_text()));
    let mut files: Vec<(&std::path::Path, &[u8])> = vec![(output, &t.prg)];
    if let Some((l, text)) = &map {
        files.push((l, text.as_bytes()));
    }
    breadbin::host::output::write_all_or_none(&files).map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

fn run(a: RunArgs) -> Result<ExitCode, String> {
    let t = &a.trace_compare;
    if !a.headless && (t.trace_ignore.is_some() || t.trace_from.is_some()) {
        return Err("--trace-ignore and --trace-from need --headless".into());
    }
    if !a.headless {
        let w = WindowArgs {
            file: a.file.clone(),
            kind: a.kind.clone(),
            roms: a.roms.clone(),
            model: a.model.clone(),
            port: a.port.clone(),
            scale: 2,
            ..Default::default()
        };
        return window(&w);
    }
    if a.entry.is_some() && a.file.is_none() {
        return Err(
            "--entry names a program of the T64 archive FILE, and no FILE was given".into(),
        );
    }
    let limit = match (a.cycles, a.frames, a.seconds) {
        (Some(c), _, _) => Some(headless::Limit::Cycles(c)),
        (_, Some(f), _) => Some(headless::Limit::Frames(f)),
        (_, _, Some(s)) => Some(headless::Limit::Seconds(s)),
        _ => None,
    };
    let opts = RunOptions {
        roms: a.roms,
        model: a.model.model()?,
        port: a.port.device(),
        cartridge_write: a.port.cartridge_write,
        limit,
        autostart: a.file,
        autostart_kind: a.kind.kind(),
        entry: a.entry,
        type_text: a.r#type,
        pokes: a.poke,
        until_ready: a.until_ready,
        exit_on_d7ff: a.exit_on_d7ff,
        screenshot: a.screenshot,
        screen_text: a.screen_text,
        dumps: a.dump,
        trace: a.trace,
        trace_from: a.trace_compare.trace_from,
        expect_trace: a.expect_trace,
        trace_ignore: a.trace_compare.trace_ignore.unwrap_or_default(),
        load_state: a.load_state,
        save_state: a.save_state,
        wav: a.wav,
        disk: a.disk,
        disk_read_only: a.disk_readonly,
        monitor: a.monitor,
    };
    let headless::Run {
        outcome,
        c64,
        verdict,
    } = headless::run_full(&opts).map_err(|e| e.to_string())?;
    if let Some(v) = &verdict {
        print!("{}", v.text());
    }
    if opts.screen_text {
        let style = if a.ascii {
            breadbin::basic::TextStyle::Ascii
        } else {
            breadbin::basic::TextStyle::Unicode
        };
        print!("{}", c64.screen_text(style));
    }
    if let Some(m) = outcome.message() {
        eprintln!("breadbin: {m}");
    }
    Ok(ExitCode::from(outcome.exit_code() as u8))
}

/// `breadbin list FILE.t64`: the archive's directory.
fn list_t64(path: &std::path::Path) -> Result<ExitCode, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let tape =
        breadbin::media::t64::T64::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    print!("{}", tape.listing());
    Ok(ExitCode::SUCCESS)
}

fn cpu(a: &CpuArgs) -> Result<ExitCode, String> {
    let image =
        std::fs::read(&a.image).map_err(|e| format!("{}: cannot read: {e}", a.image.display()))?;
    if a.load as usize + image.len() > 0x10000 {
        return Err(format!(
            "{}: {} loaded at ${:04X} run past $FFFF",
            a.image.display(),
            breadbin::basic::bytes(image.len()),
            a.load
        ));
    }
    let mut ram = FlatRam::default();
    ram.0[a.load as usize..a.load as usize + image.len()].copy_from_slice(&image);
    let mut cpu = Cpu::new();
    cpu.set_pc(a.start.unwrap_or(a.load));
    let mut cycles = 0u64;
    let mut trap = None;
    while cycles < a.cycles {
        let pc = cpu.pc;
        cycles += cpu.step(&mut ram) as u64;
        if cpu.is_jammed() {
            println!("jam at ${:04X} after {cycles} cycles", cpu.pc);
            return Ok(ExitCode::from(3));
        }
        if cpu.pc == pc {
            trap = Some(pc);
            break;
        }
    }
    let regs = format!(
        "A=${:02X} X=${:02X} Y=${:02X} SP=${:02X} P=${:02X}",
        cpu.a,
        cpu.x,
        cpu.y,
        cpu.s,
        cpu.p.bits()
    );
    match trap {
        None => {
            println!("no trap after {cycles} cycles: PC=${:04X} {regs}", cpu.pc);
            Ok(ExitCode::from(124))
        }
        Some(pc) => {
            println!("trap at ${pc:04X} after {cycles} cycles: {regs}");
            match a.success {
                Some(s) if s != pc => {
                    println!("expected the trap at ${s:04X}");
                    Ok(ExitCode::from(1))
                }
                _ => Ok(ExitCode::SUCCESS),
            }
        }
    }
}

/// `on` or `off` (for switches with a default).
fn on_off(s: &str) -> Result<bool, String> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("expected on or off, not {s:?}")),
    }
}

#[cfg(feature = "frontend")]
fn window(w: &WindowArgs) -> Result<ExitCode, String> {
    let opts = breadbin::frontend::Options {
        file: w.file.clone(),
        game: breadbin::games::default_game(),
        prg_game: None,
        pokes: Vec::new(),
        file_kind: w.kind.kind(),
        basic: w.basic,
        roms: w.roms.clone(),
        model: w.model.model()?,
        scale: w.scale,
        port1: w.port1,
        numpad_joystick: w.numpad_joystick,
        light_pen: w.lightpen,
        audio: !w.no_sound,
        quit_after_frames: w.quit_after_frames,
        renderer: w.renderer,
        seed: w.seed,
        record_keys: w.record_keys.clone(),
        disks: w.disk.clone(),
        disk_read_only: w.disk_readonly,
        warp_on_load: w.warp_on_load,
        port: w.port.device(),
        cartridge_write: w.port.cartridge_write,
    };
    breadbin::frontend::run(opts)
        .map(|_| ExitCode::SUCCESS)
        .map_err(|e| e.to_string())
}

#[cfg(feature = "frontend")]
fn starlink(a: &cli::starlink::StarlinkArgs) -> Result<ExitCode, String> {
    let opts = breadbin::frontend::Options {
        prg_game: Some(("starlink.prg", breadbin::games::starlink::PRG)),
        pokes: cli::starlink::start_pokes(a.seed, a.level),
        roms: a.roms.clone(),
        scale: a.scale,
        audio: !a.no_sound,
        quit_after_frames: a.quit_after_frames,
        ..Default::default()
    };
    breadbin::frontend::run(opts)
        .map(|_| ExitCode::SUCCESS)
        .map_err(|e| e.to_string())
}

#[cfg(not(feature = "frontend"))]
fn starlink(_a: &cli::starlink::StarlinkArgs) -> Result<ExitCode, String> {
    Err("this build has no window (built without the `frontend` feature); use `breadbin run --headless` with games/starlink/starlink.prg".into())
}

#[cfg(not(feature = "frontend"))]
fn window(_w: &WindowArgs) -> Result<ExitCode, String> {
    Err("this build has no window (built without the `frontend` feature); use `breadbin run --headless`".into())
}
