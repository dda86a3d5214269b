//! Replaying a key recording ([`crate::host::recording`]) from power-on and measuring its turns:
//! the recorded events go into a key feeder at their frames, as the window gave them.

use super::ProfileError;
use super::driver::GameDriver;
use super::spec::{RunRecord, RunSpec};
use crate::c64::C64;
use crate::host::feeder::KeyFeeder;
use crate::host::recording::{RecEvent, Recording};

/// Apply a recording to the machine frame by frame: its events go into the key feeder at
/// their frames, the feeder drives the keyboard when due.
struct Player<'a> {
    rec: &'a Recording,
    next: usize,
    feeder: KeyFeeder,
    next_key: u64,
    pad: u8,
}

impl<'a> Player<'a> {
    fn new(rec: &'a Recording) -> Self {
        Player {
            rec,
            next: 0,
            feeder: KeyFeeder::default(),
            next_key: 0,
            pad: 0,
        }
    }

    #[inline]
    fn feed(&mut self, c64: &mut C64) {
        if let Some(&(frame, _)) = self.rec.events.get(self.next)
            && c64.frames() >= frame
        {
            self.take_events(c64);
        }
        if c64.cycles() >= self.next_key {
            let now = c64.cycles();
            self.next_key = self.feeder.service(c64.keyboard_mut(), now);
            c64.keyboard_mut().joy2 = self.pad | self.feeder.joystick();
        }
    }

    #[cold]
    fn take_events(&mut self, c64: &mut C64) {
        // Events of a frame arrive at its first cycle, as in the window (between frames).
        let frame = c64.frames();
        while let Some(&(f, e)) = self.rec.events.get(self.next) {
            if f > frame {
                break;
            }
            match e {
                RecEvent::Down(id, p) => self.feeder.down(id, p),
                RecEvent::Up(id) => self.feeder.up(id),
                RecEvent::Pad(b) => self.pad = b,
            }
            self.next += 1;
        }
        self.next_key = c64.cycles();
    }
}

/// Replay `rec` on `spec.program` from power-on and measure its turns.
pub(super) fn replay(spec: &RunSpec, rec: &Recording) -> Result<RunRecord, ProfileError> {
    let mut settings = spec.settings.clone();
    settings.seed = None;
    settings.moment = Some(rec.moment);
    let mut d = GameDriver::start(
        &spec.program,
        &settings,
        &spec.loop_label,
        Some(&spec.measure),
    )?;
    let sum = crate::host::state::rom_checksum(d.c64.roms());
    if sum != rec.rom_checksum {
        return Err(ProfileError::Script {
            file: rec.file.clone(),
            line: 3,
            col: 1,
            message: format!(
                "recorded with another ROM set ({:016X}; these ROMs are {sum:016X})",
                rec.rom_checksum
            ),
        });
    }
    d.keep_snapshots(true);
    if let Some(end) = spec.game.end_label() {
        let _ = d.set_end_label(end);
    }
    let mut p = Player::new(rec);
    let mut out = RunRecord::new(spec, None, &d);
    if !d.run_to_wait_with(&mut |c| p.feed(c))? {
        out.ended = Some("the program ended before its first wait".into());
        return Ok(out);
    }
    while out.turns.len() < spec.turns {
        if p.next >= rec.events.len() && p.feeder.is_idle() && d.waiting() {
            out.ended = Some(format!(
                "the recording ends after {} turns",
                out.turns.len()
            ));
            break;
        }
        let t = d.turn_with(&mut |c| p.feed(c))?;
        if !out.take(t, &d, spec.game.as_ref()) {
            break;
        }
    }
    Ok(out)
}

/// The machine a recording leaves at the start of `frame`, replayed on `program` from
/// power-on (for checking that a replay is exact).
pub fn replay_to_frame(
    program: &crate::media::Program,
    rec: &Recording,
    roms: crate::c64::roms::Roms,
    frame: u64,
) -> C64 {
    let mut autostart =
        crate::host::autostart::Autostart::new(Some(program.clone()), Vec::new(), false);
    autostart.set_moment(rec.moment);
    let mut s = crate::host::autostart::Session::new(C64::new(roms), autostart);
    let mut p = Player::new(rec);
    while s.c64.frames() < frame {
        p.feed(&mut s.c64);
        s.step();
    }
    s.c64
}
