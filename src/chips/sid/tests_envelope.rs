//! The envelope generator's timing, cycle by cycle: when a rate-counter match steps the
//! counter, and when a gate write takes hold (the test bench's `env_test` programs measure
//! these on real 6581s and 8580s; `resid-test/envdelay` the rate counter's length).
//!
//! Each test drives one [`Envelope`] directly: a write happens before the first
//! [`Envelope::clock`] call that follows it, as a register write does before the chip's
//! cycle of that write.

use super::envelope::{Envelope, State};

/// An envelope at `counter` in `state`, counting (not held at zero), with attack, decay
/// and release at rate 0 (9 cycles) and the rate counter at `rate_counter`.
fn running(state: State, counter: u8, rate_counter: u16) -> Envelope {
    let mut e = Envelope::new();
    e.write_ad(0x00);
    e.write_sr(0x00);
    e.gate = state != State::Release;
    e.state = state;
    e.hold_zero = false;
    e.counter = counter;
    e.rate_counter = rate_counter;
    e
}

/// The counter after each of `n` cycles.
fn counters(e: &mut Envelope, n: usize) -> Vec<u8> {
    (0..n)
        .map(|_| {
            e.clock();
            e.counter
        })
        .collect()
}

#[test]
fn a_step_comes_the_cycle_after_the_rate_counter_match() {
    // The rate counter reaches the period (9) in the first cycle; the counter steps in the
    // second.
    let mut e = running(State::Attack, 5, 8);
    assert_eq!(counters(&mut e, 3), [5, 6, 6]);
}

#[test]
fn a_step_through_the_exponential_divider_comes_two_cycles_after_the_match() {
    // Release at $50: the exponential period is 2. The second match lets a step through,
    // two cycles later.
    let mut e = running(State::Release, 0x50, 8);
    e.exp_period = 2;
    e.exp_counter = 1;
    assert_eq!(counters(&mut e, 4), [0x50, 0x50, 0x4F, 0x4F]);
}

#[test]
fn the_rate_counter_has_the_32767_states_of_a_15_bit_lfsr() {
    let mut e = running(State::Attack, 5, 0x7FFE);
    e.clock();
    assert_eq!(e.rate_counter, 0);
}

/// A released envelope held at zero, its rate counter `k` cycles short of a match, and the
/// gate set with attack/decay `ad`: the cycle (1 = the write's own) in which the counter
/// first leaves zero, within `limit` cycles.
fn first_attack_step(ad: u8, k: u16, limit: usize) -> Option<usize> {
    let mut e = Envelope::new();
    e.write_ad(ad);
    e.write_sr(0x00);
    e.rate_counter = 9 - k;
    e.write_gate(true);
    counters(&mut e, limit)
        .iter()
        .position(|&c| c != 0)
        .map(|i| i + 1)
}

#[test]
fn a_gate_on_lifts_the_hold_at_zero_in_its_third_cycle() {
    // Matches in the first two cycles are lost (the next comes 9 cycles later); from the
    // third on they step the counter, a cycle later.
    for k in 1..=9 {
        let want = if k >= 3 { k + 1 } else { k + 10 };
        assert_eq!(
            first_attack_step(0x00, k as u16, 40),
            Some(want),
            "match in cycle {k}"
        );
    }
}

#[test]
fn a_gate_on_compares_with_the_decay_period_in_its_fourth_cycle() {
    // Attack 0 (9 cycles), decay 1 (32 cycles). In the fourth cycle the rate counter is
    // compared with 32, so a match at 9 there is missed and the counter runs round its
    // 32767 states first: the one cycle at the decay rate. A cycle earlier or later the
    // match counts.
    assert_eq!(first_attack_step(0x01, 3, 40), Some(4));
    assert_eq!(first_attack_step(0x01, 4, 40_000), Some(4 + 32767 + 1));
    assert_eq!(first_attack_step(0x01, 5, 40), Some(6));
}

#[test]
fn a_gate_off_turns_the_counter_down_from_its_fourth_cycle() {
    // Attack at 5, the gate cleared: a step in the first three cycles still goes up, one
    // from the fourth cycle on goes down.
    for k in 1..=6u16 {
        let mut e = running(State::Attack, 5, 9 - k);
        e.write_gate(false);
        let after = counters(&mut e, k as usize + 1)[k as usize];
        let want = if k + 1 >= 4 { 4 } else { 6 };
        assert_eq!(after, want, "match in cycle {k}");
    }
}
