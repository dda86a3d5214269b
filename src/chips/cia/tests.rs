//! The fast path (quiet cycles skipped) against full ticks.

use super::*;

/// The fast path must be invisible: a chip that always runs the full model and one that
/// takes the fast path agree on every register, pin and /IRQ in every cycle, under a
/// random mix of writes, reads and TOD pulses.
#[test]
fn fast_ticks_match_the_full_model() {
    let mut seed = 0x2468_ACE1u32;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    let mut fast_ticks = 0u64;
    for round in 0..40 {
        let model = if round % 2 == 0 {
            CiaModel::Mos6526
        } else {
            CiaModel::Mos6526A
        };
        let mut fast = Cia::with_model(model);
        let mut full = Cia::with_model(model);
        for cycle in 0..60_000u32 {
            let r = rnd();
            if r % 97 == 0 {
                let reg = (rnd() % 16) as u8;
                // Small latch values make underflows frequent.
                let v = if (4..=7).contains(&reg) && rnd() % 2 == 0 {
                    (rnd() % 8) as u8
                } else {
                    rnd() as u8
                };
                fast.write(reg, v);
                full.write(reg, v);
            } else if r % 89 == 0 {
                let reg = (rnd() % 16) as u8;
                assert_eq!(
                    fast.read(reg),
                    full.read(reg),
                    "round {round} cycle {cycle} read {reg:x}"
                );
            }
            if r % 5000 == 0 {
                fast.tod_pulse();
                full.tod_pulse();
            }
            fast_ticks += u64::from(fast.fast_budget > 0);
            fast.tick();
            full.fast_budget = 0;
            full.tick_full();
            full.fast_budget = 0;
            for reg in 0..16 {
                assert_eq!(
                    fast.peek(reg),
                    full.peek(reg),
                    "round {round} cycle {cycle} reg {reg:x}"
                );
            }
            assert_eq!(fast.irq(), full.irq(), "round {round} cycle {cycle}");
            assert_eq!(fast.pb_pins(), full.pb_pins());
        }
    }
    assert!(
        fast_ticks > 40 * 60_000 / 4,
        "the fast path was taken in only {fast_ticks} ticks"
    );
}

/// Hours count with a one-bit high digit: the low digit carries only from 09; invalid
/// values count on (VICE test bench, CIA/tod/fix-hour: hour before -> after a carry).
#[test]
fn tod_hours_count_on_from_invalid_values() {
    for (before, after) in [
        (0x00, 0x01),
        (0x09, 0x10),
        (0x0F, 0x00),
        (0x11, 0x92),
        (0x92, 0x81),
        (0x19, 0x1A),
        (0x1F, 0x10),
    ] {
        let mut c = Cia::new();
        c.tod = [0x09, 0x59, 0x59, before];
        c.tod_advance();
        assert_eq!(c.tod, [0, 0, 0, after], "hour {before:02X}");
    }
}
