//! The monitor's commands, one line at a time (README, "The monitor", lists them). Numbers
//! are hex unless marked (`+` decimal, `%` binary); `.name` is a label; BASIC line numbers
//! are decimal, as BASIC writes them, or a label of the program.

use super::asm::{self, number};
use super::{Checkpoint, Flow, Kind, Mode, Monitor};
use crate::c64::C64;
use std::fmt::Write as _;

const HELP: &str = "\
r [REG=VALUE ...]      registers (a x y sp pc p), set some
m [FROM [TO]]          memory as hex and text
> ADDR BYTE ...        write bytes, as the CPU does
d [FROM [TO]]          disassemble
a ADDR INSTRUCTION     assemble one instruction
break [FROM[-TO]]      stop where the PC reaches an address (alone: list the checkpoints)
break raster LINE      stop where the VIC enters a raster line
break line N|LABEL     stop where BASIC's current line becomes N (decimal) or LABEL's
watch [load|store] FROM[-TO]   stop after an instruction that reads/writes there
  ... do CMD; CMD      any checkpoint: commands run when it is hit
delete [N]             remove checkpoint N (alone: all)
g [ADDR]  (or x)       run on (from ADDR)
z [N]  (or step)       run N instructions (1)
n  (or next)           run one instruction, a subroutine as one
ret                    run to the end of the current subroutine (RTS or RTI)
sw [reset]             cycles since the stopwatch's zero
var NAME               a BASIC variable; NAME() an array
labels FILE            read labels (al C:1000 .name, or name = $1000)
echo TEXT              print TEXT
quit                   end the run
";

impl Monitor {
    /// Run one line: commands separated by `;` (a checkpoint's `do` takes the rest of it).
    pub(super) fn commands(&mut self, c64: &mut C64, line: &str) -> Result<Flow, String> {
        let mut rest = line.trim();
        while !rest.is_empty() {
            let word = rest.split_whitespace().next().unwrap_or("");
            let first = rest.split(';').next().unwrap_or("");
            let takes_rest = first.contains(" do ") || first.trim_end().ends_with(" do");
            let (cmd, tail) = if matches!(word, "break" | "watch" | "bk" | "w") && takes_rest {
                (rest, "")
            } else {
                match rest.split_once(';') {
                    Some((c, t)) => (c.trim(), t.trim()),
                    None => (rest, ""),
                }
            };
            let flow = self.command(c64, cmd)?;
            if flow != Flow::Stay {
                if !tail.is_empty() {
                    // What follows a resuming command waits for the next stop.
                    self.queue
                        .push_front((self.current_origin.clone(), tail.to_string()));
                }
                return Ok(flow);
            }
            rest = tail;
        }
        Ok(Flow::Stay)
    }

    fn command(&mut self, c64: &mut C64, line: &str) -> Result<Flow, String> {
        if line.is_empty() || line.starts_with('#') {
            return Ok(Flow::Stay);
        }
        let (word, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let args = args.trim();
        let words: Vec<&str> = args.split_whitespace().collect();
        match word.to_ascii_lowercase().as_str() {
            "help" | "?" => self.out.push_str(HELP),
            "r" | "registers" => {
                for w in &words {
                    self.set_register(c64, w)?;
                }
                self.show_registers(c64);
            }
            "m" => self.dump(c64, &words)?,
            ">" => {
                let (addr, bytes) = words.split_first().ok_or("> needs an address and bytes")?;
                let addr = self.address(addr)?;
                for (i, b) in bytes.iter().enumerate() {
                    let v = u8::try_from(number(b, &self.labels)?)
                        .map_err(|_| format!("'{b}' is not a byte"))?;
                    c64.poke(addr.wrapping_add(i as u16), v);
                }
            }
            "d" => self.disassembly(c64, &words)?,
            "a" => {
                let (addr, text) = args
                    .split_once(char::is_whitespace)
                    .ok_or("a needs an address and an instruction")?;
                let addr = self.address(addr)?;
                let bytes = asm::assemble(text, addr, &self.labels)?;
                for (i, &b) in bytes.iter().enumerate() {
                    c64.poke(addr.wrapping_add(i as u16), b);
                }
                let (_, shown) = asm::disassemble(|a| c64.peek(a), addr, &self.labels);
                let _ = writeln!(self.out, "{addr:04X}  {shown}");
            }
            "break" | "bk" => self.add_checkpoint(args, false)?,
            "watch" | "w" => self.add_checkpoint(args, true)?,
            "delete" | "del" => match words.first() {
                None => self.points.clear(),
                Some(n) => {
                    let id = n
                        .trim_start_matches('#')
                        .parse::<u32>()
                        .map_err(|_| format!("'{n}' is not a checkpoint number"))?;
                    let before = self.points.len();
                    self.points.retain(|p| p.id != id);
                    if self.points.len() == before {
                        return Err(format!("there is no checkpoint #{id}"));
                    }
                }
            },
            "g" | "go" | "x" => {
                if let Some(a) = words.first() {
                    let pc = self.address(a)?;
                    if !c64.cpu().at_instruction_boundary() {
                        return Err("the CPU is within an instruction: step first".into());
                    }
                    c64.cpu_mut().set_pc(pc);
                }
                self.resume(c64, Mode::Go);
                return Ok(Flow::Run);
            }
            "z" | "step" => {
                let n = match words.first() {
                    Some(n) => number(n, &self.labels)?.max(1),
                    None => 1,
                };
                self.resume(c64, Mode::Step(n));
                return Ok(Flow::Run);
            }
            "n" | "next" => {
                let cpu = c64.cpu();
                let mode = if cpu.at_instruction_boundary() && c64.peek(cpu.pc) == 0x20 {
                    Mode::Over {
                        pc: cpu.pc.wrapping_add(3),
                        sp: cpu.s,
                    }
                } else {
                    Mode::Step(1)
                };
                self.resume(c64, mode);
                return Ok(Flow::Run);
            }
            "ret" => {
                let sp = c64.cpu().s;
                self.resume(c64, Mode::Return { sp });
                return Ok(Flow::Run);
            }
            "sw" | "stopwatch" => {
                if words.first() == Some(&"reset") {
                    self.stopwatch = c64.cycles();
                }
                let _ = writeln!(
                    self.out,
                    "stopwatch: {} cycles",
                    c64.cycles().saturating_sub(self.stopwatch)
                );
            }
            "var" => self.variable(c64, args)?,
            "labels" | "ll" => {
                let text = std::fs::read_to_string(args)
                    .map_err(|e| format!("{args}: cannot read: {e}"))?;
                let n = self
                    .labels
                    .parse(&text)
                    .map_err(|(line, e)| format!("{args}:{line}: {e}"))?;
                let _ = writeln!(self.out, "{n} labels read from {args}");
            }
            "echo" => {
                let _ = writeln!(self.out, "{args}");
            }
            "quit" | "q" => return Ok(Flow::Quit),
            other => {
                return Err(format!(
                    "'{other}' is not a monitor command (help lists them)"
                ));
            }
        }
        Ok(Flow::Stay)
    }

    fn address(&self, s: &str) -> Result<u16, String> {
        let v = number(s, &self.labels)?;
        u16::try_from(v).map_err(|_| format!("'{s}' is not an address"))
    }

    /// `FROM-TO` or `FROM`.
    fn range(&self, s: &str) -> Result<(u16, u16), String> {
        match s.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (self.address(a)?, self.address(b)?);
                if b < a {
                    return Err(format!("{s}: the range ends before it starts"));
                }
                Ok((a, b))
            }
            None => self.address(s).map(|a| (a, a)),
        }
    }

    fn set_register(&mut self, c64: &mut C64, w: &str) -> Result<(), String> {
        let (name, value) = w
            .split_once('=')
            .ok_or_else(|| format!("'{w}': set a register as NAME=VALUE"))?;
        let v = number(value, &self.labels)?;
        let byte = || u8::try_from(v).map_err(|_| format!("'{w}': not a byte"));
        let cpu = c64.cpu_mut();
        match name.to_ascii_lowercase().as_str() {
            "a" => cpu.a = byte()?,
            "x" => cpu.x = byte()?,
            "y" => cpu.y = byte()?,
            "sp" | "s" => cpu.s = byte()?,
            "p" => cpu.p = crate::chips::cpu::Status::from_bits_retain(byte()?),
            "pc" => {
                let pc = u16::try_from(v).map_err(|_| format!("'{w}': not an address"))?;
                if !cpu.at_instruction_boundary() {
                    return Err("the CPU is within an instruction: step first".into());
                }
                cpu.set_pc(pc);
            }
            _ => return Err(format!("'{name}' is not a register (a x y sp pc p)")),
        }
        Ok(())
    }

    fn dump(&mut self, c64: &C64, words: &[&str]) -> Result<(), String> {
        let from = match words.first() {
            Some(a) => self.address(a)?,
            None => self.next_dump,
        };
        let to = match words.get(1) {
            Some(a) => self.address(a)?,
            None => from.saturating_add(0x7F),
        };
        let mut a = u32::from(from);
        while a <= u32::from(to) {
            let end = (a + 15).min(u32::from(to));
            let bytes: Vec<u8> = (a..=end).map(|x| c64.peek(x as u16)).collect();
            let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
            let text: String = bytes
                .iter()
                .map(|&b| match b & 0x7F {
                    0x20..=0x7E => (b & 0x7F) as char,
                    _ => '.',
                })
                .collect();
            let _ = writeln!(self.out, "{a:04X}  {:<47}  {text}", hex.join(" "));
            a = end + 1;
        }
        self.next_dump = a as u16;
        Ok(())
    }

    fn disassembly(&mut self, c64: &C64, words: &[&str]) -> Result<(), String> {
        let from = match words.first() {
            Some(a) => self.address(a)?,
            None => self.next_disassembly,
        };
        let to = words.get(1).map(|a| self.address(a)).transpose()?;
        let mut pc = from;
        let mut count = 0;
        loop {
            if let Some(name) = self.labels.name(pc) {
                let _ = writeln!(self.out, "{name}:");
            }
            let (len, text) = asm::disassemble(|a| c64.peek(a), pc, &self.labels);
            let _ = writeln!(self.out, "{pc:04X}  {text}");
            count += 1;
            let next = pc.wrapping_add(len);
            let past = match to {
                Some(t) => next > t || next < pc,
                None => count >= 16,
            };
            pc = next;
            if past {
                break;
            }
        }
        self.next_disassembly = pc;
        Ok(())
    }

    /// `break ...` or `watch ...`, with an optional `do` and its commands.
    fn add_checkpoint(&mut self, args: &str, watch: bool) -> Result<(), String> {
        let (spec, actions) = match args.split_once(" do ") {
            Some((s, a)) => (s.trim(), a.trim()),
            None => match args.strip_prefix("do ") {
                Some(a) => ("", a.trim()),
                None => (args, ""),
            },
        };
        let words: Vec<&str> = spec.split_whitespace().collect();
        let kind = match (watch, words.as_slice()) {
            (false, []) => {
                self.list_checkpoints();
                return Ok(());
            }
            (false, ["raster", n]) => Kind::Raster(
                u16::try_from(number(n, &self.labels)?)
                    .map_err(|_| format!("'{n}' is not a raster line"))?,
            ),
            (false, ["line", n]) => Kind::Line(self.basic_line_number(n)?),
            (false, [r]) => {
                let (a, b) = self.range(r)?;
                Kind::Exec(a, b)
            }
            (true, [r]) => self.watch_kind(r, true, true)?,
            (true, ["load", r]) => self.watch_kind(r, true, false)?,
            (true, ["store", r]) => self.watch_kind(r, false, true)?,
            _ => {
                return Err(if watch {
                    format!("watch [load|store] FROM[-TO]: not '{spec}'")
                } else {
                    format!("break FROM[-TO], break raster LINE or break line N: not '{spec}'")
                });
            }
        };
        let actions = actions
            .split(';')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(String::from)
            .collect();
        let id = self.next_id;
        self.next_id += 1;
        // Commands of a checkpoint report errors against the line that made it.
        let origin = self.current_origin.clone();
        self.points.push(Checkpoint {
            id,
            kind,
            actions,
            origin,
            hits: 0,
        });
        let _ = writeln!(self.out, "#{id} {}", self.describe(kind));
        Ok(())
    }

    fn watch_kind(&self, r: &str, load: bool, store: bool) -> Result<Kind, String> {
        let (from, to) = self.range(r)?;
        Ok(Kind::Watch {
            from,
            to,
            load,
            store,
        })
    }

    fn basic_line_number(&self, n: &str) -> Result<u16, String> {
        if let Ok(v) = n.parse::<u16>()
            && v < 64000
        {
            return Ok(v);
        }
        self.basic.line_of(n).ok_or_else(|| {
            format!("'{n}' is not a BASIC line number (0-63999) or a label of the program")
        })
    }

    fn describe(&self, kind: Kind) -> String {
        let range = |a: u16, b: u16| {
            let name = |x: u16| match self.labels.name(x) {
                Some(n) => format!("${x:04X} ({n})"),
                None => format!("${x:04X}"),
            };
            if a == b {
                name(a)
            } else {
                format!("{}-{}", name(a), name(b))
            }
        };
        match kind {
            Kind::Exec(a, b) => format!("break at {}", range(a, b)),
            Kind::Watch {
                from,
                to,
                load,
                store,
            } => {
                let what = match (load, store) {
                    (true, false) => "loads from",
                    (false, true) => "stores to",
                    _ => "loads from and stores to",
                };
                format!("watch {what} {}", range(from, to))
            }
            Kind::Raster(n) => format!("break at raster line {n}"),
            Kind::Line(n) => match self.basic.label_at(n) {
                Some(l) => format!("break at BASIC line {n} ({l})"),
                None => format!("break at BASIC line {n}"),
            },
        }
    }

    fn list_checkpoints(&mut self) {
        if self.points.is_empty() {
            self.out.push_str("no checkpoints\n");
        }
        for i in 0..self.points.len() {
            let p = &self.points[i];
            let mut line = format!("#{} {}, hit {}", p.id, self.describe(p.kind), p.hits);
            if !p.actions.is_empty() {
                let _ = write!(line, ", do {}", p.actions.join("; "));
            }
            let _ = writeln!(self.out, "{line}");
        }
    }

    fn variable(&mut self, c64: &C64, name: &str) -> Result<(), String> {
        let name = name.trim();
        let show = |v: &crate::basic::vars::Value| match v {
            crate::basic::vars::Value::Str(s) => format!(
                "\"{}\"",
                s.iter()
                    .map(|&b| crate::basic::petscii_to_char(b).unwrap_or('?'))
                    .collect::<String>()
            ),
            other => other.number().map(|n| n.to_string()).unwrap_or_default(),
        };
        let text = if let Some(array) = name.strip_suffix("()") {
            let values = crate::basic::vars::read_array(c64.ram(), array)
                .ok_or_else(|| format!("the program has no array {array}()"))?;
            values.iter().map(show).collect::<Vec<_>>().join(" ")
        } else {
            let v = crate::basic::vars::read_var(c64.ram(), name)
                .ok_or_else(|| format!("the program has no variable {name}"))?;
            show(&v)
        };
        let _ = writeln!(self.out, "{name} = {text}");
        Ok(())
    }
}
