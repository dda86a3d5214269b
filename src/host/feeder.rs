//! Key presses scheduled onto the keyboard matrix: the one place where typed text (headless
//! `--type`, the autostart) and host keys (the window) become matrix levels over time.
//!
//! Timing: the KERNAL scans the matrix from its 60 Hz IRQ (every 16,421 cycles), and a key
//! pressed and released between two scans would be lost. Every press is therefore held on
//! the matrix for at least [`MIN_HOLD_CYCLES`] of emulated time: 50 ms, three scans, because
//! programs also look at keys between other work (BASIC checks RUN/STOP between statements,
//! and a PRINT that scrolls the screen takes about 36 ms on the open KERNAL). A key is
//! pressed again only [`MIN_GAP_CYCLES`] (20 ms, more than a scan) after its release, so
//! typing the same character twice is seen as two presses. Events are applied in the order
//! they came, so fast typing is delayed but never reordered or dropped.

use crate::chips::keyboard::{COMMODORE, CTRL, Key, LEFT_SHIFT, Modifier};
use std::collections::VecDeque;

/// Shortest time a press stays on the matrix, in φ2 cycles (50 ms at 985,248 Hz).
pub const MIN_HOLD_CYCLES: u64 = 49_262;
/// Shortest time between the release of a key and its next press (20 ms).
pub const MIN_GAP_CYCLES: u64 = 19_705;

/// What the C64's SHIFT does while a key is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shift {
    /// Follows the SHIFT keys held by the same source (the host's SHIFT in the window).
    Follow,
    /// Held down (e.g. `"` is SHIFT+2; host cursor left is SHIFT+CRSR RIGHT).
    On,
    /// Held up (e.g. `:` is a key of its own on the C64, typed with SHIFT on many hosts).
    Off,
}

/// What one pressed source key does on the C64 side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    /// A matrix key with a SHIFT rule.
    Matrix(Key, Shift),
    /// A SHIFT key that the [`Shift::Follow`] keys obey (the C64's left or right SHIFT).
    HostShift(Key),
    /// A C64 modifier held as long as the source key (CTRL, C=).
    Modifier(Key),
    /// The RESTORE key (not in the matrix: it pulls the NMI line).
    Restore,
    /// Joystick bits (see [`super::joy`]).
    Joystick(u8),
}

/// A source key: any number the caller chooses to pair a release with its press (the
/// window numbers the host's physical keys; typed text uses [`TYPED_KEY`], [`TYPED_MOD`]).
pub type SourceKey = u32;
/// The source keys typed text uses for its key and its modifier.
pub const TYPED_KEY: SourceKey = u32::MAX;
pub const TYPED_MOD: SourceKey = u32::MAX - 1;

#[derive(Debug, Clone)]
enum Event {
    Down(SourceKey, Press),
    Up(SourceKey),
}

/// A press on the C64 side, with the cycle it went down.
#[derive(Debug, Clone, Copy)]
struct Held {
    source: SourceKey,
    press: Press,
    since: u64,
}

/// Queued presses and releases, applied to the keyboard with the timing rules of the
/// module docs.
#[derive(Debug, Default, Clone)]
pub struct KeyFeeder {
    queue: VecDeque<Event>,
    /// What the C64 side currently holds.
    held: Vec<Held>,
    /// Last release of each matrix key (index col*8+row), RESTORE at 64, for the gap rule.
    released_at: Vec<(usize, u64)>,
    /// Matrix keys this feeder pressed on the keyboard, to release exactly those.
    pressed: Vec<Key>,
    restore: bool,
    joystick: u8,
    /// Last release of typed text's key or modifier: the cycle and whether SHIFT or a
    /// modifier was down with it. A typed key whose SHIFT state differs waits the gap, so the
    /// C64 never sees SHIFT change in the same instant as the key (its keyboard scan could read
    /// one before the change and the other after).
    typed_release: Option<(u64, bool)>,
    /// When on, every queued press (`Some`) and release (`None`) is also noted here, for
    /// a recording of the session.
    journal: Option<Vec<(SourceKey, Option<Press>)>>,
}

impl KeyFeeder {
    /// Queue the press of `source` doing `press`.
    pub fn down(&mut self, source: SourceKey, press: Press) {
        if let Some(j) = self.journal.as_mut() {
            j.push((source, Some(press)));
        }
        self.queue.push_back(Event::Down(source, press));
    }

    /// Queue the release of `source`.
    pub fn up(&mut self, source: SourceKey) {
        if let Some(j) = self.journal.as_mut() {
            j.push((source, None));
        }
        self.queue.push_back(Event::Up(source));
    }

    /// Note every queued event from now on (see [`KeyFeeder::take_journal`]).
    pub fn start_journal(&mut self) {
        self.journal.get_or_insert_with(Vec::new);
    }

    /// The events queued since the last call: (source, press or `None` for a release).
    pub fn take_journal(&mut self) -> Vec<(SourceKey, Option<Press>)> {
        self.journal
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Queue one typed key: the key with its modifier (SHIFT, C= or CTRL), pressed and
    /// released.
    pub fn type_key(&mut self, key: Key, modifier: Modifier) {
        let (shift, held_modifier) = match modifier {
            Modifier::None => (Shift::Off, None),
            Modifier::Shift => (Shift::On, None),
            Modifier::Commodore => (Shift::Off, Some(COMMODORE)),
            Modifier::Ctrl => (Shift::Off, Some(CTRL)),
        };
        if let Some(m) = held_modifier {
            self.down(TYPED_MOD, Press::Modifier(m));
        }
        self.down(TYPED_KEY, Press::Matrix(key, shift));
        self.up(TYPED_KEY);
        if held_modifier.is_some() {
            self.up(TYPED_MOD);
        }
    }

    /// Queue PETSCII codes as typed keys; codes without a key are left out.
    pub fn type_petscii(&mut self, codes: &[u8]) {
        for &code in codes {
            if let Some((k, m)) = crate::chips::keyboard::keys_for_petscii(code) {
                self.type_key(k, m);
            }
        }
    }

    /// Queue text in breadbin's BASIC text notation (plain characters and `{NAME}` codes);
    /// `what` names it in errors (e.g. `--type`).
    pub fn type_text(&mut self, text: &str, what: &str) -> Result<(), String> {
        let petscii = crate::basic::text_to_petscii(text, what).map_err(|e| e.to_string())?;
        let mut keys = Vec::with_capacity(petscii.len());
        for code in petscii {
            let Some(k) = crate::chips::keyboard::keys_for_petscii(code) else {
                return Err(format!(
                    "{what}: PETSCII ${code:02X} ({}) has no key on the C64 keyboard",
                    crate::basic::control_name(code)
                ));
            };
            keys.push(k);
        }
        for (k, m) in keys {
            self.type_key(k, m);
        }
        Ok(())
    }

    /// Forget everything at once, as after a reset: nothing held, nothing queued.
    pub fn clear(&mut self, kb: &mut crate::chips::keyboard::Keyboard) {
        for k in self.pressed.drain(..) {
            kb.set(k, false);
        }
        kb.restore = false;
        self.queue.clear();
        self.held.clear();
        self.released_at.clear();
        self.restore = false;
        self.joystick = 0;
        self.typed_release = None;
    }

    /// Nothing queued and nothing held.
    pub fn is_idle(&self) -> bool {
        self.queue.is_empty() && self.held.is_empty()
    }

    /// Joystick bits of the held [`Press::Joystick`] keys.
    pub fn joystick(&self) -> u8 {
        self.joystick
    }

    fn slot(p: &Press) -> Option<usize> {
        match p {
            Press::Matrix(k, _) | Press::HostShift(k) | Press::Modifier(k) => {
                Some(k.col as usize * 8 + k.row as usize)
            }
            Press::Restore => Some(64),
            Press::Joystick(_) => None,
        }
    }

    /// Whether a typed press comes with SHIFT or a modifier down.
    fn typed_shifted(&self, p: &Press) -> bool {
        matches!(p, Press::Matrix(_, Shift::On) | Press::Modifier(_))
            || self.held.iter().any(|h| h.source == TYPED_MOD)
    }

    /// Earliest cycle at which the queue's first event may be applied.
    fn ready_at(&self, ev: &Event) -> u64 {
        match ev {
            Event::Down(source, p) => {
                let same_key = Self::slot(p)
                    .and_then(|s| self.released_at.iter().find(|(k, _)| *k == s))
                    .map_or(0, |&(_, t)| t + MIN_GAP_CYCLES);
                let shift_change = match self.typed_release {
                    Some((t, shifted))
                        if (*source == TYPED_KEY || *source == TYPED_MOD)
                            && shifted != self.typed_shifted(p) =>
                    {
                        t + MIN_GAP_CYCLES
                    }
                    _ => 0,
                };
                same_key.max(shift_change)
            }
            Event::Up(source) => self
                .held
                .iter()
                .find(|h| h.source == *source)
                .map_or(0, |h| h.since + MIN_HOLD_CYCLES),
        }
    }

    /// Apply due events to the keyboard at cycle `now`. Returns the cycle at which to call
    /// again (`u64::MAX` when nothing is queued).
    pub fn service(&mut self, kb: &mut crate::chips::keyboard::Keyboard, now: u64) -> u64 {
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
                Event::Down(source, press) => self.held.push(Held {
                    source,
                    press,
                    since: now,
                }),
                Event::Up(source) => {
                    if let Some(i) = self.held.iter().position(|h| h.source == source) {
                        if source == TYPED_KEY || source == TYPED_MOD {
                            let shifted = self.typed_shifted(&self.held[i].press);
                            self.typed_release = Some((now, shifted));
                        }
                        let h = self.held.remove(i);
                        if let Some(s) = Self::slot(&h.press) {
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
    /// that forces SHIFT on wins over one that forces it off; otherwise held SHIFTs count).
    fn apply(&mut self, kb: &mut crate::chips::keyboard::Keyboard) {
        let mut want: Vec<Key> = Vec::new();
        let mut host_shift: Vec<Key> = Vec::new();
        // Two source keys may press one C64 key (Backspace and Delete, both Ctrls).
        fn add(v: &mut Vec<Key>, k: Key) {
            if !v.contains(&k) {
                v.push(k);
            }
        }
        let (mut force_on, mut force_off) = (false, false);
        let mut restore = false;
        let mut joystick = 0u8;
        for h in &self.held {
            match h.press {
                Press::Matrix(k, shift) => {
                    add(&mut want, k);
                    force_on |= shift == Shift::On;
                    force_off |= shift == Shift::Off;
                }
                Press::HostShift(k) => add(&mut host_shift, k),
                Press::Modifier(k) => add(&mut want, k),
                Press::Restore => restore = true,
                Press::Joystick(bits) => joystick |= bits,
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
    use crate::chips::keyboard::{Keyboard, key_by_name};

    /// Type `text` and serve the feeder until it is done: each change of the three keys'
    /// states, with its cycle.
    fn edges(f: &mut KeyFeeder, text: &str, keys: [Key; 3]) -> Vec<(u64, (bool, bool, bool))> {
        let mut kb = Keyboard::new();
        f.type_text(text, "test").unwrap();
        let mut t = 0;
        let mut edges = Vec::new();
        let mut was = (false, false, false);
        while t < 1_000_000 {
            let next = f.service(&mut kb, t);
            let now = (
                kb.is_pressed(keys[0]),
                kb.is_pressed(keys[1]),
                kb.is_pressed(keys[2]),
            );
            if now != was {
                edges.push((t, now));
                was = now;
            }
            if next == u64::MAX {
                break;
            }
            t = next;
        }
        edges
    }

    #[test]
    fn typed_text_is_held_50_ms_and_repeats_are_apart() {
        let mut f = KeyFeeder::default();
        let l = key_by_name("L").unwrap();
        let a = key_by_name("3").unwrap();
        let edges = edges(&mut f, "LL{RED}", [l, a, CTRL]);
        assert_eq!(
            edges,
            [
                (0, (true, false, false)),
                (MIN_HOLD_CYCLES, (false, false, false)),
                (MIN_HOLD_CYCLES + MIN_GAP_CYCLES, (true, false, false)),
                (2 * MIN_HOLD_CYCLES + MIN_GAP_CYCLES, (false, false, false)),
                // CTRL comes with {RED}: a gap after the plain L, as after a SHIFT change.
                (
                    2 * MIN_HOLD_CYCLES + 2 * MIN_GAP_CYCLES,
                    (false, true, true)
                ),
                (
                    3 * MIN_HOLD_CYCLES + 2 * MIN_GAP_CYCLES,
                    (false, false, false)
                ),
            ]
        );
        assert!(f.is_idle());
        assert!(
            f.type_text("{$02}", "--type")
                .unwrap_err()
                .starts_with("--type: PETSCII $02")
        );
    }

    /// `(1`: SHIFT goes up a gap before the 1 goes down, never in the same instant (the
    /// KERNAL's scan could see SHIFT still down and type `!`); `12` needs no gap.
    #[test]
    fn shift_changes_a_gap_before_the_next_typed_key() {
        let one = key_by_name("1").unwrap();
        let two = key_by_name("2").unwrap();
        let edges = edges(&mut KeyFeeder::default(), "(12", [LEFT_SHIFT, one, two]);
        let (h, g) = (MIN_HOLD_CYCLES, MIN_GAP_CYCLES);
        assert_eq!(
            edges,
            [
                (0, (true, false, false)),
                (h, (false, false, false)),
                (h + g, (false, true, false)),
                (2 * h + g, (false, false, true)),
                (3 * h + g, (false, false, false)),
            ]
        );
    }
}
