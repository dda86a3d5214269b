//! The open BASIC's numeric functions (roms/src/basic/math_func.s): SQR, ↑, LOG, EXP, SIN,
//! COS, TAN, ATN and RND, printed through FOUT and compared with what genuine BASIC V2
//! printed in ../shared/reference/basic-v2 (numfmt, rnd, rndint); error exits; accuracy
//! against f64 over ranges of arguments.

mod basic_math_harness;
mod shared_data;

use basic_math_harness::{E, Fp, Outcome, RNDX, T0, T1, pack, reference, squeeze, unpack};

/// FAC = a ↑ b as the interpreter evaluates it.
fn power(fp: &mut Fp, a: &str, b: &str) -> Outcome {
    fp.num(a);
    fp.store(T0);
    fp.num(b);
    fp.load_arg(T0);
    fp.call(E::Fpwrt, 0, 0, 0)
}

fn func(fp: &mut Fp, f: E, a: &str) -> Outcome {
    fp.num(a);
    fp.call(f, 0, 0, 0)
}

/// numfmt.bas lines 40 and 50.
#[test]
fn functions_print_the_digits_of_the_original() {
    let Some(txt) = reference("compat/numfmt.txt") else {
        return;
    };
    let lines: Vec<&str> = txt.lines().collect();
    let mut fp = Fp::new();
    // 40 PRINT SQR(2);2^0.5;2^10;10^-2;EXP(1);LOG(10);ATN(1)*4
    let mut got = String::new();
    let mut show = |fp: &mut Fp, r: Outcome| {
        assert!(matches!(r, Outcome::Done(_)), "{r:?}");
        got += &fp.fout();
        got.push(' ');
    };
    let r = func(&mut fp, E::Sqr, "2");
    show(&mut fp, r);
    let r = power(&mut fp, "2", "0.5");
    show(&mut fp, r);
    let r = power(&mut fp, "2", "10");
    show(&mut fp, r);
    let r = power(&mut fp, "10", "-2");
    show(&mut fp, r);
    let r = func(&mut fp, E::Exp, "1");
    show(&mut fp, r);
    let r = func(&mut fp, E::Log, "10");
    show(&mut fp, r);
    func(&mut fp, E::Atn, "1");
    fp.store(T0);
    fp.num("4");
    fp.load_arg(T0);
    let r = fp.call(E::Fmultt, 0, 0, 0);
    show(&mut fp, r);
    let want = format!("{:<40}{}", lines[5], lines[6]);
    assert_eq!(squeeze(&got), squeeze(&want), "line 40");
    // 50 PRINT SIN(1);COS(1);TAN(1);SIN(0);COS(0)
    let mut got = String::new();
    for (f, a) in [
        (E::Sin, "1"),
        (E::Cos, "1"),
        (E::Tan, "1"),
        (E::Sin, "0"),
        (E::Cos, "0"),
    ] {
        assert!(matches!(func(&mut fp, f, a), Outcome::Done(_)));
        got += &fp.fout();
        got.push(' ');
    }
    let want = format!("{:<40}{}", lines[7], lines[8]);
    assert_eq!(squeeze(&got), squeeze(&want), "line 50");
}

/// INT(RND(arg) * factor), evaluated as the interpreter does; FAC holds the result.
fn int_rnd_times(fp: &mut Fp, arg: &str, factor: &str) {
    fp.num(arg);
    fp.ok(E::Rnd, 0, 0, 0);
    fp.store(T0);
    fp.num(factor);
    fp.load_arg(T0);
    fp.ok(E::Fmultt, 0, 0, 0);
    fp.ok(E::Int, 0, 0, 0);
}

fn rnd(fp: &mut Fp, arg: &str) -> String {
    fp.num(arg);
    fp.ok(E::Rnd, 0, 0, 0);
    fp.fout()
}

/// rnd.bas: X=RND(-1):FORI=1TO5:PRINTRND(1):NEXT / X=RND(-12345):PRINTRND(1);RND(1) /
/// PRINTINT(RND(-3)*1000)
#[test]
fn rnd_reproduces_the_reference_sequence() {
    let Some(txt) = reference("compat/rnd.txt") else {
        return;
    };
    let mut fp = Fp::new();
    let mut got = Vec::new();
    rnd(&mut fp, "-1");
    for _ in 0..5 {
        got.push(rnd(&mut fp, "1"));
    }
    rnd(&mut fp, "-12345");
    let a = rnd(&mut fp, "1");
    let b = rnd(&mut fp, "1");
    got.push(format!("{a} {b}"));
    int_rnd_times(&mut fp, "-3", "1000");
    got.push(fp.fout());
    let want: Vec<&str> = txt.lines().take(got.len()).collect();
    assert_eq!(
        got.iter().map(|s| squeeze(s)).collect::<Vec<_>>(),
        want.iter().map(|s| squeeze(s)).collect::<Vec<_>>()
    );
}

/// rndint.bas: X=RND(-7):S=0:FORI=1TO500:X=INT(RND(1)*40):S=S+X:NEXT:PRINTS
#[test]
fn rnd_sum_of_the_rndint_benchmark() {
    let Some(txt) = reference("bench/rndint.txt") else {
        return;
    };
    let mut fp = Fp::new();
    rnd(&mut fp, "-7");
    let mut s = 0.0;
    for _ in 0..500 {
        int_rnd_times(&mut fp, "1", "40");
        s += unpack(fp.fac());
    }
    fp.set_fac(pack(s).unwrap());
    let printed = fp.fout();
    assert!(
        txt.lines().any(|l| l == printed),
        "sum {printed:?} not in rndint.txt"
    );
}

/// The power-on seed: the first RND(1) of a freshly started C64 is .185564016.
#[test]
fn rnd_from_the_power_on_seed() {
    let mut fp = Fp::new();
    let seed = fp.bytes(fp.addr(E::Rndseed), 5);
    fp.put(RNDX, &seed);
    assert_eq!(rnd(&mut fp, "1"), " .185564016");
    // RND(x) for any positive x continues the same sequence; the result is the new seed
    let s1 = fp.bytes(RNDX, 5);
    fp.put(RNDX, &seed);
    rnd(&mut fp, "1");
    assert_eq!(fp.bytes(RNDX, 5), s1);
    fp.put(RNDX, &seed);
    fp.num("7.5");
    fp.ok(E::Rnd, 0, 0, 0);
    assert_eq!(fp.bytes(RNDX, 5), s1);
    assert_eq!(fp.fac().to_vec(), s1);
    // RND(0) takes its bytes from CIA 1's timers
    fp.put(0xDC04, &[0x12, 0x34, 0x56, 0x78]);
    fp.num("0");
    fp.ok(E::Rnd, 0, 0, 0);
    let x = unpack(fp.fac());
    assert!((0.0..1.0).contains(&x));
    assert_ne!(fp.bytes(RNDX, 5), s1);
}

#[test]
fn error_exits_of_the_functions() {
    let mut fp = Fp::new();
    assert_eq!(func(&mut fp, E::Log, "0"), Outcome::Error(14));
    assert_eq!(func(&mut fp, E::Log, "-1"), Outcome::Error(14));
    assert_eq!(func(&mut fp, E::Sqr, "-1"), Outcome::Error(14));
    assert_eq!(func(&mut fp, E::Exp, "89"), Outcome::Error(15));
    assert_eq!(power(&mut fp, "-8", "0.5"), Outcome::Error(14));
    assert_eq!(power(&mut fp, "10", "39"), Outcome::Error(15));
    assert!(matches!(func(&mut fp, E::Exp, "-100"), Outcome::Done(_)));
    assert_eq!(unpack(fp.fac()), 0.0);
    for (a, b, want) in [
        ("-2", "3", -8.0),
        ("-2", "2", 4.0),
        ("0", "5", 0.0),
        ("0", "-1", 0.0),
        ("5", "0", 1.0),
        ("-3", "0", 1.0),
    ] {
        assert!(matches!(power(&mut fp, a, b), Outcome::Done(_)));
        let got = unpack(fp.fac());
        assert!((got - want).abs() < 1e-7, "{a}^{b} = {got}");
    }
    assert!(matches!(func(&mut fp, E::Sqr, "0"), Outcome::Done(_)));
    assert_eq!(unpack(fp.fac()), 0.0);
}

/// Accuracy against f64 on grids of arguments: the approximations are good to a few units
/// of 1E-9; SIN, COS and TAN lose more as the argument grows (x/2pi is rounded to 32 bits).
#[test]
fn functions_are_accurate() {
    let mut fp = Fp::new();
    let mut check = |f: E, x: f64, want: f64, tol: f64| {
        fp.set_fac(pack(x).unwrap());
        let r = fp.call(f, 0, 0, 0);
        assert!(matches!(r, Outcome::Done(_)), "{f:?}({x}): {r:?}");
        let got = unpack(fp.fac());
        let err = (got - want).abs() / want.abs().max(1.0);
        assert!(err < tol, "{f:?}({x}) = {got}, want {want} (err {err:e})");
    };
    for i in 1..200 {
        let x = f64::from(i) * 0.37;
        check(E::Sqr, x, x.sqrt(), 3e-9);
        check(E::Log, x, x.ln(), 3e-9);
        check(E::Exp, x / 4.0, (x / 4.0).exp(), 6e-9);
        check(E::Exp, -x / 4.0, (-x / 4.0).exp(), 6e-9);
        let big = 5e-9 * (x - 30.0).abs().max(6.0) / 6.0;
        check(E::Sin, x - 30.0, (x - 30.0).sin(), big);
        check(E::Cos, x - 30.0, (x - 30.0).cos(), big);
        check(E::Atn, x - 30.0, (x - 30.0).atan(), 3e-9);
        let t = (x - 30.0) / 25.0;
        let slope = (1.0 + t.tan().powi(2)) / t.tan().abs().max(1.0);
        check(E::Tan, t, t.tan(), 5e-9 * slope);
    }
    // ↑ on a grid
    for a in 1..20 {
        for b in -5..6 {
            let (a, b) = (f64::from(a) * 0.75, f64::from(b) * 1.5);
            fp.put(T1, &pack(a).unwrap());
            fp.set_fac(pack(b).unwrap());
            fp.load_arg(T1);
            assert!(matches!(fp.call(E::Fpwrt, 0, 0, 0), Outcome::Done(_)));
            let got = unpack(fp.fac());
            let want = a.powf(b);
            assert!(((got - want) / want).abs() < 1e-8, "{a}^{b} = {got}");
        }
    }
}
