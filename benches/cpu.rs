//! The bare 6510 core on flat RAM: emulated cycles per wall second.
//!
//! Program: `benches/programs/cpu_mix.s` (a block copy plus a shift-and-add multiply loop).
//! Criterion reports throughput in elements/s, where one element is one emulated cycle.

use breadbin::chips::cpu::{Cpu, FlatRam};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const PROGRAM: &[u8] = include_bytes!("programs/cpu_mix.bin");
const CYCLES: u64 = 1_000_000;

fn bench_cpu(c: &mut Criterion) {
    let mut ram = FlatRam::default();
    ram.0[0x0200..0x0200 + PROGRAM.len()].copy_from_slice(PROGRAM);
    let mut cpu = Cpu::new();
    cpu.set_pc(0x0200);
    let mut g = c.benchmark_group("cpu");
    g.throughput(Throughput::Elements(CYCLES));
    g.bench_function("flat_ram_mix_1M_cycles", |b| {
        b.iter(|| {
            for _ in 0..CYCLES {
                cpu.tick(&mut ram);
            }
            black_box(cpu.a);
        })
    });
    g.finish();
    assert!(!cpu.is_jammed(), "the benchmark program must not jam");
}

criterion_group!(benches, bench_cpu);
criterion_main!(benches);
