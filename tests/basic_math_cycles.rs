//! Cycle costs of the open BASIC's float package, measured on the flat-RAM bench, against
//! the table in roms/src/basic/MATH.md (the figures the interpreter's speed is tuned with).
//! Each figure is the cycles from the routine's first instruction to its return (the
//! caller's JSR not included); FIN includes one CHRGOT and the CHRGET calls it makes.
//! A figure that drifts more than 3% from the table fails, so the table stays true.
//!
//! `cargo test --test basic_math_cycles -- --nocapture` prints the measured table.

mod basic_math_harness;
mod shared_data;

use basic_math_harness::{E, Fp, T0, pack};
use std::collections::BTreeMap;

/// Rows of the measured table: (name, cycles).
fn measure() -> Vec<(&'static str, u64)> {
    let mut fp = Fp::new();
    let mut rows = Vec::new();
    // operand a in T0 (memory), b in FAC
    let mut mem_op = |fp: &mut Fp, name: &'static str, e: E, a: f64, b: f64| {
        fp.put(T0, &pack(a).unwrap());
        fp.set_fac(pack(b).unwrap());
        rows.push((name, fp.ok_ay(e, T0)));
    };
    mem_op(&mut fp, "FADD 1.5 + 2.25", E::Fadd, 1.5, 2.25);
    mem_op(&mut fp, "FADD 1000 + 0.001", E::Fadd, 1000.0, 0.001);
    mem_op(&mut fp, "FSUB 1 - 0.999999", E::Fsub, 1.0, 0.999999);
    mem_op(&mut fp, "FMULT 3 * 7", E::Fmult, 3.0, 7.0);
    mem_op(
        &mut fp,
        "FMULT pi * e",
        E::Fmult,
        std::f64::consts::PI,
        std::f64::consts::E,
    );
    mem_op(&mut fp, "FDIV 1 / 3", E::Fdiv, 1.0, 3.0);
    mem_op(
        &mut fp,
        "FDIV pi / e",
        E::Fdiv,
        std::f64::consts::PI,
        std::f64::consts::E,
    );
    mem_op(&mut fp, "FCOMP 999 vs 1000", E::Fcomp, 1000.0, 999.0);
    let mut one = |fp: &mut Fp, name: &'static str, e: E, x: f64| {
        fp.set_fac(pack(x).unwrap());
        rows.push((name, fp.ok(e, 0, 0, 0)));
    };
    one(&mut fp, "INT 3.7", E::Int, 3.7);
    one(&mut fp, "INT -3.7", E::Int, -3.7);
    one(&mut fp, "INT 12345.6", E::Int, 12345.6);
    one(&mut fp, "AYINT 1234", E::Ayint, 1234.0);
    one(&mut fp, "MUL10 12.5", E::Mul10, 12.5);
    one(&mut fp, "DIV10 12.5", E::Div10, 12.5);
    one(&mut fp, "SQR 2", E::Sqr, 2.0);
    one(&mut fp, "LOG 10", E::Log, 10.0);
    one(&mut fp, "EXP 1", E::Exp, 1.0);
    one(&mut fp, "SIN 1", E::Sin, 1.0);
    one(&mut fp, "COS 1", E::Cos, 1.0);
    one(&mut fp, "TAN 1", E::Tan, 1.0);
    one(&mut fp, "ATN 1", E::Atn, 1.0);
    one(&mut fp, "ATN 3", E::Atn, 3.0);
    one(&mut fp, "LOG 500", E::Log, 500.0);
    one(&mut fp, "SIN 500", E::Sin, 500.0);
    fp.put(0x8B, &fp.bytes(fp.addr(E::Rndseed), 5));
    one(&mut fp, "RND 1", E::Rnd, 1.0);
    // ↑: ARG ^ FAC
    for (name, a, b) in [("FPWRT 500^2", 500.0, 2.0), ("FPWRT 2^10", 2.0, 10.0)] {
        fp.put(T0, &pack(a).unwrap());
        fp.set_fac(pack(b).unwrap());
        fp.load_arg(T0);
        rows.push((name, fp.ok(E::Fpwrt, 0, 0, 0)));
    }
    fp.put(T0, &[0x8A, 0x7A, 0x00, 0x00, 0x00]);
    rows.push(("MOVFM", fp.ok_ay(E::Movfm, T0)));
    rows.push(("CONUPK", fp.ok_ay(E::Conupk, T0)));
    let movmf = fp.addr(E::Movmf);
    rows.push((
        "MOVMF",
        match fp.call_at(movmf, 0, T0 as u8, (T0 >> 8) as u8) {
            basic_math_harness::Outcome::Done(c) => c,
            o => panic!("{o:?}"),
        },
    ));
    rows.push(("GIVAYF 1000", fp.ok(E::Givayf, 0x03, 0, 0xE8)));
    for (name, t) in [
        ("FIN \"2\"", "2"),
        ("FIN \"12.5\"", "12.5"),
        ("FIN \"1000\"", "1000"),
        ("FIN \"3.14159265\"", "3.14159265"),
        ("FIN \"1E-5\"", "1E-5"),
    ] {
        rows.push((name, fp.fin(t)));
    }
    for (name, x) in [
        ("FOUT 0", 0.0),
        ("FOUT 1000", 1000.0),
        ("FOUT 12.5", 12.5),
        ("FOUT 1/3", 1.0 / 3.0),
        ("FOUT 3.14159265", std::f64::consts::PI),
        ("FOUT 1E20", 1e20),
    ] {
        fp.set_fac(pack(x).unwrap());
        rows.push((name, fp.ok(E::Fout, 0, 0, 0)));
    }
    rows
}

/// The cycle table of MATH.md: lines `| name | cycles |` between the markers.
fn documented() -> BTreeMap<String, u64> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/roms/src/basic/MATH.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let start = text
        .find("<!-- cycles -->")
        .expect("MATH.md: no <!-- cycles --> marker");
    let end = text
        .find("<!-- /cycles -->")
        .expect("MATH.md: no <!-- /cycles --> marker");
    text[start..end]
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            if cells.len() < 4 {
                return None;
            }
            let n = cells[2].parse().ok()?;
            Some((cells[1].trim_matches('`').to_string(), n))
        })
        .collect()
}

#[test]
fn cycle_costs_match_the_table_in_math_md() {
    let rows = measure();
    for (name, c) in &rows {
        println!("| `{name}` | {c} |");
    }
    let doc = documented();
    for (name, c) in &rows {
        let Some(&want) = doc.get(*name) else {
            panic!("MATH.md has no cycle figure for {name} (measured {c})");
        };
        let ratio = *c as f64 / want as f64;
        assert!(
            (0.97..=1.03).contains(&ratio),
            "{name}: {c} cycles, MATH.md says {want}"
        );
    }
}
