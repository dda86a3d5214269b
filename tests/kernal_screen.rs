//! CHROUT to the screen, code by code, on the emulated machine: colours, reverse, cursor
//! moves and their wrapping, CLR/HOME, INST/DEL, quote and insert mode, case codes,
//! logical lines (link table $D9-$F2, $D5) and scrolling that keeps them together, PLOT,
//! and reading lines back from the screen with CHRIN.

mod kernal_support;
use kernal_support::*;

use breadbin::C64;

fn clear(c: &mut C64) {
    print(c, &[0x93]);
}

#[test]
fn chrout_keeps_registers_and_clears_carry() {
    let mut c = machine();
    for ch in [b'A', 0x0D, 0x93, 0x11, 0x1C] {
        let r = call(
            &mut c,
            0xFFD2,
            Regs {
                a: ch,
                x: 0x5A,
                y: 0xA5,
                carry: true,
                ..Regs::default()
            },
        );
        assert_eq!(
            (r.a, r.x, r.y, r.carry),
            (ch, 0x5A, 0xA5, false),
            "code {ch:02X}"
        );
    }
}

#[test]
fn the_sixteen_colour_codes() {
    let codes = [
        0x90, 0x05, 0x1C, 0x9F, 0x9C, 0x1E, 0x1F, 0x9E, 0x81, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A,
        0x9B,
    ];
    let mut c = machine();
    clear(&mut c);
    for (colour, &code) in codes.iter().enumerate() {
        print(&mut c, &[code, b'A']);
        assert_eq!(c.peek(0x0286), colour as u8, "code {code:02X} sets COLOR");
        assert_eq!(
            c.peek(0xD800 + colour as u16) & 15,
            colour as u8,
            "colour RAM"
        );
    }
    assert_eq!(
        row_text(&c, 0),
        sc("AAAAAAAAAAAAAAAA"),
        "colour codes print nothing"
    );
    // POKE 646 works as well.
    c.poke_ram(0x0286, 3);
    print(&mut c, b"Z");
    assert_eq!(c.peek(0xD800 + 16) & 15, 3);
}

#[test]
fn clear_screen_fills_spaces_in_the_text_colour_and_homes() {
    let mut c = machine();
    print(&mut c, b"\x11\x11\x1d\x1dXYZ\x9e");
    clear(&mut c);
    assert!(c.screen_codes().iter().all(|&s| s == 0x20));
    assert!(
        (0..1000).all(|i| c.peek(0xD800 + i) & 15 == 7),
        "yellow colour RAM"
    );
    assert_eq!(cursor(&c), (0, 0, 39));
    assert!(
        (0..25).all(|r| starts_line(&c, r)),
        "every row its own line"
    );
    // Fixed entries: $E544 clears, $E566 homes.
    print(&mut c, b"\x11\x11ABC");
    call(&mut c, 0xE566, Regs::default());
    assert_eq!(cursor(&c), (0, 0, 39));
    call(&mut c, 0xE544, Regs::default());
    assert_eq!(row_text(&c, 2), Vec::<u8>::new());
}

#[test]
fn reverse_on_off_and_return_ends_reverse() {
    let mut c = machine();
    clear(&mut c);
    print(&mut c, b"\x12AB\x92C\r\x12D\rE");
    assert_eq!(&screen_row(&c, 0)[..3], &[0x81, 0x82, 0x03]);
    assert_eq!(screen_row(&c, 1)[0], 0x84);
    assert_eq!(screen_row(&c, 2)[0], 0x05, "RETURN switched reverse off");
}

#[test]
fn cursor_moves_and_their_edges() {
    let mut c = machine();
    clear(&mut c);
    print(&mut c, b"\x11\x11\x1d\x1d\x1d");
    assert_eq!(cursor(&c), (2, 3, 39));
    print(&mut c, b"\x91\x9d");
    assert_eq!(cursor(&c), (1, 2, 39));
    print(&mut c, b"\x13");
    assert_eq!(cursor(&c), (0, 0, 39));
    print(&mut c, b"\x91\x9d");
    assert_eq!(cursor(&c), (0, 0, 39), "nothing above or left of home");
    print(&mut c, b"\x11\x9d");
    assert_eq!(
        cursor(&c),
        (0, 39, 39),
        "left from column 0 wraps to the row above"
    );
    print(&mut c, b"\x1d");
    assert_eq!(
        cursor(&c),
        (1, 0, 39),
        "right from column 39 wraps to the next row"
    );
    // Down from the bottom row scrolls.
    print(&mut c, b"TOPLINE\x13");
    for _ in 0..24 {
        print(&mut c, b"\x11");
    }
    assert_eq!(cursor(&c).0, 24);
    print(&mut c, b"\x11");
    assert_eq!(cursor(&c).0, 24);
    assert_eq!(row_text(&c, 0), sc("TOPLINE"), "row 1 moved to row 0");
}

#[test]
fn case_codes_and_lock() {
    let mut c = machine();
    print(&mut c, &[0x0E]);
    assert_eq!(c.peek(0xD018) & 0x02, 0x02, "CHR$(14): lower case set");
    print(&mut c, &[0x8E]);
    assert_eq!(c.peek(0xD018) & 0x02, 0x00, "CHR$(142): upper case set");
    print(&mut c, &[0x08]);
    assert_eq!(c.peek(0x0291), 0x80);
    print(&mut c, &[0x09]);
    assert_eq!(c.peek(0x0291), 0x00);
}

#[test]
fn delete_and_insert_within_a_line() {
    let mut c = machine();
    clear(&mut c);
    print(&mut c, b"ABCDEF\x9d\x9d\x9d\x14");
    assert_eq!(row_text(&c, 0), sc("ABDEF"));
    assert_eq!(cursor(&c), (0, 2, 39));
    print(&mut c, b"\x94");
    assert_eq!(row_text(&c, 0), sc("AB DEF"));
    assert_eq!(cursor(&c), (0, 2, 39), "INST keeps the cursor");
    assert_eq!(c.peek(0xD8), 1, "one insert pending");
    // DEL at the start of a line backs up to the end of the row above.
    print(&mut c, b"\r");
    print(&mut c, &[0x13]);
    print(&mut c, &[0x11; 1]);
    c.poke_ram(0x0400 + 39, 0x18);
    print(&mut c, &[0x14]);
    assert_eq!(cursor(&c), (0, 39, 39));
    assert_eq!(
        screen_row(&c, 0)[39],
        0x20,
        "the last character of the row above went"
    );
    print(&mut c, &[0x13, 0x14]);
    assert_eq!(cursor(&c), (0, 0, 39), "DEL at home does nothing");
    assert_eq!(screen_row(&c, 0)[0], 1);
}

#[test]
fn quote_mode_shows_control_codes_reversed() {
    let mut c = machine();
    clear(&mut c);
    let controls: Vec<u8> = (0x00..0x20u8)
        .chain(0x80..0xA0)
        .filter(|&b| b != 0x0D && b != 0x8D && b != 0x14 && b != 0x94)
        .collect();
    print(&mut c, b"\"");
    for &code in &controls {
        let at = c.peek_word(0xD1) + c.peek(0xD3) as u16;
        print(&mut c, &[code]);
        let want = if code < 0x80 {
            code | 0x80
        } else {
            code + 0x40
        };
        let got = c.peek(at);
        assert_eq!(got, want, "code {code:02X} in quote mode");
    }
    assert_eq!(c.peek(0x0286), 14, "colour codes in quotes change nothing");
    assert_eq!(c.peek(0xC7), 0, "nor does RVS ON");
    // A second quote ends quote mode; DEL still deletes inside quotes.
    print(&mut c, b"\r\"AB\x14\"\x12X");
    assert_eq!(&screen_row(&c, 2)[..4], &[0x22, 0x01, 0x22, 0x98]);
}

#[test]
fn insert_mode_shows_control_codes_and_del_reversed() {
    let mut c = machine();
    clear(&mut c);
    print(&mut c, b"XY\x9d\x94\x94\x14\x1c");
    // Two inserts opened; DEL and RED arrive in insert mode and show as reversed T and £.
    assert_eq!(&screen_row(&c, 0)[..4], &[0x18, 0x94, 0x9C, 0x19]);
    assert_eq!(c.peek(0xD8), 0, "inserts used up");
    assert_eq!(c.peek(0x0286), 14);
    print(&mut c, b"\x14");
    assert_eq!(
        &screen_row(&c, 0)[..3],
        &[0x18, 0x94, 0x19],
        "and DEL deletes again"
    );
}

#[test]
fn a_long_line_links_rows_and_opens_a_row_below() {
    let mut c = machine();
    clear(&mut c);
    print(
        &mut c,
        b"\x11\x11\x11FIRST\x13\x11\x11\x11\x11SECOND\x13\x11\x11\x11",
    );
    let long: Vec<u8> = (0..45).map(|i| b'A' + (i % 26) as u8).collect();
    print(&mut c, &long);
    assert_eq!(
        cursor(&c),
        (4, 45, 79),
        "row 4, column 45 of an 80-column line"
    );
    assert!(
        starts_line(&c, 3) && !starts_line(&c, 4),
        "row 4 continues row 3"
    );
    assert_eq!(
        row_text(&c, 5),
        sc("SECOND"),
        "the line below was pushed down"
    );
    assert_eq!(&row_text(&c, 4)[..5], &sc("OPQRS")[..]);
    // With AUTODN set the next row is taken over instead.
    clear(&mut c);
    c.poke_ram(0x0292, 1);
    print(&mut c, b"\x11KEEP\x13");
    print(&mut c, &long);
    assert_eq!(row_text(&c, 1), sc("OPQRS"), "KEEP was overwritten");
    assert!(!starts_line(&c, 1));
}

#[test]
fn eighty_characters_end_a_logical_line() {
    let mut c = machine();
    clear(&mut c);
    print(&mut c, &[b'X'; 80]);
    assert_eq!(
        cursor(&c),
        (2, 0, 39),
        "the 81st column starts a new line on row 2"
    );
    assert!(starts_line(&c, 0) && !starts_line(&c, 1) && starts_line(&c, 2));
    print(&mut c, b"Y\r");
    assert_eq!(cursor(&c), (3, 0, 39));
}

#[test]
fn return_leaves_the_whole_logical_line() {
    let mut c = machine();
    clear(&mut c);
    print(&mut c, &[b'X'; 50]);
    print(&mut c, &[0x13]); // home: row 0 is the first row of the 2-row line
    print(&mut c, b"\r");
    assert_eq!(cursor(&c), (2, 0, 39));
    print(&mut c, &[0x13, 0x8D]);
    assert_eq!(cursor(&c), (2, 0, 39), "SHIFT+RETURN moves the same way");
}

#[test]
fn scrolling_keeps_logical_lines_together() {
    let mut c = machine();
    clear(&mut c);
    print(&mut c, &[b'L'; 50]); // rows 0-1: one logical line
    print(&mut c, b"\r");
    for i in 0..22 {
        print(&mut c, &[b'A' + i as u8, b'\r']);
    }
    // The cursor is on row 24; one more RETURN scrolls the two-row top line away.
    assert_eq!(cursor(&c).0, 24);
    print(&mut c, b"\r");
    assert_eq!(
        row_text(&c, 0),
        sc("A"),
        "both rows of the top line left together"
    );
    assert_eq!(cursor(&c).0, 23);
    assert!((0..25).all(|r| starts_line(&c, r)));
    // Colour RAM moves with the text.
    clear(&mut c);
    print(&mut c, b"\x1cR\r\x1eG\r");
    for _ in 0..23 {
        print(&mut c, b"\r");
    }
    assert_eq!(row_text(&c, 0), sc("G"));
    assert_eq!(c.peek(0xD800) & 15, 5, "green moved up with its character");
}

#[test]
fn plot_reads_and_sets_the_cursor_in_logical_lines() {
    let mut c = machine();
    clear(&mut c);
    print(&mut c, &[b'X'; 50]);
    let r = call(
        &mut c,
        0xFFF0,
        Regs {
            carry: true,
            ..Regs::default()
        },
    );
    assert_eq!((r.x, r.y), (1, 50), "row 1, column 50 of the logical line");
    call(
        &mut c,
        0xFFF0,
        Regs {
            x: 1,
            y: 5,
            carry: false,
            ..Regs::default()
        },
    );
    assert_eq!(
        cursor(&c),
        (1, 45, 79),
        "column 5 of a continuation row is column 45"
    );
    assert_eq!(
        c.peek_word(0xD1),
        0x0400,
        "PNT: the logical line's first row"
    );
    print(&mut c, b"@");
    assert_eq!(screen_row(&c, 1)[5], 0);
    let s = call(&mut c, 0xFFED, Regs::default());
    assert_eq!((s.x, s.y), (40, 25), "SCREEN");
}

/// Feed keys to CHRIN through the buffer and read one line.
fn read_line(c: &mut C64, keys: &[u8]) -> Vec<u8> {
    for (i, &k) in keys.iter().enumerate() {
        c.poke_ram(0x0277 + i as u16, k);
    }
    c.poke_ram(0xC6, keys.len() as u8);
    let mut line = Vec::new();
    loop {
        let r = call(c, 0xFFCF, Regs::default());
        if r.a == 0x0D {
            return line;
        }
        line.push(r.a);
        assert!(line.len() <= 80, "no RETURN after 80 characters");
    }
}

#[test]
fn chrin_reads_the_logical_line_under_the_cursor() {
    // 60 keys typed on the matrix into the driver's CHRIN loop: one line over two rows.
    let mut c = booted();
    let long: String = (0..60).map(|i| (b'A' + (i % 26) as u8) as char).collect();
    type_text(&mut c, &format!("{long}{{RETURN}}"));
    for _ in 0..3 {
        c.run_frame();
    }
    assert_eq!(c.peek(LENGTH), 61);
    assert_eq!(&c.ram()[0x200..0x200 + 60], long.as_bytes());
    assert_eq!(cursor(&c), (3, 0, 39), "then the cursor is below the line");
    park(&mut c);

    // Move up onto an earlier line and press RETURN: that line is read from its start.
    clear(&mut c);
    print(&mut c, b"10 PRINT \"HI\"   \r\r");
    assert_eq!(
        read_line(&mut c, &[0x91, 0x91, 0x1D, 0x1D, 0x0D]),
        b"10 PRINT \"HI\""
    );

    // Reversed characters inside quotes read back as the control codes that made them;
    // outside quotes as plain characters; pi as $FF.
    clear(&mut c);
    print(&mut c, b"\"\x12\x93\x1c\"\x12AB\x92 \xff\r");
    assert_eq!(
        read_line(&mut c, &[0x91, 0x0D]),
        [0x22, 0x12, 0x93, 0x1C, 0x22, b'A', b'B', b' ', 0xFF]
    );
}

#[test]
fn chrin_from_the_screen_device_reads_from_the_cursor() {
    let mut c = machine();
    clear(&mut c);
    print(&mut c, b"HELLO WORLD\x13\x1d\x1d\x1d\x1d\x1d\x1d");
    c.poke_ram(0x99, 3); // input from the screen
    let mut got = Vec::new();
    loop {
        let r = call(&mut c, 0xFFCF, Regs::default());
        if r.a == 0x0D {
            break;
        }
        got.push(r.a);
    }
    assert_eq!(got, b"WORLD");
}

#[test]
fn autodn_takeover_keeps_lines_at_two_rows() {
    let mut c = machine();
    clear(&mut c);
    c.poke_ram(0x0292, 1);
    print(&mut c, b"\x11");
    print(&mut c, &[b'B'; 50]); // rows 1-2: one logical line
    print(&mut c, &[0x13]);
    print(&mut c, &[b'A'; 41]); // row 0 grows into row 1, taking it over
    assert!(starts_line(&c, 0) && !starts_line(&c, 1));
    assert!(
        starts_line(&c, 2),
        "row 2 no longer continues a continuation"
    );
}

#[test]
fn clear_screen_forgets_a_shown_cursor() {
    let mut c = machine();
    clear(&mut c);
    print(&mut c, b"\x11\x11\x1d\x1dQ\x9d"); // the cursor sits on the Q
    c.poke_ram(0xCC, 0); // a program shows the cursor (POKE 204,0)
    while c.peek(0xCF) == 0 {
        c.run_frame();
    }
    print(&mut c, &[0x93]); // CLR while the cursor shows the reversed Q
    for _ in 0..60 {
        c.run_frame();
    }
    assert!(
        c.screen_codes().iter().all(|&s| s == 0x20 || s == 0xA0),
        "only spaces and the blinking cursor: the Q must not come back"
    );
}

#[test]
fn programs_reach_the_screen_output_cint_and_basics_set_up_at_their_old_addresses() {
    let mut c = machine();
    clear(&mut c);
    // $E716 prints on the screen, keeping the registers.
    let r = call(
        &mut c,
        0xE716,
        Regs {
            a: b'Q',
            x: 0x12,
            y: 0x34,
            ..Regs::default()
        },
    );
    assert_eq!((r.a, r.x, r.y), (b'Q', 0x12, 0x34));
    assert_eq!(row_text(&c, 0), vec![0x11]);
    // $FF5B is CINT: the screen cleared, the cursor home.
    call(&mut c, 0xFF5B, Regs::default());
    assert_eq!(row_text(&c, 0), Vec::<u8>::new());
    assert_eq!(cursor(&c), (0, 0, 39));
    // $E453 sets BASIC's vectors, $E3BF its RAM (the JMP before USR's address among it).
    for v in 0x0300..0x030C {
        c.poke_ram(v, 0);
    }
    c.poke_ram(0x0310, 0);
    call(&mut c, 0xE453, Regs::default());
    call(&mut c, 0xE3BF, Regs::default());
    assert!((0x0300..0x030C).all(|v| c.ram()[v] != 0), "the vectors");
    assert_eq!(c.ram()[0x0310], 0x4C, "USR's JMP");
}
