//! The open BASIC's floating-point core (roms/src/basic/math_core.s) on a flat-RAM bench:
//! packing, the four operations against the arithmetic's specification (`model`) and against
//! exact results, comparison, the integer conversions and the error exits.

mod basic_math_harness;
mod shared_data;

use basic_math_harness::model::{self, Fac};
use basic_math_harness::{
    ARGEXP, ARGSGN, ARISGN, E, FACHO, FACOV, FACSGN, Fp, LINNUM, Outcome, Rng, T0, T1, hex, pack,
    unpack,
};

/// A random packed float: any exponent in `lo..=hi`, random mantissa and sign.
fn random_float(r: &mut Rng, lo: u8, hi: u8) -> [u8; 5] {
    let e = lo + r.below(u64::from(hi - lo) + 1) as u8;
    let b = r.next().to_le_bytes();
    [e, b[0], b[1], b[2], b[3]]
}

/// Mantissas that provoke carries and borrows: all ones, lone bits, or random.
fn nasty_float(r: &mut Rng, lo: u8, hi: u8) -> [u8; 5] {
    let mut v = random_float(r, lo, hi);
    match r.below(4) {
        0 => v[2..].copy_from_slice(&[0xFF, 0xFF, 0xFF]),
        1 => v[2..].copy_from_slice(&[0, 0, 0]),
        2 => {
            v[1] = (v[1] & 0x80) | 0x7F;
            v[2..].copy_from_slice(&[0xFF, 0xFF, 0xFF]);
        }
        _ => {}
    }
    v
}

fn fac_state(fp: &Fp) -> Fac {
    let (exp, m, neg) = fp.fac_raw();
    if exp == 0 {
        return model::ZERO;
    }
    Fac { exp, m, neg }
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

/// Run ARG op FAC on the 6502 (ARG from a packed float, FAC from a packed float plus a
/// rounding byte) and in the model; compare the whole unpacked result.
fn check_op(fp: &mut Fp, op: Op, a: [u8; 5], f: [u8; 5], ov: u8) {
    fp.set_fac(f);
    fp.poke(FACOV, ov);
    fp.set_arg(a);
    let entry = match op {
        Op::Add => E::Faddt,
        Op::Sub => E::Fsubt,
        Op::Mul => E::Fmultt,
        Op::Div => E::Fdivt,
    };
    let got = fp.call(entry, 0, 0, 0);
    let mf = Fac {
        m: Fac::unpack(f).m | u64::from(ov),
        ..Fac::unpack(f)
    };
    let mf = if f[0] == 0 { model::ZERO } else { mf };
    let ma = if a[0] == 0 {
        model::ZERO
    } else {
        Fac::unpack(a)
    };
    let want = match op {
        Op::Add => model::add(ma, mf),
        Op::Sub => model::sub(ma, mf),
        Op::Mul => model::mul(ma, mf),
        Op::Div => model::div(ma, mf),
    };
    let ctx = format!("{op:?}: ARG {} FAC {} ov {ov:02X}", hex(&a), hex(&f));
    match (got, want) {
        (Outcome::Done(_), Ok(w)) => {
            let g = fac_state(fp);
            let w = if w.exp == 0 { model::ZERO } else { w };
            assert_eq!(
                (g.exp, g.m, g.neg),
                (w.exp, w.m, w.neg),
                "{ctx}: got {:02X} {:010X} {}, want {:02X} {:010X} {}",
                g.exp,
                g.m,
                g.neg,
                w.exp,
                w.m,
                w.neg
            );
        }
        (Outcome::Error(15), Err(model::Err::Overflow)) => {}
        (Outcome::Error(20), Err(model::Err::DivZero)) => {}
        (g, w) => panic!("{ctx}: got {g:?}, want {w:?}"),
    }
}

#[test]
fn packing_round_trips_and_unpacks_signs() {
    let mut fp = Fp::new();
    let mut r = Rng(0x1234_5678_9ABC_DEF1);
    for _ in 0..500 {
        let v = random_float(&mut r, 1, 255);
        fp.set_fac(v);
        assert_eq!(fp.peek(FACOV), 0, "MOVFM clears the rounding byte");
        assert_eq!(fp.peek(FACHO) & 0x80, 0x80, "MOVFM restores the top bit");
        assert_eq!(fp.peek(FACSGN) & 0x80, v[1] & 0x80, "sign of {}", hex(&v));
        assert_eq!(fp.fac(), v, "MOVFM then MOVMF of {}", hex(&v));
        // CONUPK fills ARG and ARISGN and returns A = FACEXP
        let w = random_float(&mut r, 0, 255);
        fp.put(T1, &w);
        fp.ok_ay(E::Conupk, T1);
        assert_eq!(fp.peek(ARGEXP), w[0]);
        assert_eq!(fp.bytes(ARGEXP + 1, 4), [w[1] | 0x80, w[2], w[3], w[4]]);
        assert_eq!(fp.peek(ARGSGN) & 0x80, w[1] & 0x80);
        assert_eq!(fp.peek(ARISGN) & 0x80, (w[1] ^ v[1]) & 0x80);
        assert_eq!(fp.cpu.a, v[0], "CONUPK returns A = FACEXP");
        // MOVFA copies ARG to FAC
        fp.ok(E::Movfa, 0, 0, 0);
        if w[0] != 0 {
            assert_eq!(fp.fac(), w, "MOVFA of {}", hex(&w));
        }
    }
}

#[test]
fn storing_rounds_half_up_on_the_magnitude() {
    let mut fp = Fp::new();
    // 1.5 with a rounding byte of $7F stays, $80 rounds up one unit
    fp.set_fac_raw(0x81, 0xC0_0000_007F, true);
    assert_eq!(fp.fac(), [0x81, 0xC0, 0, 0, 0]);
    fp.set_fac_raw(0x81, 0xC0_0000_0080, true);
    assert_eq!(fp.fac(), [0x81, 0xC0, 0, 0, 1]);
    // all ones rounding up carries into the exponent
    fp.set_fac_raw(0x81, 0xFF_FFFF_FF80, false);
    assert_eq!(fp.fac(), [0x82, 0x00, 0, 0, 0]);
    assert_eq!(fp.peek(FACOV), 0);
    // ...and overflows at the top exponent
    fp.set_fac_raw(0xFF, 0xFF_FFFF_FFC0, false);
    let m = fp.addr(E::Movmf);
    assert_eq!(
        fp.call_at(m, 0, T0 as u8, (T0 >> 8) as u8),
        Outcome::Error(15)
    );
    // MOVAF rounds into ARG and clears the rounding byte
    fp.set_fac_raw(0x90, 0x80_0000_01FF, false);
    fp.ok(E::Movaf, 0, 0, 0);
    assert_eq!(fp.bytes(ARGEXP, 5), [0x90, 0x80, 0, 0, 2]);
    assert_eq!(fp.peek(FACOV), 0);
}

#[test]
fn four_operations_match_the_model() {
    let mut fp = Fp::new();
    let mut r = Rng(0xDEAD_BEEF_0BAD_F00D);
    for i in 0..6000 {
        let op = [Op::Add, Op::Sub, Op::Mul, Op::Div][i % 4];
        let (a, f) = match i % 3 {
            // nearby exponents: alignment, carries, cancellation
            0 => {
                let a = nasty_float(&mut r, 0x70, 0x90);
                let d = r.below(12) as u8;
                let f = nasty_float(&mut r, a[0] - 6 + d.min(6), a[0] - 6 + d);
                (a, f)
            }
            // anything, including zero and the extremes
            1 => (random_float(&mut r, 0, 255), random_float(&mut r, 0, 255)),
            // equal exponents, close mantissas
            _ => {
                let a = random_float(&mut r, 0x01, 0xFF);
                let mut f = a;
                f[4] = f[4].wrapping_add(r.below(5) as u8);
                if r.below(2) == 0 {
                    f[1] ^= 0x80;
                }
                (a, f)
            }
        };
        let ov = if r.below(3) == 0 { 0 } else { r.next() as u8 };
        check_op(&mut fp, op, a, f, ov);
    }
}

#[test]
fn exact_results_of_small_numbers() {
    let mut fp = Fp::new();
    let vals = [
        0.0, 1.0, -1.0, 2.0, 3.0, -7.0, 0.5, 0.25, 10.0, 12.5, -3.75, 100.0, 1024.0, 65535.0,
        -32768.0, 0.125, 1e6, 99.5,
    ];
    for &a in &vals {
        for &b in &vals {
            let pa = pack(a).unwrap();
            let pb = pack(b).unwrap();
            let mut cases = vec![(E::Fadd, a + b), (E::Fsub, a - b), (E::Fmult, a * b)];
            if b != 0.0 && (a / b * 64.0).fract() == 0.0 {
                cases.push((E::Fdiv, a / b));
            }
            for (e, want) in cases {
                fp.put(T0, &pa);
                fp.set_fac(pb);
                fp.ok_ay(e, T0);
                let got = fp.fac();
                assert_eq!(
                    unpack(got),
                    want,
                    "{a} {e:?} {b}: got {} ({})",
                    hex(&got),
                    unpack(got)
                );
            }
        }
    }
    // 1/0
    fp.put(T0, &pack(1.0).unwrap());
    fp.set_fac([0; 5]);
    assert_eq!(fp.call_ay(E::Fdiv, T0), Outcome::Error(20));
    // 1E38 * 10 overflows, 1E-38 * 1E-38 underflows to zero
    fp.put(T0, &pack(1e38).unwrap());
    fp.set_fac(pack(10.0).unwrap());
    assert_eq!(fp.call_ay(E::Fmult, T0), Outcome::Error(15));
    fp.put(T0, &pack(1e-38).unwrap());
    fp.set_fac(pack(1e-38).unwrap());
    fp.ok_ay(E::Fmult, T0);
    assert_eq!(fp.fac()[0], 0);
    // 1.7E38 + 1.7E38 overflows
    fp.put(T0, &pack(1.7e38).unwrap());
    fp.set_fac(pack(1.7e38).unwrap());
    assert_eq!(fp.call_ay(E::Fadd, T0), Outcome::Error(15));
}

#[test]
fn products_and_quotients_are_within_a_unit() {
    let mut fp = Fp::new();
    let mut r = Rng(77);
    for _ in 0..2000 {
        let a = random_float(&mut r, 0x60, 0xA0);
        let b = random_float(&mut r, 0x60, 0xA0);
        for (e, want) in [
            (E::Fmult, unpack(a) * unpack(b)),
            (E::Fdiv, unpack(a) / unpack(b)),
            (E::Fadd, unpack(a) + unpack(b)),
        ] {
            fp.put(T0, &a);
            fp.set_fac(b);
            fp.ok_ay(e, T0);
            let got = unpack(fp.fac());
            let ulp = want.abs() * 2f64.powi(-31);
            assert!(
                (got - want).abs() <= ulp.max(unpack(a).abs() * 2f64.powi(-32)),
                "{} {e:?} {}: {got} vs {want}",
                hex(&a),
                hex(&b)
            );
        }
    }
}

#[test]
fn comparison_matches_the_model_and_the_order_of_reals() {
    let mut fp = Fp::new();
    let mut r = Rng(99);
    for i in 0..4000 {
        let m = random_float(&mut r, 0, 255);
        let (f, ov) = match i % 3 {
            0 => (random_float(&mut r, 0, 255), 0),
            1 => {
                let mut f = m;
                f[4] = f[4].wrapping_add(r.below(3) as u8).wrapping_sub(1);
                (f, r.next() as u8)
            }
            _ => {
                let mut f = m;
                f[1] ^= 0x80;
                (f, 0)
            }
        };
        fp.set_fac(f);
        fp.poke(FACOV, ov);
        fp.put(T0, &m);
        fp.ok_ay(E::Fcomp, T0);
        let got = fp.cpu.a as i8;
        let mf = if f[0] == 0 {
            Fac {
                neg: f[1] & 0x80 != 0,
                ..model::ZERO
            }
        } else {
            Fac {
                m: Fac::unpack(f).m | u64::from(ov),
                ..Fac::unpack(f)
            }
        };
        assert_eq!(
            got,
            model::compare(mf, m),
            "FAC {} ov {ov:02X} vs {}",
            hex(&f),
            hex(&m)
        );
        if ov == 0 {
            let want = unpack(f).partial_cmp(&unpack(m)).unwrap() as i8;
            assert_eq!(got, want, "FAC {} vs {}", hex(&f), hex(&m));
        }
    }
}

#[test]
fn sign_sgn_abs_negop() {
    let mut fp = Fp::new();
    for (x, s) in [(0.0, 0i8), (5.5, 1), (-0.001, -1), (1e38, 1), (-1e-38, -1)] {
        fp.set_fac(pack(x).unwrap());
        fp.ok(E::Sign, 0, 0, 0);
        assert_eq!(fp.cpu.a as i8, s, "SIGN({x})");
        fp.ok(E::Sgn, 0, 0, 0);
        assert_eq!(unpack(fp.fac()), f64::from(s), "SGN({x})");
        let exact = unpack(pack(x).unwrap());
        fp.set_fac(pack(x).unwrap());
        fp.ok(E::Abs, 0, 0, 0);
        assert_eq!(unpack(fp.fac()), exact.abs(), "ABS({x})");
        fp.set_fac(pack(x).unwrap());
        fp.ok(E::Negop, 0, 0, 0);
        assert_eq!(unpack(fp.fac()), -exact, "NEGOP({x})");
    }
}

#[test]
fn int_is_floor_and_qint_matches_the_model() {
    let mut fp = Fp::new();
    for (x, want) in [
        (-3.5, -4.0),
        (3.99, 3.0),
        (-0.25, -1.0),
        (0.25, 0.0),
        (-1.0, -1.0),
        (1e9 + 0.5, 1e9),
        (-2147483647.5, -2147483648.0),
        (1e10, 1e10),
        (-3e9 - 0.5, -3e9 - 1.0),
        (1e-30, 0.0),
        (-1e-30, -1.0),
        (0.0, 0.0),
    ] {
        fp.set_fac(pack(x).unwrap());
        fp.ok(E::Int, 0, 0, 0);
        assert_eq!(unpack(fp.fac()), want, "INT({x})");
    }
    // the rounding byte counts as fraction
    fp.set_fac_raw(0x82, 0xC0_0000_0001, true); // -(3 + tiny)
    fp.ok(E::Int, 0, 0, 0);
    assert_eq!(unpack(fp.fac()), -4.0);
    fp.set_fac_raw(0x82, 0xC0_0000_00FF, false);
    fp.ok(E::Int, 0, 0, 0);
    assert_eq!(unpack(fp.fac()), 3.0);
    let mut r = Rng(5);
    for _ in 0..3000 {
        let v = random_float(&mut r, 0x70, 0xA0);
        let ov = r.next() as u8;
        fp.set_fac(v);
        fp.poke(FACOV, ov);
        fp.ok(E::Qint, 0, 0, 0);
        let got = u32::from_be_bytes(fp.bytes(FACHO, 4).try_into().unwrap());
        let f = Fac {
            m: Fac::unpack(v).m | u64::from(ov),
            ..Fac::unpack(v)
        };
        assert_eq!(got, model::qint(f), "QINT {} ov {ov:02X}", hex(&v));
        if ov == 0 && v[0] < 0xA0 {
            assert_eq!(got as i32 as f64, unpack(v).floor(), "QINT {}", hex(&v));
        }
    }
}

#[test]
fn integer_conversions_and_their_ranges() {
    let mut fp = Fp::new();
    for v in [-32768i32, -32767, -1, 0, 1, 255, 256, 12345, 32767] {
        let w = v as i16 as u16;
        fp.ok(E::Givayf, (w >> 8) as u8, 0, w as u8);
        assert_eq!(unpack(fp.fac()), f64::from(v), "GIVAYF {v}");
    }
    for i in -128i32..=127 {
        fp.ok(E::Float, i as u8, 0, 0);
        assert_eq!(unpack(fp.fac()), f64::from(i), "FLOAT {i}");
    }
    for (x, want) in [
        (-32768.0, Some(-32768i32)),
        (-32767.0, Some(-32767)),
        (-3.9, Some(-4)),
        (3.9, Some(3)),
        (32767.99, Some(32767)),
        (32768.0, None),
        (-32767.5, Some(-32768)),
        (-32768.5, None),
        (1e10, None),
    ] {
        fp.set_fac(pack(x).unwrap());
        match (fp.call(E::Ayint, 0, 0, 0), want) {
            (Outcome::Done(_), Some(w)) => {
                let got = i16::from_be_bytes([fp.peek(FACHO + 2), fp.peek(FACHO + 3)]);
                assert_eq!(i32::from(got), w, "AYINT({x})");
            }
            (Outcome::Error(14), None) => {}
            (g, w) => panic!("AYINT({x}): {g:?}, want {w:?}"),
        }
    }
    for (x, want) in [
        (0.0, Some(0u16)),
        (1.9, Some(1)),
        (53280.0, Some(53280)),
        (65535.9, Some(65535)),
        (65536.0, None),
        (-1.0, None),
        (-0.5, None),
    ] {
        fp.set_fac(pack(x).unwrap());
        match (fp.call(E::Getadr, 0, 0, 0), want) {
            (Outcome::Done(_), Some(w)) => {
                let got = u16::from_le_bytes([fp.peek(LINNUM), fp.peek(LINNUM + 1)]);
                assert_eq!(got, w, "GETADR({x})");
            }
            (Outcome::Error(14), None) => {}
            (g, w) => panic!("GETADR({x}): {g:?}, want {w:?}"),
        }
    }
    // FLTU32: an unsigned 32-bit number with a binary exponent
    for (v, x, want) in [
        (0xFFFF_FFFFu32, 0xA0u8, 4294967295.0),
        (0x0001_0000, 0xA0, 65536.0),
        (0xC000_0000, 0x90, 49152.0 * 2f64.powi(-16) * 65536.0),
        (0, 0xA0, 0.0),
        (0x8000_0000, 0x81, 1.0),
    ] {
        fp.put(FACHO, &v.to_be_bytes());
        fp.poke(FACSGN, 0xFF);
        fp.ok(E::Fltu32, 0, x, 0);
        assert_eq!(unpack(fp.fac()), want, "FLTU32 {v:08X} {x:02X}");
    }
}

#[test]
fn exported_constants() {
    let fp = Fp::new();
    let at = |e| fp.bytes(fp.addr(e), 5);
    assert_eq!(unpack(at(E::Fone).try_into().unwrap()), 1.0);
    assert_eq!(unpack(at(E::Fhalf).try_into().unwrap()), 0.5);
    let pi = unpack(at(E::Fpi).try_into().unwrap());
    assert!((pi - std::f64::consts::PI).abs() < 1e-9, "pi = {pi}");
    let seed = unpack(at(E::Rndseed).try_into().unwrap());
    assert!((seed - 0.811635157).abs() < 1e-9, "seed = {seed}");
}
