//! Instruction traces as data: reading breadbin's own trace format (`run --headless --trace`,
//! format in README, "Headless runs") and VICE's monitor history format (the `chis` lines of
//! x64sc's monitor, recipe in tools/vice-trace.sh), recording a running machine the same way,
//! and comparing two traces instruction by instruction (README, "Testing against traces").
//!
//! A record is one executed instruction: PC, A, X, Y, SP and P before it, and the value of the
//! cycle counter at its opcode fetch. The cycles an instruction took are the difference to the
//! next record's counter, so the two traces' counters need not start at the same value.
//!
//! What is not an instruction is left out, so both formats give the same records: the reset
//! and interrupt sequences (their cycles count to the instruction before them, as the
//! interrupt is taken at that instruction's end), and the repeated lines breadbin's format
//! writes while RDY holds an opcode fetch. An instruction's counter is that of its opcode
//! fetch as performed, after RDY let it go: the cycles a fetch was held count to the
//! instruction before, as in VICE's history.

mod compare;
mod line;
mod read;

pub use compare::{Comparer, Recorder, Verdict, diff_files};
pub use line::trace_line;
pub use read::TraceReader;

/// One executed instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    pub pc: u16,
    pub a: u8,
    pub x: u8,
    pub y: u8,
    pub sp: u8,
    pub p: u8,
    /// The cycle counter at the opcode fetch.
    pub cycle: u64,
    /// The instruction's bytes (`len` of them), for showing it.
    pub bytes: [u8; 3],
    pub len: u8,
    /// The line of the trace file it came from (0 for a running machine).
    pub line: usize,
}

/// The status bits compared. B (bit 4) and bit 5 are no flip-flops in the 6502: they exist
/// only in the byte pushed to the stack, and traces differ in what they show for them.
pub const P_MASK: u8 = 0xCF;

/// A field of a record that a comparison looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Pc,
    A,
    X,
    Y,
    Sp,
    P,
    Cycles,
}

impl Field {
    const ALL: [Field; 7] = [
        Field::Pc,
        Field::A,
        Field::X,
        Field::Y,
        Field::Sp,
        Field::P,
        Field::Cycles,
    ];

    /// The name used by `--trace-ignore` and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Field::Pc => "pc",
            Field::A => "a",
            Field::X => "x",
            Field::Y => "y",
            Field::Sp => "sp",
            Field::P => "p",
            Field::Cycles => "cycles",
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The fields a comparison leaves out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ignore(u8);

impl Ignore {
    /// Parse a comma-separated list of field names: pc, a, x, y, sp, p, cycles.
    pub fn parse(s: &str) -> Result<Self, String> {
        let mut bits = 0;
        for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let f = Field::ALL
                .iter()
                .find(|f| f.name().eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    format!("'{name}' is not a trace field (use pc, a, x, y, sp, p, cycles)")
                })?;
            bits |= f.bit();
        }
        Ok(Ignore(bits))
    }

    pub fn ignores(self, f: Field) -> bool {
        self.0 & f.bit() != 0
    }
}

/// A trace that cannot be read: the message names the file and, for content, the line.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct TraceError(String);

impl TraceError {
    fn at(name: &str, line: usize, msg: impl std::fmt::Display) -> Self {
        TraceError(format!("{name}:{line}: {msg}"))
    }
}
