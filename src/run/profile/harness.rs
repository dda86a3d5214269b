//! The turn harness: play a game for a number of turns, by one of its built-in players or
//! a key script, and record per turn its time, the measured subroutine's time and what
//! happened (the game counts it: for the dungeon, the goblins acting, moving, asleep, and
//! the player's action).

use super::ProfileError;
use super::driver::GameDriver;
use super::game::Skip;
use super::keyscript::Input;
use super::spec::{Driver, RunRecord, RunSpec};

/// Play one run with a script or a player (not a replay).
pub(super) fn play(spec: &RunSpec) -> Result<RunRecord, ProfileError> {
    let mut d = GameDriver::start(
        &spec.program,
        &spec.settings,
        &spec.loop_label,
        Some(&spec.measure),
    )?;
    d.keep_snapshots(true);
    // Where the game ends (won or lost), if it has such a label.
    if let Some(end) = spec.game.end_label() {
        let _ = d.set_end_label(end);
    }
    let mut out = RunRecord::new(spec, spec.settings.seed, &d);
    if !d.run_to_wait()? {
        out.ended = Some("the program ended before its first wait".into());
        return Ok(out);
    }
    let mut player = match &spec.driver {
        Driver::Player(p) => Some(p.make()),
        _ => None,
    };
    if let Some(p) = player.as_mut() {
        out.wake = p.setting();
        out.skipped = p.prepare(&mut d)?;
        if out.skipped.is_some() {
            return Ok(out);
        }
    }
    for i in 0..spec.turns {
        let input = match (&spec.driver, player.as_mut()) {
            (_, Some(p)) => Input::Key(p.next_key(&d.c64)),
            (Driver::Script(s), None) => match s.inputs.get(i) {
                Some(&k) => k,
                None => {
                    return Err(ProfileError::ScriptShort {
                        script: s.name.clone(),
                        inputs: s.inputs.len(),
                        wanted: spec.turns,
                    });
                }
            },
            (_, None) => unreachable!("replays are played by replay::replay"),
        };
        let t = d.turn(input)?;
        if !out.take(t, &d, spec.game.as_ref()) {
            break;
        }
        if let (Some(p), Some(t)) = (player.as_ref(), out.turns.last()) {
            out.skipped = p.check(&t.counts, out.turns.len());
            if out.skipped.is_some() {
                break;
            }
        }
    }
    if out.wake.is_some() && out.skipped.is_none() && out.turns.len() < spec.turns {
        out.skipped = Some(Skip::new(
            "the game ended in a measured turn",
            format!("the game ended in measured turn {}", out.turns.len() + 1),
        ));
    }
    Ok(out)
}
