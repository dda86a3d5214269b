//! `breadbin profile` and `breadbin bench-basic`.

use breadbin::media::Program;
use breadbin::run::profile::{self, KeyScript, RunSettings};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub(crate) struct ProfileArgs {
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
    #[command(flatten)]
    pub model: super::model::ModelArgs,
    /// Value POKEd into location 251 before RUN: the game's own seed (the window's
    /// --start-seed is the moment of RUN instead).
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

pub(crate) fn profile(a: &ProfileArgs) -> Result<ExitCode, String> {
    let program = Program::from_file(&a.file).map_err(|e| e.to_string())?;
    let script = match &a.keys {
        Some(p) => KeyScript::from_file(p).map_err(|e| e.to_string())?,
        None => KeyScript::default(),
    };
    let settings = RunSettings {
        roms: a.roms.clone(),
        model: a.model.model()?,
        seed: a.seed,
        limit_seconds: a.seconds,
        input_loop: a.input_loop.clone(),
        moment: None,
    };
    let session = if a.keys.is_none() && a.input_loop.is_none() {
        profile::run_to_end(&program, &settings).map_err(|e| e.to_string())?
    } else {
        profile::run_script(&program, &script, &settings, None, None).map_err(|e| e.to_string())?
    };
    let report = session.profiler.report(session.c64.model().clock_hz);
    if a.json {
        print!("{}", report.json());
    } else {
        print!("{}", report.table(a.top));
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Args, Debug)]
pub(crate) struct BenchBasicArgs {
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
pub(crate) fn bench_basic(a: &BenchBasicArgs) -> Result<ExitCode, String> {
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
