//! Each VIC-II model's timing as data: the lines and cycles of a frame, the first line in
//! the picture, what each cycle's first phase fetches, and the cycles in which each
//! sprite's DMA holds BA low, and where each cycle's pixels are on the X axis. The 6569
//! and 8565 (PAL) share a table; the NTSC 6567R8 and 6567R56A have theirs.

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
    /// First raster line shown in the picture (its row 0).
    pub first_visible_line: u16,
    /// Lines in the picture, from the first on, wrapping at the last line to line 0.
    pub visible_lines: u16,
    /// The first-phase access of cycles 1..=cycles_per_line (index 0 is cycle 1).
    pub slots: [Slot; MAX_CYCLES],
    /// Per cycle (index = cycle), the sprites whose DMA holds BA low: from three cycles
    /// before the sprite's p-access to after its last s-access (3.6.3, 3.8.1).
    pub sprite_ba: [u8; MAX_CYCLES + 1],
    /// Per cycle, the sprites whose s-accesses take the bus's second phase (the p-access
    /// cycle and the one after it).
    pub sprite_bus: [u8; MAX_CYCLES + 1],
    /// The cycles (bit n for cycle n) in which the sprite unit does something: MCBASE in
    /// 15 and 16, the Y compare in 55 and 56, the display in 58, and the p- and s-accesses.
    pub sprite_cycles: u64,
    /// Each sprite's p-access cycle.
    pub sprite_p: [u8; 8],
    /// The X coordinate of cycle 1's first pixel, and where X wraps to 0.
    pub x_start: u16,
    pub x_wrap: u16,
    /// Per cycle (index = cycle), the X coordinate of its first pixel.
    pub cycle_x: [u16; MAX_CYCLES + 1],
    /// How many pixels after its cycle's first the light pen's edge latches X.
    pub light_pen_x: u16,
    /// A colour register's new value shows light grey for its first pixel (the 8565).
    pub grey_dots: bool,
}

impl Timing {
    /// The picture's row that shows raster line `raster`, if it shows it.
    #[inline]
    pub const fn frame_row(&self, raster: u16) -> Option<usize> {
        // raster < lines: one wrap at most, without a division.
        let row = if raster >= self.first_visible_line {
            raster - self.first_visible_line
        } else {
            raster + self.lines - self.first_visible_line
        };
        if row < self.visible_lines {
            Some(row as usize)
        } else {
            None
        }
    }
}

/// A model's table from its few figures: cycles per line, lines, the first line in the
/// picture and how many it shows, each sprite's p-access cycle, the X coordinate of cycle 1's first pixel, and the
/// cycle that repeats the previous cycle's X coordinates (0: none).
const fn build(
    cycles: i32,
    lines: u16,
    first_visible_line: u16,
    visible_lines: u16,
    sprite_p: [u8; 8],
    x_start: u16,
    repeat_x: u8,
) -> Timing {
    let mut slots = [Slot::Idle; MAX_CYCLES];
    // Each sprite's pointer, then the first of its data accesses in the next cycle.
    let mut s = 0;
    while s < 8 {
        let p = sprite_p[s as usize] as usize;
        slots[p - 1] = Slot::SpritePointer(s);
        slots[p % cycles as usize] = Slot::SpriteData(s);
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
    let mut sprite_ba = [0u8; MAX_CYCLES + 1];
    let mut sprite_bus = [0u8; MAX_CYCLES + 1];
    let mut n = 0;
    while n < 8 {
        let p = sprite_p[n] as i32;
        let mut c = p - 3;
        while c <= p + 1 {
            let cycle = (c - 1).rem_euclid(cycles) + 1;
            sprite_ba[cycle as usize] |= 1 << n;
            if c >= p {
                sprite_bus[cycle as usize] |= 1 << n;
            }
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
    // The X counter runs through 512 values (504 on the 6569, whose 63 cycles hold no
    // more pixels).
    let x_wrap = if cycles == 63 { 504 } else { 512 };
    let mut cycle_x = [0u16; MAX_CYCLES + 1];
    let mut c = 1;
    while c <= cycles as usize {
        let k = if repeat_x != 0 && c >= repeat_x as usize {
            c - 2
        } else {
            c - 1
        };
        cycle_x[c] = (x_start + k as u16 * 8) % x_wrap;
        c += 1;
    }
    Timing {
        lines,
        cycles_per_line: cycles as u8,
        first_visible_line,
        visible_lines,
        slots,
        sprite_ba,
        sprite_bus,
        sprite_cycles,
        sprite_p,
        x_start,
        x_wrap,
        cycle_x,
        light_pen_x: 8,
        grey_dots: false,
    }
}

/// The PAL 6569 (and the C64C's 8565): 312 lines of 63 cycles; cycle 1 starts at X $194,
/// the p-accesses of sprites 0-2 are in cycles 58, 60 and 62, those of sprites 3-7 in
/// cycles 1-9 (C. Bauer, 3.6.3).
pub const MOS6569: Timing = build(63, 312, 16, 272, [58, 60, 62, 1, 3, 5, 7, 9], 0x194, 0);

/// The C64C's 8565: the 6569's timing, but the light pen latches X two pixels earlier (the
/// test bench's `VICII/lp-trigger/test2new`, measured on an 8565), and the first pixel of
/// a colour register's new value is light grey (the 856x "grey dot").
pub const MOS8565: Timing = Timing {
    light_pen_x: 6,
    grey_dots: true,
    ..MOS6569
};

/// The NTSC 6567R8: 263 lines of 65 cycles; cycle 1 starts at X $19C, and the X
/// coordinates $184-$18B come twice, in cycles 62 and 63 (the article's 6567R8 diagram,
/// 3.6.3). The p-accesses are those the test bench's `VICII/phi1timing` measured on a
/// 6567R8 (a cycle earlier than the article's diagram): sprites 0-3 in cycles 59, 61, 63
/// and 65, sprites 4-7 in 2, 4, 6 and 8, two idle accesses before the refresh. Its picture
/// is the 235 lines a television shows: 41 to 262, then 0 to 12 (the vertical blank is
/// lines 13-40, 3.4).
pub const MOS6567R8: Timing = build(65, 263, 41, 235, [59, 61, 63, 65, 2, 4, 6, 8], 0x19C, 63);

/// The early NTSC 6567R56A: 262 lines of 64 cycles; cycle 1 starts at X $19C, the
/// p-accesses of sprites 0-2 are in cycles 59, 61 and 63 (the article's 6567R56A diagram,
/// and `VICII/phi1timing` on a 6567R56A). Its picture is lines 41 to 261, then 0 to 12 (234).
pub const MOS6567R56A: Timing = build(64, 262, 41, 234, [59, 61, 63, 1, 3, 5, 7, 9], 0x19C, 0);
