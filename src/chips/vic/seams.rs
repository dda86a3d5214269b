//! Display mode changes within a line (VICE test bench VICII/videomode, photographed on a
//! 6569): the pixels of the cell a multicolour switch falls in, and the g-access right
//! after a bitmap mode switch.

use super::*;

impl Vic {
    /// MCM changed in this cycle's write, whose 8 pixels are drawn in the new mode. The
    /// rest of the cell shown at the write's first pixel keeps the sequencer's old way of
    /// shifting for a while:
    /// - switched on: the first two pixels show their own bit as the pair's high bit, the
    ///   pixels after them the high bit of their pair, each with a low bit of 0, until the
    ///   next cell;
    /// - switched off: the first two pixels show the high bit of their pair.
    pub(super) fn mcm_seam(&mut self, set: bool) {
        let raster = self.raster;
        if self.main_border
            || self.seq_blank
            || raster < T.first_visible_line
            || raster >= T.first_visible_line + FRAME_HEIGHT as u16
            || (self.spr.display | self.spr.running | self.spr.holding) != 0
        {
            return;
        }
        let x0 = draw::cycle_x(self.cycle);
        let xscroll = self.xscroll();
        let Some((k, first)) = Self::cell_at(x0, xscroll) else {
            return;
        };
        let mode = self.mode();
        let old = mode ^ 1;
        // The cell in multicolour after the change (on) or before it (off).
        let multi = |m: u8| m & 1 != 0 && (m & 2 != 0 || self.gcol[k] & 8 != 0);
        if !multi(if set { mode } else { old }) {
            return;
        }
        let (g, c, col) = (self.gdata[k], self.gchar[k], self.gcol[k]);
        let row = (raster - T.first_visible_line) as usize * FRAME_WIDTH;
        let last = if set { 8 - first } else { 2.min(8 - first) };
        for px in 0..last.min(draw::TAIL as usize) {
            let p = first + px;
            let from = if set && px < 2 { p } else { p & !1 };
            let bit = g & (0x80 >> from) != 0;
            let pair = if bit { 0x80 >> (p & !1) } else { 0 };
            let colour = self.seq_word(pair, c, col, mode).to_le_bytes()[p];
            let col_at = (x0 as usize + 8 + px) % 504;
            if col_at < FRAME_WIDTH {
                self.frame[row + col_at] = colour;
            }
        }
    }

    /// The address of a display-state g-access in the cycle after a write that switched
    /// BMM: its low byte from the old mode's address, the rest from the new one's.
    #[inline]
    pub(super) fn seam_address(&self, new: u16, c: u8) -> u16 {
        let (bitmap, base, mask) = self.g_base_for(self.seam_d011);
        let old = self.g_address(bitmap, base, mask, c);
        (new & 0x3F00) | (old & 0x00FF)
    }
}
