//! Output files of a headless run: a trace named `.gz` is written compressed, and Ctrl-C
//! (SIGINT) or SIGTERM in the middle of a run removes every hidden half-written file.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("breadbin-outputs-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn hidden_files(d: &Path) -> Vec<String> {
    std::fs::read_dir(d)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect()
}

#[test]
fn a_trace_named_gz_is_written_compressed_with_the_same_lines() {
    let d = dir("gz");
    let run = |name: &str| {
        let o = Command::new(env!("CARGO_BIN_EXE_breadbin"))
            .args(["run", "--headless", "--cycles", "30000", "--trace"])
            .arg(d.join(name))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{o:?}");
    };
    run("t.txt");
    run("t.txt.gz");
    let plain = std::fs::read(d.join("t.txt")).unwrap();
    let gz = std::fs::read(d.join("t.txt.gz")).unwrap();
    assert_eq!(&gz[..2], [0x1F, 0x8B], "gzip's magic");
    assert!(gz.len() * 4 < plain.len(), "compressed");
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut text)
        .unwrap();
    assert!(text == plain && plain.len() > 100_000);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn an_interrupted_run_leaves_no_hidden_file() {
    for signal in ["-INT", "-TERM"] {
        let d = dir(&signal[1..]);
        let mut child = Command::new(env!("CARGO_BIN_EXE_breadbin"))
            .args(["run", "--headless", "--seconds", "600", "--trace"])
            .arg(d.join("big.trace"))
            .arg("--screenshot")
            .arg(d.join("shot.png"))
            .spawn()
            .unwrap();
        let start = Instant::now();
        while hidden_files(&d).len() < 2 {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the run never began"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(300));
        let k = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(k.success());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{signal}");
        assert!(
            hidden_files(&d).is_empty(),
            "{signal}: {:?}",
            hidden_files(&d)
        );
        assert!(!d.join("big.trace").exists() && !d.join("shot.png").exists());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
