//! What the MOS 8580 does differently from the 6581 in its waveform generator.
//!
//! Facts used (the test bench's SID notes and reference data, sampled from real 8580s):
//! - the sawtooth and triangle show the accumulator of the cycle before (`detect` check 2
//!   reads 2 where a 6581 reads 3; `oscsample` misses three samples, not four), while
//!   pulse and noise come as on the 6581 (`waveforms` $40 and $80 8580 references); noise
//!   combined with triangle takes this cycle's noise and the late triangle
//!   (`noise_writeback_test2`: $12 where a 6581 reads $14);
//! - the accumulator's top bit passes a flip-flop before the sawtooth switch, so combined
//!   waveforms do not pull it low (`osc_topbit` notes);
//! - triangle + sawtooth reaches the top output bit (`detect` check 1), and the combined
//!   waveforms of the `oscsample` 8580 reference tables keep more bits near the top of
//!   their ramps than the 6581's do;
//! - setting the test bit with noise combined writes the selector's lows into the noise
//!   register (`noiselfsrinit`: seven $F8 / $80 rounds clear it on every 8580 measured,
//!   then seventeen test-bit shifts give $3F, $7F, $FF, $FE, $FC as the oscillator runs).
//!   Setting other waveforms while the test bit stays set does not (`wb_testsuite`: F to 8
//!   keeps an all-ones register).

/// The 8580's combination of triangle, sawtooth and pulse (`which`: bit 0 triangle, bit 1
/// sawtooth, bit 2 pulse; unselected inputs are all ones). The same picture as the 6581's
/// ([`super::voice::combine_6581`]): a bit stays high only if every selected waveform has it
/// high and enough of the bits around it are high too. The parameters differ: neighbours
/// weigh 6, 4 and 2 against the bit's own 8 (doubled towards higher bits) and the weighted
/// mean must reach 90 %. They were chosen by counting mismatches against the combined
/// waveforms ($30, $50, $60, $70) of the `oscsample` 8580 reference tables, over a small
/// grid of weights and thresholds.
pub(super) fn combine_8580(which: u8, t: u16, s: u16, p: u16) -> u16 {
    super::selector::combine(which, t, s, p, [8, 6, 4, 2], 90)
}

/// Which noise lines (waveform bits 11-4) the 8580 keeps low in the shift register's latch
/// when a held test bit is released from selection `old` into `new` (waveform nibbles,
/// both with noise), where it differs from the 6581; `None` where it does not. `low`: the
/// lines the old selection pulled low. A sawtooth in the old selection keeps its lows into
/// any new selection with sawtooth or triangle (the 6581 only where a waveform is in both).
/// From pulse + noise (whose output is all ones then), the new selection's own lows
/// are kept: all of them into all four waveforms, only the lowest two noise lines into triangle
/// or sawtooth + pulse. Fit to the 8580 columns of the test bench's `wb_testsuite`
/// reference data.
pub(super) fn transfer_lines_8580(old: u8, new: u8, low: u16) -> Option<u16> {
    if old & 2 != 0 && new & 3 != 0 {
        return Some(low);
    }
    if old & 7 == 4 {
        return match new & 7 {
            7 => Some(0xFF0),
            1 | 6 => Some(0x030),
            _ => None,
        };
    }
    None
}
