//! The waveform selector of both SIDs: combined waveforms as the selected outputs wired
//! together, each chip with its own parameters ([`super::voice::combine_6581`],
//! [`super::mos8580`]).

/// The combination both chips' selectors make, with the chip's parameters: the weights of
/// a bit and its neighbours at distance 1, 2 and 3 (doubled towards higher bits), and the
/// share (in per cent) of the weighted mean a bit needs to stay high.
pub(super) fn combine(which: u8, t: u16, s: u16, p: u16, weights: [i32; 4], percent: i32) -> u16 {
    let and = t & s & p;
    if which.count_ones() < 2 {
        return and;
    }
    // Each input's bits as drive levels; a bit's level is the mean of the selected inputs.
    let n = which.count_ones() as i32;
    let mut level = [0i32; 12];
    for (k, l) in level.iter_mut().enumerate() {
        let mut hi = 0;
        if which & 1 != 0 {
            hi += ((t >> k) & 1) as i32;
        }
        if which & 2 != 0 {
            hi += ((s >> k) & 1) as i32;
        }
        if which & 4 != 0 {
            hi += ((p >> k) & 1) as i32;
        }
        *l = hi * 64 / n;
    }
    let mut out = 0u16;
    for k in 0..12i32 {
        if and & (1 << k) == 0 {
            continue;
        }
        // The bit and its neighbours, weighted by distance.
        let mut sum = 0;
        let mut wsum = 0;
        for d in -3i32..=3 {
            let j = k + d;
            if !(0..12).contains(&j) {
                continue;
            }
            let w = weights[d.unsigned_abs() as usize] * if d > 0 { 2 } else { 1 };
            sum += w * level[j as usize];
            wsum += w;
        }
        if sum * 100 >= wsum * 64 * percent {
            out |= 1 << k;
        }
    }
    out
}
