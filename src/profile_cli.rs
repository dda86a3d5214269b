//! `breadbin profile` and `breadbin bench-turns`.

use breadbin::c64::PAL_CLOCK_HZ;
use breadbin::games::{TUTORIAL_GOBLIN_MS, TUTORIAL_TURN_MS};
use breadbin::media::Program;
use breadbin::profile::{self, KeyScript, ProfiledRun, RunSettings, mean_sd, ms};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ProfileArgs {
    /// The program (.bas for labels, or .prg).
    pub file: PathBuf,
    /// Key script fed while the program waits in its input loop.
    #[arg(long, value_name = "SCRIPT")]
    pub keys: Option<PathBuf>,
    /// The input loop label (overrides the script's `loop` line).
    #[arg(long = "loop", value_name = "LABEL")]
    pub input_loop: Option<String>,
    #[arg(long, value_name = "DIR")]
    pub roms: Option<PathBuf>,
    /// Value POKEd into location 251 before RUN (the dungeon's seed).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..))]
    pub seed: Option<u8>,
    /// Emulated-time limit in seconds.
    #[arg(long, default_value_t = 600)]
    pub seconds: u64,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Lines shown in the table.
    #[arg(long, default_value_t = 20)]
    pub top: usize,
}

pub fn profile(a: &ProfileArgs) -> Result<ExitCode, String> {
    let program = Program::from_file(&a.file).map_err(|e| e.to_string())?;
    let script = match &a.keys {
        Some(p) => KeyScript::from_file(p).map_err(|e| e.to_string())?,
        None => KeyScript::default(),
    };
    let settings = RunSettings {
        roms: a.roms.clone(),
        seed: a.seed,
        limit_seconds: a.seconds,
        input_loop: a.input_loop.clone(),
    };
    let session = if a.keys.is_none() && a.input_loop.is_none() {
        profile::run_to_end(&program, &settings).map_err(|e| e.to_string())?
    } else {
        profile::run_script(&program, &script, &settings, None, None).map_err(|e| e.to_string())?
    };
    let report = session.profiler.report();
    if a.json {
        print!("{}", report.json());
    } else {
        print!("{}", report.table(a.top));
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Args, Debug)]
pub struct BenchTurnsArgs {
    /// The game (.bas with labels; `10a`, `10b`, `10c` name the embedded dungeon parts).
    /// Default: the embedded dungeon, part 10c.
    pub game: Option<PathBuf>,
    /// Compare two games on the same seeds and script (e.g. part10b.bas part10c.bas).
    #[arg(long, num_args = 2, value_names = ["A", "B"], conflicts_with = "game")]
    pub compare: Option<Vec<PathBuf>>,
    /// Key script. Default: the dungeon's shipped walk.
    #[arg(long, value_name = "SCRIPT")]
    pub keys: Option<PathBuf>,
    /// Seeds (location 251), e.g. `7` or `1-10` or `3,5,9`.
    #[arg(long, default_value = "1", value_parser = parse_seeds)]
    pub seeds: Seeds,
    /// Turns measured per run.
    #[arg(long, default_value_t = 20)]
    pub turns: usize,
    /// Subroutine whose inclusive time is measured per turn.
    #[arg(long, default_value = "ENEMYLOGIC")]
    pub measure: String,
    /// The input loop label (overrides the script's `loop` line).
    #[arg(long = "loop", value_name = "LABEL")]
    pub input_loop: Option<String>,
    #[arg(long, value_name = "DIR")]
    pub roms: Option<PathBuf>,
    /// Emulated-time limit per run, seconds.
    #[arg(long, default_value_t = 600)]
    pub seconds: u64,
    /// Print only the summary, not each turn.
    #[arg(long)]
    pub quiet: bool,
}

/// A list of seeds from the command line.
#[derive(Debug, Clone)]
pub struct Seeds(pub Vec<u8>);

fn parse_seeds(s: &str) -> Result<Seeds, String> {
    let mut out = Vec::new();
    for part in s.split(',') {
        let one = |t: &str| -> Result<u8, String> {
            let v: u8 = t
                .trim()
                .parse()
                .map_err(|_| format!("'{t}' is not a seed (1-255)"))?;
            if v == 0 {
                return Err("seed 0 means 'from the clock': use 1-255".into());
            }
            Ok(v)
        };
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (one(a)?, one(b)?);
                if b < a {
                    return Err(format!("'{part}': empty range"));
                }
                out.extend(a..=b);
            }
            None => out.push(one(part)?),
        }
    }
    Ok(Seeds(out))
}

struct Variant {
    name: String,
    program: Program,
    sessions: Vec<(u8, ProfiledRun)>,
}

impl Variant {
    fn per_run_means(&self) -> (Vec<f64>, Vec<f64>) {
        let mut turn = Vec::new();
        let mut inner = Vec::new();
        for (_, s) in &self.sessions {
            let t: Vec<f64> = s.turns.iter().map(|t| ms(t.total_cycles)).collect();
            let g: Vec<f64> = s.turns.iter().map(|t| ms(t.inner_cycles)).collect();
            turn.push(mean_sd(&t).0);
            inner.push(mean_sd(&g).0);
        }
        (turn, inner)
    }
}

pub fn bench_turns(a: &BenchTurnsArgs) -> Result<ExitCode, String> {
    // A name that is not a file may name an embedded dungeon part (`10b`, `part10c.bas`).
    let load = |p: &PathBuf| -> Result<(String, Program), String> {
        if !p.exists()
            && let Some((name, source)) = breadbin::games::dungeon_part(&p.display().to_string())
        {
            let program = Program::from_basic(name, source).map_err(|e| e.to_string())?;
            return Ok((name.to_string(), program));
        }
        let program = Program::from_file(p).map_err(|e| e.to_string())?;
        Ok((p.display().to_string(), program))
    };
    let games: Vec<(String, Program)> = match (&a.compare, &a.game) {
        (Some(pair), _) => pair.iter().map(load).collect::<Result<_, _>>()?,
        (None, Some(p)) => vec![load(p)?],
        (None, None) => {
            let (name, source) = breadbin::games::default_game()
                .ok_or("no game given and no embedded game in this build: pass a .bas file")?;
            vec![(
                name.to_string(),
                Program::from_basic(name, source).map_err(|e| e.to_string())?,
            )]
        }
    };
    let script = match &a.keys {
        Some(p) => KeyScript::from_file(p).map_err(|e| e.to_string())?,
        None => {
            let (name, text) = breadbin::games::default_walk()
                .ok_or("no --keys given and no embedded walk in this build")?;
            KeyScript::parse(text, name).map_err(|e| e.to_string())?
        }
    };
    let seeds = a.seeds.0.clone();
    let mut variants = Vec::new();
    for (name, program) in games {
        let mut v = Variant {
            name,
            program,
            sessions: Vec::new(),
        };
        for &seed in &seeds {
            let settings = RunSettings {
                roms: a.roms.clone(),
                seed: Some(seed),
                limit_seconds: a.seconds,
                input_loop: a.input_loop.clone(),
            };
            let s = profile::run_script(
                &v.program,
                &script,
                &settings,
                Some(a.turns),
                Some(&a.measure),
            )
            .map_err(|e| format!("seed {seed}: {e}"))?;
            if !a.quiet {
                println!("{} seed {seed}", v.name);
                print!("{}", profile::turn_table(&s, &a.measure));
                println!();
            }
            v.sessions.push((seed, s));
        }
        variants.push(v);
    }
    print!("{}", summary(&variants, &a.measure, a.turns, seeds.len()));
    Ok(ExitCode::SUCCESS)
}

fn summary(variants: &[Variant], measure: &str, turns: usize, seeds: usize) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} turns x {} seed(s); milliseconds at {} Hz; mean of per-run means ± their standard deviation",
        turns, seeds, PAL_CLOCK_HZ
    );
    let _ = writeln!(
        s,
        "{:<32} {:>16} {:>16}",
        "game",
        format!("{measure} ms"),
        "turn ms"
    );
    let mut means = Vec::new();
    for v in variants {
        let (turn, inner) = v.per_run_means();
        let (tm, tsd) = mean_sd(&turn);
        let (im, isd) = mean_sd(&inner);
        means.push((im, tm));
        let _ = writeln!(
            s,
            "{:<32} {:>9.1} ±{:<5.1} {:>9.1} ±{:<5.1}",
            v.name, im, isd, tm, tsd
        );
    }
    if let [(ia, ta), (ib, tb)] = means[..] {
        let _ = writeln!(
            s,
            "{:<32} {:>16.3} {:>16.3}",
            "ratio (second / first)",
            ib / ia,
            tb / ta
        );
        let _ = writeln!(s);
        let _ = writeln!(s, "tutorial (part 10b -> 10c, 6 goblins, 20 turns):");
        let _ = writeln!(
            s,
            "{:<32} {:>16.1} {:>16.1}",
            "  before (10b)", TUTORIAL_GOBLIN_MS.0, TUTORIAL_TURN_MS.0
        );
        let _ = writeln!(
            s,
            "{:<32} {:>16.1} {:>16.1}",
            "  after (10c)", TUTORIAL_GOBLIN_MS.1, TUTORIAL_TURN_MS.1
        );
        let _ = writeln!(
            s,
            "{:<32} {:>16.3} {:>16.3}",
            "  ratio",
            TUTORIAL_GOBLIN_MS.1 / TUTORIAL_GOBLIN_MS.0,
            TUTORIAL_TURN_MS.1 / TUTORIAL_TURN_MS.0
        );
    }
    s
}

#[derive(Args, Debug)]
pub struct BenchBasicArgs {
    /// Folder of NAME.bas benchmarks with a cycles.tsv of genuine figures (NAME<TAB>cycles).
    /// Default: the classic set built in (benches/basic/).
    pub dir: Option<PathBuf>,
    /// Genuine ROM images instead of the open ROMs.
    #[arg(long, value_name = "DIR")]
    pub roms: Option<PathBuf>,
}

/// `NAME<TAB>cycles` lines after a header; `file` names the table in errors.
fn parse_cycles(table: &str, file: &str) -> Result<Vec<(String, u64)>, String> {
    let mut out = Vec::new();
    for (n, line) in table.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let mut f = line.split('\t');
        let (Some(name), Some(v)) = (f.next(), f.next()) else {
            return Err(format!("{file}:{}: expected NAME<TAB>CYCLES", n + 1));
        };
        let v: u64 = v
            .trim()
            .parse()
            .map_err(|_| format!("{file}:{}: '{}' is not a cycle count", n + 1, v.trim()))?;
        out.push((name.to_string(), v));
    }
    Ok(out)
}

/// Run every benchmark to its end and compare the `CYCLES n` it prints with the genuine
/// figure: the built-in classic set, or NAME.bas files of a folder with its cycles.tsv.
pub fn bench_basic(a: &BenchBasicArgs) -> Result<ExitCode, String> {
    // (name, where it comes from, its source, the genuine figure)
    let mut runs: Vec<(String, String, String, u64)> = Vec::new();
    match &a.dir {
        None => {
            let genuine = parse_cycles(
                breadbin::games::BASIC_BENCHMARK_CYCLES,
                "benches/basic/cycles.tsv",
            )?;
            for (name, want) in genuine {
                let (_, source) = breadbin::games::BASIC_BENCHMARKS
                    .iter()
                    .find(|(n, _)| *n == name)
                    .ok_or_else(|| format!("benches/basic: no {name}.bas built in"))?;
                runs.push((
                    name.clone(),
                    format!("{name}.bas"),
                    source.to_string(),
                    want,
                ));
            }
        }
        Some(dir) => {
            let tsv = dir.join("cycles.tsv");
            let table = std::fs::read_to_string(&tsv)
                .map_err(|e| format!("{}: cannot read: {e}", tsv.display()))?;
            for (name, want) in parse_cycles(&table, &tsv.display().to_string())? {
                let path = dir.join(format!("{name}.bas"));
                let source = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
                runs.push((name, path.display().to_string(), source, want));
            }
        }
    }
    let settings = RunSettings {
        roms: a.roms.clone(),
        ..Default::default()
    };
    println!(
        "{:<12} {:>12} {:>12} {:>7}",
        "program", "cycles", "genuine", "ratio"
    );
    let mut log_sum = 0.0;
    for (name, origin, source, want) in &runs {
        let program = Program::from_basic(origin, source).map_err(|e| e.to_string())?;
        let session = profile::run_to_end(&program, &settings).map_err(|e| e.to_string())?;
        let screen = session
            .c64
            .screen_text(breadbin::basic::TextStyle::Reference);
        let got = screen
            .lines()
            .find_map(|l| l.split_once("CYCLES").map(|(_, n)| n.trim().to_string()))
            .and_then(|n| n.split_whitespace().next()?.parse::<u64>().ok())
            .ok_or_else(|| format!("{origin}: printed no CYCLES line"))?;
        let ratio = got as f64 / *want as f64;
        log_sum += ratio.ln();
        println!("{name:<12} {got:>12} {want:>12} {ratio:>7.3}");
    }
    if !runs.is_empty() {
        println!(
            "{:<12} {:>12} {:>12} {:>7.3}",
            "geo. mean",
            "",
            "",
            (log_sum / runs.len() as f64).exp()
        );
    }
    Ok(ExitCode::SUCCESS)
}
