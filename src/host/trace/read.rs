//! Reading trace files: breadbin's format and VICE's monitor history, plain or gzip'd.

use super::{Record, TraceError};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Breadbin,
    Vice,
}

/// Reads the records of a trace file in either format, plain or gzip'd (recognised by
/// content, not by name).
pub struct TraceReader {
    name: String,
    input: Box<dyn BufRead>,
    format: Option<Format>,
    line_no: usize,
    buf: Vec<u8>,
    /// breadbin's format: the last line read, not yet known to be an instruction.
    held: Option<Record>,
    /// breadbin's format: the counter of the last line read (repeated lines follow it).
    last_cycle: u64,
    ended: bool,
}

impl TraceReader {
    /// Open a trace file.
    pub fn open(path: &Path) -> Result<Self, TraceError> {
        let name = path.display().to_string();
        let f = std::fs::File::open(path)
            .map_err(|e| TraceError(format!("{name}: cannot read: {e}")))?;
        Self::from_reader(&name, f)
    }

    /// Read a trace from any byte source; `name` is used in messages.
    pub fn from_reader(name: &str, r: impl Read + 'static) -> Result<Self, TraceError> {
        let mut r = BufReader::new(r);
        let head = r
            .fill_buf()
            .map_err(|e| TraceError(format!("{name}: cannot read: {e}")))?;
        let gzip = head.starts_with(&[0x1F, 0x8B]);
        let input: Box<dyn BufRead> = if gzip {
            Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(r)))
        } else {
            Box::new(r)
        };
        Ok(TraceReader {
            name: name.to_string(),
            input,
            format: None,
            line_no: 0,
            buf: Vec::new(),
            held: None,
            last_cycle: 0,
            ended: false,
        })
    }

    /// The name given when opened.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The next instruction, or `None` at the end of the trace.
    pub fn next_record(&mut self) -> Result<Option<Record>, TraceError> {
        loop {
            if self.ended {
                return Ok(self.held.take());
            }
            let Some(r) = self.next_line()? else {
                if self.format.is_none() {
                    return Err(TraceError(format!(
                        "{}:{}: no instructions in the trace",
                        self.name, self.line_no
                    )));
                }
                self.ended = true;
                continue;
            };
            if self.format == Some(Format::Vice) {
                return Ok(Some(r));
            }
            let repeated =
                r.cycle == self.last_cycle + 1 && self.held.is_some_and(|h| same_state(&h, &r));
            self.last_cycle = r.cycle;
            if repeated {
                // The fetch was held: it happens at the last of the repeated lines.
                if let Some(h) = self.held.as_mut() {
                    h.cycle = r.cycle;
                }
                continue;
            }
            match self.held.replace(r) {
                // The reset sequence: the line written at power-on, before the first fetch.
                None if r.cycle == 0 => self.held = None,
                None => {}
                // Only BRK among instructions pushes three bytes; anything else followed by
                // that is an instruction an interrupt replaced.
                Some(h) if r.sp == h.sp.wrapping_sub(3) && h.bytes[0] != 0x00 => {}
                Some(h) => return Ok(Some(h)),
            }
        }
    }

    /// Parse the next line that holds a record.
    fn next_line(&mut self) -> Result<Option<Record>, TraceError> {
        loop {
            self.buf.clear();
            let n = self
                .input
                .read_until(b'\n', &mut self.buf)
                .map_err(|e| TraceError::at(&self.name, self.line_no + 1, e))?;
            if n == 0 {
                return Ok(None);
            }
            self.line_no += 1;
            let complete = self.buf.ends_with(b"\n");
            let text = String::from_utf8_lossy(&self.buf);
            let text = text.trim_end();
            let text = text.strip_prefix("Monitor: ").unwrap_or(text);
            let text = text.strip_prefix(".C:").unwrap_or(text);
            if text.trim().is_empty() {
                continue;
            }
            // VICE's monitor shows the registers after a step as "... - A:": not history.
            if self.format == Some(Format::Vice) && text.contains(" - A:") {
                continue;
            }
            let format = match self.format {
                Some(f) => f,
                None => {
                    let f = detect(text).ok_or_else(|| {
                        TraceError::at(
                            &self.name,
                            self.line_no,
                            "neither breadbin's trace format nor VICE's monitor history (chis)",
                        )
                    })?;
                    self.format = Some(f);
                    f
                }
            };
            let parsed = match format {
                Format::Breadbin => parse_breadbin(text),
                Format::Vice => parse_vice(text),
            };
            return match parsed {
                Some(mut r) => {
                    r.line = self.line_no;
                    Ok(Some(r))
                }
                None if !complete => Err(TraceError::at(
                    &self.name,
                    self.line_no,
                    "the last line is cut short",
                )),
                None => Err(TraceError::at(
                    &self.name,
                    self.line_no,
                    format!("not a line of {}: {text:?}", format_name(format)),
                )),
            };
        }
    }
}

fn format_name(f: Format) -> &'static str {
    match f {
        Format::Breadbin => "breadbin's trace format",
        Format::Vice => "VICE's monitor history (chis)",
    }
}

fn same_state(a: &Record, b: &Record) -> bool {
    (a.pc, a.a, a.x, a.y, a.sp, a.p) == (b.pc, b.a, b.x, b.y, b.sp, b.p)
}

/// Which format a line is in: breadbin's starts with the decimal cycle counter, VICE's with
/// the PC in four hex digits.
fn detect(line: &str) -> Option<Format> {
    let first = line.split_whitespace().next()?;
    if line.starts_with(' ') || (first.len() != 4 && first.bytes().all(|b| b.is_ascii_digit())) {
        return Some(Format::Breadbin);
    }
    if first.len() == 4 && first.bytes().all(|b| b.is_ascii_hexdigit()) {
        // A 4-digit decimal counter is breadbin's only if a second PC-like field follows.
        let second = line.split_whitespace().nth(1)?;
        if second.len() == 4 && second.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Some(Format::Breadbin);
        }
        return Some(Format::Vice);
    }
    None
}

fn hex8(s: &str) -> Option<u8> {
    (s.len() == 2).then(|| u8::from_str_radix(s, 16).ok())?
}

fn hex16(s: &str) -> Option<u16> {
    (s.len() == 4).then(|| u16::from_str_radix(s, 16).ok())?
}

fn reg<'a>(t: &mut impl Iterator<Item = &'a str>, name: &str) -> Option<u8> {
    hex8(t.next()?.strip_prefix(name)?)
}

/// `A:.. X:.. Y:.. SP:..`, as both formats write them.
fn regs<'a>(t: &mut impl Iterator<Item = &'a str>) -> Option<[u8; 4]> {
    Some([reg(t, "A:")?, reg(t, "X:")?, reg(t, "Y:")?, reg(t, "SP:")?])
}

/// A record of a trace line (the line number is set by the reader).
fn record(
    pc: u16,
    [a, x, y, sp]: [u8; 4],
    p: u8,
    cycle: u64,
    (bytes, len): ([u8; 3], u8),
) -> Option<Record> {
    (len > 0).then_some(Record {
        pc,
        a,
        x,
        y,
        sp,
        p,
        cycle,
        bytes,
        len,
        line: 0,
    })
}

/// The opcode bytes after the PC: up to three two-digit hex fields.
fn bytes<'a>(t: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>) -> ([u8; 3], u8) {
    let mut b = [0; 3];
    let mut n = 0;
    while n < 3 {
        match t.peek().and_then(|s| hex8(s)) {
            Some(v) => {
                b[n] = v;
                n += 1;
                t.next();
            }
            None => break,
        }
    }
    (b, n as u8)
}

/// `CYCLE PC  BYTES MNEMONIC A:.. X:.. Y:.. SP:.. P:.. L:... C:..`
fn parse_breadbin(line: &str) -> Option<Record> {
    let mut t = line.split_whitespace().peekable();
    let cycle = t.next()?.parse().ok()?;
    let pc = hex16(t.next()?)?;
    let code = bytes(&mut t);
    t.next()?; // mnemonic
    let r = regs(&mut t)?;
    let p = reg(&mut t, "P:")?;
    t.next()?.strip_prefix("L:")?;
    t.next()?.strip_prefix("C:")?;
    record(pc, r, p, cycle, code)
}

/// `pc  BYTES    DISASSEMBLY    A:.. X:.. Y:.. SP:.. NV-BDIZC CYCLE`
fn parse_vice(line: &str) -> Option<Record> {
    let mut t = line.split_whitespace().peekable();
    let pc = hex16(t.next()?)?;
    let code = bytes(&mut t);
    let mut t = line[line.find(" A:")?..].split_whitespace();
    let r = regs(&mut t)?;
    let flags = t.next()?.as_bytes();
    if flags.len() != 8 {
        return None;
    }
    let p = flags
        .iter()
        .fold(0u8, |p, &c| (p << 1) | u8::from(c != b'.'));
    let cycle = t.next()?.parse().ok()?;
    if t.next().is_some() {
        return None;
    }
    record(pc, r, p, cycle, code)
}
