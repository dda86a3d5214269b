//! Decoding BASIC text characters and `{...}` groups into PETSCII.

use super::control::control_sequence;
use super::error::{BasicError, Pos};
use super::petscii::char_to_petscii;

/// One PETSCII byte of decoded text and where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Unit {
    pub byte: u8,
    /// The character as written, or `None` for a byte written in braces. Bytes written in
    /// braces are taken literally: they never form part of a keyword or a label.
    pub ch: Option<char>,
    /// 1-based column (in characters) of the character or of the `{`.
    pub column: usize,
}

impl Unit {
    /// A byte written as itself, eligible for keyword matching.
    pub(crate) fn is_plain(&self) -> bool {
        self.ch.is_some()
    }

    pub(crate) fn is_plain_byte(&self, byte: u8) -> bool {
        self.is_plain() && self.byte == byte
    }

    /// A character that may appear in a label name.
    pub(crate) fn is_label_char(&self) -> bool {
        self.ch
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    }
}

/// Decode `text`, which starts at 1-based `first_column` of line `line` of `file`.
pub(crate) fn decode(
    text: &str,
    file: &str,
    line: usize,
    first_column: usize,
) -> Result<Vec<Unit>, BasicError> {
    let pos = |column| Pos {
        file: file.to_string(),
        line,
        column,
    };
    let mut units = Vec::with_capacity(text.len());
    let mut chars = text.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        let column = first_column + i;
        if c == '{' {
            let mut inner = String::new();
            loop {
                match chars.next() {
                    Some((_, '}')) => break,
                    Some((_, '{')) | None => {
                        return Err(BasicError::UnclosedBrace { pos: pos(column) });
                    }
                    Some((_, c)) => inner.push(c),
                }
            }
            let (byte, count) =
                control_sequence(&inner).ok_or_else(|| BasicError::UnknownControl {
                    pos: pos(column),
                    name: inner.clone(),
                })?;
            units.extend(std::iter::repeat_n(
                Unit {
                    byte,
                    ch: None,
                    column,
                },
                count,
            ));
        } else {
            let byte = char_to_petscii(c).ok_or(BasicError::BadCharacter {
                pos: pos(column),
                ch: c,
            })?;
            units.push(Unit {
                byte,
                ch: Some(c),
                column,
            });
        }
    }
    Ok(units)
}

/// Text with `{NAME}` codes → PETSCII bytes, as typed on the keyboard: letters of either case
/// become unshifted letters, a line break is RETURN ($0D). For scripted typing (`--type`)
/// and key scripts. `file` names the text in error messages.
pub fn text_to_petscii(text: &str, file: &str) -> Result<Vec<u8>, BasicError> {
    let mut bytes = Vec::new();
    for (n, line) in text.split('\n').enumerate() {
        if n > 0 {
            bytes.push(0x0D);
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        bytes.extend(decode(line, file, n + 1, 1)?.iter().map(|u| u.byte));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_text() {
        assert_eq!(
            text_to_petscii("load\"*\",8{return}run\n", "t").unwrap(),
            b"LOAD\"*\",8\rRUN\r"
        );
        assert!(matches!(
            text_to_petscii("a{x", "t"),
            Err(BasicError::UnclosedBrace { .. })
        ));
    }

    #[test]
    fn columns_count_characters() {
        let units = decode("£{2 up}A", "f", 1, 5).unwrap();
        let columns: Vec<usize> = units.iter().map(|u| u.column).collect();
        assert_eq!(columns, [5, 6, 6, 12]);
        assert_eq!(units[1].byte, 0x91);
        assert!(!units[1].is_plain());
    }
}
