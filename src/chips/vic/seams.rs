//! Display mode changes within a line (VICE test bench VICII/videomode and
//! VICII/vicii_timing, photographed on 6569s): the pixels of the cell a multicolour switch
//! falls in, and the g-access right after a bitmap mode switch.

use super::*;

impl Vic {
    /// MCM changes with this cycle's write, whose 8 pixels show the new `mode`. The rest of
    /// the cell shown at the write's first pixel keeps the sequencer's old way of shifting
    /// for a while ([`Vic::seam_px`], taken while the cycle is drawn):
    /// - switched on: the first two pixels show their own bit as a pair's high bit; after
    ///   them, pairs of pixels counted from the write: the first shows its first pixel's
    ///   bit with a low bit of 0, the later ones their two bits; until the next cell;
    /// - switched off: the first two pixels show the high bit of their pair.
    pub(super) fn mcm_seam(&mut self, set: bool, mode: u8) {
        let x0 = self.cycle_x(self.cycle);
        let Some((k, first)) = Self::cell_at(x0, self.xscroll()) else {
            return;
        };
        let old = mode ^ 1;
        // The cell in multicolour after the change (on) or before it (off).
        let multi = |m: u8| m & 1 != 0 && (m & 2 != 0 || self.gcol[k] & 8 != 0);
        if !multi(if set { mode } else { old }) {
            return;
        }
        let (g, c, col) = (self.gdata[k], self.gchar[k], self.gcol[k]);
        let last = if set { 8 - first } else { 2.min(8 - first) };
        let mut colours = [0u8; 8];
        let mut fg = 0u8;
        let bit = |at: usize| at < 8 && g & (0x80 >> at) != 0;
        for (px, colour) in colours.iter_mut().enumerate().take(last) {
            let p = first + px;
            // The pair the new mode reads at `p`: switched on, the pixel's own bit for the
            // first two pixels, then pairs of pixels counted from the write, the first pair
            // with a low bit of 0, the later ones with the next bit; switched off, the
            // cell's pair (the hires pixel reads its high bit).
            let (hi, lo) = match (set, px) {
                (true, 0 | 1) => (bit(p), false),
                (true, 2 | 3) => (bit(first + 2), false),
                (true, _) => (bit(first + (px & !1)), bit(first + (px & !1) + 1)),
                (false, _) => (bit(p & !1), false),
            };
            // Placed where the new mode reads it: the cell's pair, or the pixel's own bit.
            let pair = if set {
                ((u8::from(hi) << 1) | u8::from(lo)) << (6 - (p & !1))
            } else {
                u8::from(hi) << (7 - p)
            };
            *colour = self.seq_word(pair, c, col, mode).to_le_bytes()[p];
            fg |= u8::from(hi) << (7 - px);
        }
        self.seam_px = Some((x0, last as u8, colours, fg));
    }

    /// The pixel at raster X `x` and whether it is foreground, where [`Vic::mcm_seam`]
    /// decides it.
    #[inline]
    pub(super) fn seam_pixel(&self, x: u16) -> Option<(u8, bool)> {
        let (x0, n, colours, fg) = self.seam_px?;
        let px = x.wrapping_sub(x0) as usize;
        (px < n as usize).then(|| (colours[px], fg & (0x80 >> px) != 0))
    }

    /// A display-state g-access in the cycle after a write that switched BMM, whose
    /// address in the new mode is `new`. The switch reaches the address lines during the
    /// access: the RAM has latched its row (the low byte) from the old mode's address, and
    /// its column (the rest) from the new one's if BMM was set, from the old one's if it
    /// was cleared, the slower edge (as on the screen: BMM shows set from the write's
    /// first pixel, cleared from its third). The character ROM, selected by the new
    /// address, sees its high bits with the latched low byte (VICE test bench
    /// VICII/videomode, character ROM, and VICII/vicii_timing, RAM, both photographed on
    /// 6569s).
    #[inline]
    pub(super) fn seam_read(&self, mem: &VicMemory, new: u16, c: u8) -> u8 {
        let (old_bitmap, old_base, old_mask) = self.g_base_for(self.seam_d011);
        let old = self.g_address(old_bitmap, old_base, old_mask, c);
        if old_bitmap && !mem.is_rom(new) {
            mem.ram[(mem.bank | (old & 0x3FFF)) as usize]
        } else {
            mem.read((new & 0x3F00) | (old & 0x00FF))
        }
    }
}
