//! BASIC at the prompt, typed as a person types it: a machine with a disk in drive 8,
//! lines entered and programs run, and what the screen shows.

use breadbin::basic::TextStyle;
use breadbin::drive::Disk;
use breadbin::host::autostart::{put_in_keyboard_buffer, run_until_ready};
use breadbin::media::disk::{D64, FileType, Image};
use breadbin::{C64, Roms};

pub const SECOND: u64 = 985_248;

/// The open ROMs with `dos` for drive 8 (none: no drive) and `disk` in it, at BASIC's
/// prompt.
pub fn machine(dos: Option<Box<[u8; 0x4000]>>, disk: Option<&D64>) -> C64 {
    let mut roms = Roms::open();
    roms.dos = dos;
    machine_on(roms, disk)
}

/// `roms` (drive 8 when they hold a DOS) with `disk` in the drive, at BASIC's prompt.
pub fn machine_on(roms: Roms, disk: Option<&D64>) -> C64 {
    let mut c64 = C64::new(roms);
    c64.set_render(false);
    if let Some(d) = disk {
        c64.drive_mut()
            .expect("a drive")
            .insert_disk(Disk::from_d64(d));
    }
    assert!(run_until_ready(&mut c64, 5 * SECOND), "BASIC's prompt");
    c64
}

/// The screen shows `text`.
pub fn shows(c64: &C64, text: &str) {
    let s = screen(c64);
    assert!(s.contains(text), "{text:?} not on the screen:\n{s}");
}

/// Type `line` and RETURN at the prompt and run until BASIC is back at its prompt (at most
/// `seconds`). Returns the emulated cycles it took.
pub fn enter(c64: &mut C64, line: &str, seconds: u64) -> u64 {
    let start = c64.cycles();
    type_line(c64, line);
    assert!(
        run_until_ready(c64, start + seconds * SECOND),
        "{line} did not end within {seconds} s:\n{}",
        screen(c64)
    );
    c64.cycles() - start
}

/// Type a program line: BASIC keeps it and waits for the next.
pub fn program(c64: &mut C64, line: &str) {
    type_line(c64, line);
    let main = c64.peek_word(0x0302);
    c64.run_until(c64.cycles() + SECOND, |c| {
        c.cpu().at_instruction_boundary() && c.cpu().pc == main
    });
    assert_eq!(c64.cpu().pc, main, "{line}");
}

/// Type the program's lines, then RUN it (at most `seconds`).
pub fn run_program_for(c64: &mut C64, lines: &[&str], seconds: u64) {
    for line in lines {
        program(c64, line);
    }
    enter(c64, "RUN", seconds);
}

/// Type the program's lines, then RUN it (at most 30 s).
pub fn run_program(c64: &mut C64, lines: &[&str]) {
    run_program_for(c64, lines, 30);
}

/// Type `line` and RETURN, ten keys at a time, each batch once the editor has taken the
/// one before (a batch added while it takes a key could lose one).
pub fn type_line(c64: &mut C64, line: &str) {
    let bytes: Vec<u8> = line.bytes().chain([13]).collect();
    for chunk in bytes.chunks(10) {
        while c64.peek(0xC6) != 0 {
            c64.run_cycles(1000);
        }
        c64.run_cycles(2000);
        while !put_in_keyboard_buffer(c64, chunk) {
            c64.run_cycles(1000);
        }
    }
    while c64.peek(0xC6) != 0 {
        c64.run_cycles(1000);
    }
}

pub fn screen(c64: &C64) -> String {
    c64.screen_text(TextStyle::Ascii)
}

/// A BASIC program that prints `word`.
pub fn basic_prg(word: &str) -> Vec<u8> {
    breadbin::basic::tokenize(&format!("10 PRINT \"{word}\"\n"), "t.bas")
        .unwrap()
        .prg
}

/// A disk with HELLO (prints FROM DISK), CODE (16 bytes for $C000) and FILLER (11 blocks
/// for $4000).
pub fn three_files() -> D64 {
    let mut d = D64::formatted(b"TEST DISK", *b"TD");
    d.write_file(b"HELLO", FileType::Prg, &basic_prg("FROM DISK"))
        .unwrap();
    let code: Vec<u8> = [0x00, 0xC0].into_iter().chain(0x30..0x40).collect();
    d.write_file(b"CODE", FileType::Prg, &code).unwrap();
    let filler: Vec<u8> = [0x00, 0x40]
        .into_iter()
        .chain((0..10 * 254).map(|i| (i % 7) as u8))
        .collect();
    d.write_file(b"FILLER", FileType::Prg, &filler).unwrap();
    d
}

/// The disk in the drive as a D64, with what the drive wrote, once the drive is done (the
/// C64 goes on after a CLOSE while the drive writes; its motor stops 2.5 s after its last
/// job).
pub fn disk_now(c: &mut C64, before: &D64) -> D64 {
    c.run_cycles(SECOND / 2);
    for _ in 0..20 {
        if !c.drive().expect("a drive").status().motor {
            break;
        }
        c.run_cycles(SECOND / 2);
    }
    let mut img = Image::D64(before.clone());
    c.drive()
        .expect("a drive")
        .disk()
        .expect("a disk")
        .write_back_image(&mut img);
    match img {
        Image::D64(d) => d,
        Image::G64(_) => unreachable!(),
    }
}
