//! `bench-turns --player article`: the `--wake` setting and the sweep's table.

use breadbin::games::dungeon::article::WAKE_TURNS;
use breadbin::run::profile::model::TOLERANCE;
use breadbin::run::profile::sweep::{Check, Side, Sweep};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// How many goblins the article's player wakes: one N, or a range to sweep.
#[derive(Debug, Clone)]
pub(crate) struct Wakes(pub Vec<usize>);

/// `N`, `A..B` or `A-B`, each 0-6.
pub(super) fn parse_wakes(s: &str) -> Result<Wakes, String> {
    let max = breadbin::games::dungeon::sight::GOBLINS;
    let one = |t: &str| -> Result<usize, String> {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n <= max)
            .ok_or_else(|| format!("'{t}' is not a number of goblins (0-{max})"))
    };
    let range = s.split_once("..").or_else(|| s.split_once('-'));
    match range {
        Some((a, b)) => {
            let (a, b) = (one(a)?, one(b)?);
            if b < a {
                return Err(format!("'{s}': empty range"));
            }
            Ok(Wakes((a..=b).collect()))
        }
        None => Ok(Wakes(vec![one(s)?])),
    }
}

fn check(c: &Check) -> String {
    format!(
        "{:>6.0} {:>+4.0}% {}",
        c.measured,
        c.off * 100.0,
        if c.holds { "yes" } else { "no " }
    )
}

fn side(s: &Option<Side>) -> String {
    match s {
        Some(s) => format!(
            "{:>5.2} {:>5.2} {} {:>6} {}",
            s.acting,
            s.moving,
            check(&s.goblin),
            s.predicted_ms
                .map(|p| format!("{p:.0}"))
                .unwrap_or_else(|| "-".into()),
            check(&s.turn)
        ),
        None => format!("{:^53}", "(no seed counted)"),
    }
}

/// The sweep as text: a row per N, the skipped seeds, the default N, the verdict of `focus`
/// and the conclusion.
pub(super) fn text(sw: &Sweep, focus: Option<usize>, turns: usize) -> String {
    let sweeping = sw.rows.len() > 1;
    let mut s = String::new();
    let pct = TOLERANCE * 100.0;
    let _ = writeln!(
        s,
        "\nthe article's scenario: six goblins alive in all {turns} measured turns; before them the \
         player wakes N goblins by hitting each once (at most {WAKE_TURNS} turns), then keeps moving"
    );
    let _ = writeln!(
        s,
        "a seed counts for N when both versions keep the scenario; \"ok\": within {pct:.0}% of the \
         tutorial (goblins 990 -> 556 ms, whole turn 1420 -> 990 ms); model: fitted over the sweep"
    );
    let head = format!(
        "{:>5} {:>5} {:>13} {:>5} {:>13}",
        "act", "move", "goblin ms ok", "model", "turn ms  ok"
    );
    let _ = writeln!(
        s,
        "{:>2} {:>7}  {:<53}  {:<53}",
        "",
        "",
        format!("{}:", sw.before_game),
        format!("{}:", sw.after_game)
    );
    let _ = writeln!(s, "{:>2} {:>7}  {head:<53}  {head:<53}", "N", "seeds");
    for r in &sw.rows {
        let _ = writeln!(
            s,
            "{:>2} {:>7}  {:<53}  {:<53}",
            r.wake,
            format!("{}/{}", r.counted, r.seeds),
            side(&r.before),
            side(&r.after)
        );
    }
    let skipped: Vec<_> = sw.rows.iter().flat_map(|r| &r.skipped).collect();
    if !skipped.is_empty() {
        // Per reason, the runs at each N.
        let mut why: BTreeMap<&str, BTreeMap<usize, usize>> = BTreeMap::new();
        for r in &sw.rows {
            for k in &r.skipped {
                *why.entry(k.skip.reason)
                    .or_default()
                    .entry(r.wake)
                    .or_default() += 1;
            }
        }
        let _ = writeln!(
            s,
            "skipped: {} run(s), their seed not counted for that N (runs at each N):",
            skipped.len()
        );
        for (w, at) in why {
            let per: Vec<String> = at.iter().map(|(n, k)| format!("N={n}: {k}")).collect();
            let _ = writeln!(s, "  {w:<46} {}", per.join(", "));
        }
    }
    if let (Some(f), Some(a)) = (sw.after_fit, sw.implied_acting) {
        let _ = writeln!(
            s,
            "\nunder the {} model (fixed {:.0} ms + {:.0} ms per acting goblin + {:.0} ms per move), \
             the tutorial's 556 ms means {a:.1} goblins acting per turn{}",
            sw.after_game,
            f.fixed,
            f.per_acting.unwrap_or(0.0),
            f.per_move.unwrap_or(0.0),
            sw.default_wake
                .and_then(|n| sw.row(n))
                .and_then(|r| r.after.as_ref().map(|x| (r.wake, x.acting)))
                .filter(|_| sweeping)
                .map(|(n, x)| format!("; N = {n} gives {x:.1}, the nearest: the default --wake"))
                .unwrap_or_default()
        );
    }
    if let Some(r) = focus.and_then(|n| sw.row(n)) {
        let _ = writeln!(
            s,
            "\nverdict at {}",
            r.verdict((&sw.before_game, &sw.after_game))
        );
    }
    let _ = writeln!(s, "conclusion: {}", sw.conclusion);
    s
}
