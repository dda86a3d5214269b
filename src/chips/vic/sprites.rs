//! Sprites (VIC-II article, 3.8): DMA switched on and off by the Y compare, MC and MCBASE,
//! the Y-expansion flip-flop, p- and s-accesses in the slots of the line's access table, BA
//! for the cycles they take from the CPU, and the pixels of each sprite with their priority
//! and collisions.

use super::*;

/// The sprite unit's state.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Sprites {
    /// DMA on, one bit per sprite.
    pub dma: u8,
    /// Sprites whose DMA came on after their BA window began (sprite 0 in cycle 56): BA
    /// fell too late for the second phase of their p-access cycle.
    #[serde(default)]
    pub ba_late: u8,
    /// The cycle of this line in which DMA last came on, and for which sprites (rule 3).
    #[serde(default)]
    pub fresh: (u8, u8),
    /// An s-access byte read in a second phase the CPU had: its line, cycle, sprite and
    /// shift in `data`. A VIC register access of the CPU in that cycle puts its byte there.
    #[serde(default)]
    pub cpu_byte: Option<(u16, u8, u8, u8)>,
    /// Display on (3.8.1 rule 4), one bit per sprite.
    pub display: u8,
    /// The Y-expansion flip-flops, one bit per sprite.
    pub exp_ff: u8,
    /// Sprites shifting out their pixels.
    pub running: u8,
    /// How many bits each shift register has shifted out since its s-accesses loaded it
    /// (zeros follow the 24 data bits).
    pub shifted: [u8; 8],
    /// The pixel latches: the pair each sprite shows (see [`Vic::sprite_step`]).
    pub latch: [u8; 8],
    /// The X-expansion flip-flops (set: the next pixel shifts) and the multicolour
    /// flip-flops (set: the next shift loads a pair), one bit per sprite.
    pub xexp_ff: u8,
    pub mc_ff: u8,
    /// Sprites holding their last pixel after a reload cut their run short: the pixel
    /// (a latch value) and how many more times it shows.
    pub holding: u8,
    pub held: [u8; 8],
    pub hold_left: [u8; 8],
    pub mc: [u8; 8],
    pub mcbase: [u8; 8],
    pub ptr: [u8; 8],
    /// The three bytes of the last s-accesses, first byte in bits 16-23.
    pub data: [u32; 8],
    /// Collisions on their way to $D01E/$D01F (sprite-sprite, sprite-background bits): a
    /// pixel reaches the registers 12 pixels after the cycle that draws it, so the first
    /// four pixels of a cycle arrive in the next cycle and the last four in the one after.
    pub coll_next: [u8; 2],
    pub coll_later: [u8; 2],
}

impl Default for Sprites {
    fn default() -> Self {
        Sprites {
            dma: 0,
            ba_late: 0,
            fresh: (0, 0),
            cpu_byte: None,
            display: 0,
            // Set as long as MxYE is clear, which it is at power-on.
            exp_ff: 0xFF,
            running: 0,
            shifted: [0; 8],
            latch: [0; 8],
            xexp_ff: 0,
            mc_ff: 0,
            holding: 0,
            held: [0; 8],
            hold_left: [0; 8],
            mc: [0; 8],
            mcbase: [0; 8],
            ptr: [0; 8],
            data: [0; 8],
            coll_next: [0; 2],
            coll_later: [0; 2],
        }
    }
}

impl Vic {
    /// Whether BA is low in this cycle only because a sprite's DMA came on in it (sprite 0 in
    /// the first line it is fetched for, on PAL in cycle 55). The CPU sees BA fall at once;
    /// a device on the expansion port that already has the bus samples BA before the VIC's
    /// compare and takes this cycle still (the test bench's REU sprite timing programs, as
    /// VICE x64sc runs them); one whose DMA begins in this cycle waits.
    pub fn ba_fell_in_this_cycle(&self) -> bool {
        let c = self.cycle;
        let (at, fresh) = self.spr.fresh;
        at == c
            && fresh != 0
            && !(self.bad_line && (12..=54).contains(&c))
            && self.spr.dma & !fresh & self.t.sprite_ba[c as usize] == 0
            && self.spr.dma & self.t.sprite_ba[c as usize] != 0
    }

    /// Whether the VIC makes an access in this cycle's second phase, where the CPU or a
    /// device on the port would (a bad line's c-access, a sprite's s-accesses). It has the
    /// bus then only if BA fell three cycles before.
    pub fn second_phase_access(&self) -> bool {
        let c = self.cycle;
        (self.bad_line && (15..=54).contains(&c))
            || self.spr.dma & self.t.sprite_bus[c as usize] != 0
    }

    /// Whether the sprite unit has work in its cycles: the Y compare and the expansion
    /// flip-flops (cycles 55-56) and the p- and s-accesses, which load the shift registers
    /// with or without DMA.
    #[inline(always)]
    pub(super) fn sprites_busy(&self) -> bool {
        self.regs[0x15] | self.regs[0x17] | self.spr.dma != 0 || self.sprites_drawing()
    }

    /// Whether sprites can colour or collide in the coming pixels: a display on, a
    /// sequencer shifting or holding, or collisions on their way to the registers. Without
    /// them, pixels wait and are drawn a line at a time.
    #[inline(always)]
    pub(super) fn sprites_drawing(&self) -> bool {
        self.spr.display | self.spr.running | self.spr.holding != 0 || self.collisions_pending()
    }

    #[inline]
    pub(super) fn collisions_pending(&self) -> bool {
        self.spr.coll_next != [0; 2] || self.spr.coll_later != [0; 2]
    }

    /// At the start of a cycle: the collisions due now reach $D01E/$D01F, and a register
    /// that was empty raises its interrupt flag (3.11).
    pub(super) fn collisions_arrive(&mut self) {
        if !self.collisions_pending() {
            return;
        }
        let due = self.spr.coll_next;
        self.spr.coll_next = self.spr.coll_later;
        self.spr.coll_later = [0; 2];
        for (i, (reg, flag)) in [(0x1E, 0x04), (0x1F, 0x02)].into_iter().enumerate() {
            if due[i] != 0 {
                if self.regs[reg] == 0 {
                    self.irq_flags |= flag;
                }
                self.regs[reg] |= due[i];
            }
        }
    }

    /// A read of $D01E (`which` 0) or $D01F (1) clears it; the clear lasts 12 pixels
    /// past the read, so the collisions still on their way are lost as well.
    pub(super) fn collisions_read(&mut self, which: usize) {
        self.spr.coll_next[which] = 0;
        self.spr.coll_later[which] = 0;
    }

    /// The sprite events of the cycle just begun, in its first phase (3.8.1).
    pub(super) fn sprite_cycle(&mut self, mem: &VicMemory) {
        let cycle = self.cycle;
        match cycle {
            15 | 16 => {
                // Rules 7 and 8: MCBASE moves on by 2 and then 1 where the flip-flop is set;
                // at 63 the sprite's DMA ends (its display in cycle 58).
                let step = if cycle == 15 { 2 } else { 1 };
                for n in 0..8 {
                    let bit = 1 << n;
                    if self.spr.dma & bit != 0 && self.spr.exp_ff & bit != 0 {
                        self.spr.mcbase[n] = (self.spr.mcbase[n] + step) & 0x3F;
                    }
                    if cycle == 16 && self.spr.mcbase[n] == 63 {
                        self.spr.dma &= !bit;
                    }
                }
            }
            55 | 56 => {
                let yexp = self.regs[0x17];
                if cycle == 55 {
                    // Rule 2: the flip-flop toggles where MxYE is set.
                    self.spr.exp_ff ^= yexp;
                }
                // Rule 3: DMA on where the sprite is enabled and its Y equals the raster.
                self.spr.fresh = (cycle, 0);
                for n in 0..8 {
                    let bit = 1 << n;
                    if self.regs[0x15] & bit != 0
                        && self.spr.dma & bit == 0
                        && self.regs[2 * n + 1] == self.raster as u8
                    {
                        self.spr.dma |= bit;
                        self.spr.fresh.1 |= bit;
                        if self.t.sprite_ba[cycle as usize - 1] & bit != 0 {
                            self.spr.ba_late |= bit;
                        }
                        self.spr.mcbase[n] = 0;
                        if yexp & bit != 0 {
                            self.spr.exp_ff &= !bit;
                        }
                    }
                }
            }
            58 => {
                // Rule 4: MC from MCBASE; display on where DMA is on and the sprite is still
                // enabled with its Y matching, off where the DMA has ended.
                self.spr.mc = self.spr.mcbase;
                for n in 0..8 {
                    let bit = 1 << n;
                    if self.spr.dma & bit == 0 {
                        self.spr.display &= !bit;
                    } else if self.regs[0x15] & bit != 0
                        && self.regs[2 * n + 1] == self.raster as u8
                    {
                        self.spr.display |= bit;
                    }
                }
            }
            _ => {}
        }
        self.spr.cpu_byte = None;
        match self.t.slots[(cycle - 1) as usize] {
            Slot::SpritePointer(n) => {
                let n = n as usize;
                self.spr.ptr[n] = mem.read(self.screen_base() | 0x3F8 | n as u16);
                // First s-access in the second phase. Where BA fell less than three cycles
                // before, or without DMA, the CPU has the bus: the VIC reads $FF (or the
                // byte of the CPU's register access, [`Vic::sprite_cpu_byte`]); with DMA MC
                // moves on all the same.
                let late = self.spr.ba_late & (1 << n) != 0;
                self.spr.ba_late &= !(1 << n);
                if self.spr.dma & (1 << n) != 0 {
                    let byte = self.sprite_fetch(n, mem);
                    self.spr.data[n] = (if late { 0xFF } else { byte } as u32) << 16;
                } else {
                    self.spr.data[n] |= 0xFF_0000;
                }
                if late || self.spr.dma & (1 << n) == 0 {
                    self.spr.cpu_byte = Some((self.raster, cycle, n as u8, 16));
                }
            }
            Slot::SpriteData(n) => {
                let n = n as usize;
                let bit = 1 << n;
                // The shift register takes the three bytes: all 24 bits to shift out again.
                self.spr.shifted[n] = 0;
                if self.spr.dma & bit != 0 {
                    let b1 = self.sprite_fetch(n, mem) as u32;
                    let b2 = self.sprite_fetch(n, mem) as u32;
                    self.spr.data[n] = (self.spr.data[n] & 0xFF_0000) | (b1 << 8) | b2;
                } else {
                    // Without DMA the shift register still loads what the VIC sees: the
                    // CPU's second phases (the first byte, and $FF or the CPU's register
                    // byte here), the idle fetch in the first.
                    let idle = if self.regs[0x11] & 0x40 != 0 {
                        0x39FF
                    } else {
                        0x3FFF
                    };
                    self.spr.data[n] =
                        (self.spr.data[n] & 0xFF_0000) | 0xFF | ((mem.read(idle) as u32) << 8);
                    self.spr.cpu_byte = Some((self.raster, cycle, n as u8, 0));
                }
            }
            _ => {}
        }
    }

    /// Whether an s-access of this cycle waits for the CPU's register access
    /// ([`Vic::sprite_cpu_byte`]).
    #[inline(always)]
    pub fn wants_register_byte(&self) -> bool {
        self.spr.cpu_byte.is_some()
    }

    /// The CPU reads or writes a VIC register with `value` on the bus: an s-access made in
    /// this cycle's second phase without the bus reads it (sbsprf24).
    #[inline]
    pub(super) fn sprite_cpu_byte(&mut self, value: u8) {
        if let Some((line, cycle, n, shift)) = self.spr.cpu_byte.take()
            && (line, cycle) == (self.raster, self.cycle)
        {
            let d = &mut self.spr.data[n as usize];
            *d = (*d & !(0xFF << shift)) | ((value as u32) << shift);
        }
    }

    /// One s-access: the byte at MC in the sprite's 64-byte block; MC moves on.
    #[inline]
    fn sprite_fetch(&mut self, n: usize, mem: &VicMemory) -> u8 {
        let addr = ((self.spr.ptr[n] as u16) << 6) | self.spr.mc[n] as u16;
        self.spr.mc[n] = (self.spr.mc[n] + 1) & 0x3F;
        mem.read(addr)
    }

    /// A write to $D017 (it held `old`): the flip-flop is set while MxYE is clear (rule 1).
    /// Cycle 55's toggle (rule 2) sees the value written in that cycle: a bit set there
    /// toggles the flip-flop as well.
    ///
    /// The sprite crunch: a write in cycle 15 that clears MxYE while the flip-flop is reset
    /// (the first line of an expanded row) makes MC `(%101010 & (MCBASE & MC)) |
    /// (%010101 & (MCBASE | MC))`, which cycle 16 hands to MCBASE: from MCBASE $00 it
    /// becomes $01, from $01 or $04-$06 $05, from $03 $07. Off the multiples of three, the
    /// sprite steps over 63 and runs on through its block.
    pub(super) fn sprite_yexp_written(&mut self, old: u8, value: u8) {
        if self.cycle == 15 {
            let crunched = old & !value & !self.spr.exp_ff & self.spr.dma;
            for n in 0..8 {
                if crunched & (1 << n) != 0 {
                    let (base, mc) = (self.spr.mcbase[n], self.spr.mc[n]);
                    let m = (0x2A & base & mc) | (0x15 & (base | mc));
                    self.spr.mc[n] = m;
                    // Cycle 16 moves MCBASE on by one where the flip-flop is set, as it
                    // now is: MCBASE becomes MC there.
                    self.spr.mcbase[n] = m.wrapping_sub(1) & 0x3F;
                }
            }
        }
        if self.cycle == 55 {
            self.spr.exp_ff ^= value & !old;
        }
        self.spr.exp_ff |= !value;
    }

    /// Sprite n's X position (0-511) from $D000+2n and $D010.
    #[inline]
    fn sprite_x(&self, n: usize) -> u16 {
        self.regs[2 * n] as u16 | (((self.regs[0x10] >> n) as u16 & 1) << 8)
    }

    /// The sprites whose sequencer has work among raster X `x0..x0 + 8` (wrapping at 504):
    /// those shifting out or holding a pixel, and those with display on whose X comparator
    /// fires there (X 504-511 never match the 0-503 counter). Only they can colour those
    /// pixels or collide there.
    #[inline]
    pub(super) fn sprites_within(&self, x0: u16) -> u8 {
        let mut near = self.spr.running | self.spr.holding;
        let idle = self.spr.display & !near;
        if idle == 0 {
            return near;
        }
        for n in 0..8 {
            if idle & (1 << n) != 0 && (self.sprite_x(n) + self.t.x_wrap - x0) % self.t.x_wrap < 8 {
                near |= 1 << n;
            }
        }
        near
    }

    /// The first cycle after `c` whose pixels hold the X position of a displayed sprite
    /// (where its comparator may start it; see [`Vic::sprites_within`]), or 64.
    pub(super) fn next_sprite_start(&self, c: u8) -> u8 {
        let mut first = self.t.cycles_per_line + 1;
        for n in 0..8 {
            let x = self.sprite_x(n);
            if self.spr.display & (1 << n) != 0 && x < self.t.x_wrap {
                let cx = ((x + self.t.x_wrap - self.cycle_x(1)) % self.t.x_wrap / 8) as u8 + 1;
                if cx > c {
                    first = first.min(cx);
                }
            }
        }
        first
    }

    /// Step the sequencers of the sprites in `near` over pixels `lo..hi` of the 8 from
    /// raster X `x0`: per sprite, the pixels it colours (bit 7 the first) and their
    /// colours.
    ///
    /// A sprite starts shifting where its X comparator fires while its display is on, and
    /// shifts out the 24 bits its s-accesses loaded ([`Vic::sprite_step`]); once they are
    /// out, a new start in the line shows nothing. The s-accesses reload the shift
    /// register at X `355 + 16n` (mod 504), one pixel before the cycle of the sprite's
    /// p-access; a sprite still shifting then holds its last pixel for 7 pixels and goes
    /// dark, and the comparator does not start it in the 12 pixels from that position on.
    /// A multicolour pair loaded on the pixel before the reload keeps only its high bit.
    pub(super) fn sprite_spans(
        &mut self,
        near: u8,
        x0: u16,
        lo: u16,
        hi: u16,
    ) -> [(u8, [u8; 8]); 8] {
        let mut spans = [(0u8, [0u8; 8]); 8];
        for (n, span) in spans.iter_mut().enumerate() {
            let bit = 1u8 << n;
            if near & bit == 0 {
                continue;
            }
            let sx = self.sprite_x(n);
            let reload = (self.cycle_x(self.t.sprite_p[n]) + self.t.x_wrap - 1) % self.t.x_wrap;
            // A sprite shifting where no reload, start or hold falls: its pixels in a row.
            let first = (x0 + lo) % self.t.x_wrap;
            let within = |p: u16, len: u16| (p + self.t.x_wrap - first) % self.t.x_wrap < len;
            if self.spr.running & bit != 0
                && self.spr.holding & bit == 0
                && !self.slow_draw
                && !within(reload, hi - lo + 1)
                && !within(sx, hi - lo)
            {
                for px in lo..hi {
                    if self.sprite_run_ends(n) {
                        self.spr.running &= !bit;
                        break;
                    }
                    let bits = self.sprite_step(n, false);
                    if bits != 0 {
                        span.0 |= 0x80 >> px;
                        span.1[px as usize] = self.sprite_colour(n, bits);
                    }
                }
                continue;
            }
            for px in lo..hi {
                let mut x = x0 + px;
                if x >= self.t.x_wrap {
                    x -= self.t.x_wrap;
                }
                if self.spr.running & bit != 0 && self.sprite_run_ends(n) {
                    self.spr.running &= !bit;
                }
                if x == reload && self.spr.running & bit != 0 {
                    self.spr.held[n] = self.spr.latch[n];
                    self.spr.hold_left[n] = 7;
                    self.spr.holding |= bit;
                    self.spr.running &= !bit;
                }
                if x == sx
                    && self.spr.display & bit != 0
                    && self.spr.running & bit == 0
                    && (x + self.t.x_wrap - reload) % self.t.x_wrap >= 12
                {
                    // The first pixel shifts, and in multicolour loads a pair.
                    self.spr.xexp_ff |= bit;
                    self.spr.mc_ff |= bit;
                    self.spr.running |= bit;
                }
                let bits = if self.spr.holding & bit != 0 {
                    self.spr.hold_left[n] -= 1;
                    if self.spr.hold_left[n] == 0 {
                        self.spr.holding &= !bit;
                    }
                    self.spr.held[n]
                } else if self.spr.running & bit != 0 {
                    self.sprite_step(n, x + 1 == reload)
                } else {
                    0
                };
                if bits != 0 {
                    span.0 |= 0x80 >> px;
                    span.1[px as usize] = self.sprite_colour(n, bits);
                }
            }
        }
        spans
    }

    /// The colour of sprite n's pixel `bits` (a latch value, not 0).
    #[inline]
    fn sprite_colour(&self, n: usize, bits: u8) -> u8 {
        match bits {
            1 => self.regs[0x25],
            2 => self.regs[0x27 + n],
            _ => self.regs[0x26],
        }
    }

    /// Whether sprite n's run ends at this pixel: its 24 bits are out and the pixel
    /// would load the latch with what follows them (nothing).
    #[inline]
    fn sprite_run_ends(&self, n: usize) -> bool {
        let bit = 1u8 << n;
        self.spr.shifted[n] >= 24
            && (self.regs[0x1D] & bit == 0 || self.spr.xexp_ff & bit != 0)
            && (self.regs[0x1C] & bit == 0 || self.spr.mc_ff & bit != 0)
    }

    /// One pixel of sprite n's running sequencer; returns the latch it shows: 0
    /// transparent, 2 the sprite's colour, and in multicolour 1 and 3 for $D025 and $D026.
    ///
    /// Without X expansion the shift register shifts on every pixel; with it, on every
    /// second, as the expansion flip-flop toggles. That flip-flop is set at the start of
    /// the run and cleared on each pixel without expansion, so expansion switched on
    /// mid-run first repeats a pixel, and switched off shifts on the next pixel at once.
    /// A hires shift loads the latch with the top bit (as the pair `b0`); a multicolour
    /// shift loads the top two bits where the multicolour flip-flop is set, and toggles it.
    /// That flip-flop is set at the start of the run and cleared by each hires shift, so
    /// multicolour switched on mid-run first shows the hires pixel again, and its pairs
    /// begin at the bit after. The latch shows until the next load, also past the end of
    /// the data. `before_reload`: the pixel before the reload, where a pair keeps only its
    /// high bit.
    #[inline]
    fn sprite_step(&mut self, n: usize, before_reload: bool) -> u8 {
        let bit = 1u8 << n;
        let shift = if self.regs[0x1D] & bit != 0 {
            let s = self.spr.xexp_ff & bit != 0;
            self.spr.xexp_ff ^= bit;
            s
        } else {
            self.spr.xexp_ff &= !bit;
            true
        };
        if shift {
            let s = self.spr.shifted[n];
            let top = if s < 24 {
                ((self.spr.data[n] << 1) >> (23 - s)) as u8 & 3
            } else {
                0
            };
            if self.regs[0x1C] & bit != 0 {
                if self.spr.mc_ff & bit != 0 {
                    self.spr.latch[n] = if before_reload { top & 2 } else { top };
                }
                self.spr.mc_ff ^= bit;
            } else {
                self.spr.latch[n] = top & 2;
                self.spr.mc_ff &= !bit;
            }
            self.spr.shifted[n] = s.saturating_add(1).min(25);
        }
        self.spr.latch[n]
    }

    /// The sprites' pixel `px` (0-7) of the cycle, from their `spans` (`hit`: the sprites
    /// that colour it, one bit each), over graphics of colour `gfx` (`fg`: a foreground
    /// pixel): the colour shown, with the collisions it causes sent on their way to the
    /// registers (3.8.2, 3.11).
    pub(super) fn sprites_over(
        &mut self,
        spans: &[(u8, [u8; 8]); 8],
        hit: u8,
        px: u16,
        gfx: u8,
        fg: bool,
    ) -> u8 {
        if hit == 0 {
            return gfx;
        }
        // The lowest-numbered sprite is on top.
        let n = hit.trailing_zeros() as usize;
        let c = spans[n].1[px as usize];
        let pending = if px < 4 {
            &mut self.spr.coll_next
        } else {
            &mut self.spr.coll_later
        };
        if hit & (hit - 1) != 0 {
            pending[0] |= hit;
        }
        if fg {
            pending[1] |= hit;
        }
        if fg && self.regs[0x1B] & (1 << n) != 0 {
            gfx
        } else {
            c
        }
    }
}
