//! The registers as the CPU reads and writes them (VIC-II article, 3.2 and 3.12: read-clear
//! collision registers, the interrupt latch, the raster compare on a write).

use super::*;

/// The first pixel of its cycle from which a write's change of a display mode bit shows
/// (VICE test bench VICII/videomode, photographed on a 6569): ECM and BMM set from the
/// first, cleared from the third; MCM from the first (with the seam of `seams.rs`). CSEL
/// counts from the fourth, in time for the 38-column compares at X 31 and 335 in that
/// pixel (VICII/border, border-bm-ysh and hvborder1).
fn mode_bit_pixel(bit: u8, set: bool) -> u16 {
    match (bit, set) {
        (0x10, _) => 0,
        (0x08, _) => 3,
        (_, true) => 0,
        (_, false) => 2,
    }
}

/// The first pixel of its cycle from which a write to $D01B-$D01D counts.
const SPRITE_MODE_PIXEL: u16 = 3;

impl Vic {
    /// Register read as the CPU sees it ($D000-$D3FF, mirrored every 64 bytes).
    pub fn read(&mut self, reg: u8) -> u8 {
        let reg = reg & 0x3F;
        let v = self.peek(reg);
        if self.spr.cpu_byte.is_some() {
            self.sprite_cpu_byte(v);
        }
        if reg == 0x1E || reg == 0x1F {
            // The cycle's pixels collide before the read.
            self.draw_near();
            // Collision registers clear on read.
            self.regs[reg as usize] = 0;
            self.collisions_read((reg - 0x1E) as usize);
        }
        v
    }

    /// The raster line $D011/$D012 show: line 0 reads as 311 for its first cycle.
    #[inline]
    fn reads_raster(&self) -> u16 {
        if self.raster == 0 && self.cycle == 1 {
            self.t.lines - 1
        } else {
            self.raster
        }
    }

    /// Register value without side effects.
    pub fn peek(&self, reg: u8) -> u8 {
        let reg = reg & 0x3F;
        match reg {
            0x11 => (self.regs[0x11] & 0x7F) | (((self.reads_raster() >> 8) as u8) << 7),
            0x12 => self.reads_raster() as u8,
            0x16 => self.regs[0x16] | 0xC0,
            0x18 => self.regs[0x18] | 0x01,
            0x19 => {
                let any = if self.irq() { 0x80 } else { 0 };
                self.irq_flags | 0x70 | any
            }
            0x1A => self.irq_mask | 0xF0,
            0x20..=0x2E => self.regs[reg as usize] | 0xF0,
            0x2F..=0x3F => 0xFF,
            _ => self.regs[reg as usize],
        }
    }

    pub fn write(&mut self, reg: u8, value: u8) {
        let reg = reg & 0x3F;
        if self.spr.cpu_byte.is_some() {
            self.sprite_cpu_byte(value);
        }
        if reg == 0x11 && (self.regs[0x11] ^ value) & 0x20 != 0 {
            // The next cycle's g-access mixes both modes' addresses (`seams.rs`).
            self.seam_cycle = self.cycle + 1;
            self.seam_d011 = self.regs[0x11];
        }
        let split = match reg {
            // A sprite's X comparator sees the new position from the fifth pixel of the
            // write's cycle on.
            0x00..=0x0F if reg & 1 == 0 => 4,
            0x10 => 4,
            // So do the border's comparators for RSEL and DEN ($D011); CSEL is earlier
            // (`mode_bit_pixel`).
            0x11 | 0x16 => 4,
            // Priority from the third, multicolour and X expansion from the fourth (VICE
            // test bench VICII/spritesplit, photographed on a 6569).
            0x1B => 2,
            0x1C | 0x1D => SPRITE_MODE_PIXEL,
            _ => 0,
        };
        if split != 0 && self.drawn < self.cycle && (self.render || self.sprites_drawing()) {
            // A cycle waiting to be drawn is this one.
            self.near = 0;
            if self.drawn + 1 < self.cycle {
                self.flush_draw_to(self.cycle - 1);
            }
            // The display mode bits change before the rest of the register.
            let mut at = 0;
            let changed = self.regs[reg as usize] ^ value;
            let modes: &[u8] = match reg {
                0x11 => &[0x40, 0x20],
                0x16 => &[0x10, 0x08],
                _ => &[],
            };
            if reg == 0x16 && changed & 0x10 != 0 {
                self.mcm_seam(value & 0x10 != 0, self.mode() ^ 1);
            }
            let mut stages = [(0u16, 0u8); 2];
            // ECM and BMM cleared together leave the invalid mode a pixel earlier than
            // either alone (VICE test bench VICII/vicii_timing, photographed on a 6569).
            let both_cleared = reg == 0x11 && changed & 0x60 == 0x60 && value & 0x60 == 0;
            for (stage, &bit) in stages.iter_mut().zip(modes) {
                if changed & bit != 0 {
                    let px = if both_cleared {
                        1
                    } else {
                        mode_bit_pixel(bit, value & bit != 0)
                    };
                    *stage = (px, bit);
                }
            }
            stages.sort_unstable();
            for (px, bit) in stages {
                if bit == 0 {
                    continue;
                }
                if px > at {
                    self.draw_pixels(at, px);
                    at = px;
                }
                self.regs[reg as usize] ^= bit;
            }
            self.draw_pixels(at, split);
            self.apply(reg, value);
            self.draw_pixels(split, 8);
            self.seam_px = None;
            self.drawn = self.cycle;
            self.drawn_part = 0;
            return;
        }
        if (0x20..=0x2E).contains(&reg) {
            // From 3 pixels before this cycle on (`draw.rs`); this cycle waits.
            self.draw_before_colour_write();
            if self.t.grey_dots {
                self.grey_dot(reg, value);
            } else {
                self.apply(reg, value);
                self.settle_tail();
            }
            return;
        }
        // Pixels up to this cycle are drawn with the registers as they were.
        self.flush_draw();
        self.apply(reg, value);
    }

    /// A register write's effects, once the pixels before it are drawn.
    pub(super) fn apply(&mut self, reg: u8, value: u8) {
        match reg {
            0x11 => {
                self.regs[0x11] = value;
                self.raster_compare = (self.raster_compare & 0xFF) | (((value >> 7) as u16) << 8);
                self.compare_after_write();
                // In cycle 63 the line's Bad Line Condition and vertical border compare
                // are behind it (fldscroll, vborder2): the next line's count. DEN set
                // then still counts for line $30 (dentest).
                if self.cycle != self.t.cycles_per_line {
                    self.update_bad_line();
                    self.vertical_compare();
                } else if self.raster == 0x30 && self.den() {
                    self.den_latch = true;
                }
            }
            0x12 => {
                self.raster_compare = (self.raster_compare & 0x100) | value as u16;
                self.compare_after_write();
            }
            0x19 => {
                // Writing 1 to a flag acknowledges it.
                self.irq_flags &= !value & 0x0F;
            }
            0x1A => self.irq_mask = value & 0x0F,
            0x17 => {
                let old = self.regs[0x17];
                self.regs[0x17] = value;
                self.sprite_yexp_written(old, value);
            }
            0x16 => {
                // Written after the sequencer loaded the last cell (at X 336 + XSCROLL),
                // XSCROLL leaves that cell where it is: its pixels end where they would have,
                // and no data follows (VICE test bench VICII/vicii_timing and
                // border-bm-idle, photographed on 6569s).
                let old = self.regs[0x16] & 7;
                let along = |x: u16| (x + self.t.x_wrap - self.t.x_start) % self.t.x_wrap;
                if self.held_xscroll.is_none()
                    && (value & 7) != old
                    && along(self.cycle_x(self.cycle) + 4) > along(336 + old as u16)
                {
                    self.held_xscroll = Some(old);
                } else if (value & 7) != old {
                    self.xscroll_gap(old as u16, (value & 7) as u16);
                }
                self.regs[0x16] = value;
            }
            0x20..=0x2E => self.regs[reg as usize] = value & 0x0F,
            0x13 | 0x14 | 0x1E | 0x1F | 0x2F..=0x3F => {}
            _ => self.regs[reg as usize] = value,
        }
    }

    /// A new compare value equal to the current line triggers the raster interrupt at once.
    /// In cycle 63 the compare has already looked at the line: the value counts from the
    /// next line's compare, and a match there continues this line's (VICII/rasterirq).
    pub(super) fn compare_after_write(&mut self) {
        if self.cycle == self.t.cycles_per_line {
            return;
        }
        let line = if self.raster == 0 && self.cycle == 1 {
            u16::MAX
        } else {
            self.raster
        };
        let m = line == self.raster_compare;
        if m && !self.raster_match {
            self.irq_flags |= 0x01;
        }
        self.raster_match = m;
    }
}
