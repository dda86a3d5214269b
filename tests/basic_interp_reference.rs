//! The open BASIC against what genuine BASIC V2 printed (../shared/reference/basic-v2):
//! every compat program must leave exactly the genuine screen (1000 screen codes) at READY,
//! every benchmark must print the genuine result, and its cycle count must be within 0.90-1.10
//! of the genuine one (geometric mean within 0.95-1.05). Cycle counts are emulated φ2 cycles,
//! so they do not depend on the host. Skipped when the reference folder is absent.

mod shared_data;

mod basic_interp_machine;

use basic_interp_machine::{Basic, reference};
use std::fs;

fn programs(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = fs::read_dir(dir)
        .expect("reference folder readable")
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "bas").then(|| {
                let name = path.file_stem().unwrap().to_string_lossy().to_string();
                (name, fs::read_to_string(&path).expect("program readable"))
            })
        })
        .collect();
    v.sort();
    v
}

fn rows_of(codes: &[u8]) -> Vec<String> {
    codes
        .chunks(40)
        .map(|row| row.iter().map(|c| format!("{c:02x}")).collect::<String>())
        .collect()
}

#[test]
fn compat_programs_leave_the_genuine_screen() {
    let Some(dir) = reference("compat") else {
        shared_data::absent::<()>("../shared/reference/basic-v2/compat");
        return;
    };
    let mut failures = Vec::new();
    let list = programs(&dir);
    assert!(
        list.len() >= 13,
        "expected the compat programs in {}",
        dir.display()
    );
    for (name, source) in &list {
        let expected = fs::read(dir.join(format!("{name}.screen"))).expect("screen file");
        let mut b = Basic::boot();
        b.load(source);
        b.run();
        let got = b.screen();
        if got[..] != expected[..] {
            let (g, e) = (rows_of(&got), rows_of(&expected));
            let first = (0..25).find(|&r| g[r] != e[r]).unwrap();
            failures.push(format!(
                "{name}: row {first} differs\n  got      {}\n  expected {}\n{}",
                g[first],
                e[first],
                b.rows().join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The benchmark's screen with the banner row and the cycle count masked.
fn masked(codes: &[u8]) -> Vec<u8> {
    let mut v = codes.to_vec();
    // Row 1 holds the banner, which is our own.
    v[40..80].fill(0x20);
    // "CYCLES " in screen codes: the count after it runs to the end of its row.
    let cycles = [3u8, 25, 3, 12, 5, 19, 32];
    for i in 0..v.len() - cycles.len() {
        if v[i..i + cycles.len()] == cycles {
            let end = (i / 40 + 1) * 40;
            v[i + cycles.len()..end].fill(b'#');
        }
    }
    v
}

fn cycles_printed(b: &Basic) -> Option<u64> {
    b.rows()
        .iter()
        .find_map(|r| r.find("CYCLES ").map(|i| r[i + 7..].trim().to_string()))
        .and_then(|n| n.split_whitespace().next()?.parse().ok())
}

#[test]
fn benchmarks_print_the_genuine_results_at_the_genuine_speed() {
    let Some(dir) = reference("bench") else {
        shared_data::absent::<()>("../shared/reference/basic-v2/bench");
        return;
    };
    let table = fs::read_to_string(dir.join("cycles.tsv")).expect("cycles.tsv");
    let mut failures = Vec::new();
    let mut log_sum = 0.0;
    let mut n = 0;
    let mut report = String::new();
    for (name, source) in programs(&dir) {
        let expected = fs::read(dir.join(format!("{name}.screen"))).expect("screen file");
        let mut b = Basic::boot();
        b.load(&source);
        b.run();
        if masked(&b.screen()) != masked(&expected) {
            failures.push(format!("{name}: screen differs:\n{}", b.rows().join("\n")));
        }
        let genuine: u64 = table
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}\t")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("{name} missing from cycles.tsv"));
        let Some(ours) = cycles_printed(&b) else {
            failures.push(format!("{name}: no CYCLES line"));
            continue;
        };
        let ratio = ours as f64 / genuine as f64;
        report.push_str(&format!("{name:10} {ours:>11} {genuine:>11} {ratio:.3}\n"));
        log_sum += ratio.ln();
        n += 1;
        if !(0.90..=1.10).contains(&ratio) {
            failures.push(format!(
                "{name}: {ours} cycles, genuine {genuine}: ratio {ratio:.3}"
            ));
        }
    }
    let mean = (log_sum / n as f64).exp();
    report.push_str(&format!("geometric mean {mean:.3}\n"));
    eprintln!("{report}");
    if !(0.95..=1.05).contains(&mean) {
        failures.push(format!("geometric mean of the ratios {mean:.3}"));
    }
    assert!(failures.is_empty(), "{}\n{report}", failures.join("\n"));
}
