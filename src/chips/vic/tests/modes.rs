//! Display mode and XSCROLL switches within a line: the g-access addresses around them
//! and the pixels of the cell they fall in (`seams.rs`, `sequencer.rs`; VICE test bench
//! VICII/videomode and VICII/vicii_timing, photographed on 6569s).

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

/// Line 150's cell 21 (X 192-199), fetched in cycle 37 right after a $D011 write in
/// cycle 36 from `from` to `to`, with $D018 = `d018`, and cell 22 (cycle 38).
fn after_bmm_switch(m: &Mem, d018: u8, from: u8, to: u8) -> (Vec<u8>, Vec<u8>) {
    let mut v = kernal_vic();
    v.write(0x18, d018);
    v.write(0x11, from);
    tick_to(&mut v, m, 150, 36);
    v.write(0x11, to);
    tick_to(&mut v, m, 151, 1);
    let cell = |k: usize| -> Vec<u8> { (0..8).map(|b| at(&v, 150, 24 + 8 * k + b)).collect() };
    (cell(21), cell(22))
}

#[test]
fn after_bmm_cleared_the_character_rom_sees_new_high_bits_and_the_old_low_byte() {
    // Characters in the ROM ($1000), the bitmap at $0000: the g-access of cycle 37 reads
    // the ROM at the text address's high bits and the bitmap address's low byte; the one of
    // cycle 38 is a plain text access.
    let m = Mem::new();
    let text = 0x1000 | (0x20 << 3) | 3;
    let mixed = (text & 0x3F00) | (bitmap_address(21) & 0xFF);
    let (plain, seam) = (m.chargen[text - 0x1000], m.chargen[mixed - 0x1000]);
    assert_ne!(plain, seam, "the test needs two different bytes");
    let (c21, c22) = after_bmm_switch(&m, 0x14, 0x3B, 0x1B);
    // Colour RAM 1 on background 6.
    assert_eq!(c21, hires_row(seam, 1, 6), "cycle 37: the mixed address");
    assert_eq!(c22, hires_row(plain, 1, 6), "cycle 38: the text address");
}

#[test]
fn after_bmm_cleared_the_ram_reads_the_old_address_and_after_bmm_set_a_mixed_one() {
    // Characters at $3000 and the bitmap at $2000, both RAM ($D018 = $1C).
    let mut m = Mem::new();
    let text = 0x3000 | (0x20 << 3) | 3;
    let bitmap = 0x2000 | bitmap_address(21);
    let set_mixed = (bitmap & 0x3F00) | (text & 0xFF);
    let clear_mixed = (text & 0x3F00) | (bitmap & 0xFF);
    for (i, a) in [text, bitmap, set_mixed, clear_mixed]
        .into_iter()
        .enumerate()
    {
        m.ram[a] = 0x11 << i;
    }
    // Cleared: the whole old (bitmap) address.
    let (c21, _) = after_bmm_switch(&m, 0x1C, 0x3B, 0x1B);
    assert_eq!(
        c21,
        hires_row(m.ram[bitmap], 1, 6),
        "cleared: the bitmap address"
    );
    // Set: the bitmap address's high bits, the text address's low byte. The screen code
    // $20 gives colours 2 (set bits) and 0.
    let (c21, _) = after_bmm_switch(&m, 0x1C, 0x1B, 0x3B);
    assert_eq!(
        c21,
        hires_row(m.ram[set_mixed], 2, 0),
        "set: the mixed address"
    );
}

/// Line 100 in multicolour-capable text (colour RAM $0A: colour 2, multicolour) with the
/// glyph byte `glyph` everywhere, $D022 = 3, $D023 = 4; MCM written in cycle 30
/// (X 132-139), whose first pixel is pixel 4 of cell 13 (X 128-135).
fn mcm_switch(glyph: u8, from: u8, to: u8) -> Vec<u8> {
    mcm_switch_at(glyph, from, to, 128..144)
}

fn mcm_switch_at(glyph: u8, from: u8, to: u8, xs: std::ops::Range<usize>) -> Vec<u8> {
    let mut m = Mem::new();
    m.chargen.fill(glyph);
    m.color.fill(0x0A);
    let mut v = kernal_vic();
    v.write(0x22, 3);
    v.write(0x23, 4);
    v.write(0x16, from);
    tick_to(&mut v, &m, 100, 30);
    v.write(0x16, to);
    tick_to(&mut v, &m, 101, 1);
    xs.map(|x| at(&v, 100, x)).collect()
}

#[test]
fn multicolour_switched_on_within_a_cell_shows_single_bits_until_the_next_cell() {
    // Pixels 4-7 of cell 13 (bits 0 1 0 1): their own bit as a pair's high bit for the
    // first two (00, 10), then the high bit of their pair (00, 00); cell 14 in pairs (01).
    assert_eq!(
        mcm_switch(0x55, 0x08, 0x18),
        [6, 10, 6, 10, 6, 4, 6, 6, 3, 3, 3, 3, 3, 3, 3, 3]
    );
}

#[test]
fn multicolour_switched_on_counts_its_pairs_from_the_write() {
    // XSCROLL 3: the write's first pixel (X 132) is pixel 1 of cell 13 (X 131-138), glyph
    // $33 (bits 0 0 1 1 0 0 1 1). Pixels 1 and 2 show their own bits (00, 10), 3-4 the bit
    // of pixel 3 (10, 10), 5-6 the pair 0 1 (01), 7 the pair 1 and nothing (10); cell 14
    // from X 139 in pairs.
    assert_eq!(
        mcm_switch_at(0x33, 0x0B, 0x1B, 128..147),
        [6, 10, 10, 6, 6, 4, 4, 4, 3, 3, 4, 6, 6, 2, 2, 6, 6, 2, 2]
    );
}

#[test]
fn multicolour_switched_off_within_a_cell_holds_the_pair_for_two_pixels() {
    // The pair 01 of pixels 4-5 shows its high bit (0) twice; pixels 6-7 are hires (0 1).
    assert_eq!(
        mcm_switch(0x55, 0x18, 0x08),
        [3, 3, 3, 3, 6, 6, 6, 10, 6, 10, 6, 10, 6, 10, 6, 10]
    );
    // The pair 10 shows its high bit (1) twice.
    assert_eq!(
        mcm_switch(0xAA, 0x18, 0x08),
        [4, 4, 4, 4, 10, 10, 10, 6, 10, 6, 10, 6, 10, 6, 10, 6]
    );
}

#[test]
fn xscroll_grown_within_a_line_leaves_a_gap_until_the_next_load() {
    // XSCROLL 0 -> 3 in cycle 30 counts from X 136, where cell 13 (X 128-135) has been
    // shifted out: no data until cell 14 loads at X 139 as XSCROLL 3 places it.
    let mut m = Mem::new();
    m.chargen.fill(0xFF); // all foreground: colour 1 on background 6
    let mut v = kernal_vic();
    tick_to(&mut v, &m, 100, 30);
    v.write(0x16, 0x0B);
    tick_to(&mut v, &m, 101, 1);
    let row: Vec<u8> = (128..148).map(|x| at(&v, 100, x)).collect();
    let mut want = vec![1; 20];
    want[8..11].fill(6);
    assert_eq!(row, want);
}
