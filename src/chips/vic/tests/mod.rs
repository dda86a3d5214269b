//! VIC-II behaviour against the facts of the VIC-II article (sections in each test); the
//! machinery the tests share.

use super::*;

mod display;
mod models;
mod modes;
mod sprites;
mod timing;

/// The 6569's timing, the model most tests use.
pub(super) const T: &Timing = &crate::chips::vic::timing::MOS6569;

pub(super) struct Mem {
    pub(super) ram: Box<[u8; 0x10000]>,
    pub(super) chargen: Box<[u8; 0x1000]>,
    pub(super) color: Box<[u8; 0x400]>,
}

impl Mem {
    pub(super) fn new() -> Self {
        let mut chargen = Box::new([0u8; 0x1000]);
        for (i, b) in chargen.iter_mut().enumerate() {
            // A recognisable glyph pattern: each row is the glyph number XOR the row.
            *b = ((i >> 3) as u8) ^ (i as u8 & 7).wrapping_mul(0x11);
        }
        Mem {
            ram: Box::new([0x20; 0x10000]),
            chargen,
            color: Box::new([0x01; 0x400]),
        }
    }
    /// The VIC's bank 0 and the colour RAM filled with random bytes.
    pub(super) fn random(rng: &mut crate::chips::test_rng::Rng) -> Self {
        let mut m = Mem::new();
        for b in m.ram[..0x4000].iter_mut() {
            *b = rng.byte();
        }
        for c in m.color.iter_mut() {
            *c = rng.byte() & 0x0F;
        }
        m
    }
    pub(super) fn view(&self) -> VicMemory<'_> {
        VicMemory {
            ram: &self.ram,
            chargen: &self.chargen,
            color: &self.color,
            bank: 0,
            rom_at: 0x1000,
            rom_here: true,
        }
    }
}

/// A VIC set up like the KERNAL leaves it: text at $0400, characters at $1000 (ROM),
/// 25 rows, 40 columns, YSCROLL 3, display on.
pub(super) fn kernal_vic() -> Vic {
    let mut v = Vic::new();
    v.write(0x11, 0x1B);
    v.write(0x16, 0x08);
    v.write(0x18, 0x14);
    v.write(0x20, 14);
    v.write(0x21, 6);
    v
}

/// Tick until the VIC is at (line, cycle); returns the BA result of that cycle.
pub(super) fn tick_to(v: &mut Vic, m: &Mem, line: u16, cycle: u8) -> bool {
    for _ in 0..T.lines as u32 * T.cycles_per_line as u32 + 1 {
        let ba = v.tick(&m.view());
        if v.raster() == line && v.cycle() == cycle {
            return ba;
        }
    }
    panic!("never reached line {line} cycle {cycle}");
}

/// Run as the machine does (the quiet cycles caught up before each tick) to `line`,
/// `cycle`; write `value` to register `reg` there, then finish the line.
pub(super) fn write_at(v: &mut Vic, m: &Mem, (line, cycle): (u16, u8), reg: u8, value: u8) {
    while (v.raster(), v.cycle()) != (line, cycle) {
        v.run_quiet(0, &m.view());
        v.tick(&m.view());
    }
    v.write(reg, value);
    tick_to(v, m, line + 1, 1);
}

pub(super) fn run_frame(v: &mut Vic, m: &Mem) {
    tick_to(v, m, 0, 1);
    tick_to(v, m, 311, 63);
}

pub(super) fn pixel(v: &Vic, x: usize, y: usize) -> u8 {
    v.frame()[y * FRAME_WIDTH + x]
}

/// The 8 frame pixels of text cell `cell` (0-39, XSCROLL 0) in frame row `y`.
pub(super) fn cell_row(v: &Vic, cell: usize, y: usize) -> Vec<u8> {
    (0..8).map(|b| pixel(v, 32 + cell * 8 + b, y)).collect()
}

/// The 8 pixels a hires graphics byte shows: `fg` for its set bits, `bg` for the others.
pub(super) fn hires_row(byte: u8, fg: u8, bg: u8) -> Vec<u8> {
    (0..8)
        .map(|b| if byte & (0x80 >> b) != 0 { fg } else { bg })
        .collect()
}

/// BA cycles of one frame line by line: (line, cycles in which BA was low).
pub(super) fn ba_cycles(
    v: &mut Vic,
    m: &Mem,
    lines: std::ops::RangeInclusive<u16>,
) -> Vec<(u16, Vec<u8>)> {
    // Start at the end of the line before, so cycle 1 of the first line is recorded.
    tick_to(v, m, *lines.start() - 1, 63);
    let mut out = Vec::new();
    let mut cur = (*lines.start(), Vec::new());
    for _ in 0..(lines.end() - lines.start() + 1) as u32 * 63 {
        let low = v.tick(&m.view());
        if v.raster() != cur.0 {
            out.push(std::mem::replace(&mut cur, (v.raster(), Vec::new())));
        }
        if low {
            cur.1.push(v.cycle());
        }
    }
    out
}

/// Sprites `(n, x, y)` sharing block 13, whose first row is `first` and the other 20
/// `rest`, over no foreground graphics, with the sprite-sprite interrupt enabled.
pub(super) fn sprites_at(
    m: &mut Mem,
    sprites: &[(usize, u16, u8)],
    first: [u8; 3],
    rest: u8,
) -> Vic {
    m.ram[0x340..0x380].fill(rest);
    m.ram[0x340..0x343].copy_from_slice(&first);
    m.ram[0x3FFF] = 0;
    let mut v = kernal_vic();
    v.write(0x11, 0x0B); // no foreground graphics
    let (mut enable, mut msb) = (0, 0);
    for &(n, x, y) in sprites {
        m.ram[0x07F8 + n] = 13;
        v.write(2 * n as u8, x as u8);
        v.write(2 * n as u8 + 1, y);
        msb |= ((x >> 8) as u8) << n;
        enable |= 1 << n;
    }
    v.write(0x10, msb);
    v.write(0x1A, 0x04);
    v.write(0x15, enable);
    v
}

/// Sprites 0 and 1 at `x` on line 100 (Y 99) with first row `row`.
pub(super) fn sprites_meeting_at(m: &mut Mem, x: u8, row: [u8; 3]) -> Vic {
    sprites_at(m, &[(0, x as u16, 99), (1, x as u16, 99)], row, 0)
}
