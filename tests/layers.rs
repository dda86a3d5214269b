//! The house rules that keep the code easy to read, checked on the sources:
//! - the layers of ARCHITECTURE.md: a folder of `src/` uses only the layers below it (its
//!   table is read from there, so the document and the code cannot drift apart);
//! - within a folder, no module reaches back to one that uses it;
//! - no hand-written Rust file is longer than 700 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Folder name -> layer, from the table under "## Layers" in ARCHITECTURE.md.
fn layer_table() -> BTreeMap<String, u32> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let section = text
        .split("## Layers")
        .nth(1)
        .expect("ARCHITECTURE.md has a \"## Layers\" section");
    let mut table = BTreeMap::new();
    for line in section.lines().take_while(|l| !l.starts_with("## ")) {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(layer) = cols.get(1).and_then(|c| c.parse::<u32>().ok()) else {
            continue;
        };
        for folder in cols[2].split(',') {
            let name = folder.trim().trim_matches('`').trim_end_matches('/');
            table.insert(name.to_string(), layer);
        }
    }
    assert!(table.len() > 3, "no layer table found: {table:?}");
    table
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a Rust file without its comments (string and character literals are kept
/// whole, so a `//` inside one is not taken for a comment).
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == b'r' && matches!(b.get(i + 1), Some(b'#') | Some(b'"')) {
            // A raw string: r"...", r#"..."#, ...
            let start = i;
            i += 1;
            let mut hashes = 0;
            while b.get(i) == Some(&b'#') {
                hashes += 1;
                i += 1;
            }
            if b.get(i) != Some(&b'"') {
                out.push_str(&src[start..i]);
                continue;
            }
            i += 1;
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            while i < b.len() && !b[i..].starts_with(&close) {
                i += 1;
            }
            i += close.len();
            out.push_str("\"\"");
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == b'\'' && b.get(i + 2) == Some(&b'\'') {
            i += 3;
            out.push_str("' '");
        } else if c == b'\'' && b.get(i + 1) == Some(&b'\\') {
            i += 2;
            while i < b.len() && b[i] != b'\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            let ch = src[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// The identifiers that follow `prefix` in `code`.
fn after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().last();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.insert(name);
        }
    }
    out
}

#[test]
fn each_folder_uses_only_the_layers_below_it() {
    let table = layer_table();
    let src = root().join("src");
    let mut problems = Vec::new();
    for e in std::fs::read_dir(&src).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            if !table.contains_key(&name) {
                problems.push(format!("src/{name}/ is in no layer of ARCHITECTURE.md"));
            }
        } else if name != "lib.rs" && name != "main.rs" {
            problems.push(format!(
                "src/{name}: a file at the root of src/ belongs in a layer's folder"
            ));
        }
    }
    // The library's root re-exports: where they live.
    let reexports = [("C64", "c64"), ("Roms", "c64")];
    for (folder, &layer) in &table {
        let dir = src.join(folder);
        if !dir.is_dir() {
            problems.push(format!(
                "ARCHITECTURE.md names src/{folder}/, which is not there"
            ));
            continue;
        }
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        for f in files {
            let code = code_only(&std::fs::read_to_string(&f).unwrap());
            let rel = f.strip_prefix(root()).unwrap().display().to_string();
            // The binary's modules use the library as `breadbin::`; the library's as `crate::`.
            for used in after(&code, "crate::") {
                let target = reexports
                    .iter()
                    .find(|(n, _)| *n == used)
                    .map(|(_, t)| t.to_string())
                    .unwrap_or(used.clone());
                if target == *folder {
                    continue;
                }
                match table.get(&target) {
                    Some(&t) if t < layer => {}
                    Some(&t) => problems.push(format!(
                        "{rel} (layer {layer}) uses crate::{used} (layer {t})"
                    )),
                    None if folder == "cli" => {}
                    None => problems.push(format!("{rel} uses crate::{used}, in no layer")),
                }
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// Module name -> the sibling modules it names (`super::x`, or `crate::...::x` by path).
fn sibling_uses(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut mods = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        let file = if p.is_dir() { p.join("mod.rs") } else { p };
        if name == "mod" || name == "tests" || !file.is_file() {
            continue;
        }
        if file.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        mods.insert(name, file);
    }
    let path = dir
        .strip_prefix(root().join("src"))
        .unwrap()
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect::<Vec<_>>()
        .join("::");
    let names: BTreeSet<String> = mods.keys().cloned().collect();
    mods.iter()
        .map(|(name, file)| {
            let code = code_only(&std::fs::read_to_string(file).unwrap());
            let used: BTreeSet<String> = after(&code, "super::")
                .into_iter()
                .chain(after(&code, &format!("crate::{path}::")))
                .filter(|u| names.contains(u) && u != name)
                .collect();
            (name.clone(), used)
        })
        .collect()
}

#[test]
fn no_module_reaches_back_to_one_that_uses_it() {
    let mut dirs = Vec::new();
    let mut stack = vec![root().join("src")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p.clone());
                dirs.push(p);
            }
        }
    }
    let mut problems = Vec::new();
    for dir in dirs {
        let uses = sibling_uses(&dir);
        // A cycle: a module reached again from itself.
        for start in uses.keys() {
            let mut seen = BTreeSet::new();
            let mut todo: Vec<&String> = uses[start].iter().collect();
            while let Some(m) = todo.pop() {
                if m == start {
                    problems.push(format!(
                        "{}: {start} is used by a module it uses ({:?})",
                        dir.strip_prefix(root()).unwrap().display(),
                        uses[start]
                    ));
                    break;
                }
                if seen.insert(m.clone())
                    && let Some(next) = uses.get(m)
                {
                    todo.extend(next.iter());
                }
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn no_hand_written_rust_file_is_over_700_lines() {
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches"] {
        rust_files(&root().join(dir), &mut files);
    }
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            let generated = text.starts_with("// Generated by");
            let lines = text.lines().count();
            (!generated && lines > 700).then(|| {
                format!(
                    "{}: {lines} lines",
                    f.strip_prefix(root()).unwrap().display()
                )
            })
        })
        .collect();
    assert!(long.is_empty(), "over 700 lines:\n{}", long.join("\n"));
}

#[test]
fn comments_and_strings_are_not_taken_for_code() {
    let code = code_only(
        "use crate::a; // crate::b\n/* crate::c */ let s = \"crate::d\"; let r = r#\"crate::e\"#;\nlet c = '\"'; crate::f",
    );
    assert_eq!(
        after(&code, "crate::").into_iter().collect::<Vec<_>>(),
        ["a", "f"]
    );
}
