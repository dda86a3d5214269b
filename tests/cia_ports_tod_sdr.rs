//! MOS 6526 CIA: ports and PB6/PB7, the time-of-day clock, the serial register, reset and
//! peek, from the 6526 data sheet and test programs measured on real C64s.

mod cia_bus;

use cia_bus::*;

/// PB6 in toggle mode goes high at the start and inverts at each underflow; in pulse mode
/// it is high for one cycle after each underflow. It overrides PRB/DDRB.
#[test]
fn pb6_toggle_and_pulse() {
    let mut bus = Bus::new();
    bus.write(0x03, 0xFF);
    bus.write(0x01, 0x00);
    bus.write(0x04, 4); // period 5
    bus.write(0x05, 0);
    bus.write(0x0E, 0x07); // start, PB6 on, toggle
    let mut levels = Vec::new();
    for _ in 0..30 {
        levels.push(bus.read(0x01) & 0x40 != 0);
    }
    assert!(levels[0], "toggle output set high by the start");
    let edges: Vec<usize> = (1..levels.len())
        .filter(|&i| levels[i] != levels[i - 1])
        .collect();
    assert!(edges.len() >= 4);
    for w in edges.windows(2) {
        assert_eq!(w[1] - w[0], 5, "toggles once per period");
    }
    // Pulse mode.
    bus.write(0x0E, 0x03);
    let highs: Vec<usize> = (0..30).filter(|_| bus.read(0x01) & 0x40 != 0).collect();
    assert!(highs.len() >= 5);
    for w in highs.windows(2) {
        assert_eq!(w[1] - w[0], 5, "one-cycle pulse per underflow");
    }
    assert_eq!(bus.cia.pb_pins() & 0x3F, 0x00, "other bits follow PRB");
}

/// Serial output: a byte written to SDR goes out MSB first on SP, one bit per two timer A
/// underflows; with latch 3 ICR bit 3 reads set with the 16th underflow's flag.
#[test]
fn sdr_output_interrupts_after_eight_bits() {
    let mut bus = Bus::new();
    bus.write(0x04, 3);
    bus.write(0x05, 0);
    bus.write(0x0E, 0x51); // serial out, force load, start
    bus.write(0x0C, 0xA5);
    let mut underflows = 0;
    let mut bits = Vec::new();
    let mut last_cnt = bus.cia.cnt_pin();
    loop {
        let icr = bus.poll_icr();
        if icr & ICR_TA != 0 {
            underflows += 1;
        }
        if icr & ICR_SP != 0 {
            break;
        }
        let cnt = bus.cia.cnt_pin();
        if last_cnt && !cnt {
            bits.push(bus.cia.sp_pin());
        }
        last_cnt = cnt;
        assert!(underflows <= 16, "no SP interrupt after 16 underflows");
    }
    assert_eq!(underflows, 16);
    let byte = bits.iter().fold(0u8, |b, &bit| (b << 1) | u8::from(bit));
    assert_eq!(bits.len(), 8);
    assert_eq!(byte, 0xA5);
    // Input mode: nothing drives CNT, the register keeps what is written.
    let mut bus = Bus::new();
    bus.write(0x04, 3);
    bus.write(0x05, 0);
    bus.write(0x0E, 0x11);
    bus.write(0x0C, 0x3C);
    bus.idle(500);
    assert_eq!(bus.read(0x0C), 0x3C);
    assert_eq!(bus.read(0x0D) & ICR_SP, 0);
}

/// TOD after reset: stopped at 1:00:00.0; at 50 Hz (CRA bit 7) five input pulses make a
/// tenth and fifty a second; at 60 Hz six make a tenth.
#[test]
fn tod_counts_at_50_and_60_hz() {
    let mut bus = Bus::new();
    assert_eq!(tod(&bus), [0x01, 0x00, 0x00, 0x00]);
    for _ in 0..100 {
        bus.cia.tod_pulse();
    }
    assert_eq!(
        tod(&bus),
        [0x01, 0x00, 0x00, 0x00],
        "stopped until tenths written"
    );
    bus.write(0x0E, 0x80);
    set_tod(&mut bus, [0x01, 0x00, 0x00, 0x00]);
    for _ in 0..4 {
        bus.cia.tod_pulse();
    }
    assert_eq!(bus.cia.peek(0x08), 0);
    bus.cia.tod_pulse();
    assert_eq!(bus.cia.peek(0x08), 1);
    for _ in 0..45 {
        bus.cia.tod_pulse();
    }
    assert_eq!(tod(&bus), [0x01, 0x00, 0x01, 0x00], "50 pulses = 1 s");
    for _ in 0..50 * 59 {
        bus.cia.tod_pulse();
    }
    assert_eq!(tod(&bus), [0x01, 0x01, 0x00, 0x00], "a minute");
    // 60 Hz.
    bus.write(0x0E, 0x00);
    set_tod(&mut bus, [0x01, 0x00, 0x00, 0x00]);
    for _ in 0..60 {
        bus.cia.tod_pulse();
    }
    assert_eq!(tod(&bus), [0x01, 0x00, 0x01, 0x00], "60 pulses = 1 s");
}

/// Reading hours latches all four registers until tenths is read; the clock keeps going.
/// Writing hours stops the clock until tenths is written.
#[test]
fn tod_read_latch_and_write_stop() {
    let mut bus = Bus::new();
    bus.write(0x0E, 0x80);
    set_tod(&mut bus, [0x05, 0x59, 0x59, 0x08]);
    assert_eq!(bus.read(0x0B), 0x05);
    for _ in 0..10 {
        bus.cia.tod_pulse(); // → 6:00:00.0 underneath
    }
    assert_eq!(bus.read(0x0A), 0x59, "latched");
    assert_eq!(bus.read(0x09), 0x59, "latched");
    assert_eq!(
        bus.cia.peek(0x08),
        0x08,
        "peek sees the latch too and does not release it"
    );
    assert_eq!(bus.read(0x08), 0x08, "latched until tenths is read");
    assert_eq!(
        tod(&bus),
        [0x06, 0x00, 0x00, 0x00],
        "released, the clock went on"
    );
    bus.write(0x0B, 0x07);
    for _ in 0..50 {
        bus.cia.tod_pulse();
    }
    assert_eq!(
        tod(&bus),
        [0x07, 0x00, 0x00, 0x00],
        "stopped by the hours write"
    );
    bus.write(0x08, 0x00);
    for _ in 0..5 {
        bus.cia.tod_pulse();
    }
    assert_eq!(
        tod(&bus),
        [0x07, 0x00, 0x00, 0x01],
        "restarted by the tenths write"
    );
}

/// 11:59:59.9 AM → 12:00:00.0 PM, 12:59:59.9 PM → 1:00:00.0 PM, 11:59:59.9 PM → 12 AM;
/// a write of 12 flips AM/PM as the chip does.
#[test]
fn tod_twelve_hour_wrap() {
    let mut bus = Bus::new();
    bus.write(0x0E, 0x80);
    let tick_tenth = |bus: &mut Bus| {
        for _ in 0..5 {
            bus.cia.tod_pulse();
        }
    };
    set_tod(&mut bus, [0x11, 0x59, 0x59, 0x09]);
    tick_tenth(&mut bus);
    assert_eq!(tod(&bus), [0x92, 0x00, 0x00, 0x00]);
    set_tod(&mut bus, [0x92, 0x59, 0x59, 0x09]); // written 12 PM reads 12 AM
    assert_eq!(bus.cia.peek(0x0B), 0x12);
    set_tod(&mut bus, [0x12, 0x59, 0x59, 0x09]); // and 12 AM reads 12 PM
    assert_eq!(bus.cia.peek(0x0B), 0x92);
    tick_tenth(&mut bus);
    assert_eq!(tod(&bus), [0x81, 0x00, 0x00, 0x00]);
    set_tod(&mut bus, [0x91, 0x59, 0x59, 0x09]);
    tick_tenth(&mut bus);
    assert_eq!(tod(&bus), [0x12, 0x00, 0x00, 0x00]);
    set_tod(&mut bus, [0x09, 0x59, 0x59, 0x09]);
    tick_tenth(&mut bus);
    assert_eq!(tod(&bus), [0x10, 0x00, 0x00, 0x00]);
}

/// The alarm (written with CRB bit 7 set) sets ICR bit 2 when the clock reaches it.
#[test]
fn tod_alarm_sets_icr_bit_2() {
    let mut bus = Bus::new();
    bus.write(0x0E, 0x80);
    bus.write(0x0F, 0x80);
    set_tod(&mut bus, [0x01, 0x00, 0x02, 0x05]);
    bus.write(0x0F, 0x00);
    set_tod(&mut bus, [0x01, 0x00, 0x00, 0x00]);
    assert_eq!(
        tod(&bus),
        [0x01, 0x00, 0x00, 0x00],
        "alarm writes leave the clock alone"
    );
    // Writing the alarm one register at a time passed through 1:00:00.0, the clock's time.
    assert_eq!(bus.read(0x0D), 0x04);
    bus.write(0x0D, 0x84);
    for _ in 0..(2 * 50 + 5 * 5 - 1) {
        bus.cia.tod_pulse();
        bus.idle(1);
    }
    assert_eq!(bus.cia.peek(0x0D), 0, "not yet at 1:00:02.4");
    bus.cia.tod_pulse();
    bus.idle(2);
    assert_eq!(bus.read(0x0D), 0x84, "alarm at 1:00:02.5");
}

/// Ports: PRx/DDRx, undriven pins read high, an output driven high can be pulled low from
/// outside (the keyboard matrix), and pa_pins()/pb_pins() give what the chip drives.
#[test]
fn ports_and_direction_registers() {
    let mut bus = Bus::new();
    assert_eq!(bus.read(0x00), 0xFF, "inputs after reset read high");
    bus.write(0x02, 0xF0);
    bus.write(0x00, 0x5A);
    assert_eq!(bus.cia.pa_pins(), 0x5F);
    bus.cia.pa_in = 0xFF;
    assert_eq!(bus.read(0x00), 0x5F);
    bus.cia.pa_in = 0xBD; // bit 6 (driven high) and bit 1 (input) pulled low
    assert_eq!(bus.read(0x00), 0x1D);
    assert_eq!(bus.read(0x02), 0xF0);
    bus.write(0x03, 0xFF);
    bus.write(0x01, 0x7E);
    assert_eq!(bus.cia.pb_pins(), 0x7E);
    assert_eq!(bus.read(0x01), 0x7E);
    bus.cia.pb_in = 0xF7;
    assert_eq!(bus.read(0x01), 0x76);
}

/// peek never disturbs the chip: ICR stays set, TOD does not latch.
#[test]
fn peek_has_no_side_effects() {
    let mut bus = Bus::new();
    bus.write(0x04, 3);
    bus.write(0x05, 0);
    bus.write(0x0E, 0x09);
    bus.idle(10);
    let before = bus.cia.clone();
    for reg in 0..16 {
        bus.cia.peek(reg);
    }
    assert_eq!(bus.cia, before);
    assert_eq!(bus.read(0x0D), ICR_TA);
    bus.idle(1);
    assert_eq!(bus.read(0x0D), 0);
}

/// /RES: timers stopped with latches all ones, registers zero, TOD stopped at 1:00:00.0.
#[test]
fn reset_state() {
    let mut bus = Bus::new();
    bus.write(0x02, 0xFF);
    bus.write(0x0D, 0x9F);
    bus.write(0x0E, 0x01);
    bus.idle(100);
    bus.cia.reset();
    for reg in [0x02, 0x03, 0x0D, 0x0E, 0x0F] {
        assert_eq!(bus.cia.peek(reg), 0, "register {reg:X}");
    }
    assert_eq!(bus.cia.peek(0x04), 0xFF);
    assert_eq!(bus.cia.peek(0x05), 0xFF);
    assert_eq!(tod(&bus), [0x01, 0x00, 0x00, 0x00]);
    assert!(!bus.cia.irq());
}

/// Timer A (latch `latch`) started in serial output mode, SDR written 4 cycles later (as
/// `STA CRA : STY SDR` does), ICR read in every cycle it shows a flag: the cycles in which the TA and SP
/// flags are first seen, counted from the CRA write.
fn sdr_send(latch: u8, cycles: u32) -> (Vec<u32>, Vec<u32>) {
    let mut bus = Bus::new();
    bus.write(0x04, latch);
    bus.write(0x05, 0);
    bus.cia.write(0x0E, 0x51);
    let (mut ta, mut sp) = (Vec::new(), Vec::new());
    for t in 0..cycles {
        if t == 4 {
            bus.cia.write(0x0C, 0x55);
        }
        let icr = if t >= 5 && bus.cia.peek(0x0D) != 0 {
            bus.cia.read(0x0D)
        } else {
            0
        };
        bus.cia.tick();
        if icr & ICR_TA != 0 {
            ta.push(t);
        }
        // A read right after another one repeats it: the same flag, not a second byte.
        if icr & ICR_SP != 0 && sp.last() != Some(&(t.wrapping_sub(1))) {
            sp.push(t);
        }
    }
    (ta, sp)
}

/// The byte-complete flag is raised 4 cycles after the 8th falling CNT edge (the byte's 15th
/// underflow), not at CNT's last rise; if that rise comes within those 4 cycles (latch 1
/// or 2) the wait starts again from it. With latch 1 the timer underflows once before the
/// SDR write, and the write still joins that underflow. Figures: the reference tables of the
/// VICE test bench's CIA/shiftregister/cia-sdr-icr programs, taken on real 6526s.
#[test]
fn sdr_flag_four_cycles_after_the_last_falling_edge() {
    for (latch, after_15th) in [
        (1u8, 6u32),
        (2, 7),
        (3, 4),
        (4, 4),
        (19, 4),
        (39, 4),
        (127, 4),
    ] {
        let (ta, sp) = sdr_send(latch, 40 * (u32::from(latch) + 1));
        let first = ta.iter().position(|&t| t >= 5).unwrap();
        let fifteenth = ta[first + 14];
        assert_eq!(
            sp.first().copied(),
            Some(fifteenth + after_15th),
            "latch {latch}: {ta:?}"
        );
        assert_eq!(sp.len(), 1, "latch {latch}: one byte, one flag");
    }
}

/// Latch 0 underflows in every cycle: the serial logic sees one underflow edge, loads the
/// byte and drops CNT once, and the byte never completes while the timer runs.
#[test]
fn sdr_with_latch_zero_never_completes() {
    let (ta, sp) = sdr_send(0, 2000);
    assert!(ta.len() > 1000, "timer A runs");
    assert_eq!(sp, Vec::<u32>::new());
}

/// Leaving serial output mode while CNT is low in the middle of a bit (seen by the chip
/// 4-7 cycles late) makes the next return to output mode complete the byte at once: ICR bit
/// 3 reads set right after the SDR write. Left while CNT is high, nothing happens. (VICE
/// test bench CIA/shiftregister/cia-sdr-icr, second result screen.)
#[test]
fn sdr_output_left_mid_bit_completes_on_return() {
    // Latch 19: underflows every 20 cycles; the byte's first falling edge at the first.
    // Offsets from the cycle whose ICR read first shows the TA flag: the chip's view of the
    // low phase begins a cycle later, drops out for one cycle (the normal 6526's bounce),
    // and ends 7 cycles after CNT's rise (24 cycles after that read); a bit is 40 cycles.
    let cases = [
        (0u32, false),
        (1, true),
        (2, false),
        (10, true),
        (23, true),
        (24, false),
        (30, false),
        (41, true),
        (42, false),
        (43, true),
    ];
    for (stop_after_first, expect) in cases {
        let mut bus = Bus::new();
        bus.write(0x04, 19);
        bus.write(0x05, 0);
        bus.cia.write(0x0E, 0x51);
        let mut first = None;
        for t in 0..200u32 {
            if t == 4 {
                bus.cia.write(0x0C, 0x55);
            }
            if first.is_some_and(|f| t == f + stop_after_first) {
                bus.cia.write(0x0E, 0x00); // stop, serial input
                break;
            }
            let icr = if t >= 5 && bus.cia.peek(0x0D) != 0 {
                bus.cia.read(0x0D)
            } else {
                0
            };
            bus.cia.tick();
            if icr & ICR_TA != 0 && first.is_none() {
                first = Some(t);
            }
        }
        bus.idle(100);
        bus.read(0x0D);
        bus.write(0x0E, 0x51);
        bus.write(0x0C, 0x55);
        let icr = bus.poll_icr();
        assert_eq!(
            icr & ICR_SP != 0,
            expect,
            "stopped {stop_after_first} cycles after the first underflow"
        );
    }
}

/// Once the eighth bit is out, the shift register is empty: a byte written then goes
/// straight into it (CNT's last rise of the byte before is given up) and a second write
/// waits in SDR, so two back-to-back writes send 16 bits, the first flag coming with the
/// 15th underflow after them. (VICE test bench CIA/shiftregister/cia-sdr-load: the real
/// C64's timer B figure $FCEB puts the flag there, one bit earlier than after a last rise.)
#[test]
fn sdr_written_after_the_eighth_bit_goes_straight_in() {
    let mut bus = Bus::new();
    bus.write(0x04, 50);
    bus.write(0x05, 0);
    bus.write(0x0E, 0x51);
    bus.write(0x0C, 0x55);
    while bus.read(0x0D) & ICR_SP == 0 {}
    bus.write(0x0E, 0x51); // force load: underflows from here on are numbered 1, 2, ...
    bus.idle(5);
    bus.write(0x0C, 0xAA);
    bus.idle(5);
    bus.write(0x0C, 0x55);
    let (mut underflows, mut flags, mut bits) = (0u32, Vec::new(), Vec::new());
    let mut last_cnt = bus.cia.cnt_pin();
    while flags.len() < 2 {
        let icr = bus.poll_icr();
        underflows += u32::from(icr & ICR_TA != 0);
        if icr & ICR_SP != 0 {
            flags.push(underflows);
        }
        let cnt = bus.cia.cnt_pin();
        if last_cnt && !cnt {
            bits.push(bus.cia.sp_pin());
        }
        last_cnt = cnt;
        assert!(underflows < 40, "no second byte");
    }
    assert_eq!(flags, [15, 31]);
    let word = bits.iter().fold(0u16, |w, &b| (w << 1) | u16::from(b));
    assert_eq!((bits.len(), word), (16, 0xAA55));
}

/// The TOD divider counts input pulses and compares with its limit (5 at 50 Hz, 6 at 60 Hz)
/// only when a pulse arrives: switching from 60 to 50 Hz with the divider already at 5 misses
/// the match, the pulse that takes it to 6 wraps it to 0, and it matches at the next 5, so
/// that tenth takes 6 + 5 = 11 pulses after the restart instead of 5 (VICE test bench
/// CIA/tod/hzsync6: its notes, and its 6-7 frames from the switch to the change measured on
/// C64s, which put 11 pulses between the restart and the change).
#[test]
fn tod_divider_misses_a_limit_lowered_below_its_count() {
    let mut bus = Bus::new();
    bus.write(0x0E, 0x00); // 60 Hz
    set_tod(&mut bus, [0x00, 0x00, 0x00, 0x00]);
    for _ in 0..5 {
        bus.cia.tod_pulse();
    }
    assert_eq!(bus.cia.peek(0x08), 0);
    bus.write(0x0E, 0x80); // 50 Hz, divider at 5
    let mut pulses = 0;
    while bus.cia.peek(0x08) == 0 {
        bus.cia.tod_pulse();
        pulses += 1;
        assert!(pulses < 20, "the tenth never changed");
    }
    assert_eq!(
        pulses, 6,
        "6 = 0, 1, 2, 3, 4, 5: six pulses after the switch"
    );
    // From there on, a tenth every five pulses again.
    for _ in 0..5 {
        bus.cia.tod_pulse();
    }
    assert_eq!(bus.cia.peek(0x08), 2);
    // Switching with the divider below the new limit changes nothing: 60 -> 50 at 3.
    bus.write(0x0E, 0x00);
    set_tod(&mut bus, [0x00, 0x00, 0x00, 0x00]);
    for _ in 0..3 {
        bus.cia.tod_pulse();
    }
    bus.write(0x0E, 0x80);
    bus.cia.tod_pulse();
    bus.cia.tod_pulse();
    assert_eq!(bus.cia.peek(0x08), 1, "matched at 5");
}
