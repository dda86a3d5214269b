//! Sprites (VIC-II article, 3.8): DMA switched on and off by the Y compare, MC and MCBASE,
//! the Y-expansion flip-flop, p- and s-accesses in the slots of the line's access table, BA
//! for the cycles they take from the CPU, and the pixels of each sprite with their priority
//! and collisions.

use super::*;

/// Per sprite: the cycles (1..=63) in which its DMA holds BA low. BA falls three cycles
/// before the sprite's p-access and rises after its last s-access (3.6.3, 3.8.1).
pub(super) const SPRITE_BA: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut n = 0;
    while n < 8 {
        // p-access cycles: sprites 0-2 at 58, 60, 62; sprites 3-7 at 1, 3, 5, 7, 9.
        let p: i32 = if n < 3 { 58 + 2 * n } else { 1 + 2 * (n - 3) };
        let mut c = p - 3;
        while c <= p + 1 {
            let cycle = (c - 1).rem_euclid(63) + 1;
            t[cycle as usize] |= 1 << n;
            c += 1;
        }
        n += 1;
    }
    t
};

/// The sprite unit's state.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Sprites {
    /// DMA on, one bit per sprite.
    pub dma: u8,
    /// Display on (3.8.1 rule 4), one bit per sprite.
    pub display: u8,
    /// The Y-expansion flip-flops, one bit per sprite.
    pub exp_ff: u8,
    /// Sprites whose shift register holds data fetched for the current line.
    pub shown: u8,
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
            display: 0,
            // Set as long as MxYE is clear, which it is at power-on.
            exp_ff: 0xFF,
            shown: 0,
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
    /// Whether any sprite work can happen in the coming cycles.
    #[inline(always)]
    pub(super) fn sprites_busy(&self) -> bool {
        self.regs[0x15] | self.spr.dma | self.spr.shown != 0 || self.collisions_pending()
    }

    #[inline]
    fn collisions_pending(&self) -> bool {
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
                // at 63 the sprite's DMA and display end.
                let step = if cycle == 15 { 2 } else { 1 };
                for n in 0..8 {
                    let bit = 1 << n;
                    if self.spr.dma & bit != 0 && self.spr.exp_ff & bit != 0 {
                        self.spr.mcbase[n] = (self.spr.mcbase[n] + step) & 0x3F;
                    }
                    if cycle == 16 && self.spr.mcbase[n] == 63 {
                        self.spr.dma &= !bit;
                        self.spr.display &= !bit;
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
                for n in 0..8 {
                    let bit = 1 << n;
                    if self.regs[0x15] & bit != 0
                        && self.spr.dma & bit == 0
                        && self.regs[2 * n + 1] == self.raster as u8
                    {
                        self.spr.dma |= bit;
                        self.spr.mcbase[n] = 0;
                        if yexp & bit != 0 {
                            self.spr.exp_ff &= !bit;
                        }
                    }
                }
            }
            58 => {
                // Rule 4: MC from MCBASE; display on where DMA is on and Y matches.
                self.spr.mc = self.spr.mcbase;
                for n in 0..8 {
                    let bit = 1 << n;
                    if self.spr.dma & bit != 0 && self.regs[2 * n + 1] == self.raster as u8 {
                        self.spr.display |= bit;
                    }
                }
            }
            _ => {}
        }
        match SLOTS[(cycle - 1) as usize] {
            Slot::SpritePointer(n) => {
                let n = n as usize;
                self.spr.ptr[n] = mem.read(self.screen_base() | 0x3F8 | n as u16);
                if self.spr.dma & (1 << n) != 0 {
                    // First s-access in the second phase.
                    self.spr.data[n] = (self.sprite_fetch(n, mem) as u32) << 16;
                }
            }
            Slot::SpriteData(n) => {
                let n = n as usize;
                let bit = 1 << n;
                if self.spr.dma & bit != 0 {
                    let b1 = self.sprite_fetch(n, mem) as u32;
                    let b2 = self.sprite_fetch(n, mem) as u32;
                    self.spr.data[n] = (self.spr.data[n] & 0xFF_0000) | (b1 << 8) | b2;
                    self.spr.shown |= bit;
                } else {
                    self.spr.shown &= !bit;
                }
            }
            _ => {}
        }
    }

    /// One s-access: the byte at MC in the sprite's 64-byte block; MC moves on.
    #[inline]
    fn sprite_fetch(&mut self, n: usize, mem: &VicMemory) -> u8 {
        let addr = ((self.spr.ptr[n] as u16) << 6) | self.spr.mc[n] as u16;
        self.spr.mc[n] = (self.spr.mc[n] + 1) & 0x3F;
        mem.read(addr)
    }

    /// A write to $D017: the flip-flop is set while MxYE is clear (rule 1).
    pub(super) fn sprite_yexp_written(&mut self, value: u8) {
        self.spr.exp_ff |= !value;
    }

    /// The shown sprites with a pixel position among raster X `x0..x0 + 8` (wrapping at
    /// 504): only they can colour those pixels or collide there.
    #[inline]
    pub(super) fn sprites_within(&self, x0: u16) -> u8 {
        let mut near = 0;
        for n in 0..8 {
            let bit = 1u8 << n;
            if self.spr.shown & bit == 0 {
                continue;
            }
            let sx = self.regs[2 * n] as u16 | (((self.regs[0x10] >> n) as u16 & 1) << 8);
            if sx >= 504 {
                continue;
            }
            let wide = if self.regs[0x1D] & bit != 0 { 48 } else { 24 };
            // Offset of the first pixel from the sprite's start; beyond 496 the span wraps
            // into the sprite's first pixels.
            let d = (x0 + 504 - sx) % 504;
            if d < wide || d > 496 {
                near |= bit;
            }
        }
        near
    }

    /// Sprite n's colour at raster X `x` (0..504), if it has a pixel there.
    #[inline]
    fn sprite_pixel(&self, n: usize, x: u16) -> Option<u8> {
        let bit = 1u8 << n;
        let sx = self.regs[2 * n] as u16 | (((self.regs[0x10] >> n) as u16 & 1) << 8);
        if sx >= 504 {
            // The raster X counter never reaches 504-511: such a sprite never starts.
            return None;
        }
        let wide = if self.regs[0x1D] & bit != 0 { 2 } else { 1 };
        let off = (x + 504 - sx) % 504;
        if off >= 24 * wide {
            return None;
        }
        let i = off / wide;
        let data = self.spr.data[n];
        if self.regs[0x1C] & bit != 0 {
            match (data >> (22 - 2 * (i as u32 / 2))) & 3 {
                0 => None,
                1 => Some(self.regs[0x25] & 0x0F),
                2 => Some(self.regs[0x27 + n] & 0x0F),
                _ => Some(self.regs[0x26] & 0x0F),
            }
        } else if (data >> (23 - i as u32)) & 1 != 0 {
            Some(self.regs[0x27 + n] & 0x0F)
        } else {
            None
        }
    }

    /// The sprites among `near` (shown ones) at raster X `x`, pixel `px` (0-7) of the
    /// cycle, over graphics of colour `gfx` (`fg`: a foreground pixel): the colour shown,
    /// with the collisions it causes sent on their way to the registers (3.8.2, 3.11).
    pub(super) fn sprites_over(&mut self, near: u8, x: u16, px: u16, gfx: u8, fg: bool) -> u8 {
        let mut hit = 0u8;
        let mut top = None;
        for n in 0..8 {
            if near & (1 << n) == 0 {
                continue;
            }
            if let Some(c) = self.sprite_pixel(n, x) {
                hit |= 1 << n;
                if top.is_none() {
                    top = Some((n, c));
                }
            }
        }
        if hit == 0 {
            return gfx;
        }
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
        let (n, c) = top.unwrap_or((0, gfx));
        if fg && self.regs[0x1B] & (1 << n) != 0 {
            gfx
        } else {
            c
        }
    }
}
