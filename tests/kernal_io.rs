//! The open KERNAL's files and channels on the emulated machine: OPEN/CLOSE/CHKIN/CHKOUT/
//! CLRCHN/CLALL with the keyboard and screen, the documented error numbers (carry set,
//! A = code) for everything else, LOAD/SAVE without drives, the serial entries with nothing
//! on the bus, READST,
//! MEMTOP/MEMBOT, IOBASE, VECTOR/RESTOR and wedged vectors.

mod kernal_support;
use kernal_support::*;

use breadbin::C64;

const OPEN: u16 = 0xFFC0;
const CLOSE: u16 = 0xFFC3;
const CHKIN: u16 = 0xFFC6;
const CHKOUT: u16 = 0xFFC9;
const CLRCHN: u16 = 0xFFCC;

fn setlfs(c: &mut C64, la: u8, fa: u8, sa: u8) {
    call(
        c,
        0xFFBA,
        Regs {
            a: la,
            x: fa,
            y: sa,
            ..Regs::default()
        },
    );
}

/// SETNAM with a name placed at $C200.
fn setnam(c: &mut C64, name: &[u8]) {
    for (i, &b) in name.iter().enumerate() {
        c.poke_ram(0xC200 + i as u16, b);
    }
    call(
        c,
        0xFFBD,
        Regs {
            a: name.len() as u8,
            x: 0x00,
            y: 0xC2,
            ..Regs::default()
        },
    );
}

fn open(c: &mut C64, la: u8, fa: u8, sa: u8, name: &[u8]) -> Result<(), u8> {
    setlfs(c, la, fa, sa);
    setnam(c, name);
    result(call(c, OPEN, Regs::default()))
}

fn result(r: Regs) -> Result<(), u8> {
    if r.carry { Err(r.a) } else { Ok(()) }
}

fn with_x(c: &mut C64, addr: u16, x: u8) -> Result<(), u8> {
    result(call(
        c,
        addr,
        Regs {
            x,
            ..Regs::default()
        },
    ))
}

#[test]
fn screen_and_keyboard_files() {
    let mut c = machine();
    print(&mut c, &[0x93]);
    assert_eq!(open(&mut c, 1, 3, 0xFF, b""), Ok(()));
    assert_eq!(c.peek(0x98), 1, "one open file");
    assert_eq!(
        (c.peek(0x0259), c.peek(0x0263), c.peek(0x026D)),
        (1, 3, 0xFF),
        "LAT/FAT/SAT entries (SA ORed with $60)"
    );
    assert_eq!(with_x(&mut c, CHKOUT, 1), Ok(()));
    assert_eq!(c.peek(0x9A), 3);
    print(&mut c, b"VIA FILE 1");
    assert_eq!(row_text(&c, 0), sc("VIA FILE 1"));
    // The keyboard: input only.
    assert_eq!(open(&mut c, 2, 0, 0xFF, b""), Ok(()));
    assert_eq!(with_x(&mut c, CHKIN, 2), Ok(()));
    assert_eq!(c.peek(0x99), 0);
    assert_eq!(with_x(&mut c, CHKOUT, 2), Err(7), "NOT OUTPUT FILE");
    // The screen as input: reads the line at the cursor.
    assert_eq!(with_x(&mut c, CHKIN, 1), Ok(()));
    assert_eq!(c.peek(0x99), 3);
    call(&mut c, CLRCHN, Regs::default());
    assert_eq!(
        (c.peek(0x99), c.peek(0x9A)),
        (0, 3),
        "CLRCHN: keyboard in, screen out"
    );
    // CLOSE removes the entry; closing a file that is not open is no error.
    assert_eq!(result(call(&mut c, CLOSE, a(1))), Ok(()));
    assert_eq!(c.peek(0x98), 1);
    assert_eq!(c.peek(0x0259), 2, "the last entry moved into the gap");
    assert_eq!(result(call(&mut c, CLOSE, a(77))), Ok(()));
    call(&mut c, 0xFFE7, Regs::default());
    assert_eq!(c.peek(0x98), 0, "CLALL forgets every file");
}

#[test]
fn error_numbers_for_bad_file_numbers_and_full_tables() {
    let mut c = machine();
    assert_eq!(with_x(&mut c, CHKIN, 5), Err(3), "CHKIN: FILE NOT OPEN");
    assert_eq!(with_x(&mut c, CHKOUT, 5), Err(3), "CHKOUT: FILE NOT OPEN");
    assert_eq!(open(&mut c, 0, 3, 0, b""), Err(6), "logical file 0");
    for la in 1..=10 {
        assert_eq!(open(&mut c, la, 3, 0, b""), Ok(()));
    }
    assert_eq!(open(&mut c, 11, 3, 0, b""), Err(1), "TOO MANY FILES");
    assert_eq!(open(&mut c, 3, 3, 0, b""), Err(2), "FILE OPEN");
    assert_eq!(c.peek(0x98), 10);
}

#[test]
fn absent_devices_answer_device_not_present() {
    let mut c = machine();
    for fa in [1, 2] {
        c.poke_ram(0x90, 0);
        assert_eq!(open(&mut c, fa, fa, 0, b""), Err(5), "device {fa}");
        assert_eq!(c.peek(0x90) & 0x80, 0x80, "ST bit 7");
    }
    call(&mut c, 0xFFE7, Regs::default());
    // A printer opened without a name is only an entry; output to it fails.
    assert_eq!(open(&mut c, 4, 4, 0xFF, b""), Ok(()));
    c.poke_ram(0x90, 0);
    assert_eq!(with_x(&mut c, CHKOUT, 4), Err(5));
    assert_eq!(call(&mut c, 0xFFB7, Regs::default()).a, 0x80, "READST");
    assert_eq!(with_x(&mut c, CHKIN, 4), Err(5));
    // A named file goes on the bus: nobody answers, and the entry stays (CLOSE it).
    assert_eq!(open(&mut c, 8, 8, 15, b"I"), Err(5));
    assert_eq!(open(&mut c, 8, 8, 15, b"I"), Err(2), "still in the table");
    call(&mut c, CLOSE, a(8));
    assert_eq!(open(&mut c, 8, 8, 15, b"I"), Err(5));
    // The serial entries: nobody answers ATN or holds DATA, device not present in ST.
    for entry in [0xFFB1u16, 0xFFB4, 0xFF93, 0xFF96, 0xFFAB, 0xFFAE] {
        c.poke_ram(0x90, 0);
        call(&mut c, entry, a(8));
        assert_eq!(c.peek(0x90), 0x80, "ST after ${entry:04X}");
    }
    // CIOUT holds its byte back; UNLSN sends it (with EOI) to nobody.
    c.poke_ram(0x90, 0);
    call(&mut c, 0xFFA8, a(b'X'));
    assert_eq!(c.peek(0x90), 0, "CIOUT: the byte waits");
    call(&mut c, 0xFFAE, Regs::default());
    assert_eq!(c.peek(0x90), 0x80, "UNLSN");
    // ACPTR: no talker sends anything: EOI, then the read time-out; RETURN comes back.
    c.poke_ram(0x90, 0);
    let r = call(&mut c, 0xFFA5, Regs::default());
    assert_eq!((r.a, c.peek(0x90)), (0x0D, 0x42), "ACPTR");
}

fn load(c: &mut C64, fa: u8, name: &[u8]) -> Result<(), u8> {
    setlfs(c, 1, fa, 0);
    setnam(c, name);
    result(call(
        c,
        0xFFD5,
        Regs {
            a: 0,
            x: 0x01,
            y: 0x08,
            ..Regs::default()
        },
    ))
}

#[test]
fn load_and_save_without_drives() {
    let mut c = machine();
    print(&mut c, &[0x93]);
    assert_eq!(load(&mut c, 8, b""), Err(8), "MISSING FILE NAME");
    assert_eq!(load(&mut c, 3, b"X"), Err(9), "ILLEGAL DEVICE NUMBER");
    assert_eq!(load(&mut c, 0, b"X"), Err(9));
    assert_eq!(load(&mut c, 1, b"X"), Err(5), "no cassette");
    c.poke_ram(0x9D, 0x80); // direct mode: KERNAL messages on
    assert_eq!(load(&mut c, 8, b"GAME"), Err(5));
    assert_eq!(row_text(&c, 1), sc("SEARCHING FOR GAME"));
    assert_eq!(c.peek_word(0xC3), 0x0801, "LOAD address in $C3/$C4");
    // SAVE: A = zero-page pointer to the start, X/Y = end.
    c.poke_ram(0xFB, 0x01);
    c.poke_ram(0xFC, 0x08);
    setlfs(&mut c, 1, 8, 0);
    setnam(&mut c, b"GAME");
    let r = call(
        &mut c,
        0xFFD8,
        Regs {
            a: 0xFB,
            x: 0x00,
            y: 0x10,
            ..Regs::default()
        },
    );
    assert_eq!((r.carry, r.a), (true, 5));
    assert_eq!(row_text(&c, 2), sc("SAVING GAME"));
    assert_eq!(c.peek_word(0xC1), 0x0801);
    assert_eq!(c.peek_word(0xAE), 0x1000);
    // With error messages enabled the KERNAL names the error.
    c.poke_ram(0x9D, 0x40);
    assert_eq!(load(&mut c, 9, b"X"), Err(5));
    assert_eq!(row_text(&c, 3), sc("I/O ERROR #5"));
}

#[test]
fn memory_bounds_iobase_and_small_entries() {
    let mut c = machine();
    let rd = Regs {
        carry: true,
        ..Regs::default()
    };
    let top = call(&mut c, 0xFF99, rd);
    assert_eq!((top.x, top.y), (0x00, 0xA0), "MEMTOP $A000");
    let bot = call(&mut c, 0xFF9C, rd);
    assert_eq!((bot.x, bot.y), (0x00, 0x08), "MEMBOT $0800");
    call(
        &mut c,
        0xFF99,
        Regs {
            x: 0x00,
            y: 0x90,
            carry: false,
            ..Regs::default()
        },
    );
    assert_eq!(c.peek_word(0x0283), 0x9000);
    let io = call(&mut c, 0xFFF3, Regs::default());
    assert_eq!((io.x, io.y), (0x00, 0xDC), "IOBASE");
    call(&mut c, 0xFF90, a(0xC0));
    assert_eq!(c.peek(0x9D), 0xC0, "SETMSG");
    call(&mut c, 0xFFA2, a(0x80));
    assert_eq!(c.peek(0x0285), 0x80, "SETTMO");
    setlfs(&mut c, 7, 8, 2);
    assert_eq!(
        (c.peek(0xB8), c.peek(0xBA), c.peek(0xB9)),
        (7, 8, 2),
        "SETLFS"
    );
}

#[test]
fn vector_restor_and_a_wedged_chrout() {
    let mut c = machine();
    // VECTOR with carry set copies the 32 bytes out.
    call(
        &mut c,
        0xFF8D,
        Regs {
            x: 0x00,
            y: 0xC3,
            carry: true,
            ..Regs::default()
        },
    );
    let saved: Vec<u8> = (0..32).map(|i| c.peek(0xC300 + i)).collect();
    let live: Vec<u8> = (0..32).map(|i| c.peek(0x0314 + i)).collect();
    assert_eq!(saved, live);
    assert_eq!(c.peek_word(0x0314), 0xEA31, "IRQ vector default");
    assert_eq!(c.peek_word(0x0316), 0xFE66, "BRK vector default");
    assert_eq!(c.peek_word(0x0318), 0xFE47, "NMI vector default");
    // Wedge CHROUT: $C400 INC $02, JMP (old vector).
    let old = c.peek_word(0x0326);
    let [lo, hi] = old.to_le_bytes();
    for (i, b) in [0xE6, 0x02, 0x4C, lo, hi].into_iter().enumerate() {
        c.poke_ram(0xC400 + i as u16, b);
    }
    c.poke_ram(0xC300 + 0x12, 0x00);
    c.poke_ram(0xC300 + 0x13, 0xC4);
    call(
        &mut c,
        0xFF8D,
        Regs {
            x: 0x00,
            y: 0xC3,
            carry: false,
            ..Regs::default()
        },
    );
    assert_eq!(
        c.peek_word(0x0326),
        0xC400,
        "VECTOR with carry clear sets them"
    );
    c.poke_ram(0x02, 0);
    print(&mut c, b"\x93WEDGED");
    assert_eq!(c.peek(0x02), 7, "every CHROUT went through the wedge");
    assert_eq!(row_text(&c, 0), sc("WEDGED"));
    call(&mut c, 0xFF8A, Regs::default());
    assert_eq!(c.peek_word(0x0326), old, "RESTOR");
}

#[test]
fn cint_and_ioinit_through_the_jump_table() {
    let mut c = machine();
    print(&mut c, b"\x1cJUNK");
    c.poke(0xD020, 0);
    c.poke(0xD018, 0x16);
    call(&mut c, 0xFF81, Regs::default());
    assert_eq!(c.peek(0xD020) & 15, 14, "CINT: light blue border");
    assert_eq!(c.peek(0xD021) & 15, 6, "blue background");
    assert_eq!(c.peek(0xD018) & 0xFE, 0x14, "upper case, screen at $0400");
    assert_eq!(c.peek(0x0286), 14, "light blue text");
    assert!(c.screen_codes().iter().all(|&s| s == 0x20), "clear screen");
    // IOINIT restarts the 60 Hz interrupt after a program stopped it.
    c.poke(0xDC0E, 0x00);
    c.poke(0xDC0D, 0x7F);
    let t0 = c.peek(0xA2);
    for _ in 0..10 {
        c.run_frame();
    }
    assert_eq!(c.peek(0xA2), t0, "no interrupts while timer A is stopped");
    call(&mut c, 0xFF84, Regs::default());
    for _ in 0..10 {
        c.run_frame();
    }
    let ticks = c.peek(0xA2).wrapping_sub(t0);
    assert!(
        (11..=13).contains(&ticks),
        "IOINIT: 60 Hz again ({ticks} in 10 frames)"
    );
}
