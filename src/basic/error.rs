//! Errors and warnings of the BASIC text tools. Every message names the file and, for text,
//! the 1-based line and column (in characters) where the problem is.

use std::fmt;
use std::path::Path;

/// A place in a source text: `file:line:column`, both numbers counted from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pos {
    pub file: String,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// Why BASIC text, a PRG or a label map could not be processed.
#[derive(Debug, thiserror::Error)]
pub enum BasicError {
    #[error("{file}: cannot read: {source}")]
    Io {
        file: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{file}: not UTF-8 text")]
    NotText { file: String },
    #[error("{pos}: unknown control code {{{name}}}")]
    UnknownControl { pos: Pos, name: String },
    #[error("{pos}: '{{' is not closed by '}}' on the same line")]
    UnclosedBrace { pos: Pos },
    #[error("{pos}: character {ch:?} has no PETSCII equivalent (write a code as {{$hh}})")]
    BadCharacter { pos: Pos, ch: char },
    #[error("{pos}: undefined label {name}")]
    UndefinedLabel { pos: Pos, name: String },
    #[error("{pos}: label {name} is already defined at {first}")]
    DuplicateLabel { pos: Pos, name: String, first: Pos },
    #[error("{pos}: label {name} is not followed by a program line")]
    LabelWithoutLine { pos: Pos, name: String },
    #[error("{pos}: line number {number} does not follow line {previous} (numbers must increase)")]
    LineOutOfOrder {
        pos: Pos,
        number: u32,
        previous: u16,
    },
    #[error("{pos}: line number {number} is above 63999")]
    LineNumberTooHigh { pos: Pos, number: String },
    #[error("{pos}: the automatic line number after {previous} would be above 63999")]
    AutoNumberTooHigh { pos: Pos, previous: u16 },
    #[error("{pos}: line {number} is {length} bytes tokenized; a BASIC line holds at most 255")]
    LineTooLong {
        pos: Pos,
        number: u16,
        length: usize,
    },
    #[error("{pos}: line {number} does not fit in BASIC's memory ($0801-$9FFF)")]
    ProgramTooLarge { pos: Pos, number: u16 },
    #[error("{file}: {} is too short for a PRG: no room for the 2-byte load address", bytes(*length))]
    PrgTooShort { file: String, length: usize },
    #[error("{file}: offset {offset}: {what}")]
    LinksRunOff {
        file: String,
        offset: usize,
        what: String,
    },
    #[error("{file}:{line}: {what}")]
    LabelMapSyntax {
        file: String,
        line: usize,
        what: String,
    },
}

/// What a [`Warning`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WarningKind {
    /// Two different variable names that BASIC V2 treats as one (same first two characters,
    /// same type), or a long name that is one of BASIC's reserved variables (ST, TI, TI$).
    VariableCollision,
    /// A long variable name with a keyword inside, which tokenization splits.
    KeywordInName,
    /// A line longer when listed than the 80 characters the C64's screen editor accepts.
    LongLine,
    /// A string still open at the end of its line (legal: BASIC ends it there).
    UnclosedQuote,
}

/// A problem that does not stop tokenization.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pub pos: Pos,
    pub kind: WarningKind,
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: warning: {}", self.pos, self.message)
    }
}

/// A file's bytes, and its path as the name to use in messages.
pub(crate) fn read_bytes(path: &Path) -> Result<(Vec<u8>, String), BasicError> {
    let file = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => Ok((bytes, file)),
        Err(source) => Err(BasicError::Io { file, source }),
    }
}

/// A UTF-8 text file, and its path as the name to use in messages.
pub(crate) fn read_text(path: &Path) -> Result<(String, String), BasicError> {
    let (bytes, file) = read_bytes(path)?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok((text, file)),
        Err(_) => Err(BasicError::NotText { file }),
    }
}

/// A count of bytes in words: "1 byte", "2 bytes" (for messages).
pub fn bytes(n: usize) -> String {
    if n == 1 {
        "1 byte".into()
    } else {
        format!("{n} bytes")
    }
}

#[cfg(test)]
mod count_tests {
    #[test]
    fn one_byte_is_singular() {
        assert_eq!(super::bytes(1), "1 byte");
        assert_eq!(super::bytes(0), "0 bytes");
        assert_eq!(super::bytes(2), "2 bytes");
    }
}
