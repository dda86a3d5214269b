//! `breadbin starlink` (the game in the window) and `breadbin starlink-check`.

use breadbin::games::starlink::check::{self, CAUSES, Report};
use breadbin::games::starlink::layout::{self, BASE, off};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub(crate) struct StarlinkArgs {
    /// Start straight into puzzle N (0 is the tutorial) instead of the title.
    #[arg(long, value_name = "N")]
    pub seed: Option<u16>,
    /// The difficulty: easy, normal or hard.
    #[arg(long, value_name = "LEVEL", default_value = "normal", value_parser = parse_level)]
    pub level: u8,
    /// Use genuine ROM images from this folder instead of the open ROMs.
    #[arg(long, value_name = "DIR")]
    pub roms: Option<PathBuf>,
    /// Integer window scale factor (1-8).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub scale: u32,
    /// Do not open a sound device.
    #[arg(long)]
    pub no_sound: bool,
    /// Close the window after this many frames were shown (for scripts).
    #[arg(long, value_name = "N", hide = true)]
    pub quit_after_frames: Option<u64>,
}

#[derive(Args, Debug)]
pub(crate) struct StarlinkCheckArgs {
    /// The seeds to check: N or FIRST-LAST.
    #[arg(long, value_name = "RANGE", default_value = "1-100", value_parser = parse_seeds)]
    pub seeds: (u16, u16),
    /// The levels to check (comma-separated).
    #[arg(long, value_name = "LEVELS", default_value = "easy,normal,hard", value_delimiter = ',', value_parser = parse_level)]
    pub levels: Vec<u8>,
    /// Use genuine ROM images from this folder instead of the open ROMs.
    #[arg(long, value_name = "DIR")]
    pub roms: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

fn parse_level(s: &str) -> Result<u8, String> {
    layout::LEVELS
        .iter()
        .position(|l| *l == s)
        .map(|i| i as u8)
        .ok_or_else(|| format!("{s:?} is not a level (easy, normal or hard)"))
}

fn parse_seeds(s: &str) -> Result<(u16, u16), String> {
    let num = |t: &str| {
        t.trim()
            .parse::<u16>()
            .map_err(|_| format!("{t:?} is not a seed (0-65535)"))
    };
    let (a, b) = match s.split_once('-') {
        Some((a, b)) => (num(a)?, num(b)?),
        None => (num(s)?, num(s)?),
    };
    if a > b {
        return Err(format!("{s:?}: the first seed is past the last"));
    }
    Ok((a, b))
}

/// The pokes that start puzzle `seed` at `level` as soon as the game runs (the window's).
#[cfg_attr(not(feature = "frontend"), allow(dead_code))]
pub(crate) fn start_pokes(seed: Option<u16>, level: u8) -> Vec<(u16, u8)> {
    let mut pokes = vec![(BASE + off::LEVEL as u16, level)];
    if let Some(seed) = seed {
        pokes.extend([
            (BASE + off::SEED as u16, seed as u8),
            (BASE + off::SEED as u16 + 1, (seed >> 8) as u8),
            (BASE + off::COMMAND as u16, layout::command::PLAY),
        ]);
    } else {
        pokes.push((BASE + off::COMMAND as u16, 0));
    }
    pokes
}

pub(crate) fn starlink_check(a: &StarlinkCheckArgs) -> Result<ExitCode, String> {
    let roms = breadbin::Roms::load(a.roms.as_deref()).map_err(|e| e.to_string())?;
    let seeds: Vec<u16> = (a.seeds.0..=a.seeds.1).collect();
    let report = check::check(&roms, &a.levels, &seeds)?;
    if a.json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        println!("{text}");
    } else {
        print!("{}", table(&report, &a.levels));
    }
    Ok(if report.failures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn table(r: &Report, levels: &[u8]) -> String {
    let mut out = String::new();
    for p in r.puzzles.iter().filter(|p| !p.failures.is_empty()) {
        for f in &p.failures {
            out += &format!("FAIL {} seed {}: {f}\n", p.level, p.seed);
        }
    }
    out += "level   puzzles  passed  stars  candidates  lines  slowest(s)\n";
    for &l in levels {
        let name = layout::LEVELS[l as usize];
        let ps: Vec<_> = r.puzzles.iter().filter(|p| p.level == name).collect();
        let n = ps.len().max(1) as f64;
        let avg = |f: &dyn Fn(&check::PuzzleCheck) -> usize| {
            ps.iter().map(|p| f(p)).sum::<usize>() as f64 / n
        };
        out += &format!(
            "{name:<7} {:>7}  {:>6}  {:>5.1}  {:>10.1}  {:>5.1}  {:>10.2}\n",
            ps.len(),
            ps.iter().filter(|p| p.failures.is_empty()).count(),
            avg(&|p| p.stars),
            avg(&|p| p.candidates),
            avg(&|p| p.solution_lines),
            r.slowest(name),
        );
    }
    out += "\nnon-candidate (A, G, B) triples by first failing condition\n";
    out += "cause        breadbin  article 1.0.1\n";
    let names = ["direct pair", "distance", "sight", "bend"];
    for (i, name) in names.iter().enumerate() {
        out += &format!(
            "{name:<12} {:>8}  {:>13}   {}\n",
            r.causes[i],
            r.article[i],
            CAUSES[i].message()
        );
    }
    out += &format!(
        "{} of {} puzzles passed\n",
        r.puzzles.len() - r.failures(),
        r.puzzles.len()
    );
    out
}
