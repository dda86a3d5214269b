//! Whole-machine throughput: emulated PAL cycles per wall second, headless (no pixels),
//! display on, with the CPU running a busy loop and the 60 Hz CIA interrupt
//! (tests/programs/machine_busy.s), without and with the SID's sound; then with pixels;
//! then eight moving sprites over a bitmap with pixels (examples/sprites.s).
//! One element = one emulated cycle; divide the elements/s figure by 985,248 for "x real
//! time".

use breadbin::{C64, Roms};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const BUSY: &[u8] = include_bytes!("../tests/programs/machine_busy.bin");
const SPRITES: &[u8] = include_bytes!("../examples/sprites.prg");
const CYCLES: u64 = 985_248; // one emulated second

fn bench_machine(c: &mut Criterion) {
    let mut c64 = C64::new(Roms::open());
    for (i, &b) in BUSY.iter().enumerate() {
        c64.poke_ram(0x1000 + i as u16, b);
    }
    c64.cpu_mut().set_pc(0x1000);
    c64.set_render(false);
    let mut g = c.benchmark_group("machine");
    g.throughput(Throughput::Elements(CYCLES));
    g.sample_size(20);
    g.bench_function("busy_loop_display_on_1s", |b| {
        b.iter(|| c64.run_cycles(CYCLES))
    });
    // With sound: the SID clocked every cycle (caught up at each frame) and resampled to
    // 48 kHz; the samples are thrown away after each emulated second.
    c64.sound_mut().set_rate(Some(48_000));
    g.bench_function("busy_loop_display_on_sound_1s", |b| {
        b.iter(|| {
            c64.run_cycles(CYCLES);
            c64.sound_mut().discard();
        })
    });
    c64.sound_mut().set_rate(None);
    c64.set_render(true);
    g.bench_function("busy_loop_display_on_rendering_1s", |b| {
        b.iter(|| c64.run_cycles(CYCLES))
    });
    assert!(!c64.cpu().is_jammed());

    // Eight multicolour sprites moving over a multicolour bitmap (examples/sprites.s),
    // with pixels.
    let mut c64 = C64::new(Roms::open());
    c64.run_cycles(3 * CYCLES); // to READY
    let load = u16::from_le_bytes([SPRITES[0], SPRITES[1]]);
    for (i, &b) in SPRITES[2..].iter().enumerate() {
        c64.poke_ram(load + i as u16, b);
    }
    c64.cpu_mut().set_pc(0x080D); // SYS 2061
    c64.run_cycles(CYCLES); // past drawing the bitmap
    assert_eq!(c64.peek(0xD015), 0xFF, "all eight sprites on");
    assert_eq!(c64.peek(0xD011) & 0x20, 0x20, "bitmap mode");
    g.bench_function("sprites_over_bitmap_rendering_1s", |b| {
        b.iter(|| c64.run_cycles(CYCLES))
    });
    g.finish();
    assert!(!c64.cpu().is_jammed());
}

criterion_group!(benches, bench_machine);
criterion_main!(benches);
