//! The monitor's 6502 text: one instruction disassembled (with labels), one line assembled,
//! and the label table a file fills (VICE's `al C:1000 .name` lines, which ld65's `-Ln`
//! writes too, or `name = $1000`).

use crate::chips::cpu::{MNEMONICS, MODES, Mode};
use std::collections::BTreeMap;

/// Names for addresses, both ways.
#[derive(Debug, Clone, Default)]
pub struct Labels {
    by_name: BTreeMap<String, u16>,
    by_addr: BTreeMap<u16, String>,
}

impl Labels {
    pub fn add(&mut self, name: &str, addr: u16) {
        let name = name.trim_start_matches('.').to_string();
        self.by_addr.entry(addr).or_insert_with(|| name.clone());
        self.by_name.insert(name.to_ascii_lowercase(), addr);
    }

    pub fn addr(&self, name: &str) -> Option<u16> {
        self.by_name
            .get(&name.trim_start_matches('.').to_ascii_lowercase())
            .copied()
    }

    pub fn name(&self, addr: u16) -> Option<&str> {
        self.by_addr.get(&addr).map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// Read a label file's text; an error names the line (1-based) it could not read.
    pub fn parse(&mut self, text: &str) -> Result<usize, (usize, String)> {
        let mut count = 0;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split(';').next().unwrap_or("").trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let (name, value) = match words.as_slice() {
                ["al", addr, name] => (*name, addr.trim_start_matches("C:")),
                [name, "=", value] => (*name, value.trim_start_matches('$')),
                _ => {
                    return Err((
                        i + 1,
                        "not a label (`al C:1000 .name` or `name = $1000`)".into(),
                    ));
                }
            };
            let addr = u32::from_str_radix(value, 16)
                .ok()
                .and_then(|v| u16::try_from(v).ok())
                .ok_or_else(|| (i + 1, format!("'{value}' is not an address in hex")))?;
            self.add(name, addr);
            count += 1;
        }
        Ok(count)
    }
}

/// The instruction at `pc`, as `(length, text)`: its bytes read with `peek`, its operand
/// shown by name where `labels` has one.
pub fn disassemble(peek: impl Fn(u16) -> u8, pc: u16, labels: &Labels) -> (u16, String) {
    let op = peek(pc);
    let mode = MODES[op as usize];
    let lo = peek(pc.wrapping_add(1));
    let hi = peek(pc.wrapping_add(2));
    let word = u16::from_le_bytes([lo, hi]);
    let named = |a: u16, width: usize| match labels.name(a) {
        Some(n) => n.to_string(),
        None if width == 2 => format!("${a:02X}"),
        None => format!("${a:04X}"),
    };
    let operand = match mode {
        Mode::Implied => String::new(),
        Mode::Accumulator => "A".into(),
        Mode::Immediate => format!("#${lo:02X}"),
        Mode::ZeroPage => named(lo.into(), 2),
        Mode::ZeroPageX => format!("{},X", named(lo.into(), 2)),
        Mode::ZeroPageY => format!("{},Y", named(lo.into(), 2)),
        Mode::Absolute => named(word, 4),
        Mode::AbsoluteX => format!("{},X", named(word, 4)),
        Mode::AbsoluteY => format!("{},Y", named(word, 4)),
        Mode::Indirect => format!("({})", named(word, 4)),
        Mode::IndirectX => format!("({},X)", named(lo.into(), 2)),
        Mode::IndirectY => format!("({}),Y", named(lo.into(), 2)),
        Mode::Relative => named(pc.wrapping_add(2).wrapping_add(lo as i8 as u16), 4),
    };
    let len = mode.bytes();
    let bytes: Vec<String> = (0..len)
        .map(|i| format!("{:02X}", peek(pc.wrapping_add(i))))
        .collect();
    let text = format!(
        "{:<9} {} {}",
        bytes.join(" "),
        MNEMONICS[op as usize],
        operand
    );
    (len, text.trim_end().to_string())
}

/// Parse a number: `$` or nothing for hex (the monitor's default, as in VICE's), `+` for
/// decimal, `%` for binary, `.name` for a label.
pub fn number(s: &str, labels: &Labels) -> Result<u32, String> {
    let bad = || format!("'{s}' is not a number ($hex, +decimal, %binary) or a known .label");
    if s.starts_with('.') {
        return labels.addr(s).map(u32::from).ok_or_else(bad);
    }
    let (digits, radix) = if let Some(d) = s.strip_prefix('+') {
        (d, 10)
    } else if let Some(d) = s.strip_prefix('%') {
        (d, 2)
    } else {
        (s.strip_prefix('$').unwrap_or(s), 16)
    };
    u32::from_str_radix(digits, radix).map_err(|_| bad())
}

/// Assemble one instruction at `pc`: its bytes, or what is wrong with it.
pub fn assemble(line: &str, pc: u16, labels: &Labels) -> Result<Vec<u8>, String> {
    let line = line.trim();
    let (mnemonic, operand) = match line.split_once(char::is_whitespace) {
        Some((m, o)) => (m, o.replace(' ', "").to_ascii_uppercase()),
        None => (line, String::new()),
    };
    let mnemonic = mnemonic.to_ascii_uppercase();
    if !MNEMONICS.contains(&mnemonic.as_str()) {
        return Err(format!("'{mnemonic}' is not a 6502 mnemonic"));
    }
    let value = |s: &str| -> Result<u16, String> {
        let v = number(s, labels)?;
        u16::try_from(v).map_err(|_| format!("'{s}' does not fit in 16 bits"))
    };
    let o = operand.as_str();
    // The operand's form: which modes it may be and the value in it.
    let (modes, v): (&[Mode], u16) = if o.is_empty() || o == "A" {
        (&[Mode::Implied, Mode::Accumulator], 0)
    } else if let Some(imm) = o.strip_prefix('#') {
        (&[Mode::Immediate], value(imm)?)
    } else if let Some(inner) = o.strip_prefix('(').and_then(|r| r.strip_suffix(",X)")) {
        (&[Mode::IndirectX], value(inner)?)
    } else if let Some(inner) = o.strip_prefix('(').and_then(|r| r.strip_suffix("),Y")) {
        (&[Mode::IndirectY], value(inner)?)
    } else if let Some(inner) = o.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        (&[Mode::Indirect], value(inner)?)
    } else if let Some(a) = o.strip_suffix(",X") {
        (&[Mode::ZeroPageX, Mode::AbsoluteX], value(a)?)
    } else if let Some(a) = o.strip_suffix(",Y") {
        (&[Mode::ZeroPageY, Mode::AbsoluteY], value(a)?)
    } else {
        (&[Mode::Relative, Mode::ZeroPage, Mode::Absolute], value(o)?)
    };
    for &mode in modes {
        let Some(op) = opcode(&mnemonic, mode) else {
            continue;
        };
        let zero_page = matches!(
            mode,
            Mode::ZeroPage | Mode::ZeroPageX | Mode::ZeroPageY | Mode::IndirectX | Mode::IndirectY
        );
        if (zero_page || mode == Mode::Immediate) && v > 0xFF {
            if zero_page && modes.len() > 1 {
                continue; // the absolute form follows
            }
            return Err(format!("{operand}: the value does not fit in a byte"));
        }
        let [lo, hi] = v.to_le_bytes();
        return Ok(match mode {
            Mode::Implied | Mode::Accumulator => vec![op],
            Mode::Relative => {
                let offset = i32::from(v) - (i32::from(pc) + 2);
                let offset = i8::try_from(offset)
                    .map_err(|_| format!("${v:04X} is out of a branch's reach from ${pc:04X}"))?;
                vec![op, offset as u8]
            }
            m if m.bytes() == 2 => vec![op, lo],
            _ => vec![op, lo, hi],
        });
    }
    Err(format!("{mnemonic} has no form taking '{operand}'"))
}

/// The opcode of `mnemonic` in `mode`: the documented one where undocumented twins exist
/// (NOP is $EA, SBC # is $E9).
fn opcode(mnemonic: &str, mode: Mode) -> Option<u8> {
    let mut found =
        (0..=255u8).filter(|&op| MNEMONICS[op as usize] == mnemonic && MODES[op as usize] == mode);
    let first = found.next()?;
    let documented = |op: u8| op & 3 != 3 && !(mnemonic == "NOP" && op != 0xEA);
    Some(
        std::iter::once(first)
            .chain(found)
            .find(|&op| documented(op))
            .unwrap_or(first),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asm(line: &str, pc: u16) -> Result<Vec<u8>, String> {
        assemble(line, pc, &Labels::default())
    }

    #[test]
    fn each_addressing_mode_assembles_to_its_opcode() {
        assert_eq!(asm("lda #$01", 0), Ok(vec![0xA9, 0x01]));
        assert_eq!(asm("LDA $FB", 0), Ok(vec![0xA5, 0xFB]));
        assert_eq!(asm("lda $fb,x", 0), Ok(vec![0xB5, 0xFB]));
        assert_eq!(asm("ldx $fb,y", 0), Ok(vec![0xB6, 0xFB]));
        assert_eq!(asm("lda $0400", 0), Ok(vec![0xAD, 0x00, 0x04]));
        assert_eq!(asm("lda $0400,y", 0), Ok(vec![0xB9, 0x00, 0x04]));
        assert_eq!(asm("lda ($fb),y", 0), Ok(vec![0xB1, 0xFB]));
        assert_eq!(asm("lda ($fb,x)", 0), Ok(vec![0xA1, 0xFB]));
        assert_eq!(asm("jmp ($0314)", 0), Ok(vec![0x6C, 0x14, 0x03]));
        assert_eq!(asm("asl", 0), Ok(vec![0x0A]));
        assert_eq!(asm("asl a", 0), Ok(vec![0x0A]));
        assert_eq!(asm("rts", 0), Ok(vec![0x60]));
        assert_eq!(asm("nop", 0), Ok(vec![0xEA]));
        assert_eq!(asm("sbc #+10", 0), Ok(vec![0xE9, 10]));
        // No zero-page form of LDA abs,Y: the absolute one takes a small address.
        assert_eq!(asm("sta $fb,y", 0), Ok(vec![0x99, 0xFB, 0x00]));
        assert_eq!(asm("jsr $ffd2", 0), Ok(vec![0x20, 0xD2, 0xFF]));
    }

    #[test]
    fn branches_are_relative_to_the_next_instruction() {
        assert_eq!(asm("bne $1000", 0x1000), Ok(vec![0xD0, 0xFE]));
        assert_eq!(asm("beq $1012", 0x1000), Ok(vec![0xF0, 0x10]));
        assert!(asm("bne $2000", 0x1000).unwrap_err().contains("reach"));
    }

    #[test]
    fn wrong_lines_say_what_is_wrong() {
        assert!(asm("lda", 0).unwrap_err().contains("no form"));
        assert!(
            asm("foo #1", 0)
                .unwrap_err()
                .contains("not a 6502 mnemonic")
        );
        assert!(asm("lda #$100", 0).unwrap_err().contains("byte"));
        assert!(asm("lda $zz", 0).unwrap_err().contains("not a number"));
    }

    #[test]
    fn labels_read_from_either_format_name_operands_both_ways() {
        let mut labels = Labels::default();
        let n = labels
            .parse("al C:ffd2 .chrout\n; comment\nal 001000 .start\nscreen = $0400\n")
            .unwrap();
        assert_eq!(n, 3);
        assert_eq!(
            assemble("jsr .chrout", 0, &labels),
            Ok(vec![0x20, 0xD2, 0xFF])
        );
        let mem = [0x20u8, 0xD2, 0xFF, 0x8D, 0x00, 0x04];
        let peek = |a: u16| mem[a as usize % mem.len()];
        assert_eq!(
            disassemble(peek, 0, &labels),
            (3, "20 D2 FF  JSR chrout".into())
        );
        assert_eq!(
            disassemble(peek, 3, &labels),
            (3, "8D 00 04  STA screen".into())
        );
        assert_eq!(labels.parse("al C:1000").unwrap_err().0, 1);
        assert_eq!(labels.parse("x = $12345").unwrap_err().0, 1);
    }

    #[test]
    fn disassembly_shows_each_mode() {
        let mem = [0xB1u8, 0xFB, 0xD0, 0xFC, 0x6C, 0x14, 0x03];
        let peek = |a: u16| mem.get(a as usize).copied().unwrap_or(0);
        let l = Labels::default();
        assert_eq!(disassemble(peek, 0, &l).1, "B1 FB     LDA ($FB),Y");
        assert_eq!(disassemble(peek, 2, &l).1, "D0 FC     BNE $0000");
        assert_eq!(disassemble(peek, 4, &l).1, "6C 14 03  JMP ($0314)");
    }
}
