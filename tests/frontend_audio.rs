//! The sound path is real: a cpal stream opened on ALSA's "default" device plays the
//! samples the emulation queues. The device is a private ALSA configuration (an
//! `.asoundrc` in a temporary HOME) that routes "default" to a file, so the test needs no
//! sound card and can read back what was played. The stream runs in a child process
//! because ALSA reads its configuration once per process.
#![cfg(all(feature = "frontend", target_os = "linux"))]

use breadbin::chips::sid::Sid;
use breadbin::frontend::audio::Audio;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

const CHILD: &str = "child_plays_queued_samples_into_the_configured_device";
/// The level the child queues, so the played file can be told from silence.
const LEVEL: f32 = 0.5;

fn work_dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("breadbin-audio-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn stream_plays_into_a_private_alsa_file_device() {
    if !Path::new("/usr/share/alsa/alsa.conf").exists() {
        eprintln!("skipped: no ALSA configuration (/usr/share/alsa/alsa.conf) on this system");
        return;
    }
    let home = work_dir();
    let out = home.join("played.raw");
    let _ = std::fs::remove_file(&out);
    std::fs::write(
        home.join(".asoundrc"),
        format!(
            "pcm.!default {{\n  type file\n  slave.pcm \"null\"\n  file \"{}\"\n  format \"raw\"\n}}\n",
            out.display()
        ),
    )
    .unwrap();
    let child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            CHILD,
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("HOME", &home)
        .env_remove("XDG_CONFIG_HOME")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&child.stdout),
        String::from_utf8_lossy(&child.stderr)
    );
    assert!(child.status.success(), "child failed:\n{text}");
    eprintln!("{text}");
    assert!(text.contains("1 passed"), "the child test ran:\n{text}");
    let played = std::fs::read(&out).unwrap_or_default();
    assert!(
        !played.is_empty(),
        "nothing reached the ALSA file device {}:\n{text}",
        out.display()
    );
    // The child printed the stream's format; find the queued level in what was played.
    let format = text
        .lines()
        .find_map(|l| l.split_once("stream format: ").map(|(_, f)| f))
        .unwrap_or("?")
        .split_whitespace()
        .next()
        .unwrap_or("?")
        .to_string();
    let loud = match format.as_str() {
        "f32" => played
            .chunks_exact(4)
            .filter(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]) == LEVEL)
            .count(),
        "i16" => played
            .chunks_exact(2)
            .filter(|b| i16::from_le_bytes([b[0], b[1]]) == (LEVEL * 32768.0) as i16)
            .count(),
        "i32" => played
            .chunks_exact(4)
            .filter(|b| {
                let v = i32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                (v - (LEVEL as f64 * 2_147_483_648.0) as i32).abs() < 256
            })
            .count(),
        other => {
            eprintln!("note: stream format {other}: only the byte count is checked");
            1
        }
    };
    assert!(
        loud > 0,
        "the queued level {LEVEL} is not in the {} bytes played ({format}):\n{text}",
        played.len()
    );
    eprintln!(
        "ALSA file device got {} bytes, {loud} samples at the queued level ({format})",
        played.len()
    );
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
#[ignore = "run by stream_plays_into_a_private_alsa_file_device in a child process"]
fn child_plays_queued_samples_into_the_configured_device() {
    let t0 = std::time::Instant::now();
    let mut audio =
        Audio::open(&breadbin::c64::Model::C64_PAL).expect("the private ALSA device opens");
    println!("opened in {:?}", t0.elapsed());
    println!(
        "stream format: {} {} Hz {} channels",
        audio.sample_format, audio.sample_rate, audio.channels
    );
    let mut sid = Sid::new(breadbin::c64::Model::C64_PAL.clock_hz);
    sid.out.set_rate(Some(audio.sample_rate));
    let mut now = 0;
    let mut from_sid = 0u64;
    let per_frame = (audio.sample_rate / 50) as usize;
    // Five of the SID's frames (silent voices), then five frames at a known level, each taken
    // by the device before the next is queued. (ALSA's null device takes samples as fast
    // as they come, not in real time, so the run is kept short.)
    let drain = |audio: &Audio| {
        let start = std::time::Instant::now();
        while audio.queued() > 0 && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(1));
        }
    };
    for i in 0..10 {
        if i < 5 {
            now += breadbin::c64::Model::C64_PAL.cycles_per_frame();
            sid.catch_up(now);
            from_sid += audio.push_frame(&mut sid.out) as u64;
        } else {
            audio.push_samples(&vec![LEVEL; per_frame]);
        }
        drain(&audio);
    }
    println!("played in {:?}", t0.elapsed());
    let s = &audio.stats;
    let (callbacks, played, underrun, dropped) = (
        s.callbacks.load(Relaxed),
        s.played.load(Relaxed),
        s.underrun.load(Relaxed),
        s.dropped.load(Relaxed),
    );
    println!(
        "callbacks {callbacks}, played {played}, underrun {underrun}, dropped {dropped}, queued {}",
        audio.queued()
    );
    assert_eq!(audio.queued(), 0, "the device took everything queued");
    assert_eq!(dropped, 0, "the ring had room for every frame");
    assert!(callbacks > 0, "the device never asked for samples");
    assert!(
        from_sid >= 5 * (per_frame as u64 * 99 / 100)
            && played >= from_sid + 5 * (per_frame as u64 * 99 / 100),
        "the queued samples were played"
    );
    drop(audio);
}
