//! Number <-> text in the open BASIC's float package (roms/src/basic/math_io.s): FIN reading
//! numbers as the interpreter feeds them (through CHRGET), FOUT writing them as PRINT and
//! STR$ show them, LINPRT. The expected texts are what genuine BASIC V2 printed in the
//! reference programs (../shared/reference/basic-v2/compat/numfmt.txt and others); the
//! expressions are evaluated in the order the interpreter evaluates them.

mod basic_math_harness;
mod shared_data;

use basic_math_harness::{E, Fp, Outcome, Rng, T0, hex, pack, reference, squeeze, unpack};

const TK_MINUS: u8 = 0xAB;
const TK_PLUS: u8 = 0xAA;

/// FIN on the text as it appears in a tokenised program: + and - after E are tokens.
fn fin_program_text(fp: &mut Fp, text: &str) {
    let bytes: Vec<u8> = text
        .bytes()
        .enumerate()
        .map(|(i, b)| {
            let after_e = i > 0 && text.as_bytes()[i - 1] == b'E';
            match b {
                b'-' if after_e => TK_MINUS,
                b'+' if after_e => TK_PLUS,
                _ => b,
            }
        })
        .collect();
    match fp.fin_bytes(&bytes) {
        (Outcome::Done(_), end) => assert_eq!(end, bytes.len(), "FIN({text:?}) stopped early"),
        (Outcome::Error(n), _) => panic!("FIN({text:?}): error {n}"),
    }
}

/// What PRINT shows for a number token of the program (a leading minus is the unary
/// operator: the number, then NEGOP).
fn print_literal(fp: &mut Fp, text: &str) -> String {
    operand(fp, text);
    fp.fout()
}

/// FAC = a op b where a and b are number texts: a is evaluated and pushed (rounded), b
/// evaluated, a popped into ARG, then the operator's routine.
fn binop(fp: &mut Fp, a: &str, op: E, b: &str) {
    operand(fp, a);
    fp.store(T0);
    operand(fp, b);
    fp.load_arg(T0);
    fp.ok(op, 0, 0, 0);
}

/// FAC = a number token of the program, with a unary minus in front if it has one.
fn operand(fp: &mut Fp, t: &str) {
    match t.strip_prefix('-') {
        Some(rest) => {
            fin_program_text(fp, rest);
            fp.ok(E::Negop, 0, 0, 0);
        }
        None => fin_program_text(fp, t),
    }
}

/// The numbers of numfmt.txt lines 1-4 in print order (the .txt wraps at 40 columns; the
/// text is re-joined here and split into the fields PRINT wrote).
#[test]
fn numfmt_literals_and_quotients_print_as_the_original() {
    let Some(txt) = reference("compat/numfmt.txt") else {
        return;
    };
    let mut fp = Fp::new();
    let mut got = String::new();
    // line 10: PRINT 1/3;2/3;-1/3;1E9;1E10;123456789;1234567890
    for (a, b) in [("1", "3"), ("2", "3"), ("-1", "3")] {
        binop(&mut fp, a, E::Fdivt, b);
        got += &fp.fout();
        got.push(' ');
    }
    for t in ["1E9", "1E10", "123456789", "1234567890"] {
        got += &print_literal(&mut fp, t);
        got.push(' ');
    }
    // line 20
    for t in [
        ".1",
        ".01",
        ".001",
        "1E-5",
        "-2.5E-10",
        "3.14159265",
        "1E38",
        "-1E-38",
    ] {
        got += &print_literal(&mut fp, t);
        got.push(' ');
    }
    // line 30: 7/2;-7/2;INT(-3.5);INT(3.99);ABS(-0);SGN(-4);SGN(0)
    binop(&mut fp, "7", E::Fdivt, "2");
    got += &fp.fout();
    got.push(' ');
    binop(&mut fp, "-7", E::Fdivt, "2");
    got += &fp.fout();
    got.push(' ');
    for (f, t) in [
        (E::Int, "-3.5"),
        (E::Int, "3.99"),
        (E::Abs, "-0"),
        (E::Sgn, "-4"),
        (E::Sgn, "0"),
    ] {
        operand(&mut fp, t);
        fp.ok(f, 0, 0, 0);
        got += &fp.fout();
        got.push(' ');
    }
    let want = joined_lines(&txt, 0, 5);
    assert_eq!(squeeze(&got), squeeze(&want), "\n got: {got}\nwant: {want}");
}

/// Rows of a reference screen, re-joined as the screen shows them (40 columns each).
fn joined_lines(txt: &str, from: usize, to: usize) -> String {
    txt.lines()
        .skip(from)
        .take(to - from)
        .map(|l| format!("{l:<40}"))
        .collect()
}

#[test]
fn str_val_and_integers_print_as_the_original() {
    let Some(txt) = reference("compat/numfmt.txt") else {
        return;
    };
    let line = |n: usize| txt.lines().nth(n).unwrap().to_string();
    let mut fp = Fp::new();
    // 60 PRINT STR$(12);STR$(-12);STR$(1.5E20);VAL("  12 34");VAL("1E3X");VAL("-.5")
    let mut got = String::new();
    for t in ["12", "-12", "1.5E20"] {
        got += &print_literal(&mut fp, t);
    }
    for (t, stop) in [("  12 34", 7), ("1E3X", 3), ("-.5", 3)] {
        let (r, end) = fp.fin_bytes(t.as_bytes());
        assert!(matches!(r, Outcome::Done(_)), "VAL({t:?}): {r:?}");
        assert_eq!(end, stop, "FIN({t:?}) stops at {stop}");
        got += &fp.fout();
        got.push(' ');
    }
    assert_eq!(got.trim_end(), line(9).trim_end());
    // 70 A%=-32767:B%=3.9:C%=-3.9:PRINT A%;B%;C%;A%/2
    let mut got = String::new();
    for t in ["-32767", "3.9", "-3.9"] {
        operand(&mut fp, t);
        fp.ok(E::Ayint, 0, 0, 0);
        let (hi, lo) = (fp.peek(0x64), fp.peek(0x65));
        fp.ok(E::Givayf, hi, 0, lo);
        got += &fp.fout();
        got.push(' ');
    }
    fp.ok(E::Givayf, 0x80, 0, 0x01); // A% = -32767
    fp.store(T0);
    operand(&mut fp, "2");
    fp.load_arg(T0);
    fp.ok(E::Fdivt, 0, 0, 0);
    got += &fp.fout();
    assert_eq!(squeeze(&got), squeeze(&line(10)));
}

#[test]
fn other_reference_numbers() {
    let Some(flow) = reference("compat/flow.txt") else {
        return;
    };
    let mut fp = Fp::new();
    // flow.bas: DATA 7,"Q,R",-1.5 read by READ (FIN sees the minus sign itself)
    let (r, _) = fp.fin_bytes(b"-1.5");
    assert!(matches!(r, Outcome::Done(_)));
    let s = fp.fout();
    assert!(flow.contains(&format!("Q,R{s}")), "{s:?} in flow.txt");
    // FOR I=10 TO 1 STEP -3 prints 10 7 4 1
    let mut got = String::new();
    operand(&mut fp, "10");
    for _ in 0..4 {
        fp.store(T0);
        got += &fp.fout();
        got.push(' ');
        operand(&mut fp, "-3");
        fp.load_arg(T0);
        fp.ok(E::Faddt, 0, 0, 0);
    }
    assert_eq!(squeeze(&got), squeeze(flow.lines().next().unwrap()));
    // bench: S printed by rndint is an integer sum
    let Some(rndint) = reference("bench/rndint.txt") else {
        return;
    };
    fp.ok(E::Givayf, (9846u16 >> 8) as u8, 0, 9846u16 as u8);
    let s = fp.fout();
    assert!(rndint.lines().any(|l| l == s), "{s:?} in rndint.txt");
}

#[test]
fn fout_layout_rules() {
    let mut fp = Fp::new();
    // 0-0 and 0+-0 are +0, printed " 0"
    for op in [E::Fsubt, E::Faddt] {
        binop(&mut fp, "0", op, "-0");
        assert_eq!(fp.fout(), " 0", "{op:?}");
        binop(&mut fp, "0", op, "0");
        assert_eq!(fp.fout(), " 0", "{op:?}");
    }
    for (x, want) in [
        (0.0, " 0"),
        (1.0, " 1"),
        (-1.0, "-1"),
        (10.0, " 10"),
        (100.0, " 100"),
        (100000000.0, " 100000000"),
        (999999999.0, " 999999999"),
        (999999999.25, " 999999999"),
        (999999999.5, " 1E+09"),
        (1e9, " 1E+09"),
        (0.5, " .5"),
        (0.05, " .05"),
        (0.01, " .01"),
        (0.0099999999, " 9.9999999E-03"),
        (0.125, " .125"),
        (1.5, " 1.5"),
        (-1234.5678, "-1234.5678"),
        (65535.0, " 65535"),
        (1e20, " 1E+20"),
        (1.5e-20, " 1.5E-20"),
        (1.7e38, " 1.7E+38"),
        (3e-39, " 3E-39"),
        (123456789012.0, " 1.23456789E+11"),
    ] {
        fp.set_fac(pack(x).unwrap());
        assert_eq!(fp.fout(), want, "FOUT({x})");
    }
}

/// FOUT against f64 formatting: nine significant digits, correctly rounded up to the
/// package's own rounding (one unit in the ninth digit), with the layout rules.
#[test]
fn fout_of_random_values_is_close_and_well_formed() {
    let mut fp = Fp::new();
    let mut r = Rng(4242);
    for _ in 0..3000 {
        let e = 0x60 + r.below(0x60) as u8;
        let b = r.next().to_le_bytes();
        let v = [e, b[0], b[1], b[2], b[3]];
        let x = unpack(v);
        fp.set_fac(v);
        let s = fp.fout();
        let (sign, body) = s.split_at(1);
        assert_eq!(sign, if x < 0.0 { "-" } else { " " }, "{s:?}");
        let y: f64 = body
            .parse()
            .unwrap_or_else(|_| panic!("{s:?} does not parse"));
        let y = if x < 0.0 { -y } else { y };
        let rel = ((y - x) / x).abs();
        assert!(
            rel < 1.2e-8,
            "FOUT({x:e}) = {s:?}, off by {rel:e} ({})",
            hex(&v)
        );
        let mantissa = body.split('E').next().unwrap();
        let digits = mantissa.trim_start_matches(['.', '0']).replace('.', "");
        assert!(digits.len() <= 9, "{s:?}: more than nine digits");
        assert!(!mantissa.ends_with('0') || !mantissa.contains('.'), "{s:?}");
        assert!(!mantissa.ends_with('.'), "{s:?}");
        let ax = x.abs();
        if s.contains('E') {
            assert!(!(0.01..999999999.0).contains(&ax), "{s:?} for {x}");
            let exp = body.split('E').nth(1).unwrap();
            assert!(exp.len() == 3 && (exp.starts_with('+') || exp.starts_with('-')));
        } else {
            assert!((0.0099999999..1e9).contains(&ax), "{s:?} for {x}");
            assert!(!body.starts_with('0'), "{s:?}: leading zero");
        }
    }
}

#[test]
fn fin_reads_integers_exactly_and_stops_where_it_should() {
    let mut fp = Fp::new();
    for n in (0u64..3000).chain([65535, 99999, 123456789, 999999999, 1234567890, 4294967295]) {
        fp.fin(&n.to_string());
        assert_eq!(unpack(fp.fac()), n as f64, "FIN({n})");
    }
    for (t, want, stop) in [
        ("12 34X", 1234.0, 5),
        ("1.2.3", 1.2, 3),
        ("1E3X", 1000.0, 3),
        ("1E", 1.0, 2),
        ("1E+2", 100.0, 4),
        ("1E-2", 0.01, 4),
        ("+7", 7.0, 2),
        ("-7", -7.0, 2),
        (".5:", 0.5, 2),
        ("2.5E-1", 0.25, 6),
        ("3A", 3.0, 1),
        ("1E-123", 0.0, 6),
        ("1E2.5", 100.0, 3),
    ] {
        let (r, end) = fp.fin_bytes(t.as_bytes());
        assert!(matches!(r, Outcome::Done(_)), "FIN({t:?}): {r:?}");
        let got = unpack(fp.fac());
        let tol = f64::abs(want) * 1e-9;
        assert!((got - want).abs() <= tol, "FIN({t:?}) = {got}");
        assert_eq!(end, stop, "FIN({t:?}) stopped at {end}");
    }
    // tokens after E, as in program text
    fp.fin_bytes(&[b'5', b'E', TK_MINUS, b'1']);
    assert!((unpack(fp.fac()) - 0.5).abs() < 1e-9);
    fp.fin_bytes(&[b'5', b'E', TK_PLUS, b'1']);
    assert_eq!(unpack(fp.fac()), 50.0);
    for t in [
        "1E39",
        "1E123",
        "9E38",
        "1000000000000000000000000000000000000000",
    ] {
        assert_eq!(
            fp.fin_bytes(t.as_bytes()).0,
            Outcome::Error(15),
            "FIN({t:?})"
        );
    }
}

#[test]
fn fin_then_fout_round_trips_nine_digits() {
    let mut fp = Fp::new();
    let mut r = Rng(31337);
    for _ in 0..1500 {
        let digits = 100_000_000 + r.below(900_000_000);
        let exp = r.below(60) as i32 - 30;
        let text = format!("{digits}E{exp}");
        fp.fin(&text);
        let s = fp.fout();
        let x: f64 = s.trim().parse().unwrap();
        let want: f64 = text.parse().unwrap();
        assert!(((x - want) / want).abs() < 1.1e-8, "{text} -> {s:?}");
    }
}

/// FOUTY with Y = 0 puts the sign at $FF, so the text at $0100 starts with the first digit
/// (how line numbers are printed).
#[test]
fn fouty_without_the_sign_cell() {
    let mut fp = Fp::new();
    for n in [0u16, 5, 10, 20, 9999, 32768, 63999, 65535] {
        fp.put(0x62, &[(n >> 8) as u8, n as u8, 0, 0]);
        fp.ok(E::Fltu32, 0, 0x90, 0);
        fp.ok(E::Fouty, 0, 0, 0);
        assert_eq!((fp.cpu.a, fp.cpu.y), (0x00, 0x01));
        assert_eq!(fp.cstr(0x0100), n.to_string());
        assert_eq!(fp.peek(0xFF), b' ');
    }
}

#[test]
fn linprt_prints_without_a_leading_space() {
    let mut fp = Fp::new();
    for n in [0u16, 5, 10, 20, 9999, 32768, 63999, 65535] {
        fp.output.clear();
        fp.ok(E::Linprt, (n >> 8) as u8, n as u8, 0);
        assert_eq!(String::from_utf8_lossy(&fp.output), n.to_string());
    }
}
