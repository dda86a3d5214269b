//! Quiet cycles: the cycles of a line in which only counters move, which a machine may
//! apply in one step instead of ticking through them.

use super::*;

impl Vic {
    /// How many following cycles are quiet: no event of the line (its start, the raster
    /// compare of line 0, BA falling or rising on a bad line, cycles 14 and 58) and no
    /// sprite work. Without the picture only counters move in them, so a machine may skip
    /// them and apply them later with [`Vic::skip_quiet`]; with it, their fetches are made
    /// later by [`Vic::run_quiet`], in the same memory, and their pixels wait.
    #[inline]
    pub fn quiet_cycles(&self) -> u8 {
        // A cycle waiting to be drawn may start a sprite.
        if self.slow_draw || self.near != 0 || self.vsp_cycle > self.cycle {
            return 0;
        }
        let c = self.cycle;
        let mut limit = self.t.cycles_per_line + 1;
        if self.sprites_busy() {
            if self.spr.dma == 0 && !self.sprites_drawing() {
                // Sprites enabled but idle: the Y compare and the flip-flops need full
                // ticks in cycles 55 and 56; the accesses without DMA (idle loads) are
                // made in the skip.
                if c == 54 || c == 55 {
                    return 0;
                }
                if c < 54 {
                    limit = 55;
                }
            } else {
                // The sprites' accesses take cycles 55-63 and 1-10 (BA rises after a
                // cycle that held it low), and with DMA on, MCBASE moves in 15 and 16.
                if !(10..54).contains(&c) || self.spr.dma & self.t.sprite_ba[c as usize] != 0 {
                    return 0;
                }
                if self.spr.dma != 0 && c < 16 {
                    limit = if c < 15 { 15 } else { 16 };
                }
                if self.sprites_drawing() {
                    // With the picture on, a line with sprites displayed is quiet up to
                    // the cycle in which one of them may start; sprites shifting, holding
                    // or colliding are drawn cycle by cycle.
                    if !self.render
                        || self.spr.running | self.spr.holding != 0
                        || self.collisions_pending()
                    {
                        return 0;
                    }
                    limit = limit.min(self.next_sprite_start(c));
                }
                limit = limit.min(55);
            }
        }
        let next = if c < 2 && self.raster == 0 {
            2
        } else if self.bad_line && self.ba_start > 12 && c < self.ba_start + 2 {
            // BA fell late: the c-accesses of its first three cycles take the CPU's data
            // byte of their cycle, handed in after each full tick.
            c + 1
        } else if c < 12 && self.bad_line {
            12 // BA falls
        } else if c < 14 {
            14
        } else if c < 55 && self.bad_line {
            55 // BA rises
        } else if c < 58 {
            58
        } else {
            self.t.cycles_per_line + 1
        };
        next.min(limit).max(c + 1) - c - 1
    }

    /// Apply `n` quiet cycles at once (`n` at most [`Vic::quiet_cycles`]): the cycle counter
    /// and, in display state, VC and VMLI for the g-accesses of cycles 16-55 among them.
    /// With sprites enabled, the sprite unit's loads and a bad line's c-accesses (the
    /// graphics sprites may collide with) among them are made as well.
    #[inline]
    pub fn skip_quiet(&mut self, n: u8, mem: &VicMemory) {
        if n == 0 {
            return;
        }
        self.draw_near();
        let from = self.cycle + 1;
        let to = self.cycle + n;
        debug_assert!(to <= self.t.cycles_per_line);
        if self.sprites_busy() {
            for cycle in from..=to {
                self.cycle = cycle;
                if self.t.sprite_cycles & (1 << cycle) != 0 {
                    self.sprite_cycle(mem);
                }
                if (16..=55).contains(&cycle) && self.display_state {
                    self.vc = (self.vc + 1) & 0x3FF;
                    self.vmli += 1;
                }
                if self.bad_line && (15..=54).contains(&cycle) {
                    self.c_access(mem);
                }
            }
            return;
        }
        if self.display_state {
            let (lo, hi) = (from.max(16), to.min(55));
            if hi >= lo {
                let k = (hi - lo + 1) as u16;
                self.vc = (self.vc + k) & 0x3FF;
                self.vmli += k as usize;
            }
        }
        self.cycle = to;
    }

    /// [`Vic::skip_quiet`] with the picture on: the g- and c-accesses of `n` quiet cycles
    /// (and the sprite unit's loads among them) in one loop, made as the full ticks would
    /// make them; their pixels wait for the end of the line, as they would there.
    #[inline]
    pub fn run_quiet(&mut self, n: u8, mem: &VicMemory) {
        self.draw_near();
        let to = self.cycle + n;
        debug_assert!(to <= self.t.cycles_per_line);
        let sprites = self.sprites_busy();
        let mut cycle = self.cycle + 1;
        while cycle <= to {
            if (17..=54).contains(&cycle) && !self.bad_line && cycle != self.seam_cycle {
                // Only g-accesses here (the sprites' work is in cycles 16 and 55).
                let end = to.min(54);
                self.g_run(cycle, end, mem);
                cycle = end + 1;
                continue;
            }
            self.cycle = cycle;
            if sprites && self.t.sprite_cycles & (1 << cycle) != 0 {
                self.sprite_cycle(mem);
            }
            if (16..=55).contains(&cycle) {
                self.g_access(mem);
            }
            if self.bad_line && (15..=54).contains(&cycle) {
                self.c_access(mem);
            }
            cycle += 1;
        }
        if n > 0 && to == self.t.cycles_per_line {
            self.flush_draw_to(self.t.cycles_per_line);
        }
    }
}
