//! The SID's digital part against the chip's documented behaviour, and the analog part's
//! filter against its design.

use super::output::Output;
use super::*;
use crate::chips::test_rng::Rng;

/// The clock of the SIDs tested here: the PAL C64's.
pub(super) const CLOCK: u64 = 985_248;

/// A 6581 with voice 3 set up: frequency, pulse width, control, at cycle 0.
fn voice3(freq: u16, pw: u16, ctrl: u8) -> Sid {
    voice3_on(SidModel::Mos6581, freq, pw, ctrl)
}

/// A SID of `model` with voice 3 set up: frequency, pulse width, control, at cycle 0.
pub(super) fn voice3_on(model: SidModel, freq: u16, pw: u16, ctrl: u8) -> Sid {
    let mut s = Sid::with_model(model, CLOCK);
    s.write(0x12, 0x08, 0); // test bit: accumulator to zero
    s.write(0x0E, freq as u8, 1);
    s.write(0x0F, (freq >> 8) as u8, 2);
    s.write(0x10, pw as u8, 3);
    s.write(0x11, (pw >> 8) as u8, 4);
    s.write(0x12, ctrl, 10);
    s
}

#[test]
fn registers_mirror_every_32_bytes_and_write_only_reads_bus() {
    let mut s = Sid::new(CLOCK);
    s.write(0x20 | 0x18, 0x0F, 0);
    assert_eq!(s.registers()[0x18], 0x0F);
    assert_eq!(s.read(0x00, 1), 0x0F, "write-only register reads the bus");
    assert_eq!(s.read(0x19, 2), 0xFF);
    assert_eq!(s.read(0x00, 3), 0xFF, "a read of POTX drives the bus too");
    assert_eq!(s.read(0x00, 3 + BUS_TTL), 0x00, "the bus value fades");
}

#[test]
fn power_on_values_read_back() {
    // `oscinit` notes: the accumulator is $555555, the noise register reads $FE.
    let mut s = Sid::new(CLOCK);
    s.write(0x12, 0x20, 100);
    assert_eq!(s.read(0x1B, 104), 0x55);
    s.write(0x12, 0x10, 110);
    assert_eq!(s.read(0x1B, 114), 0xAA);
    s.write(0x12, 0x80, 120);
    assert_eq!(s.read(0x1B, 124), 0xFE);
}

#[test]
fn sawtooth_is_the_accumulator_top_byte_four_cycles_after_the_write() {
    // Released at cycle 10; read at 10 + n has seen n additions.
    let mut s = voice3(0x1000, 0, 0x20);
    assert_eq!(s.read(0x1B, 14), 0x00, "4 x $1000 = $4000");
    assert_eq!(s.read(0x1B, 10 + 0x100), 0x10);
    assert_eq!(s.read(0x1B, 10 + 0xFFF), 0xFF);
    assert_eq!(s.read(0x1B, 10 + 0x1000), 0x00, "wraps at 24 bits");
}

#[test]
fn triangle_rises_then_falls() {
    let mut s = voice3(0x1000, 0, 0x10);
    // Half way up: accumulator $400000 -> triangle $800 of 12 bits -> OSC3 $80.
    assert_eq!(s.read(0x1B, 10 + 0x400), 0x80);
    assert_eq!(s.read(0x1B, 10 + 0x7FF), 0xFF);
    assert_eq!(s.read(0x1B, 10 + 0xC00), 0x7F, "falling half, inverted");
}

#[test]
fn pulse_compares_with_the_width_one_cycle_late() {
    let mut s = voice3(0x1000, 0x800, 0x40);
    // The accumulator's top 12 bits reach $800 after $800 additions (cycle 10 + $800);
    // the comparator's output follows a cycle later.
    assert_eq!(s.read(0x1B, 10 + 0x800), 0x00);
    assert_eq!(s.read(0x1B, 10 + 0x801), 0xFF);
    assert_eq!(s.read(0x1B, 10 + 0xFFF), 0xFF);
    // The test bit holds the pulse high.
    s.write(0x12, 0x48, 10 + 0x1100);
    assert_eq!(s.read(0x1B, 10 + 0x1104), 0xFF);
}

#[test]
fn ring_modulation_inverts_the_triangle_with_the_source() {
    // `ringmod` notes: frequencies 0, source top bit 0, ring on: the triangle is inverted.
    let mut s = Sid::new(CLOCK);
    s.write(0x0B, 0x08, 0);
    s.write(0x12, 0x08, 1);
    s.write(0x0B, 0x00, 2);
    s.write(0x12, 0x14, 3);
    assert_eq!(s.read(0x1B, 7), 0xFF);
}

#[test]
fn hard_sync_restarts_with_the_source() {
    // Voice 2 at $8000 per cycle tops out every 512 cycles; voice 3 synced to it never
    // gets past what it adds in 512 cycles.
    let mut s = voice3(0x0100, 0, 0x22);
    s.write(0x07, 0x00, 11);
    s.write(0x08, 0x80, 12);
    let mut max = 0;
    for t in (20..20_000).step_by(7) {
        max = max.max(s.read(0x1B, t));
    }
    assert!(
        max <= 0x03,
        "saw top byte stays low under sync, got {max:#x}"
    );
}

/// The 23-bit sequence of the noise register, as the data sheet's feedback gives it.
fn lfsr_next(r: u32) -> u32 {
    ((r << 1) & 0x7F_FFFF) | (((r >> 22) ^ (r >> 17)) & 1)
}

fn noise_byte(r: u32) -> u8 {
    [20, 18, 14, 11, 9, 5, 2, 0]
        .iter()
        .fold(0u8, |a, &b| (a << 1) | ((r >> b) & 1) as u8)
}

#[test]
fn noise_follows_the_lfsr_clocked_by_accumulator_bit_19() {
    // Frequency $1000: bit 19 rises every 256 cycles; a shift completes two cycles later.
    let mut s = voice3(0x1000, 0, 0x80);
    // Power-on leaves $7FFFFE; the helper's test bit shifts once more (a zero fed back).
    let mut r = 0x7F_FFFC;
    let mut rise = 10 + 0x80; // $80 additions reach bit 19
    for _ in 0..200 {
        assert_eq!(
            s.read(0x1B, rise + 1),
            noise_byte(r),
            "before the shift completes"
        );
        r = lfsr_next(r);
        assert_eq!(s.read(0x1B, rise + 2), noise_byte(r), "after the shift");
        rise += 0x100;
    }
}

#[test]
fn noise_writeback_clears_bits_with_combined_waveforms() {
    // Noise + sawtooth at accumulator 0: the sawtooth's zeros are written back.
    let mut s = voice3(0, 0, 0x80);
    assert_eq!(s.read(0x1B, 20), 0xFE);
    s.write(0x12, 0xA0, 21);
    s.write(0x12, 0x80, 30);
    assert_eq!(s.read(0x1B, 34), 0x00);
}

#[test]
fn six581_topbit_is_pulled_down_by_combined_waveforms() {
    // `osc_topbit`: saw + triangle at the top of the ramp clears the accumulator's top bit.
    let mut s = voice3(0x0100, 0, 0x20);
    let top = 10 + 0x8000 + 10;
    assert!(s.read(0x1B, top) >= 0x80);
    s.write(0x12, 0x30, top + 1);
    s.write(0x12, 0x20, top + 9);
    assert!(s.read(0x1B, top + 13) < 0x80);
}

#[test]
fn envelope_attack_takes_255_rate_periods() {
    // Attack rate 2: 63 cycles a step; $FF after 255 steps, then decay to sustain $FF.
    let mut s = Sid::new(CLOCK);
    s.write(0x13, 0x20, 0);
    s.write(0x14, 0xF0, 1);
    s.write(0x12, 0x01, 2);
    let mut t = 3;
    while s.read(0x1C, t) != 0xFF {
        t += 1;
        assert!(t < 100_000);
    }
    let took = t - 2;
    assert!(
        (254 * 63..=255 * 63 + 1).contains(&took),
        "attack took {took} cycles"
    );
    assert_eq!(s.read(0x1C, t + 10_000), 0xFF, "sustain at $FF");
}

#[test]
fn envelope_rate_periods_are_the_measured_ones() {
    // Steps of attack at each rate, from ENV3's changes.
    for (rate, &period) in RATE_PERIODS.iter().enumerate() {
        let mut s = Sid::new(CLOCK);
        s.write(0x13, (rate as u8) << 4, 0);
        s.write(0x12, 0x01, 1);
        let mut changes = Vec::new();
        let mut last = s.read(0x1C, 2);
        let mut t = 2;
        while changes.len() < 3 {
            t += 1;
            let v = s.read(0x1C, t);
            if v != last {
                changes.push(t);
                last = v;
            }
        }
        assert_eq!(changes[2] - changes[1], u64::from(period), "rate {rate}");
    }
}

#[test]
fn envelope_decays_exponentially_and_freezes_at_zero() {
    let mut s = Sid::new(CLOCK);
    s.write(0x13, 0x00, 0);
    s.write(0x14, 0x00, 1);
    s.write(0x12, 0x01, 2);
    let mut t = 3;
    while s.read(0x1C, t) != 0xFF {
        t += 1;
    }
    // Release at rate 0 (9 cycles): the steps grow as the level falls.
    s.write(0x12, 0x00, t);
    let gap = |s: &mut Sid, from: u64| {
        let v = s.read(0x1C, from);
        let mut u = from;
        while s.read(0x1C, u) == v {
            u += 1;
        }
        let w = s.read(0x1C, u);
        let mut x = u;
        while s.read(0x1C, x) == w {
            x += 1;
        }
        (w, x - u)
    };
    let (lvl, g) = gap(&mut s, t + 1);
    assert!(lvl > 0x5D && g == 9, "at {lvl:#x}: {g}");
    while s.read(0x1C, t) > 0x10 {
        t += 1;
    }
    let (lvl, g) = gap(&mut s, t);
    assert!(lvl <= 0x1A && lvl > 0x0E && g == 8 * 9, "at {lvl:#x}: {g}");
    while s.read(0x1C, t) != 0 {
        t += 1;
    }
    assert_eq!(s.read(0x1C, t + 100_000), 0, "frozen at zero");
}

#[test]
fn divided_decay_steps_come_a_cycle_after_the_rate_counter() {
    // Attack and decay at rate 0 (9 cycles), sustain 0. Steps with the exponential period
    // 1 come every 9 cycles; the first one the period 2 lets through (from $5D) comes one
    // cycle later, so $5D lasts 2 * 9 + 1 cycles and $5C 2 * 9 (`envsample`'s 6581 and
    // 8580 samples).
    let mut s = Sid::new(CLOCK);
    s.write(0x13, 0x00, 0);
    s.write(0x14, 0x00, 1);
    s.write(0x12, 0x01, 2);
    let mut t = 3;
    while s.read(0x1C, t) != 0xFF {
        t += 1;
    }
    // The decay's changes: (level, first cycle it reads).
    let mut changes: Vec<(u8, u64)> = Vec::new();
    let mut last = 0xFF;
    while last != 0x5B {
        t += 1;
        let v = s.read(0x1C, t);
        if v != last {
            changes.push((v, t));
            last = v;
        }
        assert!(t < 20_000);
    }
    let lasted = |level: u8| {
        let i = changes.iter().position(|&(v, _)| v == level).unwrap();
        changes[i + 1].1 - changes[i].1
    };
    assert_eq!(lasted(0x5F), 9);
    assert_eq!(lasted(0x5E), 9);
    assert_eq!(lasted(0x5D), 19);
    assert_eq!(lasted(0x5C), 18);
}

#[test]
fn adsr_delay_bug_waits_for_the_rate_counter_to_wrap() {
    // Run the rate counter past 9 at a slow rate, then switch to rate 0: the next step
    // comes only after the 15-bit counter wraps (up to 32768 cycles).
    let mut s = Sid::new(CLOCK);
    s.write(0x13, 0xF0, 0);
    s.write(0x12, 0x01, 1);
    s.write(0x13, 0x00, 1000);
    let mut t = 1001;
    while s.read(0x1C, t) == 0 {
        t += 1;
    }
    assert!(t > 30_000, "first step after {t} cycles");
}

#[test]
fn filter_step_response() {
    // A low pass settles to its input; a high pass decays back (to a little of its input on
    // the 6581); the low pass with a low cutoff rises more slowly than with a high one.
    let settle = |fc: u16, mode: u8, steps: usize| {
        let mut o = Output::new(CLOCK);
        o.write(0x16, (fc >> 3) as u8);
        o.write(0x17, 0x01);
        o.write(0x18, mode | 0x0F);
        let mut v = Vec::new();
        for _ in 0..steps {
            o.step_filter(1000.0);
            v.push(o.filter_out());
        }
        v
    };
    let lp = settle(0x400, 0x10, 20_000);
    assert!(
        (lp[19_999] - 1000.0).abs() < 1.0,
        "low pass settles: {}",
        lp[19_999]
    );
    // The high pass decays to the 3.5 % of its input the 6581's lets through.
    let hp = settle(0x400, 0x40, 20_000);
    assert!(
        hp[0] > 500.0 && (hp[19_999] - 35.0).abs() < 1.0,
        "high pass: {} then {}",
        hp[0],
        hp[19_999]
    );
    let slow = settle(0x100, 0x10, 50);
    let fast = settle(0x700, 0x10, 50);
    assert!(slow[49] < fast[49], "cutoff: {} vs {}", slow[49], fast[49]);
    let c = |fc| Output::cutoff_hz(SidModel::Mos6581, fc);
    assert!(c(0) < 300.0 && c(0x7FF) > 10_000.0);
}

#[test]
fn samples_come_at_the_requested_rate_and_are_deterministic() {
    let run = || {
        let mut s = voice3(0x1CD6, 0x800, 0x41);
        s.write(0x13, 0x00, 11);
        s.write(0x14, 0xF0, 12);
        s.write(0x18, 0x0F, 13);
        s.out.set_rate(Some(48_000));
        s.catch_up(985_248);
        let mut v = Vec::new();
        s.out.take_samples(&mut v);
        v
    };
    let a = run();
    assert!(
        (47_990..=48_010).contains(&a.len()),
        "{} samples a second",
        a.len()
    );
    assert_eq!(a, run());
    let peak = a.iter().fold(0f32, |m, &x| m.max(x.abs()));
    assert!(peak > 0.05, "a pulse at full volume is heard: peak {peak}");
}

/// Clock `s` cycle by cycle up to `t`, never in bulk.
fn clock_exactly_to(s: &mut Sid, t: u64) {
    while s.synced < t {
        s.clock();
        s.synced += 1;
    }
}

/// A register write that exercises the quiet spans: frequencies often zero or low, every
/// control bit, fast and slow envelopes, filter and volume.
fn random_write(r: &mut Rng) -> (u8, u8) {
    let voice = r.below(3) as u8 * 7;
    match r.below(10) {
        0 | 1 => {
            let v = match r.below(4) {
                0 => 0,
                1 => r.below(4) as u8,
                _ => r.byte(),
            };
            (voice + r.below(2) as u8, v)
        }
        2 => (voice + 2 + r.below(2) as u8, r.byte()),
        3..=5 => {
            let wave = [0x00, 0x10, 0x20, 0x40, 0x80, 0x30, 0x50, 0x90, 0xC0][r.below(9) as usize];
            (voice + 4, wave | (r.byte() & 0x0F))
        }
        6 | 7 => (voice + 5 + r.below(2) as u8, r.byte()),
        _ => (0x15 + r.below(4) as u8, r.byte()),
    }
}

#[test]
fn bulk_advance_matches_cycle_by_cycle_clocking() {
    // The lazy catch-up skips quiet stretches arithmetically; the chip it leaves, and the
    // samples it produces, must be those of clocking every cycle.
    for seed in 1..=16u64 {
        let sound = seed % 2 == 0;
        let mut r = Rng(0x9E37_79B9_7F4A_7C15 ^ seed.wrapping_mul(0x1234_5678_9ABC_DEF1));
        let mut bulk = Sid::new(CLOCK);
        let mut exact = Sid::new(CLOCK);
        if sound {
            bulk.out.set_rate(Some(48_000));
            exact.out.set_rate(Some(48_000));
        }
        let mut t = 0u64;
        let (mut sb, mut se) = (Vec::new(), Vec::new());
        for step in 0..300 {
            t += match r.below(4) {
                0 => r.below(16),
                1 => r.below(2_000),
                2 => r.below(40_000),
                _ => r.below(100_000),
            };
            let (reg, v) = random_write(&mut r);
            clock_exactly_to(&mut exact, t);
            bulk.write(reg, v, t);
            exact.write(reg, v, t);
            if step % 8 == 0 {
                let osc = (bulk.read(0x1B, t + 1), bulk.read(0x1C, t + 1));
                clock_exactly_to(&mut exact, t + 1);
                assert_eq!(osc, (exact.read(0x1B, t + 1), exact.read(0x1C, t + 1)));
            }
            assert_eq!(
                bincode::serialize(&bulk).unwrap(),
                bincode::serialize(&exact).unwrap(),
                "seed {seed}, write {step} at cycle {t}"
            );
            bulk.out.take_samples(&mut sb);
            exact.out.take_samples(&mut se);
            assert_eq!(sb, se, "seed {seed}, write {step}: samples");
        }
    }
}

#[test]
fn bulk_advance_keeps_the_pulse_comparator_one_cycle_behind() {
    // $100 per cycle from zero: the top 12 bits pass the width $040 after 1024 additions.
    // Ending a bulk advance on each cycle around that, the comparator must hold the
    // previous cycle's result, as when clocked cycle by cycle.
    for t in 10 + 1010..10 + 1040 {
        let mut bulk = voice3(0x100, 0x40, 0x40);
        let mut exact = voice3(0x100, 0x40, 0x40);
        bulk.catch_up(t);
        clock_exactly_to(&mut exact, t);
        assert_eq!(
            bulk.voices[2].pulse_hi, exact.voices[2].pulse_hi,
            "cycle {t}"
        );
        assert_eq!(bulk.voice_state(2), exact.voice_state(2), "cycle {t}");
    }
}
