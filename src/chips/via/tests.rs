//! One test per rule of the 6522, from the data sheet and the PB7 facts in the module's
//! sources. A "cycle" here is a register access (or none) followed by `tick`, as the owner
//! of the chip calls them.

use super::*;

/// Tick `n` cycles without an access.
fn run(v: &mut Via, n: u32) {
    for _ in 0..n {
        v.tick();
    }
}

/// Write in a cycle (the access, then the cycle's end).
fn write(v: &mut Via, r: u8, value: u8) {
    v.write(r, value);
    v.tick();
}

/// The counter as read in each of the next `n` cycles (with T1 = `t1`, else T2).
fn counts(v: &mut Via, t1: bool, n: usize) -> Vec<u16> {
    (0..n)
        .map(|_| {
            let c = if t1 { v.timer1() } else { v.timer2() };
            v.tick();
            c
        })
        .collect()
}

#[test]
fn reset_clears_the_registers_and_keeps_the_timers() {
    let mut v = Via::new();
    for r in [reg::DDRB, reg::DDRA, reg::ACR, reg::PCR, reg::IFR] {
        assert_eq!(v.peek(r), 0, "register {r}");
    }
    assert_eq!(v.peek(reg::IER), 0x80, "bit 7 reads as 1");
    write(&mut v, reg::T1LL, 0x34);
    write(&mut v, reg::T1LH, 0x12);
    write(&mut v, reg::DDRA, 0xFF);
    v.reset();
    assert_eq!(v.peek(reg::DDRA), 0);
    assert_eq!(v.peek(reg::T1LL), 0x34);
    assert_eq!(v.peek(reg::T1LH), 0x12);
}

#[test]
fn ier_bit_7_sets_or_clears_the_bits_given_and_ifr_bit_7_is_any_enabled_flag() {
    let mut v = Via::new();
    v.write(reg::IER, 0x80 | irq::T1 | irq::CA1);
    assert_eq!(v.peek(reg::IER), 0x80 | irq::T1 | irq::CA1);
    v.write(reg::IER, irq::CA1);
    assert_eq!(v.peek(reg::IER), 0x80 | irq::T1);
    v.set_ca1(false); // falling edge: the default active edge
    assert_eq!(v.peek(reg::IFR), irq::CA1, "a flag, not enabled: no bit 7");
    assert!(!v.irq());
    v.write(reg::IER, 0x80 | irq::CA1);
    assert_eq!(v.peek(reg::IFR), 0x80 | irq::CA1);
    assert!(v.irq());
}

#[test]
fn writing_ones_to_ifr_clears_those_flags() {
    let mut v = Via::new();
    v.set_ca1(false);
    v.set_cb1(false);
    v.write(reg::IFR, 0x80 | irq::CA1);
    assert_eq!(v.peek(reg::IFR), irq::CB1);
}

#[test]
fn timer_1_one_shot_reloads_its_latch_like_free_running_but_flags_once() {
    // A real 1541's VIA (the test bench's drive/viavarious/via1, sub-tests A and B) reads
    // T1 as $0000 throughout in one-shot mode with a latch of 0: the counter is reloaded
    // from the latch after passing zero in either mode; only the flag differs.
    let mut v = Via::new();
    write(&mut v, reg::T1CL, 3);
    write(&mut v, reg::T1CH, 0);
    // Read in the cycles after the write: 3 2 1 0, then $FFFF with the flag (N + 1.5 cycles
    // after the write), then the latch again.
    let mut flags = Vec::new();
    let mut seen = Vec::new();
    for _ in 0..8 {
        seen.push(v.timer1());
        flags.push(v.peek(reg::IFR) & irq::T1 != 0);
        v.tick();
    }
    assert_eq!(seen, [3, 2, 1, 0, 0xFFFF, 3, 2, 1]);
    assert_eq!(flags, [false, false, false, false, true, true, true, true]);
    v.write(reg::IFR, irq::T1);
    run(&mut v, 100);
    assert_eq!(
        v.peek(reg::IFR) & irq::T1,
        0,
        "one-shot: no flag at the next pass"
    );
}

#[test]
fn a_finished_one_shot_run_stays_silent_when_switched_to_free_running() {
    // drive/viavarious/via4 sub-tests E, K, Q and W on a real 1541: after a one-shot run
    // has passed zero, toggling ACR bit 6 never sets the flag again: only a write to T1C-H
    // arms the timer, and free-running keeps it armed.
    let mut v = Via::new();
    write(&mut v, reg::T1CL, 1);
    write(&mut v, reg::T1CH, 0);
    run(&mut v, 5);
    v.write(reg::IFR, irq::T1);
    write(&mut v, reg::ACR, 0x40);
    run(&mut v, 50);
    assert_eq!(v.peek(reg::IFR) & irq::T1, 0);
    write(&mut v, reg::T1CH, 0);
    run(&mut v, 5);
    assert_ne!(v.peek(reg::IFR) & irq::T1, 0, "armed again by the write");
    v.write(reg::IFR, irq::T1);
    run(&mut v, 3);
    assert_ne!(v.peek(reg::IFR) & irq::T1, 0, "free-running: every pass");
}

#[test]
fn timer_1_with_a_latch_of_zero_reads_zero_every_other_cycle() {
    let mut v = Via::new();
    write(&mut v, reg::T1CL, 0);
    write(&mut v, reg::T1CH, 0);
    assert_eq!(counts(&mut v, true, 6), [0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF]);
}

#[test]
fn acr_switches_timer_2_between_phi2_and_pb6_one_cycle_late() {
    // drive/viavarious/via1 sub-test G on a real 1541: T2 stopped at 0 in PB6 mode, ACR
    // written to 0 (phi2), T2C-L read 6 cycles after the write's cycle shows $FB: five
    // counts, not six.
    let mut v = Via::new();
    write(&mut v, reg::ACR, 0x20);
    write(&mut v, reg::T2CL, 0);
    write(&mut v, reg::T2CH, 0);
    run(&mut v, 10);
    assert_eq!(v.timer2(), 0);
    write(&mut v, reg::ACR, 0x00);
    run(&mut v, 5);
    assert_eq!(v.timer2(), 0xFFFB);
}

#[test]
fn timer_1_free_running_reloads_with_a_period_of_n_plus_2() {
    let mut v = Via::new();
    write(&mut v, reg::ACR, 0x40);
    write(&mut v, reg::T1CL, 2);
    write(&mut v, reg::T1CH, 0);
    assert_eq!(
        counts(&mut v, true, 9),
        [2, 1, 0, 0xFFFF, 2, 1, 0, 0xFFFF, 2]
    );
    // The flag each period.
    v.read(reg::T1CL);
    run(&mut v, 3);
    assert_eq!(v.peek(reg::IFR) & irq::T1, irq::T1);
}

#[test]
fn reading_t1c_l_clears_the_flag_and_writing_t1l_h_does_too() {
    let mut v = Via::new();
    write(&mut v, reg::T1CL, 0);
    write(&mut v, reg::T1CH, 0);
    run(&mut v, 2);
    assert_ne!(v.peek(reg::IFR) & irq::T1, 0);
    v.read(reg::T1CH);
    assert_ne!(v.peek(reg::IFR) & irq::T1, 0, "the high byte leaves it");
    v.read(reg::T1CL);
    assert_eq!(v.peek(reg::IFR) & irq::T1, 0);
    write(&mut v, reg::T1CH, 0);
    run(&mut v, 2);
    v.write(reg::T1LH, 0x40);
    assert_eq!(v.peek(reg::IFR) & irq::T1, 0);
}

#[test]
fn latch_writes_do_not_load_the_counter() {
    let mut v = Via::new();
    let before = v.timer1();
    v.write(reg::T1CL, 0x11);
    v.write(reg::T1LH, 0x22);
    assert_eq!(v.timer1(), before);
    assert_eq!((v.peek(reg::T1LL), v.peek(reg::T1LH)), (0x11, 0x22));
    v.write(reg::T1CH, 0x33);
    assert_eq!(v.timer1(), 0x3311);
}

#[test]
fn pb7_is_timer_1s_output_whatever_ddrb_says() {
    let mut v = Via::new();
    v.pb_in = 0x00; // PB7's pin pulled low from outside: the timer's output still reads
    write(&mut v, reg::ACR, 0x80);
    assert_eq!(
        v.peek(reg::ORB) & 0x80,
        0x80,
        "ACR bit 7 from 0 to 1 sets PB7 high"
    );
    write(&mut v, reg::T1CL, 1);
    write(&mut v, reg::T1CH, 0);
    assert_eq!(v.peek(reg::ORB) & 0x80, 0, "a write to T1C-H sets it low");
    run(&mut v, 2);
    assert_eq!(
        v.peek(reg::ORB) & 0x80,
        0x80,
        "the one-shot's underflow sets it high"
    );
    run(&mut v, 0x10002);
    assert_eq!(v.peek(reg::ORB) & 0x80, 0x80, "and only once");
    // Free-running: it toggles at each underflow.
    write(&mut v, reg::ACR, 0xC0);
    write(&mut v, reg::T1CH, 0);
    let mut levels = Vec::new();
    for _ in 0..8 {
        levels.push(v.pb_pins() & 0x80 != 0);
        v.tick();
    }
    assert_eq!(
        levels,
        [false, false, true, true, true, false, false, false],
        "period 3 (latch 1): toggling with each underflow"
    );
    // Without ACR bit 7, PB7 is an ordinary port bit.
    write(&mut v, reg::ACR, 0x00);
    assert_eq!(v.peek(reg::ORB) & 0x80, 0);
}

#[test]
fn pb7_toggles_only_while_timer_1_is_armed() {
    // drive/viavarious/via10 on a real 1541. Sub-test D: T1C-H written (one-shot), then ACR
    // $80 sets PB7 high, and the run's one pass toggles it low. Sub-test G: a disarmed timer
    // free-running with ACR $C0 leaves PB7 high.
    let mut v = Via::new();
    write(&mut v, reg::T1CL, 2);
    write(&mut v, reg::T1CH, 0);
    write(&mut v, reg::ACR, 0x80);
    assert_eq!(v.pb_pins() & 0x80, 0x80);
    run(&mut v, 3);
    assert_eq!(v.pb_pins() & 0x80, 0, "the one pass toggles it low");
    run(&mut v, 20);
    assert_eq!(v.pb_pins() & 0x80, 0, "and only once");
    write(&mut v, reg::ACR, 0x00);
    write(&mut v, reg::ACR, 0xC0);
    let levels: Vec<bool> = (0..12)
        .map(|_| {
            v.tick();
            v.pb_pins() & 0x80 != 0
        })
        .collect();
    assert!(levels.iter().all(|&l| l), "disarmed: no toggling");
}

#[test]
fn timer_2_is_one_shot_and_counts_on() {
    let mut v = Via::new();
    write(&mut v, reg::T2CL, 2);
    write(&mut v, reg::T2CH, 0);
    assert_eq!(counts(&mut v, false, 5), [2, 1, 0, 0xFFFF, 0xFFFE]);
    assert_ne!(v.peek(reg::IFR) & irq::T2, 0);
    v.read(reg::T2CL);
    run(&mut v, 0x10000);
    assert_eq!(v.peek(reg::IFR) & irq::T2, 0, "once per write to T2C-H");
}

#[test]
fn timer_2_counts_in_8_bits_under_the_shift_register() {
    // ACR $10: shifting out, free-running, at timer 2's rate.
    let mut v = Via::new();
    write(&mut v, reg::ACR, 0x10);
    write(&mut v, reg::T2CL, 1);
    write(&mut v, reg::T2CH, 1);
    assert_eq!(
        counts(&mut v, false, 7),
        [0x0101, 0x0100, 0x00FF, 0x0001, 0x0000, 0xFFFF, 0xFF01]
    );
    assert_ne!(v.peek(reg::IFR) & irq::T2, 0, "reaching $0000 flags");
    v.read(reg::T2CL);
    run(&mut v, 2000);
    assert_eq!(v.peek(reg::IFR) & irq::T2, 0, "once");
}

#[test]
fn timer_2_counts_falling_edges_on_pb6_in_pulse_mode() {
    let mut v = Via::new();
    write(&mut v, reg::ACR, 0x20);
    write(&mut v, reg::T2CL, 3);
    write(&mut v, reg::T2CH, 0);
    run(&mut v, 10);
    assert_eq!(v.timer2(), 3, "no pulses, no counts");
    for n in 1..=3 {
        v.pb_in = 0xBF;
        v.tick();
        v.pb_in = 0xFF;
        v.tick();
        assert_eq!(v.timer2(), 3 - n);
    }
    assert_ne!(v.peek(reg::IFR) & irq::T2, 0, "the third pulse");
}

#[test]
fn port_b_reads_its_output_register_for_outputs_and_port_a_reads_the_pins() {
    let mut v = Via::new();
    v.pa_in = 0x0F;
    v.pb_in = 0x0F;
    v.write(reg::DDRA, 0xF0);
    v.write(reg::DDRB, 0xF0);
    v.write(reg::ORA, 0xAA);
    v.write(reg::ORB, 0xAA);
    assert_eq!(
        v.peek(reg::ORB),
        0xAF,
        "outputs from ORB, inputs from the pins"
    );
    assert_eq!(v.pb_pins(), 0xAF);
    assert_eq!(v.peek(reg::ORA), 0xAF);
    assert_eq!(v.peek(reg::ORA_NH), 0xAF);
}

#[test]
fn input_latching_holds_the_port_at_the_active_edge() {
    let mut v = Via::new();
    write(&mut v, reg::ACR, 0x03);
    v.pa_in = 0x12;
    v.pb_in = 0x34;
    v.set_ca1(false);
    v.set_cb1(false);
    v.pa_in = 0x56;
    v.pb_in = 0x78;
    assert_eq!(v.peek(reg::ORA), 0x12);
    assert_eq!(v.peek(reg::ORB), 0x34);
}

#[test]
fn ca1_flags_on_its_selected_edge_and_port_a_access_clears_it_but_register_15_does_not() {
    let mut v = Via::new();
    v.write(reg::PCR, 0x01); // rising edge
    v.set_ca1(false);
    assert_eq!(
        v.peek(reg::IFR) & irq::CA1,
        0,
        "the falling edge is not the active one"
    );
    v.set_ca1(true);
    assert_ne!(v.peek(reg::IFR) & irq::CA1, 0);
    v.read(reg::ORA_NH);
    assert_ne!(v.peek(reg::IFR) & irq::CA1, 0, "register 15 leaves it");
    v.read(reg::ORA);
    assert_eq!(v.peek(reg::IFR) & irq::CA1, 0);
}

#[test]
fn an_independent_ca2_input_keeps_its_flag_through_port_a_accesses() {
    let mut v = Via::new();
    v.write(reg::PCR, 0b001 << 1); // CA2: independent input, falling edge
    v.set_ca2(false);
    v.read(reg::ORA);
    assert_ne!(v.peek(reg::IFR) & irq::CA2, 0);
    v.write(reg::PCR, 0b000 << 1); // CA2: plain input
    v.set_ca2(true);
    v.set_ca2(false);
    v.read(reg::ORA);
    assert_eq!(v.peek(reg::IFR) & irq::CA2, 0);
}

#[test]
fn ca2_handshake_goes_low_on_a_port_a_access_and_high_on_ca1() {
    let mut v = Via::new();
    v.write(reg::PCR, 0b100 << 1);
    assert!(v.ca2_out());
    v.read(reg::ORA);
    v.tick();
    assert!(!v.ca2_out(), "data taken: low");
    run(&mut v, 5);
    assert!(!v.ca2_out(), "until CA1's active edge");
    v.set_ca1(false);
    assert!(v.ca2_out());
}

#[test]
fn ca2_pulse_mode_is_low_for_one_cycle() {
    let mut v = Via::new();
    v.write(reg::PCR, 0b101 << 1);
    v.write(reg::ORA, 0);
    assert!(!v.ca2_out());
    v.tick();
    assert!(!v.ca2_out(), "low through the access's cycle");
    v.tick();
    assert!(v.ca2_out(), "high again after it");
}

#[test]
fn cb2_handshake_starts_on_port_b_writes_only() {
    let mut v = Via::new();
    v.write(reg::PCR, 0b100 << 5);
    v.read(reg::ORB);
    assert!(v.cb2_out(), "a read does not start it");
    v.write(reg::ORB, 0);
    assert!(!v.cb2_out());
    v.set_cb1(false);
    assert!(v.cb2_out());
}

#[test]
fn fixed_ca2_and_cb2_outputs() {
    let mut v = Via::new();
    v.write(reg::PCR, (0b110 << 1) | (0b111 << 5));
    assert!(!v.ca2_out());
    assert!(v.cb2_out());
    v.write(reg::PCR, (0b111 << 1) | (0b110 << 5));
    assert!(v.ca2_out());
    assert!(!v.cb2_out());
}

#[test]
fn the_shift_register_is_read_and_written_and_clears_its_flag() {
    let mut v = Via::new();
    v.ifr = irq::SR;
    v.write(reg::SR, 0x5A);
    assert_eq!(v.peek(reg::IFR) & irq::SR, 0);
    v.ifr = irq::SR;
    assert_eq!(v.read(reg::SR), 0x5A);
    assert_eq!(v.peek(reg::IFR) & irq::SR, 0);
}

#[test]
fn counting_down_at_once_is_ticking_while_the_timers_only_count() {
    let mut v = Via::new();
    write(&mut v, reg::ACR, 0x40);
    write(&mut v, reg::T1CL, 0x00);
    write(&mut v, reg::T1CH, 0x02); // timer 1 from $0200
    run(&mut v, 3);
    let budget = v.counting_budget();
    assert_eq!(budget, u64::from(v.timer1().min(v.timer2())) - 1);
    let mut ticked = v.clone();
    run(&mut ticked, budget as u32);
    assert_eq!(v.counted(budget), Some(ticked), "the whole budget at once");
    assert_eq!(
        v.counted(budget + 1),
        None,
        "no further: the next cycle passes zero"
    );
    // A pending reload or a shift mode leaves nothing to count at once.
    v.write(reg::T1CH, 0x02);
    assert_eq!(v.counting_budget(), 0, "loaded this cycle");
    run(&mut v, 1);
    write(&mut v, reg::ACR, 0x44);
    run(&mut v, 1);
    assert_eq!(v.counting_budget(), 0, "the shift register's timer-2 mode");
}

#[test]
fn pb7_is_no_difference_while_timer_1_does_not_drive_it() {
    let mut a = Via::new();
    write(&mut a, reg::T1CL, 0x10);
    write(&mut a, reg::T1CH, 0x00); // PB7 goes low, but ACR bit 7 is clear
    let mut b = a.clone();
    b.pb7 = !a.pb7;
    run(&mut b, 5);
    assert!(a.same_but_counters(&b), "counters and an unused PB7 apart");
    write(&mut b, reg::ACR, 0x80);
    write(&mut a, reg::ACR, 0x80);
    b.pb7 = !a.pb7;
    assert!(!a.same_but_counters(&b), "PB7 on the pin");
    assert!(a.same_but_counters(&a.clone()));
    let mut c = a.clone();
    write(&mut c, reg::ORB, 0x01);
    assert!(!a.same_but_counters(&c), "any register");
}
