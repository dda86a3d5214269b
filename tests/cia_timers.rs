//! MOS 6526 CIA: timers and the interrupt control register, cycle by cycle, from the 6526
//! data sheet and test programs measured on real C64s (VICE's `cia-int`, `cia-timer`,
//! `dd0dtest`).

mod cia_bus;

use cia_bus::*;

/// Continuous mode: an underflow every latch+1 cycles (the KERNAL's PAL latch $4025 gives
/// the documented 16,422-cycle interrupt period).
#[test]
fn continuous_period_is_latch_plus_one() {
    for latch in [1u16, 2, 3, 10, 255, 1000, 0x4025] {
        let mut bus = Bus::new();
        bus.write(0x04, latch as u8);
        bus.write(0x05, (latch >> 8) as u8);
        bus.write(0x0E, 0x11);
        let hits = ta_underflow_reads(&mut bus, 5 * (u32::from(latch) + 1) + 10);
        assert!(hits.len() >= 4, "latch {latch}: {hits:?}");
        for pair in hits.windows(2) {
            assert_eq!(pair[1] - pair[0], u32::from(latch) + 1, "latch {latch}");
        }
    }
}

/// One-shot mode: one underflow, the start bit clears, the counter holds the latch.
#[test]
fn one_shot_underflows_once_and_stops() {
    let mut bus = Bus::new();
    bus.write(0x04, 10);
    bus.write(0x05, 0);
    bus.idle(2);
    bus.write(0x0E, 0x09); // start, one-shot; counter is 10
    let hits = ta_underflow_reads(&mut bus, 200);
    // Counting starts 2 cycles after the write, 10 decrements reach zero with the next
    // count waiting: the flag is readable L+2 = 12 cycles after the write (read index 11).
    assert_eq!(hits, vec![11]);
    assert_eq!(bus.cia.peek(0x0E), 0x08, "start bit cleared");
    assert_eq!(bus.timer_a(), 10, "counter reloaded from the latch");
}

/// Start delay: the counter first changes for the read three cycles after the CRA write.
#[test]
fn start_delay_is_two_cycles() {
    let mut bus = Bus::new();
    bus.write(0x04, 100);
    bus.write(0x05, 0);
    bus.idle(2);
    bus.write(0x0E, 0x01); // cycle W
    let reads: Vec<u8> = (0..5).map(|_| bus.read(0x04)).collect(); // W+1 .. W+5
    assert_eq!(reads, vec![100, 100, 99, 98, 97]);
}

/// Force load while running: the start value is read twice, then counting goes on
/// ("2-2-1-2" in the Lorenz model), and the write of the strobe bit is not stored.
#[test]
fn force_load_reads_start_value_twice() {
    let mut bus = Bus::new();
    bus.write(0x04, 50);
    bus.write(0x05, 0);
    bus.write(0x0E, 0x01);
    bus.idle(20);
    bus.write(0x04, 2); // latch 2, counter keeps running
    let before = bus.timer_a();
    assert!(before > 2);
    bus.write(0x0E, 0x11); // cycle W: force load, still running
    let reads: Vec<u8> = (0..6).map(|_| bus.read(0x04)).collect(); // W+1 ..
    assert_eq!(reads[1..], [2, 2, 1, 2, 2]);
    assert_eq!(bus.cia.peek(0x0E), 0x01, "bit 4 is a strobe");
}

/// A high-latch write while stopped loads the counter; while running it does not.
#[test]
fn high_latch_write_loads_only_when_stopped() {
    let mut bus = Bus::new();
    bus.write(0x04, 0x34);
    bus.write(0x05, 0x12);
    bus.idle(1);
    assert_eq!(bus.timer_a(), 0x1234);
    bus.write(0x0E, 0x01);
    bus.idle(10);
    bus.write(0x05, 0x56);
    bus.idle(2);
    assert!(bus.timer_a() < 0x1234, "running counter not reloaded");
}

/// CIA 2 as a 32-bit φ2 cycle counter, exactly as the reference BASIC benchmarks set it up
/// (CRB=$51: timer B counts timer A underflows, force load; CRA=$11) and read it back
/// after stopping. The counter sees every cycle from two after the CRA write (the force
/// load drops one) through the second cycle after the stop: T = S - W - 1.
#[test]
fn basic_benchmark_32_bit_cycle_counter() {
    for elapsed in [
        10u64, 1000, 65_535, 65_536, 65_537, 65_538, 200_000, 1_234_567,
    ] {
        let mut bus = Bus::new();
        // 1 POKE56590,0:POKE56591,0:POKE56580,255:POKE56581,255:POKE56582,255:POKE56583,255
        for (reg, v) in [(0x0E, 0), (0x0F, 0), (4, 255), (5, 255), (6, 255), (7, 255)] {
            bus.write(reg, v);
            bus.idle(300);
        }
        // 2 POKE56591,81:POKE56590,17
        bus.write(0x0F, 81);
        bus.idle(300);
        bus.write(0x0E, 17); // cycle W
        for _ in 1..elapsed {
            bus.cia.tick();
        }
        // 9000 POKE56590,0:POKE56591,0  (cycle S = W + elapsed)
        bus.write(0x0E, 0);
        bus.idle(300);
        bus.write(0x0F, 0);
        bus.idle(300);
        // 9010 T=(65535-PEEK(56582)-256*PEEK(56583))*65536+65535-PEEK(56580)-256*PEEK(56581)
        let p = |bus: &mut Bus, r: u8| u64::from(bus.read(r));
        let t = (65535 - p(&mut bus, 6) - 256 * p(&mut bus, 7)) * 65536 + 65535
            - p(&mut bus, 4)
            - 256 * p(&mut bus, 5);
        assert_eq!(t, elapsed - 1, "elapsed {elapsed}");
    }
}

/// Timer B in cascade decrements two cycles after each timer A underflow.
#[test]
fn cascade_counts_timer_a_underflows() {
    let mut bus = Bus::new();
    bus.write(0x04, 9); // timer A period 10
    bus.write(0x05, 0);
    bus.write(0x06, 100);
    bus.write(0x07, 0);
    bus.idle(2);
    bus.write(0x0F, 0x41); // count timer A underflows
    bus.write(0x0E, 0x01);
    let mut a_underflows = 0;
    for _ in 0..500 {
        bus.idle(1);
        if bus.cia.peek(0x0D) & ICR_TA != 0 {
            a_underflows += 1;
            bus.read(0x0D);
        }
    }
    let b = u16::from(bus.cia.peek(6));
    assert!(a_underflows >= 49);
    // The last underflow may still be in timer B's two-cycle pipeline.
    assert!(
        100 - b == a_underflows || 100 - b + 1 == a_underflows,
        "b {b}, a underflows {a_underflows}"
    );
}

/// ICR: the flag reads set the cycle after the underflow, IR (bit 7) and /IRQ one cycle
/// later; an ICR read in between returns the flag alone and the interrupt never comes; a
/// read in the underflow cycle itself misses it and the interrupt follows (VICE `cia-int`
/// results on a 6526).
#[test]
fn icr_one_cycle_irq_delay_and_read_edges() {
    // Timer B one-shot from 10, its interrupt enabled: find the underflow cycle U by peeking.
    let setup = || Bus::one_shot_b(CiaModel::Mos6526);
    let mut bus = setup();
    // u: idle cycles after the setup until a read sees the flag; that read is in U+1.
    let mut u = 0;
    for c in 0.. {
        if bus.cia.peek(0x0D) & ICR_TB != 0 {
            u = c;
            break;
        }
        assert!(!bus.cia.irq());
        bus.idle(1);
    }
    assert_eq!(bus.cia.peek(0x0D), 0x02, "flag without IR at U+1");
    assert!(!bus.cia.irq(), "/IRQ not yet active at U+1");
    bus.idle(1);
    assert_eq!(bus.cia.peek(0x0D), 0x82, "IR at U+2");
    assert!(bus.cia.irq());
    assert_eq!(bus.read(0x0D), 0x82);
    assert!(!bus.cia.irq(), "read releases /IRQ");
    assert_eq!(bus.cia.peek(0x0D), 0x00, "read clears the flags");

    // Read at U+1: flag alone, and no interrupt afterwards.
    let mut bus = setup();
    bus.idle(u);
    assert_eq!(bus.read(0x0D), 0x02);
    for _ in 0..20 {
        assert!(!bus.cia.irq());
        bus.idle(1);
    }
    assert_eq!(bus.cia.peek(0x0D), 0x00);

    // Read in the underflow cycle U: nothing yet; the interrupt follows normally (timer B's
    // own flag is lost by such a read: see the next test).
    let mut bus = setup();
    bus.idle(u - 1);
    assert_eq!(bus.read(0x0D), 0x00);
    assert!(!bus.cia.irq());
    bus.idle(1);
    assert!(bus.cia.irq());
    assert_eq!(bus.read(0x0D) & 0x80, 0x80);
}

/// The old 6526's timer B quirk: an ICR read in the very cycle timer B underflows returns
/// nothing and the timer B flag never appears, though the interrupt (IR, /IRQ) still comes
/// one cycle later; timer A's flag is not affected by such a read (VICE test bench
/// CIA/cia-timer, reference taken on a C64 with two 6526: the ICR read in timer B's
/// underflow cycle shows no flag, nor does a read 9 cycles later, and the interrupt handler
/// reads $80; for timer A the later read shows the flag and the handler reads $81).
#[test]
fn icr_read_in_timer_b_underflow_cycle_loses_its_flag() {
    for (timer_b, flag) in [(false, ICR_TA), (true, ICR_TB)] {
        for enabled in [false, true] {
            let (lo, cr) = if timer_b { (0x06, 0x0F) } else { (0x04, 0x0E) };
            let setup = || {
                let mut bus = Bus::new();
                if enabled {
                    bus.write(0x0D, 0x80 | flag);
                }
                bus.write(lo, 20);
                bus.write(lo + 1, 0);
                bus.write(cr, 0x11); // force load, start, continuous
                bus
            };
            // Idle cycles until a peek sees the flag: that is U+1.
            let u1 = setup().idle_until_flag(flag);
            let mut bus = setup();
            bus.idle(u1 - 1);
            assert_eq!(bus.read(0x0D), 0x00, "read in U, timer B {timer_b}");
            let want = if timer_b { 0 } else { flag };
            assert_eq!(bus.cia.peek(0x0D) & 0x1F, want, "flag after the read in U");
            bus.idle(1);
            assert_eq!(bus.cia.irq(), enabled, "the interrupt comes all the same");
            bus.idle(8);
            let ir = if enabled { 0x80 } else { 0 };
            assert_eq!(bus.read(0x0D), ir | want, "9 cycles later");
        }
    }
}

/// Masking: flags are set regardless of the mask; only enabled sources assert /IRQ;
/// enabling a source whose flag is already set asserts /IRQ one cycle later.
#[test]
fn icr_mask_set_clear() {
    let mut bus = Bus::new();
    bus.write(0x04, 5);
    bus.write(0x05, 0);
    bus.write(0x0E, 0x19);
    bus.idle(20);
    assert_eq!(bus.cia.peek(0x0D), ICR_TA, "flag set, masked off");
    assert!(!bus.cia.irq());
    bus.write(0x0D, 0x81); // set mask bit 0
    assert!(!bus.cia.irq(), "one cycle of delay after the mask write");
    bus.idle(1);
    assert!(bus.cia.irq());
    assert_eq!(bus.read(0x0D), 0x81);
    // Bit 7 clear: clear mask bits written as one; others stay.
    bus.write(0x0D, 0x82);
    bus.write(0x0D, 0x01);
    bus.write(0x0E, 0x19);
    bus.idle(20);
    assert!(!bus.cia.irq(), "timer A masked again");
    assert_eq!(bus.read(0x0D), ICR_TA);
}

/// FLAG pin edges set ICR bit 4.
#[test]
fn flag_pin_sets_icr_bit_4() {
    let mut bus = Bus::new();
    bus.write(0x0D, 0x90);
    bus.cia.flag_edge();
    bus.idle(1);
    assert!(bus.cia.irq());
    assert_eq!(bus.read(0x0D), 0x90);
}

/// The interrupt decision is made with the mask of the underflow's cycle: clearing the
/// mask in the next cycle still lets IR (ICR bit 7) come up (VICE test bench
/// CIA/shiftregister/cia-icr-test2).
#[test]
fn mask_cleared_after_the_underflow_still_interrupts() {
    for (latch, ir) in [(9u8, true), (10, false)] {
        let mut bus = Bus::new();
        bus.write(0x04, latch);
        bus.write(0x05, 0);
        bus.write(0x0D, 0x7F);
        bus.read(0x0D);
        bus.write(0x0E, 0x19); // one-shot, force load, start: underflow 2 + latch cycles later
        bus.idle(2);
        bus.sta(0x0D, 0x81); // the write 6 cycles after the CRA write
        bus.idle(2);
        bus.sta(0x0D, 0x7F); // 12 cycles after
        let icr = bus.lda(0x0D);
        assert_eq!(icr, if ir { 0x81 } else { 0x01 }, "latch {latch}");
    }
}

/// dd0dtest's set-up: timer A interrupting every 22 cycles from a force load.
fn every_22_cycles() -> Bus {
    let mut bus = Bus::new();
    bus.write(0x0D, 0x81);
    bus.write(0x04, 21);
    bus.write(0x05, 0);
    bus.write(0x0E, 0x11);
    bus
}

/// Idle cycles after [`every_22_cycles`] until timer A's flag can be read (U+1).
fn idle_until_ta_flag() -> u32 {
    let mut bus = every_22_cycles();
    let mut n = 0;
    while bus.cia.peek(0x0D) & ICR_TA == 0 {
        bus.idle(1);
        n += 1;
    }
    n
}

/// Two ICR reads in consecutive cycles, as an indexed read-modify-write (`INC $DD0D,X`)
/// makes with its dummy read: the first read clears the flags, but the second still sees
/// bit 7, both when the first read returned it and when the first read cancelled an
/// interrupt that was about to set it. VICE test bench `CIA/dd0dtest` (reference rows taken
/// on a C64 with old 6526s): with the dummy read in U+1 the write-back leaves the timer's
/// mask set yet no interrupt follows (row 0C: `01 01 FF FF 81 81`) and leaves timer B's
/// mask clear (row 18: `FF 00 FF FF FF FF`); with it in U+2 the interrupt comes and the
/// write-back again sets timer A's mask but not timer B's (rows 0D `01 FF FF FF 01 81` and
/// 19 `02 FF FF FF FF FF`). Only `$80` written back, then `$81`, does all of that.
#[test]
fn icr_back_to_back_reads_repeat_the_first() {
    let setup = every_22_cycles;
    let u1 = idle_until_ta_flag();

    // Dummy read in U+1, read in U+2.
    let mut bus = setup();
    bus.idle(u1);
    assert_eq!(bus.read(0x0D), 0x01, "U+1: the flag alone");
    assert_eq!(bus.read(0x0D), 0x80, "U+2: the cancelled interrupt's IR");
    assert_eq!(bus.cia.peek(0x0D), 0x00, "the flags are cleared");
    for _ in 0..10 {
        assert!(!bus.cia.irq(), "the cancelled interrupt stays cancelled");
        bus.idle(1);
    }
    // The value written back keeps the mask, so the next underflow interrupts.
    bus.write(0x0D, 0x80);
    bus.write(0x0D, 0x81);
    bus.idle(12);
    assert!(bus.cia.irq());
    assert_eq!(bus.read(0x0D), 0x81);

    // Dummy read in U+2, read in U+3: IR both times, /IRQ released by the first.
    let mut bus = setup();
    bus.idle(u1 + 1);
    assert!(bus.cia.irq());
    assert_eq!(bus.read(0x0D), 0x81, "U+2");
    assert!(!bus.cia.irq());
    assert_eq!(bus.read(0x0D), 0x80, "U+3: IR still seen");
    assert!(!bus.cia.irq());
    assert_eq!(bus.cia.peek(0x0D), 0x00);

    // A read two cycles after another one sees only what is there.
    let mut bus = setup();
    bus.idle(u1 + 1);
    assert_eq!(bus.read(0x0D), 0x81);
    bus.idle(1);
    assert_eq!(bus.read(0x0D), 0x00);
}

/// A cycle in which ICR is written makes no interrupt decision of its own: a flag raised
/// in it meets the mask of the next cycle. So a flag raised while one write happens, with
/// its mask cleared by a write in the next cycle, never sets IR (VICE test bench
/// `CIA/dd0dtest` row 11: `INC $DD0D,X` writing `$00` in timer A's underflow cycle and `$01`
/// in the next, then no interrupt and later reads of `$01`), while the same clearing write
/// without the first one comes too late (`mask_cleared_after_the_underflow_still_interrupts`).
#[test]
fn mask_write_in_the_flag_cycle_defers_the_decision() {
    let setup = every_22_cycles;
    let u = idle_until_ta_flag() - 1; // idle cycles before the underflow's own cycle

    for (first, ir) in [(Some(0x00), false), (None, true)] {
        let mut bus = setup();
        bus.idle(u);
        match first {
            Some(v) => bus.write(0x0D, v),
            None => bus.idle(1),
        }
        bus.write(0x0D, 0x01);
        bus.idle(3);
        assert_eq!(bus.cia.irq(), ir, "first write {first:?}");
        let want = if ir { 0x81 } else { 0x01 };
        assert_eq!(bus.read(0x0D), want, "first write {first:?}");
    }
}
