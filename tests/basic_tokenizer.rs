//! The BASIC tokenizer: crunching rules, labels, automatic numbering, warnings and errors.
//! Expected bytes are the documented BASIC V2 tokens and PRG layout.

use breadbin::basic::{BasicError, WarningKind, tokenize};

/// The tokenized text of every line: (line number, content bytes), checking the links.
fn lines(source: &str) -> Vec<(u16, Vec<u8>)> {
    let t = tokenize(source, "t.bas").unwrap_or_else(|e| panic!("{e}"));
    let prg = &t.prg;
    assert_eq!(prg[..2], [0x01, 0x08], "load address");
    let mut out = Vec::new();
    let mut at = 2;
    loop {
        let link = usize::from(u16::from_le_bytes([prg[at], prg[at + 1]]));
        if link == 0 {
            assert_eq!(at + 2, prg.len(), "end marker is the last thing");
            return out;
        }
        let number = u16::from_le_bytes([prg[at + 2], prg[at + 3]]);
        let end = at + 4 + prg[at + 4..].iter().position(|&b| b == 0).unwrap();
        assert_eq!(link - 0x0801 + 2, end + 1, "link of line {number}");
        out.push((number, prg[at + 4..end].to_vec()));
        at = end + 1;
    }
}

fn content(source: &str) -> Vec<u8> {
    let l = lines(source);
    assert_eq!(l.len(), 1, "one line expected");
    l[0].1.clone()
}

fn error(source: &str) -> (BasicError, String) {
    let e = tokenize(source, "t.bas").expect_err("an error");
    let message = e.to_string();
    (e, message)
}

fn warnings(source: &str) -> Vec<(WarningKind, String)> {
    tokenize(source, "t.bas")
        .unwrap_or_else(|e| panic!("{e}"))
        .warnings
        .into_iter()
        .map(|w| (w.kind, w.to_string()))
        .collect()
}

// ---- Layout and crunching ----

#[test]
fn prg_layout_of_one_line() {
    let t = tokenize("10 END\n", "t.bas").unwrap();
    assert_eq!(
        t.prg,
        [0x01, 0x08, 0x07, 0x08, 0x0A, 0x00, 0x80, 0x00, 0x00, 0x00]
    );
    assert_eq!(tokenize("", "t.bas").unwrap().prg, [0x01, 0x08, 0, 0]);
}

#[test]
fn keywords_are_found_left_to_right_greedily() {
    // SCORE = SC OR E: the variable name is split by the keyword OR ($B0).
    assert_eq!(content("10 SCORE=1"), [b'S', b'C', 0xB0, b'E', 0xB2, b'1']);
    // INPUT# ($84) comes before INPUT ($85), PRINT# ($98) before PRINT ($99).
    assert_eq!(content("10 INPUT#1,A"), [0x84, b'1', b',', b'A']);
    assert_eq!(content("10 PRINT#1"), [0x98, b'1']);
    // GOTO before GO; GO TO stays GO, space, TO.
    assert_eq!(content("10 GOTO10"), [0x89, b'1', b'0']);
    assert_eq!(content("10 GO TO 10"), [0xCB, b' ', 0xA4, b' ', b'1', b'0']);
    // Keywords inside digits: 1TO10.
    assert_eq!(
        content("10 FORI=1TO10"),
        [0x81, b'I', 0xB2, b'1', 0xA4, b'1', b'0']
    );
    // ^ is the power token $AE; + - * / < = > are tokens too.
    assert_eq!(
        content("10 A=B^2+1"),
        [b'A', 0xB2, b'B', 0xAE, b'2', 0xAA, b'1']
    );
    assert_eq!(content("10 IFA<>B"), [0x8B, b'A', 0xB3, 0xB1, b'B']);
    // Function keywords with their parenthesis or dollar.
    assert_eq!(
        content("10 ?TAB(3)CHR$(65)"),
        [0x99, 0xA3, b'3', b')', 0xC7, b'(', b'6', b'5', b')']
    );
}

#[test]
fn question_mark_is_print_and_case_does_not_matter() {
    assert_eq!(content("10 ?A"), [0x99, b'A']);
    assert_eq!(content("10 print a"), [0x99, b' ', b'A']);
    assert_eq!(
        content("10 PrInT \"hello\""),
        [0x99, b' ', b'"', b'H', b'E', b'L', b'L', b'O', b'"']
    );
}

#[test]
fn spaces_are_kept_except_after_the_line_number() {
    assert_eq!(
        content("10    PRINT  A :"),
        [0x99, b' ', b' ', b'A', b' ', b':']
    );
    assert_eq!(content("  10 END   \r\n"), [0x80]);
}

#[test]
fn nothing_is_crunched_in_strings_rem_or_data() {
    assert_eq!(content("10 A$=\"FOR TO\""), b"A$\xb2\"FOR TO\"");
    assert_eq!(content("10 REM PRINT \"X:GOTO"), b"\x8f PRINT \"X:GOTO");
    // DATA is raw up to a colon outside quotes; then crunching resumes.
    assert_eq!(
        content("10 DATA PRINT,\"A:B\",TO:PRINT"),
        b"\x83 PRINT,\"A:B\",TO:\x99"
    );
    // A string inside a line ends crunch-free mode at its closing quote.
    assert_eq!(content("10 ?\"?\"?"), [0x99, b'"', b'?', b'"', 0x99]);
}

#[test]
fn braces_are_taken_literally() {
    assert_eq!(
        content("10 ?\"{CLR}{3 DOWN}{rvs on}\""),
        b"\x99\"\x93\x11\x11\x11\x12\""
    );
    // A code in braces never forms a keyword: {$41}ND is not AND.
    assert_eq!(content("10 X={$41}ND"), [b'X', 0xB2, b'A', b'N', b'D']);
    // π outside strings is the $FF token, written {PI} or π.
    assert_eq!(content("10 ?{PI}*2"), [0x99, 0xFF, 0xAC, b'2']);
    assert_eq!(content("10 ?π"), [0x99, 0xFF]);
    // A quote written in braces still opens a string, as the C64 sees the byte.
    assert_eq!(
        content("10 ?{$22}FOR\""),
        [0x99, b'"', b'F', b'O', b'R', b'"']
    );
}

#[test]
fn special_characters() {
    assert_eq!(
        content("10 ?\"£↑←^_\\[]\""),
        b"\x99\"\x5c\x5e\x5f\x5e\x5f\x5c[]\""
    );
}

// ---- Numbers and labels ----

#[test]
fn automatic_numbering() {
    let l = lines("PRINT 1\nPRINT 2\n100 PRINT 3\nPRINT 4\n\n   \nPRINT 5\n");
    let numbers: Vec<u16> = l.iter().map(|(n, _)| *n).collect();
    assert_eq!(numbers, [1, 2, 100, 101, 102]);
    let l = lines("0 END\nEND\n");
    assert_eq!(l[1].0, 1);
}

#[test]
fn labels_resolve_forwards_and_backwards() {
    let source = "\
start:
  PRINT \"HI\"
  GOSUB sub
  GOTO START
10 END
sub:
  RETURN
";
    let t = tokenize(source, "game.bas").unwrap();
    let l = lines(source);
    assert_eq!(l[0], (1, b"\x99 \"HI\"".to_vec()));
    assert_eq!(l[1], (2, b"\x8d 11".to_vec()));
    assert_eq!(l[2], (3, b"\x89 1".to_vec()));
    assert_eq!(l[4], (11, vec![0x8E]));
    assert_eq!(t.labels.line_of("start"), Some(1));
    assert_eq!(t.labels.line_of("SUB"), Some(11));
    assert_eq!(t.labels.label_at(11), Some("sub"));
    assert_eq!(t.labels.label_before(3), Some("start"));
    let src = t.labels.source_of(11).unwrap();
    assert_eq!((src.file.as_str(), src.line), ("game.bas", 7));
    let src = t.labels.source_of(10).unwrap();
    assert_eq!(src.line, 5);
}

#[test]
fn label_references_in_every_position() {
    let source = "\
100 ON X GOTO A1, B_2 ,300:ON X GOSUB A1,B_2
IF X THEN A1
IF X THEN B_2:PRINT
RUN A1
GO TO B_2
A1:
200 END
B_2:
END
300 END
";
    let l = lines(source);
    assert_eq!(l[0].1, b"\x91 X \x89 200, 201 ,300:\x91 X \x8d 200,201");
    assert_eq!(l[1].1, b"\x8b X \xa7 200");
    assert_eq!(l[2].1, b"\x8b X \xa7 201:\x99");
    assert_eq!(l[3].1, b"\x8a 200");
    assert_eq!(l[4].1, b"\xcb \xa4 201");
}

#[test]
fn statements_after_then_are_not_labels() {
    assert_eq!(content("10 IF X THEN PRINT"), b"\x8b X \xa7 \x99");
    assert_eq!(content("10 IFXTHENA=1"), b"\x8bX\xa7A\xb21");
    assert_eq!(content("10 IF X THEN END"), b"\x8b X \xa7 \x80");
    assert_eq!(content("10 RUN:END"), b"\x8a:\x80");
    // Labels are not looked for in strings, REM or DATA.
    assert_eq!(
        content("10 PRINT\"GOTO X\":REM GOTO Y"),
        b"\x99\"GOTO X\":\x8f GOTO Y"
    );
}

#[test]
fn a_label_may_contain_keywords_and_a_keyword_line_is_a_statement() {
    let l = lines("print:\nend_game:\nEND\nGOTO END_GAME\nPRINT:\n");
    // "print:" is the statement PRINT followed by a colon, not a label.
    assert_eq!(l[0], (1, vec![0x99, b':']));
    assert_eq!(l[1], (2, vec![0x80]));
    assert_eq!(l[2], (3, b"\x89 2".to_vec()));
    assert_eq!(l[3], (4, vec![0x99, b':']));
}

#[test]
fn a_labelled_line_with_a_number_keeps_it() {
    let t = tokenize("loop:\n50 GOTO loop\n", "t.bas").unwrap();
    assert_eq!(t.labels.line_of("LOOP"), Some(50));
    assert_eq!(lines("loop:\n50 GOTO loop\n")[0].1, b"\x89 50");
}

#[test]
fn two_labels_for_one_line() {
    let t = tokenize("a:\nb:\nEND\n", "t.bas").unwrap();
    assert_eq!(t.labels.line_of("a"), Some(1));
    assert_eq!(t.labels.line_of("b"), Some(1));
}

// ---- Errors: every one names file:line:column ----

#[test]
fn unknown_control_code() {
    let (e, m) = error("10 PRINT\"OK\"\n20 PRINT\"{FOO}\"\n");
    assert!(matches!(e, BasicError::UnknownControl { .. }), "{e:?}");
    assert_eq!(m, "t.bas:2:10: unknown control code {FOO}");
    let (_, m) = error("10 ?\"{0 DOWN}\"");
    assert!(m.starts_with("t.bas:1:6: unknown control code"), "{m}");
}

#[test]
fn unclosed_brace() {
    let (e, m) = error("10 PRINT\"{CLR\"\n");
    assert!(matches!(e, BasicError::UnclosedBrace { .. }));
    assert!(m.starts_with("t.bas:1:10: "), "{m}");
    let (_, m) = error("10 PRINT\"{CLR{HOME}\"\n");
    assert!(m.starts_with("t.bas:1:10: "), "{m}");
}

#[test]
fn character_without_petscii() {
    let (e, m) = error("10 PRINT \"é\"");
    assert!(matches!(e, BasicError::BadCharacter { ch: 'é', .. }));
    assert!(m.starts_with("t.bas:1:11: "), "{m}");
    let (_, m) = error("10 A=1{\n");
    assert!(m.starts_with("t.bas:1:7: "), "{m}");
    let (_, m) = error("10 A=1\tB");
    assert!(m.starts_with("t.bas:1:7: "), "{m}");
}

#[test]
fn undefined_label() {
    let (e, m) = error("10 PRINT\n20 GOTO  nowhere\n");
    assert!(matches!(e, BasicError::UndefinedLabel { .. }));
    assert_eq!(m, "t.bas:2:10: undefined label nowhere");
    let (_, m) = error("10 ON X GOSUB 10,nowhere\n");
    assert_eq!(m, "t.bas:1:18: undefined label nowhere");
    let (_, m) = error("10 IF X THEN nowhere\n");
    assert_eq!(m, "t.bas:1:14: undefined label nowhere");
}

#[test]
fn duplicate_label() {
    let (e, m) = error("here:\nEND\n  HERE:\nEND\n");
    assert!(matches!(e, BasicError::DuplicateLabel { .. }));
    assert_eq!(m, "t.bas:3:3: label HERE is already defined at t.bas:1:1");
}

#[test]
fn label_at_the_end() {
    let (e, m) = error("END\nlost:\n\n");
    assert!(matches!(e, BasicError::LabelWithoutLine { .. }));
    assert_eq!(m, "t.bas:2:1: label lost is not followed by a program line");
}

#[test]
fn line_numbers_out_of_order() {
    let (e, m) = error("10 END\n5 END\n");
    assert!(matches!(
        e,
        BasicError::LineOutOfOrder {
            number: 5,
            previous: 10,
            ..
        }
    ));
    assert!(m.starts_with("t.bas:2:1: line number 5"), "{m}");
    let (_, m) = error("10 END\n  10 END\n");
    assert!(m.starts_with("t.bas:2:3: line number 10"), "{m}");
    // An automatic number does not move past an explicit one.
    let (_, m) = error("10 END\nEND\n11 END\n");
    assert!(m.starts_with("t.bas:3:1: line number 11"), "{m}");
}

#[test]
fn line_numbers_above_63999() {
    let (e, m) = error("64000 END\n");
    assert!(matches!(e, BasicError::LineNumberTooHigh { .. }));
    assert_eq!(m, "t.bas:1:1: line number 64000 is above 63999");
    let (_, m) = error("10 END\n99999999999999999999 END\n");
    assert!(
        m.starts_with("t.bas:2:1: line number 99999999999999999999"),
        "{m}"
    );
    assert!(tokenize("63999 END\n", "t.bas").is_ok());
    let (e, m) = error("63999 END\nEND\n");
    assert!(matches!(e, BasicError::AutoNumberTooHigh { .. }));
    assert!(m.starts_with("t.bas:2:1: "), "{m}");
}

#[test]
fn tokenized_line_longer_than_255_bytes() {
    let ok = format!("10 REM{}", "X".repeat(254));
    assert_eq!(content(&ok).len(), 255);
    let too_long = format!("5 END\n10 REM{}\n", "X".repeat(255));
    let (e, m) = error(&too_long);
    assert!(
        matches!(
            e,
            BasicError::LineTooLong {
                length: 256,
                number: 10,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(m.starts_with("t.bas:2:1: line 10 is 256 bytes"), "{m}");
    // Repeats count as the bytes they make.
    let (_, m) = error("10 ?\"{255 DOWN}\"\n");
    assert!(m.starts_with("t.bas:1:1: line 10 is 258 bytes"), "{m}");
}

// ---- Warnings ----

#[test]
fn unclosed_quote_is_legal_and_warned() {
    assert_eq!(content("10 PRINT\"HELLO"), b"\x99\"HELLO");
    let w = warnings("10 PRINT\"HELLO");
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].0, WarningKind::UnclosedQuote);
    assert!(w[0].1.starts_with("t.bas:1:9: warning: "), "{}", w[0].1);
    // A quote in a REM is just a character.
    assert!(warnings("10 REM\"QUOTE").is_empty());
}

#[test]
fn variable_names_sharing_two_characters() {
    let w = warnings("10 PLAYER=1\n20 PLACE=2:PLAYER=3\n");
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].0, WarningKind::VariableCollision);
    assert!(
        w[0].1.starts_with(
            "t.bas:2:4: warning: variable PLACE is the same variable as PLAYER at t.bas:1:4"
        ),
        "{}",
        w[0].1
    );
    // The two-character name itself collides with a longer one.
    assert_eq!(warnings("10 PL=1:PLAYER=2").len(), 1);
    // Different types and arrays are different variables.
    for distinct in [
        "10 PLAYER=1:PLACE$=\"\":PLANE%=2:PLAIN(1)=3",
        "10 DEF FNPLAYER(X)=X:PLACE=FNPLAYER(1)",
    ] {
        assert!(
            warnings(distinct).is_empty(),
            "{distinct}: {:?}",
            warnings(distinct)
        );
    }
    // Only real variables: not strings, REM, DATA or label names.
    assert!(warnings("10 PLAYER=1:PRINT\"PLACE\":DATA PLACE:REM PLACE").is_empty());
    assert!(warnings("player_one:\n10 PLAYER=1:GOTO PLAYER_ONE").is_empty());
    // Names after FN collide among themselves.
    let w = warnings("10 DEF FNPLAYER(X)=X:DEF FNPLACE(X)=1");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].1.contains("FNPLACE"), "{}", w[0].1);
}

#[test]
fn reserved_variables_swallow_long_names() {
    let w = warnings("10 TIME=1:STAGE=2:T=TI:S=ST:X$=TI$");
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(
        w[0].1.contains("TIME is BASIC's reserved variable TI"),
        "{}",
        w[0].1
    );
    assert!(
        w[1].1.contains("STAGE is BASIC's reserved variable ST"),
        "{}",
        w[1].1
    );
}

#[test]
fn names_with_keywords_inside() {
    let w = warnings("10 SCORE=0");
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].0, WarningKind::KeywordInName);
    assert_eq!(
        w[0].1,
        "t.bas:1:4: warning: name SCORE contains the keyword OR: BASIC V2 reads it as SC OR E"
    );
    let w = warnings("10 X=1:SHIFT=2");
    assert!(
        w.iter()
            .any(|(_, m)| m.contains("SHIFT contains the keyword IF")),
        "{w:?}"
    );
    // The crunched style of C64 listings is not a long name.
    for crunched in [
        "10 IFAANDBTHEN10",
        "10 A=GAND3+1:B=RAND1",
        "10 FORI=1TO10:NEXTI",
        "10 IFX=1THENPRINTX",
    ] {
        assert!(
            warnings(crunched).is_empty(),
            "{crunched}: {:?}",
            warnings(crunched)
        );
    }
    // Nothing inside strings, REM or DATA.
    assert!(warnings("10 PRINT\"SCORE\":DATA SCORE:REM SCORE").is_empty());
}

#[test]
fn lines_longer_than_the_screen_editor_takes() {
    let eighty = format!("10 REM{}", "X".repeat(74));
    assert!(warnings(&eighty).is_empty());
    let w = warnings(&format!("10 REM{}", "X".repeat(75)));
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].0, WarningKind::LongLine);
    assert!(
        w[0].1
            .starts_with("t.bas:1:1: warning: line 10 is 81 characters"),
        "{}",
        w[0].1
    );
    // Keywords count with their full length, as LIST shows them.
    let w = warnings(&format!("10 ?{}", "1".repeat(73)));
    assert_eq!(w.len(), 1, "{w:?}");
}

#[test]
fn program_larger_than_basic_memory() {
    // Lines of 252 bytes (link, number, 247 bytes, end): line 155 would end past $9FFF.
    let line = format!("REM{}\n", "X".repeat(246));
    let (e, m) = error(&line.repeat(160));
    assert!(
        matches!(e, BasicError::ProgramTooLarge { number: 155, .. }),
        "{e:?}"
    );
    assert!(m.starts_with("t.bas:155:1: line 155 does not fit"), "{m}");
    assert!(tokenize(&line.repeat(150), "t.bas").is_ok());
}

#[test]
fn files_on_disk() {
    use breadbin::basic::tokenize_file;
    let dir = std::env::temp_dir().join(format!("breadbin-tokenize-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.bas");
    std::fs::write(&good, "start:\nGOTO start\n").unwrap();
    let t = tokenize_file(&good).unwrap();
    assert_eq!(t.labels.lines[0].file, good.display().to_string());
    let bad = dir.join("bad.bas");
    std::fs::write(&bad, b"10 PRINT\"\xff\"\n").unwrap();
    let e = tokenize_file(&bad).unwrap_err();
    assert!(matches!(e, BasicError::NotText { .. }), "{e:?}");
    assert_eq!(e.to_string(), format!("{}: not UTF-8 text", bad.display()));
    std::fs::remove_dir_all(&dir).unwrap();
    let e = tokenize_file(&good).unwrap_err();
    assert!(matches!(e, BasicError::Io { .. }), "{e:?}");
    assert!(
        e.to_string().starts_with(&good.display().to_string()),
        "{e}"
    );
}

/// Every printable ASCII character, alone inside quotes and alone after a line number, gives
/// the byte petcat (VICE's tokenizer, `petcat -w2`) writes for it. Two deliberate differences,
/// both as typing on a C64 gives them: upper-case letters are the same letters as lower case
/// ($41-$5A; petcat writes $C1-$DA, the shifted graphics), and `?` outside quotes is PRINT.
/// `{` starts a `{NAME}` code and is refused alone, as petcat refuses it; `"` inside quotes
/// would end them, and a lone space after the line number is dropped.
#[test]
fn every_printable_character_as_petcat_gives_it() {
    let petcat_in_quotes = |c: u8| match c {
        b'a'..=b'z' => c - 0x20,
        b'A'..=b'Z' => c,
        b'`' => 0x40,
        b'|' => 0x5C,
        b'}' => 0x5D,
        b'~' => 0xFF,
        _ => c,
    };
    let petcat_outside = |c: u8| match c {
        b'*' => 0xAC,
        b'+' => 0xAA,
        b'-' => 0xAB,
        b'/' => 0xAD,
        b'<' => 0xB3,
        b'=' => 0xB2,
        b'>' => 0xB1,
        b'^' => 0xAE,
        b'?' => 0x99,
        _ => petcat_in_quotes(c),
    };
    let mut checked = 0;
    for c in 0x20u8..=0x7E {
        let ch = char::from(c);
        if c == b'{' {
            assert!(tokenize(&format!("10 \"{ch}\"\n"), "t.bas").is_err());
            assert!(tokenize(&format!("10 {ch}\n"), "t.bas").is_err());
            continue;
        }
        if c != b'"' {
            assert_eq!(
                content(&format!("10 \"{ch}\"")),
                [b'"', petcat_in_quotes(c), b'"'],
                "{ch:?} inside quotes"
            );
            checked += 1;
        }
        if c == b' ' {
            assert_eq!(lines("10  \n"), [(10, vec![])]);
        } else {
            assert_eq!(
                content(&format!("10 {ch}")),
                [petcat_outside(c)],
                "{ch:?} outside quotes"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 94 + 93);
}
