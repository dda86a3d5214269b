//! Tokenized program (PRG) → BASIC text in breadbin's text format.
//!
//! Each line is written as `NUMBER TEXT`: tokens outside strings, `REM` and `DATA` as their
//! keywords, printable characters as themselves (letters in upper case), every other byte
//! as a `{NAME}` from [`super::control::control_name`]. The lister guarantees that its text
//! tokenizes back to the same bytes: where a byte would be crunched differently when read
//! back (letters that happen to spell a keyword, a raw `?`, a leading or trailing space, a
//! name after `GOTO` that would be taken for a label), it is written in braces, which the
//! tokenizer takes literally. Each line is checked by tokenizing it again; a line that does
//! not survive the check is written with every crunchable byte in braces.
//!
//! The PRG layout (C64 Programmer's Reference Guide, "BASIC program storage"): a two-byte
//! load address, then lines of link (address of the next line), line number, text and a
//! zero byte; a zero link ends the program. As the C64 relinks a program after loading it,
//! the lister follows the zero bytes and only checks that each link stays inside the file.

use std::path::Path;

use super::control::control_name;
use super::error::{BasicError, read_bytes};
use super::petscii::petscii_to_char;
use super::text::Unit;
use super::tokenizer::{Modes, match_keyword_units, tokenize};
use super::tokens::{FIRST_TOKEN, LAST_TOKEN, keyword, tok};

/// List a PRG; `file` names it in messages.
pub fn list(prg: &[u8], file: &str) -> Result<String, BasicError> {
    if prg.len() < 2 {
        return Err(BasicError::PrgTooShort {
            file: file.to_string(),
            length: prg.len(),
        });
    }
    let load = u16::from_le_bytes([prg[0], prg[1]]);
    let mut text = String::new();
    for line in super::lines::lines(load, &prg[2..]) {
        // Offsets in messages count from the start of the file (the load address is 2).
        let line = line.map_err(|b| BasicError::LinksRunOff {
            file: file.to_string(),
            offset: b.offset + 2,
            what: b.what,
        })?;
        text.push_str(&list_line(line.number, line.body));
        text.push('\n');
    }
    Ok(text)
}

/// Read and list a PRG file.
pub fn list_file(path: &Path) -> Result<String, BasicError> {
    let (prg, file) = read_bytes(path)?;
    list(&prg, &file)
}

/// One byte of a line and how it can be written.
struct Item {
    byte: u8,
    /// Whether the C64 crunches at this byte (outside strings, REM and DATA).
    crunched: bool,
    /// The plain text for the byte (a keyword for a token), if it has one.
    plain: Option<String>,
    /// Written in braces.
    braced: bool,
}

impl Item {
    fn is_token(&self) -> bool {
        self.crunched && (FIRST_TOKEN..=LAST_TOKEN).contains(&self.byte)
    }
}

/// The units the tokenizer will see for the items (braced items are literal).
fn units_of(items: &[Item]) -> Vec<Unit> {
    let mut units = Vec::new();
    for item in items {
        match (&item.plain, item.braced) {
            (Some(text), false) => units.extend(text.chars().map(|c| Unit {
                byte: c as u8,
                ch: Some(c),
                column: 0,
            })),
            _ => units.push(Unit {
                byte: item.byte,
                ch: None,
                column: 0,
            }),
        }
    }
    units
}

fn list_line(number: u16, content: &[u8]) -> String {
    let nice = render(number, content, false);
    if reads_back(&nice, number, content) {
        return nice;
    }
    let safe = render(number, content, true);
    if reads_back(&safe, number, content) {
        safe
    } else {
        // Only lines BASIC text cannot express at all (a number above 63999, more than 255
        // bytes) end here; the readable form is the more useful one.
        nice
    }
}

fn reads_back(text: &str, number: u16, content: &[u8]) -> bool {
    tokenize(text, "").is_ok_and(|t| {
        t.prg.len() == content.len() + 9
            && t.prg[4..6] == number.to_le_bytes()
            && t.prg[6..6 + content.len()] == *content
    })
}

fn render(number: u16, content: &[u8], brace_all_crunched: bool) -> String {
    let mut modes = Modes::default();
    let mut items: Vec<Item> = content
        .iter()
        .map(|&byte| {
            let crunched = modes.crunches();
            modes.after(byte);
            let plain = if crunched && (FIRST_TOKEN..=LAST_TOKEN).contains(&byte) {
                keyword(byte).map(str::to_string)
            } else {
                petscii_to_char(byte).map(String::from)
            };
            let braced = plain.is_none() || (crunched && brace_all_crunched);
            Item {
                byte,
                crunched,
                plain,
                braced,
            }
        })
        .collect();

    // From right to left, so that whatever follows a byte is final when it is judged.
    for k in (0..items.len()).rev() {
        if !items[k].crunched || items[k].braced {
            continue;
        }
        let units = units_of(&items[k..]);
        let byte = items[k].byte;
        let misread = if items[k].is_token() {
            let length = keyword(byte).map_or(0, str::len);
            match_keyword_units(&units) != Some((byte, length))
        } else {
            byte == b'?'
                || (byte != b' '
                    && !(0x30..=0x3B).contains(&byte)
                    && match_keyword_units(&units).is_some())
        };
        items[k].braced = misread;
    }
    brace_label_lookalikes(&mut items);
    // The tokenizer skips spaces after the line number and drops trailing spaces.
    if let Some(first) = items.first_mut()
        && first.byte == b' '
    {
        first.braced = true;
    }
    if let Some(last) = items.last_mut()
        && last.byte == b' '
    {
        last.braced = true;
    }

    let mut text = number.to_string();
    if !items.is_empty() {
        text.push(' ');
    }
    let mut k = 0;
    while k < items.len() {
        let item = &items[k];
        k += 1;
        match (&item.plain, item.braced) {
            (Some(plain), false) => text.push_str(plain),
            _ => {
                let same = items[k..]
                    .iter()
                    .take_while(|i| {
                        i.braced && i.byte == item.byte && i.is_token() == item.is_token()
                    })
                    .take(MAX_REPEAT - 1)
                    .count();
                // A token kept as a byte reads better as a number than as the colour or
                // function key that shares its code.
                let name = if item.is_token() {
                    format!("${:02X}", item.byte)
                } else {
                    control_name(item.byte)
                };
                if same + 1 >= MIN_REPEAT {
                    k += same;
                    text.push_str(&format!("{{{} {name}}}", same + 1));
                } else {
                    text.push_str(&format!("{{{name}}}"));
                }
            }
        }
    }
    text
}

/// Runs of this many equal braced codes or more are written with a count, `{23 DOWN}`.
const MIN_REPEAT: usize = 3;
/// The largest count a `{n NAME}` may carry.
const MAX_REPEAT: usize = 255;

/// After `GOTO`, `GOSUB`, `GO TO`, `THEN` and `RUN` the tokenizer reads a name as a label;
/// brace the first letter of anything there that it would mistake for one.
fn brace_label_lookalikes(items: &mut [Item]) {
    let mut previous = None;
    for k in 0..items.len() {
        if !items[k].crunched {
            continue;
        }
        let byte = items[k].byte;
        let jump = match byte {
            tok::GOTO | tok::GOSUB => Some(true),
            tok::TO if previous == Some(tok::GO) => Some(true),
            tok::THEN | tok::RUN => Some(false),
            _ => None,
        };
        if byte != b' ' {
            previous = Some(byte);
        }
        let Some(jump) = jump.filter(|_| items[k].is_token() && !items[k].braced) else {
            continue;
        };
        let mut j = k + 1;
        loop {
            while items.get(j).is_some_and(|i| i.byte == b' ' && !i.braced) {
                j += 1;
            }
            let Some(item) = items.get(j) else { break };
            if !item.crunched || item.braced {
                break;
            }
            let starts_with_letter = item
                .plain
                .as_deref()
                .is_some_and(|p| p.starts_with(|c: char| c.is_ascii_alphabetic()));
            if starts_with_letter {
                // The tokenizer's view: a name, then the end of the statement or not.
                let units = units_of(&items[j..]);
                let mut after = units
                    .iter()
                    .position(|u| !u.is_label_char())
                    .unwrap_or(units.len());
                while units.get(after).is_some_and(|u| u.is_plain_byte(b' ')) {
                    after += 1;
                }
                let ends_statement = after == units.len() || units[after].is_plain_byte(b':');
                let statement = match_keyword_units(&units).is_some();
                if jump || (ends_statement && !statement) {
                    items[j].braced = true;
                }
                break;
            }
            if !jump {
                break;
            }
            while items
                .get(j)
                .is_some_and(|i| i.byte.is_ascii_digit() && !i.braced)
            {
                j += 1;
            }
            while items.get(j).is_some_and(|i| i.byte == b' ' && !i.braced) {
                j += 1;
            }
            if items.get(j).is_some_and(|i| i.byte == b',' && !i.braced) {
                j += 1;
            } else {
                break;
            }
        }
    }
}
