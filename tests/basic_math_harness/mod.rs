//! Test bench for the open BASIC's floating-point package (roms/src/basic/math*.s).
//!
//! The 6510 core runs on a flat 64 KiB RAM holding `roms/basic.bin` at $A000 and
//! `roms/kernal.bin` at $E000 (set `BREADBIN_MATH_ROMS` to a folder with other builds of the
//! two images). The package's modules are found in the images by their leading constants and
//! its routines by their offsets inside them (`layout.rs`, generated from a linker map by
//! `gen_layout.py`), so the committed images are enough. A routine is called
//! with a return address that points at a trap; the interpreter's ERROR is a trap that ends
//! the call with the error number, its STROUT prints into `output`, and CHRGET at $73 is
//! this bench's own routine with the documented contract (skip spaces; carry clear on a
//! digit; Z set on 0 or ':').
//!
//! Also here: packing of f64 values into the 5-byte format, and `model`, an independent
//! Rust statement of the arithmetic the package implements (40-bit mantissa with the
//! rounding byte; truncating alignment, shift-and-add product, 34-bit restoring quotient).
#![allow(dead_code)]

use breadbin::chips::cpu::{Cpu, FlatRam};
use std::path::{Path, PathBuf};

pub mod layout;
pub mod model;

/// The package's routines and constants the tests use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum E {
    Movfm,
    Conupk,
    Movmf,
    Movfa,
    Movaf,
    Round,
    Fadd,
    Faddt,
    Fsub,
    Fsubt,
    Fmult,
    Fmultt,
    Fdiv,
    Fdivt,
    Fpwrt,
    Negop,
    Fcomp,
    Sign,
    Sgn,
    Abs,
    Int,
    Qint,
    Givayf,
    Ayint,
    Fouty,
    Fin,
    Fout,
    Fltu32,
    Sqr,
    Log,
    Exp,
    Sin,
    Cos,
    Tan,
    Atn,
    Rnd,
    Rndseed,
    Fone,
    Fhalf,
    Fpi,
    Error,
    Float,
    Mul10,
    Div10,
    Getadr,
    Linprt,
    Strout,
}

/// Their names in the sources, in the order of `E`. `Error` and `Strout` are the
/// interpreter's ERROR and STROUT, found through the package's `JMP ERROR` at FPERR_DZ + 2
/// and `JMP STROUT` at LINPRT + 20.
const NAMES: [&str; 47] = [
    "MOVFM", "CONUPK", "MOVMF", "MOVFA", "MOVAF", "ROUND", "FADD", "FADDT", "FSUB", "FSUBT",
    "FMULT", "FMULTT", "FDIV", "FDIVT", "FPWRT", "NEGOP", "FCOMP", "SIGN", "SGN", "ABS", "INT",
    "QINT", "GIVAYF", "AYINT", "FOUTY", "FIN", "FOUT", "FLTU32", "SQR", "LOG", "EXP", "SIN", "COS",
    "TAN", "ATN", "RND", "RNDSEED", "FONE", "FHALF", "FPI", "FPERR_DZ", "FLOAT", "MUL10", "DIV10",
    "GETADR", "LINPRT", "LINPRT",
];

pub const FACEXP: u16 = 0x61;
pub const FACHO: u16 = 0x62;
pub const FACSGN: u16 = 0x66;
pub const ARGEXP: u16 = 0x69;
pub const ARGSGN: u16 = 0x6E;
pub const ARISGN: u16 = 0x6F;
pub const FACOV: u16 = 0x70;
pub const TXTPTR: u16 = 0x7A;
pub const RNDX: u16 = 0x8B;
pub const LINNUM: u16 = 0x14;

/// Where a call returns to.
const TRAP: u16 = 0xC000;
/// `JSR CHRGOT; JMP FIN`, so FIN starts the way the interpreter enters it.
const FIN_STUB: u16 = 0xC010;
/// Text that FIN reads.
pub const TEXT: u16 = 0xC100;
/// Scratch packed floats for the helpers (5 bytes each).
pub const T0: u16 = 0xC200;
pub const T1: u16 = 0xC208;
pub const T2: u16 = 0xC210;

const CALL_LIMIT: u64 = 5_000_000;

/// How a call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Returned; cycles from the first instruction to the trap (the routine's RTS included,
    /// the caller's JSR not).
    Done(u64),
    /// Jumped to ERROR with this error number in X.
    Error(u8),
}

pub struct Fp {
    pub cpu: Cpu,
    pub ram: FlatRam,
    table: Vec<u16>,
    /// Text printed through STROUT.
    pub output: Vec<u8>,
}

fn rom_dir() -> PathBuf {
    match std::env::var_os("BREADBIN_MATH_ROMS") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("roms"),
    }
}

/// Where each module of the package starts: searched in both images by its first bytes.
fn find_modules(basic: &[u8], kernal: &[u8]) -> Vec<u16> {
    layout::MODULES
        .iter()
        .map(|(name, sig)| {
            let mut hits = Vec::new();
            for (image, base) in [(basic, 0xA000u16), (kernal, 0xE000)] {
                for (i, w) in image.windows(sig.len()).enumerate() {
                    if w == sig {
                        hits.push(base + i as u16);
                    }
                }
            }
            assert_eq!(
                hits.len(),
                1,
                "module {name}: its first bytes occur {} times in the ROM images",
                hits.len()
            );
            hits[0]
        })
        .collect()
}

/// Addresses of everything in `NAMES`, checked against the first bytes in layout.rs.
fn resolve(ram: &[u8], modules: &[u16]) -> Vec<u16> {
    NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let &(_, m, off, first) = layout::ENTRIES
                .iter()
                .find(|e| e.0 == *name)
                .unwrap_or_else(|| panic!("layout.rs has no entry {name}"));
            let at = modules[m] + off;
            assert_eq!(
                ram[at as usize], first,
                "{name} at ${at:04X} does not start as layout.rs says: the float package \
                 changed; rebuild the ROMs and run tests/basic_math_harness/gen_layout.py"
            );
            let jump_at = match i {
                _ if i == E::Error as usize => Some(2),
                _ if i == E::Strout as usize => Some(20),
                _ => None,
            };
            if let Some(d) = jump_at {
                let j = at as usize + d;
                assert_eq!(ram[j], 0x4C, "{name} + {d} is not the expected JMP");
                return u16::from_le_bytes([ram[j + 1], ram[j + 2]]);
            }
            at
        })
        .collect()
}

impl Default for Fp {
    fn default() -> Self {
        Self::new()
    }
}

impl Fp {
    pub fn new() -> Fp {
        let dir = rom_dir();
        let basic = std::fs::read(dir.join("basic.bin"))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join("basic.bin").display()));
        let kernal = std::fs::read(dir.join("kernal.bin"))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join("kernal.bin").display()));
        assert_eq!(basic.len(), 0x2000, "basic.bin must be 8 KiB");
        assert_eq!(kernal.len(), 0x2000, "kernal.bin must be 8 KiB");
        let modules = find_modules(&basic, &kernal);
        let mut ram = FlatRam::default();
        ram.0[0xA000..0xC000].copy_from_slice(&basic);
        ram.0[0xE000..].copy_from_slice(&kernal);
        let table = resolve(&ram.0[..], &modules);
        // CHRGET/CHRGOT at $73/$79 with TXTPTR inside the LDA at $7A/$7B.
        let chrget: [u8; 24] = [
            0xE6, 0x7A, // INC TXTPTR
            0xD0, 0x02, // BNE +2
            0xE6, 0x7B, // INC TXTPTR+1
            0xAD, 0x00, 0x00, // LDA (TXTPTR)   <- CHRGOT at $79
            0xC9, 0x3A, // CMP #':'
            0xB0, 0x0A, // BCS done
            0xC9, 0x20, // CMP #' '
            0xF0, 0xEF, // BEQ CHRGET
            0x38, 0xE9, 0x30, // SEC; SBC #'0'
            0x38, 0xE9, 0xD0, // SEC; SBC #$D0 (A back, carry clear for '0'..'9')
            0x60, // RTS
        ];
        ram.0[0x73..0x73 + 24].copy_from_slice(&chrget);
        let fin = table[E::Fin as usize].to_le_bytes();
        let stub = [0x20, 0x79, 0x00, 0x4C, fin[0], fin[1]];
        ram.0[FIN_STUB as usize..FIN_STUB as usize + 6].copy_from_slice(&stub);
        ram.0[TRAP as usize] = 0xEA;
        let mut cpu = Cpu::new();
        cpu.s = 0xFF;
        Fp {
            cpu,
            ram,
            table,
            output: Vec::new(),
        }
    }

    pub fn addr(&self, e: E) -> u16 {
        self.table[e as usize]
    }

    pub fn peek(&self, a: u16) -> u8 {
        self.ram.0[a as usize]
    }

    pub fn poke(&mut self, a: u16, v: u8) {
        self.ram.0[a as usize] = v;
    }

    pub fn bytes(&self, a: u16, n: usize) -> Vec<u8> {
        self.ram.0[a as usize..a as usize + n].to_vec()
    }

    pub fn put(&mut self, a: u16, v: &[u8]) {
        self.ram.0[a as usize..a as usize + v.len()].copy_from_slice(v);
    }

    /// Run the routine at `addr` with the given registers until it returns or reaches ERROR.
    pub fn call_at(&mut self, addr: u16, a: u8, x: u8, y: u8) -> Outcome {
        self.cpu.s = 0xFF;
        let ret = TRAP - 1;
        self.push((ret >> 8) as u8);
        self.push(ret as u8);
        self.cpu.a = a;
        self.cpu.x = x;
        self.cpu.y = y;
        self.cpu.set_pc(addr);
        let error = self.addr(E::Error);
        let strout = self.addr(E::Strout);
        let mut cycles: u64 = 0;
        loop {
            let pc = self.cpu.pc;
            if pc == TRAP {
                return Outcome::Done(cycles);
            }
            if pc == error {
                return Outcome::Error(self.cpu.x);
            }
            if pc == strout {
                // print the zero-terminated text at A/Y, then return as an RTS would
                let mut p = u16::from_le_bytes([self.cpu.a, self.cpu.y]);
                while self.peek(p) != 0 {
                    self.output.push(self.peek(p));
                    p = p.wrapping_add(1);
                }
                let lo = self.pull();
                let hi = self.pull();
                self.cpu
                    .set_pc(u16::from_le_bytes([lo, hi]).wrapping_add(1));
                continue;
            }
            assert!(
                cycles < CALL_LIMIT,
                "call of ${addr:04X} still running after {CALL_LIMIT} cycles (PC ${pc:04X})"
            );
            assert!(!self.cpu.is_jammed(), "CPU jammed at ${pc:04X}");
            cycles += u64::from(self.cpu.step(&mut self.ram));
        }
    }

    fn push(&mut self, v: u8) {
        self.ram.0[0x100 + self.cpu.s as usize] = v;
        self.cpu.s = self.cpu.s.wrapping_sub(1);
    }

    fn pull(&mut self) -> u8 {
        self.cpu.s = self.cpu.s.wrapping_add(1);
        self.ram.0[0x100 + self.cpu.s as usize]
    }

    pub fn call(&mut self, e: E, a: u8, x: u8, y: u8) -> Outcome {
        let at = self.addr(e);
        self.call_at(at, a, x, y)
    }

    /// Call a routine that takes a pointer in A/Y.
    pub fn call_ay(&mut self, e: E, ptr: u16) -> Outcome {
        self.call(e, ptr as u8, 0, (ptr >> 8) as u8)
    }

    /// Call and insist that it returns normally; returns its cycle count.
    pub fn ok(&mut self, e: E, a: u8, x: u8, y: u8) -> u64 {
        match self.call(e, a, x, y) {
            Outcome::Done(c) => c,
            Outcome::Error(n) => panic!("{e:?} reported error {n}"),
        }
    }

    pub fn ok_ay(&mut self, e: E, ptr: u16) -> u64 {
        self.ok(e, ptr as u8, 0, (ptr >> 8) as u8)
    }

    /// FAC = packed value (through MOVFM).
    pub fn set_fac(&mut self, v: [u8; 5]) {
        self.put(T2, &v);
        self.ok_ay(E::Movfm, T2);
    }

    /// ARG = packed value (through CONUPK).
    pub fn set_arg(&mut self, v: [u8; 5]) {
        self.put(T2, &v);
        self.ok_ay(E::Conupk, T2);
    }

    /// FAC rounded and packed (through MOVMF; leaves FAC rounded).
    pub fn fac(&mut self) -> [u8; 5] {
        let at = self.addr(E::Movmf);
        match self.call_at(at, 0, T2 as u8, (T2 >> 8) as u8) {
            Outcome::Done(_) => {}
            Outcome::Error(n) => panic!("MOVMF reported error {n}"),
        }
        self.bytes(T2, 5).try_into().unwrap()
    }

    /// The unpacked FAC: exponent, 40-bit mantissa (with FACOV), negative.
    pub fn fac_raw(&self) -> (u8, u64, bool) {
        let m = self.bytes(FACHO, 4);
        let mant = (u64::from(m[0]) << 32)
            | (u64::from(m[1]) << 24)
            | (u64::from(m[2]) << 16)
            | (u64::from(m[3]) << 8)
            | u64::from(self.peek(FACOV));
        (self.peek(FACEXP), mant, self.peek(FACSGN) & 0x80 != 0)
    }

    /// Set FAC directly, rounding byte included.
    pub fn set_fac_raw(&mut self, exp: u8, mant40: u64, neg: bool) {
        self.poke(FACEXP, exp);
        for i in 0..4 {
            self.poke(FACHO + i, (mant40 >> (32 - 8 * i)) as u8);
        }
        self.poke(FACOV, mant40 as u8);
        self.poke(FACSGN, if neg { 0xFF } else { 0 });
    }

    /// FIN on `text` (bytes as they are in memory); returns the outcome and the index of the
    /// character TXTPTR stopped at.
    pub fn fin_bytes(&mut self, text: &[u8]) -> (Outcome, usize) {
        let mut t = text.to_vec();
        t.push(0);
        self.put(TEXT, &t);
        self.put(TXTPTR, &TEXT.to_le_bytes());
        let r = self.call_at(FIN_STUB, 0, 0, 0);
        let p = u16::from_le_bytes([self.peek(TXTPTR), self.peek(TXTPTR + 1)]);
        (r, (p - TEXT) as usize)
    }

    /// FAC = FIN(text); panics on an error.
    pub fn fin(&mut self, text: &str) -> u64 {
        match self.fin_bytes(text.as_bytes()).0 {
            Outcome::Done(c) => c,
            Outcome::Error(n) => panic!("FIN({text:?}) reported error {n}"),
        }
    }

    /// FOUT: FAC as text (FAC is destroyed).
    pub fn fout(&mut self) -> String {
        self.ok(E::Fout, 0, 0, 0);
        assert_eq!(
            (self.cpu.a, self.cpu.y),
            (0x00, 0x01),
            "FOUT returns A/Y = $0100"
        );
        self.cstr(0x0100)
    }

    pub fn cstr(&self, mut p: u16) -> String {
        let mut s = String::new();
        while self.peek(p) != 0 {
            s.push(self.peek(p) as char);
            p += 1;
            assert!(s.len() < 40, "unterminated string at ${p:04X}");
        }
        s
    }

    /// Store FAC (rounded) at `at`.
    pub fn store(&mut self, at: u16) {
        let m = self.addr(E::Movmf);
        match self.call_at(m, 0, at as u8, (at >> 8) as u8) {
            Outcome::Done(_) => {}
            Outcome::Error(n) => panic!("MOVMF reported error {n}"),
        }
    }

    /// ARG = the packed float at `at` (what the interpreter does when it pops an operand).
    pub fn load_arg(&mut self, at: u16) {
        self.ok_ay(E::Conupk, at);
    }
}

/// Pack an f64 into the 5-byte format, rounding to nearest (ties away from zero); None when
/// out of range.
pub fn pack(x: f64) -> Option<[u8; 5]> {
    if x == 0.0 {
        return Some([0; 5]);
    }
    let neg = x < 0.0;
    let a = x.abs();
    let mut e = a.log2().floor() as i32 + 1; // a = m * 2^e, 0.5 <= m < 1
    let mut m = a / 2f64.powi(e);
    if m >= 1.0 {
        m /= 2.0;
        e += 1;
    }
    if m < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    let mut mant = (m * 4294967296.0).round() as u64;
    if mant == 1 << 32 {
        mant >>= 1;
        e += 1;
    }
    let exp = e + 128;
    if !(1..=255).contains(&exp) {
        return None;
    }
    let b = (mant as u32).to_be_bytes();
    Some([
        exp as u8,
        (b[0] & 0x7F) | if neg { 0x80 } else { 0 },
        b[1],
        b[2],
        b[3],
    ])
}

/// The exact value of a packed float.
pub fn unpack(v: [u8; 5]) -> f64 {
    if v[0] == 0 {
        return 0.0;
    }
    let mant = u32::from_be_bytes([v[1] | 0x80, v[2], v[3], v[4]]) as f64;
    let x = mant / 4294967296.0 * 2f64.powi(v[0] as i32 - 128);
    if v[1] & 0x80 != 0 { -x } else { x }
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Pretty-print a packed float.
pub fn hex(v: &[u8]) -> String {
    v.iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A file of the reference folder (../shared/reference/basic-v2/NAME), or None (with the
/// reason printed) when it is absent.
pub fn reference(name: &str) -> Option<String> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/reference/basic-v2")
        .join(name);
    match std::fs::read_to_string(&p) {
        Ok(s) => Some(s),
        Err(e) => crate::shared_data::absent(&format!("{} ({e})", p.display())),
    }
}

/// Runs of blanks collapsed to one space, ends trimmed.
pub fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Fp {
    /// FAC = the number text as an operand of an expression: FIN, and NEGOP for a leading
    /// minus (the interpreter's unary minus).
    pub fn num(&mut self, t: &str) {
        match t.strip_prefix('-') {
            Some(rest) => {
                self.fin(rest);
                self.ok(E::Negop, 0, 0, 0);
            }
            None => {
                self.fin(t);
            }
        }
    }
}
