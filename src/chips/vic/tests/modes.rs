//! Display mode switches within a line: the g-access addresses around them and the pixels
//! of the cell they fall in (`seams.rs`; VICE test bench VICII/videomode, photographed on
//! a 6569).

use super::*;

/// The frame pixel at raster X `x` of line `line`.
fn at(v: &Vic, line: u16, x: usize) -> u8 {
    pixel(v, 8 + x, (line - T.first_visible_line) as usize)
}

/// Line 150 is text row 12 with RC 3 (YSCROLL 3): cell `k` reads bitmap data from
/// (480 + k) * 8 + 3 with the bitmap at $0000.
fn bitmap_address(k: u16) -> usize {
    ((480 + k) * 8 + 3) as usize
}

#[test]
fn ecm_keeps_address_bits_9_and_10_low_in_bitmap_mode() {
    // 3.7.3: the invalid bitmap modes fetch as bitmap mode does, with ECM's two address
    // bits low. Clearing ECM in cycle 40 (X 212-219) shows from X 214 on, in hires bitmap
    // mode, cell 24 (X 216-223) as it was fetched in cycle 40.
    let mut m = Mem::new();
    let k = 24;
    let full = bitmap_address(k);
    assert_ne!(
        full & 0x0600,
        0,
        "the test needs an address with bit 9 or 10 set"
    );
    m.ram[full] = 0xF0;
    m.ram[full & !0x0600] = 0x0F;
    let mut v = kernal_vic();
    v.write(0x18, 0x14); // bitmap at $0000
    v.write(0x11, 0x7B); // ECM + BMM
    tick_to(&mut v, &m, 150, 40);
    v.write(0x11, 0x3B);
    tick_to(&mut v, &m, 151, 1);
    // Screen byte $20: set bits colour 2, clear bits colour 0.
    let row: Vec<u8> = (216..224).map(|x| at(&v, 150, x)).collect();
    assert_eq!(
        row,
        hires_row(0x0F, 2, 0),
        "cell 24 from the masked address"
    );
}

#[test]
fn the_g_access_after_a_bmm_switch_mixes_both_addresses() {
    // BMM cleared in cycle 36: the g-access of cycle 37 (cell 21, X 192-199) takes its
    // address's low byte from the bitmap address and the rest from the text address; the
    // one of cycle 38 (cell 22) is a plain text access.
    let m = Mem::new();
    let text = 0x1000 | (0x20 << 3) | 3;
    let mixed = (text & 0x3F00) | (bitmap_address(21) & 0xFF);
    let (plain, seam) = (m.chargen[text - 0x1000], m.chargen[mixed - 0x1000]);
    assert_ne!(plain, seam, "the test needs two different bytes");
    let mut v = kernal_vic();
    v.write(0x18, 0x14);
    v.write(0x11, 0x3B); // hires bitmap
    tick_to(&mut v, &m, 150, 36);
    v.write(0x11, 0x1B); // hires text
    tick_to(&mut v, &m, 151, 1);
    let cell = |k: usize| -> Vec<u8> { (0..8).map(|b| at(&v, 150, 24 + 8 * k + b)).collect() };
    // Colour RAM 1 on background 6.
    assert_eq!(
        cell(21),
        hires_row(seam, 1, 6),
        "cycle 37: the mixed address"
    );
    assert_eq!(
        cell(22),
        hires_row(plain, 1, 6),
        "cycle 38: the text address"
    );
}

/// Line 100 in multicolour-capable text (colour RAM $0A: colour 2, multicolour) with the
/// glyph byte $55 everywhere, $D022 = 3, $D023 = 4; MCM written in cycle 30 (X 132-139),
/// whose first pixel is pixel 4 of cell 13 (X 128-135).
fn mcm_switch(from: u8, to: u8) -> Vec<u8> {
    let mut m = Mem::new();
    m.chargen.fill(0x55);
    m.color.fill(0x0A);
    let mut v = kernal_vic();
    v.write(0x22, 3);
    v.write(0x23, 4);
    v.write(0x16, from);
    tick_to(&mut v, &m, 100, 30);
    v.write(0x16, to);
    tick_to(&mut v, &m, 101, 1);
    (128..144).map(|x| at(&v, 100, x)).collect()
}

#[test]
fn multicolour_switched_on_within_a_cell_shows_single_bits_until_the_next_cell() {
    // Pixels 4-7 of cell 13 (bits 0 1 0 1): their own bit as a pair's high bit for the
    // first two (00, 10), then the high bit of their pair (00, 00); cell 14 in pairs (01).
    assert_eq!(
        mcm_switch(0x08, 0x18),
        [6, 10, 6, 10, 6, 4, 6, 6, 3, 3, 3, 3, 3, 3, 3, 3]
    );
}

#[test]
fn multicolour_switched_off_within_a_cell_holds_the_pair_for_two_pixels() {
    // The pair 01 of pixels 4-5 shows its high bit (0) twice; pixels 6-7 are hires (0 1).
    assert_eq!(
        mcm_switch(0x18, 0x08),
        [3, 3, 3, 3, 6, 6, 6, 10, 6, 10, 6, 10, 6, 10, 6, 10]
    );
}
