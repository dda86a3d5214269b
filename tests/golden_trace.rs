//! The first 100,000 instructions after power-on on the open ROMs, one trace line each (the
//! `--trace` format), compared line by line with the committed trace
//! `tests/golden/boot_trace.txt.gz`. Any change to the CPU, the machine's timing or the ROMs
//! shows up here. After a deliberate change, re-record with `BREADBIN_RECORD_GOLDEN=1`.

use breadbin::host::trace::trace_line;
use breadbin::{C64, Roms};
use flate2::{Compression, read::GzDecoder, write::GzEncoder};
use std::io::{Read, Write};

const INSTRUCTIONS: usize = 100_000;

fn trace() -> String {
    let mut c64 = C64::new(Roms::open());
    c64.set_render(false);
    let mut out = String::new();
    let mut n = 0;
    while n < INSTRUCTIONS {
        if c64.cpu().at_instruction_boundary() {
            trace_line(&c64, &mut out);
            n += 1;
        }
        c64.tick();
        assert!(
            !c64.cpu().is_jammed(),
            "CPU jammed at ${:04X}",
            c64.cpu().pc
        );
    }
    out
}

#[test]
fn boot_trace_matches_the_committed_one() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/boot_trace.txt.gz");
    let ours = trace();
    if std::env::var_os("BREADBIN_RECORD_GOLDEN").is_some() {
        let mut enc = GzEncoder::new(Vec::new(), Compression::best());
        enc.write_all(ours.as_bytes()).unwrap();
        std::fs::write(&path, enc.finish().unwrap()).unwrap();
        eprintln!("recorded {}", path.display());
        return;
    }
    let gz = std::fs::read(&path)
        .expect("committed golden trace (record with BREADBIN_RECORD_GOLDEN=1)");
    let mut golden = String::new();
    GzDecoder::new(&gz[..]).read_to_string(&mut golden).unwrap();
    assert_eq!(golden.lines().count(), INSTRUCTIONS);
    for (i, (a, b)) in ours.lines().zip(golden.lines()).enumerate() {
        assert_eq!(
            a,
            b,
            "instruction {} differs from the committed trace",
            i + 1
        );
    }
}
