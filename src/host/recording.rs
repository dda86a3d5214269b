//! Key recordings: a session played in the window (`breadbin --record-keys FILE`), kept as
//! the key events the machine's key feeder received and the emulated frame at which each
//! arrived, with the moment the autostart typed `RUN`. Replayed from power-on with the same
//! events at the same frames, the machine runs exactly as it did (it is deterministic), so a
//! replay on the recorded program gives the same turn times; on another program it shows
//! where the play parts from the recording.
//!
//! The file is text:
//!
//! ```text
//! # breadbin key recording
//! program part10c.bas          the program the window ran
//! roms D844756883121641        checksum of the ROM set (see breadbin::host::state::rom_checksum)
//! start 12 3456789             frames waited at the prompt before RUN, the jiffy clock then
//! @512 down 3 follow D         at frame 512, source key 3 pressed: the C64's D, SHIFT as held
//! @515 up 3                    its release
//! @530 down 4 shift 2          other rules: shift, noshift, hostshift, mod; `restore`, `joy 1F`
//! @600 pad 10                  gamepad bits (hex)
//! ```

use crate::chips::keyboard::{self, KEYS, Key};
use crate::host::autostart::StartMoment;
use crate::host::feeder::SourceKey;
use crate::host::feeder::{Press, Shift};
use std::fmt::Write as _;

/// A recording that cannot be read: file, line, column and what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{file}:{line}:{col}: {message}")]
pub struct RecordingError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// One recorded event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecEvent {
    Down(SourceKey, Press),
    Up(SourceKey),
    /// Joystick bits of the gamepads.
    Pad(u8),
}

/// A recorded session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recording {
    /// Where it was read from, for messages.
    pub file: String,
    pub program: String,
    pub rom_checksum: u64,
    pub moment: StartMoment,
    /// (frame, event), frames in order.
    pub events: Vec<(u64, RecEvent)>,
}

fn key_name(k: Key) -> &'static str {
    KEYS.iter()
        .find(|(_, key)| *key == k)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}

impl Recording {
    pub fn new(program: &str, rom_checksum: u64, moment: StartMoment) -> Recording {
        Recording {
            file: String::new(),
            program: program.to_string(),
            rom_checksum,
            moment,
            events: Vec::new(),
        }
    }

    /// Whether a key-script text is a recording (it has `@FRAME` lines).
    pub fn is_recording(text: &str) -> bool {
        text.lines().any(|l| l.trim_start().starts_with('@'))
    }

    /// The keys still down (in the order they went down) and whether the gamepads still
    /// hold bits after the last event: what a session ended while a key was held (Ctrl+F12
    /// is pressed with Ctrl) leaves.
    fn held_at_end(&self) -> (Vec<SourceKey>, bool) {
        let mut held: Vec<SourceKey> = Vec::new();
        let mut pad = 0;
        for (_, e) in &self.events {
            match *e {
                RecEvent::Down(id, _) => {
                    if !held.contains(&id) {
                        held.push(id);
                    }
                }
                RecEvent::Up(id) => held.retain(|&h| h != id),
                RecEvent::Pad(b) => pad = b,
            }
        }
        (held, pad != 0)
    }

    /// End the recording with every held key and gamepad bit released, at its last frame:
    /// a replay then leaves the machine with no key down.
    pub fn release_held(&mut self) {
        let frame = self.events.last().map_or(0, |&(f, _)| f);
        let (held, pad) = self.held_at_end();
        for id in held {
            self.events.push((frame, RecEvent::Up(id)));
        }
        if pad {
            self.events.push((frame, RecEvent::Pad(0)));
        }
    }

    /// The file's text. It ends with every key released ([`Recording::release_held`]).
    pub fn to_text(&self) -> String {
        let mut released = self.clone();
        released.release_held();
        let events = &released.events;
        let mut s = String::from("# breadbin key recording\n");
        let _ = writeln!(s, "program {}", self.program);
        let _ = writeln!(s, "roms {:016X}", self.rom_checksum);
        let _ = writeln!(
            s,
            "start {} {}",
            self.moment.frames,
            self.moment.jiffies.map_or("-".into(), |j| j.to_string())
        );
        for (f, e) in events {
            let _ = match e {
                RecEvent::Down(id, p) => {
                    let what = match p {
                        Press::Matrix(k, Shift::Follow) => format!("follow {}", key_name(*k)),
                        Press::Matrix(k, Shift::On) => format!("shift {}", key_name(*k)),
                        Press::Matrix(k, Shift::Off) => format!("noshift {}", key_name(*k)),
                        Press::HostShift(k) => format!("hostshift {}", key_name(*k)),
                        Press::Modifier(k) => format!("mod {}", key_name(*k)),
                        Press::Restore => "restore".into(),
                        Press::Joystick(b) => format!("joy {b:02X}"),
                    };
                    writeln!(s, "@{f} down {id} {what}")
                }
                RecEvent::Up(id) => writeln!(s, "@{f} up {id}"),
                RecEvent::Pad(b) => writeln!(s, "@{f} pad {b:02X}"),
            };
        }
        s
    }

    /// Read a recording; `file` names it in errors (file:line:column).
    pub fn parse(text: &str, file: &str) -> Result<Recording, RecordingError> {
        let mut r = Recording::new("", 0, StartMoment::default());
        r.file = file.to_string();
        let mut last_frame = 0;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |m: String| RecordingError {
                file: file.to_string(),
                line: n + 1,
                col: raw.len() - raw.trim_start().len() + 1,
                message: m,
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let hex = |w: Option<&&str>, what: &str| -> Result<u64, RecordingError> {
                w.and_then(|w| u64::from_str_radix(w, 16).ok())
                    .ok_or_else(|| err(format!("{what}: expected a hexadecimal number")))
            };
            let dec = |w: Option<&&str>, what: &str| -> Result<u64, RecordingError> {
                w.and_then(|w| w.parse().ok())
                    .ok_or_else(|| err(format!("{what}: expected a number")))
            };
            match words[0] {
                "program" => r.program = words[1..].join(" "),
                "roms" => r.rom_checksum = hex(words.get(1), "roms")?,
                "start" => {
                    r.moment.frames = dec(words.get(1), "start")?;
                    r.moment.jiffies = match words.get(2) {
                        Some(&"-") | None => None,
                        w => Some(dec(w, "start")? as u32),
                    };
                }
                w if w.starts_with('@') => {
                    let frame: u64 = w[1..]
                        .parse()
                        .map_err(|_| err(format!("`{w}`: expected @FRAME")))?;
                    if frame < last_frame {
                        return Err(err(format!("frame {frame} comes after frame {last_frame}")));
                    }
                    last_frame = frame;
                    let e = match words.get(1) {
                        Some(&"up") => RecEvent::Up(dec(words.get(2), "up")? as SourceKey),
                        Some(&"pad") => RecEvent::Pad(hex(words.get(2), "pad")? as u8),
                        Some(&"down") => {
                            let id = dec(words.get(2), "down")? as SourceKey;
                            let name = words.get(4..).map(|w| w.join(" ")).unwrap_or_default();
                            let key = || {
                                keyboard::key_by_name(&name)
                                    .ok_or_else(|| err(format!("unknown C64 key `{name}`")))
                            };
                            let press = match words.get(3) {
                                Some(&"follow") => Press::Matrix(key()?, Shift::Follow),
                                Some(&"shift") => Press::Matrix(key()?, Shift::On),
                                Some(&"noshift") => Press::Matrix(key()?, Shift::Off),
                                Some(&"hostshift") => Press::HostShift(key()?),
                                Some(&"mod") => Press::Modifier(key()?),
                                Some(&"restore") => Press::Restore,
                                Some(&"joy") => Press::Joystick(hex(words.get(4), "joy")? as u8),
                                _ => return Err(err("`down`: expected follow, shift, noshift, hostshift, mod, restore or joy".into())),
                            };
                            RecEvent::Down(id, press)
                        }
                        _ => return Err(err("expected `down`, `up` or `pad` after @FRAME".into())),
                    };
                    r.events.push((frame, e));
                }
                other => return Err(err(format!("unknown line `{other}`"))),
            }
        }
        if r.program.is_empty() {
            return Err(RecordingError {
                file: file.to_string(),
                line: 1,
                col: 1,
                message: "no `program` line: not a key recording".into(),
            });
        }
        // A recording written before its keys were released at the end still replays.
        r.release_held();
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session ended with Ctrl+F12: Ctrl is still down, and so is a gamepad bit.
    const ENDS_HELD: &str = "program part10c.bas\nroms 0\nstart 0 -\n\
        @5 down 2 follow A\n@7 up 2\n@9 pad 10\n@10 down 1 mod CTRL\n";

    #[test]
    fn a_written_recording_releases_every_held_key_at_its_end() {
        let mut r = Recording::new("part10c.bas", 0, StartMoment::default());
        let a = keyboard::key_by_name("A").unwrap();
        let ctrl = keyboard::key_by_name("CTRL").unwrap();
        r.events
            .push((5, RecEvent::Down(2, Press::Matrix(a, Shift::Follow))));
        r.events.push((7, RecEvent::Up(2)));
        r.events.push((9, RecEvent::Pad(0x10)));
        r.events
            .push((10, RecEvent::Down(1, Press::Modifier(ctrl))));
        let text = r.to_text();
        let tail: Vec<&str> = text.lines().rev().take(3).collect();
        assert_eq!(tail, ["@10 pad 00", "@10 up 1", "@10 down 1 mod CTRL"]);
    }

    #[test]
    fn a_recording_that_ends_with_keys_held_replays_with_them_released() {
        let r = Recording::parse(ENDS_HELD, "held.keys").unwrap();
        assert_eq!(
            r.events[r.events.len() - 2..],
            [(10, RecEvent::Up(1)), (10, RecEvent::Pad(0))]
        );
        // Read back, a released recording is the same.
        assert_eq!(
            Recording::parse(&r.to_text(), "held.keys").unwrap().events,
            r.events
        );
    }
}
