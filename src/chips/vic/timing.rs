//! Each VIC-II model's timing as data: the lines and cycles of a frame, the first line in
//! the picture, what each cycle's first phase fetches, and the cycles in which each
//! sprite's DMA holds BA low. The 6569 (PAL) is the model emulated; the 6567R8, 6567R56A
//! and 8565 get their tables here.

/// What the VIC does in the first phase of a cycle (6569, section 3.6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// Sprite n pointer fetch.
    SpritePointer(u8),
    /// Sprite n data fetch (with two more in the second phases when its DMA is on).
    SpriteData(u8),
    Refresh,
    /// g-access for character/bitmap data.
    Graphics,
    Idle,
}

/// The most cycles a line of any model has (the 6567R8's 65).
pub const MAX_CYCLES: usize = 65;

/// One model's timing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timing {
    pub lines: u16,
    pub cycles_per_line: u8,
    /// First raster line shown in the 384x272 frame.
    pub first_visible_line: u16,
    /// The first-phase access of cycles 1..=cycles_per_line (index 0 is cycle 1).
    pub slots: [Slot; MAX_CYCLES],
    /// Per cycle (index = cycle), the sprites whose DMA holds BA low: from three cycles
    /// before the sprite's p-access to after its last s-access (3.6.3, 3.8.1).
    pub sprite_ba: [u8; MAX_CYCLES + 1],
    /// The cycles (bit n for cycle n) in which the sprite unit does something: MCBASE in
    /// 15 and 16, the Y compare in 55 and 56, the display in 58, and the p- and s-accesses.
    pub sprite_cycles: u64,
}

/// The PAL 6569: 312 lines of 63 cycles.
pub const MOS6569: Timing = {
    let cycles = 63;
    let mut slots = [Slot::Idle; MAX_CYCLES];
    // Sprites 3-7 at the start of the line: pointer, data, pointer, data...
    let mut s = 3;
    while s < 8 {
        slots[((s - 3) * 2) as usize] = Slot::SpritePointer(s);
        slots[((s - 3) * 2 + 1) as usize] = Slot::SpriteData(s);
        s += 1;
    }
    let mut c = 11;
    while c <= 15 {
        slots[c - 1] = Slot::Refresh;
        c += 1;
    }
    let mut c = 16;
    while c <= 55 {
        slots[c - 1] = Slot::Graphics;
        c += 1;
    }
    // Sprites 0-2 at the end of the line.
    let mut s = 0;
    while s < 3 {
        slots[(57 + s * 2) as usize] = Slot::SpritePointer(s);
        slots[(58 + s * 2) as usize] = Slot::SpriteData(s);
        s += 1;
    }
    let mut sprite_ba = [0u8; MAX_CYCLES + 1];
    let mut n = 0;
    while n < 8 {
        // p-access cycles: sprites 0-2 at 58, 60, 62; sprites 3-7 at 1, 3, 5, 7, 9.
        let p: i32 = if n < 3 { 58 + 2 * n } else { 1 + 2 * (n - 3) };
        let mut c = p - 3;
        while c <= p + 1 {
            let cycle = (c - 1).rem_euclid(cycles) + 1;
            sprite_ba[cycle as usize] |= 1 << n;
            c += 1;
        }
        n += 1;
    }
    let mut sprite_cycles = (1 << 15) | (1 << 16) | (1 << 55) | (1 << 56) | (1 << 58);
    let mut c = 1;
    while c <= cycles as usize {
        if matches!(slots[c - 1], Slot::SpritePointer(_) | Slot::SpriteData(_)) {
            sprite_cycles |= 1 << c;
        }
        c += 1;
    }
    Timing {
        lines: 312,
        cycles_per_line: cycles as u8,
        first_visible_line: 16,
        slots,
        sprite_ba,
        sprite_cycles,
    }
};
