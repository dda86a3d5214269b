//! Host keyboard → C64 keyboard matrix (and the numeric-keypad joystick).
//!
//! Keys are mapped by the symbol they type on the host ("symbolic" mapping): the host key
//! that types `"` presses the C64's SHIFT+2, the one that types `:` presses the C64's
//! unshifted `:` key, whatever the host layout. For those keys the C64's SHIFT is forced on
//! or off while they are held, so host SHIFT never changes the symbol. Letters, SPACE,
//! RETURN, INST/DEL, CLR/HOME and RUN/STOP follow host SHIFT (SHIFT+letter gives the C64's
//! graphics characters, SHIFT+DEL inserts). The full table is in README ("Keyboard").
//!
//! Timing: the KERNAL scans the matrix from its 60 Hz IRQ (every 16,421 cycles), and a
//! host key pressed and released between two scans would be lost. Every press is therefore
//! held on the matrix for at least [`MIN_HOLD_CYCLES`] of emulated time: 50 ms, three scans,
//! because programs also look at keys between other work (BASIC checks RUN/STOP between
//! statements, and a PRINT that scrolls the screen takes about 36 ms on the open KERNAL).
//! A key is pressed again only [`MIN_GAP_CYCLES`] (20 ms, more than a scan) after its
//! release, so typing the same character twice is seen as two presses. Events are applied
//! in the order they came, so fast typing is delayed but never reordered or dropped.

use crate::keyboard::{self, COMMODORE, CTRL, Key, LEFT_SHIFT, Modifier, RIGHT_SHIFT, joy};
use std::collections::VecDeque;
use winit::keyboard::{Key as Logical, KeyCode, NamedKey, PhysicalKey};

/// Shortest time a press stays on the matrix, in φ2 cycles (50 ms at 985,248 Hz).
pub const MIN_HOLD_CYCLES: u64 = 49_262;
/// Shortest time between the release of a key and its next press (20 ms).
pub const MIN_GAP_CYCLES: u64 = 19_705;

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

/// What the C64's SHIFT does while a mapped key is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shift {
    /// Follows host SHIFT.
    Follow,
    /// Held down (e.g. `"` is SHIFT+2; host cursor left is SHIFT+CRSR RIGHT).
    On,
    /// Held up (e.g. `:` is a key of its own on the C64, typed with SHIFT on many hosts).
    Off,
}

/// What a host key does on the C64 side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mapped {
    /// A matrix key with a SHIFT rule.
    Matrix(Key, Shift),
    /// Host SHIFT, passed to the C64's left or right SHIFT.
    HostShift(Key),
    /// A C64 modifier held as long as the host key (CTRL, C=).
    Modifier(Key),
    /// The RESTORE key (not in the matrix: it pulls the NMI line).
    Restore,
    /// Keyboard joystick bits (see [`keyboard::joy`]).
    Joystick(u8),
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

#[derive(Debug, Clone)]
enum Event {
    Down(PhysicalKey, Mapped),
    Up(PhysicalKey),
}

/// A mapped key held on the C64 side, with the cycle it went down.
#[derive(Debug, Clone, Copy)]
struct Held {
    host: PhysicalKey,
    mapped: Mapped,
    since: u64,
}

/// The host keyboard as the C64 sees it: maps host events, queues them with the timing
/// rules of the module docs and drives the keyboard matrix.
#[derive(Debug, Default, Clone)]
pub struct KeyInput {
    numpad_joystick: bool,
    /// Host keys down (by the host's account) and what they were mapped to.
    host_down: Vec<(PhysicalKey, Mapped)>,
    queue: VecDeque<Event>,
    /// What the C64 side currently holds.
    held: Vec<Held>,
    /// Last release of each matrix key (index col*8+row), RESTORE at 64, for the gap rule.
    released_at: Vec<(usize, u64)>,
    /// Matrix keys this input pressed on the keyboard, to release exactly those.
    pressed: Vec<Key>,
    restore: bool,
    joystick: u8,
}

impl KeyInput {
    pub fn new(numpad_joystick: bool) -> Self {
        KeyInput {
            numpad_joystick,
            ..Default::default()
        }
    }

    /// Take one host key event. Returns true when the key is mapped (used by the C64).
    pub fn host_key(&mut self, ev: &HostKey) -> bool {
        if ev.repeat {
            return self.host_down.iter().any(|(p, _)| *p == ev.physical);
        }
        if ev.pressed {
            if self.host_down.iter().any(|(p, _)| *p == ev.physical) {
                return true;
            }
            let Some(mapped) = map_key(ev.physical, &ev.logical, self.numpad_joystick) else {
                return false;
            };
            self.host_down.push((ev.physical, mapped));
            self.queue.push_back(Event::Down(ev.physical, mapped));
            true
        } else {
            let Some(i) = self.host_down.iter().position(|(p, _)| *p == ev.physical) else {
                return false;
            };
            self.host_down.swap_remove(i);
            self.queue.push_back(Event::Up(ev.physical));
            true
        }
    }

    /// Release every host key (the window lost the focus and will not see the releases).
    pub fn release_all_host_keys(&mut self) {
        for (p, _) in std::mem::take(&mut self.host_down) {
            self.queue.push_back(Event::Up(p));
        }
    }

    /// Forget everything at once, as after a reset: nothing held, nothing queued.
    pub fn clear(&mut self, kb: &mut keyboard::Keyboard) {
        for k in self.pressed.drain(..) {
            kb.set(k, false);
        }
        kb.restore = false;
        self.host_down.clear();
        self.queue.clear();
        self.held.clear();
        self.released_at.clear();
        self.restore = false;
        self.joystick = 0;
    }

    /// Nothing queued and nothing held.
    pub fn is_idle(&self) -> bool {
        self.queue.is_empty() && self.held.is_empty()
    }

    /// Joystick bits of the numeric keypad joystick as the C64 currently sees them.
    pub fn joystick(&self) -> u8 {
        self.joystick
    }

    fn slot(m: &Mapped) -> Option<usize> {
        match m {
            Mapped::Matrix(k, _) | Mapped::HostShift(k) | Mapped::Modifier(k) => {
                Some(k.col as usize * 8 + k.row as usize)
            }
            Mapped::Restore => Some(64),
            Mapped::Joystick(_) => None,
        }
    }

    /// Earliest cycle at which the queue's first event may be applied.
    fn ready_at(&self, ev: &Event) -> u64 {
        match ev {
            Event::Down(_, m) => Self::slot(m)
                .and_then(|s| self.released_at.iter().find(|(k, _)| *k == s))
                .map_or(0, |&(_, t)| t + MIN_GAP_CYCLES),
            Event::Up(p) => self
                .held
                .iter()
                .find(|h| h.host == *p)
                .map_or(0, |h| h.since + MIN_HOLD_CYCLES),
        }
    }

    /// Apply due events to the keyboard at cycle `now`. Returns the cycle at which to call
    /// again (`u64::MAX` when nothing is queued).
    pub fn service(&mut self, kb: &mut keyboard::Keyboard, now: u64) -> u64 {
        let mut changed = false;
        while let Some(ev) = self.queue.front() {
            let at = self.ready_at(ev);
            if at > now {
                if changed {
                    self.apply(kb);
                }
                return at;
            }
            match self.queue.pop_front().expect("front exists") {
                Event::Down(host, mapped) => self.held.push(Held {
                    host,
                    mapped,
                    since: now,
                }),
                Event::Up(host) => {
                    if let Some(i) = self.held.iter().position(|h| h.host == host) {
                        let h = self.held.remove(i);
                        if let Some(s) = Self::slot(&h.mapped) {
                            match self.released_at.iter_mut().find(|(k, _)| *k == s) {
                                Some(e) => e.1 = now,
                                None => self.released_at.push((s, now)),
                            }
                        }
                    }
                }
            }
            changed = true;
        }
        if changed {
            self.apply(kb);
        }
        u64::MAX
    }

    /// Put the held keys on the matrix: the keys themselves, then SHIFT by the rules (a key
    /// that forces SHIFT on wins over one that forces it off; otherwise host SHIFT counts).
    fn apply(&mut self, kb: &mut keyboard::Keyboard) {
        let mut want: Vec<Key> = Vec::new();
        let mut host_shift: Vec<Key> = Vec::new();
        // Two host keys may map to one C64 key (Backspace and Delete, both Ctrls).
        fn add(v: &mut Vec<Key>, k: Key) {
            if !v.contains(&k) {
                v.push(k);
            }
        }
        let (mut force_on, mut force_off) = (false, false);
        let mut restore = false;
        let mut joystick = 0u8;
        for h in &self.held {
            match h.mapped {
                Mapped::Matrix(k, shift) => {
                    add(&mut want, k);
                    force_on |= shift == Shift::On;
                    force_off |= shift == Shift::Off;
                }
                Mapped::HostShift(k) => add(&mut host_shift, k),
                Mapped::Modifier(k) => add(&mut want, k),
                Mapped::Restore => restore = true,
                Mapped::Joystick(bits) => joystick |= bits,
            }
        }
        if force_on {
            add(&mut want, LEFT_SHIFT);
        } else if !force_off {
            for k in host_shift {
                add(&mut want, k);
            }
        }
        for &k in &self.pressed {
            if !want.contains(&k) {
                kb.set(k, false);
            }
        }
        for &k in &want {
            kb.set(k, true);
        }
        self.pressed = want;
        if restore != self.restore {
            kb.restore = restore;
            self.restore = restore;
        }
        self.joystick = joystick;
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
