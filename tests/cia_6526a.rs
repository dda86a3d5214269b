//! The MOS 6526A (8521), the C64C's CIA: where its interrupt timing differs from the 6526's.
//! The facts are the test bench's measurements on C64Cs with two 6526A (VICE `cia-int`
//! README, "Running on a C64C"; `CIA/cia-timer` readme, "C64C Rubi (2x6526A)").

mod cia_bus;

use cia_bus::*;

/// Timer B one-shot from 10 with its interrupt enabled on a 6526A, and the number of idle
/// cycles after the setup until a peek sees the flag (that peek is in U+1).
fn one_shot_b() -> (Bus, u32) {
    let setup = || Bus::one_shot_b(CiaModel::Mos6526A);
    let mut bus = setup();
    let mut u = 0;
    while bus.cia.peek(0x0D) & ICR_TB == 0 {
        assert!(!bus.cia.irq());
        bus.idle(1);
        u += 1;
    }
    (setup(), u)
}

/// The 6526A raises IR (ICR bit 7) and /IRQ with the flag, in the underflow's own cycle:
/// an ICR read never returns the flag without bit 7 (`cia-int` on a C64C shows no `b`,
/// and each interrupt one cycle earlier than the 6526's).
#[test]
fn interrupt_comes_with_the_flag() {
    let (mut bus, u) = one_shot_b();
    bus.idle(u);
    assert_eq!(bus.cia.peek(0x0D), 0x82, "flag and IR together at U+1");
    assert!(bus.cia.irq(), "/IRQ active at U+1");
    assert_eq!(bus.read(0x0D), 0x82);
    assert!(!bus.cia.irq(), "the read releases /IRQ");
}

/// An ICR read in the underflow's own cycle sees nothing yet, and puts the interrupt off by
/// a cycle, as on the 6526 (`cia-int` on a C64C, tests 4 and 5 with the read in that cycle:
/// the interrupt comes one instruction later than an undelayed one would).
#[test]
fn read_in_the_underflow_cycle_delays_the_interrupt() {
    let (mut bus, u) = one_shot_b();
    bus.idle(u - 1);
    assert_eq!(bus.read(0x0D), 0x00);
    assert!(!bus.cia.irq(), "not yet after the read's cycle");
    assert_eq!(bus.cia.peek(0x0D), 0x02, "the flag is there");
    bus.idle(1);
    assert!(bus.cia.irq(), "a cycle later");
    assert_eq!(bus.read(0x0D), 0x82);
}

/// The 6526's timer B quirk is gone: an ICR read in timer B's underflow cycle leaves its
/// flag, as with timer A (`CIA/cia-timer` on two 6526A: both timers' rows read alike).
#[test]
fn read_in_timer_b_underflow_keeps_its_flag() {
    let setup = || {
        let mut bus = Bus::with_model(CiaModel::Mos6526A);
        bus.write(0x06, 20);
        bus.write(0x07, 0);
        bus.write(0x0F, 0x11);
        bus
    };
    let u1 = setup().idle_until_flag(ICR_TB);
    let mut bus = setup();
    bus.idle(u1 - 1);
    assert_eq!(bus.read(0x0D), 0x00, "read in U");
    assert_eq!(
        bus.cia.peek(0x0D),
        ICR_TB,
        "the flag is raised after the read"
    );
    bus.idle(8);
    assert_eq!(bus.read(0x0D), ICR_TB, "9 cycles later");
}

/// Enabling the source of a flag already set asserts /IRQ in the write's own cycle, a
/// cycle before the 6526 does (Lorenz's `imrnew` waits one cycle less than `imr` for the
/// interrupt after `STA $DC0D`).
#[test]
fn mask_write_interrupts_in_its_own_cycle() {
    for (model, irq_after_write) in [(CiaModel::Mos6526, false), (CiaModel::Mos6526A, true)] {
        let mut bus = Bus::with_model(model);
        bus.write(0x04, 0);
        bus.write(0x05, 0);
        bus.write(0x0E, 0x19); // one-shot from 0: the flag comes at once
        bus.idle(5);
        assert_eq!(bus.cia.peek(0x0D), 0x01, "{model:?}: flag without IR");
        bus.write(0x0D, 0x81);
        assert_eq!(
            bus.cia.irq(),
            irq_after_write,
            "{model:?}: after the write's cycle"
        );
        bus.idle(1);
        assert!(bus.cia.irq(), "{model:?}: a cycle later");
    }
}

/// Two ICR reads in consecutive cycles: the second returns what the first did, flags and
/// bit 7 (`CIA/dd0dtest` tests 18 and 19 on a 6526A: `INC $DD0D,X`, whose reads fall after
/// the underflow, writes back $81 and so enables timer B).
#[test]
fn second_of_two_reads_repeats_the_first() {
    let (mut bus, u) = one_shot_b();
    bus.idle(u);
    assert_eq!(bus.read(0x0D), 0x82, "read in U+1");
    assert_eq!(bus.read(0x0D), 0x82, "read in U+2");
    assert_eq!(bus.read(0x0D), 0x00, "read in U+3");
}

/// A read in the cycle after one that put the interrupt off shows bit 7 with the flag, and
/// cancels the interrupt (`CIA/dd0dtest` test 17 on a 6526A: `INC $DD0D,X` reading in U
/// and U+1 writes back $81, and no interrupt comes from timer A).
#[test]
fn read_after_a_put_off_interrupt_shows_bit_7() {
    let (mut bus, u) = one_shot_b();
    bus.idle(u - 1);
    assert_eq!(bus.read(0x0D), 0x00, "read in U");
    assert_eq!(bus.read(0x0D), 0x82, "read in U+1");
    for _ in 0..20 {
        assert!(!bus.cia.irq(), "the interrupt is cancelled");
        bus.idle(1);
    }
}
