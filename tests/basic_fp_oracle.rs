//! The floating-point oracle: 5,000 numeric expressions with the 5 bytes genuine BASIC V2
//! stored for `X=expression` and the text `STR$(X)` printed, or the error it stopped with
//! (../shared/reference/basic-v2/fp-oracle.tsv). Every row is run on the open ROMs the way
//! the file was made: programs of lines `X=expr:S$=STR$(X):SYS 828`, where a small routine
//! in the tape buffer copies X's 5 bytes and S$ to the next slot of a table in RAM; a line
//! that stops with an error is noted from the screen and the program goes on with `RUN` at
//! the next line. The test prints the count of rows that
//! agree and the first differences grouped by function, and skips when ../shared is absent.

mod shared_data;

mod basic_interp_machine;
use basic_interp_machine::Basic;
use breadbin::Roms;
use std::collections::BTreeMap;

/// Rows per program.
const BATCH: usize = 160;
/// Where the routine stores each row's result: 24 bytes per line (5 float bytes, the
/// length of STR$, its characters).
const SLOTS: u16 = 0xC000;
const SLOT: usize = 24;

/// The routine at $033C (SYS 828): copy X (the first variable: VARTAB + 2) to the slot at
/// ($FB), find S$ among the variables and copy its length and characters after it, then
/// advance ($FB) by 24.
const COPY: [u8; 116] = [
    0xA5, 0x2D, 0x18, 0x69, 0x02, 0x85, 0xFD, 0xA5, 0x2E, 0x69, 0x00, 0x85, 0xFE, // X's value
    0xA0, 0x04, 0xB1, 0xFD, 0x91, 0xFB, 0x88, 0x10, 0xF9, // copy 5 bytes
    0xA5, 0x2D, 0x85, 0xFD, 0xA5, 0x2E, 0x85, 0xFE, // from VARTAB
    0xA0, 0x00, 0xB1, 0xFD, 0xC9, 0x53, 0xD0, 0x07, 0xC8, 0xB1, 0xFD, 0xC9, 0x80, 0xF0, 0x0D, 0xA5,
    0xFD, 0x18, 0x69, 0x07, 0x85, 0xFD, 0x90, 0xE8, 0xE6, 0xFE, 0xD0, 0xE4, // find S$
    0xA0, 0x02, 0xB1, 0xFD, 0xA0, 0x05, 0x91, 0xFB, 0xAA, // its length
    0xA0, 0x03, 0xB1, 0xFD, 0x85, 0x22, 0xC8, 0xB1, 0xFD, 0x85, 0x23, // its characters
    0xA5, 0xFB, 0x18, 0x69, 0x06, 0x85, 0xFD, 0xA5, 0xFC, 0x69, 0x00, 0x85, 0xFE, 0xA0, 0x00, 0x8A,
    0xF0, 0x08, 0xB1, 0x22, 0x91, 0xFD, 0xC8, 0xCA, 0x10, 0xF5, // copy
    0xA5, 0xFB, 0x18, 0x69, 0x18, 0x85, 0xFB, 0x90, 0x02, 0xE6, 0xFC, 0x60, // next slot
];

/// Point ($FB) at the slot of row `i`.
fn set_slot(b: &mut Basic, i: usize) {
    let p = SLOTS as usize + SLOT * i;
    b.c64.poke_ram(0xFB, p as u8);
    b.c64.poke_ram(0xFC, (p >> 8) as u8);
}

struct Row {
    expr: String,
    mflpt: Option<[u8; 5]>,
    text: String,
}

fn oracle() -> Option<Vec<Row>> {
    let p = shared_data::require("reference/basic-v2/fp-oracle.tsv")?;
    let text = std::fs::read_to_string(p).ok()?;
    Some(
        text.lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                let mflpt = (!f[1].is_empty()).then(|| {
                    let mut b = [0u8; 5];
                    for (i, x) in b.iter_mut().enumerate() {
                        *x = u8::from_str_radix(&f[1][2 * i..2 * i + 2], 16).unwrap();
                    }
                    b
                });
                Row {
                    expr: f[0].to_string(),
                    mflpt,
                    text: f[2].to_string(),
                }
            })
            .collect(),
    )
}

/// The function a row exercises, for grouping differences: the first of the functions in
/// its expression, `^`, or plain arithmetic / literals.
fn group(expr: &str) -> &'static str {
    for f in [
        "SQR", "EXP", "LOG", "SIN", "COS", "TAN", "ATN", "INT", "ABS", "SGN", "VAL",
    ] {
        if expr.contains(f) {
            return f;
        }
    }
    if expr.contains('^') {
        "^"
    } else if expr.contains(['+', '*', '/']) || expr[1..].contains('-') {
        "arithmetic"
    } else {
        "literal"
    }
}

/// Run one batch; returns per row (mflpt, text) or the error message.
fn run_batch(rows: &[Row], roms: &Roms) -> Vec<(Option<[u8; 5]>, String)> {
    // X is the first variable of every run (RUN n starts with X=...).
    let mut src = String::new();
    for (i, r) in rows.iter().enumerate() {
        src.push_str(&format!("{} X={}:S$=STR$(X):SYS 828\n", i + 1, r.expr));
    }
    let mut b = Basic::boot_with(roms.clone());
    b.load(&src);
    for (i, &byte) in COPY.iter().enumerate() {
        b.c64.poke_ram(0x033C + i as u16, byte);
    }
    set_slot(&mut b, 0);
    let mut errors: BTreeMap<usize, String> = BTreeMap::new();
    let mut next = "RUN".to_string();
    loop {
        b.keys("{CLR}");
        b.enter(&next);
        // An error leaves "?XXX  ERROR IN n" on the screen.
        let rows_text = b.rows();
        let Some(err) = rows_text
            .iter()
            .find(|l| l.starts_with('?') && l.contains(" ERROR IN "))
        else {
            break;
        };
        let (msg, line) = err.rsplit_once(" IN ").unwrap();
        let line: usize = line.trim().parse().unwrap();
        assert!(
            (1..=rows.len()).contains(&line),
            "the harness itself stopped at line {line}: {err}"
        );
        errors.insert(line - 1, msg.to_string());
        if line == rows.len() {
            break;
        }
        set_slot(&mut b, line);
        next = format!("RUN {}", line + 1);
    }
    let ram = b.c64.ram();
    (0..rows.len())
        .map(|i| {
            if let Some(e) = errors.get(&i) {
                return (None, e.clone());
            }
            let p = SLOTS as usize + SLOT * i;
            let mut m = [0u8; 5];
            m.copy_from_slice(&ram[p..p + 5]);
            let len = ram[p + 5] as usize;
            let text: String = ram[p + 6..p + 6 + len].iter().map(|&c| c as char).collect();
            (Some(m), text)
        })
        .collect()
}

#[test]
fn every_row_of_the_oracle_matches() {
    let Some(rows) = oracle() else {
        return;
    };
    compare(&rows, &Roms::open(), "the open ROMs");
}

/// The same rows on genuine ROM images (`BREADBIN_GENUINE_ROMS=DIR`): the harness itself
/// must reproduce the oracle there.
#[test]
fn the_harness_reproduces_the_oracle_on_genuine_roms() {
    let Some(dir) = std::env::var_os("BREADBIN_GENUINE_ROMS") else {
        eprintln!("skipping the genuine ROMs: BREADBIN_GENUINE_ROMS is not set");
        return;
    };
    let Some(rows) = oracle() else {
        return;
    };
    let roms =
        Roms::from_dir(std::path::Path::new(&dir)).expect("BREADBIN_GENUINE_ROMS holds ROMs");
    compare(&rows, &roms, "the genuine ROMs");
}

/// Run every row on `roms`, print the agreement and the differences by function (all of
/// them into the file named by `BREADBIN_ORACLE_DIFFS`, if set), and fail on any.
fn compare(rows: &[Row], roms: &Roms, what: &str) {
    assert!(rows.len() >= 5000);
    let mut ok = 0;
    let mut diffs: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for chunk in rows.chunks(BATCH) {
        for (r, (m, text)) in chunk.iter().zip(run_batch(chunk, roms)) {
            if m == r.mflpt && text == r.text {
                ok += 1;
            } else {
                let fmt = |m: Option<[u8; 5]>| {
                    m.map(|b| b.iter().map(|x| format!("{x:02X}")).collect::<String>())
                        .unwrap_or_else(|| "-".into())
                };
                diffs.entry(group(&r.expr)).or_default().push(format!(
                    "{}: genuine {} {:?}, open {} {:?}",
                    r.expr,
                    fmt(r.mflpt),
                    r.text,
                    fmt(m),
                    text
                ));
            }
        }
    }
    eprintln!("{what}: {ok} of {} rows agree", rows.len());
    if let Some(path) = std::env::var_os("BREADBIN_ORACLE_DIFFS") {
        let all: Vec<String> = diffs
            .iter()
            .flat_map(|(g, d)| d.iter().map(move |l| format!("{g}\t{l}")))
            .collect();
        std::fs::write(path, all.join("\n") + "\n").expect("write the differences");
    }
    for (g, d) in &diffs {
        eprintln!("{g}: {} differ", d.len());
        for line in d.iter().take(5) {
            eprintln!("    {line}");
        }
    }
    assert_eq!(
        ok,
        rows.len(),
        "rows that differ from genuine BASIC V2 (see above)"
    );
}
