//! The bench's lists of runs: `tests.tsv` (the plain PAL runs), `tests-disk.tsv` (with a disk
//! image in drive 8), `tests-models.tsv` and `tests-expansions.tsv` (other chips, cartridges
//! and RAM expansions). Each is tab-separated with a header naming its columns: `program`,
//! `cycles`, `expect`, and as the list has them `disk` and `format`, `options`, `cartridge`.
//! A list without a header has the first three. A list whose header names no `expect`
//! column is a list of picture runs (the `vice-screenshots` folder's `tests.tsv`: `program`,
//! `cycles`, `options`): each run passes when its picture matches its reference, or with the
//! option `expect:error` when it does not.

use super::BenchError;
use crate::c64::Model;
use crate::c64::model::{CiaModel, RamUpgrade, SidModel, VicModel};
use crate::chips::expansion::Expansion;
use std::path::Path;

/// What a run must do to pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Expect {
    /// Write 0 to $D7FF before the limit.
    #[default]
    Pass,
    /// Write neither 0 nor $FF before the limit (the machine hangs, e.g. a CPU jam).
    Timeout,
    /// A picture run: show the reference picture.
    Picture,
    /// A picture run that must not show its reference (the bench's self-test, option
    /// `expect:error`).
    NotPicture,
}

impl Expect {
    /// Whether the run is a picture run.
    pub fn is_picture(self) -> bool {
        matches!(self, Expect::Picture | Expect::NotPicture)
    }
}

/// One run of a list.
#[derive(Debug, Clone, Default)]
pub struct Entry {
    /// Path of the `.prg` below the test bench folder, with `/` separators (empty for a
    /// cartridge run alone).
    pub program: String,
    /// Limit in cycles from power-on.
    pub cycles: u64,
    pub expect: Expect,
    /// A disk image to put in drive 8 (path below the bench folder), and its format.
    pub disk: Option<(String, String)>,
    /// The `options` column: other chip models or an expansion (`cia-new`, `reu512k`, ...).
    pub options: String,
    /// A cartridge image to insert (path below the program's folder).
    pub cartridge: String,
    /// Why the run was not run, found when its files were read (a cartridge type breadbin
    /// does not have).
    pub not_run: Option<String>,
}

impl Entry {
    /// The top folder of the program (`CPU`, `CIA`, ...), the unit of the published tables.
    pub fn folder(&self) -> &str {
        self.name().split('/').next().unwrap_or("")
    }

    /// What names the run in a ratchet file: the program, the cartridge for a cartridge
    /// run alone, or both as `PROGRAM [CARTRIDGE]` (one program runs with several).
    pub fn key(&self) -> String {
        match (self.program.is_empty(), self.cartridge.is_empty()) {
            (_, true) => self.program.clone(),
            (true, false) => self.cartridge.clone(),
            (false, false) => format!("{} [{}]", self.program, self.cartridge),
        }
    }

    /// The program, or for a cartridge run alone its cartridge.
    pub fn name(&self) -> &str {
        if self.program.is_empty() {
            &self.cartridge
        } else {
            &self.program
        }
    }

    /// The words of the `options` column; a `comment:` takes the rest of it.
    pub fn option_words(&self) -> impl Iterator<Item = &str> {
        self.options
            .split_whitespace()
            .take_while(|w| !w.starts_with("comment:"))
    }

    /// The C64 the options ask for (`cia-new`, `sid-new`, `vicii-ntsc`, ...), or the first
    /// option that names no chip. A picture run's options may also be the list's notes
    /// (`warn:`, `expect:`).
    pub fn model(&self) -> Result<Model, String> {
        let mut m = Model::C64_PAL;
        for w in self.option_words() {
            match w {
                "cia-old" => m.cia = CiaModel::Mos6526,
                "cia-new" => m.cia = CiaModel::Mos6526A,
                "sid-old" => m.sid = SidModel::Mos6581,
                "sid-new" => m.sid = SidModel::Mos8580,
                "vicii-pal" | "vicii-old" if m.vic.is_ntsc() => m = m.with_vic(VicModel::Mos6569),
                "vicii-pal" | "vicii-old" => {}
                "vicii-new" => m = m.with_vic(VicModel::Mos8565),
                "vicii-ntsc" => m = m.with_vic(VicModel::Mos6567R8),
                "vicii-ntscold" => m = m.with_vic(VicModel::Mos6567R56A),
                "plus60k" => m.ram = RamUpgrade::Plus60k,
                "plus256k" => m.ram = RamUpgrade::Plus256k,
                w if self.expect.is_picture()
                    && (w.starts_with("warn:") || w.starts_with("expect:")) => {}
                w if crate::cart::from_option(w).is_some() => {}
                w => return Err(w.to_string()),
            }
        }
        Ok(m)
    }

    /// The RAM expansion the options name (`reu512k`, ...), if any: its device, or why
    /// breadbin has none.
    pub fn expansion(&self) -> Option<Result<Box<dyn Expansion>, String>> {
        self.option_words().find_map(crate::cart::from_option)
    }

    /// What the run needs that breadbin does not emulate, if anything.
    pub fn unsupported(&self) -> Option<String> {
        if let Some(Err(why)) = self.expansion() {
            return Some(why);
        }
        match self.model() {
            Err(w) => return Some(format!("option {w}")),
            Ok(m) if m.check().is_err() => return Some(format!("option {}", self.options)),
            Ok(_) => {}
        }
        match &self.disk {
            Some((_, format)) if format != "d64" && format != "g64" => {
                Some(format!("a {format} image"))
            }
            _ => None,
        }
    }
}

/// Read and check `tests.tsv` of a test bench folder.
pub fn read_list(dir: &Path) -> Result<Vec<Entry>, BenchError> {
    read_list_file(dir, "tests.tsv")
}

/// Read and check the list `name` of a test bench folder.
pub fn read_list_file(dir: &Path, name: &str) -> Result<Vec<Entry>, BenchError> {
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).map_err(|source| BenchError::Read {
        path: path.clone(),
        source,
    })?;
    let err = |line: usize, message: String| BenchError::List {
        path: path.clone(),
        line,
        message,
    };
    const KNOWN: [&str; 7] = [
        "program",
        "cycles",
        "expect",
        "disk",
        "format",
        "options",
        "cartridge",
    ];
    let mut columns: Vec<String> = vec!["program".into(), "cycles".into(), "expect".into()];
    let mut out = Vec::new();
    for (i, row) in text.lines().enumerate() {
        let n = i + 1;
        if row.trim().is_empty() || row.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = row.split('\t').collect();
        if n == 1 && cols.first() == Some(&"program") {
            if let Some(c) = cols.iter().find(|c| !KNOWN.contains(&c.trim())) {
                return Err(err(n, format!("unknown column '{c}'")));
            }
            columns = cols.iter().map(|c| c.trim().to_string()).collect();
            continue;
        }
        if cols.len() != columns.len() {
            return Err(err(
                n,
                format!(
                    "expected {} tab-separated columns ({}), found {}",
                    columns.len(),
                    columns.join(", "),
                    cols.len()
                ),
            ));
        }
        let get = |name: &str| -> &str {
            columns
                .iter()
                .position(|c| c == name)
                .map_or("", |k| cols[k].trim())
        };
        let mut e = Entry {
            program: get("program").to_string(),
            options: get("options").to_string(),
            cartridge: get("cartridge").to_string(),
            ..Entry::default()
        };
        for p in [&e.program, &e.cartridge] {
            if p.starts_with('/') || p.split('/').any(|c| c == "..") {
                return Err(err(
                    n,
                    format!("'{p}' is not a path below the test bench folder"),
                ));
            }
        }
        if e.name().is_empty() {
            return Err(err(n, "names neither a program nor a cartridge".into()));
        }
        e.cycles = get("cycles").parse().map_err(|_| {
            err(
                n,
                format!("cycles '{}' is not a whole number", get("cycles")),
            )
        })?;
        e.expect = match get("expect") {
            _ if !columns.iter().any(|c| c == "expect") => {
                if e.option_words().any(|w| w == "expect:error") {
                    Expect::NotPicture
                } else {
                    Expect::Picture
                }
            }
            "pass" => Expect::Pass,
            "timeout" => Expect::Timeout,
            other => {
                return Err(err(
                    n,
                    format!("expect '{other}' is neither 'pass' nor 'timeout'"),
                ));
            }
        };
        let disk = get("disk");
        if !disk.is_empty() {
            if disk.starts_with('/') || disk.split('/').any(|c| c == "..") {
                return Err(err(
                    n,
                    format!("'{disk}' is not a path below the test bench folder"),
                ));
            }
            let format = match get("format") {
                "" => "d64",
                f => f,
            };
            e.disk = Some((disk.to_string(), format.to_ascii_lowercase()));
        }
        out.push(e);
    }
    if out.is_empty() {
        return Err(err(1, "lists no programs".into()));
    }
    Ok(out)
}
