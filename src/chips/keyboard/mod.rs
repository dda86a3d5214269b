//! The C64 keyboard matrix and joysticks, as CIA 1 sees them.
//!
//! CIA 1 port A drives the eight matrix columns, port B reads the eight rows (C64
//! Programmer's Reference Guide, "keyboard matrix"). A pressed key connects its column and
//! row, so a low on either side is seen on the other: the matrix works from both port
//! directions. Joystick 2 pulls port A lines 0-4 low (up, down, left, right, fire), joystick
//! 1 port B lines 0-4. RESTORE is not in the matrix: it pulls the NMI line.

/// A key of the C64 keyboard: its port A line (column) and port B line (row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    pub col: u8,
    pub row: u8,
}

const fn k(col: u8, row: u8) -> Key {
    Key { col, row }
}

/// Every matrix key with its name as used in key scripts and `--type` (`{NAME}`).
pub const KEYS: &[(&str, Key)] = &[
    ("DEL", k(0, 0)),
    ("RETURN", k(0, 1)),
    ("CRSR RIGHT", k(0, 2)),
    ("F7", k(0, 3)),
    ("F1", k(0, 4)),
    ("F3", k(0, 5)),
    ("F5", k(0, 6)),
    ("CRSR DOWN", k(0, 7)),
    ("3", k(1, 0)),
    ("W", k(1, 1)),
    ("A", k(1, 2)),
    ("4", k(1, 3)),
    ("Z", k(1, 4)),
    ("S", k(1, 5)),
    ("E", k(1, 6)),
    ("LEFT SHIFT", k(1, 7)),
    ("5", k(2, 0)),
    ("R", k(2, 1)),
    ("D", k(2, 2)),
    ("6", k(2, 3)),
    ("C", k(2, 4)),
    ("F", k(2, 5)),
    ("T", k(2, 6)),
    ("X", k(2, 7)),
    ("7", k(3, 0)),
    ("Y", k(3, 1)),
    ("G", k(3, 2)),
    ("8", k(3, 3)),
    ("B", k(3, 4)),
    ("H", k(3, 5)),
    ("U", k(3, 6)),
    ("V", k(3, 7)),
    ("9", k(4, 0)),
    ("I", k(4, 1)),
    ("J", k(4, 2)),
    ("0", k(4, 3)),
    ("M", k(4, 4)),
    ("K", k(4, 5)),
    ("O", k(4, 6)),
    ("N", k(4, 7)),
    ("+", k(5, 0)),
    ("P", k(5, 1)),
    ("L", k(5, 2)),
    ("-", k(5, 3)),
    (".", k(5, 4)),
    (":", k(5, 5)),
    ("@", k(5, 6)),
    (",", k(5, 7)),
    ("POUND", k(6, 0)),
    ("*", k(6, 1)),
    (";", k(6, 2)),
    ("HOME", k(6, 3)),
    ("RIGHT SHIFT", k(6, 4)),
    ("=", k(6, 5)),
    ("UP ARROW", k(6, 6)),
    ("/", k(6, 7)),
    ("1", k(7, 0)),
    ("LEFT ARROW", k(7, 1)),
    ("CTRL", k(7, 2)),
    ("2", k(7, 3)),
    ("SPACE", k(7, 4)),
    ("C=", k(7, 5)),
    ("Q", k(7, 6)),
    ("RUN/STOP", k(7, 7)),
];

pub const LEFT_SHIFT: Key = k(1, 7);
pub const RIGHT_SHIFT: Key = k(6, 4);
pub const COMMODORE: Key = k(7, 5);
pub const CTRL: Key = k(7, 2);
pub const RUN_STOP: Key = k(7, 7);
pub const RETURN: Key = k(0, 1);

/// Look up a matrix key by name (case-insensitive); aliases for the keys whose C64 legend
/// is a symbol.
pub fn key_by_name(name: &str) -> Option<Key> {
    let n = name.trim().to_ascii_uppercase();
    let alias = match n.as_str() {
        "INST/DEL" | "INST" | "BACKSPACE" => "DEL",
        "ENTER" | "CR" => "RETURN",
        "STOP" | "RUNSTOP" | "RUN STOP" => "RUN/STOP",
        "SHIFT" | "LSHIFT" => "LEFT SHIFT",
        "RSHIFT" => "RIGHT SHIFT",
        "CBM" | "COMMODORE" => "C=",
        "CLR/HOME" | "CLR HOME" => "HOME",
        "RIGHT" | "CRSR RT" => "CRSR RIGHT",
        "DOWN" | "CRSR DN" => "CRSR DOWN",
        "£" | "GBP" => "POUND",
        "↑" | "ARROW UP" => "UP ARROW",
        "←" | "ARROW LEFT" => "LEFT ARROW",
        " " => "SPACE",
        other => other,
    };
    KEYS.iter()
        .find(|(kn, _)| *kn == alias)
        .map(|&(_, key)| key)
}

/// The keys to hold to type one PETSCII code on an unmodified C64 (upper case/graphics
/// set): the key and whether SHIFT (or C= / CTRL) goes with it. Codes with no key (most
/// graphics) give `None`.
pub fn keys_for_petscii(code: u8) -> Option<(Key, Modifier)> {
    let by = |n: &str| key_by_name(n).expect("known key");
    let plain = |n: &str| Some((by(n), Modifier::None));
    let shifted = |n: &str| Some((by(n), Modifier::Shift));
    match code {
        0x0D => plain("RETURN"),
        0x8D => shifted("RETURN"),
        0x14 => plain("DEL"),
        0x94 => shifted("DEL"),
        0x13 => plain("HOME"),
        0x93 => shifted("HOME"),
        0x11 => plain("CRSR DOWN"),
        0x91 => shifted("CRSR DOWN"),
        0x1D => plain("CRSR RIGHT"),
        0x9D => shifted("CRSR RIGHT"),
        0x03 => plain("RUN/STOP"),
        0x20 => plain("SPACE"),
        0xA0 => shifted("SPACE"),
        0x85 => plain("F1"),
        0x86 => plain("F3"),
        0x87 => plain("F5"),
        0x88 => plain("F7"),
        0x89 => shifted("F1"),
        0x8A => shifted("F3"),
        0x8B => shifted("F5"),
        0x8C => shifted("F7"),
        b'0'..=b'9' => plain(&(code as char).to_string()),
        b'A'..=b'Z' => plain(&(code as char).to_string()),
        0xC1..=0xDA => shifted(&((code - 0x80) as char).to_string()),
        // The line graphics on SHIFT with *, + and -.
        0xC0 => shifted("*"),
        0xDB => shifted("+"),
        0xDD => shifted("-"),
        b'!' => shifted("1"),
        b'"' => shifted("2"),
        b'#' => shifted("3"),
        b'$' => shifted("4"),
        b'%' => shifted("5"),
        b'&' => shifted("6"),
        b'\'' => shifted("7"),
        b'(' => shifted("8"),
        b')' => shifted("9"),
        b'+' => plain("+"),
        b'-' => plain("-"),
        b'*' => plain("*"),
        b'/' => plain("/"),
        b'=' => plain("="),
        b':' => plain(":"),
        b';' => plain(";"),
        b',' => plain(","),
        b'.' => plain("."),
        b'@' => plain("@"),
        b'<' => shifted(","),
        b'>' => shifted("."),
        b'?' => shifted("/"),
        b'[' => shifted(":"),
        b']' => shifted(";"),
        0x5C => plain("POUND"),
        0x5E => plain("UP ARROW"),
        0x5F => plain("LEFT ARROW"),
        0xFF => shifted("UP ARROW"),
        // Colours: CTRL+1..8 and C=+1..8.
        0x90 => Some((by("1"), Modifier::Ctrl)),
        0x05 => Some((by("2"), Modifier::Ctrl)),
        0x1C => Some((by("3"), Modifier::Ctrl)),
        0x9F => Some((by("4"), Modifier::Ctrl)),
        0x9C => Some((by("5"), Modifier::Ctrl)),
        0x1E => Some((by("6"), Modifier::Ctrl)),
        0x1F => Some((by("7"), Modifier::Ctrl)),
        0x9E => Some((by("8"), Modifier::Ctrl)),
        0x12 => Some((by("9"), Modifier::Ctrl)),
        0x92 => Some((by("0"), Modifier::Ctrl)),
        0x81 => Some((by("1"), Modifier::Commodore)),
        0x95 => Some((by("2"), Modifier::Commodore)),
        0x96 => Some((by("3"), Modifier::Commodore)),
        0x97 => Some((by("4"), Modifier::Commodore)),
        0x98 => Some((by("5"), Modifier::Commodore)),
        0x99 => Some((by("6"), Modifier::Commodore)),
        0x9A => Some((by("7"), Modifier::Commodore)),
        0x9B => Some((by("8"), Modifier::Commodore)),
        _ => None,
    }
}

/// A modifier held together with a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Modifier {
    None,
    Shift,
    Commodore,
    Ctrl,
}

impl Modifier {
    pub fn key(self) -> Option<Key> {
        match self {
            Modifier::None => None,
            Modifier::Shift => Some(LEFT_SHIFT),
            Modifier::Commodore => Some(COMMODORE),
            Modifier::Ctrl => Some(CTRL),
        }
    }
}

/// Joystick directions and fire, as bits of the port (active low on the wire).
pub mod joy {
    pub const UP: u8 = 0x01;
    pub const DOWN: u8 = 0x02;
    pub const LEFT: u8 = 0x04;
    pub const RIGHT: u8 = 0x08;
    pub const FIRE: u8 = 0x10;
}

/// Keyboard matrix and joystick state.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Keyboard {
    /// For each column (port A line), the rows (port B lines) of pressed keys.
    matrix: [u8; 8],
    /// Joystick bits pressed (see [`joy`]), port 1 and port 2.
    pub joy1: u8,
    pub joy2: u8,
    pub restore: bool,
}

impl Keyboard {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn set(&mut self, key: Key, pressed: bool) {
        let bit = 1 << key.row;
        if pressed {
            self.matrix[key.col as usize] |= bit;
        } else {
            self.matrix[key.col as usize] &= !bit;
        }
    }

    pub fn is_pressed(&self, key: Key) -> bool {
        self.matrix[key.col as usize] & (1 << key.row) != 0
    }

    pub fn release_all(&mut self) {
        self.matrix = [0; 8];
        self.joy1 = 0;
        self.joy2 = 0;
        self.restore = false;
    }

    pub fn any_pressed(&self) -> bool {
        self.matrix.iter().any(|&m| m != 0)
    }

    /// Levels on CIA 1's port B (rows) given the levels the CIA drives on both ports:
    /// a row is low when a pressed key connects it to a low column, or joystick 1 pulls it.
    #[inline]
    pub fn port_b_in(&self, pa_driven: u8, pb_driven: u8) -> u8 {
        let pa = pa_driven & !self.joy2;
        let mut rows = 0u8;
        if self.matrix.iter().any(|&m| m != 0) {
            for (col, &m) in self.matrix.iter().enumerate() {
                if pa & (1 << col) == 0 {
                    rows |= m;
                }
            }
        }
        pb_driven & !rows & !self.joy1
    }

    /// Levels on CIA 1's port A (columns): a column is low when a pressed key connects it to
    /// a low row, or joystick 2 pulls it.
    #[inline]
    pub fn port_a_in(&self, pa_driven: u8, pb_driven: u8) -> u8 {
        let pb = pb_driven & !self.joy1;
        let mut cols = 0u8;
        for (col, &m) in self.matrix.iter().enumerate() {
            if m & !pb != 0 {
                cols |= 1 << col;
            }
        }
        pa_driven & !cols & !self.joy2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_seen_from_both_directions() {
        let mut kb = Keyboard::new();
        let a = key_by_name("A").unwrap();
        kb.set(a, true);
        // KERNAL style: drive column 1 low, read rows.
        assert_eq!(kb.port_b_in(!0x02, 0xFF), !0x04);
        assert_eq!(kb.port_b_in(!0x01, 0xFF), 0xFF);
        // Reverse: drive row 2 low on port B, read columns on port A.
        assert_eq!(kb.port_a_in(0xFF, !0x04), !0x02);
        kb.set(a, false);
        assert_eq!(kb.port_b_in(0x00, 0xFF), 0xFF);
    }

    #[test]
    fn joystick_two_pulls_port_a() {
        let mut kb = Keyboard::new();
        kb.joy2 = joy::FIRE | joy::UP;
        assert_eq!(kb.port_a_in(0xFF, 0xFF), !0x11);
        kb.joy1 = joy::LEFT;
        assert_eq!(kb.port_b_in(0xFF, 0xFF), !0x04);
    }

    #[test]
    fn every_key_has_a_unique_position() {
        let mut seen = std::collections::HashSet::new();
        for (_, k) in KEYS {
            assert!(seen.insert(*k));
        }
        assert_eq!(seen.len(), 64);
    }

    #[test]
    fn petscii_typing_table() {
        assert_eq!(
            keys_for_petscii(b'"'),
            Some((key_by_name("2").unwrap(), Modifier::Shift))
        );
        assert_eq!(keys_for_petscii(0x0D), Some((RETURN, Modifier::None)));
        assert_eq!(keys_for_petscii(0x93).unwrap().1, Modifier::Shift);
        assert!(keys_for_petscii(0xA6).is_none());
    }
}
