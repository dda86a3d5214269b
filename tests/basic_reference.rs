//! The tokenizer and lister against the reference programs in
//! `../shared/reference/basic-v2/{bench,compat}/`: each `NAME.prg` there was made by VICE's
//! petcat from `NAME.bas`, so the bytes must match exactly; the `NAME.txt` screens are the
//! "screen as text" view of `NAME.screen`.

mod shared_data;

use std::fs;
use std::path::{Path, PathBuf};

use breadbin::basic::{list, screen_to_text, tokenize};

const REFERENCE: &str = "../shared/reference/basic-v2";

/// Every file with extension `ext` in bench/ and compat/, or `None` (with the reason
/// printed) when the reference folder is absent.
fn reference_files(ext: &str) -> Option<Vec<PathBuf>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(REFERENCE);
    if !root.is_dir() {
        return shared_data::absent(&format!("reference folder {}", root.display()));
    }
    let mut files = Vec::new();
    for sub in ["bench", "compat"] {
        let dir = root.join(sub);
        let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.extension().is_some_and(|e| e == ext) {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(
        !files.is_empty(),
        "no .{ext} files under {}",
        root.display()
    );
    Some(files)
}

fn first_difference(a: &[u8], b: &[u8]) -> String {
    let at = a
        .iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let show = |v: &[u8]| {
        v[at.saturating_sub(4)..(at + 8).min(v.len())]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "lengths {} vs {}, first difference at offset {at}: ours [{}] petcat [{}]",
        a.len(),
        b.len(),
        show(a),
        show(b)
    )
}

#[test]
fn tokenize_matches_petcat_for_every_reference_program() {
    let Some(files) = reference_files("bas") else {
        return;
    };
    let mut failures = Vec::new();
    for bas in &files {
        let text = fs::read_to_string(bas).expect("reference text");
        let expected = fs::read(bas.with_extension("prg")).expect("reference PRG");
        match tokenize(&text, &bas.display().to_string()) {
            Ok(t) if t.prg == expected => {}
            Ok(t) => failures.push(format!(
                "{}: {}",
                bas.display(),
                first_difference(&t.prg, &expected)
            )),
            Err(e) => failures.push(e.to_string()),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs differ:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    eprintln!(
        "{} reference programs tokenized byte-identically",
        files.len()
    );
}

/// Every `.bas` file of the repository's own programs (games/, tests/).
fn repository_programs() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "bas") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("games"), &mut files);
    walk(&root.join("tests"), &mut files);
    files.sort();
    files
}

/// text → PRG → text → PRG gives the same bytes.
fn assert_round_trip(bas: &Path) {
    let name = bas.display().to_string();
    let prg = tokenize(&fs::read_to_string(bas).expect("text"), &name)
        .unwrap_or_else(|e| panic!("{e}"))
        .prg;
    let listed = list(&prg, &name).unwrap_or_else(|e| panic!("{e}"));
    let again = tokenize(&listed, &name).unwrap_or_else(|e| panic!("{e}\n{listed}"));
    assert_eq!(again.prg, prg, "{name} listed as:\n{listed}");
}

#[test]
fn reference_programs_round_trip() {
    let Some(files) = reference_files("bas") else {
        return;
    };
    for bas in &files {
        assert_round_trip(bas);
        // The petcat-made PRG lists and reads back the same way.
        let name = bas.display().to_string();
        let reference = fs::read(bas.with_extension("prg")).expect("reference PRG");
        let listed = list(&reference, &name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(tokenize(&listed, &name).expect("listing").prg, reference);
    }
}

#[test]
fn repository_programs_round_trip() {
    let files = repository_programs();
    if files.is_empty() {
        eprintln!("skipped: no .bas programs under games/ or tests/ yet");
        return;
    }
    for bas in &files {
        assert_round_trip(bas);
    }
    eprintln!("{} repository programs round-trip", files.len());
}

#[test]
fn screen_text_matches_reference_views() {
    let Some(files) = reference_files("screen") else {
        return;
    };
    for screen in &files {
        let codes = fs::read(screen).expect("screen codes");
        assert_eq!(codes.len(), 1000, "{}", screen.display());
        let expected = fs::read_to_string(screen.with_extension("txt")).expect("text view");
        assert_eq!(screen_to_text(&codes), expected, "{}", screen.display());
    }
}
