//! The C64 game run headless: booted on a machine, started with a command through its shared
//! block, and played with joystick 2 (or the light pen) frame by frame, as a test or
//! `breadbin starlink-check` does.

use super::layout::{self, BASE, Snapshot, State, off};
use super::{PRG, Puzzle};
use crate::C64;
use crate::Roms;
use crate::chips::keyboard::joy;
use crate::host::autostart::{Autostart, Session};
use crate::media::{Prg, Program};
use std::path::Path;

/// PAL frames per emulated second.
pub const FRAMES_PER_SECOND: u64 = 50;

/// Frames the fire button stays up after a pick is answered (drawing a bent line takes the
/// game about this long).
pub const RELEASE_FRAMES: u64 = 10;

/// The game on a machine of its own.
pub struct Driver {
    pub session: Session,
}

impl Driver {
    /// A machine with the game loaded and run, at its title (`render` draws the picture too,
    /// for screenshots and the light pen's tests).
    pub fn boot(roms: Roms, render: bool) -> Result<Driver, String> {
        let name = "starlink.prg";
        let prg = Prg::parse(PRG, Path::new(name)).map_err(|e| e.to_string())?;
        let program = Program {
            name: name.into(),
            prg,
            labels: Default::default(),
        };
        let mut c64 = C64::new(roms);
        c64.set_render(render);
        let mut d = Driver {
            session: Session::new(c64, Autostart::new(Some(program), Vec::new(), false)),
        };
        d.run_until(10 * FRAMES_PER_SECOND, |s| s.state == State::Title)
            .map_err(|e| format!("the game did not reach its title: {e}"))?;
        Ok(d)
    }

    pub fn c64(&self) -> &C64 {
        &self.session.c64
    }

    /// The shared block now.
    pub fn snapshot(&self) -> Result<Snapshot, String> {
        Snapshot::read(self.session.c64.ram())
    }

    /// One PAL frame.
    pub fn frame(&mut self) {
        self.session.run_frame();
    }

    /// Frames until `done` holds for the block (read once a frame), at most `limit`; the
    /// frames it took.
    pub fn run_until(
        &mut self,
        limit: u64,
        mut done: impl FnMut(&Snapshot) -> bool,
    ) -> Result<u64, String> {
        for n in 0..=limit {
            if let Ok(s) = self.snapshot()
                && done(&s)
            {
                return Ok(n);
            }
            if n < limit {
                self.frame();
            }
        }
        let state = self.snapshot().map(|s| format!("{:?}", s.state));
        Err(format!(
            "not done after {limit} frames (state {})",
            state.unwrap_or_else(|e| e)
        ))
    }

    fn poke(&mut self, offset: usize, value: u8) {
        self.session.c64.poke_ram(BASE + offset as u16, value);
    }

    /// Writes level and seed, then `command`, and runs until the game has done it (playing,
    /// or checked) within `limit` frames; the frames it took.
    pub fn command(
        &mut self,
        command: u8,
        level: u8,
        seed: u16,
        limit: u64,
    ) -> Result<u64, String> {
        self.poke(off::LEVEL, level);
        self.poke(off::SEED, seed as u8);
        self.poke(off::SEED + 1, (seed >> 8) as u8);
        self.poke(off::STATE, State::Boot as u8);
        self.poke(off::COMMAND, command);
        let want = if command == layout::command::CHECK {
            State::Checked
        } else {
            State::Playing
        };
        self.run_until(limit, |s| s.state == want)
    }

    /// Plays `puzzle`'s stars (numbers as given).
    pub fn play_stars(&mut self, puzzle: &Puzzle) -> Result<(), String> {
        if puzzle.stars.len() > layout::MAX_STARS {
            return Err(format!(
                "{} stars, more than the game holds",
                puzzle.stars.len()
            ));
        }
        for (at, v) in layout::star_bytes(puzzle) {
            self.session.c64.poke_ram(at, v);
        }
        self.command(layout::command::STARS, 0, 0xFFFF, 5 * FRAMES_PER_SECOND)
            .map(|_| ())
    }

    /// Types `text` on the keyboard (`{RETURN}`-style names allowed) and runs until every
    /// key was let go, and a few frames more.
    pub fn type_keys(&mut self, text: &str) -> Result<(), String> {
        self.session.keys.type_text(text, "keys")?;
        self.session.keys_changed();
        let mut n = 0;
        while !self.session.keys.is_idle() {
            self.frame();
            n += 1;
            if n > 50 * FRAMES_PER_SECOND {
                return Err(format!("typing {text:?} did not end"));
            }
        }
        for _ in 0..RELEASE_FRAMES {
            self.frame();
        }
        Ok(())
    }

    /// Holds joystick 2 at `bits` for one frame.
    pub fn joystick(&mut self, bits: u8) {
        self.session.joystick_bits = bits;
        self.frame();
        self.session.joystick_bits = 0;
    }

    /// Moves the cursor to bitmap pixel (x, y) with the joystick; the frames it took.
    pub fn move_cursor(&mut self, x: i32, y: i32) -> Result<u64, String> {
        let mut frames = 0;
        let mut held = 0;
        loop {
            let (cx, cy) = self.snapshot()?.cursor;
            let (dx, dy) = (x - cx, y - cy);
            if dx == 0 && dy == 0 {
                self.session.joystick_bits = 0;
                self.frame();
                return Ok(frames + 1);
            }
            if frames > 2000 {
                return Err(format!(
                    "the cursor did not reach ({x}, {y}); it is at ({cx}, {cy})"
                ));
            }
            // Held long, the cursor runs three pixels a frame: let go when near.
            if held > 0 && (dx.abs() < 6 && dx != 0 || dy.abs() < 6 && dy != 0) && held > 15 {
                held = 0;
                self.session.joystick_bits = 0;
                self.frame();
                frames += 1;
                continue;
            }
            let mut bits = 0;
            if dx < 0 {
                bits |= joy::LEFT;
            } else if dx > 0 {
                bits |= joy::RIGHT;
            }
            if dy < 0 {
                bits |= joy::UP;
            } else if dy > 0 {
                bits |= joy::DOWN;
            }
            self.session.joystick_bits = bits;
            self.frame();
            held += 1;
            frames += 1;
        }
    }

    /// Presses fire for two frames (as a quick press does) and lets go; the frames from the
    /// press until the game counted the pick (at most `limit`). The button then stays up
    /// until the game has drawn what the pick changed (it is not read while the game
    /// draws), so that the next press is seen as one.
    pub fn fire(&mut self, limit: u64) -> Result<u64, String> {
        let before = self.snapshot()?.picks;
        self.session.joystick_bits = joy::FIRE;
        let mut n = 0;
        let answered = loop {
            self.frame();
            n += 1;
            if n >= 2 {
                self.session.joystick_bits = 0;
            }
            if self.snapshot()?.picks != before {
                break n;
            }
            if n >= limit {
                self.session.joystick_bits = 0;
                return Err(format!("the pick was not answered within {limit} frames"));
            }
        };
        self.session.joystick_bits = 0;
        for _ in 0..RELEASE_FRAMES {
            self.frame();
        }
        Ok(answered)
    }

    /// Moves the cursor onto star `i` and picks it; the frames the pick took to answer.
    pub fn pick_star(&mut self, i: usize) -> Result<u64, String> {
        let s = self.snapshot()?;
        let star = s
            .puzzle
            .stars
            .get(i)
            .ok_or_else(|| format!("no star {i}"))?;
        let (x, y) = layout::star_pixel(star);
        self.move_cursor(x, y)?;
        self.fire(25)
    }

    /// Moves the cursor to (x, y) and picks there.
    pub fn pick_at(&mut self, x: i32, y: i32) -> Result<u64, String> {
        self.move_cursor(x, y)?;
        self.fire(25)
    }
}
