//! The bench's lists made from a checkout of the VICE-testprogs collection itself: its
//! `testbench/c64-testlist.in` names every C64 run as `FOLDER,PROGRAM,KIND,CYCLES,OPTION...`
//! with FOLDER relative to `testbench/`. The exit-code runs are sorted into the four lists
//! the bench folder has as files: plain PAL, a disk in drive 8, other chip models, and
//! expansions (a cartridge or a RAM expansion), with paths below the checkout.
//!
//! Left out: the picture runs (their reference pictures are not in the list's folders), the
//! runs the list only documents (`interactive`, `analyzer`), the self-tests that must fail
//! (`expect:error`), which check the bench rather than the machine, and the runs a comment
//! marks as for one batch of chips only.

use super::BenchError;
use super::list::{Entry, Expect};
use std::path::Path;

/// Where the list is in a checkout.
pub const LIST: &str = "testbench/c64-testlist.in";

/// One of the lists the collection is sorted into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Plain,
    Disk,
    Models,
    Expansions,
}

impl Kind {
    /// The list named as the bench folder's file (`tests.tsv`, ...) or by its kind (`plain`,
    /// `disk`, `models`, `expansions`).
    pub fn from_name(name: &str) -> Option<Kind> {
        Some(match name.trim_end_matches(".tsv") {
            "tests" | "plain" => Kind::Plain,
            "tests-disk" | "disk" => Kind::Disk,
            "tests-models" | "models" => Kind::Models,
            "tests-expansions" | "expansions" => Kind::Expansions,
            _ => return None,
        })
    }
}

/// Whether `dir` is a checkout of the collection (it has the list).
pub fn is_checkout(dir: &Path) -> bool {
    dir.join(LIST).is_file()
}

/// Options that leave the machine a plain PAL C64 (its chips as the options name them), or
/// only annotate the run.
fn plain_option(w: &str) -> bool {
    matches!(w, "vicii-pal" | "vicii-old" | "sid-old" | "cia-old")
        || w.starts_with("warn:")
        || w.starts_with("comment:")
}

fn model_option(w: &str) -> bool {
    matches!(
        w,
        "sid-new" | "cia-new" | "vicii-ntsc" | "vicii-ntscold" | "vicii-new"
    )
}

fn expansion_option(w: &str) -> bool {
    crate::cart::from_option(w).is_some()
        || matches!(w, "plus60k" | "plus256k")
        || w.starts_with("reu")
        || w.starts_with("geo")
}

/// `testbench/` joined with `rel`, as a path below the checkout (`..` taken away), if it
/// stays below it.
fn below_root(rel: &str) -> Option<String> {
    let mut parts: Vec<&str> = vec!["testbench"];
    for c in rel.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            c => parts.push(c),
        }
    }
    Some(parts.join("/"))
}

/// The runs of `kind` in the checkout at `root`.
pub fn read(root: &Path, kind: Kind) -> Result<Vec<Entry>, BenchError> {
    let path = root.join(LIST);
    let text = std::fs::read_to_string(&path).map_err(|source| BenchError::Read {
        path: path.clone(),
        source,
    })?;
    let entries = parse(&text, kind).map_err(|(line, message)| BenchError::List {
        path: path.clone(),
        line,
        message,
    })?;
    if entries.is_empty() {
        return Err(BenchError::List {
            path,
            line: 1,
            message: "lists no exit-code runs of this kind".into(),
        });
    }
    Ok(entries)
}

/// The runs of `kind` in the list's text; an error names its line.
pub fn parse(text: &str, kind: Kind) -> Result<Vec<Entry>, (usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // A comment option takes the rest of the line, commas and all.
        let (fields, comment) = match line.find(",comment:") {
            Some(k) => (&line[..k], &line[k..]),
            None => (line, ""),
        };
        let f: Vec<&str> = fields.split(',').map(str::trim).collect();
        if f.len() < 4 {
            return Err((
                n,
                "expected FOLDER,PROGRAM,KIND,CYCLES[,OPTION...]".to_string(),
            ));
        }
        if f[2] != "exitcode" {
            continue;
        }
        below_root(f[0]).ok_or_else(|| (n, format!("'{}' leaves the checkout", f[0])))?;
        let cycles: u64 = f[3]
            .parse()
            .map_err(|_| (n, format!("cycles '{}' is not a whole number", f[3])))?;
        let local = |name: &str| {
            below_root(&format!("{}/{name}", f[0]))
                .ok_or_else(|| (n, format!("'{name}' leaves the checkout")))
        };
        let mut e = Entry {
            cycles,
            ..Entry::default()
        };
        if !f[1].is_empty() {
            e.program = local(f[1])?;
        }
        let mut options = Vec::new();
        let mut is = Kind::Plain;
        let mut must_fail = false;
        for &w in &f[4..] {
            if let Some(x) = w.strip_prefix("expect:") {
                match x {
                    "timeout" => e.expect = Expect::Timeout,
                    "error" => must_fail = true,
                    _ => return Err((n, format!("expect '{x}' is neither timeout nor error"))),
                }
            } else if let Some(crt) = w.strip_prefix("mountcrt:") {
                e.cartridge = local(crt)?;
                is = Kind::Expansions;
            } else if let Some((format, image)) = ["d64", "g64", "p64"]
                .iter()
                .find_map(|f| w.strip_prefix(&format!("mount{f}:")).map(|i| (*f, i)))
            {
                e.disk = Some((local(image)?, format.to_string()));
                if is == Kind::Plain {
                    is = Kind::Disk;
                }
            } else if plain_option(w) {
                if !w.starts_with("warn:") {
                    options.push(w);
                }
            } else if model_option(w) {
                options.push(w);
                if is != Kind::Expansions {
                    is = Kind::Models;
                }
            } else if expansion_option(w) {
                options.push(w);
                is = Kind::Expansions;
            } else {
                return Err((n, format!("'{w}' is not an option the bench knows")));
            }
        }
        // Runs the list marks for one batch of chips only (`comment:CIA timestamp 4485 only`)
        // are not runs of every C64 of the kind.
        let batch_only = comment.trim_end().ends_with(" only");
        if must_fail || batch_only || is != kind {
            continue;
        }
        if matches!(is, Kind::Plain | Kind::Disk) {
            // A plain C64 has these chips anyway.
            options.retain(|w| !plain_option(w));
        }
        e.options = options.join(" ");
        out.push(e);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines in the list's format, one of each case.
    const LIST: &str = "\
# a comment
./selftest/,pass.prg,exitcode,1000
./selftest/,fail.prg,exitcode,1000,expect:error
../CPU/x/,a.prg,exitcode,2000,vicii-pal,sid-old
../CPU/x/,a.prg,screenshot,2000
../CPU/x/,jam.prg,exitcode,3000,expect:timeout,comment:hangs, on purpose
../CIA/c/,batch.prg,exitcode,3000,cia-old,comment:CIA timestamp 1234 only
../drive/y/,d.prg,exitcode,4000,mountd64:d.d64
../SID/z/,n.prg,exitcode,5000,sid-new
../REU/r/,r.prg,exitcode,6000,reu512k
./selftest/,,exitcode,7000,mountcrt:pass.crt
../VICII/v/,i.prg,interactive,0
";

    fn names(kind: Kind) -> Vec<String> {
        parse(LIST, kind)
            .unwrap()
            .iter()
            .map(|e| format!("{} {} {:?} {}", e.key(), e.cycles, e.expect, e.options))
            .collect()
    }

    #[test]
    fn the_exit_code_runs_are_sorted_into_the_four_lists() {
        assert_eq!(
            names(Kind::Plain),
            [
                "testbench/selftest/pass.prg 1000 Pass ",
                "CPU/x/a.prg 2000 Pass ",
                "CPU/x/jam.prg 3000 Timeout ",
            ]
        );
        assert_eq!(names(Kind::Disk), ["drive/y/d.prg 4000 Pass "]);
        assert_eq!(names(Kind::Models), ["SID/z/n.prg 5000 Pass sid-new"]);
        assert_eq!(
            names(Kind::Expansions),
            [
                "REU/r/r.prg 6000 Pass reu512k",
                "testbench/selftest/pass.crt 7000 Pass ",
            ]
        );
        let disk = &parse(LIST, Kind::Disk).unwrap()[0];
        assert_eq!(disk.disk, Some(("drive/y/d.d64".into(), "d64".into())));
    }

    #[test]
    fn a_wrong_line_is_named() {
        assert_eq!(parse("a,b\n", Kind::Plain).unwrap_err().0, 1);
        assert!(
            parse("#\n../../../x/,a.prg,exitcode,1\n", Kind::Plain)
                .unwrap_err()
                .1
                .contains("leaves the checkout")
        );
        assert!(
            parse("./,a.prg,exitcode,1,turbo\n", Kind::Plain)
                .unwrap_err()
                .1
                .contains("'turbo'")
        );
        assert_eq!(
            parse("\n./,a.prg,exitcode,many\n", Kind::Plain).unwrap_err(),
            (2, "cycles 'many' is not a whole number".into())
        );
    }
}
