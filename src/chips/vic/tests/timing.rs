//! The 6569's line: its slots, Bad Lines and BA, the raster interrupt, registers, open bus
//! and idle state (VIC-II article, 3.5-3.7, 3.12).

use super::*;

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

/// Line $33 left idle by YSCROLL 5 ($3FFF holds $A5, $38FF $3C), made a Bad Line by a
/// $D011 write in `cycle`.
fn bad_line_from_idle(cycle: u8) -> (Mem, Vic) {
    let mut m = Mem::new();
    m.ram[0x3FFF] = 0xA5;
    m.ram[0x38FF] = 0x3C;
    let mut v = kernal_vic();
    v.write(0x11, 0x1D);
    run_frame(&mut v, &m);
    tick_to(&mut v, &m, 0x33, cycle);
    v.write(0x11, 0x1B);
    (m, v)
}

#[test]
fn a_bad_line_started_in_cycle_16_fetches_the_idle_byte_once() {
    // As below, with the write in cycle 16: the g-access of cycle 17 (cell 1) reads
    // $3FFF (VICE test bench VICII/colorfetchbug/main, photographed on a 6569).
    let (m, mut v) = bad_line_from_idle(16);
    tick_to(&mut v, &m, 0x34, 1);
    v.flush_draw();
    let y = (0x33 - T.first_visible_line) as usize;
    assert_eq!(cell_row(&v, 0, y), hires_row(0xA5, 0, 6), "cell 0: idle");
    assert_eq!(
        cell_row(&v, 1, y),
        hires_row(0xA5, 0, 6),
        "cell 1: idle from $3FFF"
    );
}

#[test]
fn a_bad_line_started_in_idle_state_fetches_38ff_once_then_shows_display_state() {
    // 3.5/3.7.1 and VICE test bench VICII/vsp-tester (measured on 6569s): YSCROLL=5 leaves
    // line $33 idle; a $D011 write in its cycle 40 makes it a Bad Line ("DMA delay"). The
    // g-access of cycle 41 is still an idle one, but from $38FF; from cycle 42 on the
    // sequencer is in display state, with the $FF codes and colours the c-accesses read
    // while the CPU still has the bus.
    let (m, mut v) = bad_line_from_idle(40);
    let rc = v.rc as usize;
    tick_to(&mut v, &m, 0x33, 41);
    assert_eq!(v.phi1_fetch(&m.view()), 0x3C, "open bus in cycle 41");
    tick_to(&mut v, &m, 0x34, 1);
    v.flush_draw();
    let y = (0x33 - T.first_visible_line) as usize;
    for c in 0..25 {
        assert_eq!(
            cell_row(&v, c, y),
            hires_row(0xA5, 0, 6),
            "cell {c}: idle from $3FFF"
        );
    }
    assert_eq!(
        cell_row(&v, 25, y),
        hires_row(0x3C, 0, 6),
        "cell 25 (cycle 41): idle from $38FF"
    );
    let glyph = m.chargen[0xFF * 8 + rc];
    assert_eq!(
        cell_row(&v, 26, y),
        hires_row(glyph, 15, 6),
        "cell 26 (cycle 42): code $FF in colour 15"
    );
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

#[test]
fn c_accesses_while_the_cpu_has_the_bus_take_its_data_byte_as_colour() {
    // VICE test bench VICII/colorfetchbug and flibug (real C64s): in the three cycles after
    // BA falls the VIC reads $FF as the code and the low nybble of the CPU's data byte of
    // the cycle (there the opcode the halted CPU reads after its $D011 store) as colour.
    let mut m = Mem::new();
    m.ram[0x3FFF] = 0;
    let mut v = kernal_vic();
    v.write(0x11, 0x1D);
    run_frame(&mut v, &m);
    tick_to(&mut v, &m, 0x33, 40);
    v.write(0x11, 0x1B);
    let rc = v.rc as usize;
    for (cycle, byte) in [(41, 0x8A), (42, 0x93), (43, 0x2C)] {
        tick_to(&mut v, &m, 0x33, cycle);
        assert!(v.wants_cpu_data(), "cycle {cycle}");
        v.cpu_data(byte);
    }
    tick_to(&mut v, &m, 0x33, 44);
    assert!(!v.wants_cpu_data(), "cycle 44 has the bus");
    tick_to(&mut v, &m, 0x34, 1);
    v.flush_draw();
    let y = (0x33 - T.first_visible_line) as usize;
    let glyph = m.chargen[0xFF * 8 + rc];
    for (cell, colour) in [(26, 0x0A), (27, 0x03), (28, 0x0C)] {
        assert_eq!(
            cell_row(&v, cell, y),
            hires_row(glyph, colour, 6),
            "cell {cell}"
        );
    }
}

/// VICE test bench VICII/rasterirq/rasterirq_hold (photographed on a 6569): a line whose
/// compare matched, and a program that writes the next line's number in cycle 63 of each
/// line, never sees the raster flag: the write of cycle 63 comes after the compare has
/// looked at the line, and the next line's match continues the one before it. Written in
/// cycle 62, the next line raises the flag.
#[test]
fn a_compare_written_in_cycle_63_holds_the_match_into_the_next_line() {
    for (cycle, flagged) in [(63u8, false), (62, true)] {
        let m = Mem::new();
        let mut v = kernal_vic();
        v.write(0x12, 18);
        tick_to(&mut v, &m, 18, 10);
        v.write(0x19, 0x01);
        for line in 18..24u16 {
            tick_to(&mut v, &m, line, cycle);
            v.write(0x12, (line + 1) as u8);
        }
        tick_to(&mut v, &m, 24, 10);
        assert_eq!(
            v.peek(0x19) & 0x01 != 0,
            flagged,
            "compare written in cycle {cycle}"
        );
    }
}

/// VICE test bench VICII/fldscroll and VICII/dentest (photographed on 6569s): a $D011
/// write in cycle 63 that makes YSCROLL match the line does not start display state (the
/// line's Bad Line Condition is behind it), but DEN set in cycle 63 of line $30 still
/// allows the frame's Bad Lines.
#[test]
fn a_d011_write_in_cycle_63_is_the_next_lines() {
    let m = Mem::new();
    // Idle from line $30 on: DEN set only in cycle 63 of line $30.
    let mut v = kernal_vic();
    v.write(0x11, 0x0B);
    tick_to(&mut v, &m, 0x30, 63);
    v.write(0x11, 0x1B);
    tick_to(&mut v, &m, 0x33, 1);
    assert!(v.bad_line, "line $33 is a Bad Line");
    // FLD: each line, in cycle 63, YSCROLL set to that line's low bits.
    let mut v = kernal_vic();
    tick_to(&mut v, &m, 0x2F, 63);
    v.write(0x11, 0x1F);
    for line in 0x30..0x40u16 {
        tick_to(&mut v, &m, line, 63);
        v.write(0x11, 0x18 | (line & 7) as u8);
        assert!(!v.display_state, "line ${line:02X}");
    }
}
