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

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut s = String::from("# breadbin key recording\n");
        let _ = writeln!(s, "program {}", self.program);
        let _ = writeln!(s, "roms {:016X}", self.rom_checksum);
        let _ = writeln!(
            s,
            "start {} {}",
            self.moment.frames,
            self.moment.jiffies.map_or("-".into(), |j| j.to_string())
        );
        for (f, e) in &self.events {
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
        Ok(r)
    }
}
