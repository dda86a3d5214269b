//! The label map: label → BASIC line number, and BASIC line number → source file and line.
//!
//! Written by `breadbin tokenize --labels OUT.map` so that tools (the profiler) can speak in
//! labels and source lines. The file is UTF-8 text, one record per line, fields separated by
//! one TAB (shown as `<TAB>` below); lines that are empty or start with `#` are comments:
//!
//! ```text
//! # breadbin label map 1
//! label<TAB>MAIN_LOOP<TAB>120
//! line<TAB>120<TAB>14<TAB>games/dungeon/part10a.bas
//! ```
//!
//! - `label NAME LINE`: label NAME (as written at its definition) stands for BASIC line LINE.
//! - `line LINE SRC FILE`: BASIC line LINE came from line SRC (1-based) of FILE. FILE is the
//!   last field and is taken to the end of the line, so it may contain spaces.

use std::fmt::Write as _;
use std::io;
use std::path::Path;

use super::error::{BasicError, read_text};

/// The header line [`LabelMap::to_text`] writes.
pub(crate) const HEADER: &str = "# breadbin label map 1";

/// A label and the BASIC line it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    pub name: String,
    pub line: u16,
}

/// Where a BASIC line came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineSource {
    pub number: u16,
    pub file: String,
    pub line: usize,
}

/// Labels and line origins of one tokenized program, both in line-number order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabelMap {
    pub labels: Vec<Label>,
    pub lines: Vec<LineSource>,
}

impl LabelMap {
    /// The line a label names (labels are case-insensitive).
    pub fn line_of(&self, label: &str) -> Option<u16> {
        self.labels
            .iter()
            .find(|l| l.name.eq_ignore_ascii_case(label))
            .map(|l| l.line)
    }

    /// The first label defined for exactly this line.
    pub fn label_at(&self, number: u16) -> Option<&str> {
        self.labels
            .iter()
            .find(|l| l.line == number)
            .map(|l| l.name.as_str())
    }

    /// The label of the nearest labelled line at or before `number`: the routine a line
    /// belongs to, for reports by label.
    pub fn label_before(&self, number: u16) -> Option<&str> {
        self.labels
            .iter()
            .filter(|l| l.line <= number)
            .max_by_key(|l| l.line)
            .map(|l| l.name.as_str())
    }

    /// Where BASIC line `number` came from.
    pub fn source_of(&self, number: u16) -> Option<&LineSource> {
        self.lines.iter().find(|l| l.number == number)
    }

    /// The map in its text format (see the module documentation).
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\n");
        for l in &self.labels {
            let _ = writeln!(out, "label\t{}\t{}", l.name, l.line);
        }
        for l in &self.lines {
            let _ = writeln!(out, "line\t{}\t{}\t{}", l.number, l.line, l.file);
        }
        out
    }

    /// Write the text format to `w`.
    pub fn write_to(&self, w: &mut impl io::Write) -> io::Result<()> {
        w.write_all(self.to_text().as_bytes())
    }

    /// Write the text format to a file.
    pub fn write_file(&self, path: &Path) -> Result<(), BasicError> {
        std::fs::write(path, self.to_text()).map_err(|source| BasicError::Io {
            file: path.display().to_string(),
            source,
        })
    }

    /// Read the text format; `file` names the text in error messages.
    pub fn parse(text: &str, file: &str) -> Result<Self, BasicError> {
        let mut map = LabelMap::default();
        for (i, line) in text.lines().enumerate() {
            let err = |what: String| BasicError::LabelMapSyntax {
                file: file.to_string(),
                line: i + 1,
                what,
            };
            let number = |field: Option<&str>, what: &str| -> Result<u16, BasicError> {
                let field = field.ok_or_else(|| err(format!("missing {what}")))?;
                field
                    .parse()
                    .map_err(|_| err(format!("{what} {field:?} is not a number 0-65535")))
            };
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let (kind, rest) = line.split_once('\t').unwrap_or((line, ""));
            match kind {
                "label" => {
                    let mut fields = rest.split('\t');
                    let name = fields.next().filter(|n| !n.is_empty());
                    let name = name.ok_or_else(|| err("missing label name".into()))?;
                    let line = number(fields.next(), "line number")?;
                    if let Some(extra) = fields.next() {
                        return Err(err(format!("unexpected field {extra:?}")));
                    }
                    map.labels.push(Label {
                        name: name.to_string(),
                        line,
                    });
                }
                "line" => {
                    let mut fields = rest.splitn(3, '\t');
                    let number_field = number(fields.next(), "line number")?;
                    let source = fields
                        .next()
                        .ok_or_else(|| err("missing source line".into()))?;
                    let source: usize = source
                        .parse()
                        .map_err(|_| err(format!("source line {source:?} is not a number")))?;
                    let src_file = fields.next().filter(|f| !f.is_empty());
                    let src_file = src_file.ok_or_else(|| err("missing source file".into()))?;
                    map.lines.push(LineSource {
                        number: number_field,
                        file: src_file.to_string(),
                        line: source,
                    });
                }
                other => {
                    return Err(err(format!(
                        "unknown record {other:?} (expected \"label\" or \"line\")"
                    )));
                }
            }
        }
        Ok(map)
    }

    /// Read a map file.
    pub fn read_file(path: &Path) -> Result<Self, BasicError> {
        let (text, file) = read_text(path)?;
        Self::parse(&text, &file)
    }
}
