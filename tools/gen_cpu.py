#!/usr/bin/env python3
"""Generates src/chips/cpu/exec.rs: the 6510's per-cycle state machine.

Every (opcode, cycle) pair becomes one match arm that performs exactly one bus access. The
cycle sequences follow the documented NMOS 6502 bus behaviour (dummy reads and writes
included). Run from the repository root: python3 tools/gen_cpu.py && cargo fmt
"""

TABLE = """
BRK impl|ORA izx|JAM -|SLO izx|NOP zp|ORA zp|ASL zp|SLO zp|PHP impl|ORA imm|ASL acc|ANC imm|NOP abs|ORA abs|ASL abs|SLO abs
BPL rel|ORA izy|JAM -|SLO izy|NOP zpx|ORA zpx|ASL zpx|SLO zpx|CLC impl|ORA aby|NOP impl|SLO aby|NOP abx|ORA abx|ASL abx|SLO abx
JSR abs|AND izx|JAM -|RLA izx|BIT zp|AND zp|ROL zp|RLA zp|PLP impl|AND imm|ROL acc|ANC imm|BIT abs|AND abs|ROL abs|RLA abs
BMI rel|AND izy|JAM -|RLA izy|NOP zpx|AND zpx|ROL zpx|RLA zpx|SEC impl|AND aby|NOP impl|RLA aby|NOP abx|AND abx|ROL abx|RLA abx
RTI impl|EOR izx|JAM -|SRE izx|NOP zp|EOR zp|LSR zp|SRE zp|PHA impl|EOR imm|LSR acc|ALR imm|JMP abs|EOR abs|LSR abs|SRE abs
BVC rel|EOR izy|JAM -|SRE izy|NOP zpx|EOR zpx|LSR zpx|SRE zpx|CLI impl|EOR aby|NOP impl|SRE aby|NOP abx|EOR abx|LSR abx|SRE abx
RTS impl|ADC izx|JAM -|RRA izx|NOP zp|ADC zp|ROR zp|RRA zp|PLA impl|ADC imm|ROR acc|ARR imm|JMP ind|ADC abs|ROR abs|RRA abs
BVS rel|ADC izy|JAM -|RRA izy|NOP zpx|ADC zpx|ROR zpx|RRA zpx|SEI impl|ADC aby|NOP impl|RRA aby|NOP abx|ADC abx|ROR abx|RRA abx
NOP imm|STA izx|NOP imm|SAX izx|STY zp|STA zp|STX zp|SAX zp|DEY impl|NOP imm|TXA impl|ANE imm|STY abs|STA abs|STX abs|SAX abs
BCC rel|STA izy|JAM -|SHA izy|STY zpx|STA zpx|STX zpy|SAX zpy|TYA impl|STA aby|TXS impl|TAS aby|SHY abx|STA abx|SHX aby|SHA aby
LDY imm|LDA izx|LDX imm|LAX izx|LDY zp|LDA zp|LDX zp|LAX zp|TAY impl|LDA imm|TAX impl|LXA imm|LDY abs|LDA abs|LDX abs|LAX abs
BCS rel|LDA izy|JAM -|LAX izy|LDY zpx|LDA zpx|LDX zpy|LAX zpy|CLV impl|LDA aby|TSX impl|LAS aby|LDY abx|LDA abx|LDX aby|LAX aby
CPY imm|CMP izx|NOP imm|DCP izx|CPY zp|CMP zp|DEC zp|DCP zp|INY impl|CMP imm|DEX impl|SBX imm|CPY abs|CMP abs|DEC abs|DCP abs
BNE rel|CMP izy|JAM -|DCP izy|NOP zpx|CMP zpx|DEC zpx|DCP zpx|CLD impl|CMP aby|NOP impl|DCP aby|NOP abx|CMP abx|DEC abx|DCP abx
CPX imm|SBC izx|NOP imm|ISC izx|CPX zp|SBC zp|INC zp|ISC zp|INX impl|SBC imm|NOP impl|SBC imm|CPX abs|SBC abs|INC abs|ISC abs
BEQ rel|SBC izy|JAM -|ISC izy|NOP zpx|SBC zpx|INC zpx|ISC zpx|SED impl|SBC aby|NOP impl|ISC aby|NOP abx|SBC abx|INC abx|ISC abx
"""

OPS = []
for row in TABLE.strip().splitlines():
    for cell in row.split("|"):
        mn, mode = cell.split()
        OPS.append((mn, mode))
assert len(OPS) == 256

READ = {
    "LDA": "self.a = d; self.set_nz(d);",
    "LDX": "self.x = d; self.set_nz(d);",
    "LDY": "self.y = d; self.set_nz(d);",
    "LAX": "self.a = d; self.x = d; self.set_nz(d);",
    "ORA": "self.a |= d; self.set_nz(self.a);",
    "AND": "self.a &= d; self.set_nz(self.a);",
    "EOR": "self.a ^= d; self.set_nz(self.a);",
    "ADC": "self.adc(d);",
    "SBC": "self.sbc(d);",
    "CMP": "self.compare(self.a, d);",
    "CPX": "self.compare(self.x, d);",
    "CPY": "self.compare(self.y, d);",
    "BIT": "self.bit(d);",
    "NOP": "let _ = d;",
    "ANC": "self.anc(d);",
    "ALR": "self.alr(d);",
    "ARR": "self.arr(d);",
    "SBX": "self.sbx(d);",
    "ANE": "self.ane(d);",
    "LXA": "self.lxa(d);",
    "LAS": "self.las(d);",
}
# Value stored by write instructions.
WRITE = {
    "STA": "self.a",
    "STX": "self.x",
    "STY": "self.y",
    "SAX": "self.a & self.x",
    "SHA": None,
    "SHX": None,
    "SHY": None,
    "TAS": None,
}
# The register value the unstable stores (SHA, SHX, SHY, TAS) start from. They work out what to
# store in the cycle before their write (see `indexed`); TAS also loads S with A AND X.
SH_VALUE = {
    "SHA": "self.a & self.x",
    "SHX": "self.x",
    "SHY": "self.y",
    "TAS": "{ self.s = self.a & self.x; self.s }",
}
RMW = {
    "ASL": "let d = self.asl(d);",
    "LSR": "let d = self.lsr(d);",
    "ROL": "let d = self.rol(d);",
    "ROR": "let d = self.ror(d);",
    "INC": "let d = d.wrapping_add(1); self.set_nz(d);",
    "DEC": "let d = d.wrapping_sub(1); self.set_nz(d);",
    "SLO": "let d = self.asl(d); self.a |= d; self.set_nz(self.a);",
    "RLA": "let d = self.rol(d); self.a &= d; self.set_nz(self.a);",
    "SRE": "let d = self.lsr(d); self.a ^= d; self.set_nz(self.a);",
    "RRA": "let d = self.ror(d); self.adc(d);",
    "DCP": "let d = d.wrapping_sub(1); self.compare(self.a, d);",
    "ISC": "let d = d.wrapping_add(1); self.sbc(d);",
}
IMPLIED = {
    "CLC": "self.p.remove(Status::C);",
    "SEC": "self.p.insert(Status::C);",
    "CLI": "self.p.remove(Status::I);",
    "SEI": "self.p.insert(Status::I);",
    "CLV": "self.p.remove(Status::V);",
    "CLD": "self.p.remove(Status::D);",
    "SED": "self.p.insert(Status::D);",
    "INX": "self.x = self.x.wrapping_add(1); self.set_nz(self.x);",
    "INY": "self.y = self.y.wrapping_add(1); self.set_nz(self.y);",
    "DEX": "self.x = self.x.wrapping_sub(1); self.set_nz(self.x);",
    "DEY": "self.y = self.y.wrapping_sub(1); self.set_nz(self.y);",
    "TAX": "self.x = self.a; self.set_nz(self.x);",
    "TAY": "self.y = self.a; self.set_nz(self.y);",
    "TXA": "self.a = self.x; self.set_nz(self.a);",
    "TYA": "self.a = self.y; self.set_nz(self.a);",
    "TSX": "self.x = self.s; self.set_nz(self.x);",
    "TXS": "self.s = self.x;",
    "NOP": "",
}
BRANCH = {
    "BPL": "!self.p.contains(Status::N)",
    "BMI": "self.p.contains(Status::N)",
    "BVC": "!self.p.contains(Status::V)",
    "BVS": "self.p.contains(Status::V)",
    "BCC": "!self.p.contains(Status::C)",
    "BCS": "self.p.contains(Status::C)",
    "BNE": "!self.p.contains(Status::Z)",
    "BEQ": "self.p.contains(Status::Z)",
}

# The unstable stores watch for RDY holding the cycle after this one: forget older holds.
SH_WATCH = {mn: "self.held = false; " for mn in ("SHA", "SHX", "SHY", "TAS")}

END = "self.t = 0;"
NEXT = "self.t += 1;"
RD_PC = "bus.read(self.pc)"
INC_PC = "self.pc = self.pc.wrapping_add(1);"


def kind(mn):
    if mn in READ:
        return "R"
    if mn in WRITE:
        return "W"
    if mn in RMW:
        return "M"
    raise KeyError(mn)


def tail(mn, first):
    """Cycles once the effective address is in self.ad: read, write or read-modify-write.

    Returns a list of (code, is_write)."""
    k = kind(mn)
    if k == "R":
        return [(f"let d = bus.read(self.ad); {READ[mn]} {END}", False)]
    if k == "W":
        if mn in SH_VALUE:
            # The value was worked out in the cycle before (see `indexed`).
            return [(f"bus.write(self.ad, self.data); {END}", True)]
        return [(f"let v = {WRITE[mn]}; bus.write(self.ad, v); {END}", True)]
    return [
        ("self.data = bus.read(self.ad); " + NEXT, False),
        ("bus.write(self.ad, self.data); " + NEXT, True),
        ("let d = self.data; " + RMW[mn] + " bus.write(self.ad, d); " + END, True),
    ]


def cycles(mn, mode):
    """The cycles after the opcode fetch, as a list of (code, is_write)."""
    C = []
    if mn == "JAM":
        return [
            (RD_PC + "; " + NEXT, False),
            (RD_PC + "; self.pc = self.pc.wrapping_sub(1); self.jammed = true; " + NEXT, False),
            # Frozen: the bus shows reads of $FFFF until reset.
            ("bus.read(0xFFFF);", False),
        ]
    if mn == "BRK":
        return [
            ("bus.read(self.pc); if self.int_kind == IntKind::Brk { " + INC_PC + " } " + NEXT, False),
            ("self.push_or_read(bus, (self.pc >> 8) as u8); " + NEXT, True),
            ("self.push_or_read(bus, self.pc as u8); " + NEXT, True),
            # The vector is chosen with the interrupts seen by the end of T3.
            ("self.ad = self.vector(); let b = if self.int_kind == IntKind::Brk { 0x30 } else { 0x20 }; self.push_or_read(bus, self.p.bits() | b); " + NEXT, True),
            ("self.data = bus.read(self.ad); self.p.insert(Status::I); " + NEXT, False),
            # The sequence does not poll: an NMI seen from here on waits for the handler's
            # first instruction (Lorenz 2.15 `nmi`).
            ("let hi = bus.read(self.ad.wrapping_add(1)); self.pc = u16::from_le_bytes([self.data, hi]); self.int_kind = IntKind::Brk; self.istate &= !super::IS_POLL; " + END, False),
        ]
    if mn == "JSR":
        return [
            ("self.data = " + RD_PC + "; " + INC_PC + " " + NEXT, False),
            ("bus.read_dummy(0x0100 | self.s as u16); " + NEXT, False),
            ("bus.write(0x0100 | self.s as u16, (self.pc >> 8) as u8); self.s = self.s.wrapping_sub(1); " + NEXT, True),
            ("bus.write(0x0100 | self.s as u16, self.pc as u8); self.s = self.s.wrapping_sub(1); " + NEXT, True),
            ("let hi = " + RD_PC + "; self.pc = u16::from_le_bytes([self.data, hi]); " + END, False),
        ]
    if mn == "RTS":
        return [
            (RD_PC + "; " + NEXT, False),
            ("bus.read_dummy(0x0100 | self.s as u16); self.s = self.s.wrapping_add(1); " + NEXT, False),
            ("self.data = bus.read(0x0100 | self.s as u16); self.s = self.s.wrapping_add(1); " + NEXT, False),
            ("let hi = bus.read(0x0100 | self.s as u16); self.pc = u16::from_le_bytes([self.data, hi]); " + NEXT, False),
            (RD_PC + "; " + INC_PC + " " + END, False),
        ]
    if mn == "RTI":
        return [
            (RD_PC + "; " + NEXT, False),
            ("bus.read_dummy(0x0100 | self.s as u16); self.s = self.s.wrapping_add(1); " + NEXT, False),
            ("let v = bus.read(0x0100 | self.s as u16); self.set_p(v); self.s = self.s.wrapping_add(1); " + NEXT, False),
            ("self.data = bus.read(0x0100 | self.s as u16); self.s = self.s.wrapping_add(1); " + NEXT, False),
            ("let hi = bus.read(0x0100 | self.s as u16); self.pc = u16::from_le_bytes([self.data, hi]); " + END, False),
        ]
    if mn in ("PHA", "PHP"):
        v = "self.a" if mn == "PHA" else "self.p.bits() | 0x30"
        return [
            (RD_PC + "; " + NEXT, False),
            (f"bus.write(0x0100 | self.s as u16, {v}); self.s = self.s.wrapping_sub(1); " + END, True),
        ]
    if mn in ("PLA", "PLP"):
        act = "self.a = v; self.set_nz(v);" if mn == "PLA" else "self.set_p(v);"
        return [
            (RD_PC + "; " + NEXT, False),
            ("bus.read_dummy(0x0100 | self.s as u16); self.s = self.s.wrapping_add(1); " + NEXT, False),
            ("let v = bus.read(0x0100 | self.s as u16); " + act + " " + END, False),
        ]
    if mn == "JMP" and mode == "abs":
        return [
            ("self.data = " + RD_PC + "; " + INC_PC + " " + NEXT, False),
            ("let hi = " + RD_PC + "; self.pc = u16::from_le_bytes([self.data, hi]); " + END, False),
        ]
    if mn == "JMP" and mode == "ind":
        return [
            ("self.data = " + RD_PC + "; " + INC_PC + " " + NEXT, False),
            ("let hi = " + RD_PC + "; self.ad = u16::from_le_bytes([self.data, hi]); " + NEXT, False),
            ("self.data = bus.read(self.ad); " + NEXT, False),
            # The pointer's high byte comes from the same page: the indirect-JMP page bug.
            ("let hi = bus.read((self.ad & 0xFF00) | (self.ad.wrapping_add(1) & 0x00FF)); self.pc = u16::from_le_bytes([self.data, hi]); " + END, False),
        ]
    if mode == "rel":
        cond = BRANCH[mn]
        return [
            ("let off = " + RD_PC + "; " + INC_PC + " if " + cond + " { "
             "let target = self.pc.wrapping_add(off as i8 as u16); self.ad = target; "
             # A taken branch that stays in its page does not poll interrupts again.
             "if target & 0xFF00 == self.pc & 0xFF00 { self.istate |= super::IS_HOLD; } "
             + NEXT + " } else { " + END + " }", False),
            ("bus.read(self.pc); if self.ad & 0xFF00 == self.pc & 0xFF00 { self.pc = self.ad; " + END
             + " } else { self.pc = (self.pc & 0xFF00) | (self.ad & 0x00FF); " + NEXT + " }", False),
            ("bus.read(self.pc); self.pc = self.ad; " + END, False),
        ]
    if mode in ("impl", "acc"):
        if mode == "acc":
            body = {"ASL": "self.a = self.asl(self.a);", "LSR": "self.a = self.lsr(self.a);",
                    "ROL": "self.a = self.rol(self.a);", "ROR": "self.a = self.ror(self.a);"}[mn]
        else:
            body = IMPLIED[mn]
        return [(RD_PC + "; " + body + " " + END, False)]
    if mode == "imm":
        return [("let d = " + RD_PC + "; " + INC_PC + " " + READ[mn] + " " + END, False)]
    if mode == "zp":
        return [("self.ad = " + RD_PC + " as u16; " + INC_PC + " " + NEXT, False)] + tail(mn, True)
    if mode in ("zpx", "zpy"):
        r = "self.x" if mode == "zpx" else "self.y"
        return [
            ("self.ad = " + RD_PC + " as u16; " + INC_PC + " " + NEXT, False),
            (f"bus.read(self.ad); self.ad = (self.ad + {r} as u16) & 0x00FF; " + NEXT, False),
        ] + tail(mn, True)
    if mode == "abs":
        return [
            ("self.data = " + RD_PC + "; " + INC_PC + " " + NEXT, False),
            ("let hi = " + RD_PC + "; " + INC_PC + " self.ad = u16::from_le_bytes([self.data, hi]); " + NEXT, False),
        ] + tail(mn, True)
    if mode in ("abx", "aby"):
        r = "self.x" if mode == "abx" else "self.y"
        head = [
            ("self.data = " + RD_PC + "; " + INC_PC + " " + NEXT, False),
            ("let hi = " + RD_PC + "; " + INC_PC + " self.ad = u16::from_le_bytes([self.data, hi]); "
             f"self.data = {r}; " + SH_WATCH.get(mn, "") + NEXT, False),
        ]
        return head + indexed(mn)
    if mode == "izx":
        return [
            ("self.ad = " + RD_PC + " as u16; " + INC_PC + " " + NEXT, False),
            ("bus.read(self.ad); self.ad = (self.ad + self.x as u16) & 0x00FF; " + NEXT, False),
            ("self.data = bus.read(self.ad); " + NEXT, False),
            ("let hi = bus.read((self.ad + 1) & 0x00FF); self.ad = u16::from_le_bytes([self.data, hi]); " + NEXT, False),
        ] + tail(mn, True)
    if mode == "izy":
        return [
            ("self.ad = " + RD_PC + " as u16; " + INC_PC + " " + NEXT, False),
            ("self.data = bus.read(self.ad); " + NEXT, False),
            ("let hi = bus.read((self.ad + 1) & 0x00FF); self.ad = u16::from_le_bytes([self.data, hi]); "
             "self.data = self.y; " + SH_WATCH.get(mn, "") + NEXT, False),
        ] + indexed(mn)
    raise ValueError((mn, mode))


def indexed(mn):
    """Indexed absolute cycles: self.ad holds the base, self.data the index register."""
    # The first access goes to the base's page with the low byte already indexed; a read that
    # does not cross a page is done there, everything else repeats at the corrected address.
    fix = ("let lo = (self.ad as u8).wrapping_add(self.data); let wrong = (self.ad & 0xFF00) | lo as u16; "
           "self.ad = self.ad.wrapping_add(self.data as u16); ")
    if kind(mn) == "R":
        return [
            (fix + "let d = bus.read(wrong); if wrong == self.ad { " + READ[mn] + " " + END + " } else { " + NEXT + " }", False),
        ] + tail(mn, False)
    if mn in SH_VALUE:
        # The unstable stores (VICE test bench, CPU/sha, CPU/shs and CPU/shxy readme files,
        # verified on a 6510 and an 8500): the value is the register AND (H+1), H being the high
        # byte of the base address; when the index carries into the high byte, that value also
        # replaces the high byte of the address written; and when RDY held this cycle (the CPU
        # paused between the third-last and second-last cycles), the AND (H+1) drops off from
        # the value, never from the address.
        return [(
            "let lo = (self.ad as u8).wrapping_add(self.data); bus.read((self.ad & 0xFF00) | lo as u16); "
            "let h1 = ((self.ad >> 8) as u8).wrapping_add(1); "
            f"let v = {SH_VALUE[mn]}; "
            "let hi = if lo < self.data { v & h1 } else { (self.ad >> 8) as u8 }; "
            "self.ad = u16::from_le_bytes([lo, hi]); "
            "self.data = if self.held { v } else { v & h1 }; " + NEXT, False)] + tail(mn, False)
    return [(fix + "bus.read(wrong); " + NEXT, False)] + tail(mn, False)


def main():
    arms = []
    write_steps = []
    for op, (mn, mode) in enumerate(OPS):
        cyc = cycles(mn, mode)
        assert 1 <= len(cyc) <= 7, (mn, mode, len(cyc))
        mask = 0
        for i, (code, w) in enumerate(cyc):
            step = i + 1
            if w:
                mask |= 1 << step
            arms.append(f"        0x{(op << 3) | step:04X} => {{ {code} }} // {mn} {mode} T{step}")
        write_steps.append(mask)
    out = []
    out.append("// Generated by tools/gen_cpu.py: do not edit by hand.")
    out.append("//! The 6510's per-cycle state machine: one match arm per (opcode, cycle).")
    out.append("")
    out.append("#![allow(clippy::all)]")
    out.append("")
    out.append("use super::{Bus, Cpu, IntKind, Status};")
    out.append("")
    out.append("/// For each opcode, bit n is set when cycle Tn (after the opcode fetch T0) is a write.")
    out.append("/// RDY halts the CPU on read cycles only, so the machine needs to know which are writes.")
    out.append("pub(super) static WRITE_STEPS: [u8; 256] = [")
    for i in range(0, 256, 16):
        out.append("    " + ", ".join(f"0x{m:02X}" for m in write_steps[i:i + 16]) + ",")
    out.append("];")
    out.append("")
    out.append("/// Mnemonics, for disassembly and traces.")
    out.append("pub static MNEMONICS: [&str; 256] = [")
    for i in range(0, 256, 8):
        out.append("    " + ", ".join(f'"{mn}"' for mn, _ in OPS[i:i + 8]) + ",")
    out.append("];")
    out.append("")
    modes = {"impl": "Implied", "acc": "Accumulator", "imm": "Immediate", "zp": "ZeroPage", "zpx": "ZeroPageX",
             "zpy": "ZeroPageY", "abs": "Absolute", "abx": "AbsoluteX", "aby": "AbsoluteY", "ind": "Indirect",
             "izx": "IndirectX", "izy": "IndirectY", "rel": "Relative", "-": "Implied"}
    out.append("/// Addressing modes, for disassembly and traces.")
    out.append("pub static MODES: [super::Mode; 256] = [")
    for i in range(0, 256, 8):
        out.append("    " + ", ".join(f"super::Mode::{modes[m]}" for _, m in OPS[i:i + 8]) + ",")
    out.append("];")
    out.append("")
    out.append("impl Cpu {")
    out.append("    /// One cycle of the instruction in `ir`, at step `t` (1..=7).")
    out.append("    #[inline(always)]")
    out.append("    pub(super) fn exec<B: Bus>(&mut self, bus: &mut B) {")
    out.append("        match ((self.ir as u16) << 3) | self.t as u16 {")
    out.extend(arms)
    out.append("        _ => { self.t = 0; }")
    out.append("        }")
    out.append("    }")
    out.append("}")
    open("src/chips/cpu/exec.rs", "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
