//! The graphics sequencer (VIC-II article, 3.7.3 display modes): the 8 pixels of a
//! cell in each mode, and what it shows outside the 40 cells and in lines where it takes
//! no data (3.9).

use super::*;

/// A colour in each of a word's 8 bytes.
#[inline(always)]
fn spread(c: u8) -> u64 {
    c as u64 * 0x0101_0101_0101_0101
}

/// Per graphics byte: $FF in the bytes (first pixel lowest) of its set bits, MSB first.
static HIRES_MASK: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut g = 0;
    while g < 256 {
        let mut i = 0;
        while i < 8 {
            if g & (0x80 >> i) != 0 {
                t[g] |= 0xFF << (8 * i);
            }
            i += 1;
        }
        g += 1;
    }
    t
};

/// Per graphics byte in multicolour: for the bit pairs 01, 10 and 11, $FF in the bytes of
/// the two pixels each such pair covers.
static MULTI_MASK: [[u64; 3]; 256] = {
    let mut t = [[0u64; 3]; 256];
    let mut g = 0;
    while g < 256 {
        let mut i = 0;
        while i < 8 {
            let pair = (g >> (6 - (i & 6))) & 3;
            if pair != 0 {
                t[g][pair - 1] |= 0xFF << (8 * i);
            }
            i += 1;
        }
        g += 1;
    }
    t
};

impl Vic {
    /// The 8 pixels of cell `k` in `mode` (ECM, BMM, MCM as bits 2, 1, 0; 3.7.3): hires
    /// or multicolour text and bitmap, ECM's four backgrounds, and black for the invalid
    /// combinations.
    #[inline]
    pub(super) fn cell_pixels(&self, k: usize, mode: u8) -> [u8; 8] {
        self.cell_word(k, mode).to_le_bytes()
    }

    /// XSCROLL as the sequencer places this line's remaining cells ([`Vic::held_xscroll`]).
    #[inline(always)]
    pub(super) fn xscroll(&self) -> u16 {
        (self.held_xscroll.unwrap_or(self.regs[0x16]) & 7) as u16
    }

    /// XSCROLL changed from `old` to `new` by a write whose first pixel with the new value is
    /// the fifth of this cycle. The sequencer loads a cell where the new value says, and
    /// before that goes on shifting out the cell it last loaded, then shows no data. That
    /// differs from the new layout when XSCROLL grew (VICE test bench VICII/vicii_timing
    /// and border-bm-ysh2, photographed on 6569s).
    pub(super) fn xscroll_gap(&mut self, old: u16, new: u16) {
        let from = self.cycle_x(self.cycle) + 4;
        if !(24 + old + 1..=24 + old + 8 * 40).contains(&from) {
            return;
        }
        let m = (from - 1 - 24 - old) / 8;
        let load = 24 + old + 8 * m;
        let to = from + (24 + new + 8 * 64 - from) % 8;
        // The cell the new layout shows from the next load must be the next one.
        if to > from && (to - 24 - new) / 8 == m + 1 {
            self.xs_gap = Some((from, to, m as u8, load));
        }
    }

    /// Within an XSCROLL gap ([`Vic::xscroll_gap`]): the pixel at raster X `x` and whether
    /// it is foreground.
    #[inline]
    pub(super) fn gap_pixel(&self, x: u16, mode: u8) -> Option<(u8, bool)> {
        let (from, to, m, load) = self.xs_gap?;
        if x < from || x >= to || self.seq_blank {
            return None;
        }
        let k = m as usize;
        let pos = (x - load) as usize;
        Some(if pos < 8 {
            (
                self.cell_pixels(k, mode)[pos],
                self.cell_fg(k, mode) & (0x80 >> pos) != 0,
            )
        } else {
            (
                self.seq_word(0, self.gchar[k], self.gcol[k], mode) as u8,
                false,
            )
        })
    }

    /// The display mode: ECM, BMM, MCM as bits 2, 1, 0.
    #[inline(always)]
    pub(super) fn mode(&self) -> u8 {
        ((self.regs[0x11] >> 4) & 0x06) | ((self.regs[0x16] >> 4) & 0x01)
    }

    /// The c-data the sequencer shows cell `k` with: the cell's (none in idle state), or
    /// in a line where it takes no data, what it holds from before ([`Vic::seq_c`]).
    #[inline(always)]
    pub(super) fn cell_cdata(&self, k: usize) -> (u8, u8) {
        if self.seq_blank {
            self.seq_c
        } else {
            (self.gchar[k], self.gcol[k])
        }
    }

    /// The colour the sequencer shows outside the 40 cells at raster X `x`: no graphics
    /// data, with the c-data it holds: from before the line's cells on their left, that
    /// of the last cell after them (VICE test bench VICII/border, border-250,
    /// border-bm-idle and border-bm-ysh, photographed on 6569s).
    pub(super) fn outside_pixel(&self, x: u16, xscroll: u16, mode: u8) -> u8 {
        let (c, col) = if x < 24 + xscroll || x >= (self.t.x_wrap - 8) {
            self.seq_c
        } else {
            self.cell_cdata(39)
        };
        self.seq_word(0, c, col, mode) as u8
    }

    /// The right compare sets the main border flip-flop (3.9); the sequencer lets go of
    /// the c-data it held.
    #[inline]
    pub(super) fn close_main_border(&mut self) {
        self.main_border = true;
        self.seq_c = (0, 0);
    }

    /// Drawing has reached the last cell with the main border open: the sequencer holds
    /// its c-data from now on (none if it was fetched in idle state).
    #[inline]
    pub(super) fn hold_last_cell(&mut self) {
        if !self.main_border {
            self.seq_c = self.cell_cdata(39);
        }
    }

    /// [`Vic::cell_pixels`] as one word, the first pixel in the low byte.
    #[inline]
    pub(super) fn cell_word(&self, k: usize, mode: u8) -> u64 {
        self.seq_word(self.gdata[k], self.gchar[k], self.gcol[k], mode)
    }

    /// The sequencer's 8 pixels for graphics byte `g` with c-data `c` (video matrix) and
    /// `col` (colour) in `mode`.
    #[inline(always)]
    pub(super) fn seq_word(&self, g: u8, c: u8, col: u8, mode: u8) -> u64 {
        let bg0 = self.regs[0x21];
        let g = g as usize;
        let hires = |fg: u8, bg: u8| {
            let m = HIRES_MASK[g];
            (spread(fg) & m) | (spread(bg) & !m)
        };
        let multi = |c0: u8, c1: u8, c2: u8, c3: u8| {
            let [m1, m2, m3] = MULTI_MASK[g];
            spread(c0) ^ (spread(c0 ^ c1) & m1) ^ (spread(c0 ^ c2) & m2) ^ (spread(c0 ^ c3) & m3)
        };
        match mode {
            0 => hires(col, bg0),
            1 if col & 8 == 0 => hires(col & 7, bg0),
            1 => multi(bg0, self.regs[0x22], self.regs[0x23], col & 7),
            4 => hires(col, self.regs[0x21 + (c >> 6) as usize]),
            2 => hires(c >> 4, c & 0x0F),
            3 => multi(bg0, c >> 4, c & 0x0F, col),
            _ => 0,
        }
    }

    /// [`Vic::pixel_fg`] for the 8 pixels from raster X `x0` (wrapping at 504): their
    /// colours, and the foreground ones as a mask (bit 7 the first pixel).
    pub(super) fn gfx_span(&self, x0: u16, xscroll: u16, mode: u8) -> ([u8; 8], u8) {
        if self.seq_blank {
            return ([self.outside_pixel(x0, xscroll, mode); 8], 0);
        }
        let rel0 = x0 as i32 - 24 - xscroll as i32;
        if x0 < (self.t.x_wrap - 8)
            && rel0 >= 0
            && rel0 + 8 <= 320
            && self.xs_gap.is_none()
            && self.seam_px.is_none()
        {
            // Inside the 40 cells: the end of one cell and the start of the next.
            let (k, shift) = ((rel0 >> 3) as usize, (rel0 & 7) as u32);
            let (a, fa) = (self.cell_word(k, mode), self.cell_fg(k, mode));
            if shift == 0 {
                return (a.to_le_bytes(), fa);
            }
            let (b, fb) = (self.cell_word(k + 1, mode), self.cell_fg(k + 1, mode));
            let px = (a >> (8 * shift)) | (b << (64 - 8 * shift));
            let fg = ((((fa as u16) << 8) | fb as u16) << shift >> 8) as u8;
            return (px.to_le_bytes(), fg);
        }
        let mut out = [0; 8];
        let mut fg = 0u8;
        let mut cell = (usize::MAX, [0u8; 8], 0u8);
        for (px, o) in out.iter_mut().enumerate() {
            let mut x = x0 + px as u16;
            if x >= self.t.x_wrap {
                x -= self.t.x_wrap;
            }
            if let Some((c, f)) = self.seam_pixel(x).or_else(|| self.gap_pixel(x, mode)) {
                *o = c;
                fg |= u8::from(f) << (7 - px);
                continue;
            }
            let Some((k, bit)) = Self::cell_at(x, xscroll) else {
                *o = self.outside_pixel(x, xscroll, mode);
                continue;
            };
            if k != cell.0 {
                cell = (k, self.cell_pixels(k, mode), self.cell_fg(k, mode));
            }
            *o = cell.1[bit];
            if cell.2 & (0x80 >> bit) != 0 {
                fg |= 0x80 >> px;
            }
        }
        (out, fg)
    }

    /// Which of cell `k`'s 8 pixels are foreground (bit 7 the first): set bits in hires
    /// data, the 10 and 11 pairs in multicolour.
    pub(super) fn cell_fg(&self, k: usize, mode: u8) -> u8 {
        let g = self.gdata[k];
        let col = self.gcol[k];
        if mode & 1 != 0 && (mode & 2 != 0 || col & 8 != 0) {
            let hi = g & 0xAA;
            hi | (hi >> 1)
        } else {
            g
        }
    }

    /// Colour of a pixel inside the display window at X coordinate `x`.
    /// `mode` is ECM, BMM, MCM as bits 2, 1, 0.
    #[inline]
    pub(super) fn pixel(&self, x: u16, xscroll: u16, mode: u8) -> u8 {
        self.pixel_fg(x, xscroll, mode).0
    }

    /// [`Vic::pixel`] and whether the pixel is foreground graphics (a set bit in hires
    /// data, a 10 or 11 pair in multicolour), which sprites collide with and can be behind.
    #[inline]
    pub(super) fn pixel_fg(&self, x: u16, xscroll: u16, mode: u8) -> (u8, bool) {
        if self.seq_blank {
            return (self.outside_pixel(x, xscroll, mode), false);
        }
        if let Some(p) = self.seam_pixel(x).or_else(|| self.gap_pixel(x, mode)) {
            return p;
        }
        match Self::cell_at(x, xscroll) {
            Some((k, bit)) => (
                self.cell_pixels(k, mode)[bit],
                self.cell_fg(k, mode) & (0x80 >> bit) != 0,
            ),
            None => (self.outside_pixel(x, xscroll, mode), false),
        }
    }

    /// The cell (0-39) and pixel within it (0-7) at raster X `x` (0..504), if `x` is
    /// inside the 40 cells as XSCROLL places them.
    #[inline]
    pub(super) fn cell_at(x: u16, xscroll: u16) -> Option<(usize, usize)> {
        let rel = x.checked_sub(24 + xscroll)?;
        let k = (rel / 8) as usize;
        (k < 40).then_some((k, (rel % 8) as usize))
    }
}
