//! What the VIC draws: the display window, modes, idle state, and drawing a line at once
//! matching drawing it cycle by cycle (VIC-II article, 3.7-3.9).

use super::*;

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

#[test]
fn drawing_a_line_at_once_matches_drawing_each_cycle_with_mid_line_writes() {
    // Without sprites the pixels of a line are drawn at its end, or when a register is
    // written; random writes to the mode, scroll, border and colour registers at random
    // positions must give the frame that drawing every cycle as it comes gives.
    let mut rng = crate::chips::test_rng::Rng(0x5EED_0FD1);
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

/// A colour register written in cycle N shows from 3 pixels before N's first pixel
/// (greydot and colorsplit in the VICE test bench, photographed on 6569s): written in
/// cycle 30 (X 132-139), the new colour starts at X 129. The same holds for the border,
/// for a sprite's colour, and where a sprite is being drawn cycle by cycle; written a cycle
/// later, the pixels of cycle 29 keep the old colour.
#[test]
fn a_colour_write_shows_three_pixels_before_its_cycle() {
    // (register, line, sprite 0 at X 112 on this line, pixel checked in X 100-160)
    for (reg, line, sprite, cycle) in [
        (0x21u8, 100u16, false, 30u8),
        (0x21, 100, true, 30),
        (0x20, 30, false, 30),
        (0x20, 30, true, 30),
        (0x27, 100, true, 30),
        // Later: the pixels drawn before stay as they were.
        (0x21, 100, true, 31),
        (0x27, 100, true, 31),
        (0x21, 100, true, 32),
        (0x21, 100, true, 33),
        (0x21, 100, true, 34),
    ] {
        let mut m = Mem::new();
        m.chargen.fill(0); // text all background
        let mut v = if sprite {
            let y = (line - 1) as u8;
            // A sprite whose first row is set in its middle 8 pixels only, or all of it.
            let row = if reg == 0x27 { [0xFF; 3] } else { [0, 0xFF, 0] };
            sprites_at(&mut m, &[(0, 112, y)], row, 0)
        } else {
            kernal_vic()
        };
        v.write(0x11, 0x1B);
        v.write(0x27, 7);
        v.write(reg, 2);
        write_at(&mut v, &m, (line, cycle), reg, 5);
        let r = (line - T.first_visible_line) as usize * FRAME_WIDTH + 8;
        let px = &v.frame()[r + 100..r + 160];
        // With a sprite over the background, only the pixels outside it are checked.
        let sprite_px = |x: usize| sprite && reg != 0x27 && (120..128).contains(&x);
        for (i, &c) in px.iter().enumerate() {
            let x = 100 + i;
            if sprite_px(x) || (reg == 0x27 && !(112..136).contains(&x)) {
                continue;
            }
            let want = if x < 129 + 8 * (cycle as usize - 30) {
                2
            } else {
                5
            };
            assert_eq!(c, want, "${reg:02X}, sprite {sprite}, cycle {cycle}: X {x}");
        }
    }
}

/// 3.9 with the VICE test bench's vborder2 (photographed on a 6569): the bottom compare
/// sets the vertical border flip-flop in whatever cycle RSEL matches, not only in cycle 63
/// and at the left edge. RSEL cleared for cycles 30-33 of line 247 closes the border from
/// line 248; cleared in cycles 5-8, from line 247 itself; in line 246, not at all. The
/// left compare (X 24, cycle 16's fifth pixel) sees a write of cycle 16; a write in cycle
/// 63 comes too late for its line.
#[test]
fn the_vertical_border_follows_rsel_in_any_cycle_of_its_line() {
    for (line, cycle, first_closed) in [
        (247u16, 30u8, 248u16),
        (247, 5, 247),
        (246, 30, 251),
        (247, 16, 247),
        (247, 17, 248),
        (247, 62, 248),
        (247, 63, 251),
    ] {
        let m = Mem::new();
        let mut v = kernal_vic();
        tick_to(&mut v, &m, line, cycle);
        v.write(0x11, 0x13);
        for _ in 0..4 {
            v.tick(&m.view());
        }
        v.write(0x11, 0x1B);
        tick_to(&mut v, &m, 252, 1);
        for l in 245..=251u16 {
            let border = pixel(&v, 8 + 100, (l - T.first_visible_line) as usize) == 14;
            assert_eq!(
                border,
                l >= first_closed,
                "RSEL off in line {line} cycle {cycle}: line {l}"
            );
        }
    }
}

/// 3.9: CSEL cleared in cycle 56 (X 340-347) moves the right compare to X 335 before the
/// 40-column one at X 344 is reached, so the border stays open; in cycle 57 it is too
/// late. The comparator sees the new CSEL from the fifth pixel of the write's cycle.
#[test]
fn csel_cleared_in_cycle_56_keeps_the_right_border_open() {
    for (cycle, open) in [(56u8, true), (57, false)] {
        let m = Mem::new();
        let mut v = kernal_vic();
        tick_to(&mut v, &m, 100, cycle);
        v.write(0x16, 0x00);
        tick_to(&mut v, &m, 101, 10);
        v.write(0x16, 0x08);
        tick_to(&mut v, &m, 102, 1);
        let row = (100 - T.first_visible_line) as usize;
        assert_eq!(
            pixel(&v, 8 + 350, row) != 14,
            open,
            "CSEL cleared in cycle {cycle}"
        );
    }
}

/// 3.9: in a line that starts with the vertical border flip-flop set, the graphics
/// sequencer shows only the background, even where the side border is open (VICE test
/// bench VICII/border/hvborder2); set within a line by clearing RSEL, it leaves that
/// line's graphics alone (vborder2-36). Both photographed on 6569s.
#[test]
fn the_vertical_border_blanks_the_graphics_from_the_next_line() {
    let mut m = Mem::new();
    m.ram[0x3FFF] = 0xFF; // idle graphics: all foreground (black: no colour in idle state)
    m.chargen.fill(0xFF); // text: all foreground (colour 1)
    let mut v = kernal_vic();
    // The side border opened on lines 245-256 (CSEL cleared in cycle 56, set again in
    // 10), from before the vertical border starts.
    for line in 245..=256u16 {
        tick_to(&mut v, &m, line, 56);
        v.write(0x16, 0x00);
        tick_to(&mut v, &m, line + 1, 10);
        v.write(0x16, 0x08);
    }
    tick_to(&mut v, &m, 258, 1);
    let row = (255 - T.first_visible_line) as usize;
    for x in [8usize, 100, 200, 350, 370] {
        assert_eq!(pixel(&v, 8 + x, row), 6, "line 255, X {x}: the background");
    }
    // RSEL cleared in cycles 30-33 of line 247 sets the flip-flop there; the rest of the
    // line still shows its characters, and the border closes from line 248.
    let mut v = kernal_vic();
    tick_to(&mut v, &m, 247, 30);
    v.write(0x11, 0x13);
    tick_to(&mut v, &m, 247, 34);
    v.write(0x11, 0x1B);
    tick_to(&mut v, &m, 249, 1);
    let (r247, r248) = (
        (247 - T.first_visible_line) as usize,
        (248 - T.first_visible_line) as usize,
    );
    for x in [40usize, 200, 330] {
        assert_eq!(pixel(&v, 8 + x, r247), 1, "line 247, X {x}: the characters");
        assert_eq!(pixel(&v, 8 + x, r248), 14, "line 248, X {x}: the border");
    }
}

/// The graphics sequencer holds the c-data of the last cell of a line while the main
/// border stays open (VICE test bench VICII/border, border-250, border-bm-idle and
/// border-bm-ysh, photographed on 6569s). In hires bitmap mode its low nybble colours
/// the open side border, the left border of the next line and, in lines that start
/// inside the vertical border, the whole line; an idle line's cells have none.
#[test]
fn the_sequencer_holds_the_last_cells_c_data_while_the_border_is_open() {
    let mut m = Mem::new();
    m.ram[0x3FFF] = 0; // idle graphics: no set bits
    m.ram[0x0400 + 6 * 40 + 39] = 0xE7; // last cell of lines 99-106
    m.ram[0x0400 + 24 * 40 + 39] = 0xE7; // last cell of lines 243-250
    let mut v = kernal_vic();
    v.write(0x11, 0x3B); // hires bitmap
    let open = |v: &mut Vic, line: u16| {
        tick_to(v, &m, line, 56);
        v.write(0x16, 0x00);
        tick_to(v, &m, line + 1, 10);
        v.write(0x16, 0x08);
    };
    // Line 107 is an idle line: YSCROLL 4 from the end of line 106 skips its Bad Line.
    tick_to(&mut v, &m, 106, 56);
    v.write(0x16, 0x00);
    tick_to(&mut v, &m, 106, 60);
    v.write(0x11, 0x3C);
    tick_to(&mut v, &m, 107, 10);
    v.write(0x16, 0x08);
    tick_to(&mut v, &m, 108, 1);
    v.write(0x11, 0x3B);
    for line in 245..=254u16 {
        open(&mut v, line);
    }
    tick_to(&mut v, &m, 256, 1);
    let at = |line: u16, x: usize| pixel(&v, 8 + x, (line - T.first_visible_line) as usize);
    assert_eq!(at(106, 360), 7, "line 106's open right border");
    assert_eq!(at(107, 10), 7, "line 107's left border");
    assert_eq!(at(107, 100), 0, "line 107's idle cells");
    for x in [10usize, 100, 360] {
        assert_eq!(at(252, x), 7, "line 252, X {x}");
    }
}

/// XSCROLL written after the sequencer loaded the line's last cell (X 336 + XSCROLL)
/// leaves that cell where it was: with the right border opened, the pixels after it show
/// no data (VICE test bench VICII/vicii_timing and border-bm-idle, photographed on
/// 6569s). The next line's cells take the new XSCROLL.
#[test]
fn xscroll_written_after_the_last_cell_leaves_it_in_place() {
    let mut m = Mem::new();
    m.chargen.fill(0xFF); // all foreground (colour 1)
    let mut v = kernal_vic();
    // In cycle 56 (X 340-347, counted from X 344): XSCROLL 7 and 38 columns, which also
    // keeps the right border open.
    tick_to(&mut v, &m, 100, 56);
    v.write(0x16, 0x07);
    tick_to(&mut v, &m, 102, 1);
    let at = |line: u16, x: usize| pixel(&v, 8 + x, (line - T.first_visible_line) as usize);
    assert_eq!(at(100, 343), 1, "line 100: the last cell");
    for x in 344..=350 {
        assert_eq!(at(100, x), 6, "line 100, X {x}: after the last cell");
    }
    assert_eq!(at(101, 30), 6, "line 101: before the first cell");
    assert_eq!(at(101, 31), 1, "line 101: the first cell, 7 pixels on");
}

/// An invalid mode (ECM with BMM or MCM) shows black. Mode bits change within their
/// write's cycle: ECM and BMM set from its first pixel and cleared from its third (both
/// cleared together: from its second), MCM from its first (VICE test bench
/// VICII/videomode and VICII/vicii_timing). The writes are in cycles 30 (X 132-139) and
/// 40 (X 212-219) of line 100.
#[test]
fn mode_bits_change_within_their_writes_cycle() {
    // (register, value that makes the mode invalid, its old value, first and last black X)
    for (reg, invalid, valid, from, to) in [
        (0x11u8, 0x7Bu8, 0x1Bu8, 132usize, 212usize), // BMM and ECM together
        (0x16, 0x18, 0x08, 132, 211),                 // MCM under ECM
    ] {
        let mut m = Mem::new();
        m.chargen.fill(0x0F);
        let mut v = kernal_vic();
        if reg == 0x16 {
            v.write(0x11, 0x5B); // ECM on: MCM makes it invalid
        }
        tick_to(&mut v, &m, 100, 30);
        v.write(reg, invalid);
        tick_to(&mut v, &m, 100, 40);
        v.write(reg, valid);
        tick_to(&mut v, &m, 101, 1);
        let row = (100 - T.first_visible_line) as usize;
        for x in 120..230 {
            let black = (from..=to).contains(&x);
            assert_eq!(
                pixel(&v, 8 + x, row) == 0,
                black,
                "${reg:02X}: X {x} (colour {})",
                pixel(&v, 8 + x, row)
            );
        }
    }
}

/// CSEL cleared in cycle 55 (X 332-339) counts at the 38-column compare at X 335, the
/// fourth pixel of that cycle: the right border closes there (VICE test bench
/// VICII/border, border-bm-ysh and hvborder1, photographed on 6569s).
#[test]
fn csel_cleared_in_cycle_55_closes_the_border_at_x_335() {
    let m = Mem::new();
    let mut v = kernal_vic();
    tick_to(&mut v, &m, 100, 55);
    v.write(0x16, 0x00);
    tick_to(&mut v, &m, 101, 1);
    let at = |x: usize| pixel(&v, 8 + x, (100 - T.first_visible_line) as usize);
    assert_ne!(at(334), 14, "X 334: still the display window");
    for x in 335..350 {
        assert_eq!(at(x), 14, "X {x}: border");
    }
}
