//! The open KERNAL's screen editor on the emulated machine: CHROUT's control codes, logical
//! lines and scrolling, PLOT, and line input through CHRIN. The replays at the top feed the
//! KERNAL the exact character stream that BASIC sends for programs of the genuine-ROM
//! reference set (../shared/reference/basic-v2/compat) and compare the 1,000 screen codes
//! with those the genuine ROMs left.

mod shared_data;

mod kernal_support;
use kernal_support::*;

use breadbin::C64;

const REFERENCE: &str = "../shared/reference/basic-v2/compat";

fn reference_screen(name: &str) -> Option<Vec<u8>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(REFERENCE)
        .join(format!("{name}.screen"));
    match std::fs::read(&path) {
        Ok(b) => Some(b),
        Err(e) => shared_data::absent(&format!("{} ({e})", path.display())),
    }
}

fn assert_screen(c64: &C64, expected: &[u8], name: &str) {
    let got = c64.screen_codes();
    for row in 0..25 {
        assert_eq!(
            &got[row * 40..row * 40 + 40],
            &expected[row * 40..row * 40 + 40],
            "{name}: screen row {row} differs from the genuine ROMs' screen"
        );
    }
}

/// What BASIC prints for a number on the screen: sign or space, digits, a space.
fn num(n: i32) -> Vec<u8> {
    let s = if n < 0 {
        format!("{n} ")
    } else {
        format!(" {n} ")
    };
    s.into_bytes()
}

/// BASIC's READY prompt after a program ends.
fn ready(c64: &mut C64) {
    print(c64, b"\rREADY.\r");
}

/// Read one line with CHRIN from the keyboard, as BASIC's INPUT does.
fn chrin_line(c64: &mut C64) -> Vec<u8> {
    let mut line = Vec::new();
    loop {
        let r = call(c64, 0xFFCF, Regs::default());
        if r.a == 0x0D {
            return line;
        }
        line.push(r.a);
        assert!(line.len() < 100, "CHRIN never returned RETURN");
    }
}

/// Put keys into the keyboard buffer as POKE 631.../POKE 198,n do.
fn stuff_keys(c64: &mut C64, keys: &[u8]) {
    for (i, &k) in keys.iter().enumerate() {
        c64.poke_ram(0x0277 + i as u16, k);
    }
    c64.poke_ram(0xC6, keys.len() as u8);
}

#[test]
fn replay_of_compat_editor_matches_the_genuine_screen() {
    let Some(expected) = reference_screen("editor") else {
        return;
    };
    let mut c = machine();
    print(&mut c, &[0x93]);
    // 10 PRINT"{RED}R{GRN}G{BLU}B{WHITE}W{YELLOW}Y{LBLU}":FORI=0TO4:PRINTPEEK(55296+I)AND15;:NEXT:PRINT
    print(&mut c, b"\x1cR\x1eG\x1fB\x05W\x9eY\x9a\r");
    let colours: Vec<u8> = (0..5).map(|i| c.peek(0xD800 + i) & 15).collect();
    assert_eq!(colours, [2, 5, 6, 1, 7]);
    for v in colours {
        print(&mut c, &num(v as i32));
    }
    print(&mut c, b"\r");
    // 20 PRINT"AB{LEFT}{LEFT}X":PRINT"{RVS ON}REV{RVS OFF}N"
    print(&mut c, b"AB\x9d\x9dX\r\x12REV\x92N\r");
    // 30 PRINT"ABCDEF{LEFT}{LEFT}{DEL}{DEL}"
    print(&mut c, b"ABCDEF\x9d\x9d\x14\x14\r");
    // 40 PRINT"12345{LEFT}{LEFT}{LEFT}{INST}{INST}Z"
    print(&mut c, b"12345\x9d\x9d\x9d\x94\x94Z\r");
    // 50 PRINTCHR$(34);"{DOWN}{RED}";CHR$(34);"{DOWN}X"
    print(&mut c, b"\"\x11\x1c\"\x11X\r");
    // 60 A$=...(50 characters):PRINTA$:PRINTPEEK(213);PEEK(214)
    let a: Vec<u8> = (1..=50).map(|i| 64 + (i & 31)).collect();
    print(&mut c, &a);
    print(&mut c, b"\r");
    let (lnmx, row) = (c.peek(213), c.peek(214));
    assert_eq!(
        (lnmx, row),
        (39, 10),
        "PEEK(213);PEEK(214) after a two-row line"
    );
    print(&mut c, &num(lnmx as i32));
    print(&mut c, &num(row as i32));
    print(&mut c, b"\r");
    // 70 FORI=1TO3:PRINT"{UP}";:NEXT:PRINT"{RIGHT}{RIGHT}UP3"
    print(&mut c, b"\x91\x91\x91\x1d\x1dUP3\r");
    ready(&mut c);
    assert_screen(&c, &expected, "editor");
}

#[test]
fn replay_of_compat_scroll_matches_the_genuine_screen() {
    let Some(expected) = reference_screen("scroll") else {
        return;
    };
    let mut c = machine();
    print(&mut c, &[0x93]);
    for i in 1..=24 {
        print(&mut c, b"ROW");
        print(&mut c, &num(i));
        print(&mut c, b"\r");
    }
    let a: Vec<u8> = (1..=45).map(|i| 65 + (i & 15)).collect();
    print(&mut c, &a);
    print(&mut c, b"END\r");
    let top = c.peek(1024);
    assert_eq!(top, 18, "PEEK(1024) after two scrolls");
    print(&mut c, &num(top as i32));
    print(&mut c, b"\r");
    let mut s = vec![0x13];
    s.extend([0x11; 23]);
    s.extend(b"\x1d\x1dX\x13TOP\r");
    print(&mut c, &s);
    ready(&mut c);
    assert_screen(&c, &expected, "scroll");
}

#[test]
fn replay_of_compat_sysplot_matches_the_genuine_screen() {
    let Some(expected) = reference_screen("sysplot") else {
        return;
    };
    let mut c = machine();
    print(&mut c, &[0x93]);
    for r in 0..5u8 {
        call(
            &mut c,
            0xFFF0,
            Regs {
                x: r * 2,
                y: r * 5,
                carry: false,
                ..Regs::default()
            },
        );
        print(&mut c, b"R");
        print(&mut c, &num(r as i32));
    }
    let read = call(
        &mut c,
        0xFFF0,
        Regs {
            carry: true,
            ..Regs::default()
        },
    );
    assert_eq!((read.x, read.y), (8, 24), "PLOT reads row 8, column 24");
    print(&mut c, b"\r");
    print(&mut c, &num(read.x as i32));
    print(&mut c, &num(read.y as i32));
    print(&mut c, b"\r");
    // 30 POKE214,12:POKE211,3:SYS58732:PRINT"AT 12,3"
    c.poke_ram(214, 12);
    c.poke_ram(211, 3);
    call(&mut c, 58732, Regs::default());
    print(&mut c, b"AT 12,3\r");
    // 40 PRINTPEEK(214);PEEK(211);PEEK(646)AND15;PEEK(53281)AND15
    let row = c.peek(214);
    print(&mut c, &num(row as i32));
    let col = c.peek(211);
    print(&mut c, &num(col as i32));
    let colour = c.peek(646) & 15;
    print(&mut c, &num(colour as i32));
    let bg = c.peek(53281) & 15;
    print(&mut c, &num(bg as i32));
    print(&mut c, b"\r");
    assert_eq!((row, col, colour, bg), (13, 4, 14, 6));
    // 50 POKE646,7:PRINT"{HOME}{18 DOWN}YELLOW?":PRINTPEEK(55296+18*40)AND15
    c.poke_ram(646, 7);
    let mut s = vec![0x13];
    s.extend([0x11; 18]);
    s.extend(b"YELLOW?\r");
    print(&mut c, &s);
    let y = c.peek(55296 + 18 * 40) & 15;
    assert_eq!(y, 7);
    print(&mut c, &num(y as i32));
    print(&mut c, b"\r");
    ready(&mut c);
    assert_screen(&c, &expected, "sysplot");
}

#[test]
fn replay_of_compat_input_matches_the_genuine_screen() {
    let Some(expected) = reference_screen("input") else {
        return;
    };
    let mut c = machine();
    print(&mut c, &[0x93]);
    // 10 ...:INPUT"NUM";A:PRINTA*2
    stuff_keys(&mut c, b"12\r");
    print(&mut c, b"NUM? ");
    assert_eq!(
        chrin_line(&mut c),
        b"12",
        "the prompt is not part of the input"
    );
    print(&mut c, &num(24));
    print(&mut c, b"\r");
    // 20 ...:INPUTA$:PRINTA$;LEN(A$)
    stuff_keys(&mut c, b"HI\r");
    print(&mut c, b"? ");
    assert_eq!(chrin_line(&mut c), b"HI");
    print(&mut c, b"HI");
    print(&mut c, &num(2));
    print(&mut c, b"\r");
    // 30 POKE631,65:POKE198,1:GETK$:PRINTK$;ASC(K$):GETK$:PRINTLEN(K$)
    stuff_keys(&mut c, b"A");
    let k = call(&mut c, 0xFFE4, Regs::default());
    assert_eq!(k.a, 65);
    print(&mut c, b"A");
    print(&mut c, &num(65));
    print(&mut c, b"\r");
    let k = call(&mut c, 0xFFE4, Regs::default());
    assert_eq!(k.a, 0, "GETIN on an empty buffer");
    print(&mut c, &num(0));
    print(&mut c, b"\r");
    // 40 ...:INPUTX,Y:PRINTX+Y
    stuff_keys(&mut c, b"1,2\r");
    print(&mut c, b"? ");
    assert_eq!(chrin_line(&mut c), b"1,2");
    print(&mut c, &num(3));
    print(&mut c, b"\r");
    // 50 ...:INPUTN:PRINTN  (A, then 7)
    stuff_keys(&mut c, b"A\r7\r");
    print(&mut c, b"? ");
    assert_eq!(chrin_line(&mut c), b"A");
    print(&mut c, b"?REDO FROM START\r? ");
    assert_eq!(chrin_line(&mut c), b"7");
    print(&mut c, &num(7));
    print(&mut c, b"\r");
    // 60 ...:INPUTP:PRINTP
    stuff_keys(&mut c, b"3,4\r");
    print(&mut c, b"? ");
    assert_eq!(chrin_line(&mut c), b"3,4");
    print(&mut c, b"?EXTRA IGNORED\r");
    print(&mut c, &num(3));
    print(&mut c, b"\r");
    ready(&mut c);
    assert_screen(&c, &expected, "input");
}
