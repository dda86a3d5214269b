//! The turn-timing harness and the machine with the dungeon running.
//!
//! - `turns/compare_10b_10c_20_turns`: wall time of the default comparison (parts 10b and
//!   10c, seed 1, the shipped walk, 20 turns each), i.e. `breadbin bench-turns --compare
//!   10b 10c`.
//! - `turns/machine_dungeon_1s`: emulated cycles per wall second with part 10c playing
//!   (joystick held right, so BASIC runs turn after turn); one element = one emulated
//!   cycle, divide elements/s by 985,248 for "x real time".
//! - `turns/machine_dungeon_pixels_1s`: the same with the picture drawn.

use breadbin::games;
use breadbin::media::Program;
use breadbin::run::profile::{GameDriver, Input, KeyScript, RunSettings, run_script};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn program(i: usize) -> Program {
    let (name, source) = games::DUNGEON[i];
    Program::from_basic(name, source).unwrap()
}

fn bench_turns(c: &mut Criterion) {
    let (walk_name, walk) = games::default_walk().unwrap();
    let script = KeyScript::parse(walk, walk_name).unwrap();
    let settings = RunSettings {
        seed: Some(1),
        ..Default::default()
    };
    let (b, cc) = (program(1), program(2));
    let mut g = c.benchmark_group("turns");
    g.sample_size(10);
    g.bench_function("compare_10b_10c_20_turns", |bench| {
        bench.iter(|| {
            let sb = run_script(&b, &script, &settings, Some(20), Some("ENEMYLOGIC")).unwrap();
            let sc = run_script(&cc, &script, &settings, Some(20), Some("ENEMYLOGIC")).unwrap();
            (sb.turns.len(), sc.turns.len())
        })
    });

    let mut d = GameDriver::start(&cc, &settings, "GETKEY", None).unwrap();
    assert!(d.run_to_wait().unwrap());
    d.turn(Input::Key(b'D')).unwrap();
    d.c64.keyboard_mut().joy2 = breadbin::chips::keyboard::joy::RIGHT;
    const CYCLES: u64 = 985_248;
    g.throughput(Throughput::Elements(CYCLES));
    g.bench_function("machine_dungeon_1s", |bench| {
        bench.iter(|| d.c64.run_cycles(CYCLES))
    });
    d.c64.set_render(true);
    g.bench_function("machine_dungeon_pixels_1s", |bench| {
        bench.iter(|| d.c64.run_cycles(CYCLES))
    });
    g.finish();
}

criterion_group!(benches, bench_turns);
criterion_main!(benches);
