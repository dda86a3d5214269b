//! BASIC's and the KERNAL's documented entry points that machine-language programs call at
//! fixed addresses (roms/src/basic/entries.s, roms/src/kernal/fixed.s): each case is a small
//! machine-code program in RAM that sets up its inputs, calls one or more entries the way
//! programs do (the test bench's drive/rpm and drive/skew programs among them) and stops at
//! a `JMP *`; the bytes it leaves (FAC, ARG, $14/$15, memory, the screen) are checked
//! against values worked out here from the documented 5-byte float format. With
//! `BREADBIN_GENUINE_ROMS=DIR` the same programs also run on genuine images, which must
//! leave the same bytes.

mod basic_interp_machine;
use basic_interp_machine::Basic;
use breadbin::Roms;
use breadbin::chips::cpu::Status;

/// Where the programs run; each ends in `JMP *`.
const CODE: u16 = 0xC000;
/// Constants the programs use, and where they store results.
const DATA: u16 = 0xC100;
const OUT: u16 = 0xC180;
/// A PRINT statement's rest for $AABC: `;` then the end of the line.
const SEMI: u16 = 0xC1F0;
const EOL: u16 = 0xC1F2;

/// The 5-byte memory format of `v`: exponent (bias $80), four mantissa bytes with the sign
/// in place of the top bit. `v` must fit 32 mantissa bits exactly.
fn pack(v: f64) -> [u8; 5] {
    if v == 0.0 {
        return [0; 5];
    }
    let (neg, mut m, mut e) = (v < 0.0, v.abs(), 0x80i32);
    while m >= 1.0 {
        m /= 2.0;
        e += 1;
    }
    while m < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    let bits = m * 4_294_967_296.0;
    assert_eq!(bits.fract(), 0.0, "{v} needs more than 32 mantissa bits");
    let b = (bits as u32).to_be_bytes();
    [
        e as u8,
        (b[0] & 0x7F) | if neg { 0x80 } else { 0 },
        b[1],
        b[2],
        b[3],
    ]
}

/// FAC as the observations show it: exponent, the four mantissa bytes (top bit set), and
/// the sign as bit 7 of $66 (the byte's other bits are not part of the format).
fn fac(v: f64) -> Vec<u8> {
    let p = pack(v);
    if p[0] == 0 {
        return vec![0; 6];
    }
    vec![p[0], p[1] | 0x80, p[2], p[3], p[4], p[1] & 0x80]
}

/// Where the constants are: `DATA + 5 * i` holds `CONSTS[i]`.
const CONSTS: [f64; 6] = [258.5, 3.0, 7.5, 2.5, 2_000_000.0, -258.5];
fn at(i: usize) -> (u8, u8) {
    let a = DATA + 5 * i as u16;
    (a as u8, (a >> 8) as u8)
}

/// What a case reads after its program: bytes of memory, or FAC's sign bit.
#[derive(Clone, Copy)]
enum Obs {
    Bytes(u16, u16),
    FacSign,
    /// Bit 7 of a byte (a sign, or a comparison of two signs).
    Bit7(u16),
}
const FAC: [Obs; 2] = [Obs::Bytes(0x61, 5), Obs::FacSign];

struct Case {
    name: &'static str,
    code: Vec<u8>,
    obs: Vec<Obs>,
    want: Vec<u8>,
}

const JSR: u8 = 0x20;
const LDA: u8 = 0xA9;
const LDX: u8 = 0xA2;
const LDY: u8 = 0xA0;
const STA: u8 = 0x85;
const STA_ABS: u8 = 0x8D;
const STY_ABS: u8 = 0x8C;
const LDAZ: u8 = 0xA5;
const SEC: u8 = 0x38;

fn lo(a: u16) -> u8 {
    a as u8
}
fn hi(a: u16) -> u8 {
    (a >> 8) as u8
}

/// `LDA #<ptr; LDY #>ptr; JSR entry`.
fn ay(ptr: (u8, u8), entry: u16) -> Vec<u8> {
    vec![LDA, ptr.0, LDY, ptr.1, JSR, lo(entry), hi(entry)]
}

/// `FAC = constant i` through MOVFM ($BBA2).
fn load(i: usize) -> Vec<u8> {
    ay(at(i), 0xBBA2)
}

/// Store FAC, rounded, at OUT through MOVMF ($BBD4): results of arithmetic are compared
/// as stored (FAC's rounding byte is an intermediate).
fn store() -> [u8; 7] {
    [LDX, lo(OUT), LDY, hi(OUT), JSR, 0xD4, 0xBB]
}
const STORED: [Obs; 1] = [Obs::Bytes(OUT, 5)];

fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    let mut case = |name, code: Vec<u8>, obs: &[Obs], want: Vec<u8>| {
        v.push(Case {
            name,
            code,
            obs: obs.to_vec(),
            want,
        })
    };
    // GIVAYF sets VALTYP ($0D) to a number; $B395 is the same conversion without that.
    case(
        "$B391 GIVAYF 258",
        vec![LDA, 0xFF, STA, 0x0D, LDA, 0x01, LDY, 0x02, JSR, 0x91, 0xB3],
        &[FAC[0], FAC[1], Obs::Bytes(0x0D, 1)],
        [fac(258.0), vec![0]].concat(),
    );
    case(
        "$B395 -2",
        vec![LDA, 0xFF, STA, 0x0D, LDA, 0xFF, LDY, 0xFE, JSR, 0x95, 0xB3],
        &[FAC[0], FAC[1], Obs::Bytes(0x0D, 1)],
        [fac(-2.0), vec![0xFF]].concat(),
    );
    case(
        "$BC3C -128",
        vec![LDA, 0x80, JSR, 0x3C, 0xBC],
        &FAC,
        fac(-128.0),
    );
    case(
        "$BC3C 127",
        vec![LDA, 0x7F, JSR, 0x3C, 0xBC],
        &FAC,
        fac(127.0),
    );
    // skew1: 60,000,000 = $03938700 from a 24-bit number and a top byte.
    case(
        "$AF87 24 bits into the mantissa",
        vec![LDA, 0x00, LDX, 0x87, LDY, 0x93, SEC, JSR, 0x87, 0xAF],
        &[Obs::Bytes(0x62, 4)],
        vec![0x00, 0x93, 0x87, 0x00],
    );
    case(
        "$AF87 $AF7E 32 bits",
        vec![
            LDA, 0x00, LDX, 0x87, LDY, 0x93, SEC, JSR, 0x87, 0xAF, LDA, 0x03, STA, 0x62, JSR, 0x7E,
            0xAF,
        ],
        &FAC,
        fac(60_000_000.0),
    );
    case(
        "$AF87 $AF7E 1000000",
        vec![
            LDA, 0x40, LDX, 0x42, LDY, 0x0F, SEC, JSR, 0x87, 0xAF, JSR, 0x7E, 0xAF,
        ],
        &FAC,
        fac(1_000_000.0),
    );
    case(
        "$AF87 $AF7E zero",
        vec![
            LDA, 0, LDX, 0, LDY, 0, SEC, JSR, 0x87, 0xAF, JSR, 0x7E, 0xAF,
        ],
        &[Obs::Bytes(0x61, 1)],
        vec![0],
    );
    // GETADR: $14/$15 and Y (low) / A (high).
    let mut c = load(0);
    c.extend([
        JSR,
        0xF7,
        0xB7,
        STA_ABS,
        lo(OUT),
        hi(OUT),
        STY_ABS,
        lo(OUT) + 1,
        hi(OUT),
    ]);
    case(
        "$B7F7 GETADR 258.5",
        c,
        &[Obs::Bytes(0x14, 2), Obs::Bytes(OUT, 2)],
        vec![0x02, 0x01, 0x01, 0x02],
    );
    let mut c = load(0);
    c.extend([JSR, 0x9B, 0xBC]);
    case(
        "$BC9B QINT 258.5",
        c,
        &[Obs::Bytes(0x62, 4)],
        vec![0, 0, 0x01, 0x02],
    );
    let mut c = load(5);
    c.extend([JSR, 0x9B, 0xBC]);
    case(
        "$BC9B QINT -258.5",
        c,
        &[Obs::Bytes(0x62, 4)],
        (-259i32).to_be_bytes().to_vec(),
    );
    let mut c = load(5);
    c.extend([JSR, 0x49, 0xB8]);
    c.extend(store());
    case("$B849 FADDH -258.5", c, &STORED, pack(-258.0).to_vec());
    let mut c = load(1);
    c.extend(ay(at(0), 0xB850));
    c.extend(store());
    case("$B850 FSUB 258.5 - 3", c, &STORED, pack(255.5).to_vec());
    // rpm2: ARG = 258 (GIVAYF, MOVAF), FAC = 2000000, then FSUBT after LDA $61.
    let mut c = vec![LDA, 0x01, LDY, 0x02, JSR, 0x95, 0xB3, JSR, 0x0C, 0xBC];
    c.extend(load(4));
    c.extend([LDAZ, 0x61, JSR, 0x53, 0xB8]);
    c.extend(store());
    case(
        "$B853 FSUBT 258 - 2000000",
        c,
        &STORED,
        pack(258.0 - 2_000_000.0).to_vec(),
    );
    // CONUPK unpacks into ARG and sets $6F (bit 7: the signs of FAC and ARG differ).
    let mut c = load(3);
    c.extend(ay(at(2), 0xBA8C));
    case(
        "$BA8C CONUPK 7.5",
        c,
        &[Obs::Bytes(0x69, 5), Obs::Bit7(0x6E), Obs::Bit7(0x6F)],
        vec![0x83, 0xF0, 0, 0, 0, 0, 0],
    );
    let mut c = load(5);
    c.extend(ay(at(2), 0xBA8C));
    case(
        "$BA8C CONUPK signs differ",
        c,
        &[Obs::Bit7(0x6F)],
        vec![0x80],
    );
    // rpm: ARG = 7.5 (CONUPK), FAC = 2.5, FDIVT after LDA $61.
    let mut c = load(3);
    c.extend(ay(at(2), 0xBA8C));
    c.extend([LDAZ, 0x61, JSR, 0x12, 0xBB]);
    c.extend(store());
    case("$BB12 FDIVT 7.5 / 2.5", c, &STORED, pack(3.0).to_vec());
    let mut c = load(3);
    c.extend(ay(at(2), 0xBB0F));
    c.extend(store());
    case("$BB0F FDIV 7.5 / 2.5", c, &STORED, pack(3.0).to_vec());
    // MOVFM clears the rounding byte $70; MOVMF stores FAC rounded.
    let mut c = vec![LDA, 0x99, STA, 0x70];
    c.extend(load(5));
    case(
        "$BBA2 MOVFM -258.5",
        c,
        &[FAC[0], FAC[1], Obs::Bytes(0x70, 1)],
        [fac(-258.5), vec![0]].concat(),
    );
    let mut c = load(1);
    c.extend([
        LDA,
        0x80,
        STA,
        0x70,
        LDX,
        lo(OUT),
        LDY,
        hi(OUT),
        JSR,
        0xD4,
        0xBB,
    ]);
    case(
        "$BBD4 MOVMF rounds",
        c,
        &[Obs::Bytes(OUT, 5)],
        vec![0x82, 0x40, 0x00, 0x00, 0x01],
    );
    let mut c = load(5);
    c.extend([LDX, lo(OUT), LDY, hi(OUT), JSR, 0xD4, 0xBB]);
    case(
        "$BBD4 MOVMF -258.5",
        c,
        &[Obs::Bytes(OUT, 5)],
        pack(-258.5).to_vec(),
    );
    // $AABC: the number as PRINT prints it, a cursor right, then the rest of the statement
    // at TXTPTR: after `;` nothing more, at the end of the line a RETURN.
    for (name, rest, want) in [
        ("$AABC print FAC, then ;", SEMI, [0u8, 7]),
        ("$AABC print FAC, then end of line", EOL, [1, 0]),
    ] {
        let mut c = vec![JSR, 0x44, 0xE5];
        c.extend([LDA, lo(rest), STA, 0x7A, LDA, hi(rest), STA, 0x7B]);
        c.extend(load(5));
        c.extend([JSR, 0xBC, 0xAA]);
        // "-258.5" in screen codes
        let row = b"-258.5 ".to_vec();
        case(
            name,
            c,
            &[
                Obs::Bytes(0x0400, 7),
                Obs::Bytes(0xD6, 1),
                Obs::Bytes(0xD3, 1),
            ],
            [row, want.to_vec()].concat(),
        );
    }
    // KERNAL: $E9F0 points PNT at a screen row; $E8EA scrolls the screen up a row (every
    // row its own logical line, as skew1 makes it) and leaves the cursor row alone.
    case(
        "$E9F0 row 24",
        vec![LDX, 24, JSR, 0xF0, 0xE9],
        &[Obs::Bytes(0xD1, 2)],
        vec![0xC0, 0x07],
    );
    let mut c = vec![
        JSR, 0x44, 0xE5, LDA, 0x01, STA_ABS, 0x28, 0x04, STA_ABS, 0xC0, 0x07,
    ];
    // every row starts its own logical line: LDX #$19 / LDA #$80 / ORA $D9,X / STA $D9,X / DEX / BPL
    c.extend([
        LDX, 0x19, LDA, 0x80, 0x15, 0xD9, 0x95, 0xD9, 0xCA, 0x10, 0xF7,
    ]);
    c.extend([LDA, 10, STA, 0xD6]);
    c.extend([LDX, 24, JSR, 0xF0, 0xE9, JSR, 0xEA, 0xE8]);
    case(
        "$E8EA scroll",
        c,
        &[
            Obs::Bytes(0x0400, 1),
            Obs::Bytes(0x0428, 1),
            Obs::Bytes(0x0798, 1),
            Obs::Bytes(0x07C0, 1),
            Obs::Bytes(0xD6, 1),
        ],
        vec![0x01, 0x20, 0x01, 0x20, 10],
    );
    v
}

/// Boot `roms` to READY, run each case's program and return what it observed.
fn run(roms: Roms) -> Vec<Vec<u8>> {
    let mut b = Basic::boot_with(roms);
    let mut out = Vec::new();
    for case in cases() {
        let c64 = &mut b.c64;
        for (i, &x) in CONSTS.iter().enumerate() {
            for (k, &byte) in pack(x).iter().enumerate() {
                c64.poke_ram(DATA + 5 * i as u16 + k as u16, byte);
            }
        }
        for (k, byte) in [b';', 0, 0].into_iter().enumerate() {
            c64.poke_ram(SEMI + k as u16, byte);
        }
        let trap = CODE + case.code.len() as u16;
        let code = [case.code.clone(), vec![0x4C, lo(trap), hi(trap)]].concat();
        for (k, &byte) in code.iter().enumerate() {
            c64.poke_ram(CODE + k as u16, byte);
        }
        while !c64.cpu().at_instruction_boundary() {
            c64.tick();
        }
        c64.cpu_mut().p.insert(Status::I);
        c64.cpu_mut().p.remove(Status::D);
        c64.cpu_mut().s = 0xF0;
        c64.cpu_mut().set_pc(CODE);
        let start = c64.cycles();
        while !(c64.cpu().at_instruction_boundary() && c64.cpu().pc == trap) {
            c64.tick();
            assert!(
                c64.cycles() - start < 2_000_000,
                "{}: no return (PC ${:04X}) D6={} D3={} 7A={:04X} D9={:02X?}",
                case.name,
                c64.cpu().pc,
                c64.peek(0xD6),
                c64.peek(0xD3),
                c64.peek_word(0x7A),
                (0xD9..0xF3).map(|a| c64.peek(a)).collect::<Vec<_>>()
            );
        }
        let mut seen = Vec::new();
        for o in &case.obs {
            match *o {
                Obs::Bytes(a, n) => seen.extend((0..n).map(|i| c64.peek(a + i))),
                Obs::FacSign => seen.push(c64.peek(0x66) & 0x80),
                Obs::Bit7(a) => seen.push(c64.peek(a) & 0x80),
            }
        }
        out.push(seen);
    }
    out
}

fn hex(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// (The $AABC cases read the screen: digits, '-', '.' and space have the same screen codes
/// as their ASCII values.)
#[test]
fn entries_leave_the_documented_results_on_the_open_roms() {
    let got = run(Roms::open());
    let mut bad = Vec::new();
    for (case, g) in cases().iter().zip(&got) {
        if *g != case.want {
            bad.push(format!(
                "{}: got {}, want {}",
                case.name,
                hex(g),
                hex(&case.want)
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn entries_leave_the_same_bytes_as_genuine_roms() {
    let Some(dir) = std::env::var_os("BREADBIN_GENUINE_ROMS") else {
        eprintln!("skipping the genuine ROMs: BREADBIN_GENUINE_ROMS is not set");
        return;
    };
    let genuine =
        Roms::from_dir(std::path::Path::new(&dir)).expect("BREADBIN_GENUINE_ROMS holds ROMs");
    let want = run(genuine);
    let got = run(Roms::open());
    let mut bad = Vec::new();
    for ((case, g), w) in cases().iter().zip(&got).zip(&want) {
        if g != w {
            bad.push(format!(
                "{}: open {}, genuine {}",
                case.name,
                hex(g),
                hex(w)
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
