//! The turn harness as a picture (SVG): the goblins' milliseconds per turn for each
//! version (averaged over the runs at each turn number), the acting goblins as bars, the
//! model's prediction for each turn, and the tutorial's 990 and 556 ms as lines.

use super::game::Reference;
use super::model::{Fit, TOLERANCE, VersionStats};
use super::spec::RunRecord;
use super::sweep::{Row, Sweep};
use std::fmt::Write as _;

/// Per turn number: mean goblin ms, mean acting goblins, mean moving goblins.
fn series(runs: &[&RunRecord], turns: usize) -> Vec<(f64, f64, f64)> {
    (0..turns)
        .map(|i| {
            let at: Vec<_> = runs.iter().filter_map(|r| r.turns.get(i)).collect();
            let n = at.len().max(1) as f64;
            (
                at.iter().map(|t| t.inner_ms).sum::<f64>() / n,
                at.iter().map(|t| t.counts.acting as f64).sum::<f64>() / n,
                at.iter().map(|t| t.counts.moving as f64).sum::<f64>() / n,
            )
        })
        .collect()
}

const COLOURS: [&str; 4] = ["#c0392b", "#2471a3", "#229954", "#7d3c98"];

/// The SVG picture of `versions` (each its stats and runs), `turns` turns wide, with the
/// published figures `refs` as lines.
pub fn svg(
    versions: &[(&VersionStats, Vec<&RunRecord>)],
    turns: usize,
    title: &str,
    refs: Option<&Reference>,
) -> String {
    let (w, h) = (900.0, 520.0);
    let (left, right, top, bottom) = (70.0, 190.0, 50.0, 60.0);
    let pw = w - left - right;
    let ph = h - top - bottom;
    let data: Vec<Vec<(f64, f64, f64)>> = versions.iter().map(|(_, r)| series(r, turns)).collect();
    let ymax = data
        .iter()
        .flatten()
        .map(|p| p.0)
        .chain(refs.map(|r| r.inner_ms.0))
        .fold(0.0, f64::max)
        * 1.1;
    let ymax = (ymax / 200.0).ceil() * 200.0;
    let amax = 6.0;
    let n = turns.max(1) as f64;
    let x = |i: usize| left + pw * (i as f64 + 0.5) / n;
    let y = |v: f64| top + ph * (1.0 - v / ymax);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="28" font-size="16" text-anchor="middle">{}</text>"#,
        left + pw / 2.0,
        escape(title)
    );
    // Axes and grid.
    grid(&mut s, left, pw, ymax, &y);
    for i in 0..turns {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
            x(i),
            top + ph + 18.0,
            i + 1
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">turn</text><text transform="translate(18 {}) rotate(-90)" text-anchor="middle">goblin logic, ms per turn</text>"#,
        left + pw / 2.0,
        h - 18.0,
        top + ph / 2.0
    );
    // Acting goblins as thin bars, one per version side by side, on an axis of their own
    // at the plot's right edge (0-6 over its lower part).
    let bar = |v: f64| top + ph - ph * 0.35 * v / amax;
    let right_edge = left + pw;
    let _ = writeln!(
        s,
        r##"<line x1="{right_edge}" y1="{:.1}" x2="{right_edge}" y2="{:.1}" stroke="#888"/>"##,
        bar(0.0),
        bar(amax)
    );
    for v in [0.0, 2.0, 4.0, 6.0] {
        let _ = writeln!(
            s,
            r##"<line x1="{right_edge}" y1="{0:.1}" x2="{1}" y2="{0:.1}" stroke="#888"/><text x="{2}" y="{3:.1}" fill="#888" font-size="11">{v:.0}</text>"##,
            bar(v),
            right_edge + 4.0,
            right_edge + 6.0,
            bar(v) + 4.0
        );
    }
    let _ = writeln!(
        s,
        r##"<text transform="translate({:.1} {:.1}) rotate(-90)" text-anchor="middle" fill="#888" font-size="11">goblins acting (bars)</text>"##,
        right_edge + 28.0,
        bar(amax / 2.0)
    );
    let bw = pw / n / (versions.len() as f64 + 1.0);
    for (k, d) in data.iter().enumerate() {
        for (i, p) in d.iter().enumerate() {
            let bh = top + ph - bar(p.1);
            let _ = writeln!(
                s,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}" opacity="0.25"/>"#,
                x(i) - pw / n / 2.0 + bw * (k as f64 + 0.5),
                top + ph - bh,
                bw,
                bh,
                COLOURS[k % 4]
            );
        }
    }
    // The published figures.
    let lines = refs.map_or(Vec::new(), |r| {
        vec![
            (
                r.inner_ms.0,
                format!("{} before: {:.0}", r.source, r.inner_ms.0),
            ),
            (
                r.inner_ms.1,
                format!("{} after: {:.0}", r.source, r.inner_ms.1),
            ),
        ]
    });
    for (v, label) in lines {
        let _ = writeln!(
            s,
            r##"<line x1="{left}" y1="{0:.1}" x2="{1}" y2="{0:.1}" stroke="#555" stroke-dasharray="6 4"/><text x="{2}" y="{3:.1}" fill="#555" text-anchor="end">{label} ms</text>"##,
            y(v),
            left + pw,
            left + pw - 4.0,
            y(v) - 5.0
        );
    }
    // Measured, and the model's prediction from each turn's counts.
    for (k, ((stats, _), d)) in versions.iter().zip(&data).enumerate() {
        let c = COLOURS[k % 4];
        s.push_str(&segments(
            d.iter().enumerate().map(|(i, p)| (x(i), y(p.0))),
            &format!(r#"stroke="{c}" stroke-width="2.5""#),
        ));
        for (i, p) in d.iter().enumerate() {
            let _ = writeln!(
                s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="3.5" fill="{c}"/>"#,
                x(i),
                y(p.0)
            );
        }
        if let Some(f) = stats.fit {
            s.push_str(&segments(
                d.iter().enumerate().map(|(i, p)| (x(i), y(predict(&f, p)))),
                &format!(r#"stroke="{c}" stroke-width="1.5" stroke-dasharray="2 3""#),
            ));
        }
        let ly = top + 10.0 + 44.0 * k as f64;
        let _ = writeln!(
            s,
            r#"<line x1="{0}" y1="{ly}" x2="{1}" y2="{ly}" stroke="{c}" stroke-width="2.5"/><text x="{2}" y="{3}">{4}</text><text x="{2}" y="{5}" font-size="11">mean {6:.0} ms; dotted: model</text>"#,
            left + pw + 6.0,
            left + pw + 30.0,
            left + pw + 36.0,
            ly + 4.0,
            escape(&stats.name),
            ly + 18.0,
            stats.inner.mean
        );
    }
    s.push_str("</svg>\n");
    s
}

/// A grid line and its label every 200 ms from 0 to `ymax`.
fn grid(s: &mut String, left: f64, pw: f64, ymax: f64, y: &dyn Fn(f64) -> f64) {
    let mut v = 0.0;
    while v <= ymax + 0.1 {
        let _ = writeln!(
            s,
            r##"<line x1="{left}" y1="{0:.1}" x2="{1}" y2="{0:.1}" stroke="#e5e5e5"/><text x="{2}" y="{3:.1}" text-anchor="end">{v:.0}</text>"##,
            y(v),
            left + pw,
            left - 6.0,
            y(v) + 4.0
        );
        v += 200.0;
    }
}

/// Lines from point to point (separate lines rather than one path: some SVG renderers
/// draw long paths wrongly).
fn segments(points: impl Iterator<Item = (f64, f64)>, style: &str) -> String {
    let pts: Vec<(f64, f64)> = points.collect();
    pts.windows(2)
        .map(|w| {
            format!(
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" {style}/>\n",
                w[0].0, w[0].1, w[1].0, w[1].1
            )
        })
        .collect()
}

fn predict(f: &Fit, p: &(f64, f64, f64)) -> f64 {
    f.predict(p.1, p.2)
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `per_turn` (a picture of [`svg`]) under a chart of the article's sweep: per N, each
/// version's goblin and whole-turn milliseconds, with the tutorial's figures as bands of
/// the verdict's tolerance.
pub fn with_sweep(sw: &Sweep, per_turn: &str, refs: &Reference) -> String {
    let (w, h) = (900.0, 440.0);
    let (left, right, top, bottom) = (70.0, 190.0, 50.0, 60.0);
    let (pw, ph) = (w - left - right, h - top - bottom);
    let ymax = 1600.0;
    let nmax = sw.rows.iter().map(|r| r.wake).max().unwrap_or(0).max(1) as f64;
    let nmin = sw.rows.iter().map(|r| r.wake).min().unwrap_or(0) as f64;
    let x = |n: usize| left + pw * (n as f64 - nmin + 0.5) / (nmax - nmin + 1.0);
    let y = |v: f64| top + ph * (1.0 - v.min(ymax) / ymax);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg x="0" y="0" width="{w}" height="{h}" viewBox="0 0 {w} {h}"><text x="{}" y="28" font-size="16" text-anchor="middle">the {}'s scenario swept over N ({} vs {})</text>"#,
        left + pw / 2.0,
        refs.source,
        escape(&sw.before_game),
        escape(&sw.after_game)
    );
    grid(&mut s, left, pw, ymax, &y);
    for r in &sw.rows {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{} ({}/{})</text>"#,
            x(r.wake),
            top + ph + 18.0,
            r.wake,
            r.counted,
            r.seeds
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">the player's setting N (seeds counted)</text><text transform="translate(18 {}) rotate(-90)" text-anchor="middle">ms per turn</text>"#,
        left + pw / 2.0,
        h - 18.0,
        top + ph / 2.0
    );
    // The published figures with the tolerance as bands.
    let figures = [
        (refs.inner_ms.0, 0, "subroutine before"),
        (refs.inner_ms.1, 1, "subroutine after"),
        (refs.turn_ms.0, 0, "turn before"),
        (refs.turn_ms.1, 1, "turn after"),
    ];
    for (i, (v, k, label)) in figures.into_iter().enumerate() {
        // Two figures of one value: the second label under the first.
        let below = figures[..i].iter().filter(|f| f.0 == v).count() as f64 * 14.0;
        let _ = writeln!(
            s,
            r##"<rect x="{left}" y="{:.1}" width="{pw}" height="{:.1}" fill="{}" opacity="0.08"/><text x="{:.1}" y="{:.1}" fill="#555" font-size="11">{} {label}: {v:.0}</text>"##,
            y(v * (1.0 + TOLERANCE)),
            y(v * (1.0 - TOLERANCE)) - y(v * (1.0 + TOLERANCE)),
            COLOURS[k],
            left + pw + 6.0,
            y(v) + 4.0 + below,
            refs.source
        );
    }
    let side = |r: &Row, k: usize| {
        if k == 0 {
            r.before.clone()
        } else {
            r.after.clone()
        }
    };
    for (k, c) in COLOURS.iter().take(2).enumerate() {
        let pts = |turn: bool| {
            sw.rows
                .iter()
                .filter_map(|r| {
                    side(r, k).map(|s| {
                        let v = if turn {
                            s.turn.measured
                        } else {
                            s.goblin.measured
                        };
                        (x(r.wake), y(v))
                    })
                })
                .collect::<Vec<_>>()
        };
        for (turn, style) in [
            (false, "stroke-width=\"2.5\""),
            (true, "stroke-width=\"1.5\" stroke-dasharray=\"6 3\""),
        ] {
            let p = pts(turn);
            s.push_str(&segments(
                p.iter().copied(),
                &format!(r#"stroke="{c}" {style}"#),
            ));
            for (px, py) in p {
                let _ = writeln!(
                    s,
                    r#"<circle cx="{px:.1}" cy="{py:.1}" r="3.5" fill="{c}"/>"#
                );
            }
        }
    }
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="{}" font-size="11">solid: goblin logic; dashed: whole turn; red: {}; blue: {}</text></svg>"#,
        top - 6.0,
        escape(&sw.before_game),
        escape(&sw.after_game)
    );
    let inner = per_turn.replacen("<svg ", &format!(r#"<svg x="0" y="{h}" "#), 1);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"{}\" viewBox=\"0 0 900 {}\" font-family=\"sans-serif\" font-size=\"13\">\n<rect width=\"900\" height=\"{}\" fill=\"white\"/>\n{s}{inner}</svg>\n",
        h + 520.0,
        h + 520.0,
        h + 520.0
    )
}
