//! Drawing: the 8 pixels of each cycle from the graphics and border sequencers (VIC-II
//! article, 3.7.3 display modes, 3.9 the border).

use super::*;

impl Vic {
    /// X coordinate of the first pixel of the current cycle (6569: cycle 1 starts at $194).
    #[inline]
    pub(super) fn cycle_x(cycle: u8) -> u16 {
        (0x194 + (cycle as u16 - 1) * 8) % 504
    }

    /// Draw the 8 pixels of the current cycle, border included.
    pub(super) fn draw_cycle(&mut self) {
        let raster = self.raster;
        // Vertical border: decided in cycle 63 for the next line (and at the left edge).
        let (top, bottom) = if self.regs[0x11] & 0x08 != 0 {
            (51, 251)
        } else {
            (55, 247)
        };
        let (left, right) = if self.regs[0x16] & 0x08 != 0 {
            (24u16, 344u16)
        } else {
            (31, 335)
        };
        if self.cycle == 63 {
            if raster == bottom {
                self.vertical_border = true;
            } else if raster == top && self.den() {
                self.vertical_border = false;
            }
        }
        let visible_line =
            raster >= FIRST_VISIBLE_LINE && raster < FIRST_VISIBLE_LINE + FRAME_HEIGHT as u16;
        let x0 = Self::cycle_x(self.cycle);
        // Does a border compare position fall within this cycle's 8 pixels?
        let in_span = |c: u16| (c + 504 - x0) % 504 < 8;
        let compare_here = in_span(left) || in_span(right);
        if !visible_line && !compare_here {
            return;
        }
        let row = (raster.wrapping_sub(FIRST_VISIBLE_LINE)) as usize * FRAME_WIDTH;
        let border_color = self.regs[0x20] & 0x0F;
        let xscroll = (self.regs[0x16] & 7) as u16;
        let mode = ((self.regs[0x11] >> 4) & 0x06) | ((self.regs[0x16] >> 4) & 0x01);
        // Most cycles: no border change, and the 8 pixels land in 8 adjacent frame columns.
        let first_col = if x0 >= 496 { x0 - 496 } else { x0 + 8 };
        let sprites = self.spr.shown != 0;
        if visible_line
            && !compare_here
            && !sprites
            && (x0 >= 496 || x0 + 16 <= FRAME_WIDTH as u16)
            && !self.slow_draw
        {
            let start = row + first_col as usize;
            if self.main_border {
                self.frame[start..start + 8].fill(border_color);
            } else {
                let mut out = [0u8; 8];
                let rel0 = x0 as i32 - 24 - xscroll as i32;
                if mode == 0 && x0 < 496 && rel0 >= 0 && rel0 + 8 <= 320 {
                    // Standard text, whole span inside the 40 columns: at most two cells.
                    let bg = self.regs[0x21] & 0x0F;
                    let k = (rel0 >> 3) as usize;
                    let shift = (rel0 & 7) as u32;
                    let cell = |i: usize| -> (u8, u8) {
                        if i < 40 && self.gdisplay[i] {
                            (self.gdata[i], self.colors[i])
                        } else {
                            (if i < 40 { self.gdata[i] } else { 0 }, 0)
                        }
                    };
                    let (g0, c0) = cell(k);
                    let (g1, c1) = cell(k + 1);
                    let bits = (((g0 as u16) << 8) | g1 as u16) << shift;
                    for (px, o) in out.iter_mut().enumerate() {
                        let on = bits & (0x8000 >> px) != 0;
                        let fg = if (px as u32) + shift < 8 { c0 } else { c1 };
                        *o = if on { fg } else { bg };
                    }
                } else {
                    for (px, o) in out.iter_mut().enumerate() {
                        let x = x0 + px as u16;
                        *o = self.pixel(if x >= 504 { x - 504 } else { x }, xscroll, mode);
                    }
                }
                self.frame[start..start + 8].copy_from_slice(&out);
            }
            return;
        }
        for px in 0..8u16 {
            let mut x = x0 + px;
            if x >= 504 {
                x -= 504;
            }
            if compare_here {
                if x == right {
                    self.main_border = true;
                }
                if x == left {
                    if raster == bottom {
                        self.vertical_border = true;
                    } else if raster == top && self.den() {
                        self.vertical_border = false;
                    }
                    if !self.vertical_border {
                        self.main_border = false;
                    }
                }
            }
            // Sprites collide wherever they are, border or not.
            let under = if sprites {
                let (g, fg) = self.pixel_fg(x, xscroll, mode);
                Some(self.sprites_over(x, g, fg))
            } else {
                None
            };
            if !visible_line {
                continue;
            }
            // Frame column: X 496..503 are columns 0..7, X 0.. are columns 8..
            let col = if x >= 496 { x - 496 } else { x + 8 };
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
        let bg0 = self.regs[0x21] & 0x0F;
        if x < 24 + xscroll {
            return (bg0, false);
        }
        let rel = x - 24 - xscroll;
        let k = (rel / 8) as usize;
        if k >= 40 {
            return (bg0, false);
        }
        let bit = (rel % 8) as u8;
        let (ecm, bmm, mcm) = (mode & 4 != 0, mode & 2 != 0, mode & 1 != 0);
        let g = self.gdata[k];
        let (c, col) = if self.gdisplay[k] {
            (self.matrix[k], self.colors[k])
        } else {
            (0, 0)
        };
        let hires = |g: u8| (g >> (7 - bit)) & 1;
        let multi = |g: u8| (g >> (6 - (bit & 6))) & 3;
        let fg = if mcm && (bmm || col & 8 != 0) {
            multi(g) >= 2
        } else {
            hires(g) != 0
        };
        let color = match (ecm, bmm, mcm) {
            (false, false, false) => {
                if hires(g) != 0 {
                    col
                } else {
                    bg0
                }
            }
            (false, false, true) => {
                if col & 8 == 0 {
                    if hires(g) != 0 { col & 7 } else { bg0 }
                } else {
                    match multi(g) {
                        0 => bg0,
                        1 => self.regs[0x22] & 0x0F,
                        2 => self.regs[0x23] & 0x0F,
                        _ => col & 7,
                    }
                }
            }
            (true, false, false) => {
                if hires(g) != 0 {
                    col
                } else {
                    self.regs[0x21 + (c >> 6) as usize] & 0x0F
                }
            }
            (false, true, false) => {
                if hires(g) != 0 {
                    c >> 4
                } else {
                    c & 0x0F
                }
            }
            (false, true, true) => match multi(g) {
                0 => bg0,
                1 => c >> 4,
                2 => c & 0x0F,
                _ => col,
            },
            // ECM together with BMM or MCM: the sequencer outputs black.
            _ => 0,
        };
        (color, fg)
    }
}
