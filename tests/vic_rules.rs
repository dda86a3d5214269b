//! VIC-II (PAL 6569) rules, each checked by a small program of our own
//! (tests/programs/machine_vic_*.s) run on the whole machine: the pixels it leaves in the
//! picture, or the cycles the CPU loses, against the rules of C. Bauer, "The MOS 6567/6569
//! video controller (VIC-II) and its application in the Commodore 64" (sections cited
//! with each test). Every expected value below is computed from the rule, not taken from a
//! run.
//!
//! The picture: `FRAME_WIDTH` x `FRAME_HEIGHT` palette indices; frame row = raster line -
//! `FIRST_VISIBLE_LINE` (16); frame column = X + 8 for X 0-375, X - 496 for X 496-503.
//! Colours used: 0 black, 1 white, 2 red, 5 green, 6 blue, 7 yellow, 10 light red,
//! 12 grey, 14 light blue (the border everywhere).

mod common;
use breadbin::C64;
use breadbin::chips::vic::{FRAME_HEIGHT, FRAME_WIDTH};

/// The first raster line in the frame (the 6569's timing table).
const FIRST_VISIBLE_LINE: u16 = breadbin::chips::vic::timing::MOS6569.first_visible_line;
use common::{machine_with, run_to_d7ff, timed_cycles};

const BITMAP: &[u8] = include_bytes!("programs/machine_vic_bitmap.bin");
const BORDER: &[u8] = include_bytes!("programs/machine_vic_border.bin");
const SPRITES: &[u8] = include_bytes!("programs/machine_vic_sprites.bin");
const SPRITE_MC: &[u8] = include_bytes!("programs/machine_vic_sprite_mc.bin");
const SPRITE_PRIO: &[u8] = include_bytes!("programs/machine_vic_sprite_prio.bin");
const COLLISION: &[u8] = include_bytes!("programs/machine_vic_collision.bin");
const SPRITE_DMA: &[u8] = include_bytes!("programs/machine_vic_sprite_dma.bin");

const BORDER_COLOUR: u8 = 14;
const BACKGROUND: u8 = 6;

/// The 40x25 display window (3.4): X 24-343, lines 51-250, as (left, right, top, bottom)
/// with the right and bottom ends exclusive.
const WINDOW_40X25: (u16, u16, u16, u16) = (24, 344, 51, 251);

/// Run `program` with `params` poked into RAM first and the picture on; returns the machine
/// after the program's report (which must be 0) with the picture brought up to date. The
/// programs wait two frame starts after their last register write, so the picture holds a
/// whole frame drawn with the final registers.
fn run(program: &[u8], params: &[(u16, u8)]) -> C64 {
    let mut c64 = machine_with(program);
    for &(addr, v) in params {
        c64.poke_ram(addr, v);
    }
    c64.set_render(true);
    assert_eq!(run_to_d7ff(&mut c64, 3_000_000), 0);
    c64.sync();
    c64
}

/// The raster X coordinate shown in frame column `col`.
fn x_of_col(col: usize) -> u16 {
    if col < 8 {
        col as u16 + 496
    } else {
        col as u16 - 8
    }
}

/// Compare the whole frame with `expect(x, line)`; on mismatch, list the first few.
fn check_frame(c64: &C64, what: &str, expect: impl Fn(u16, u16) -> u8) {
    let frame = c64.frame();
    assert_eq!(frame.len(), FRAME_WIDTH * FRAME_HEIGHT);
    let mut bad = Vec::new();
    let mut count = 0;
    for row in 0..FRAME_HEIGHT {
        let line = row as u16 + FIRST_VISIBLE_LINE;
        for col in 0..FRAME_WIDTH {
            let x = x_of_col(col);
            let (got, want) = (frame[row * FRAME_WIDTH + col], expect(x, line));
            if got != want {
                count += 1;
                if bad.len() < 12 {
                    bad.push(format!("X {x} line {line}: {got}, expected {want}"));
                }
            }
        }
    }
    assert!(
        count == 0,
        "{what}: {count} pixels differ, first: {}",
        bad.join("; ")
    );
}

/// `inside(x, line)` within `window` (left, right, top, bottom; right/bottom exclusive),
/// the border colour elsewhere.
fn framed(window: (u16, u16, u16, u16), x: u16, line: u16, inside: impl Fn() -> u8) -> u8 {
    let (left, right, top, bottom) = window;
    if (left..right).contains(&x) && (top..bottom).contains(&line) {
        inside()
    } else {
        BORDER_COLOUR
    }
}

// ---- Bitmap modes (machine_vic_bitmap.s) ----

/// The 8 bytes of every bitmap cell, and screen RAM in even and odd columns.
const PATTERN: [u8; 8] = [0xAA, 0x55, 0xF0, 0x0F, 0x1B, 0xE4, 0x00, 0xFF];
const SCREEN: [u8; 2] = [0x12, 0xC5];
const COLOUR_RAM: u8 = 5;

/// The bitmap byte, screen RAM byte and pixel within the cell (0-7) at (x, line) inside
/// the window. With XSCROLL 0 and YSCROLL 3 cell column c starts at X 24 + 8c and cell row
/// r at line 51 + 8r (3.5: the first bad line is $33 = 51).
fn bitmap_cell(x: u16, line: u16) -> (u8, u8, u16) {
    let (dx, dy) = (x - 24, line - 51);
    let byte = PATTERN[(dy % 8) as usize];
    let screen = SCREEN[((dx / 8) % 2) as usize];
    (byte, screen, dx % 8)
}

#[test]
fn hires_bitmap_shows_each_bit_in_a_screen_ram_nybble() {
    // 3.7.3.3, standard bitmap mode ($D011 = $3B, $D016 = $08): a 1 bit shows the upper
    // nybble of the cell's screen RAM byte, a 0 bit the lower one; pixel i of a cell is
    // bit 7 - i. E.g. row 0 ($AA) of column 0 ($12): white, red, white, red...
    let c64 = run(BITMAP, &[(0x02, 0x3B), (0x03, 0x08)]);
    check_frame(&c64, "hires bitmap", |x, line| {
        framed(WINDOW_40X25, x, line, || {
            let (byte, screen, i) = bitmap_cell(x, line);
            if byte & (0x80 >> i) != 0 {
                screen >> 4
            } else {
                screen & 0x0F
            }
        })
    });
}

#[test]
fn multicolour_bitmap_shows_bit_pairs_two_pixels_wide() {
    // 3.7.3.4, multicolour bitmap mode ($D016 = $18): pixels 2i and 2i+1 of a cell show
    // bits 7-2i and 6-2i as a pair: 00 $D021 (6), 01 screen RAM upper nybble, 10 screen
    // RAM lower nybble, 11 colour RAM (5). E.g. row 4 ($1B = 00 01 10 11) of column 1
    // ($C5): 6, 6, 12, 12, 5, 5, 5, 5.
    let c64 = run(BITMAP, &[(0x02, 0x3B), (0x03, 0x18)]);
    check_frame(&c64, "multicolour bitmap", |x, line| {
        framed(WINDOW_40X25, x, line, || {
            let (byte, screen, i) = bitmap_cell(x, line);
            let pair = (byte >> (6 - 2 * (i / 2))) & 3;
            [BACKGROUND, screen >> 4, screen & 0x0F, COLOUR_RAM][pair as usize]
        })
    });
}

#[test]
fn invalid_bitmap_modes_show_black_inside_the_border() {
    // 3.7.3.7 and 3.7.3.8, ECM and BMM both set ($D011 = $7B), with MCM clear and set:
    // the whole display window is black (0), foreground and background alike; the border
    // keeps its colour.
    for d016 in [0x08, 0x18] {
        let c64 = run(BITMAP, &[(0x02, 0x7B), (0x03, d016)]);
        check_frame(&c64, &format!("$D011 $7B, $D016 ${d016:02X}"), |x, line| {
            framed(WINDOW_40X25, x, line, || 0)
        });
    }
}

// ---- The border (machine_vic_border.s) ----

#[test]
fn border_covers_38_columns_and_24_rows_as_documented() {
    // 3.9: the main border flip-flop is reset at the left compare X (and set at the right
    // one), the vertical one reset at the top compare line and set at the bottom one:
    // CSEL 1 left 24 right 344, CSEL 0 left 31 right 335; RSEL 1 top 51 bottom 251, RSEL 0
    // top 55 bottom 247. So the window is X 24-343 / 31-334 and lines 51-250 / 55-246
    // (the table in 3.4): 38 columns hide 7 more pixels on the left and 9 on the right,
    // 24 rows 4 more lines at the top and 4 at the bottom.
    for (d011, d016, window) in [
        (0x1B, 0x08, WINDOW_40X25),
        (0x13, 0x00, (31, 335, 55, 247)),
        (0x1B, 0x00, (31, 335, 51, 251)),
        (0x13, 0x08, (24, 344, 55, 247)),
    ] {
        let c64 = run(BORDER, &[(0x02, d011), (0x03, d016)]);
        let what = format!("$D011 ${d011:02X}, $D016 ${d016:02X}");
        check_frame(&c64, &what, |x, line| {
            framed(window, x, line, || BACKGROUND)
        });
        if window == WINDOW_40X25 {
            // The frame mapping itself: X 24 (first window pixel) is frame column 32 and
            // line 51 frame row 35.
            let f = c64.frame();
            assert_eq!(f[35 * FRAME_WIDTH + 32], BACKGROUND, "{what}");
            assert_eq!(f[35 * FRAME_WIDTH + 31], BORDER_COLOUR, "{what}");
            assert_eq!(f[34 * FRAME_WIDTH + 32], BORDER_COLOUR, "{what}");
        }
    }
}

// ---- Sprites ----

/// Byte `i` of the test shape at $0340 (as the programs' `.repeat` builds it).
fn shape(i: usize) -> u8 {
    (i * 37 + 11) as u8
}

/// The sprite row (0-20) and pixel within the 24 (0-23) a sprite at (sx, sy) shows at
/// (x, line), if it covers it. 3.8.1: X is in the display's X coordinates; sprites 0-2
/// do the s-accesses of a line in the line before (cycles 58-63), and the DMA starts when
/// the Y compare matches in cycle 55 of line sy, so row 0 is shown in line sy + 1 and
/// the 21 rows in lines sy + 1 to sy + 21. Expanded, each row is shown in two lines
/// (3.8.1: MCBASE only advances every other line) and each pixel two pixels wide.
fn sprite_at(
    x: u16,
    line: u16,
    sx: u16,
    sy: u16,
    xexp: bool,
    yexp: bool,
) -> Option<(usize, usize)> {
    let (dx, dy) = (x.checked_sub(sx)?, line.checked_sub(sy + 1)?);
    let (px, row) = (
        if xexp { dx / 2 } else { dx },
        if yexp { dy / 2 } else { dy },
    );
    (px < 24 && row < 21).then_some((row as usize, px as usize))
}

/// Blank 40x25 text screen: the background inside the window, the border outside.
fn blank(x: u16, line: u16, sprite: Option<u8>) -> u8 {
    framed(WINDOW_40X25, x, line, || sprite.unwrap_or(BACKGROUND))
}

#[test]
fn sprites_appear_at_their_coordinates_and_expand() {
    // Sprite 0 at (100, 100), colour 1: row 0 in line 101, pixel 0 at X 100 (frame column
    // 108, row 85). Sprite 1 at (200, 100), X-expanded, colour 7: pixel p at X 200 + 2p and
    // 201 + 2p. Sprite 2 at (100, 150), Y-expanded, colour 2: row r in lines 151 + 2r and
    // 152 + 2r. A 1 bit (bit 7 - p%8 of byte 3r + p/8) shows the sprite's colour, a 0 bit
    // is transparent.
    let c64 = run(SPRITES, &[]);
    let hires = |x, line, sx, sy, xe, ye, colour| {
        sprite_at(x, line, sx, sy, xe, ye).and_then(|(row, px)| {
            (shape(3 * row + px / 8) & (0x80 >> (px % 8)) != 0).then_some(colour)
        })
    };
    check_frame(&c64, "sprites", |x, line| {
        let s = hires(x, line, 100, 100, false, false, 1)
            .or_else(|| hires(x, line, 200, 100, true, false, 7))
            .or_else(|| hires(x, line, 100, 150, false, true, 2));
        blank(x, line, s)
    });
    // Spot checks of the arithmetic: byte 0 = 11 = %00001011, so row 0 of sprite 0 has
    // pixels 4, 6 and 7 set: X 104, 106, 107 in line 101.
    let f = c64.frame();
    let at = |x: usize, line: usize| f[(line - 16) * FRAME_WIDTH + x + 8];
    assert_eq!(
        (100..108).map(|x| at(x, 101)).collect::<Vec<_>>(),
        [6, 6, 6, 6, 1, 6, 1, 1]
    );
    // Line 100 (the Y compare line) shows nothing of sprite 0 yet.
    assert!((100..124).all(|x| at(x, 100) == BACKGROUND));
}

#[test]
fn multicolour_sprites_show_bit_pairs() {
    // 3.8.1, multicolour sprites: pairs 00 transparent, 01 $D025 (2), 10 the sprite's
    // colour, 11 $D026 (5), each pair two pixels wide, four when X-expanded. Sprite 0 at
    // (100, 100), colour 7; sprite 1 at (200, 100), X-expanded, colour 10. E.g. byte 0 =
    // %00 00 10 11: X 100-103 background, 104-105 yellow, 106-107 green in line 101.
    let c64 = run(SPRITE_MC, &[]);
    let multi = |x, line, sx, sy, xe, colour| {
        sprite_at(x, line, sx, sy, xe, false).and_then(|(row, px)| {
            let pair = px / 2;
            let bits = (shape(3 * row + pair / 4) >> (6 - 2 * (pair % 4))) & 3;
            [None, Some(2), Some(colour), Some(5)][bits as usize]
        })
    };
    check_frame(&c64, "multicolour sprites", |x, line| {
        let s = multi(x, line, 100, 100, false, 7).or_else(|| multi(x, line, 200, 100, true, 10));
        blank(x, line, s)
    });
}

#[test]
fn sprite_behind_foreground_is_hidden_only_by_set_pixels() {
    // 3.8.2 ($D01B): a sprite with its bit set is shown over the background but under the
    // foreground graphics. Every cell shows character 1 ($F0 in every row): pixels 0-3
    // foreground (colour RAM 1), 4-7 background (6). Solid sprite 0 at (100, 100), colour 2,
    // behind; solid sprite 1 at (200, 100), colour 7, in front of everything. X 100 is
    // pixel 4 of cell 9, so sprite 0 shows red at X 100-103, white at 104-107, ...
    let c64 = run(SPRITE_PRIO, &[]);
    check_frame(&c64, "sprite priority", |x, line| {
        framed(WINDOW_40X25, x, line, || {
            let foreground = (x - 24) % 8 < 4;
            if sprite_at(x, line, 200, 100, false, false).is_some() {
                7
            } else if foreground {
                1
            } else if sprite_at(x, line, 100, 100, false, false).is_some() {
                2
            } else {
                BACKGROUND
            }
        })
    });
}

#[test]
fn collision_registers_latch_and_clear_on_read() {
    // 3.8.2: a sprite-sprite collision sets the bits of all sprites involved in $D01E, a
    // sprite-foreground collision the sprite's bit in $D01F; reading clears the register.
    // Sprites 0 and 1 overlap ($03), sprite 2 covers a foreground pixel ($04), sprite 3
    // touches nothing.
    let c64 = run(COLLISION, &[]);
    let r = c64.ram();
    assert_eq!(
        [r[0x10], r[0x11], r[0x12], r[0x13]],
        [0x03, 0x00, 0x04, 0x00],
        "$D01E, $D01E again, $D01F, $D01F again"
    );
}

// ---- Sprite DMA (machine_vic_sprite_dma.s) ----

/// Cycles the timers count for the program with sprite enable mask `sprites`.
fn dma_elapsed(sprites: u8) -> u64 {
    let mut c64 = machine_with(SPRITE_DMA);
    c64.poke_ram(0x02, sprites);
    assert_eq!(run_to_d7ff(&mut c64, 5_000_000), 0);
    timed_cycles(&c64)
}

#[test]
fn sprite_dma_takes_cycles_per_sprite_line_from_a_reading_cpu() {
    // 3.6.3 (6569 timing) and 3.8.1: sprite n's p-access is in cycle 58 + 2n (n = 0-2) and
    // its s-accesses in the second phase of that cycle and both phases of the next; BA goes
    // low three cycles before the first s-access. The loop only reads, so the CPU stops in
    // the first cycle of BA low and runs again when BA is high:
    //   sprite 0:     BA low 55-59        -> 5 cycles a line;
    //   sprites 0, 1: 55-59 and 57-61     -> 55-61, 7 cycles;
    //   sprites 0, 2: 55-59 and 59-63     -> 55-63, 9 cycles (the gap is not given back);
    //   sprites 0-2:  55-63               -> 9 cycles.
    // The display is off, so no bad lines; DEN affects only the bad lines and the vertical
    // border (3.10), not sprite DMA. The window
    // (line 150 to about line 112 of the 17th frame after) holds the sprites' DMA lines
    // 128-148 of 16 frames: 16 x 21 = 336 lines.
    const LINES: u64 = 16 * 21;
    let off = dma_elapsed(0x00);
    for (mask, per_line) in [(0x01, 5), (0x03, 7), (0x05, 9), (0x07, 9)] {
        let stolen = dma_elapsed(mask) - off;
        assert_eq!(
            stolen,
            LINES * per_line,
            "sprites ${mask:02X}: {stolen} cycles stolen, expected {LINES} lines x {per_line}"
        );
    }
}
