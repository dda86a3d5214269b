//! The other VIC-II models: their lines, cycles and first-phase accesses.

use super::*;

/// The first-phase access of every cycle of a line, as the test bench's `VICII/phi1timing`
/// reads it back: the sprite pointer's number, `r` refresh, `g` a g-access (here idle with
/// ECM: $39FF), `i` an idle access ($3FFF).
fn phi1_line(t: &'static Timing) -> String {
    let mut v = Vic::with_timing(t);
    let mut m = Mem::new();
    for b in &mut m.ram[0x3F00..0x3FFF] {
        *b = 0x55;
    }
    m.ram[0x3FFF] = 0xFF;
    m.ram[0x39FF] = 0xAA;
    for n in 0..8 {
        m.ram[0x07F8 + n] = n as u8;
    }
    v.write(0x11, 0x4B); // ECM, display off: idle state all the way
    v.write(0x18, 0x14);
    tick_to(&mut v, &m, 100, t.cycles_per_line);
    (1..=t.cycles_per_line)
        .map(|_| {
            v.tick(&m.view());
            match v.phi1_fetch(&m.view()) {
                0xAA => 'g',
                0x55 => 'r',
                0xFF => 'i',
                n @ 0..=7 => (b'0' + n) as char,
                _ => '?',
            }
        })
        .collect()
}

/// Each model's first phases from cycle 1 on, as `VICII/phi1timing` measured them on a
/// 6569, a 6567R56A and a 6567R8 (its reference lines); idle accesses read $3FFF with ECM
/// set, where idle g-accesses read $39FF (3.7.1, 3.6.3).
#[test]
fn first_phase_accesses_of_each_model() {
    let g40 = "g".repeat(40);
    for (t, want) in [
        (
            &crate::chips::vic::timing::MOS6569,
            format!("3i4i5i6i7irrrrr{g40}ii0i1i2i"),
        ),
        (
            &crate::chips::vic::timing::MOS6567R56A,
            format!("3i4i5i6i7irrrrr{g40}iii0i1i2i"),
        ),
        (
            &crate::chips::vic::timing::MOS6567R8,
            format!("i4i5i6i7iirrrrr{g40}iii0i1i2i3"),
        ),
    ] {
        assert_eq!(phi1_line(t), want, "{} cycles", t.cycles_per_line);
    }
}

/// The lines and cycles of a frame: 312 x 63 (6569), 262 x 64 (6567R56A), 263 x 65
/// (6567R8) (3.4), and the raster counter runs through all of them.
#[test]
fn each_model_counts_its_lines_and_cycles() {
    for (t, lines, cycles) in [
        (&crate::chips::vic::timing::MOS6569, 312, 63),
        (&crate::chips::vic::timing::MOS6567R56A, 262, 64),
        (&crate::chips::vic::timing::MOS6567R8, 263, 65),
    ] {
        let mut v = Vic::with_timing(t);
        let m = Mem::new();
        let mut n = 0u32;
        tick_to(&mut v, &m, 0, 1);
        loop {
            v.tick(&m.view());
            n += 1;
            if v.raster() == 0 && v.cycle() == 1 {
                break;
            }
        }
        assert_eq!(n, lines * cycles, "{cycles} cycles");
        assert_eq!((t.lines, t.cycles_per_line), (lines as u16, cycles as u8));
    }
}

/// The 8565 latches the light pen's X one step ($D013) lower than the 6569 for an edge in
/// the same cycle (the test bench's `VICII/lp-trigger`: its `test2` reads 2 on a 6569,
/// `test2new` 1 on an 8565).
#[test]
fn the_8565_latches_the_light_pen_x_one_step_earlier() {
    let mut got = Vec::new();
    for t in [
        &crate::chips::vic::timing::MOS6569,
        &crate::chips::vic::timing::MOS8565,
    ] {
        let mut v = Vic::with_timing(t);
        let m = Mem::new();
        tick_to(&mut v, &m, 100, 30);
        v.set_light_pen(true);
        got.push(v.peek(0x13));
    }
    assert_eq!(
        got[1] + 1,
        got[0],
        "6569 {:02X}, 8565 {:02X}",
        got[0],
        got[1]
    );
}

/// The 8565 shows light grey ($F) for the first pixel of a colour register's new value:
/// its "grey dot" (as VICE's 8565 shows it, each colour change of a border split starting
/// with one grey pixel); the 6569 shows the new colour at once. Written in cycle N, the
/// new colour starts at X 129 + 8 (N - 30) (`a_colour_write_shows_three_pixels_before_its_cycle`).
#[test]
fn the_8565_shows_a_grey_dot_where_a_colour_register_changes() {
    use crate::chips::vic::timing::{MOS6569, MOS8565};
    for (t, grey) in [(&MOS6569, false), (&MOS8565, true)] {
        for (reg, line, cycle) in [(0x21u8, 100u16, 30u8), (0x20, 30, 30), (0x21, 100, 33)] {
            let mut m = Mem::new();
            m.chargen.fill(0);
            let mut v = Vic::with_timing(t);
            for (r, x) in [
                (0x11, 0x1B),
                (0x16, 0x08),
                (0x18, 0x14),
                (0x20, 14),
                (0x21, 6),
            ] {
                v.write(r, x);
            }
            v.write(reg, 2);
            write_at(&mut v, &m, (line, cycle), reg, 5);
            let r = (line - t.first_visible_line) as usize * FRAME_WIDTH + 8;
            let first = 129 + 8 * (cycle as usize - 30);
            for x in 100..160 {
                let want = match x {
                    _ if x < first => 2,
                    _ if x == first && grey => 0x0F,
                    _ => 5,
                };
                assert_eq!(
                    v.frame()[r + x],
                    want,
                    "{} cycles, ${reg:02X} in cycle {cycle}: X {x}",
                    t.light_pen_x
                );
            }
        }
    }
}

/// An NTSC picture holds the lines a television shows: 41 to the last, then 0 to 12 below
/// them (the vertical blank is lines 13-40): 235 lines of the 6567R8, 234 of the 6567R56A
/// (3.4).
#[test]
fn an_ntsc_picture_shows_lines_41_to_the_last_then_0_to_12() {
    use crate::chips::vic::timing::{MOS6567R8, MOS6567R56A};
    for (t, rows) in [(&MOS6567R8, 235), (&MOS6567R56A, 234)] {
        let mut v = Vic::with_timing(t);
        let m = Mem::new();
        v.write(0x11, 0x0B); // display off: each line is all border
        // Every line's border colour is its number's low four bits, for two frames.
        for _ in 0..2 * t.lines as u32 * t.cycles_per_line as u32 {
            v.tick(&m.view());
            if v.cycle() == 1 {
                v.write(0x20, (v.raster() & 15) as u8);
            }
        }
        let frame = v.frame();
        assert_eq!(frame.len(), rows * FRAME_WIDTH, "{} lines", t.lines);
        for row in 0..rows {
            let line = (41 + row) % t.lines as usize;
            assert_eq!(
                frame[row * FRAME_WIDTH + 200] & 15,
                (line & 15) as u8,
                "{} lines: row {row}",
                t.lines
            );
        }
    }
}
