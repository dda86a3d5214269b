//! Host keyboard → C64 keyboard matrix (and the numeric-keypad joystick).
//!
//! Keys are mapped by the symbol they type on the host ("symbolic" mapping): the host key
//! that types `"` presses the C64's SHIFT+2, the one that types `:` presses the C64's
//! unshifted `:` key, whatever the host layout. For those keys the C64's SHIFT is forced on
//! or off while they are held, so host SHIFT never changes the symbol. Letters, SPACE,
//! RETURN, INST/DEL, CLR/HOME and RUN/STOP follow host SHIFT (SHIFT+letter gives the C64's
//! graphics characters, SHIFT+DEL inserts). The full table is in README ("Keyboard").
//!
//! The mapped presses go through the machine's one key feeder
//! ([`crate::host::feeder::KeyFeeder`]), which holds every press at least 50 ms and keeps
//! repeated presses of a key 20 ms apart.

use crate::chips::keyboard::{self, COMMODORE, CTRL, Key, LEFT_SHIFT, Modifier, RIGHT_SHIFT, joy};
use crate::host::feeder::{KeyFeeder, SourceKey};
pub use crate::host::feeder::{MIN_GAP_CYCLES, MIN_HOLD_CYCLES, Press as Mapped, Shift};
use winit::keyboard::{Key as Logical, KeyCode, NamedKey, PhysicalKey};

/// One host key event, as the window receives it (the fields of winit's `KeyEvent` that
/// the mapping needs; tests build these directly).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostKey {
    /// The physical key: pairs a release with its press.
    pub physical: PhysicalKey,
    /// The symbol with SHIFT and AltGr applied (winit: every modifier except Ctrl).
    pub logical: Logical,
    pub pressed: bool,
    /// Host auto-repeat: ignored (the KERNAL repeats keys itself).
    pub repeat: bool,
}

impl HostKey {
    /// A press or release of the key at `code` typing `text` (tests and scripted input).
    pub fn char(code: KeyCode, text: &str, pressed: bool) -> Self {
        HostKey {
            physical: PhysicalKey::Code(code),
            logical: Logical::Character(text.into()),
            pressed,
            repeat: false,
        }
    }

    /// A press or release of a key without a symbol (modifiers, cursor keys, F-keys).
    pub fn named(code: KeyCode, named: NamedKey, pressed: bool) -> Self {
        HostKey {
            physical: PhysicalKey::Code(code),
            logical: Logical::Named(named),
            pressed,
            repeat: false,
        }
    }
}

/// Map a host key press. `numpad_joystick` turns the numeric keypad into a joystick.
pub fn map_key(physical: PhysicalKey, logical: &Logical, numpad_joystick: bool) -> Option<Mapped> {
    if let PhysicalKey::Code(code) = physical {
        if numpad_joystick && let Some(bits) = numpad_joystick_bits(code) {
            return Some(Mapped::Joystick(bits));
        }
        if let Some(m) = map_code(code) {
            return Some(m);
        }
    }
    match logical {
        Logical::Character(s) => {
            let mut chars = s.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            map_char(c)
        }
        Logical::Named(NamedKey::Space) => Some(Mapped::Matrix(key("SPACE"), Shift::Follow)),
        Logical::Named(NamedKey::Enter) => Some(Mapped::Matrix(keyboard::RETURN, Shift::Follow)),
        _ => None,
    }
}

fn key(name: &str) -> Key {
    keyboard::key_by_name(name).expect("a name from the C64 key table")
}

/// Keys mapped by position: modifiers and keys without a printable symbol.
fn map_code(code: KeyCode) -> Option<Mapped> {
    use Mapped::*;
    use Shift::*;
    Some(match code {
        KeyCode::ShiftLeft => HostShift(LEFT_SHIFT),
        KeyCode::ShiftRight => HostShift(RIGHT_SHIFT),
        KeyCode::ControlLeft | KeyCode::ControlRight => Modifier(CTRL),
        KeyCode::AltLeft | KeyCode::Tab => Modifier(COMMODORE),
        KeyCode::Space => Matrix(key("SPACE"), Follow),
        KeyCode::Enter | KeyCode::NumpadEnter => Matrix(keyboard::RETURN, Follow),
        KeyCode::Backspace | KeyCode::Delete => Matrix(key("DEL"), Follow),
        KeyCode::Insert => Matrix(key("DEL"), On),
        KeyCode::Home => Matrix(key("HOME"), Follow),
        KeyCode::Escape => Matrix(keyboard::RUN_STOP, Follow),
        KeyCode::PageUp => Restore,
        KeyCode::ArrowRight => Matrix(key("CRSR RIGHT"), Off),
        KeyCode::ArrowLeft => Matrix(key("CRSR RIGHT"), On),
        KeyCode::ArrowDown => Matrix(key("CRSR DOWN"), Off),
        KeyCode::ArrowUp => Matrix(key("CRSR DOWN"), On),
        KeyCode::F1 => Matrix(key("F1"), Off),
        KeyCode::F2 => Matrix(key("F1"), On),
        KeyCode::F3 => Matrix(key("F3"), Off),
        KeyCode::F4 => Matrix(key("F3"), On),
        KeyCode::F5 => Matrix(key("F5"), Off),
        KeyCode::F6 => Matrix(key("F5"), On),
        KeyCode::F7 => Matrix(key("F7"), Off),
        KeyCode::F8 => Matrix(key("F7"), On),
        _ => return None,
    })
}

/// Keys mapped by the symbol they type.
pub fn map_char(c: char) -> Option<Mapped> {
    let m = |name: &str, shift: Shift| Some(Mapped::Matrix(key(name), shift));
    match c {
        'a'..='z' | 'A'..='Z' => m(&c.to_ascii_uppercase().to_string(), Shift::Follow),
        '£' => m("POUND", Shift::Off),
        '↑' => m("UP ARROW", Shift::Off),
        '←' | '`' => m("LEFT ARROW", Shift::Off),
        'π' | '~' => m("UP ARROW", Shift::On),
        ' ' => m("SPACE", Shift::Follow),
        // Printable ASCII is PETSCII in the C64's upper case/graphics set (with `\` = £,
        // `^` = ↑, `_` = ←).
        '!'..='_' => {
            let (k, modifier) = keyboard::keys_for_petscii(c as u8)?;
            let shift = match modifier {
                Modifier::None => Shift::Off,
                Modifier::Shift => Shift::On,
                Modifier::Commodore | Modifier::Ctrl => return None,
            };
            Some(Mapped::Matrix(k, shift))
        }
        _ => None,
    }
}

/// The numeric keypad as a joystick: 8/2/4/6 and the diagonals 7/9/1/3; 0 and 5 fire.
pub fn numpad_joystick_bits(code: KeyCode) -> Option<u8> {
    Some(match code {
        KeyCode::Numpad8 => joy::UP,
        KeyCode::Numpad2 => joy::DOWN,
        KeyCode::Numpad4 => joy::LEFT,
        KeyCode::Numpad6 => joy::RIGHT,
        KeyCode::Numpad7 => joy::UP | joy::LEFT,
        KeyCode::Numpad9 => joy::UP | joy::RIGHT,
        KeyCode::Numpad1 => joy::DOWN | joy::LEFT,
        KeyCode::Numpad3 => joy::DOWN | joy::RIGHT,
        KeyCode::Numpad0 | KeyCode::Numpad5 => joy::FIRE,
        _ => return None,
    })
}

/// The host keyboard as the C64 sees it: maps host key events and passes them, as source
/// keys of their own, to the machine's key feeder (which drives the keyboard matrix).
#[derive(Debug, Default, Clone)]
pub struct KeyInput {
    numpad_joystick: bool,
    /// Host keys down (by the host's account), as the feeder's source keys.
    host_down: Vec<(PhysicalKey, SourceKey)>,
    /// The source key of each physical key seen: its index here.
    ids: Vec<PhysicalKey>,
}

impl KeyInput {
    pub fn new(numpad_joystick: bool) -> Self {
        KeyInput {
            numpad_joystick,
            ..Default::default()
        }
    }

    fn id(&mut self, p: PhysicalKey) -> SourceKey {
        match self.ids.iter().position(|&q| q == p) {
            Some(i) => i as SourceKey,
            None => {
                self.ids.push(p);
                (self.ids.len() - 1) as SourceKey
            }
        }
    }

    /// Take one host key event into `feeder`. Returns true when the key is mapped (used by
    /// the C64).
    pub fn host_key(&mut self, ev: &HostKey, feeder: &mut KeyFeeder) -> bool {
        let down = self.host_down.iter().position(|(p, _)| *p == ev.physical);
        if ev.repeat {
            return down.is_some();
        }
        if ev.pressed {
            if down.is_some() {
                return true;
            }
            let Some(mapped) = map_key(ev.physical, &ev.logical, self.numpad_joystick) else {
                return false;
            };
            let id = self.id(ev.physical);
            self.host_down.push((ev.physical, id));
            feeder.down(id, mapped);
            true
        } else {
            let Some(i) = down else {
                return false;
            };
            let (_, id) = self.host_down.swap_remove(i);
            feeder.up(id);
            true
        }
    }

    /// Release every host key (the window lost the focus and will not see the releases).
    pub fn release_all_host_keys(&mut self, feeder: &mut KeyFeeder) {
        for (_, id) in std::mem::take(&mut self.host_down) {
            feeder.up(id);
        }
    }

    /// Forget the host keys down (after a reset, when the feeder is cleared too).
    pub fn clear(&mut self) {
        self.host_down.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(c: char) -> Option<(Key, Shift)> {
        match map_char(c)? {
            Mapped::Matrix(k, s) => Some((k, s)),
            _ => None,
        }
    }

    #[test]
    fn symbols_map_to_their_c64_keys() {
        assert_eq!(matrix('"'), Some((key("2"), Shift::On)));
        assert_eq!(matrix(':'), Some((key(":"), Shift::Off)));
        assert_eq!(matrix(';'), Some((key(";"), Shift::Off)));
        assert_eq!(matrix('@'), Some((key("@"), Shift::Off)));
        assert_eq!(matrix('\\'), Some((key("POUND"), Shift::Off)));
        assert_eq!(matrix('£'), Some((key("POUND"), Shift::Off)));
        assert_eq!(matrix('^'), Some((key("UP ARROW"), Shift::Off)));
        assert_eq!(matrix('_'), Some((key("LEFT ARROW"), Shift::Off)));
        assert_eq!(matrix('['), Some((key(":"), Shift::On)));
        assert_eq!(matrix('q'), Some((key("Q"), Shift::Follow)));
        assert_eq!(matrix('Q'), Some((key("Q"), Shift::Follow)));
        assert_eq!(matrix('{'), None);
        assert_eq!(matrix('é'), None);
    }

    #[test]
    fn numpad_is_a_joystick_only_when_asked() {
        let p = PhysicalKey::Code(KeyCode::Numpad8);
        let l = Logical::Character("8".into());
        assert_eq!(map_key(p, &l, true), Some(Mapped::Joystick(joy::UP)));
        assert_eq!(
            map_key(p, &l, false),
            Some(Mapped::Matrix(key("8"), Shift::Off))
        );
    }
}
