//! The BASIC lister: text format, bytes that need braces to survive a round trip, broken
//! PRG files.

use std::path::Path;

use breadbin::basic::{BasicError, list, list_file, tokenize};

/// A PRG built by hand with the documented layout: load address, then for each line the
/// address of the next line, the line number, the bytes and a zero; then a zero link.
fn prg_at(load: u16, lines: &[(u16, &[u8])]) -> Vec<u8> {
    let mut prg = load.to_le_bytes().to_vec();
    for (number, content) in lines {
        let next = load as usize + prg.len() - 2 + 4 + content.len() + 1;
        prg.extend_from_slice(&(next as u16).to_le_bytes());
        prg.extend_from_slice(&number.to_le_bytes());
        prg.extend_from_slice(content);
        prg.push(0);
    }
    prg.extend_from_slice(&[0, 0]);
    prg
}

fn prg(lines: &[(u16, &[u8])]) -> Vec<u8> {
    prg_at(0x0801, lines)
}

/// List, tokenize the listing, and demand the same bytes; returns the listing.
fn round_trip(prg: &[u8]) -> String {
    let text = list(prg, "t.prg").unwrap_or_else(|e| panic!("{e}"));
    let again = tokenize(&text, "listing").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.prg, prg, "listing:\n{text}");
    text
}

#[test]
fn lists_the_text_format() {
    let source = "10 PRINT\"{CLR}{RVS ON}HI{RVS OFF}\":GOTO10\n20 IFA=1THENPRINT\"{23 DOWN}X\";\n30 REM \"DON'T\" {SHIFT-A}\n40 DATA 1,\"A:B\",C:X=π*2^3\n";
    let t = tokenize(source, "t.bas").unwrap();
    let text = list(&t.prg, "t.prg").unwrap();
    assert_eq!(
        text,
        "10 PRINT\"{CLR}{RVS ON}HI{RVS OFF}\":GOTO10\n20 IFA=1THENPRINT\"{23 DOWN}X\";\n30 REM \"DON'T\" {SHIFT-A}\n40 DATA 1,\"A:B\",C:X={PI}*2^3\n"
    );
    round_trip(&t.prg);
}

#[test]
fn lists_programs_loaded_elsewhere() {
    let p = prg_at(0x1001, &[(10, &[0x99, b'1']), (20, &[0x80])]);
    assert_eq!(list(&p, "t.prg").unwrap(), "10 PRINT1\n20 END\n");
    assert_eq!(list(&prg(&[]), "t.prg").unwrap(), "");
    assert_eq!(list(&prg(&[(5, &[])]), "t.prg").unwrap(), "5\n");
}

#[test]
fn bytes_that_would_be_crunched_are_braced() {
    let cases: &[(&[u8], &str)] = &[
        // Untokenized letters spelling a keyword (INT inside PRINT).
        (b"PRINT", "10 PR{$49}NT"),
        // A plain ? would become PRINT.
        (b"?", "10 {$3F}"),
        // Spaces after the number are skipped and trailing spaces dropped by the tokenizer.
        (b" A ", "10 {SPACE}A{SPACE}"),
        // INPUT followed by an untokenized # would read back as INPUT#.
        (b"\x85#1", "10 {$85}#1"),
        // GO followed by TO would read back as GOTO.
        (b"\xcb\xa4", "10 {$CB}TO"),
        // A letter after GOTO would be taken for a label.
        (b"\x89X", "10 GOTO{$58}"),
        (b"\x89 10,X", "10 GOTO 10,{$58}"),
        // After THEN only a name that ends the statement would be.
        (b"\xa7A", "10 THEN{$41}"),
        (b"\xa7A\xb21", "10 THENA=1"),
        (b"\xa7\x99", "10 THENPRINT"),
        // Token bytes and graphics in REM and DATA are written as codes.
        (b"\x8f\xc1\x99", "10 REM{SHIFT-A}{LGRN}"),
        (b"\x83\x99,1:\x99", "10 DATA{LGRN},1:PRINT"),
        // Unused token values and π outside strings.
        (b"\xcc\xff", "10 {SHIFT-L}{PI}"),
    ];
    for (content, expected) in cases {
        let text = round_trip(&prg(&[(10, content)]));
        assert_eq!(text.trim_end(), *expected, "{content:x?}");
    }
}

#[test]
fn every_byte_value_round_trips_in_every_mode() {
    let all: Vec<u8> = (1..=255u8).filter(|&b| b != b'"').collect();
    let quoted = |bytes: &[u8]| {
        let mut line = vec![0x99, b'"'];
        line.extend(bytes);
        line.push(b'"');
        line
    };
    let (first, second) = (quoted(&all[..127]), quoted(&all[127..]));
    let mut rem = vec![0x8F];
    rem.extend(&all);
    let mut data = vec![0x83];
    data.extend(all.iter().filter(|&&b| b != b':'));
    let plain: Vec<u8> = all.clone();
    let p = prg(&[
        (1, &first),
        (2, &second),
        (3, &rem),
        (4, &data),
        (5, &plain[..200]),
        (6, &plain[200..]),
    ]);
    round_trip(&p);
}

#[test]
fn random_lines_round_trip() {
    // A fixed linear congruential generator: the same lines on every run.
    let mut seed: u32 = 0x1234_5678;
    let mut next = move || {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (seed >> 24) as u8
    };
    for program in 0..200 {
        let mut lines = Vec::new();
        for line in 0..10u16 {
            let length = usize::from(next()) % 60;
            let content: Vec<u8> = (0..length)
                .map(|_| {
                    // Favour the bytes that interact: letters, tokens, quotes, colons, spaces.
                    match next() % 6 {
                        0 => b"AEINORST"[usize::from(next() % 8)],
                        1 => 0x80 + next() % 0x4C,
                        2 => b"\": ?#,"[usize::from(next() % 6)],
                        _ => next().max(1),
                    }
                })
                .collect();
            lines.push((line * 10 + program, content));
        }
        let lines: Vec<(u16, &[u8])> = lines.iter().map(|(n, c)| (*n, c.as_slice())).collect();
        round_trip(&prg(&lines));
    }
}

fn list_error(prg: &[u8]) -> (BasicError, String) {
    let e = list(prg, "t.prg").expect_err("an error");
    let m = e.to_string();
    (e, m)
}

#[test]
fn prg_too_short_for_a_load_address() {
    for bytes in [&[][..], &[0x01]] {
        let (e, m) = list_error(bytes);
        assert!(matches!(e, BasicError::PrgTooShort { .. }));
        assert!(m.starts_with("t.prg: "), "{m}");
    }
}

#[test]
fn links_running_off_the_end() {
    let cases: &[(&[u8], &str)] = &[
        // Load address only: no end marker.
        (&[0x01, 0x08], "t.prg: offset 2: the file ends without"),
        // A header cut short.
        (
            &[0x01, 0x08, 0x07, 0x08, 0x0A],
            "t.prg: offset 2: the file ends inside",
        ),
        // No zero byte ending the line.
        (
            &[0x01, 0x08, 0x07, 0x08, 0x0A, 0x00, 0x80],
            "t.prg: offset 2: line 10 has no end byte",
        ),
        // A link past the end of the file.
        (
            &[0x01, 0x08, 0xFF, 0x08, 0x0A, 0x00, 0x80, 0, 0, 0],
            "t.prg: offset 2: line 10 links to $08FF",
        ),
        // A link pointing back into the line's own header.
        (
            &[0x01, 0x08, 0x01, 0x08, 0x0A, 0x00, 0x80, 0, 0, 0],
            "t.prg: offset 2: line 10 links to $0801",
        ),
        // The last line is not followed by the end marker.
        (
            &[0x01, 0x08, 0x07, 0x08, 0x0A, 0x00, 0x80, 0x00],
            "t.prg: offset 8: the file ends without",
        ),
    ];
    for (bytes, expected) in cases {
        let (e, m) = list_error(bytes);
        assert!(matches!(e, BasicError::LinksRunOff { .. }), "{e:?}");
        assert!(m.starts_with(expected), "{m}");
    }
}

#[test]
fn unreadable_file_names_the_path() {
    let e = list_file(Path::new("/nonexistent/dir/x.prg")).unwrap_err();
    assert!(matches!(e, BasicError::Io { .. }));
    assert!(e.to_string().starts_with("/nonexistent/dir/x.prg: "), "{e}");
}
