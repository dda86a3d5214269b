//! The open BASIC interpreter on breadbin's machine with the open ROMs: what the reference
//! programs do not cover. Line editing and LIST ranges, the tokeniser, INPUT and GET, STOP,
//! END and CONT, the error messages, string space and garbage collection, FN, SYS and USR,
//! files on the screen device. Expected screens follow the documented behaviour of
//! Commodore BASIC V2 (message wording and layout as the genuine ROM prints them).

mod basic_interp_machine;

use basic_interp_machine::Basic;

fn rows(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// Run `program` (the first line clears the screen) and compare all rows of the screen.
fn check(program: &str, answers: &str, expected: &[&str]) {
    let got = Basic::output(program, answers);
    assert_eq!(got, rows(expected), "program:\n{program}");
}

#[test]
fn boot_screen_has_our_banner_and_the_memory_figures() {
    let b = Basic::boot();
    let r = b.rows();
    assert_eq!(r[0], "");
    assert!(
        r[1].contains("****") && !r[1].contains("COMMODORE"),
        "{r:?}"
    );
    assert_eq!(r[3], " 64K RAM SYSTEM  38911 BASIC BYTES FREE");
    assert_eq!(r[5], "READY.");
    // TXTTAB $0801, the zero before it, MEMSIZ $A000, CHRGET copied to $73.
    assert_eq!(b.c64.peek_word(0x2B), 0x0801);
    assert_eq!(b.c64.peek(0x0800), 0);
    assert_eq!(b.c64.peek_word(0x37), 0xA000);
    assert_eq!(b.c64.peek(0x73), 0xE6);
    assert_eq!(b.c64.peek(0x79), 0xAD);
    assert_eq!(
        b.c64.peek(0x3A),
        0x00,
        "CURLIN+1 after power-on, as on the C64"
    );
}

#[test]
fn lines_are_entered_replaced_deleted_and_listed_by_range() {
    let mut b = Basic::boot();
    for line in [
        "10 PRINT \"A\"",
        "20 PRINT \"B\"",
        "30 PRINT \"C\"",
        "20 PRINT \"X\"",
        "25 REM HI",
        "30",
        "5 A=1",
    ] {
        b.enter(line);
    }
    let listing = |b: &mut Basic, cmd: &str| {
        b.enter(&format!("{{CLR}}{cmd}"));
        b.rows()
    };
    assert_eq!(
        listing(&mut b, "LIST"),
        rows(&[
            "LIST",
            "",
            "5 A=1",
            "10 PRINT \"A\"",
            "20 PRINT \"X\"",
            "25 REM HI",
            "READY."
        ])
    );
    assert_eq!(
        listing(&mut b, "LIST 20"),
        rows(&["LIST 20", "", "20 PRINT \"X\"", "READY."])
    );
    assert_eq!(
        listing(&mut b, "LIST -10"),
        rows(&["LIST -10", "", "5 A=1", "10 PRINT \"A\"", "READY."])
    );
    assert_eq!(
        listing(&mut b, "LIST 11-"),
        rows(&["LIST 11-", "", "20 PRINT \"X\"", "25 REM HI", "READY."])
    );
    assert_eq!(
        listing(&mut b, "LIST 6-24"),
        rows(&[
            "LIST 6-24",
            "",
            "10 PRINT \"A\"",
            "20 PRINT \"X\"",
            "READY."
        ])
    );
    b.enter("{CLR}RUN");
    assert_eq!(b.rows(), rows(&["RUN", "A", "X", "", "READY."]));
    // The program's lines stay linked in memory after the edits.
    let mut at = 0x0801u16;
    let mut numbers = Vec::new();
    while b.c64.peek_word(at) != 0 {
        numbers.push(b.c64.peek_word(at + 2));
        at = b.c64.peek_word(at);
    }
    assert_eq!(numbers, vec![5, 10, 20, 25]);
    assert_eq!(b.c64.peek_word(0x2D), at + 2, "VARTAB after the end marker");
    b.enter("NEW");
    b.enter("{CLR}LIST");
    assert_eq!(b.rows(), rows(&["LIST", "", "READY."]));
}

#[test]
fn typed_lines_are_tokenised_as_the_original_does() {
    let mut b = Basic::boot();
    b.enter("10 ?\"FOR\":P{SHIFT-O}53280,1:DATA AND,\"OR\":GOTO10");
    b.enter("20 REM TO \"NOT\"");
    b.enter("30 IFX=ATOBTHEN");
    let line = |b: &Basic, at: u16| {
        let mut v = Vec::new();
        let mut a = at + 4;
        while b.c64.peek(a) != 0 {
            v.push(b.c64.peek(a));
            a += 1;
        }
        v
    };
    let mut expected = vec![0x99, b'"', b'F', b'O', b'R', b'"', b':', 0x97];
    expected.extend_from_slice(b"53280,1:");
    expected.push(0x83);
    expected.extend_from_slice(b" AND,\"OR\":");
    expected.push(0x89);
    expected.extend_from_slice(b"10");
    assert_eq!(line(&b, 0x0801), expected);
    let second = b.c64.peek_word(0x0801);
    let mut expected = vec![0x8F];
    expected.extend_from_slice(b" TO \"NOT\"");
    assert_eq!(line(&b, second), expected);
    let third = b.c64.peek_word(second);
    // IFX=ATOBTHEN: IF X = A TO B THEN, keywords found inside the names.
    assert_eq!(
        line(&b, third),
        vec![0x8B, b'X', 0xB2, b'A', 0xA4, b'B', 0xA7]
    );
    b.enter("{CLR}LIST 10");
    assert_eq!(
        b.rows(),
        rows(&[
            "LIST 10",
            "",
            "10 PRINT\"FOR\":POKE53280,1:DATA AND,\"OR\":",
            "GOTO10",
            "READY."
        ])
    );
}

#[test]
fn errors_print_the_original_messages() {
    let cases: &[(&str, &str)] = &[
        ("10 READ A", "?OUT OF DATA  ERROR IN 10"),
        ("10 GOTO 50", "?UNDEF'D STATEMENT  ERROR IN 10"),
        ("10 NEXT", "?NEXT WITHOUT FOR  ERROR IN 10"),
        ("10 A$=1", "?TYPE MISMATCH  ERROR IN 10"),
        ("10 A=\"X\"+1", "?TYPE MISMATCH  ERROR IN 10"),
        (
            "10 A$=\"X\":FORI=1TO9:A$=A$+A$:NEXT",
            "?STRING TOO LONG  ERROR IN 10",
        ),
        ("10 DIMA(5):DIMA(5)", "?REDIM'D ARRAY  ERROR IN 10"),
        ("10 PRINT FNA(1)", "?UNDEF'D FUNCTION  ERROR IN 10"),
        ("10 PRINT CHR$(256)", "?ILLEGAL QUANTITY  ERROR IN 10"),
        ("10 A%=40000", "?ILLEGAL QUANTITY  ERROR IN 10"),
        ("10 PRINT A(-1)", "?ILLEGAL QUANTITY  ERROR IN 10"),
        ("10 A(1,2)=0:A(1)=0", "?BAD SUBSCRIPT  ERROR IN 10"),
        ("10 DIM A(30000)", "?OUT OF MEMORY  ERROR IN 10"),
        ("10 GOSUB 10", "?OUT OF MEMORY  ERROR IN 10"),
        (
            "10 A$=\"AB\":PRINTLEFT$(A$,1)+(LEFT$(A$,1)+(LEFT$(A$,1)+(LEFT$(A$,1)+A$)))",
            "?FORMULA TOO COMPLEX  ERROR IN 10",
        ),
        ("10 PRINT (", "?SYNTAX  ERROR IN 10"),
        ("10 PRINT#5,\"X\"", "?FILE NOT OPEN  ERROR IN 10"),
        ("10 TI=5", "?SYNTAX  ERROR IN 10"),
        (
            "10 DEF FNA(X)=X:PRINTFNA(\"A\")",
            "?TYPE MISMATCH  ERROR IN 10",
        ),
    ];
    for (line, message) in cases {
        let program = format!("1 PRINT\"{{CLR}}\";\n{line}\n");
        check(&program, "", &["", message, "READY."]);
    }
    // In direct mode: no line number.
    let mut b = Basic::boot();
    b.enter("{CLR}INPUT A");
    b.enter("CONT");
    b.enter("FOO");
    assert_eq!(
        b.rows(),
        rows(&[
            "INPUT A",
            "",
            "?ILLEGAL DIRECT  ERROR",
            "READY.",
            "CONT",
            "",
            "?CAN'T CONTINUE  ERROR",
            "READY.",
            "FOO",
            "",
            "?SYNTAX  ERROR",
            "READY."
        ])
    );
}

#[test]
fn stop_end_and_cont() {
    let mut b = Basic::boot();
    b.load("10 PRINT\"A\";\n20 STOP\n30 PRINT\"B\":END:PRINT\"C\"\n40 GOTO 40\n");
    b.enter("{CLR}RUN");
    b.enter("CONT");
    b.keys("CONT\n");
    // Line 40 loops until RUN/STOP breaks it; CONT carries on with the loop.
    assert!(!b.settle(1), "the loop should still run");
    assert_eq!(
        b.rows(),
        rows(&[
            "RUN",
            "A",
            "BREAK IN 20",
            "READY.",
            "CONT",
            "B",
            "",
            "READY.",
            "CONT",
            "C"
        ])
    );
    assert!(b.press_stop());
    assert_eq!(b.rows().last().unwrap(), "READY.");
    assert!(
        b.rows().contains(&"BREAK IN 40".to_string()),
        "{:?}",
        b.rows()
    );
    b.keys("CONT\n");
    assert!(!b.settle(1), "CONT should resume the loop");
    assert!(b.press_stop());
    // After an error in a program there is nothing to continue.
    b.enter("NEW");
    b.enter("10 PRINT 1/0");
    b.enter("{CLR}RUN");
    b.enter("CONT");
    assert_eq!(
        b.rows(),
        rows(&[
            "RUN",
            "",
            "?DIVISION BY ZERO  ERROR IN 10",
            "READY.",
            "CONT",
            "",
            "?CAN'T CONTINUE  ERROR",
            "READY."
        ])
    );
}

#[test]
fn input_asks_again_and_ignores_extra_items() {
    check(
        "1 PRINT\"{CLR}\";\n10 INPUT A,B$,C:PRINT A;B$;C\n",
        "1\n\"X,Y\"\n3\n",
        &["? 1", "?? \"X,Y\"", "?? 3", " 1 X,Y 3", "", "READY."],
    );
    check(
        "1 PRINT\"{CLR}\";\n10 A=5:INPUT\"VALUE\";A:PRINT A\n",
        "\n",
        &["VALUE?", " 5", "", "READY."],
    );
    check(
        "1 PRINT\"{CLR}\";\n10 INPUT A$,B:PRINT A$;\"/\";B\n",
        "  HI THERE ,2:3\n",
        &[
            "?   HI THERE ,2:3",
            "?EXTRA IGNORED",
            "HI THERE / 2",
            "",
            "READY.",
        ],
    );
}

#[test]
fn get_reads_single_keys() {
    check(
        "1 PRINT\"{CLR}\";\n10 GETA$:IFA$=\"\"THEN10\n20 GETB:PRINTA$;B;LEN(A$)\n",
        "Q7",
        &["Q 7  1", "", "READY."],
    );
}

#[test]
fn strings_survive_garbage_collection() {
    let body = "10 DIM A$(40):FOR I=0TO40:A$(I)=STR$(I):NEXT\n\
20 FOR J=1TO150:FOR I=0TO40STEP5:A$(I)=A$(I)+CHR$(65+J-INT(J/26)*26)\n\
30 IF LEN(A$(I))>25 THEN A$(I)=MID$(A$(I),3)\n\
40 NEXT:B$=LEFT$(B$+\"XY\",31):NEXT\n\
50 S=0:FOR I=0TO40:S=S+LEN(A$(I))+ASC(A$(I)+\"@\"):NEXT:PRINT S;B$\n";
    let plenty = Basic::output(&format!("1 PRINT\"{{CLR}}\";\n{body}"), "");
    // The same with string space of a few hundred bytes: many collections.
    let tight = Basic::output(
        &format!("1 PRINT\"{{CLR}}\";:POKE56,12:POKE55,0:CLR\n{body}60 PRINT FRE(0)<2000\n"),
        "",
    );
    assert_eq!(plenty[0], tight[0]);
    assert_eq!(tight[1], "-1");
    let fresh = Basic::output("1 PRINT\"{CLR}\"FRE(0)\n", "");
    // $A000 - $0810 (a 13-byte line and the end marker from $0801), as a signed number.
    assert_eq!(fresh[0], "-26640");
}

#[test]
fn random_string_work_gives_the_same_result_in_little_string_space() {
    let body = "10 X=RND(-SEED):DIM A$(20),B$(3,3)\n\
20 FOR K=1 TO 250:I=INT(RND(1)*21):J=INT(RND(1)*4):L=INT(RND(1)*4):R=RND(1)\n\
30 IF R<.3 THEN A$(I)=A$(I)+CHR$(65+J*5+L)\n\
40 IF R>=.3 AND R<.5 THEN B$(J,L)=LEFT$(A$(I)+B$(L,J),INT(RND(1)*40))\n\
50 IF R>=.5 AND R<.6 THEN A$(I)=\"\"\n\
60 IF R>=.6 AND R<.8 THEN T$=MID$(A$(I)+\"ZZ\",J+1,L+3):A$(20-I)=T$+STR$(K)\n\
70 IF LEN(A$(I))>60 THEN A$(I)=RIGHT$(A$(I),10)\n\
80 NEXT:S=0:FOR I=0TO20:S=S+LEN(A$(I))*(I+1)+ASC(A$(I)+\"@\"):NEXT\n\
90 FOR J=0TO3:FOR L=0TO3:S=S+LEN(B$(J,L))*(J*4+L+1):NEXT:NEXT:PRINT S;LEN(T$)\n";
    for seed in 1..=2 {
        let plenty = Basic::output(&format!("1 PRINT\"{{CLR}}\";:SEED={seed}\n{body}"), "");
        // String space ends at $0E00: a few hundred bytes, collected over and over.
        let tight = Basic::output(
            &format!("1 PRINT\"{{CLR}}\";:POKE56,14:POKE55,0:CLR:SEED={seed}\n{body}"),
            "",
        );
        assert_eq!(plenty, tight, "seed {seed}");
    }
}

#[test]
fn functions_calls_and_machine_code() {
    check(
        "1 PRINT\"{CLR}\";\n\
10 X=5:DEFFNA(X)=X*2+1:DEFFNB(Y)=FNA(Y)+X:PRINTFNA(3);FNB(1);X\n\
20 POKE780,65:SYS65490:POKE828,96:POKE781,7:POKE782,9:POKE783,0:SYS828\n\
30 PRINT:PRINTPEEK(780);PEEK(781);PEEK(782)\n\
40 POKE785,60:POKE786,3:PRINTUSR(-2.5);USR(7)\n\
50 POKE251,12:WAIT251,8:WAIT251,3,2:PRINT\"WAITED\"\n",
        "",
        &[
            " 7  8  5",
            "A",
            " 65  7  9",
            "-2.5  7",
            "WAITED",
            "",
            "READY.",
        ],
    );
}

#[test]
fn flow_of_control_details() {
    check(
        "1 PRINT\"{CLR}\";\n\
10 FORI=1TO3:FORI=5TO6:NEXTI:PRINTI\n\
20 ON5GOTO100,100:ONX+1GOSUB200:PRINT\"N\";:ON2GOTO100,30\n\
30 FORK=1TO2:GOSUB300:NEXT:PRINT\n\
40 RESTORE:READA$,B:PRINTA$;B:RUN 60\n\
50 PRINT\"NOT\"\n\
60 PRINTX;:IFX=0THENX=1:GOTO60\n\
70 END\n\
100 PRINT\"BAD\"\n\
200 PRINT\"G\";:RETURN\n\
300 FORJ=1TO2:PRINTK*J;:NEXT:RETURN\n\
400 DATA HI,5\n",
        "",
        &[" 7", "GN 1  2  2  4", "HI 5", " 0  1", "READY."],
    );
}

#[test]
fn comparisons_of_strings_combine_with_numbers() {
    check(
        "1 PRINT\"{CLR}\";\n\
10 K$=\"\":J=31:IFK$=\"\"ANDJ=31THENPRINT\"BOTH\"\n\
20 PRINT\"A\"+\"B\"=\"AB\";-(\"A\"<\"B\")+(\"B\">=\"BA\")*2;NOT K$<>\"\"OR 4\n\
30 PRINT\"A\"*2\n",
        "",
        &[
            "BOTH",
            "-1  1 -1",
            "",
            "?TYPE MISMATCH  ERROR IN 30",
            "READY.",
        ],
    );
}

#[test]
fn files_on_the_screen_device() {
    check(
        "1 PRINT\"{CLR}\";\n\
10 OPEN1,3:PRINT#1,\"ONE\";2:CMD1,\"THREE\";:PRINT\"!\":PRINT#1,\"FIVE\":CLOSE1\n\
20 PRINT\"FOUR\";ST\n",
        "",
        &["ONE 2", "THREE!", "FIVE", "FOUR 0", "", "READY."],
    );
}

#[test]
fn kernal_errors_of_load_save_and_verify_are_reported() {
    // With no drive on the bus (ROMs without a DOS) and no tape, every device answers "not
    // present", which BASIC reports as error 5.
    let mut roms = breadbin::Roms::open();
    roms.dos = None;
    let mut b = Basic::boot_with(roms);
    for cmd in ["LOAD\"X\",8", "SAVE\"X\",8,1", "VERIFY\"X\",8"] {
        b.enter(&format!("{{CLR}}{cmd}"));
        let r = b.rows();
        assert_eq!(r[0], cmd);
        assert_eq!(
            &r[r.len() - 2..],
            ["?DEVICE NOT PRESENT  ERROR", "READY."],
            "{r:?}"
        );
    }
    b.enter("{CLR}OPEN 1,8");
    b.enter("PRINT#1,\"X\"");
    let r = b.rows();
    assert!(r.iter().any(|l| l.ends_with("ERROR")), "{r:?}");
}

#[test]
fn time_of_day() {
    check(
        "1 PRINT\"{CLR}\";\n10 TI$=\"123456\":A$=TI$:T=TI:PRINTA$;T>=2717760ANDT<2717770\n",
        "",
        &["123456-1", "", "READY."],
    );
    check(
        "1 PRINT\"{CLR}\";\n10 TI$=\"12345\"\n",
        "",
        &["", "?ILLEGAL QUANTITY  ERROR IN 10", "READY."],
    );
}
