//! Drawing: the 8 pixels of each cycle from the graphics and border sequencers (VIC-II
//! article, 3.7.3 display modes, 3.9 the border).

use super::*;

/// The first pixel of a cycle drawn with the colour registers as the next cycle's CPU
/// access leaves them.
pub(super) const TAIL: u16 = 5;
/// The colour registers: $D020-$D02E.
const COLOUR_REGS: usize = 15;
/// A tail entry not in use.
pub(super) const NO_TAIL: u32 = u32::MAX;
/// `tail_cycle` while no tail waits.
pub(super) const NO_TAIL_CYCLE: u8 = u8::MAX;
/// The colours 0-15 as themselves, and the tags 16-31 that stand for the colour registers
/// while a tail is drawn.
const TAGS: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

impl Vic {
    /// X coordinate of the first pixel of a cycle (6569: cycle 1 starts at $194).
    #[inline]
    pub(super) fn cycle_x(&self, cycle: u8) -> u16 {
        self.t.cycle_x[cycle as usize]
    }

    /// The border compare positions (3.9): the top and bottom lines for 25 or 24 rows
    /// (RSEL), the left and right X for 40 or 38 columns (CSEL).
    #[inline]
    fn border_edges(&self) -> (u16, u16, u16, u16) {
        let (top, bottom) = if self.regs[0x11] & 0x08 != 0 {
            (51, 251)
        } else {
            (55, 247)
        };
        let (left, right) = if self.regs[0x16] & 0x08 != 0 {
            (24, 344)
        } else {
            (31, 335)
        };
        (top, bottom, left, right)
    }

    /// The vertical border flip-flop (3.9): set while the raster line is the bottom compare
    /// line, reset while it is the top one with DEN set, in any cycle (VICE test bench
    /// VICII/border/vborder2, photographed on a 6569). Looked at when the line or $D011
    /// changes; the main border follows it at the left compare.
    pub(super) fn vertical_compare(&mut self) {
        let (top, bottom, _, _) = self.border_edges();
        if self.raster == bottom {
            self.vertical_border = true;
        } else if self.raster == top && self.den() {
            self.vertical_border = false;
        }
    }

    /// Draw the pixels that wait, up to the current cycle (before a register write, and
    /// before the picture is looked at).
    pub(crate) fn flush_draw(&mut self) {
        self.draw_near();
        if self.render && self.drawn < self.cycle {
            self.flush_draw_to(self.cycle);
        }
    }

    /// Draw the cycle in which a sprite may colour or collide, if one waits, and what
    /// waits before it. Such a cycle is drawn after the CPU's access in it (which may
    /// move a sprite from its fifth pixel on) and before anything else looks at or moves
    /// the sprites: the next cycle, a collision register read, a register write.
    #[inline]
    pub(super) fn draw_near(&mut self) {
        if self.near == 0 {
            return;
        }
        let near = self.near;
        self.near = 0;
        if self.drawn + 1 < near {
            self.flush_draw_to(near - 1);
        }
        let cycle = self.cycle;
        self.cycle = near;
        self.draw_pixels(self.drawn_part as u16, 8);
        self.cycle = cycle;
        self.drawn = near;
        self.drawn_part = 0;
    }

    /// Draw the cycles after the last drawn one, up to `to`, as [`Vic::draw_pixels`] would
    /// have drawn them one at a time: nothing they depend on (registers, the line's
    /// fetched data) has changed since, and no sprite colours or collides in them.
    pub(super) fn flush_draw_to(&mut self, to: u8) {
        let from = self.drawn + 1;
        if from > to {
            return;
        }
        if self.slow_draw {
            let cycle = self.cycle;
            for c in from..=to {
                self.cycle = c;
                let lo = if c == from { self.drawn_part as u16 } else { 0 };
                self.draw_pixels(lo, 8);
            }
            self.cycle = cycle;
        } else {
            let p0 = (from as u16 - 1) * 8 + self.drawn_part as u16;
            self.draw_span(p0, to as u16 * 8);
        }
        self.drawn = to;
        self.drawn_part = 0;
    }

    /// A colour register written in the current cycle N shows from the sixth pixel of
    /// cycle N-1 on (3 pixels before N's first). The pixels before are drawn with the
    /// colours as they were; the cycle before, if a sprite had it drawn already, has its
    /// last three pixels settled after the write ([`Vic::settle_tail`]).
    pub(super) fn draw_before_colour_write(&mut self) {
        if !self.render || self.cycle < 2 {
            return;
        }
        let to = (self.cycle as u16 - 2) * 8 + TAIL;
        let at = self.drawn as u16 * 8 + self.drawn_part as u16;
        if at < to && !self.slow_draw {
            self.draw_span(at, to);
            self.drawn = (to / 8) as u8;
            self.drawn_part = (to % 8) as u8;
        }
    }

    /// A colour register write on the 8565: the first pixel that shows the new value
    /// shows light grey ($F). That pixel is the sixth of the previous cycle: drawn now
    /// with the register at $F, or, when a sprite had it drawn already (the tail), settled
    /// to $F if it came from this register.
    #[cold]
    pub(super) fn grey_dot(&mut self, reg: u8, value: u8) {
        let first = self.tail[0];
        let settling = self.tail_cycle != NO_TAIL_CYCLE && self.cycle == self.tail_cycle + 1;
        let at = self.drawn as u16 * 8 + self.drawn_part as u16;
        let to = (self.cycle as u16).saturating_sub(2) * 8 + TAIL;
        if self.render && !settling && !self.slow_draw && at == to && self.cycle >= 2 {
            self.regs[reg as usize] = 0x0F;
            self.draw_span(to, to + 1);
            self.drawn = ((to + 1) / 8) as u8;
            self.drawn_part = ((to + 1) % 8) as u8;
        }
        self.apply(reg, value);
        self.settle_tail();
        if settling && first.0 != NO_TAIL && first.1 == reg - 0x20 {
            self.frame[first.0 as usize] = 0x0F;
        }
    }

    /// The line positions `p0..p1` (pixel p is the (p % 8)th of cycle p / 8 + 1) where no
    /// sprite colours or collides, in one pass: the pixels in raster X order from cycle
    /// 1's ($194 on, wrapping at 504), with the border flip-flops
    /// switching at the left and right compare positions and the vertical one again in
    /// cycle 63 (3.9). The same result as calls of [`Vic::draw_pixels`], whole cells at a
    /// time.
    fn draw_span(&mut self, p0: u16, p1: u16) {
        let raster = self.raster;
        let (_, _, left, right) = self.border_edges();
        let visible = self.render && self.t.frame_row(raster).is_some();
        // Positions along the line: pixel p is the (p % 8)th of cycle p / 8 + 1.
        let along = |x: u16| (x + self.t.x_wrap - self.t.x_start) % self.t.x_wrap;
        // Events in line order: the left and right compares.
        let events = [(along(left), false), (along(right), true)];
        let mut p = p0;
        for (at, right) in events {
            if at < p0 || at >= p1 {
                continue;
            }
            if visible {
                self.paint_along(p, at, self.main_border);
            }
            p = at;
            if right {
                self.close_main_border();
            } else if !self.vertical_border {
                self.main_border = false;
            }
        }
        if visible {
            self.paint_along(p, p1, self.main_border);
        }
    }

    /// [`Vic::paint`] for the line positions `a..b` (0 = cycle 1's first pixel, X $194),
    /// the parts of them inside the frame.
    fn paint_along(&mut self, a: u16, b: u16, border: bool) {
        // Up to the wrap the X coordinates run on from cycle 1's (6569: 404-503, of them
        // 496-503 in the frame), then from 0 (0-375 in the frame).
        let (xs, w) = (self.t.x_start, self.t.x_wrap);
        let (lo, hi) = ((xs + a).max(w - 8), (xs + b.min(w - xs)));
        if lo < hi {
            self.paint(lo, hi, border);
        }
        let (lo, hi) = (
            a.max(w - xs) - (w - xs),
            b.saturating_sub(w - xs).min(FRAME_WIDTH as u16 - 8),
        );
        if lo < hi {
            self.paint(lo, hi, border);
        }
    }

    /// Frame pixels for raster X `from..to` (within 0-375 or 496-503) of this line: the
    /// border colour, or the graphics.
    fn paint(&mut self, from: u16, to: u16, border: bool) {
        if from >= to {
            return;
        }
        let row = self.t.frame_row(self.raster).unwrap_or(0) * FRAME_WIDTH;
        let col = |x: u16| {
            row + if x >= (self.t.x_wrap - 8) {
                x - (self.t.x_wrap - 8)
            } else {
                x + 8
            } as usize
        };
        let (a, b) = (col(from), col(to - 1) + 1);
        if border {
            self.frame[a..b].fill(self.regs[0x20]);
            return;
        }
        if self.seq_blank {
            // A line that starts with the vertical border flip-flop set: the sequencer
            // takes no data (3.9), so an opened side border shows the same colour
            // throughout (VICE test bench VICII/border/hvborder2; the flip-flop set later in
            // the line leaves its graphics alone, vborder2-36; both photographed on 6569s).
            let c = self.outside_pixel(from, self.xscroll(), self.mode());
            self.frame[a..b].fill(c);
            return;
        }
        // The sequencer's colour outside the 40 cells, then the cells that overlap the span.
        let xscroll = self.xscroll();
        let start = 24 + xscroll;
        let mode = self.mode();
        let outside = self.outside_pixel(from, xscroll, mode);
        self.frame[a..b].fill(outside);
        // The cells from the one holding `from` (or the first) to the one before `to`.
        let first = from.saturating_sub(start) / 8;
        let end = to.saturating_sub(start).div_ceil(8).min(40);
        for k in first..end {
            let x = start + 8 * k;
            if x + 8 <= from || x >= to {
                continue;
            }
            let px = self.cell_word(k as usize, mode).to_le_bytes();
            if x >= from && x + 8 <= to {
                let dst = col(x);
                self.frame[dst..dst + 8].copy_from_slice(&px);
                continue;
            }
            let (lo, hi) = (x.max(from), (x + 8).min(to));
            let dst = col(lo);
            self.frame[dst..dst + (hi - lo) as usize]
                .copy_from_slice(&px[(lo - x) as usize..(hi - x) as usize]);
        }
        if end == 40 && from < (self.t.x_wrap - 8) {
            self.hold_last_cell();
            let right = start + 320;
            if to > right {
                let c = self.outside_pixel(right, xscroll, mode);
                self.frame[col(from.max(right))..b].fill(c);
            }
        }
        if let Some((gap_from, gap_to, _, _)) = self.xs_gap {
            for x in gap_from.max(from)..gap_to.min(to) {
                if let Some((c, _)) = self.gap_pixel(x, mode) {
                    self.frame[col(x)] = c;
                }
            }
        }
    }

    /// Draw pixels `lo..hi` of the current cycle's 8, border included. From the sixth
    /// pixel ([`TAIL`]) on, the colour registers are those after the next cycle's CPU
    /// access: those pixels show the colours as they are, and which register each came
    /// from is kept for [`Vic::settle_tail`].
    pub(super) fn draw_pixels(&mut self, lo: u16, hi: u16) {
        if hi <= TAIL {
            self.draw_pixels_now(lo, hi);
            return;
        }
        self.tail_cycle = NO_TAIL_CYCLE;
        self.tail = [(NO_TAIL, 0); 3];
        // In one pass, each colour register reads as a tag (16 + its number): the pixels
        // before the tail take the colours now, those of the tail are kept as tags.
        let mut colours = [0u8; COLOUR_REGS];
        colours.copy_from_slice(&self.regs[0x20..0x20 + COLOUR_REGS]);
        self.regs[0x20..0x20 + COLOUR_REGS].copy_from_slice(&TAGS[16..16 + COLOUR_REGS]);
        self.draw_pixels_now(lo, hi);
        self.regs[0x20..0x20 + COLOUR_REGS].copy_from_slice(&colours);
        // Each pixel's colour: itself, or its register's.
        let mut resolve = TAGS;
        resolve[16..16 + COLOUR_REGS].copy_from_slice(&colours);
        let raster = self.raster;
        let Some(row) = self.t.frame_row(raster) else {
            return;
        };
        let row = row * FRAME_WIDTH;
        // Frame column of the cycle's first pixel: raster X + 8, wrapping at 504.
        let col0 = (self.cycle_x(self.cycle) as usize + 8) % self.t.x_wrap as usize;
        let (lo, hi) = (lo as usize, hi as usize);
        if col0 + hi <= FRAME_WIDTH {
            // The usual case: the pixels side by side in one row of the frame.
            let at0 = row + col0;
            let t = TAIL as usize;
            for px in lo.max(t)..hi {
                let v = self.frame[at0 + px];
                if v >= 16 {
                    self.tail[px - t] = ((at0 + px) as u32, v - 16);
                    self.tail_cycle = self.cycle;
                }
            }
            for v in &mut self.frame[at0 + lo..at0 + hi] {
                *v = resolve[*v as usize & 31];
            }
            return;
        }
        for px in lo..hi {
            let col = (col0 + px) % self.t.x_wrap as usize;
            if col >= FRAME_WIDTH {
                continue;
            }
            let at = row + col;
            let v = self.frame[at];
            if v >= 16 {
                let reg = v - 16;
                self.frame[at] = colours[reg as usize];
                if px >= TAIL as usize {
                    self.tail[px - TAIL as usize] = (at as u32, reg);
                    self.tail_cycle = self.cycle;
                }
            }
        }
    }

    /// A colour register written by the CPU's access in the cycle after the last drawn
    /// tail's (`tail_cycle` + 1): the tail's pixels take the colours of the registers they
    /// came from as they are now. Any later access comes too late for them, as does the
    /// first one of the next line.
    pub(super) fn settle_tail(&mut self) {
        if self.tail_cycle == NO_TAIL_CYCLE || self.cycle != self.tail_cycle + 1 {
            return;
        }
        self.tail_cycle = NO_TAIL_CYCLE;
        for t in self.tail {
            if t.0 != NO_TAIL {
                self.frame[t.0 as usize] = self.regs[0x20 + t.1 as usize];
            }
        }
    }

    /// Draw pixels `lo..hi` of the current cycle's 8 with the registers as they are.
    fn draw_pixels_now(&mut self, lo: u16, hi: u16) {
        self.draw_pixels_with(lo, hi);
        // Where the last cell starts (X 336-343, in cycle 55 or 56), the sequencer takes
        // its c-data.
        let x39 = 24 + 312 + self.xscroll();
        if matches!(self.cycle, 55 | 56)
            && ((x39 + self.t.x_wrap - self.cycle_x(self.cycle)) % self.t.x_wrap).wrapping_sub(lo)
                < hi - lo
        {
            self.hold_last_cell();
        }
    }

    fn draw_pixels_with(&mut self, lo: u16, hi: u16) {
        let raster = self.raster;
        let whole = lo == 0 && hi == 8;
        let (_, _, left, right) = self.border_edges();
        let visible_line = self.t.frame_row(raster).is_some();
        let x0 = self.cycle_x(self.cycle);
        // Does a border compare position fall within this cycle's 8 pixels?
        let in_span = |c: u16| (c + self.t.x_wrap - x0) % self.t.x_wrap < 8;
        let compare_here = in_span(left) || in_span(right);
        let candidates = self.spr.display | self.spr.running | self.spr.holding;
        let near = if candidates == 0 {
            0
        } else if self.slow_draw {
            // Every sequencer steps: the fast path's choice of sprites must not matter.
            candidates
        } else {
            self.sprites_within(x0)
        };
        let sprites = near != 0;
        // Sprites run and collide on every line, the vertical blank included.
        if !visible_line && !compare_here && !sprites {
            return;
        }
        let row = self.t.frame_row(raster).unwrap_or(0) * FRAME_WIDTH;
        let border_color = self.regs[0x20];
        let xscroll = self.xscroll();
        let mode = self.mode();
        // Most cycles: no border change, and the 8 pixels land in 8 adjacent frame columns.
        let first_col = if x0 >= (self.t.x_wrap - 8) {
            x0 - (self.t.x_wrap - 8)
        } else {
            x0 + 8
        };
        if visible_line
            && !compare_here
            && !sprites
            && (x0 >= (self.t.x_wrap - 8) || x0 + 16 <= FRAME_WIDTH as u16)
            && !self.slow_draw
            && whole
            && self.xs_gap.is_none()
        {
            let start = row + first_col as usize;
            if self.main_border {
                self.frame[start..start + 8].fill(border_color);
            } else {
                let mut out = [0u8; 8];
                let rel0 = x0 as i32 - 24 - xscroll as i32;
                if self.seq_blank {
                    out = [self.outside_pixel(x0, xscroll, mode); 8];
                } else if x0 < (self.t.x_wrap - 8) && rel0 >= 0 && rel0 + 8 <= 320 {
                    // The whole span inside the 40 columns: at most two cells.
                    let k = (rel0 >> 3) as usize;
                    let shift = (rel0 & 7) as usize;
                    let a = self.cell_pixels(k, mode);
                    let b = if shift > 0 {
                        self.cell_pixels(k + 1, mode)
                    } else {
                        a
                    };
                    for (px, o) in out.iter_mut().enumerate() {
                        let i = px + shift;
                        *o = if i < 8 { a[i] } else { b[i - 8] };
                    }
                } else {
                    for (px, o) in out.iter_mut().enumerate() {
                        let x = x0 + px as u16;
                        *o = self.pixel(
                            if x >= self.t.x_wrap {
                                x - self.t.x_wrap
                            } else {
                                x
                            },
                            xscroll,
                            mode,
                        );
                    }
                }
                self.frame[start..start + 8].copy_from_slice(&out);
            }
            return;
        }
        // The graphics under the sprites, and which pixels are foreground.
        let (gfx, gfx_fg) = if sprites && !self.slow_draw {
            self.gfx_span(x0, xscroll, mode)
        } else if sprites {
            let mut out = [0; 8];
            let mut fg = 0;
            for (px, o) in out.iter_mut().enumerate() {
                let (c, f) = self.pixel_fg((x0 + px as u16) % self.t.x_wrap, xscroll, mode);
                *o = c;
                fg |= u8::from(f) << (7 - px);
            }
            (out, fg)
        } else {
            ([0; 8], 0)
        };
        let spans = if sprites {
            self.sprite_spans(near, x0, lo, hi)
        } else {
            [(0, [0; 8]); 8]
        };
        // Per pixel, the sprites that colour it.
        let mut hits = [0u8; 8];
        let mut each = near;
        while each != 0 {
            let n = each.trailing_zeros() as usize;
            each &= each - 1;
            let mut mask = spans[n].0;
            while mask != 0 {
                let px = mask.leading_zeros() as usize;
                mask &= !(0x80 >> px);
                hits[px] |= 1 << n;
            }
        }
        for px in lo..hi {
            let mut x = x0 + px;
            if x >= self.t.x_wrap {
                x -= self.t.x_wrap;
            }
            if compare_here {
                if x == right {
                    self.close_main_border();
                }
                if x == left && !self.vertical_border {
                    self.main_border = false;
                }
            }
            // Sprites collide wherever they are, border or not.
            let under = if sprites {
                let fg = gfx_fg & (0x80 >> px) != 0;
                Some(self.sprites_over(&spans, hits[px as usize], px, gfx[px as usize], fg))
            } else {
                None
            };
            if !visible_line {
                continue;
            }
            // Frame column: X 496..503 are columns 0..7, X 0.. are columns 8..
            let col = if x >= (self.t.x_wrap - 8) {
                x - (self.t.x_wrap - 8)
            } else {
                x + 8
            };
            if col as usize >= FRAME_WIDTH {
                continue;
            }
            let color = if self.main_border {
                border_color
            } else {
                under.unwrap_or_else(|| self.pixel(x, xscroll, mode))
            };
            self.frame[row + col as usize] = color;
        }
    }
}
