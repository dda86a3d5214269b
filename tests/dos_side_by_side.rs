//! breadbin's open 1541 DOS beside Commodore's: one script of disk commands run on two
//! machines that differ only in drive 8's DOS (both have the open KERNAL and BASIC), the
//! same disk in each. After every command the script reads the error channel; the two
//! sequences of answers and the two disks (all 683 sectors) must be the same, but for the
//! differences listed in [`KNOWN`], each with its reason. A new difference fails the test,
//! and so does a known one that is gone (then take it off the list).
//!
//! The disks are read from the recorded tracks (the genuine DOS starts writing a block
//! wherever the head is: `gcr::sectors` finds blocks at any bit).
//!
//! Needs the genuine DOS (`BREADBIN_GENUINE_ROMS=DIR`); skipped without it. The 73 message
//! (power-on, UJ) names the DOS, so there only its number and version are compared. Not
//! covered: UI, B-E; 72 DISK FULL, 26 WRITE PROTECT ON and the read errors (20-29). 61 FILE NOT OPEN:
//! the genuine DOS answers 00, OK to PRINT# to a channel never opened, to a file opened to
//! read and to GET# from one opened to write, so those are here as 00s.

mod common;

use breadbin::media::Prg;
use breadbin::media::disk::{D64, d64::sectors_in, gcr};
use breadbin::{C64, Roms};
use common::typing::*;
use std::path::Path;

/// The script: one disk command a line, BASIC statements. After each the program reads the
/// error channel to its end. `GOSUB800` (whole file `F`) and `GOSUB700` (`N` bytes of file
/// `F`) keep what a command reads as well.
const SCRIPT: &[&str] = &[
    // The disk of three files, ID "TD".
    r#"OPEN15,8,15"#,
    r#"PRINT#15,"I0""#,
    r#"OPEN2,8,2,"HELLO,P,R":F=2:GOSUB800"#,
    r#"CLOSE2"#,
    r#"OPEN2,8,2,"NOPE,S,R""#,
    r#"CLOSE2"#,
    r#"OPEN2,8,2,"CODE,S,R""#,
    r#"CLOSE2"#,
    r#"PRINT#15,"R:HELLO=CODE""#,
    r#"PRINT#15,"R0:GREETING=HELLO""#,
    r#"PRINT#15,"S:FILL*""#,
    r#"PRINT#15,"S:NOTHERE""#,
    r#"OPEN2,8,0,"$":F=2:GOSUB800"#,
    r#"CLOSE2"#,
    // A full format with a new ID, then a quick one that keeps it.
    r#"PRINT#15,"N:SIDE BY SIDE,SB""#,
    r#"PRINT#15,"N:QUICK ONE""#,
    // Files of each type: write, exists, open while written, append, replace, read.
    r#"OPEN2,8,2,"SEQ1,S,W":FORI=1TO60:PRINT#2,"LINE";I:NEXT"#,
    r#"CLOSE2"#,
    r#"OPEN2,8,2,"SEQ1,S,W""#,
    r#"CLOSE2"#,
    r#"OPEN3,8,3,"PROG,P,W":PRINT#3,CHR$(1)CHR$(8)"PROGRAM BYTES";"#,
    r#"OPEN4,8,4,"PROG,P,R""#,
    r#"CLOSE4"#,
    r#"CLOSE3"#,
    r#"OPEN5,8,5,"USR1,U,W":FORI=0TO255:PRINT#5,CHR$(I);:NEXT"#,
    r#"CLOSE5"#,
    r#"OPEN2,8,2,"SEQ1,S,A":PRINT#2,"APPENDED""#,
    r#"CLOSE2"#,
    r#"OPEN2,8,2,"SEQ1,S,R":F=2:GOSUB800"#,
    r#"CLOSE2"#,
    r#"OPEN2,8,2,"@0:PROG,P,W":PRINT#2,"NEW PROG";"#,
    r#"CLOSE2"#,
    r#"OPEN2,8,2,"PROG":F=2:GOSUB800"#,
    r#"CLOSE2"#,
    r#"OPEN2,8,2,"USR1,U,R":F=2:GOSUB800"#,
    r#"CLOSE2"#,
    // Rename and scratch.
    r#"PRINT#15,"R:PROG2=PROG""#,
    r#"PRINT#15,"R:SEQ1=USR1""#,
    r#"PRINT#15,"R:X=NOPE""#,
    r#"OPEN2,8,2,"BIG,S,W":FORI=1TO800:PRINT#2,I;:NEXT"#,
    r#"CLOSE2"#,
    // Copy: a file, files one after another, and the errors.
    r#"PRINT#15,"C:TWIN=SEQ1""#,
    r#"PRINT#15,"C0:JOINED=0:PROG2,USR1,SEQ1""#,
    r#"PRINT#15,"C:TWIN=PROG2""#,
    r#"PRINT#15,"C:LOST=PROG2,NOPE""#,
    r#"PRINT#15,"C:ANY=SEQ*""#,
    r#"PRINT#15,"C:NOEQUALS""#,
    r#"OPEN2,8,2,"JOINED,P,R":F=2:GOSUB800"#,
    r#"CLOSE2"#,
    // A relative file: records by P, past the end, too long.
    r#"OPEN3,8,3,"RECS,L,"+CHR$(20)"#,
    r#"PRINT#15,"P"CHR$(3)CHR$(5)CHR$(0)CHR$(1)"#,
    r#"PRINT#3,"FIFTH""#,
    r#"PRINT#15,"P"CHR$(3)CHR$(40)CHR$(0)CHR$(1)"#,
    r#"PRINT#3,"FORTIETH""#,
    r#"PRINT#15,"P"CHR$(3)CHR$(5)CHR$(0)CHR$(1)"#,
    r#"F=3:GOSUB800"#,
    r#"PRINT#3,"THIS RECORD IS FAR TOO LONG FOR IT""#,
    r#"CLOSE3"#,
    r#"OPEN3,8,3,"RECS""#,
    r#"PRINT#15,"P"CHR$(3)CHR$(40)CHR$(0)CHR$(1)"#,
    r#"F=3:GOSUB800"#,
    r#"CLOSE3"#,
    r#"PRINT#15,"S:PROG2,USR1""#,
    // Syntax errors and a channel the drive has not opened.
    r#"PRINT#15,"QWERTY""#,
    r#"PRINT#15,"R:NOEQUALS""#,
    r#"PRINT#15,"S""#,
    r#"PRINT#15,"I0123456789012345678901234567890123456789012345""#,
    r#"PRINT#15,"B-A:0""#,
    r#"OPEN11,8,11:PRINT#11,"X""#,
    r#"CLOSE11"#,
    r#"OPEN2,8,2,"BIG,S,R":PRINT#2,"X""#,
    r#"CLOSE2"#,
    r#"OPEN3,8,3,"WF,S,W":GET#3,C$"#,
    r#"CLOSE3"#,
    // Drive memory.
    r#"PRINT#15,"M-W"CHR$(0)CHR$(5)CHR$(3)"ABC""#,
    r#"PRINT#15,"M-R"CHR$(0)CHR$(5)CHR$(3):F=15:N=3:GOSUB700"#,
    // Blocks through a buffer channel.
    r##"OPEN6,8,6,"#""##,
    r#"PRINT#15,"B-A:0,20,5""#,
    r#"PRINT#15,"B-A:0,20,5""#,
    r#"PRINT#15,"B-F:0,20,5""#,
    r#"PRINT#15,"B-A:0,40,1""#,
    r#"PRINT#15,"B-P:6,0":PRINT#6,"SECTOR DATA";"#,
    r#"PRINT#15,"U2:6,0,20,3""#,
    r#"PRINT#15,"U1:6,0,18,0""#,
    r#"PRINT#15,"B-P:6,144":F=6:N=16:GOSUB700"#,
    r#"PRINT#15,"B-P:6,64":F=6:N=24:GOSUB700"#,
    r#"PRINT#15,"U1:6,0,36,0""#,
    r#"PRINT#15,"U1:6,0,18,25""#,
    r#"PRINT#15,"B-A:0,18,0""#,
    r#"PRINT#15,"B-P:6,0":PRINT#6,CHR$(5)"BW";"#,
    r#"PRINT#15,"B-W:6,0,20,7""#,
    r#"PRINT#15,"B-R:6,0,20,7":F=6:N=4:GOSUB700"#,
    r#"PRINT#15,"M-W"CHR$(0)CHR$(5)CHR$(4)CHR$(238)CHR$(0)CHR$(6)CHR$(96)"#,
    r#"PRINT#15,"M-E"CHR$(0)CHR$(5)"#,
    // Buffers run out.
    r##"OPEN7,8,7,"#""##,
    r##"OPEN8,8,8,"#""##,
    r##"OPEN9,8,9,"#""##,
    r##"OPEN10,8,10,"#""##,
    r#"CLOSE7:CLOSE8:CLOSE9:CLOSE10"#,
    r##"OPEN7,8,7,"#3""##,
    r#"CLOSE7"#,
    r#"PRINT#15,"B-P:11,0""#,
    r#"CLOSE6"#,
    // Wildcard scratch, validate, the directory.
    r#"PRINT#15,"S:SEQ?""#,
    r#"PRINT#15,"V""#,
    r#"OPEN2,8,0,"$":F=2:GOSUB800"#,
    r#"CLOSE2"#,
    r#"OPEN2,8,0,"$0:P*":F=2:GOSUB800"#,
    r#"CLOSE2"#,
    r#"PRINT#15,"I""#,
    // Last, as the open DOS makes this file, and a reset.
    r#"OPEN2,8,2,"A*B,S,W""#,
    r#"CLOSE2"#,
    r#"PRINT#15,"UJ""#,
];

/// A difference between the two DOSes that is known, and why.
struct Known {
    /// The command (`(again, N)` after one the script gives more than once), or `disk T/S` (`disk T/S-S` for a run of sectors of
    /// a track that differ alike).
    what: &'static str,
    /// For a command, `genuine <> ours`: what each read (`|` between records, bytes other
    /// than printable ASCII as `{XX}`). For sectors, the offsets where they differ.
    seen: &'static str,
    /// Why; `cause:` points to the likely place in roms/src/dos1541.
    reason: &'static str,
}

const KNOWN: &[Known] = &[
    Known {
        what: r##"disk 17/3"##,
        seen: r##"0A-FF"##,
        reason: "PROG2's last block after its last byte (never read): what was in the buffer before, a data block's bytes on the genuine DOS, a directory sector's on ours",
    },
    Known {
        what: r##"disk 17/12"##,
        seen: r##"04-FF"##,
        reason: "USR1's last block after its last byte (never read): a directory sector's bytes on the genuine DOS, the file's first block on ours (see disk 17/3)",
    },
    Known {
        what: r##"disk 17/20"##,
        seen: r##"22-27 29-45 47-FF"##,
        reason: "SEQ1's last block after its last byte (never read): what was in the buffer before differs (see disk 17/3)",
    },
    Known {
        what: r##"disk 16/1"##,
        seen: r##"54-56 58-5B 5D-60 62-65 67-6A 6C-6F 71-72 74 76-79 7B-7E 80-83 85-88 8A-8D 8F-92 94-97 99-9C 9E-A1 A3-A6 A8-A9 AB AD-B0 B2-B5 B7-BA BC-BF C1-C4 C6-C9 CB-CE D0-D3 D5-D8 DA-DD DF-E0 E2 E4-E7 E9-EC EE-F1 F3-F6 F8-FB FD-FF"##,
        reason: "BIG's last block after its last byte (never read): what was in the buffer before, two blocks back on the genuine DOS, the block before on ours",
    },
    Known {
        what: r##"disk 17/2"##,
        seen: r##"03-FF"##,
        reason: "WF (closed empty: link 00 02 and a CR on both) after its CR (never read): what was in the buffer before differs (see disk 17/3)",
    },
    Known {
        what: r##"PRINT#15,"B-P:6,64":F=6:N=24:GOSUB700"##,
        seen: r##"{14}{FD}{FF}{1F}{02}{08}{10}{00}{11}{FC}{FF}{07}{07}{C0}{0B}{06}{00}{00}{00}{00}{13}{FF}{FF}{07}|00, OK,00,00{0D} <> {14}{FD}{FF}{1F}{02}{08}{10}{00}{11}{FC}{FF}{07}{07}{C0}{0B}{06}{13}{FF}{FF}{07}{13}{FF}{FF}{07}|00, OK,00,00{0D}"##,
        reason: "the BAM in the drive's memory (U1 18/0 shows it): track 20's entry (bytes 16-19 here) is 00 00 00 00 on the genuine DOS after B-A 20/5, B-A 20/5 again (65) and B-F 20/5, until V; ours has track 20 with 20/5 free again (13 FF FF 07), as the commands leave it",
    },
    Known {
        what: r##"OPEN7,8,7,"#3""##,
        seen: r##"70,NO CHANNEL,00,00{0D} <> 00, OK,00,00{0D}"##,
        reason: "which buffer is free depends on the DOS's own use of them: after the copies and the relative file the genuine DOS's buffer 3 is taken (channel 6's), ours is free",
    },
    Known {
        what: r##"disk 18/0"##,
        seen: r##"48-49"##,
        reason: "the BAM's track 18 at the end: the genuine DOS has 18/1, the first directory sector, marked free (18 free, FE); ours has it used (17, FC)",
    },
    Known {
        what: r##"disk 19/1"##,
        seen: r##"22-27 29-45 47-FF"##,
        reason: "TWIN's last block after its last byte (never read): what was in the buffer before differs (see disk 17/3)",
    },
    Known {
        what: r##"disk 19/13"##,
        seen: r##"2C-31 33-4F 51-FF"##,
        reason: "JOINED's last block after its last byte (never read): what was in the buffer before differs (see disk 17/3)",
    },
    Known {
        what: r##"disk 20/7"##,
        seen: r##"50-53"##,
        reason: "the block of B-W: 50-53, the BAM read by U1 still in the buffer, with track 20's entry (see B-P:6,64)",
    },
];

/// The BASIC program: a command a line, each followed by reading the error channel. Each
/// record in memory from $8000 is two bytes of length and the bytes; $FB/$FC hold the end.
fn program() -> String {
    let mut text = String::from("10 POKE55,0:POKE56,128:CLR:P=32768\n");
    for (i, cmd) in SCRIPT.iter().enumerate() {
        text += &format!("{} {cmd}:GOSUB900\n", 100 + i);
    }
    text += "690 POKE252,P/256:POKE251,P-PEEK(252)*256:CLOSE15:PRINT\"SCRIPT DONE\":END\n";
    text += "700 Q=P:P=P+2:FORI=1TON:GET#F,C$:POKEP,ASC(C$+CHR$(0)):P=P+1:NEXT:GOTO880\n";
    text += "800 Q=P:P=P+2\n";
    text += "810 GET#F,C$:POKEP,ASC(C$+CHR$(0)):P=P+1:IFST=0ANDP<53200THEN810\n";
    text += "880 L=P-Q-2:POKEQ,LAND255:POKEQ+1,L/256:RETURN\n";
    text += "900 F=15:GOTO800\n";
    text
}

/// What one machine did: the records of each command and the disk at the end.
struct Run {
    steps: Vec<Vec<Vec<u8>>>,
    disk: D64,
}

/// Run the script on `roms` with [`three_files`] in drive 8.
fn run(roms: Roms) -> Run {
    let before = three_files();
    let mut c = machine_on(roms, Some(&before));
    let prg = breadbin::basic::tokenize(&program(), "script.bas")
        .unwrap()
        .prg;
    let prg = Prg::parse(&prg, Path::new("script.prg")).unwrap();
    breadbin::host::autostart::inject(&mut c, &prg);
    enter(&mut c, "RUN", 900);
    shows(&c, "SCRIPT DONE");
    let ram = c.ram();
    let end = u16::from_le_bytes([ram[0xFB], ram[0xFC]]) as usize;
    let mut at = 0x8000;
    let mut records = Vec::new();
    while at < end {
        let len = u16::from_le_bytes([ram[at], ram[at + 1]]) as usize;
        records.push(ram[at + 2..at + 2 + len].to_vec());
        at += 2 + len;
    }
    let mut records = records.into_iter();
    let steps = SCRIPT
        .iter()
        .map(|cmd| {
            let n = 1 + cmd.matches("GOSUB").count();
            let got: Vec<_> = records.by_ref().take(n).collect();
            assert_eq!(got.len(), n, "the records of {cmd}");
            got
        })
        .collect();
    assert!(records.next().is_none(), "records left over");
    let disk = disk_now(&mut c, &before);
    // What the drive wrote is on it: the name and ID of the last N.
    let bam = disk.sector(18, 0).unwrap();
    assert_eq!(&bam[0x90..0x99], b"QUICK ONE");
    assert_eq!(&bam[0xA2..0xA4], b"SB");
    Run { steps, disk }
}

/// The disk in the drive as a D64, once the drive is done (its motor stops 2.5 s after its
/// last job): `before` with every sector found on the recorded tracks.
fn disk_now(c: &mut C64, before: &D64) -> D64 {
    for _ in 0..20 {
        c.run_cycles(SECOND / 2);
        if !c.drive().expect("a drive").status().motor {
            break;
        }
    }
    let disk = c.drive().expect("a drive").disk().expect("a disk");
    let mut d64 = before.clone();
    for t in 1..=35 {
        for (s, data) in gcr::sectors(t, disk.track(t)) {
            *d64.sector_mut(t, s).expect("a sector") = data;
        }
    }
    d64
}

/// Bytes as text: printable ASCII as is, others as `{XX}`.
fn text(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0x20..=0x7E => (b as char).to_string(),
            _ => format!("{{{b:02X}}}"),
        })
        .collect()
}

/// The runs of offsets where `a` and `b` differ: (offsets, `a`'s bytes there, `b`'s).
fn sector_diff(a: &[u8; 256], b: &[u8; 256]) -> (String, String, String) {
    let (mut at, mut ga, mut gb) = (Vec::new(), Vec::new(), Vec::new());
    let hex = |s: &[u8]| s.iter().map(|x| format!("{x:02X}")).collect::<String>();
    let mut i = 0;
    while i < 256 {
        if a[i] == b[i] {
            i += 1;
            continue;
        }
        let start = i;
        while i < 256 && a[i] != b[i] {
            i += 1;
        }
        at.push(match i - start {
            1 => format!("{start:02X}"),
            _ => format!("{start:02X}-{:02X}", i - 1),
        });
        ga.push(format!("{start:02X}:{}", hex(&a[start..i])));
        gb.push(format!("{start:02X}:{}", hex(&b[start..i])));
    }
    (at.join(" "), ga.join(" "), gb.join(" "))
}

/// One difference: what, the text a known one must match, and the whole of it to show.
struct Difference {
    what: String,
    seen: String,
    shown: String,
}

/// Every difference between the genuine DOS's run and ours.
fn differences(genuine: &Run, ours: &Run) -> Vec<Difference> {
    let mut found = Vec::new();
    for (i, cmd) in SCRIPT.iter().enumerate() {
        let show = |r: &Run| {
            r.steps[i]
                .iter()
                .map(|x| text(x))
                .collect::<Vec<_>>()
                .join("|")
        };
        let (g, o) = (show(genuine), show(ours));
        // The power-on message names the DOS (after a reset too): only its number and
        // version must match.
        let alike = |s: &str| s.starts_with("73,") && s.contains("V2.6 1541");
        let differ = match i == 0 || cmd.contains("\"UJ\"") {
            true => !(alike(&g) && alike(&o)),
            false => g != o,
        };
        if differ {
            // A command the script gives more than once: which time.
            let nth = SCRIPT[..i].iter().filter(|c| *c == cmd).count();
            found.push(Difference {
                what: match nth {
                    0 => cmd.to_string(),
                    n => format!("{cmd} (again, {})", n + 1),
                },
                seen: format!("{g} <> {o}"),
                shown: format!("  genuine: {g}\n  ours:    {o}"),
            });
        }
    }
    for t in 1..=35 {
        let mut run: Option<(u8, u8, (String, String, String))> = None;
        for s in 0..=sectors_in(t) {
            let diff = (s < sectors_in(t))
                .then(|| {
                    let g = genuine.disk.sector(t, s).unwrap();
                    let o = ours.disk.sector(t, s).unwrap();
                    (g != o).then(|| sector_diff(g, o))
                })
                .flatten();
            match (&mut run, diff) {
                (Some((_, last, d)), Some(n)) if *d == n && *last + 1 == s => *last = s,
                (r, n) => {
                    if let Some((first, last, (at, g, o))) = r.take() {
                        let what = match first == last {
                            true => format!("disk {t}/{first}"),
                            false => format!("disk {t}/{first}-{last}"),
                        };
                        found.push(Difference {
                            what,
                            seen: at,
                            shown: format!("  genuine: {g}\n  ours:    {o}"),
                        });
                    }
                    *r = n.map(|n| (s, s, n));
                }
            }
        }
    }
    found
}

#[test]
fn the_open_dos_answers_and_writes_as_the_genuine_one_does() {
    assert!(SCRIPT.len() >= 40, "{} commands", SCRIPT.len());
    let Some(dir) = std::env::var_os("BREADBIN_GENUINE_ROMS") else {
        eprintln!("skipping: BREADBIN_GENUINE_ROMS is not set (no genuine 1541 DOS to compare)");
        return;
    };
    let Some(dos) = Roms::from_dir(Path::new(&dir))
        .expect("BREADBIN_GENUINE_ROMS holds ROMs")
        .dos
    else {
        eprintln!("skipping: no 1541 DOS image in BREADBIN_GENUINE_ROMS");
        return;
    };
    let mut genuine_roms = Roms::open();
    genuine_roms.dos = Some(dos);
    let (genuine, ours) = std::thread::scope(|s| {
        let g = s.spawn(|| run(genuine_roms));
        let o = run(Roms::open());
        (g.join().unwrap(), o)
    });
    let found = differences(&genuine, &ours);
    for d in &found {
        let known = KNOWN.iter().find(|k| k.what == d.what && k.seen == d.seen);
        let why = known.map_or("new", |k| k.reason);
        eprintln!("{} ({why})\n{}", d.what, d.shown);
    }
    let new: Vec<String> = found
        .iter()
        .filter(|d| !KNOWN.iter().any(|k| k.what == d.what && k.seen == d.seen))
        .map(|d| {
            format!(
                "    Known {{ what: r##\"{}\"##, seen: r##\"{}\"##, reason: \"\" }},",
                d.what, d.seen
            )
        })
        .collect();
    let gone: Vec<String> = KNOWN
        .iter()
        .filter(|k| !found.iter().any(|d| k.what == d.what && k.seen == d.seen))
        .map(|k| format!("{} ({})", k.what, k.reason))
        .collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "{} commands; new differences:\n{}\nknown ones gone: {gone:?}",
        SCRIPT.len(),
        new.join("\n")
    );
}
