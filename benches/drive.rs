//! The 1541 beside the machine (needs a genuine 1541 DOS: `BREADBIN_GENUINE_ROMS=DIR`;
//! without one this prints why and measures nothing).
//!
//! - `busy_loop_no_drive_1s` and `busy_loop_drive_idle_1s`: the machine bench's busy loop
//!   (tests/programs/machine_busy.s, display on, no pixels) without a drive and with one
//!   whose DOS has booted and waits on the bus. Their ratio is what an idle drive costs.
//! - `load_150_blocks`: `LOAD"*",8` of a 150-block file (38,100 bytes) from a D64 made
//!   here, with the genuine KERNAL, from READY to READY. One element = one emulated
//!   cycle of the run; divide elements/s by 985,248 for "x real time".

use breadbin::basic::TextStyle;
use breadbin::drive::Disk;
use breadbin::media::disk::{D64, FileType};
use breadbin::{C64, Roms};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::path::PathBuf;

const BUSY: &[u8] = include_bytes!("../tests/programs/machine_busy.bin");
const CYCLES: u64 = 985_248; // one emulated second

fn busy_machine(dos: Option<Box<[u8; 0x4000]>>) -> C64 {
    let mut c64 = C64::new(Roms::open());
    if let Some(rom) = dos {
        c64.attach_drive(rom, 8);
    }
    for (i, &b) in BUSY.iter().enumerate() {
        c64.poke_ram(0x1000 + i as u16, b);
    }
    c64.cpu_mut().set_pc(0x1000);
    c64.set_render(false);
    // Past the DOS's start-up (its RAM test and initialisation).
    c64.run_cycles(3 * CYCLES);
    let _ = c64.drive();
    c64
}

/// A machine with genuine ROMs at READY, a D64 with the 150-block file in drive 8, and
/// `LOAD"*",8` typed into the keyboard buffer.
fn load_machine(roms: &Roms) -> C64 {
    let mut d64 = D64::formatted(b"BENCH", *b"BE");
    let mut prg = vec![0x01, 0x08];
    prg.extend((0..150 * 254 - 2).map(byte_at));
    d64.write_file(b"LONG", FileType::Prg, &prg).unwrap();
    let mut c64 = C64::new(roms.clone());
    c64.drive_mut()
        .expect("a drive")
        .insert_disk(Disk::from_d64(&d64));
    c64.set_render(false);
    c64.run_cycles(3 * CYCLES); // to READY
    for (i, &k) in b"LOAD\"*\",8\r".iter().enumerate() {
        c64.poke_ram(0x0277 + i as u16, k);
    }
    c64.poke_ram(0xC6, 10);
    c64
}

/// The file's byte at `i`.
fn byte_at(i: usize) -> u8 {
    (i * 7 + i / 254) as u8
}

/// Run until the load has ended and BASIC says READY again; the cycles it took.
fn load(c64: &mut C64) -> u64 {
    let start = c64.cycles();
    let frame = c64.model().cycles_per_frame();
    while c64.screen_text(TextStyle::Ascii).matches("READY.").count() < 2 {
        c64.run_cycles(frame);
        assert!(c64.cycles() - start < 400 * CYCLES, "the load ends");
    }
    c64.cycles() - start
}

fn bench_drive(c: &mut Criterion) {
    let Some(dir) = std::env::var_os("BREADBIN_GENUINE_ROMS").map(PathBuf::from) else {
        eprintln!("drive benches skipped: no genuine 1541 DOS (BREADBIN_GENUINE_ROMS)");
        return;
    };
    let roms = Roms::from_dir(&dir).expect("BREADBIN_GENUINE_ROMS holds ROMs");
    let Some(dos) = roms.dos.clone() else {
        eprintln!(
            "drive benches skipped: no 1541 DOS image in {}",
            dir.display()
        );
        return;
    };
    let mut g = c.benchmark_group("drive");
    g.throughput(Throughput::Elements(CYCLES));
    g.sample_size(20);
    let mut c64 = busy_machine(None);
    g.bench_function("busy_loop_no_drive_1s", |b| {
        b.iter(|| c64.run_cycles(CYCLES))
    });
    let mut c64 = busy_machine(Some(dos));
    // The busy loop never reads the serial bus, so the drive is brought up to date
    // explicitly at the end of each emulated second.
    g.bench_function("busy_loop_drive_idle_1s", |b| {
        b.iter(|| {
            c64.run_cycles(CYCLES);
            c64.drive().map(|d| d.cycles())
        })
    });
    let drive = c64.drive().expect("a drive");
    assert!(!drive.status().motor, "the drive is idle");

    let loading = load_machine(&roms);
    let mut c64 = loading.clone();
    let cycles = load(&mut c64);
    // Secondary address 0: the file goes to BASIC's start, $0801.
    assert_eq!(c64.peek(0x0801 + 1000), byte_at(1000));
    assert_eq!(c64.peek(0x0801 + 38_097), byte_at(38_097));
    g.throughput(Throughput::Elements(cycles));
    g.sample_size(10);
    g.bench_function("load_150_blocks", |b| {
        b.iter_batched(
            || loading.clone(),
            |mut c| load(&mut c),
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench_drive);
criterion_main!(benches);
