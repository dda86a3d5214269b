//! BASIC text → tokenized program (PRG), the way the C64's own line entry crunches a line.
//!
//! # Lines and numbers
//!
//! One BASIC line per text line; empty lines are skipped; leading indentation and trailing
//! spaces are ignored (the C64's screen editor drops trailing spaces too). A line may start
//! with a line number (0-63999, strictly increasing); spaces after the number are skipped,
//! as the C64 does. **Automatic numbering:** a line without a number gets the previous
//! line's number + 1; if the first line has no number it is line 1.
//!
//! # Labels
//!
//! A line that is only `NAME:` (letters, digits, `_`; not starting with a digit; not exactly
//! a keyword, so `PRINT:` stays a statement) defines NAME for the next program line. Labels are
//! case-insensitive. Labels are replaced by line numbers where a line number is expected:
//! after `GOTO`, `GOSUB` and `GO TO` (including every item of an `ON ... GOTO/GOSUB` list)
//! any name is a label; after `THEN` and `RUN` a name followed by the end of the statement is
//! a label unless it is not defined and starts with a keyword (`THEN END`, `THEN PRINT`).
//!
//! # Crunching
//!
//! Facts of the C64's line entry (Mapping the Commodore 64, CRUNCH at $A579; Programmer's
//! Reference Guide, "BASIC keywords"), which this tokenizer follows byte for byte:
//!
//! - Nothing is tokenized inside quotes, after `REM`, or after `DATA` up to the next `:` that
//!   is outside quotes. A string may stay open at the end of a line (legal; warned about).
//! - Elsewhere, `?` becomes `PRINT`; digits, `:` and `;` are stored as they are; at any other
//!   character the keywords are tried in token order and the first that matches completely
//!   is stored as its token ($80-$CB). Keywords are found anywhere, so a variable `SCORE` is
//!   stored as `SC`, `OR`, `E`. Spaces are kept as written.
//! - Letters of either case become the C64's unshifted letters ($41-$5A). Codes written in
//!   braces (`{CLR}`, `{$41}`, ...) are stored as written and never take part in a keyword
//!   or a label; that is how the lister writes bytes that would otherwise be crunched.
//! - Keyword abbreviations (a letter followed by a shifted letter, as typed on the C64) are
//!   not expanded: a shifted letter can only be written in braces, which are taken literally.
//!
//! # Checks
//!
//! Errors: unknown `{NAME}`, unclosed `{`, characters without a PETSCII equivalent,
//! undefined or duplicate labels, a label at the end of the text, line numbers not
//! increasing or above 63999, a line longer than 255 bytes tokenized, a program that does
//! not fit in BASIC's memory ($0801-$9FFF). Warnings: two
//! different variable names BASIC V2 treats as one (it reads only two characters), a long
//! name that BASIC's reserved `ST`/`TI`/`TI$` swallows, a name with a keyword inside (a
//! heuristic: a name of two or more characters, or one followed by a letter, that runs
//! into a keyword, as in `SCORE`; names written directly after a keyword, `IFAANDB`, are the
//! crunched style of C64 listings and not flagged), a line longer than 80 characters listed,
//! and a string still open at the end of a line.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use super::error::{BasicError, Pos, Warning, WarningKind, read_text};
use super::labels::{Label, LabelMap, LineSource};
use super::text::{Unit, decode};
use super::tokens::{KEYWORDS, keyword, tok, token_for};

/// Where a BASIC program is loaded: the first two bytes of every PRG the tokenizer writes.
pub const LOAD_ADDRESS: u16 = 0x0801;
/// The highest line number BASIC V2 accepts.
pub(crate) const MAX_LINE_NUMBER: u16 = 63999;
/// The longest tokenized line content (between the line number and the end byte).
pub(crate) const MAX_LINE_BYTES: usize = 255;
/// The longest line the C64's screen editor can edit (two 40-column screen rows).
pub(crate) const SCREEN_LINE_CHARS: usize = 80;
/// The first address above BASIC's program memory ($A000, where the BASIC ROM starts).
pub(crate) const BASIC_MEMORY_END: usize = 0xA000;
/// The number an unnumbered first line gets.
pub(crate) const FIRST_AUTO_NUMBER: u16 = 1;

/// A tokenized program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tokenized {
    /// The PRG file: load address $0801 (little-endian), the linked lines, the end marker.
    pub prg: Vec<u8>,
    pub labels: LabelMap,
    pub warnings: Vec<Warning>,
}

/// Which bytes of a line the C64 crunches: quote, DATA and REM modes, driven by the bytes as
/// they are stored. Shared by the tokenizer and the lister so that both agree.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Modes {
    pub quote: bool,
    pub data: bool,
    pub rem: bool,
}

impl Modes {
    /// Whether the next byte is subject to keyword crunching.
    pub(crate) fn crunches(&self) -> bool {
        !self.quote && !self.data && !self.rem
    }

    /// Update the modes for a stored byte.
    pub(crate) fn after(&mut self, byte: u8) {
        if self.rem {
            return;
        }
        if self.quote {
            self.quote = byte != b'"';
            return;
        }
        match byte {
            b'"' => self.quote = true,
            b':' => self.data = false,
            tok::DATA => self.data = true,
            tok::REM => self.rem = true,
            _ => {}
        }
    }
}

/// The token whose keyword is written (in plain characters) at the start of `units`: the
/// first in token order that matches completely.
pub(crate) fn match_keyword_units(units: &[Unit]) -> Option<(u8, usize)> {
    KEYWORDS.iter().enumerate().find_map(|(i, k)| {
        let k = k.as_bytes();
        (units.len() >= k.len() && units.iter().zip(k).all(|(u, &b)| u.is_plain_byte(b)))
            .then_some((0x80 + i as u8, k.len()))
    })
}

/// Whether a token is a keyword made only of letters (one that can hide inside a name).
fn is_word_keyword(token: u8) -> bool {
    keyword(token).is_some_and(|k| k.bytes().all(|b| b.is_ascii_uppercase()))
}

/// How a token introduces line numbers that may be written as labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RefKind {
    /// GOTO, GOSUB, GO TO: a list of line numbers or labels follows.
    Jump,
    /// THEN, RUN: a line number, a label, or a statement follows.
    Soft,
}

fn ref_kind(token: u8, previous: Option<u8>) -> Option<RefKind> {
    match token {
        tok::GOTO | tok::GOSUB => Some(RefKind::Jump),
        tok::TO if previous == Some(tok::GO) => Some(RefKind::Jump),
        tok::THEN | tok::RUN => Some(RefKind::Soft),
        _ => None,
    }
}

/// A variable name as BASIC reads it, where it was seen.
struct VarUse {
    name: String,
    suffix: Option<char>,
    array: bool,
    function: bool,
    pos: Pos,
}

/// A run of letters, digits and letter keywords with nothing in between: how a long
/// variable name with a keyword inside looks after crunching.
struct Word {
    pieces: Vec<Result<String, u8>>,
    column: usize,
    /// Started right after a keyword (crunched style such as `IFAANDB`): not a name to judge.
    after_keyword: bool,
}

impl Word {
    fn hides_keyword(&self) -> Option<u8> {
        if self.after_keyword {
            return None;
        }
        let first = self.pieces.first()?.as_ref().ok()?;
        let &token = self.pieces.get(1)?.as_ref().err()?;
        let letter_after = match self.pieces.get(2) {
            Some(Ok(raw)) => raw.starts_with(|c: char| c.is_ascii_alphabetic()),
            Some(Err(_)) => true,
            None => false,
        };
        (first.len() >= 2 || letter_after).then_some(token)
    }

    fn text(&self, separator: &str) -> String {
        let pieces: Vec<&str> = self
            .pieces
            .iter()
            .map(|p| match p {
                Ok(raw) => raw.as_str(),
                Err(token) => keyword(*token).unwrap_or("?"),
            })
            .collect();
        pieces.join(separator)
    }
}

/// One line of the source after the first pass.
struct ProgramLine {
    number: u16,
    source_line: usize,
    column: usize,
    units: Vec<Unit>,
}

/// The crunching of one line.
struct LineCruncher<'a> {
    units: &'a [Unit],
    labels: &'a HashMap<String, u16>,
    file: &'a str,
    line: usize,
    out: Vec<u8>,
    listed_length: usize,
    vars: Vec<VarUse>,
    warnings: Vec<Warning>,
}

impl LineCruncher<'_> {
    fn pos(&self, column: usize) -> Pos {
        Pos {
            file: self.file.to_string(),
            line: self.line,
            column,
        }
    }

    fn run(&mut self) -> Result<(), BasicError> {
        let units = self.units;
        let mut modes = Modes::default();
        let mut quote_column = 0;
        let mut i = 0;
        // The variable name being read: its text, and whether it follows FN.
        let mut name: Option<(String, bool)> = None;
        let mut word: Option<Word> = None;
        while i < units.len() {
            let unit = units[i];
            if !modes.crunches() {
                if !modes.quote && !modes.rem && unit.byte == b'"' {
                    quote_column = unit.column;
                }
                self.out.push(unit.byte);
                self.listed_length += 1;
                modes.after(unit.byte);
                i += 1;
                continue;
            }
            let (byte, consumed, is_token) = if !unit.is_plain() || unit.byte >= 0x80 {
                (unit.byte, 1, false)
            } else if unit.byte == b'?' {
                (tok::PRINT, 1, true)
            } else if unit.byte == b' ' || (0x30..=0x3B).contains(&unit.byte) {
                (unit.byte, 1, false)
            } else if let Some((token, length)) = match_keyword_units(&units[i..]) {
                (token, length, true)
            } else {
                (unit.byte, 1, false)
            };
            let plain_raw = unit.is_plain() && !is_token;
            let last = self.out.last().copied();
            let after_number = last.is_some_and(|b| b.is_ascii_digit() || b == b'.');

            // Variable names as BASIC reads them.
            let continues_name = plain_raw && byte.is_ascii_alphanumeric();
            match &mut name {
                Some((text, _)) if continues_name => text.push(char::from(byte)),
                _ => {
                    if let Some((text, function)) = name.take() {
                        self.end_name(text, i, function);
                    }
                    if plain_raw && byte.is_ascii_uppercase() && !after_number {
                        let function =
                            self.out.iter().rev().find(|&&b| b != b' ') == Some(&tok::FN);
                        name = Some((char::from(byte).to_string(), function));
                    }
                }
            }

            // Words: names running into keywords.
            match &mut word {
                Some(w) if plain_raw && byte.is_ascii_alphanumeric() => match w.pieces.last_mut() {
                    Some(Ok(raw)) => raw.push(char::from(byte)),
                    _ => w.pieces.push(Ok(char::from(byte).to_string())),
                },
                Some(w)
                    if is_token
                        && unit.ch.is_some_and(|c| c.is_ascii_alphabetic())
                        && is_word_keyword(byte) =>
                {
                    w.pieces.push(Err(byte));
                }
                _ => {
                    if let Some(w) = word.take() {
                        self.end_word(&w);
                    }
                    if plain_raw && byte.is_ascii_uppercase() && !after_number {
                        word = Some(Word {
                            pieces: vec![Ok(char::from(byte).to_string())],
                            column: unit.column,
                            after_keyword: last.is_some_and(is_word_keyword),
                        });
                    }
                }
            }

            let previous = self.out.iter().rev().find(|&&b| b != b' ').copied();
            if byte == b'"' {
                quote_column = unit.column;
            }
            self.out.push(byte);
            self.listed_length += if is_token {
                keyword(byte).map_or(1, str::len)
            } else {
                1
            };
            modes.after(byte);
            i += consumed;
            if is_token && let Some(kind) = ref_kind(byte, previous) {
                // A name has already ended at the token; a word must not run on into what
                // the reference writes.
                if let Some(w) = word.take() {
                    self.end_word(&w);
                }
                i = self.references(i, kind)?;
            }
        }
        if let Some((text, function)) = name.take() {
            self.end_name(text, units.len(), function);
        }
        if let Some(w) = word.take() {
            self.end_word(&w);
        }
        if modes.quote {
            self.warnings.push(Warning {
                pos: self.pos(quote_column),
                kind: WarningKind::UnclosedQuote,
                message: "string not closed: it ends at the end of the line".to_string(),
            });
        }
        Ok(())
    }

    /// Record a variable name that ended before unit `next`.
    fn end_name(&mut self, name: String, next: usize, function: bool) {
        let units = self.units;
        let start = next - name.len();
        let mut k = next;
        let suffix = units
            .get(k)
            .filter(|u| u.is_plain_byte(b'$') || u.is_plain_byte(b'%'))
            .map(|u| char::from(u.byte));
        if suffix.is_some() {
            k += 1;
        }
        let array = !function && units.get(k).is_some_and(|u| u.is_plain_byte(b'('));
        let pos = self.pos(units[start].column);
        self.vars.push(VarUse {
            name,
            suffix,
            array,
            function,
            pos,
        });
    }

    fn end_word(&mut self, word: &Word) {
        if let Some(token) = word.hides_keyword() {
            let kw = keyword(token).unwrap_or("?");
            self.warnings.push(Warning {
                pos: self.pos(word.column),
                kind: WarningKind::KeywordInName,
                message: format!(
                    "name {} contains the keyword {kw}: BASIC V2 reads it as {}",
                    word.text(""),
                    word.text(" ")
                ),
            });
        }
    }

    /// After a GOTO-like token: copy spaces, line numbers and commas, and replace labels by
    /// their line numbers. Returns the index of the first unit not consumed.
    fn references(&mut self, mut i: usize, kind: RefKind) -> Result<usize, BasicError> {
        let units = self.units;
        let spaces_from = |mut k: usize| {
            while units.get(k).is_some_and(|u| u.is_plain_byte(b' ')) {
                k += 1;
            }
            k
        };
        loop {
            let k = spaces_from(i);
            self.copy(i, k);
            i = k;
            let starts_name = units
                .get(i)
                .and_then(|u| u.ch)
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
            if starts_name {
                let mut end = i;
                while units.get(end).is_some_and(Unit::is_label_char) {
                    end += 1;
                }
                let name: String = units[i..end].iter().filter_map(|u| u.ch).collect();
                let line = self.labels.get(&name.to_ascii_uppercase()).copied();
                if kind == RefKind::Soft {
                    let after = spaces_from(end);
                    let ends_statement = after == units.len() || units[after].is_plain_byte(b':');
                    let statement = match_keyword_units(&units[i..]).is_some();
                    if !ends_statement || (line.is_none() && statement) {
                        return Ok(i);
                    }
                }
                let Some(line) = line else {
                    return Err(BasicError::UndefinedLabel {
                        pos: self.pos(units[i].column),
                        name,
                    });
                };
                let digits = line.to_string();
                self.out.extend_from_slice(digits.as_bytes());
                self.listed_length += digits.len();
                i = end;
            } else if kind == RefKind::Jump {
                let mut end = i;
                while units
                    .get(end)
                    .is_some_and(|u| u.is_plain() && u.byte.is_ascii_digit())
                {
                    end += 1;
                }
                self.copy(i, end);
                i = end;
            }
            if kind == RefKind::Soft {
                return Ok(i);
            }
            let k = spaces_from(i);
            if !units.get(k).is_some_and(|u| u.is_plain_byte(b',')) {
                return Ok(i);
            }
            self.copy(i, k + 1);
            i = k + 1;
        }
    }

    fn copy(&mut self, from: usize, to: usize) {
        self.out.extend(self.units[from..to].iter().map(|u| u.byte));
        self.listed_length += to - from;
    }
}

/// `NAME` if `text` (trimmed) is a label definition `NAME:`.
fn label_definition(text: &str) -> Option<&str> {
    let name = text.strip_suffix(':')?;
    let mut chars = name.chars();
    let first = chars.next()?;
    let valid = (first.is_ascii_alphabetic() || first == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    (valid && token_for(name).is_none()).then_some(name)
}

/// Tokenize BASIC text. `file` names the text in messages and in the label map.
pub fn tokenize(source: &str, file: &str) -> Result<Tokenized, BasicError> {
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    let pos = |line: usize, column: usize| Pos {
        file: file.to_string(),
        line,
        column,
    };

    // Pass 1: numbers, labels, decoded characters.
    let mut lines: Vec<ProgramLine> = Vec::new();
    let mut defined: HashMap<String, (String, Pos)> = HashMap::new();
    let mut label_list: Vec<Label> = Vec::new();
    let mut pending: Vec<(String, Pos)> = Vec::new();
    for (index, raw) in source.lines().enumerate() {
        let source_line = index + 1;
        let text = raw.trim_end_matches([' ', '\t', '\r']);
        let body = text.trim_start_matches([' ', '\t']);
        if body.is_empty() {
            continue;
        }
        let column = text.chars().count() - body.chars().count() + 1;
        if let Some(name) = label_definition(body) {
            let here = pos(source_line, column);
            let key = name.to_ascii_uppercase();
            if let Some((_, first)) = defined.get(&key) {
                return Err(BasicError::DuplicateLabel {
                    pos: here,
                    name: name.to_string(),
                    first: first.clone(),
                });
            }
            defined.insert(key, (name.to_string(), here.clone()));
            pending.push((name.to_string(), here));
            continue;
        }
        let previous = lines.last().map(|l| l.number);
        let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let number = if digits > 0 {
            let written = &body[..digits];
            let value: u32 = written.parse().unwrap_or(u32::MAX);
            if value > u32::from(MAX_LINE_NUMBER) {
                return Err(BasicError::LineNumberTooHigh {
                    pos: pos(source_line, column),
                    number: written.to_string(),
                });
            }
            if let Some(previous) = previous
                && value <= u32::from(previous)
            {
                return Err(BasicError::LineOutOfOrder {
                    pos: pos(source_line, column),
                    number: value,
                    previous,
                });
            }
            value as u16
        } else {
            match previous {
                None => FIRST_AUTO_NUMBER,
                Some(p) if p < MAX_LINE_NUMBER => p + 1,
                Some(p) => {
                    return Err(BasicError::AutoNumberTooHigh {
                        pos: pos(source_line, column),
                        previous: p,
                    });
                }
            }
        };
        let after_number = &body[digits..];
        let content = after_number.trim_start_matches([' ', '\t']);
        let content_column = column + digits + (after_number.len() - content.len());
        let units = decode(content, file, source_line, content_column)?;
        for (name, _) in pending.drain(..) {
            label_list.push(Label { name, line: number });
        }
        lines.push(ProgramLine {
            number,
            source_line,
            column,
            units,
        });
    }
    if let Some((name, pos)) = pending.into_iter().next() {
        return Err(BasicError::LabelWithoutLine { pos, name });
    }
    let label_lines: HashMap<String, u16> = label_list
        .iter()
        .map(|l| (l.name.to_ascii_uppercase(), l.line))
        .collect();

    // Pass 2: crunch and link.
    let mut prg = LOAD_ADDRESS.to_le_bytes().to_vec();
    let mut warnings = Vec::new();
    let mut vars = Vec::new();
    let mut sources = Vec::with_capacity(lines.len());
    for line in &lines {
        let mut cruncher = LineCruncher {
            units: &line.units,
            labels: &label_lines,
            file,
            line: line.source_line,
            out: Vec::with_capacity(line.units.len()),
            listed_length: line.number.to_string().len() + 1,
            vars: Vec::new(),
            warnings: Vec::new(),
        };
        cruncher.run()?;
        let line_pos = pos(line.source_line, line.column);
        if cruncher.out.len() > MAX_LINE_BYTES {
            return Err(BasicError::LineTooLong {
                pos: line_pos,
                number: line.number,
                length: cruncher.out.len(),
            });
        }
        if cruncher.listed_length > SCREEN_LINE_CHARS {
            warnings.push(Warning {
                pos: line_pos.clone(),
                kind: WarningKind::LongLine,
                message: format!(
                    "line {} is {} characters listed; the C64's screen editor edits at most {}",
                    line.number, cruncher.listed_length, SCREEN_LINE_CHARS
                ),
            });
        }
        warnings.append(&mut cruncher.warnings);
        vars.append(&mut cruncher.vars);
        let start = usize::from(LOAD_ADDRESS) + prg.len() - 2;
        let next = start + 4 + cruncher.out.len() + 1;
        // The line and the end marker after it must fit below BASIC's ROM.
        if next + 2 > BASIC_MEMORY_END {
            return Err(BasicError::ProgramTooLarge {
                pos: line_pos,
                number: line.number,
            });
        }
        prg.extend_from_slice(&(next as u16).to_le_bytes());
        prg.extend_from_slice(&line.number.to_le_bytes());
        prg.extend_from_slice(&cruncher.out);
        prg.push(0);
        sources.push(LineSource {
            number: line.number,
            file: file.to_string(),
            line: line.source_line,
        });
    }
    prg.extend_from_slice(&[0, 0]);
    warnings.extend(collisions(&vars));
    warnings.sort_by_key(|w| (w.pos.line, w.pos.column));
    Ok(Tokenized {
        prg,
        labels: LabelMap {
            labels: label_list,
            lines: sources,
        },
        warnings,
    })
}

/// Warnings for names BASIC V2 cannot tell apart.
fn collisions(vars: &[VarUse]) -> Vec<Warning> {
    let mut first: HashMap<(String, Option<char>, bool, bool), &VarUse> = HashMap::new();
    let mut warned: HashSet<(String, Option<char>, bool, bool)> = HashSet::new();
    let mut warnings = Vec::new();
    let describe = |v: &VarUse| {
        let mut s = if v.function {
            format!("FN{}", v.name)
        } else {
            v.name.clone()
        };
        if let Some(c) = v.suffix {
            s.push(c);
        }
        if v.array {
            s.push('(');
        }
        s
    };
    for v in vars {
        let short: String = v.name.chars().take(2).collect();
        let key = (short.clone(), v.suffix, v.array, v.function);
        let full = (v.name.clone(), v.suffix, v.array, v.function);
        let reserved = !v.array
            && !v.function
            && v.name.len() > 2
            && ((short == "ST" && v.suffix.is_none())
                || (short == "TI" && matches!(v.suffix, None | Some('$'))));
        if reserved && warned.insert(full.clone()) {
            let mut reserved_name = short.clone();
            reserved_name.extend(v.suffix);
            warnings.push(Warning {
                pos: v.pos.clone(),
                kind: WarningKind::VariableCollision,
                message: format!(
                    "variable {} is BASIC's reserved variable {reserved_name} (BASIC V2 reads only two characters)",
                    describe(v)
                ),
            });
            continue;
        }
        match first.get(&key) {
            None => {
                first.insert(key, v);
            }
            Some(earlier) if earlier.name != v.name && warned.insert(full) => {
                warnings.push(Warning {
                    pos: v.pos.clone(),
                    kind: WarningKind::VariableCollision,
                    message: format!(
                        "variable {} is the same variable as {} at {} (BASIC V2 reads only the first two characters)",
                        describe(v),
                        describe(earlier),
                        earlier.pos
                    ),
                });
            }
            Some(_) => {}
        }
    }
    warnings
}

/// Read and tokenize a text file; the path names it in messages.
pub fn tokenize_file(path: &Path) -> Result<Tokenized, BasicError> {
    let (text, file) = read_text(path)?;
    tokenize(&text, &file)
}
