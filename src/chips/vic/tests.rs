//! VIC-II behaviour against the facts of the VIC-II article (sections in each test).

use super::*;

struct Mem {
    ram: Box<[u8; 0x10000]>,
    chargen: Box<[u8; 0x1000]>,
    color: Box<[u8; 0x400]>,
}

impl Mem {
    fn new() -> Self {
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
    fn random(rng: &mut crate::test_rng::Rng) -> Self {
        let mut m = Mem::new();
        for b in m.ram[..0x4000].iter_mut() {
            *b = rng.byte();
        }
        for c in m.color.iter_mut() {
            *c = rng.byte() & 0x0F;
        }
        m
    }
    fn view(&self) -> VicMemory<'_> {
        VicMemory {
            ram: &self.ram,
            chargen: &self.chargen,
            color: &self.color,
            bank: 0,
        }
    }
}

/// A VIC set up like the KERNAL leaves it: text at $0400, characters at $1000 (ROM),
/// 25 rows, 40 columns, YSCROLL 3, display on.
fn kernal_vic() -> Vic {
    let mut v = Vic::new();
    v.write(0x11, 0x1B);
    v.write(0x16, 0x08);
    v.write(0x18, 0x14);
    v.write(0x20, 14);
    v.write(0x21, 6);
    v
}

/// Tick until the VIC is at (line, cycle); returns the BA result of that cycle.
fn tick_to(v: &mut Vic, m: &Mem, line: u16, cycle: u8) -> bool {
    for _ in 0..T.lines as u32 * T.cycles_per_line as u32 + 1 {
        let ba = v.tick(&m.view());
        if v.raster() == line && v.cycle() == cycle {
            return ba;
        }
    }
    panic!("never reached line {line} cycle {cycle}");
}

#[test]
fn slot_table_matches_the_6569_diagram() {
    // 3.6.3: sprite 3 pointer in cycle 1, refresh 11-15, g-accesses 16-55, sprite 0 at 58.
    assert_eq!(T.slots[0], Slot::SpritePointer(3));
    assert_eq!(T.slots[9], Slot::SpriteData(7));
    assert!(T.slots[10..15].iter().all(|&s| s == Slot::Refresh));
    assert!(T.slots[15..55].iter().all(|&s| s == Slot::Graphics));
    assert_eq!(T.slots[57], Slot::SpritePointer(0));
    assert_eq!(T.slots[62], Slot::SpriteData(2));
}

#[test]
fn bad_line_ba_is_low_in_cycles_12_to_54() {
    // 3.5: with YSCROLL=3 the first bad line is $33.
    let m = Mem::new();
    let mut v = kernal_vic();
    tick_to(&mut v, &m, 0x33, 1);
    let mut low = Vec::new();
    for _ in 0..63 {
        let c = (v.cycle() % 63) + 1;
        if v.tick(&m.view()) {
            low.push(c);
        }
    }
    assert_eq!(low, (12..=54).collect::<Vec<u8>>());
    // The line after is not a bad line.
    for _ in 0..63 {
        assert!(!v.tick(&m.view()));
    }
}

#[test]
fn twenty_five_bad_lines_per_frame_and_none_with_den_off_in_line_30() {
    let m = Mem::new();
    let mut v = kernal_vic();
    tick_to(&mut v, &m, 0, 1);
    let mut stolen = 0;
    for _ in 0..19_656 {
        if v.tick(&m.view()) {
            stolen += 1;
        }
    }
    assert_eq!(stolen, 25 * 43);
    // DEN cleared before line $30: no bad lines for the whole frame (3.5).
    v.write(0x11, 0x0B);
    tick_to(&mut v, &m, 0, 1);
    let mut stolen = 0;
    for _ in 0..19_656 {
        if v.tick(&m.view()) {
            stolen += 1;
        }
    }
    assert_eq!(stolen, 0);
}

#[test]
fn raster_irq_in_first_cycle_and_line_0_one_cycle_later() {
    // 3.12.
    let m = Mem::new();
    let mut v = kernal_vic();
    v.write(0x1A, 0x01);
    v.write(0x12, 100);
    tick_to(&mut v, &m, 99, 63);
    assert!(!v.irq());
    v.tick(&m.view());
    assert_eq!((v.raster(), v.cycle()), (100, 1));
    assert!(v.irq(), "set in cycle 1 of the line");
    assert_eq!(v.peek(0x19) & 0x81, 0x81);
    v.write(0x19, 0x01);
    assert!(!v.irq(), "acknowledged by writing 1");

    v.write(0x12, 0);
    tick_to(&mut v, &m, 311, 63);
    v.tick(&m.view());
    assert_eq!((v.raster(), v.cycle()), (0, 1));
    assert!(!v.irq(), "line 0 compares one cycle late");
    v.tick(&m.view());
    assert!(v.irq());
}

#[test]
fn masked_flag_is_latched_but_raises_no_irq() {
    let m = Mem::new();
    let mut v = kernal_vic();
    v.write(0x12, 10);
    tick_to(&mut v, &m, 10, 2);
    assert_eq!(v.peek(0x19), 0x71, "flag latched, bit 7 clear: masked");
    assert!(!v.irq());
    v.write(0x1A, 0x01);
    assert!(v.irq(), "enabling the mask with the flag set raises IRQ");
    assert_eq!(v.peek(0x19), 0xF1);
}

#[test]
fn writing_the_current_line_as_compare_triggers() {
    let m = Mem::new();
    let mut v = kernal_vic();
    v.write(0x1A, 0x01);
    tick_to(&mut v, &m, 77, 30);
    v.write(0x12, 77);
    assert!(v.irq());
}

#[test]
fn unused_register_bits_read_as_one() {
    let mut v = Vic::new();
    v.write(0x16, 0x00);
    v.write(0x20, 0x00);
    v.write(0x18, 0x00);
    assert_eq!(v.peek(0x16), 0xC0);
    assert_eq!(v.peek(0x20), 0xF0);
    assert_eq!(v.peek(0x18), 0x01);
    assert_eq!(v.peek(0x1A), 0xF0);
    assert_eq!(v.peek(0x19), 0x70);
    assert_eq!(v.peek(0x30), 0xFF);
    // Mirrors every 64 bytes.
    v.write(0x40 | 0x21, 0x05);
    assert_eq!(v.peek(0x21), 0xF5);
}

fn run_frame(v: &mut Vic, m: &Mem) {
    tick_to(v, m, 0, 1);
    tick_to(v, m, 311, 63);
}

fn pixel(v: &Vic, x: usize, y: usize) -> u8 {
    v.frame()[y * FRAME_WIDTH + x]
}

#[test]
fn text_cell_lands_where_the_display_window_starts() {
    // 3.4/3.9: 40 columns start at X=24, 25 rows at line 51. In the frame: column 32, row 35.
    let mut m = Mem::new();
    m.ram[0x0400] = 0x01; // glyph 1 in the top-left cell
    m.color[0] = 7;
    let mut v = kernal_vic();
    v.write(0x11, 0x1B);
    run_frame(&mut v, &m);
    for row in 0..8 {
        let bits = m.chargen[8 + row];
        for col in 0..8 {
            let want = if bits & (0x80 >> col) != 0 { 7 } else { 6 };
            assert_eq!(pixel(&v, 32 + col, 35 + row), want, "row {row} col {col}");
        }
    }
    // Border around it.
    assert_eq!(pixel(&v, 31, 35), 14);
    assert_eq!(pixel(&v, 32, 34), 14);
    // Last cell of the screen (row 24, column 39) ends at X=343, line 250.
    assert_eq!(pixel(&v, 32 + 320, 35), 14);
    assert_eq!(
        pixel(&v, 32 + 319, 35 + 199),
        if m.chargen[0x20 * 8 + 7] & 1 != 0 {
            1
        } else {
            6
        }
    );
    assert_eq!(pixel(&v, 32 + 319, 35 + 200), 14);
}

#[test]
fn thirty_eight_columns_and_24_rows_narrow_the_window() {
    // 3.9: CSEL=0 compares at 31/335, RSEL=0 at 55/247.
    let m = Mem::new();
    let mut v = kernal_vic();
    v.write(0x16, 0x00);
    v.write(0x11, 0x13);
    run_frame(&mut v, &m);
    let y = 35 + 10;
    assert_eq!(pixel(&v, 32 + 6, y), 14, "X=30 is border");
    assert_ne!(pixel(&v, 32 + 7, y), 14, "X=31 is inside");
    assert_ne!(pixel(&v, 32 + 310, y), 14, "X=334 is inside");
    assert_eq!(pixel(&v, 32 + 311, y), 14, "X=335 is border");
    assert_eq!(pixel(&v, 40, 35 + 3), 14, "line 54 is border");
    assert_ne!(pixel(&v, 40, 35 + 4), 14, "line 55 is inside");
}

#[test]
fn den_off_shows_only_border() {
    let m = Mem::new();
    let mut v = kernal_vic();
    v.write(0x11, 0x0B);
    run_frame(&mut v, &m);
    run_frame(&mut v, &m);
    assert!(v.frame().iter().all(|&p| p == 14));
}

#[test]
fn invalid_modes_are_black_and_ecm_picks_background_by_code() {
    let mut m = Mem::new();
    // Screen code $C0: ECM background 3, glyph 0 (all of row 0 bits set by the pattern? no:
    // glyph 0 row 0 is 0x00, so the cell shows background).
    for i in 0..1000 {
        m.ram[0x0400 + i] = 0xC0;
    }
    let mut v = kernal_vic();
    v.write(0x24, 5);
    v.write(0x11, 0x5B); // ECM
    run_frame(&mut v, &m);
    assert_eq!(pixel(&v, 32, 35), 5, "ECM: code bits 6-7 = 3 select $D024");
    v.write(0x16, 0x18); // ECM + MCM: invalid
    run_frame(&mut v, &m);
    assert_eq!(pixel(&v, 40, 60), 0, "invalid mode shows black");
    assert_eq!(pixel(&v, 5, 60), 14, "border unaffected");
}

#[test]
fn multicolour_text_uses_bit_pairs_when_colour_bit_3_is_set() {
    let mut m = Mem::new();
    m.ram[0x0400] = 0x1B; // glyph $1B row 0 = $1B = 00 01 10 11
    m.color[0] = 0x0A; // multicolour, colour 2
    let mut v = kernal_vic();
    v.write(0x16, 0x18);
    v.write(0x22, 3);
    v.write(0x23, 4);
    run_frame(&mut v, &m);
    let row: Vec<u8> = (0..8).map(|i| pixel(&v, 32 + i, 35)).collect();
    assert_eq!(row, vec![6, 6, 3, 3, 4, 4, 2, 2]);
}

#[test]
fn idle_state_fetches_from_3fff() {
    // 3.7.1: below the last text row the sequencer is idle and shows $3FFF's byte as
    // foreground in black; with YSCROLL=0 and 24 rows the idle lines are visible... here we
    // just check that an idle g-access reads $3FFF.
    let mut m = Mem::new();
    m.ram[0x3FFF] = 0xAA;
    let mut v = kernal_vic();
    tick_to(&mut v, &m, 20, 20);
    assert_eq!(v.phi1_fetch(&m.view()), 0xAA);
    v.write(0x11, 0x5B);
    m.ram[0x39FF] = 0x55;
    tick_to(&mut v, &m, 21, 20);
    assert_eq!(v.phi1_fetch(&m.view()), 0x55, "ECM idle fetch at $39FF");
}

#[test]
fn open_bus_shows_each_cycles_fetch() {
    // 3.6.3: what the VIC reads in the first phase of each cycle.
    let mut m = Mem::new();
    m.ram[0x3FFF] = 0x11;
    m.ram[0x3FFE] = 0x22;
    m.ram[0x07F8] = 0x33;
    m.ram[0x0400 + 40] = 0x05; // second text row, first cell
    let mut v = kernal_vic();
    // Refresh: counter $FF at line 0, one read of $3Fxx per refresh cycle.
    tick_to(&mut v, &m, 0, 11);
    assert_eq!(v.phi1_fetch(&m.view()), 0x11);
    tick_to(&mut v, &m, 0, 12);
    assert_eq!(v.phi1_fetch(&m.view()), 0x22);
    // Sprite 0's pointer at the end of the video matrix, cycle 58.
    tick_to(&mut v, &m, 0, 58);
    assert_eq!(v.phi1_fetch(&m.view()), 0x33);
    // A g-access in display state: row 2 of glyph 5 in the line $3B+2 (second text row).
    tick_to(&mut v, &m, 0x3B + 2, 16);
    assert_eq!(v.phi1_fetch(&m.view()), m.chargen[5 * 8 + 2]);
}

#[test]
fn fast_drawing_matches_the_per_pixel_path() {
    // Random text, colours and scroll values: the whole-cell fast path and the general
    // per-pixel path must give the same frame.
    let mut m = Mem::new();
    let mut seed = 0x9E37_79B9u32;
    let mut rnd = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    for i in 0..1000 {
        m.ram[0x0400 + i] = rnd() as u8;
        m.color[i] = rnd() as u8 & 0x0F;
    }
    for (d011, d016) in [
        (0x1B, 0x08),
        (0x1B, 0x0B),
        (0x13, 0x05),
        (0x1B, 0x18),
        (0x5B, 0x08),
        (0x3B, 0x08),
        (0x3B, 0x1D),
        (0x7B, 0x08),
        (0x13, 0x12),
    ] {
        let mut fast = kernal_vic();
        let mut slow = kernal_vic();
        slow.slow_draw = true;
        for v in [&mut fast, &mut slow] {
            v.write(0x11, d011);
            v.write(0x16, d016);
            v.write(0x18, 0x14);
            run_frame(v, &m);
            run_frame(v, &m);
        }
        assert!(
            fast.frame() == slow.frame(),
            "frames differ for $D011={d011:02X} $D016={d016:02X}"
        );
    }
}

/// BA cycles of one frame line by line: (line, cycles in which BA was low).
fn ba_cycles(v: &mut Vic, m: &Mem, lines: std::ops::RangeInclusive<u16>) -> Vec<(u16, Vec<u8>)> {
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

/// 3.8.1 and 3.6.3: a sprite whose Y equals the raster line gets DMA from cycle 55 of that
/// line: BA is low from 3 cycles before its p-access through its s-accesses, in each of
/// the 21 lines (42 with Y expansion) whose data it fetches; MCBASE ends at 63.
#[test]
fn sprite_dma_holds_ba_for_21_lines() {
    let m = Mem::new();
    for (yexp, lines) in [(0u8, 21u16), (1, 42)] {
        let mut v = kernal_vic();
        v.write(0x11, 0x0B); // no bad lines
        v.write(0x01, 100); // sprite 0 at Y 100
        v.write(0x17, yexp);
        v.write(0x15, 0x01);
        let seen = ba_cycles(&mut v, &m, 99..=160);
        let with_ba: Vec<u16> = seen
            .iter()
            .filter(|(_, c)| !c.is_empty())
            .map(|(l, _)| *l)
            .collect();
        assert_eq!(
            with_ba,
            (100..100 + lines).collect::<Vec<u16>>(),
            "Y expansion {yexp}"
        );
        for (l, c) in &seen {
            if !c.is_empty() {
                assert_eq!(c, &vec![55, 56, 57, 58, 59], "line {l}");
            }
        }
    }
    // Sprite 7: p-access in cycle 9, so BA low in cycles 6-10 of the lines after.
    let mut v = kernal_vic();
    v.write(0x11, 0x0B);
    v.write(0x0F, 100);
    v.write(0x15, 0x80);
    let seen = ba_cycles(&mut v, &m, 100..=102);
    assert_eq!(seen[1], (101, vec![6, 7, 8, 9, 10]));
}

/// 3.8.2: a hires sprite's set bits in its colour from X on, one pixel per bit (two with X
/// expansion), multicolour pairs from $D025/$D027+n/$D026; the border covers sprites.
#[test]
fn sprite_pixels_hires_multicolour_and_expanded() {
    let mut m = Mem::new();
    // Sprite block 13 ($0340): first row %10100000 00000000 00000001, the rest empty.
    for b in &mut m.ram[0x340..0x380] {
        *b = 0;
    }
    m.ram[0x340] = 0xA0;
    m.ram[0x342] = 0x01;
    m.ram[0x07F8] = 13;
    // Text in the background colour: only the sprite differs from it.
    m.color.fill(6);
    let mut v = kernal_vic();
    v.write(0x21, 6);
    v.write(0x00, 24 + 8); // X 32: 8 pixels into the display window
    v.write(0x01, 99);
    v.write(0x27, 7);
    v.write(0x15, 0x01);
    tick_to(&mut v, &m, 101, 1);
    // Line 100 shows the first row. Frame column of X is X + 8; row is line - 16.
    let row = |v: &Vic, line: u16| {
        let r = (line - T.first_visible_line) as usize * FRAME_WIDTH;
        v.frame()[r + 8 + 32..r + 8 + 32 + 24].to_vec()
    };
    let mut want = vec![6u8; 24];
    want[0] = 7;
    want[2] = 7;
    want[23] = 7;
    assert_eq!(row(&v, 100), want);

    // X expansion doubles every pixel; multicolour takes pairs.
    let mut v = kernal_vic();
    v.write(0x21, 6);
    v.write(0x00, 32);
    v.write(0x01, 99);
    v.write(0x27, 7);
    v.write(0x25, 2);
    v.write(0x26, 5);
    v.write(0x1C, 0x01);
    v.write(0x1D, 0x01);
    v.write(0x15, 0x01);
    tick_to(&mut v, &m, 101, 1);
    let r = (100 - T.first_visible_line) as usize * FRAME_WIDTH + 8 + 32;
    let px = &v.frame()[r..r + 48];
    // Pairs: 10 10 00 .. 00 01 -> colour 7 (4 pixels each, expanded), 7, 6..., last pair 2.
    assert_eq!(&px[0..8], &[7; 8]);
    assert_eq!(&px[8..44], &[6; 36]);
    assert_eq!(&px[44..48], &[2; 4]);
}

/// 3.8.2: overlapping sprite pixels set both bits in $D01E and the IRQ flag (bit 2) once;
/// a sprite pixel over foreground graphics sets $D01F and bit 1; priority by $D01B.
#[test]
fn sprite_collisions_and_priority() {
    let mut m = Mem::new();
    for b in &mut m.ram[0x340..0x380] {
        *b = 0xFF;
    }
    m.ram[0x07F8] = 13;
    m.ram[0x07F9] = 13;
    m.ram[0x3FFF] = 0; // the idle state's graphics: empty
    let mut v = kernal_vic();
    v.write(0x11, 0x0B); // display off: idle state only, no foreground graphics
    v.write(0x00, 100);
    v.write(0x02, 110);
    v.write(0x01, 99);
    v.write(0x03, 99);
    v.write(0x15, 0x03);
    tick_to(&mut v, &m, 101, 1);
    assert_eq!(v.peek(0x1E), 0x03);
    assert_eq!(v.peek(0x1F), 0x00);
    assert_eq!(v.peek(0x19) & 0x06, 0x04);
    assert_eq!(v.read(0x1E), 0x03);
    assert_eq!(v.peek(0x1E), 0x00, "cleared by the read");

    // Over text: the screen is full of character $20 whose glyph rows are nonzero.
    for (behind, want) in [(0x01u8, [1u8, 3].as_slice()), (0x00, [3].as_slice())] {
        let mut v = kernal_vic();
        v.write(0x00, 100);
        v.write(0x01, 99);
        v.write(0x27, 3);
        v.write(0x1B, behind);
        v.write(0x15, 0x01);
        tick_to(&mut v, &m, 101, 1);
        assert_eq!(v.peek(0x1F), 0x01);
        assert_eq!(v.peek(0x19) & 0x02, 0x02);
        let r = (100 - T.first_visible_line) as usize * FRAME_WIDTH + 8;
        let mut colours = v.frame()[r + 100..r + 124].to_vec();
        colours.sort();
        colours.dedup();
        assert_eq!(colours, want, "$D01B = {behind}");
    }
}

#[test]
fn drawing_a_line_at_once_matches_drawing_each_cycle_with_mid_line_writes() {
    // Without sprites the pixels of a line are drawn at its end, or when a register is
    // written; random writes to the mode, scroll, border and colour registers at random
    // positions must give the frame that drawing every cycle as it comes gives.
    let mut rng = crate::test_rng::Rng(0x5EED_0FD1);
    let m = Mem::random(&mut rng);
    for frame in 0..6 {
        let mut events: Vec<(u16, u8, u8, u8)> = (0..40)
            .map(|_| {
                let line = rng.below(T.lines as u64) as u16;
                let cycle = 1 + rng.below(63) as u8;
                let (reg, value) = match rng.below(6) {
                    0 => (0x11, 0x10 | (rng.byte() & 0x6F)),
                    1 => (0x16, rng.byte() & 0x1F),
                    2 => (0x18, rng.byte()),
                    3 => (0x20, rng.byte()),
                    _ => (0x21 + rng.below(4) as u8, rng.byte()),
                };
                (line, cycle, reg, value)
            })
            .collect();
        events.sort();
        let mut line_at_once = kernal_vic();
        let mut each_cycle = kernal_vic();
        each_cycle.slow_draw = true;
        for v in [&mut line_at_once, &mut each_cycle] {
            tick_to(v, &m, 0, 1);
            for &(line, cycle, reg, value) in &events {
                if (v.raster(), v.cycle()) != (line, cycle) {
                    tick_to(v, &m, line, cycle);
                }
                v.write(reg, value);
            }
            tick_to(v, &m, 311, 63);
        }
        assert!(
            line_at_once.frame() == each_cycle.frame(),
            "frame {frame}: the pictures differ"
        );
        assert_eq!(
            (line_at_once.main_border, line_at_once.vertical_border),
            (each_cycle.main_border, each_cycle.vertical_border)
        );
    }
}

#[test]
fn sprites_drawn_only_where_they_are_match_the_per_pixel_path() {
    // Cycles whose 8 pixels no shown sprite reaches are drawn without the sprite path;
    // random sprites (X across the whole line and its wrap, expanded or not, multicolour
    // or not, behind or in front) over random graphics must give the same picture and
    // the same collisions as checking every sprite at every pixel.
    let mut rng = crate::test_rng::Rng(0x0005_B17E_5EED);
    let mut m = Mem::random(&mut rng);
    for round in 0..6 {
        let mut regs = vec![(0x15, 0xFF)];
        for n in 0..8u8 {
            regs.push((2 * n, rng.byte()));
            regs.push((2 * n + 1, 0x20 + rng.below(0xD0) as u8));
            regs.push((0x27 + n, rng.byte()));
            m.ram[0x07F8 + n as usize] = 0x80 + rng.below(0x40) as u8;
        }
        for r in [0x10, 0x17, 0x1B, 0x1C, 0x1D, 0x25, 0x26] {
            regs.push((r, rng.byte()));
        }
        let mode = [(0x1B, 0x08), (0x1B, 0x18), (0x3B, 0x08), (0x3B, 0x18)][round % 4];
        let mut fast = kernal_vic();
        let mut slow = kernal_vic();
        slow.slow_draw = true;
        for v in [&mut fast, &mut slow] {
            v.write(0x11, mode.0);
            v.write(0x16, mode.1);
            for &(r, x) in &regs {
                v.write(r, x);
            }
            run_frame(v, &m);
            run_frame(v, &m);
        }
        assert!(
            fast.frame() == slow.frame(),
            "round {round}: the pictures differ"
        );
        assert_eq!(
            (fast.peek(0x1E), fast.peek(0x1F), fast.peek(0x19)),
            (slow.peek(0x1E), slow.peek(0x1F), slow.peek(0x19)),
            "round {round}: collisions"
        );
    }
}

#[test]
fn idle_state_lines_show_the_3fff_byte_in_black() {
    // 3.7.1-3.7.3: with YSCROLL=5 the first bad line is $35, so lines $33 and $34 are
    // inside the display window (it opens at line 51 = $33) but in idle state. There the
    // g-accesses read $3FFF and the sequencer shows that byte with the video matrix data
    // taken as zero: in standard text mode, black where a bit is set, background elsewhere.
    let mut m = Mem::new();
    m.ram[0x3FFF] = 0xA5;
    for c in m.color.iter_mut() {
        *c = 7;
    }
    let mut v = kernal_vic();
    v.write(0x11, 0x1D);
    run_frame(&mut v, &m);
    run_frame(&mut v, &m);
    for line in [0x33u16, 0x34] {
        let y = (line - T.first_visible_line) as usize;
        for cell in 0..40 {
            for bit in 0..8 {
                let want = if 0xA5 & (0x80 >> bit) != 0 { 0 } else { 6 };
                let x = 32 + cell * 8 + bit;
                assert_eq!(
                    pixel(&v, x, y),
                    want,
                    "line ${line:02X} cell {cell} bit {bit}"
                );
            }
        }
    }
    // The first bad line shows the text again.
    let y = (0x35 - T.first_visible_line) as usize;
    assert_eq!(
        pixel(&v, 32, y),
        if m.chargen[0x20 * 8] & 0x80 != 0 {
            7
        } else {
            6
        }
    );
}

#[test]
fn a_bad_line_started_in_idle_state_fetches_38ff_once_then_shows_display_state() {
    // 3.5/3.7.1 and VICE test bench VICII/vsp-tester (measured on 6569s): YSCROLL=5 leaves
    // line $33 idle; a $D011 write in its cycle 40 makes it a Bad Line ("DMA delay"). The
    // g-access of cycle 41 is still an idle one, but from $38FF; from cycle 42 on the
    // sequencer is in display state, with the $FF codes and colours the c-accesses read
    // while the CPU still has the bus.
    let mut m = Mem::new();
    m.ram[0x3FFF] = 0xA5;
    m.ram[0x38FF] = 0x3C;
    let mut v = kernal_vic();
    v.write(0x11, 0x1D);
    run_frame(&mut v, &m);
    tick_to(&mut v, &m, 0x33, 40);
    v.write(0x11, 0x1B);
    let rc = v.rc as usize;
    tick_to(&mut v, &m, 0x33, 41);
    assert_eq!(v.phi1_fetch(&m.view()), 0x3C, "open bus in cycle 41");
    tick_to(&mut v, &m, 0x34, 1);
    v.flush_draw();
    let y = (0x33 - T.first_visible_line) as usize;
    let cell = |v: &Vic, c: usize| {
        (0..8)
            .map(|b| pixel(v, 32 + c * 8 + b, y))
            .collect::<Vec<_>>()
    };
    let idle = |byte: u8| {
        (0..8)
            .map(|b| if byte & (0x80 >> b) != 0 { 0 } else { 6 })
            .collect::<Vec<_>>()
    };
    for c in 0..25 {
        assert_eq!(cell(&v, c), idle(0xA5), "cell {c}: idle from $3FFF");
    }
    assert_eq!(
        cell(&v, 25),
        idle(0x3C),
        "cell 25 (cycle 41): idle from $38FF"
    );
    let glyph = m.chargen[0xFF * 8 + rc];
    let shown = (0..8)
        .map(|b| if glyph & (0x80 >> b) != 0 { 15 } else { 6 })
        .collect::<Vec<_>>();
    assert_eq!(
        cell(&v, 26),
        shown,
        "cell 26 (cycle 42): code $FF in colour 15"
    );
}

/// Sprites `(n, x, y)` sharing block 13, whose first row is `first` and the other 20
/// `rest`, over no foreground graphics, with the sprite-sprite interrupt enabled.
fn sprites_at(m: &mut Mem, sprites: &[(usize, u16, u8)], first: [u8; 3], rest: u8) -> Vic {
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
fn sprites_meeting_at(m: &mut Mem, x: u8, row: [u8; 3]) -> Vic {
    sprites_at(m, &[(0, x as u16, 99), (1, x as u16, 99)], row, 0)
}

/// A collision reaches $D01E (and the interrupt) 12 pixels after the cycle that draws it:
/// the first four pixels of a cycle in the next cycle, the last four in the one after.
#[test]
fn collisions_reach_the_register_twelve_pixels_after_their_cycle() {
    // Cycle 44 draws X 244-251.
    for (x, due) in [(244u8, 45u8), (247, 45), (248, 46), (251, 46)] {
        let mut m = Mem::new();
        let mut v = sprites_meeting_at(&mut m, x, [0x80, 0, 0]);
        tick_to(&mut v, &m, 100, 44);
        for c in 44..=47 {
            if c > 44 {
                v.tick(&m.view());
            }
            let seen = v.peek(0x1E);
            assert_eq!(seen != 0, c >= due, "X {x}, cycle {c}: $D01E {seen:02X}");
            assert_eq!(v.irq(), c >= due, "X {x}, cycle {c}: IRQ");
        }
        assert_eq!(v.peek(0x1E), 0x03);
    }
}

/// A read of $D01E clears it for 12 more pixels: of two sprites overlapping over X 100-123
/// (cycles 26-28), a read in cycle 27 sees X 100-103, loses X 104-115, and the register
/// fills again from X 116 on.
#[test]
fn a_collision_register_read_loses_the_next_twelve_pixels() {
    let mut m = Mem::new();
    let mut v = sprites_meeting_at(&mut m, 100, [0xFF; 3]);
    tick_to(&mut v, &m, 100, 27);
    assert_eq!(v.read(0x1E), 0x03);
    v.tick(&m.view());
    assert_eq!(v.peek(0x1E), 0x00, "cycle 28: X 104-115 lost");
    v.tick(&m.view());
    assert_eq!(v.peek(0x1E), 0x03, "cycle 29: X 116-119 arrived");
    // Without the read the register would have filled anyway; $D01F is untouched.
    assert_eq!(v.peek(0x1F), 0x00);
}

/// The raster X counter runs 0-503: sprites at X 504-511 ($1F8-$1FF) never start, so
/// they neither show nor collide; at X 503 they do.
#[test]
fn sprites_at_x_504_and_beyond_stay_dark() {
    for (x, collide) in [(0x1F7u16, true), (0x1F8, false), (0x1FF, false)] {
        let d01e = collisions_by_line_101(&[(0, x, 99), (1, x, 99)], 0, |_| {});
        assert_eq!(d01e != 0, collide, "X {x:03X}");
    }
}

/// $D01E after line 100 with [`sprites_at`]'s sprites (a full first row, the others
/// `rest`), after `tweak` has changed memory.
fn collisions_by_line_101(sprites: &[(usize, u16, u8)], rest: u8, tweak: impl Fn(&mut Mem)) -> u8 {
    let mut m = Mem::new();
    let mut v = sprites_at(&mut m, sprites, [0xFF; 3], rest);
    tweak(&mut m);
    tick_to(&mut v, &m, 101, 1);
    v.peek(0x1E)
}

/// 3.8.2 and the s-accesses: sprite 0's shift register reloads at X 355 (one pixel before
/// its p-access cycle). A sprite still shifting there holds its last pixel for X 355-361
/// and then goes dark; its X comparator starts nothing at X 355-366.
#[test]
fn the_reload_cuts_a_running_sprite_and_blocks_new_starts() {
    // Sprite 0 full from X 340 (its run would end at 363); sprite 1 a single pixel at p.
    for (p, collide) in [
        (354u16, true),
        (355, true),
        (361, true),
        (362, false),
        (363, false),
    ] {
        let d01e = collisions_by_line_101(&[(0, 340, 99), (1, p, 99)], 0, |m| {
            m.ram[0x07F9] = 14; // sprite 1: block 14, one pixel
            m.ram[0x380..0x3C0].fill(0);
            m.ram[0x380] = 0x80;
        });
        assert_eq!(d01e != 0, collide, "sprite 1 at X {p}");
    }
    // Sprite 0 started at X 355-366 shows nothing; from 367 it shows.
    for (x, collide) in [(355u16, false), (360, false), (366, false), (367, true)] {
        // Sprite 1 (reload at X 371) is fine at these X; only sprite 0 can fail to start.
        let d01e = collisions_by_line_101(&[(0, x, 99), (1, x, 99)], 0xFF, |_| {});
        assert_eq!(d01e != 0, collide, "sprites at X {x}");
    }
}

/// On the line that shows a sprite's last row its DMA has ended (cycle 16), and its
/// display goes off in cycle 58 (X 356): a sprite whose X comparator fires from there on
/// never shows that row, one that started before shows it.
#[test]
fn a_sprite_on_its_last_row_starts_only_before_cycle_58() {
    for (x, last_row_shown) in [(340u16, true), (360, false)] {
        let mut m = Mem::new();
        let mut v = sprites_at(&mut m, &[(6, x, 99), (7, x, 99)], [0xFF; 3], 0xFF);
        tick_to(&mut v, &m, 120, 30);
        assert_eq!(v.read(0x1E), 0xC0, "X {x}: rows up to line 119");
        tick_to(&mut v, &m, 122, 30);
        assert_eq!(v.peek(0x1E) != 0, last_row_shown, "X {x}: line 120");
    }
}

/// Sprites run and collide outside the picture too: in the vertical blank (line 6).
#[test]
fn sprites_collide_in_the_vertical_blank() {
    let mut m = Mem::new();
    let mut v = sprites_at(&mut m, &[(0, 100, 5), (1, 100, 5)], [0xFF; 3], 0);
    tick_to(&mut v, &m, 6, 63);
    assert_eq!(v.peek(0x1E), 0x03);
}

/// 3.11: a falling edge on LP latches the beam position at the end of its cycle: in cycle
/// 20, LPX $1E (X $3C) as the article gives it, and the line in LPY, with the light pen
/// interrupt flag. Only the first edge of a frame latches; the vertical blank re-arms it.
#[test]
fn the_light_pen_latches_the_first_edge_of_a_frame() {
    let m = Mem::new();
    let mut v = kernal_vic();
    tick_to(&mut v, &m, 100, 20);
    v.set_light_pen(true);
    assert_eq!((v.peek(0x13), v.peek(0x14)), (0x1E, 100));
    assert_eq!(v.peek(0x19) & 0x08, 0x08);
    v.write(0x19, 0x08);
    v.set_light_pen(false);
    tick_to(&mut v, &m, 200, 30);
    v.set_light_pen(true);
    v.set_light_pen(false);
    assert_eq!(
        (v.peek(0x13), v.peek(0x14)),
        (0x1E, 100),
        "a second edge is ignored"
    );
    assert_eq!(v.peek(0x19) & 0x08, 0);
    // Writes do not change the latches.
    v.write(0x13, 0x55);
    assert_eq!(v.peek(0x13), 0x1E);
    // The next frame latches again; an edge in line 311 is taken without a latch.
    tick_to(&mut v, &m, 311, 10);
    v.set_light_pen(true);
    v.set_light_pen(false);
    assert_eq!(v.peek(0x19) & 0x08, 0, "line 311");
    tick_to(&mut v, &m, 50, 2);
    v.set_light_pen(true);
    assert_eq!(
        (v.peek(0x13), v.peek(0x14)),
        (0xD2, 50),
        "cycle 2 ends at X $1A4"
    );
    assert_eq!(v.peek(0x19) & 0x08, 0x08);
}

/// $D011/$D012 read line 0 as 311 in its first cycle.
#[test]
fn line_0_reads_as_311_in_its_first_cycle() {
    let m = Mem::new();
    let mut v = kernal_vic();
    tick_to(&mut v, &m, 0, 1);
    assert_eq!((v.peek(0x11) & 0x80, v.peek(0x12)), (0x80, 0x37));
    tick_to(&mut v, &m, 0, 2);
    assert_eq!((v.peek(0x11) & 0x80, v.peek(0x12)), (0x00, 0x00));
}

/// A pen held to frame pixel (200, 150) sees raster X 192 on line 166 once a frame.
#[test]
fn a_pen_on_the_picture_latches_where_it_is_held() {
    let m = Mem::new();
    let mut v = kernal_vic();
    v.set_pen(Some((200, 150)));
    run_frame(&mut v, &m);
    assert_eq!((v.peek(0x13), v.peek(0x14)), (96, 166));
    assert_eq!(v.peek(0x19) & 0x08, 0x08);
    v.set_pen(Some((FRAME_WIDTH, 0)));
    v.write(0x19, 0x08);
    run_frame(&mut v, &m);
    assert_eq!(v.peek(0x19) & 0x08, 0, "off the picture: no pen");
}

/// The sprite crunch: clearing MxYE in cycle 15 while the expansion flip-flop is reset
/// moves MCBASE to the readme's values ($00 to $01, $01 and $04-$06 to $05, $03 to $07);
/// the same write a cycle earlier or later is an ordinary one.
#[test]
fn clearing_y_expansion_in_cycle_15_crunches_the_sprite() {
    let m = Mem::new();
    for (base, want) in [(0u8, 1u8), (1, 5), (3, 7), (4, 5), (6, 5)] {
        for (cycle, crunch) in [(14u8, false), (15, true), (16, false)] {
            let mut v = kernal_vic();
            v.write(0x17, 0x01);
            tick_to(&mut v, &m, 100, cycle);
            // Sprite 0 mid-row on the first line of an expanded row: DMA on, flip-flop
            // reset, its three bytes fetched (MC three past MCBASE).
            v.spr.dma = 0x01;
            v.spr.exp_ff = 0xFE;
            v.spr.mcbase[0] = base;
            v.spr.mc[0] = base + 3;
            v.write(0x17, 0x00);
            tick_to(&mut v, &m, 100, 17);
            // Without the crunch: steps of 2 (cycle 15) and 1 (cycle 16) where the
            // flip-flop is already set; a write in cycle 16 comes after both.
            let ordinary = match cycle {
                14 => base + 3,
                15 => base + 1,
                _ => base,
            };
            let expect = if crunch { want } else { ordinary };
            assert_eq!(
                v.spr.mcbase[0], expect,
                "MCBASE {base:02X}, write in cycle {cycle}"
            );
        }
    }
}

/// A write to a sprite's X register reaches its comparator from the fifth pixel of the
/// write's cycle: written in cycle 25 (X 92-99), from X 96 on. Sprite 0 moves from `from`
/// to `to` there, sprite 1 stands at `other`; both have a full first row on line 100.
#[test]
fn a_sprite_x_write_counts_from_the_fifth_pixel_of_its_cycle() {
    for (from, to, other, collide) in [
        // X 95 still compares with the old value: the run is 95-118, clear of 119.
        (95u8, 96u8, 119u8, false),
        // X 96 compares with the new value: no start at 96, the run is 97-120.
        (96, 97, 120, true),
        // The same a cycle later (cycle 26, X 100-107): from X 104 on.
        (103, 104, 127, false),
        (104, 105, 128, true),
    ] {
        let mut m = Mem::new();
        let mut v = sprites_at(
            &mut m,
            &[(0, from as u16, 99), (1, other as u16, 99)],
            [0xFF; 3],
            0,
        );
        let cycle = if from < 100 { 25 } else { 26 };
        tick_to(&mut v, &m, 100, cycle);
        v.write(0x00, to);
        tick_to(&mut v, &m, 101, 1);
        assert_eq!(
            v.peek(0x1E) != 0,
            collide,
            "sprite 0 moved {from} -> {to} in cycle {cycle}, sprite 1 at {other}"
        );
    }
}
