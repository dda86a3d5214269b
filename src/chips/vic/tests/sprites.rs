//! Sprites: their DMA, pixels, priority, collisions, the reload, the crunch and X writes;
//! and the light pen (VIC-II article, 3.8, 3.11).

use super::*;

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
fn sprites_drawn_only_where_they_are_match_the_per_pixel_path() {
    // Cycles whose 8 pixels no shown sprite reaches are drawn without the sprite path;
    // random sprites (X across the whole line and its wrap, expanded or not, multicolour
    // or not, behind or in front) over random graphics must give the same picture and
    // the same collisions as checking every sprite at every pixel.
    let mut rng = crate::chips::test_rng::Rng(0x0005_B17E_5EED);
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

/// The expansion flip-flop's toggle in cycle 55 sees MxYE as a write in that cycle leaves
/// it: set in cycle 54 or 55, the flip-flop toggles (reset: MCBASE stays on the next line);
/// set in cycle 56, it stays set (MCBASE moves on by 3). VICE test bench
/// VICII/spritecrunch/spritecrunch2-29, measured on a 6569: its sets in cycle 55 hold the
/// sprite's row like those in cycle 54.
#[test]
fn setting_y_expansion_in_cycle_55_toggles_the_flip_flop() {
    let m = Mem::new();
    for (cycle, toggles) in [(54u8, true), (55, true), (56, false)] {
        let mut v = kernal_vic();
        tick_to(&mut v, &m, 100, cycle);
        // Sprite 0 mid-sprite without Y expansion: DMA on, flip-flop set.
        v.spr.dma = 0x01;
        v.spr.mcbase[0] = 6;
        v.write(0x17, 0x01);
        tick_to(&mut v, &m, 100, 57);
        assert_eq!(v.spr.exp_ff & 1 == 0, toggles, "write in cycle {cycle}");
        tick_to(&mut v, &m, 101, 17);
        let want = if toggles { 6 } else { 9 };
        assert_eq!(v.spr.mcbase[0], want, "write in cycle {cycle}");
    }
}

/// Sprite 0's DMA switched on by the second Y compare (cycle 56) lowers BA only two cycles
/// before its p-access: the CPU still has the bus in that cycle's second phase, and the
/// first s-access reads $FF. Switched on in cycle 55 it reads its byte; enabled in cycle
/// 56 the sprite gets no DMA. VICE test bench VICII/spriteenable/spriteenable2, measured
/// on a 6569: $D015 written in cycle 55 shows sprite 0 with $FF as its first byte.
#[test]
fn sprite_0_enabled_in_cycle_55_fetches_ff_as_its_first_byte() {
    for (cycle, first) in [(54u8, Some(0x00)), (55, Some(0xFF)), (56, None)] {
        let mut m = Mem::new();
        let mut v = sprites_at(&mut m, &[(0, 100, 99)], [0x00, 0xFF, 0xFF], 0);
        v.write(0x11, 0x1B); // the display on, so the sprite shows
        v.write(0x27, 7);
        v.write(0x15, 0);
        tick_to(&mut v, &m, 99, cycle);
        v.write(0x15, 0x01);
        tick_to(&mut v, &m, 101, 1);
        // Sprite 0's first row on line 100: frame row 84, X 100-123 at columns 108-131.
        let row: Vec<bool> = (108..132).map(|x| pixel(&v, x, 84) == 7).collect();
        let shown = |from: usize| (0..24).all(|i| row[i] == (i >= from));
        match first {
            Some(0x00) => assert!(shown(8), "enabled in cycle {cycle}: {row:?}"),
            Some(_) => assert!(shown(0), "enabled in cycle {cycle}: {row:?}"),
            None => assert!(shown(24), "enabled in cycle {cycle}: {row:?}"),
        }
    }
}

/// Without DMA the s-accesses' second phases belong to the CPU: the VIC reads $FF there,
/// or the byte of a VIC register the CPU reads or writes in that cycle. A sprite whose Y
/// matches and whose X is $164 or more shows them in the same line. VICE test bench
/// VICII/sb_sprite_fetch/sbsprf24-164, measured on a 6569: sprite 6 shows $D000's value
/// read in cycle 7, the idle byte and the byte written to $D000 in cycle 8.
#[test]
fn s_accesses_without_dma_see_the_cpus_vic_register_accesses() {
    for touch in [false, true] {
        let mut m = Mem::new();
        let mut v = sprites_at(&mut m, &[(6, 0x164, 100)], [0; 3], 0);
        m.ram[0x3FFF] = 0x4D;
        v.write(0x00, 0xAC);
        tick_to(&mut v, &m, 100, 7);
        if touch {
            v.read(0x00);
        }
        tick_to(&mut v, &m, 100, 8);
        if touch {
            v.write(0x00, 0x26);
        }
        tick_to(&mut v, &m, 100, 9);
        let want = if touch { 0xAC_4D26 } else { 0xFF_4DFF };
        assert_eq!(v.spr.data[6], want, "register accesses: {touch}");
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

/// A priority write in cycle 28 (X 116-123) counts from X 118 (VICE test bench
/// VICII/spritesplit, photographed on a 6569).
#[test]
fn a_priority_write_counts_from_its_cycles_third_pixel() {
    let mut m = Mem::new();
    m.chargen.fill(0xFF); // foreground everywhere: a sprite behind it is hidden
    let mut v = sprites_at(&mut m, &[(0, 96, 99)], [0xFF; 3], 0xFF);
    v.write(0x11, 0x1B);
    v.write(0x27, 7);
    tick_to(&mut v, &m, 100, 28);
    v.write(0x1B, 0x01);
    tick_to(&mut v, &m, 101, 1);
    let r = (100 - T.first_visible_line) as usize * FRAME_WIDTH + 8;
    for x in 110..120 {
        // Behind: the text's colour.
        let want = if x < 118 { 7 } else { 1 };
        assert_eq!(v.frame()[r + x], want, "X {x}");
    }
}

/// Sprite 0 at `x` on line 100 (Y 99), its first row `row` (the rest `row[0]`), colour 7, multicolours 2 ($D025)
/// and 5 ($D026), over text with no foreground (colour 6); `mode` written to $D01C and
/// $D01D first; `reg` written with `value` in cycle 28 (X 116-123) of line 100. Line 100's
/// pixels, indexed by raster X.
fn sprite_split(x: u8, row: [u8; 3], mode: (u8, u8), reg: u8, value: u8) -> Vec<u8> {
    let mut m = Mem::new();
    m.chargen.fill(0);
    let mut v = sprites_at(&mut m, &[(0, x as u16, 99)], row, row[0]);
    v.write(0x11, 0x1B);
    for (reg, value) in [
        (0x21, 6),
        (0x27, 7),
        (0x25, 2),
        (0x26, 5),
        (0x1C, mode.0),
        (0x1D, mode.1),
    ] {
        v.write(reg, value);
    }
    tick_to(&mut v, &m, 100, 28);
    v.write(reg, value);
    tick_to(&mut v, &m, 101, 1);
    let r = (100 - T.first_visible_line) as usize * FRAME_WIDTH + 8;
    v.frame()[r..r + 300].to_vec()
}

/// Multicolour switched on mid-sprite (a write in cycle 28 counts from X 119): the first multicolour pixel shows the
/// last hires pixel again, the pairs begin at the bit after it, and the last pair shows
/// its two pixels even past the 24 bits (VICII/spritesplit ss-hires-mc on a 6569).
#[test]
fn multicolour_on_mid_sprite_repeats_a_pixel_and_pairs_from_the_next_bit() {
    // From X 97, bits 21-23 (1, 0, 1) at X 118-120: X 119 repeats bit 21, X 120-121 show
    // the pair (bit 23, nothing after) = %10.
    let px = sprite_split(97, [0x55; 3], (0, 0), 0x1C, 0x01);
    assert_eq!(&px[116..124], &[7, 6, 7, 7, 7, 7, 6, 6]);
    // From X 96: X 119 repeats bit 22 (0); the pair at X 120 is past the data.
    let px = sprite_split(96, [0x55; 3], (0, 0), 0x1C, 0x01);
    assert_eq!(&px[116..124], &[6, 7, 6, 6, 6, 6, 6, 6]);
    // From X 98: X 119 repeats bit 20 (0), X 120-121 show bits 22-23 = %01 ($D025).
    let px = sprite_split(98, [0x55; 3], (0, 0), 0x1C, 0x01);
    assert_eq!(&px[116..124], &[6, 7, 6, 6, 2, 2, 6, 6]);
}

/// An X-expanded sprite switched to hires shows its multicolour pair up to its next shift
/// (VICII/spritesplit ss-mc-hires-exp on a 6569).
#[test]
fn hires_on_mid_expanded_sprite_waits_for_the_next_shift() {
    // From X 96, bit 11 (pair %01, bits 10-11) at X 118-119; bit 12 (0) at 120-121, then
    // bit 13 (1).
    let px = sprite_split(96, [0x55; 3], (1, 1), 0x1C, 0x00);
    assert_eq!(&px[116..124], &[2, 2, 2, 2, 6, 6, 7, 7]);
}

/// X expansion switched on mid-sprite (from X 119): the first expanded pixel repeats the
/// last one, then each bit shows for two pixels until the 24 are out (VICII/spritesplit
/// ss-unexp-exp-hires on a 6569).
#[test]
fn x_expansion_on_mid_sprite_doubles_the_bits_left() {
    let px = sprite_split(96, [0x55; 3], (0, 0), 0x1D, 0x01);
    // Bits 21, 22 at X 117-118; 119 repeats 22; bit 23 at 120-121; then nothing.
    assert_eq!(&px[116..126], &[6, 7, 6, 6, 7, 7, 6, 6, 6, 6]);
    assert!(px[126..150].iter().all(|&c| c == 6));
}

/// X expansion switched off mid-sprite (from X 119): the next pixel shifts at once, and
/// the bits left show one pixel each (VICII/spritesplit ss-exp-unexp-hires on a 6569).
#[test]
fn x_expansion_off_mid_sprite_shifts_the_bits_left_singly() {
    let px = sprite_split(96, [0x55; 3], (0, 1), 0x1D, 0x00);
    // Bit 11 at X 118, then bits 12-23 at X 119-130.
    let want: Vec<u8> = (118..134)
        .map(|x| match x {
            118 => 7,
            119..=130 if x % 2 == 0 => 7,
            _ => 6,
        })
        .collect();
    assert_eq!(&px[118..134], &want[..]);
}

/// The shift register empties as the sprite shows: moved on to a later X in the same
/// line, it starts there again but has nothing left to show until its s-accesses reload
/// it (VICII/spritesplit ss-xpos on a 6569).
#[test]
fn a_second_start_in_the_line_shows_nothing() {
    let px = sprite_split(96, [0xFF; 3], (0, 0), 0x00, 150);
    assert!(px[96..120].iter().all(|&c| c == 7));
    assert!(px[120..200].iter().all(|&c| c == 6));
}
