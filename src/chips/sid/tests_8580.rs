//! The MOS 8580's differences from the 6581, each against the test bench program or notes
//! that measured it on real 8580s.

use super::*;

use super::tests::CLOCK;

/// An 8580 with voice 3 set up: frequency, pulse width, control, at cycle 0.
fn voice3(freq: u16, pw: u16, ctrl: u8) -> Sid {
    super::tests::voice3_on(SidModel::Mos8580, freq, pw, ctrl)
}

/// `osc_topbit` notes: the 8580 buffers the accumulator's top bit in a flip-flop before the
/// sawtooth switch, so a combined waveform pulling the sawtooth's top line low leaves the
/// accumulator alone (on the 6581 it clears the top bit).
#[test]
fn eight580_topbit_is_not_pulled_down_by_combined_waveforms() {
    let mut s = voice3(0x0100, 0, 0x20);
    let top = 10 + 0x8000 + 10;
    assert!(s.read(0x1B, top) >= 0x80);
    s.write(0x12, 0x70, top + 1);
    s.write(0x12, 0x20, top + 9);
    assert!(s.read(0x1B, top + 13) >= 0x80);
}

/// `detect` (check 2): test bit set with frequency $FFFF, then sawtooth alone written in
/// cycle t and OSC3 read in cycle t + 4 gives 2 on an 8580 (3 on a 6581): the 8580's
/// waveform output reaches OSC3 a cycle later. The `oscsample` source says the same: it
/// misses the first three samples on an 8580, four on a 6581.
#[test]
fn eight580_osc3_shows_the_waveform_one_cycle_later() {
    let mut s = voice3(0xFFFF, 0, 0x08);
    s.write(0x12, 0x20, 20);
    assert_eq!(s.read(0x1B, 24), 0x02);
    let mut s = Sid::new(CLOCK);
    s.write(0x0E, 0xFF, 0);
    s.write(0x0F, 0xFF, 1);
    s.write(0x12, 0x08, 2);
    s.write(0x12, 0x20, 20);
    assert_eq!(s.read(0x1B, 24), 0x03, "the 6581 as before");
}

/// `detect` (check 1): triangle + sawtooth at frequency $0200 sets OSC3's top bit on an
/// 8580 within a 65536-loop wait, where the 6581's combination never does.
#[test]
fn eight580_triangle_sawtooth_reaches_the_top_bit() {
    let mut s = voice3(0x0200, 0, 0x30);
    let hit = (20..20 + 0x10000u64)
        .step_by(7)
        .any(|t| s.read(0x1B, t) & 0x80 != 0);
    assert!(hit);
}

/// `waveforms` 8580 reference data: the pulse ($40) and noise ($80) samples of an 8580 fall
/// on the same cycles as a 6581's; only the accumulator's sawtooth and triangle come late.
#[test]
fn eight580_pulse_and_noise_reach_osc3_as_on_the_6581() {
    let mut s = voice3(0x1000, 0x800, 0x40);
    assert_eq!(s.read(0x1B, 10 + 0x800), 0x00);
    assert_eq!(s.read(0x1B, 10 + 0x801), 0xFF);
    // Noise: bit 19 rises after $80 additions, the shift completes two cycles later.
    let mut s = voice3(0x1000, 0, 0x80);
    let before = s.read(0x1B, 10 + 0x80 + 1);
    assert_ne!(s.read(0x1B, 10 + 0x80 + 2), before);
}

/// The state the `wb_testsuite` programs start from: noise register all ones, frequency
/// zero, test bit and noise set; then `old` with the test bit, `new` without it, and one
/// more shift with noise alone. Returns OSC3 after that shift.
fn writeback_after(old: u8, new: u8) -> u8 {
    let mut s = voice3(0, 0, 0x88);
    let mut t = 10 + 0x9000; // the test bit held: the register charges back to ones
    assert_eq!(s.read(0x1B, t), 0xFF);
    for v in [old | 0x08, new, 0x88, 0x80] {
        t += 6;
        s.write(0x12, v, t);
    }
    s.read(0x1B, t + 6)
}

/// `wb_testsuite` (8580 columns): releasing the test bit from a selection with sawtooth
/// into one with sawtooth or triangle keeps the lines the sawtooth pulled low in the shift
/// register (A to 9, A to D, E to 9 read $6C after the next shift, as with A to A); a
/// 6581 keeps them only where the same waveform is in both selections ($FE).
#[test]
fn eight580_writeback_keeps_sawtooth_pulls_into_triangle() {
    assert_eq!(writeback_after(0xA0, 0xA0), 0x6C);
    assert_eq!(writeback_after(0xA0, 0x90), 0x6C);
    assert_eq!(writeback_after(0xA0, 0xD0), 0x6C);
    assert_eq!(writeback_after(0xE0, 0x90), 0x6C);
    assert_eq!(writeback_after(0x90, 0xA0), 0xFE, "not the other way round");
}

/// `wb_testsuite` (8580 columns): from pulse + noise, releasing into all four waveforms
/// gives $6C (all lines pulled), into triangle + noise or sawtooth + pulse + noise $FC
/// (the lowest two noise lines only), into the others $FE as on the 6581.
#[test]
fn eight580_writeback_from_pulse() {
    assert_eq!(writeback_after(0xC0, 0xF0), 0x6C);
    assert_eq!(writeback_after(0xC0, 0x90), 0xFC);
    assert_eq!(writeback_after(0xC0, 0xE0), 0xFC);
    assert_eq!(writeback_after(0xC0, 0xA0), 0xFE);
    assert_eq!(writeback_after(0xC0, 0xD0), 0xFE);
}

/// `noiselfsrinit` (measured on ten 8580s): seven times test bit with all waveforms and
/// noise ($F8) then noise alone, then seventeen times $88 / $80, leaves a register that
/// reads $3F, then $7F, $FF, $FE, $FC as the oscillator clocks it, whatever it held before.
/// Setting the test bit with noise combined writes the selector's lows (all of them: the
/// accumulator is zero) into the register; the shift then latches them.
#[test]
fn eight580_test_bit_rising_with_combined_noise_writes_back() {
    for start in [0x20u8, 0x80] {
        let mut s = voice3(0, 0, start);
        let mut t = 20;
        for v in [[0xF8u8, 0x80]; 7].iter().chain(&[[0x88, 0x80]; 17]) {
            for &c in v {
                t += 6;
                s.write(0x12, c, t);
            }
        }
        assert_eq!(s.read(0x1B, t + 6), 0x3F, "from ${start:02X}");
    }
}

/// `noise_writeback_test2` (8580 reference): from an all-ones register, releasing the test
/// bit into noise + triangle at frequency zero reads $00 (written back); then at frequency
/// $FFFF, ten cycles after the write, the shift has completed and OSC3 reads $12 (a 6581
/// reads $14): the noise of this cycle ANDed with the triangle of the cycle before.
#[test]
fn eight580_combined_noise_takes_the_late_triangle() {
    let mut s = voice3(0, 0, 0x08);
    let t = 10 + 0x9000;
    s.write(0x12, 0x90, t);
    assert_eq!(s.read(0x1B, t + 4), 0x00);
    s.write(0x0E, 0xFF, t + 8);
    s.write(0x0F, 0xFF, t + 12);
    assert_eq!(s.read(0x1B, t + 22), 0x12);
}
