//! MOS 6526 CIA: timers, interrupts, TOD, serial register and ports, driven cycle by cycle.
//!
//! The harness replays what a 6502 puts on the bus: each call is one φ2 cycle, the access
//! (if any) first, then the chip's tick, as the machine does. Expected figures come from the
//! 6526 data sheet and from test programs whose reference values were measured on real C64s
//! (W. Lorenz's C64 Emulator Test Suite 2.15, `cia1tab` and `cia1ta`; VICE's `cia-int`).

use breadbin::chips::cia::{Cia, ICR_SP, ICR_TA, ICR_TB};

/// A CIA on a bus, one cycle per call.
struct Bus {
    cia: Cia,
}

impl Bus {
    fn new() -> Self {
        Bus { cia: Cia::new() }
    }

    fn idle(&mut self, cycles: u32) {
        for _ in 0..cycles {
            self.cia.tick();
        }
    }

    fn write(&mut self, reg: u8, value: u8) {
        self.cia.write(reg, value);
        self.cia.tick();
    }

    fn read(&mut self, reg: u8) -> u8 {
        let v = self.cia.read(reg);
        self.cia.tick();
        v
    }

    /// `STA abs` / `STX abs` / `STY abs`: three fetch cycles, the write in the fourth.
    fn sta(&mut self, reg: u8, value: u8) {
        self.idle(3);
        self.write(reg, value);
    }

    /// `LDA abs` / `BIT abs` and friends: three fetch cycles, the read in the fourth.
    fn lda(&mut self, reg: u8) -> u8 {
        self.idle(3);
        self.read(reg)
    }

    /// ICR in a polling loop: read (and so cleared) only in the cycles it has something to
    /// show. (A CPU cannot read it in every cycle, and reads in consecutive cycles act as
    /// one long read: see `icr_back_to_back_reads_repeat_the_first`.)
    fn poll_icr(&mut self) -> u8 {
        if self.cia.peek(0x0D) != 0 {
            self.read(0x0D)
        } else {
            self.idle(1);
            0
        }
    }

    fn timer_a(&self) -> u16 {
        u16::from_le_bytes([self.cia.peek(4), self.cia.peek(5)])
    }
}

/// Lorenz's `cia1tab`: timer A (latch 2, counter 21) on φ2 with PB6 pulse, timer B
/// (latch 2) counting timer A underflows with PB7 toggle and its interrupt enabled; read
/// TA low, TB low, PRB and ICR 22..33 cycles after the CRA write. The reference table is the
/// one the test program compares against, taken on a real C64.
#[test]
fn lorenz_cia1tab_reference_table() {
    const RIGHT: [[u8; 12]; 4] = [
        [
            0x01, 0x02, 0x02, 0x01, 0x02, 0x02, 0x01, 0x02, 0x02, 0x01, 0x02, 0x02,
        ],
        [
            0x02, 0x02, 0x02, 0x01, 0x01, 0x01, 0x00, 0x00, 0x02, 0x02, 0x02, 0x02,
        ],
        [
            0x80, 0xC0, 0x80, 0x80, 0xC0, 0x80, 0x80, 0xC0, 0x00, 0x00, 0x40, 0x00,
        ],
        [
            0x00, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x03, 0x83, 0x83, 0x83,
        ],
    ];
    const REGS: [u8; 4] = [0x04, 0x06, 0x01, 0x0D];
    for (r, &reg) in REGS.iter().enumerate() {
        for index in 0..12u32 {
            let mut bus = Bus::new();
            bus.sta(0x03, 0xFF);
            bus.sta(0x01, 0x00);
            bus.sta(0x0E, 0x00);
            bus.sta(0x0F, 0x00);
            bus.sta(0x0D, 0x7F);
            bus.lda(0x0D);
            bus.sta(0x04, 21);
            bus.sta(0x06, 2);
            bus.sta(0x05, 0);
            bus.sta(0x07, 0);
            bus.sta(0x04, 2);
            bus.sta(0x0D, 0x82);
            bus.idle(20);
            bus.sta(0x0F, 0b0100_0111);
            bus.idle(2); // LDA #imm
            bus.sta(0x0E, 0b0000_0011);
            // PLP (4), BCC (2 or 3), JSR (6), NOPs, RTS (6): `index` cycles more each step.
            bus.idle(4 + 2 + 6 + 6 + index);
            let got = bus.lda(reg);
            assert_eq!(
                got, RIGHT[r][index as usize],
                "register {reg:X}, index {index}"
            );
        }
    }
}

/// The values `cia1ta` of Lorenz's suite computes as right for one combination: the
/// counter was force-loaded with `i4` while stopped, CRA was written `ie`, eight cycles later
/// the latch low byte `b4`, four cycles later CRA `be`; then TA low, ICR and CRA are read
/// four, eight and twelve cycles after that. This is the test program's own arithmetic,
/// restated in Rust.
fn cia1ta_right(i4: u8, b4: u8, ie: u8, be: u8) -> (u8, u8, u8) {
    let key = |i4: u8, b4: u8| (i4 << 4) | b4;
    let find = |table: &[u8], k: u8| table.iter().rposition(|&v| v == k);
    match (ie & 0x0F, be) {
        (0x0 | 0x8, 0x00 | 0x08) => (i4, 0x00, be),
        (0x0 | 0x8, 0x01) => {
            let r4 = if i4 >= 3 {
                i4 - 2
            } else if i4 == 0 && b4 >= 2 {
                b4 - 1
            } else {
                b4
            };
            let rd = if i4 < 7 { 0x01 } else { 0 } | if i4 < 6 { 0x80 } else { 0 };
            (r4, rd, 0x01)
        }
        (0x0 | 0x8, 0x09) => {
            let r4 = if i4 >= 3 { i4 - 2 } else { b4 };
            let rd = if i4 < 7 { 0x01 } else { 0 } | if i4 < 6 { 0x80 } else { 0 };
            (r4, rd, if i4 >= 0x0B { 0x09 } else { 0x08 })
        }
        (0x0 | 0x8, 0x10 | 0x18) => (b4, 0x00, be & 0x09),
        (0x0 | 0x8, 0x11 | 0x19) => {
            let r4 = if b4 < 2 || (be == 0x19 && i4 == 0) {
                b4
            } else {
                b4 - 1
            };
            let mut rd = if b4 < 6 { 0x01 } else { 0 } | if b4 < 5 { 0x80 } else { 0 };
            if i4 == 0 {
                rd |= 0x81;
            }
            let re = if be == 0x11 {
                0x01
            } else if i4 != 0 && b4 >= 0x0A {
                0x09
            } else {
                0x08
            };
            (r4, rd, re)
        }
        (0x1, 0x00 | 0x08) => {
            if i4 >= 0x0B {
                return (i4 - 0x0B, 0x00, be);
            }
            const SUB: [u8; 10] = [5, 5, 5, 3, 1, 5, 4, 3, 2, 1];
            const SPECIAL: [u8; 16] = [
                0x71, 0x62, 0x53, 0x52, 0x51, 0x31, 0x23, 0x22, 0x21, 0x13, 0x12, 0x11, 0x03, 0x02,
                0x01, 0x00,
            ];
            const CORR: [u8; 16] = [0, 1, 2, 0, 0, 0, 2, 0, 0, 2, 0, 0, 2, 0, 0, 0];
            let r4 = if i4 >= 0x0A {
                b4
            } else if b4 >= SUB[usize::from(i4)] {
                b4 - SUB[usize::from(i4)]
            } else {
                find(&SPECIAL, key(i4, b4)).map_or(b4, |x| CORR[x])
            };
            (r4, 0x81, be)
        }
        (0x1, 0x01 | 0x09) => {
            let re = if be == 0x01 {
                0x01
            } else {
                const B4COMP: [u8; 10] =
                    [0x10, 0x10, 0x10, 0x0E, 0x0C, 0x10, 0x0F, 0x0E, 0x0D, 0x0C];
                if i4 >= 0x16 {
                    0x09
                } else if i4 >= 0x0A || b4 < B4COMP[usize::from(i4)] {
                    0x08
                } else {
                    0x09
                }
            };
            if i4 > 0x0D {
                let d = i4 - 0x0D;
                let rd = if d < 4 {
                    0x81
                } else if d == 4 {
                    0x01
                } else {
                    0x00
                };
                return (d, rd, re);
            }
            if i4 >= 0x0C {
                return (b4, 0x81, re);
            }
            let x = usize::from(i4);
            let r4 = if be == 0x01 {
                const SUB: [u8; 12] = [7, 7, 7, 5, 3, 7, 6, 5, 4, 3, 2, 1];
                const SPECIAL: [u8; 17] = [
                    0x82, 0x73, 0x64, 0x63, 0x55, 0x54, 0x52, 0x33, 0x25, 0x24, 0x22, 0x15, 0x14,
                    0x12, 0x05, 0x04, 0x02,
                ];
                const CORR: [u8; 17] = [
                    0x01, 0x02, 0x03, 0x01, 0x04, 0x02, 0x01, 0x02, 0x04, 0x02, 0x01, 0x04, 0x02,
                    0x01, 0x04, 0x02, 0x01,
                ];
                if b4 > SUB[x] {
                    b4 - SUB[x]
                } else {
                    find(&SPECIAL, key(i4, b4)).map_or(b4, |k| CORR[k])
                }
            } else {
                const SUB: [u8; 12] = [7, 7, 7, 5, 3, 7, 6, 5, 4, 3, 0, 0];
                if b4 > SUB[x] { b4 - SUB[x] } else { b4 }
            };
            (r4, 0x81, re)
        }
        (0x1 | 0x9, 0x10 | 0x18) => (b4, if i4 < 0x0B { 0x81 } else { 0x00 }, be & 0x09),
        (0x1, 0x11) => {
            let r4 = if b4 >= 2 { b4 - 1 } else { b4 };
            let mut rd = if b4 < 6 { 0x01 } else { 0 } | if b4 < 5 { 0x80 } else { 0 };
            if i4 == 0 {
                rd |= 0x81;
            }
            if i4 < 0x0C {
                rd = 0x81;
            }
            (r4, rd, 0x01)
        }
        (0x1, 0x19) => {
            const NODEC: [u8; 19] = [
                0x82, 0x73, 0x72, 0x64, 0x63, 0x55, 0x54, 0x52, 0x33, 0x32, 0x25, 0x24, 0x22, 0x15,
                0x14, 0x12, 0x05, 0x04, 0x02,
            ];
            let dec = if b4 < 2 {
                false
            } else if i4 >= 0x0C {
                true
            } else if i4 >= 0x0A {
                false
            } else if b4 >= 0x0F {
                true
            } else {
                find(&NODEC, key(i4, b4)).is_none()
            };
            let r4 = if dec { b4 - 1 } else { b4 };
            let mut rd = if b4 < 6 { 0x01 } else { 0 } | if b4 < 5 { 0x80 } else { 0 };
            if i4 < 0x0C {
                rd |= 0x81;
            }
            let re = if (0x0A..0x0C).contains(&i4) || b4 < 0x0A {
                0x08
            } else {
                0x09
            };
            (r4, rd, re)
        }
        (0x9, 0x00 | 0x08) => {
            if i4 < 5 {
                (i4, 0x81, be)
            } else if i4 >= 0x0B {
                (i4 - 0x0B, 0x00, be)
            } else {
                (b4, 0x81, be)
            }
        }
        (0x9, 0x01 | 0x09) => {
            let r4 = if i4 == 3 || i4 == 4 {
                i4 - 2
            } else if i4 > 0x0D {
                i4 - 0x0D
            } else {
                let sub: [u8; 14] = if be == 0x01 {
                    [1, 0, 0, 0, 0, 2, 2, 2, 2, 2, 0, 1, 0, 0]
                } else {
                    [0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 0, 0, 0, 0]
                };
                let s = sub[usize::from(i4)];
                if b4 > s { b4 - s } else { b4 }
            };
            let rd = if i4 < 0x11 {
                0x81
            } else if i4 == 0x11 {
                0x01
            } else {
                0x00
            };
            let re = if be == 0x01 {
                if i4 == 0x0A { 0x00 } else { 0x01 }
            } else if i4 >= 0x16 {
                0x09
            } else if !(5..0x0A).contains(&i4) || b4 < 0x0B {
                0x08
            } else {
                0x09
            };
            (r4, rd, re)
        }
        (0x9, 0x11 | 0x19) => {
            let load = if be == 0x11 {
                i4 == 0x0A
            } else {
                i4 == 0 || i4 == 0x0A || i4 == 0x0B
            };
            let r4 = if load || b4 <= 1 { b4 } else { b4 - 1 };
            let rd = if i4 < 0x0C || b4 < 5 {
                0x81
            } else if b4 == 5 {
                0x01
            } else {
                0x00
            };
            let re = if be == 0x11 {
                if i4 == 0x0A { 0x00 } else { 0x01 }
            } else if i4 == 0 || (0x0A..0x0C).contains(&i4) || b4 < 0x0A {
                0x08
            } else {
                0x09
            };
            (r4, rd, re)
        }
        _ => unreachable!("ie {ie:02X} be {be:02X}"),
    }
}

/// Replays `cia1ta` (timer A, registers 4/$0E, ICR bit 0) or `cia1tb` (timer B, registers
/// 6/$0F, ICR bit 1) for one combination and returns (counter low, ICR, control).
fn run_cia1t(timer_b: bool, i4: u8, b4: u8, ie: u8, be: u8) -> (u8, u8, u8) {
    let (lo, hi, cr, flag) = if timer_b {
        (0x06, 0x07, 0x0F, 0x02)
    } else {
        (0x04, 0x05, 0x0E, 0x01)
    };
    let mut bus = Bus::new();
    bus.sta(0x0D, 0x7F);
    bus.sta(0x0D, 0x80 | flag);
    bus.sta(cr, 0x00);
    bus.sta(hi, 0x00);
    bus.sta(lo, i4);
    bus.sta(cr, 0x10);
    bus.lda(0x0D);
    bus.sta(cr, ie);
    bus.idle(4); // LDA b4
    bus.sta(lo, b4);
    bus.sta(cr, be);
    let a4 = bus.lda(lo);
    let ad = bus.lda(0x0D);
    let ae = bus.lda(cr);
    (a4, ad, ae)
}

/// Lorenz's `cia1ta` and `cia1tb`: every combination of start/stop, one-shot/continuous and
/// force load before and after a latch change, over initial counters 0-30 and latches 0-20
/// (20,832 cases per timer), checked against the test programs' reference arithmetic.
fn check_cia1t(timer_b: bool) {
    let mut failures = Vec::new();
    let mut cases = 0;
    for i4 in 0..=30u8 {
        for b4 in 0..=20u8 {
            for ie in [0x10, 0x11, 0x18, 0x19] {
                for be in [0x00, 0x01, 0x08, 0x09, 0x10, 0x11, 0x18, 0x19] {
                    let got = run_cia1t(timer_b, i4, b4, ie, be);
                    let mut right = cia1ta_right(i4, b4, ie, be);
                    if timer_b {
                        // cia1tb expects the same figures with timer B's ICR bit.
                        right.1 = (right.1 & 0x80) | ((right.1 & 0x01) << 1);
                    }
                    cases += 1;
                    if got != right {
                        failures.push(format!(
                            "i4 {i4:02X} b4 {b4:02X} ie {ie:02X} be {be:02X}: got {:02X} {:02X} {:02X}, right {:02X} {:02X} {:02X}",
                            got.0, got.1, got.2, right.0, right.1, right.2
                        ));
                    }
                }
            }
        }
    }
    assert_eq!(cases, 31 * 21 * 4 * 8);
    assert!(
        failures.is_empty(),
        "{} of {cases} wrong, first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

#[test]
fn lorenz_cia1ta_all_combinations() {
    check_cia1t(false);
}

#[test]
fn lorenz_cia1tb_all_combinations() {
    check_cia1t(true);
}

/// Cycles (counted from the first tick) at which timer A's ICR flag first reads set, over
/// `cycles` cycles, polling ICR.
fn ta_underflow_reads(bus: &mut Bus, cycles: u32) -> Vec<u32> {
    (0..cycles)
        .filter(|_| bus.poll_icr() & ICR_TA != 0)
        .collect()
}

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
    let setup = || {
        let mut bus = Bus::new();
        bus.write(0x0D, 0x82);
        bus.write(0x06, 10);
        bus.write(0x07, 0);
        bus.idle(2);
        bus.write(0x0F, 0x09);
        bus
    };
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
            let mut bus = setup();
            let mut u1 = 0;
            while bus.cia.peek(0x0D) & flag == 0 {
                bus.idle(1);
                u1 += 1;
            }
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

fn tod(bus: &Bus) -> [u8; 4] {
    [
        bus.cia.peek(0x0B),
        bus.cia.peek(0x0A),
        bus.cia.peek(0x09),
        bus.cia.peek(0x08),
    ]
}

fn set_tod(bus: &mut Bus, hms_t: [u8; 4]) {
    bus.write(0x0B, hms_t[0]);
    bus.write(0x0A, hms_t[1]);
    bus.write(0x09, hms_t[2]);
    bus.write(0x08, hms_t[3]);
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
