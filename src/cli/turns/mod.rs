//! `breadbin bench-turns`: the turn harness from the command line.

mod article;
mod json;

use breadbin::games::dungeon::{Dungeon, Player};
use breadbin::host::output::write_all_or_none;
use breadbin::host::recording::Recording;
use breadbin::media::Program;
use breadbin::run::profile::game::{Game, Reference};
use breadbin::run::profile::model::{self, VersionStats};
use breadbin::run::profile::play;
use breadbin::run::profile::spec::{Driver, RunRecord, RunSpec};
use breadbin::run::profile::{KeyScript, RunSettings};
use clap::Args;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Args, Debug)]
pub(crate) struct BenchTurnsArgs {
    /// The game (.bas with labels; `10a`, `10b`, `10c` name the embedded dungeon parts).
    /// Default: the embedded dungeon, part 10c.
    pub game: Option<PathBuf>,
    /// Compare two games on the same seeds and inputs (e.g. 10b 10c).
    #[arg(long, num_args = 2, value_names = ["A", "B"], conflicts_with = "game")]
    pub compare: Option<Vec<PathBuf>>,
    /// Who plays: explorer, hunter, wake-and-run, article (built-in players that read the
    /// screen), or script (the key script; the default).
    #[arg(long, value_name = "NAME", default_value = "script")]
    pub player: String,
    /// With --player article: how many goblins it wakes, `N` (0-6) or a range to sweep
    /// (`0..6`). Default: the sweep 0..6, judged at the N that the tutorial's 556 ms implies.
    #[arg(long, value_name = "N", value_parser = article::parse_wakes)]
    pub wake: Option<article::Wakes>,
    /// Key script, or a recording made with `breadbin --record-keys` (replayed at its
    /// frames). Default: the dungeon's shipped walk.
    #[arg(long, value_name = "FILE")]
    pub keys: Option<PathBuf>,
    /// Seeds (location 251), e.g. `7` or `1-10` or `3,5,9`.
    #[arg(long, default_value = "1", value_parser = parse_seeds)]
    pub seeds: Seeds,
    /// Turns measured per run (at least 1).
    #[arg(long, default_value_t = 20, value_parser = parse_turns)]
    pub turns: usize,
    /// Subroutine whose inclusive time is measured per turn.
    #[arg(long, default_value = "ENEMYLOGIC")]
    pub measure: String,
    /// The input loop label (overrides the script's).
    #[arg(long = "loop", value_name = "LABEL")]
    pub input_loop: Option<String>,
    #[arg(long, value_name = "DIR")]
    pub roms: Option<PathBuf>,
    #[command(flatten)]
    pub model: crate::cli::model::ModelArgs,
    /// Emulated-time limit per run, seconds.
    #[arg(long, default_value_t = 600)]
    pub seconds: u64,
    /// Print only the summary, not each turn.
    #[arg(long)]
    pub quiet: bool,
    /// Print the runs, the fitted models and the verdict as JSON instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Draw the goblins' time per turn, the acting goblins, the model and the tutorial's
    /// figures as an SVG picture.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Runs at a time (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
}

/// A number of turns: a run measures at least one.
fn parse_turns(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("a run measures at least 1 turn".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// A list of seeds from the command line.
#[derive(Debug, Clone)]
pub(crate) struct Seeds(pub Vec<u8>);

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

/// A game by file name, or an embedded dungeon part (`10b`, `part10c.bas`).
fn load_game(p: &Path) -> Result<(String, Program), String> {
    if !p.exists()
        && let Some((name, source)) = breadbin::games::dungeon_part(&p.display().to_string())
    {
        let program = Program::from_basic(name, source).map_err(|e| e.to_string())?;
        return Ok((name.to_string(), program));
    }
    let program = Program::from_file(p).map_err(|e| e.to_string())?;
    Ok((p.display().to_string(), program))
}

pub(crate) fn bench_turns(a: &BenchTurnsArgs) -> Result<ExitCode, String> {
    if let Some(p) = &a.plot {
        // Checked before the runs: an unwritable picture fails at once.
        breadbin::host::output::PendingFile::create(p).map_err(|e| e.to_string())?;
    }
    let driver = make_driver(a)?;
    let model = a.model.model()?;
    let games: Vec<(String, Program)> = match (&a.compare, &a.game, &driver) {
        (Some(pair), _, _) => pair
            .iter()
            .map(|p| load_game(p))
            .collect::<Result<_, _>>()?,
        (None, Some(p), _) => vec![load_game(p)?],
        // A recording names the program it was made with.
        (None, None, Driver::Replay(rec)) => vec![load_game(Path::new(&rec.program))?],
        (None, None, _) => {
            let (name, source) = breadbin::games::default_game()
                .ok_or("no game given and no embedded game in this build: pass a .bas file")?;
            vec![(
                name.to_string(),
                Program::from_basic(name, source).map_err(|e| e.to_string())?,
            )]
        }
    };
    let loop_label = a
        .input_loop
        .clone()
        .or_else(|| match &driver {
            Driver::Script(s) => s.input_loop.clone(),
            _ => None,
        })
        .unwrap_or_else(|| "GETKEY".to_string());
    // A recording replays its own session: one run per game, no seeds.
    let seeds: Vec<Option<u8>> = match &driver {
        Driver::Replay(_) => vec![None],
        _ => a.seeds.0.iter().map(|&s| Some(s)).collect(),
    };
    // The game (the dungeon: the harness plays no other yet) and its published figures.
    let game: Arc<dyn Game> = Arc::new(Dungeon);
    let reference = game.reference();
    // The article's player: one driver per number of goblins woken.
    let article = matches!(&driver, Driver::Player(p) if p.name == "article");
    let wakes: Vec<Option<usize>> = match (&a.wake, article) {
        (Some(w), true) => w.0.iter().map(|&n| Some(n)).collect(),
        (None, true) => (0..=breadbin::games::dungeon::sight::GOBLINS)
            .map(Some)
            .collect(),
        (Some(_), false) => return Err("--wake goes with --player article".into()),
        (None, false) => vec![None],
    };
    let mut specs = Vec::new();
    for &wake in &wakes {
        let driver = match wake {
            Some(n) => Driver::Player(Dungeon::article(n)),
            None => driver.clone(),
        };
        for (name, program) in &games {
            for &seed in &seeds {
                specs.push(RunSpec {
                    name: name.clone(),
                    program: program.clone(),
                    game: game.clone(),
                    settings: RunSettings {
                        roms: a.roms.clone(),
                        model,
                        seed,
                        limit_seconds: a.seconds,
                        input_loop: Some(loop_label.clone()),
                        moment: None,
                    },
                    loop_label: loop_label.clone(),
                    measure: a.measure.clone(),
                    turns: a.turns,
                    driver: driver.clone(),
                });
            }
        }
    }
    let threads = a.jobs.map(|j| j as usize).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let progress = move |done: usize, total: usize| {
        if let Some(text) = progress_text(tty, done, total) {
            eprint!("{text}");
        }
    };
    let results = play::run_all(&specs, threads, &progress);
    let mut runs: Vec<RunRecord> = Vec::new();
    for (spec, r) in specs.iter().zip(results) {
        let seed = spec
            .settings
            .seed
            .map(|s| format!("seed {s}: "))
            .unwrap_or_default();
        runs.push(r.map_err(|e| format!("{seed}{e}"))?);
    }
    // The article's sweep (two versions), and the N the summary is of: the one asked for,
    // or the one the tutorial's 556 ms implies.
    let sweep = match (&games[..], article, &reference) {
        ([b, c], true, Some(r)) => Some(breadbin::run::profile::sweep::sweep(&runs, &b.0, &c.0, r)),
        _ => None,
    };
    let focus: Option<usize> = match (&wakes[..], &sweep) {
        ([one], _) => *one,
        (_, Some(sw)) => sw.default_wake.or(sw.rows.first().map(|r| r.wake)),
        _ => wakes.first().copied().flatten(),
    };
    // A seed counts when no version skipped it.
    let counts = |r: &RunRecord| {
        r.wake == focus
            && !runs
                .iter()
                .any(|o| o.wake == focus && o.seed == r.seed && o.skipped.is_some())
    };
    let versions: Vec<(VersionStats, Vec<&RunRecord>)> = games
        .iter()
        .map(|(name, _)| {
            let rs: Vec<&RunRecord> = runs
                .iter()
                .filter(|r| &r.name == name && counts(r))
                .collect();
            (model::version_stats(name, &rs), rs)
        })
        .collect();
    let verdict = match (&versions[..], &sweep, &reference) {
        ([(b, _), (c, _)], None, Some(r)) => model::verdict(b, c, r),
        _ => None,
    };
    let divergence = match &driver {
        Driver::Replay(rec) => divergence(rec, &runs),
        _ => None,
    };
    if let Some(p) = &a.plot {
        let title = format!(
            "{} — {}, {} seed(s), {} turns",
            games
                .iter()
                .map(|g| g.0.as_str())
                .collect::<Vec<_>>()
                .join(" vs "),
            focus
                .map(|n| format!("{} N = {n}", driver.name()))
                .unwrap_or_else(|| driver.name().to_string()),
            versions.first().map_or(0, |v| v.1.len()),
            a.turns
        );
        let pairs: Vec<(&VersionStats, Vec<&RunRecord>)> =
            versions.iter().map(|(s, r)| (s, r.clone())).collect();
        let mut svg =
            breadbin::run::profile::plot::svg(&pairs, a.turns, &title, reference.as_ref());
        if let (Some(sw), Some(r)) = (&sweep, &reference) {
            svg = breadbin::run::profile::plot::with_sweep(sw, &svg, r);
        }
        write_all_or_none(&[(p, svg.as_bytes())]).map_err(|e| e.to_string())?;
    }
    if a.json {
        print!(
            "{}",
            json::json(
                driver.name(),
                focus,
                &versions,
                verdict.as_ref(),
                reference.as_ref(),
                divergence.as_deref(),
                sweep.as_ref()
            )
        );
        return Ok(ExitCode::SUCCESS);
    }
    if !a.quiet {
        for r in versions.iter().flat_map(|(_, rs)| rs) {
            let seed = r.seed.map(|s| format!(" seed {s}")).unwrap_or_default();
            let wake = r.wake.map(|n| format!(", {n} woken")).unwrap_or_default();
            println!("{}{seed}{wake}", r.name);
            print!("{}", turn_table(r, &a.measure));
            if let Some(e) = &r.ended {
                println!("({e})");
            }
            println!();
        }
    }
    let player = match focus {
        Some(n) => format!("{} (N = {n} woken)", driver.name()),
        None => driver.name().to_string(),
    };
    print!(
        "{}",
        summary(
            &versions,
            verdict.as_ref(),
            reference.as_ref(),
            &player,
            &model.describe(),
            versions.first().map_or(0, |v| v.1.len()),
            a.turns
        )
    );
    if let Some(sw) = &sweep {
        print!("{}", article::text(sw, focus, a.turns));
    } else if article {
        let skipped: Vec<&RunRecord> = runs.iter().filter(|r| r.skipped.is_some()).collect();
        for r in &skipped {
            let seed = r.seed.map(|s| format!(" seed {s}")).unwrap_or_default();
            let why = r.skipped.as_ref().map_or("", |k| k.detail.as_str());
            println!("skipped: {}{seed}: {why}", r.name);
        }
    }
    if let Some(d) = divergence {
        println!("{d}");
    }
    Ok(ExitCode::SUCCESS)
}

fn make_driver(a: &BenchTurnsArgs) -> Result<Driver, String> {
    let text_of = |p: &Path| {
        std::fs::read_to_string(p).map_err(|e| format!("{}: cannot read: {e}", p.display()))
    };
    match (a.player.as_str(), &a.keys) {
        ("script", Some(p)) => {
            let text = text_of(p)?;
            let name = p.display().to_string();
            if Recording::is_recording(&text) {
                Ok(Driver::Replay(
                    Recording::parse(&text, &name).map_err(|e| e.to_string())?,
                ))
            } else {
                Ok(Driver::Script(
                    KeyScript::parse(&text, &name).map_err(|e| e.to_string())?,
                ))
            }
        }
        ("script", None) => {
            let (name, text) = breadbin::games::default_walk()
                .ok_or("no --keys given and no embedded walk in this build")?;
            Ok(Driver::Script(
                KeyScript::parse(text, name).map_err(|e| e.to_string())?,
            ))
        }
        (p, None) if let Some(m) = Dungeon::player(p) => Ok(Driver::Player(m)),
        (p, Some(_)) if Player::by_name(p).is_some() => Err(format!(
            "--player {p} plays by itself: --keys goes with --player script"
        )),
        (p, _) => Err(format!(
            "--player {p}: no such player (players: {}, script)",
            Player::NAMES.join(", ")
        )),
    }
}

/// Where a replay on another game parts from the replay on the recorded one.
fn divergence(rec: &Recording, runs: &[RunRecord]) -> Option<String> {
    let own = runs.iter().find(|r| r.name == rec.program)?;
    let mut lines = Vec::new();
    for r in runs.iter().filter(|r| r.name != rec.program) {
        let at = own
            .positions
            .iter()
            .zip(&r.positions)
            .position(|(a, b)| a != b);
        lines.push(match at {
            Some(i) => format!(
                "replay on {}: parts from the recording at turn {}: the player is at {:?}, in {} at {:?}",
                r.name,
                i + 1,
                r.positions[i],
                rec.program,
                own.positions[i]
            ),
            None if r.positions.len() != own.positions.len() => format!(
                "replay on {}: the same moves for {} turns, then the games end differently",
                r.name,
                own.positions.len().min(r.positions.len())
            ),
            None => format!(
                "replay on {}: the player moves as in the recording for all {} turns",
                r.name,
                r.positions.len()
            ),
        });
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

fn turn_table(r: &RunRecord, measure: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:>4} {:>10} {:>12} {:>6} {:>6} {:>6} {:>6} {:>6}  action",
        "turn",
        "ms",
        format!("{measure} ms"),
        "alive",
        "acting",
        "moving",
        "attack",
        "asleep"
    );
    for (i, t) in r.turns.iter().enumerate() {
        let c = &t.counts;
        let _ = writeln!(
            s,
            "{:>4} {:>10.1} {:>12.1} {:>6} {:>6} {:>6} {:>6} {:>6}  {}",
            i + 1,
            t.turn_ms,
            t.inner_ms,
            c.alive,
            c.acting,
            c.moving,
            c.attacking,
            c.asleep,
            c.action.map(|a| a.name()).unwrap_or("-")
        );
    }
    let turn: Vec<f64> = r.turns.iter().map(|t| t.turn_ms).collect();
    let inner: Vec<f64> = r.turns.iter().map(|t| t.inner_ms).collect();
    let (tm, tsd) = breadbin::run::profile::mean_sd(&turn);
    let (im, isd) = breadbin::run::profile::mean_sd(&inner);
    let _ = writeln!(s, "mean {tm:>9.1} ±{tsd:.1} {im:>7.1} ±{isd:.1}");
    s
}

fn fit_line(v: &VersionStats) -> String {
    match v.fit {
        Some(f) => {
            let term = |c: Option<f64>, se: Option<f64>, what: &str| {
                c.map(|c| format!(" + {c:.1}(±{:.1}) × {what}", se.unwrap_or(0.0)))
                    .unwrap_or_else(|| format!(" ({what}: no variation)"))
            };
            format!(
                "{:.1}(±{:.1}){}{}   rms {:.1} ms over {} turns",
                f.fixed,
                f.se[0].unwrap_or(0.0),
                term(f.per_acting, f.se[1], "acting"),
                term(f.per_move, f.se[2], "moving"),
                f.rms,
                f.turns
            )
        }
        None => "no turns to fit".into(),
    }
}

fn summary(
    versions: &[(VersionStats, Vec<&RunRecord>)],
    verdict: Option<&model::Verdict>,
    refs: Option<&Reference>,
    player: &str,
    model: &str,
    seeds: usize,
    turns: usize,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{turns} turns x {seeds} seed(s), player {player}, on the {model}; milliseconds at {} Hz; mean of per-run means ± their standard deviation",
        versions
            .iter()
            .flat_map(|v| &v.1)
            .map(|r| r.clock_hz)
            .next()
            .unwrap_or_default()
    );
    let _ = writeln!(
        s,
        "{:<16} {:>22} {:>22} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
        "game",
        "goblin ms [min-max]",
        "turn ms",
        "alive",
        "acting",
        "moving",
        "attack",
        "asleep",
        "dead"
    );
    for (v, _) in versions {
        let c = v.counts;
        let _ = writeln!(
            s,
            "{:<16} {:>22} {:>22} {:>6.2} {:>6.2} {:>6.2} {:>6.2} {:>6.2} {:>6.2}",
            v.name,
            format!(
                "{:.1} ±{:.1} [{:.0}-{:.0}]",
                v.inner.mean, v.inner.sd, v.inner.min, v.inner.max
            ),
            format!("{:.1} ±{:.1}", v.turn.mean, v.turn.sd),
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            c[5]
        );
    }
    let _ = writeln!(
        s,
        "\nplayer actions per turn (move / bump / door / fight / none):"
    );
    for (v, _) in versions {
        let a = v.actions;
        let _ = writeln!(
            s,
            "{:<16} {:.0}% / {:.0}% / {:.0}% / {:.0}% / {:.0}%{}",
            v.name,
            a[0] * 100.0,
            a[1] * 100.0,
            a[2] * 100.0,
            a[3] * 100.0,
            a[4] * 100.0,
            if v.ended > 0 {
                format!(
                    "   ({} of {} runs ended before {turns} turns)",
                    v.ended, v.runs
                )
            } else {
                String::new()
            }
        );
    }
    let _ = writeln!(
        s,
        "\nmodel: goblin ms = fixed + per acting goblin × acting + per move × moving"
    );
    for (v, _) in versions {
        let _ = writeln!(s, "{:<16} {}", v.name, fit_line(v));
        if let Some(f) = v.fit
            && let (Some(pa), pm) = (f.per_acting, f.per_move.unwrap_or(0.0))
        {
            let published = refs
                .and_then(|r| {
                    r.per_actor_ms
                        .map(|m| format!(" ({}: about {m:.0} ms)", r.source))
                })
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "{:<16} a goblin that acts and moves: {:.0} ms{published}",
                "",
                pa + pm
            );
        }
        if let Some(f) = v.fit
            && v.counts[4] > 0.0
        {
            let goblins = v.counts[0] + v.counts[5];
            let _ = writeln!(
                s,
                "{:<16} a turn with no goblin acting: {:.0} ms ({:.0} ms per goblin passed over)",
                "",
                f.fixed,
                f.fixed / goblins.max(1.0)
            );
        }
    }
    if let [(a, ra), (b, rb)] = versions {
        let wins = ra
            .iter()
            .zip(rb)
            .filter(|(x, y)| {
                let m = |r: &RunRecord| {
                    r.turns.iter().map(|t| t.inner_ms).sum::<f64>() / r.turns.len().max(1) as f64
                };
                m(y) < m(x)
            })
            .count();
        let _ = writeln!(
            s,
            "\n{:<32} {:>16.3} {:>16.3}",
            "ratio (second / first)",
            b.inner.mean / a.inner.mean,
            b.turn.mean / a.turn.mean
        );
        let _ = writeln!(
            s,
            "{} beats {} on {wins} of {} seed(s) ({:.0}%)",
            b.name,
            a.name,
            ra.len().min(rb.len()),
            100.0 * wins as f64 / ra.len().min(rb.len()).max(1) as f64
        );
        if let Some(r) = refs {
            let _ = writeln!(s, "\n{} ({}, {}):", r.source, r.versions, r.conditions);
            let _ = writeln!(
                s,
                "{:<32} {:>16.1} {:>16.1}",
                "  before", r.inner_ms.0, r.turn_ms.0
            );
            let _ = writeln!(
                s,
                "{:<32} {:>16.1} {:>16.1}",
                "  after", r.inner_ms.1, r.turn_ms.1
            );
            let _ = writeln!(
                s,
                "{:<32} {:>16.3} {:>16.3}",
                "  ratio",
                r.inner_ms.1 / r.inner_ms.0,
                r.turn_ms.1 / r.turn_ms.0
            );
        }
        if let Some(v) = verdict {
            let _ = writeln!(
                s,
                "\nverdict: {} — {}",
                if v.confirmed {
                    "CONFIRMED"
                } else {
                    "NOT CONFIRMED"
                },
                v.why
            );
            if let (Some(a), Some(r)) = (v.implied_acting, refs) {
                let _ = writeln!(
                    s,
                    "the {}'s {:.0} ms means about {a:.1} goblins acting per turn; this player's games had {:.1}",
                    r.source, r.inner_ms.1, b.counts[1]
                );
            }
        }
    }
    s
}

/// The progress report after `done` of `total` runs, if any: rewritten in place on a
/// terminal, a line of its own every 10 runs and at the end otherwise (a log gets no
/// carriage returns).
fn progress_text(tty: bool, done: usize, total: usize) -> Option<String> {
    if total <= 1 {
        None
    } else if tty {
        let end = if done == total { "\n" } else { "" };
        Some(format!("\rbench-turns: {done}/{total} runs {end}"))
    } else if done.is_multiple_of(10) || done == total {
        Some(format!("bench-turns: {done}/{total} runs\n"))
    } else {
        None
    }
}

#[cfg(test)]
mod progress_tests {
    use super::progress_text;

    #[test]
    fn progress_rewrites_its_line_only_on_a_terminal() {
        let log: String = (1..=25)
            .filter_map(|d| progress_text(false, d, 25))
            .collect();
        assert_eq!(
            log,
            "bench-turns: 10/25 runs\nbench-turns: 20/25 runs\nbench-turns: 25/25 runs\n"
        );
        assert_eq!(
            progress_text(true, 3, 25).as_deref(),
            Some("\rbench-turns: 3/25 runs ")
        );
        assert!(progress_text(true, 25, 25).unwrap().ends_with('\n'));
        assert_eq!(progress_text(false, 1, 1), None);
    }
}
