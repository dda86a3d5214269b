//! The open KERNAL on the serial bus: the open KERNAL and BASIC with a genuine 1541 DOS
//! (`BREADBIN_GENUINE_ROMS=DIR` holding one; the tests that need it are skipped without)
//! in drive 8, a D64 made here in it. BASIC commands are typed at the prompt as a person
//! types them: LOAD (to BASIC's start and to the file's own address), the directory, SAVE
//! and VERIFY, the command channel, a sequential file written with PRINT# and read with
//! INPUT# and GET#. Without any drive, LOAD answers ?DEVICE NOT PRESENT at once.

mod common;

use breadbin::{C64, Roms};
use common::typing::*;
use std::path::Path;

/// The genuine 1541 DOS of `BREADBIN_GENUINE_ROMS`, if there is one.
fn genuine_dos() -> Option<Box<[u8; 0x4000]>> {
    let dir = std::env::var_os("BREADBIN_GENUINE_ROMS")?;
    Roms::from_dir(Path::new(&dir))
        .expect("BREADBIN_GENUINE_ROMS holds ROMs")
        .dos
}

/// The open ROMs with the genuine DOS and [`disk`] in drive 8, at BASIC's prompt; `None`
/// (the test is skipped) without a genuine DOS.
fn with_disk() -> Option<C64> {
    let Some(dos) = genuine_dos() else {
        eprintln!("skipping: no genuine 1541 DOS (BREADBIN_GENUINE_ROMS)");
        return None;
    };
    Some(machine(Some(dos), Some(&three_files())))
}

#[test]
fn load_reads_a_program_and_run_starts_it() {
    let Some(mut c) = with_disk() else { return };
    enter(&mut c, "LOAD\"HELLO\",8", 30);
    shows(&c, "SEARCHING FOR HELLO\nLOADING\nREADY.");
    let prg = basic_prg("FROM DISK");
    let end = 0x0801 + prg.len() as u16 - 2;
    assert_eq!(c.peek_word(0xAE), end, "end address in $AE/$AF");
    assert_eq!(c.peek(0x90), 0x40, "ST: EOI");
    enter(&mut c, "RUN", 5);
    shows(&c, "RUN\nFROM DISK\n");
}

#[test]
fn secondary_address_1_loads_to_the_files_own_address_and_0_to_basic() {
    let Some(mut c) = with_disk() else { return };
    enter(&mut c, "LOAD\"CODE\",8,1", 30);
    let at_c000: Vec<u8> = (0..16).map(|i| c.peek(0xC000 + i)).collect();
    assert_eq!(at_c000, (0x30..0x40).collect::<Vec<u8>>(), "{}", screen(&c));
    assert_eq!(c.peek_word(0xAE), 0xC010);
    // The 2,540 bytes of FILLER to $0801 instead of $4000.
    enter(&mut c, "NEW", 1); // BASIC's variables started at $C010
    let took = enter(&mut c, "LOAD\"FILLER\",8", 60);
    assert_eq!(c.peek_word(0xAE), 0x0801 + 10 * 254);
    assert_eq!(c.peek(0x0801 + 300), (300 % 7) as u8);
    assert_eq!(c.peek(0x4000 + 300), 0, "nothing at the file's own address");
    eprintln!("LOAD of 2,540 bytes: {:.1} s", took as f64 / SECOND as f64);
}

#[test]
fn the_directory_loads_and_lists() {
    let Some(mut c) = with_disk() else { return };
    enter(&mut c, "LOAD\"$\",8", 30);
    enter(&mut c, "LIST", 5);
    for line in [
        "0 \"TEST DISK       \" TD 2A",
        "1    \"HELLO\"            PRG",
        "1    \"CODE\"             PRG",
        "11   \"FILLER\"           PRG",
        "651 BLOCKS FREE.",
    ] {
        shows(&c, line);
    }
}

#[test]
fn a_missing_file_is_file_not_found() {
    let Some(mut c) = with_disk() else { return };
    enter(&mut c, "LOAD\"NOPE\",8", 30);
    shows(&c, "SEARCHING FOR NOPE\n?FILE NOT FOUND  ERROR");
}

#[test]
fn save_writes_the_program_to_disk_and_load_and_verify_read_it_back() {
    let Some(mut c) = with_disk() else { return };
    program(&mut c, "10 PRINT\"SAVED\":REM 0123456789");
    program(&mut c, "20 GOTO 10");
    enter(&mut c, "SAVE\"MINE\",8", 30);
    shows(&c, "SAVING MINE\nREADY.");
    let text_end = c.peek_word(0x2D);
    let text: Vec<u8> = (0x0801..text_end).map(|a| c.peek(a)).collect();
    let mut image = three_files();
    c.drive().unwrap().disk().unwrap().write_back(&mut image);
    let saved = image.read_file(b"MINE").expect("MINE on the disk");
    assert_eq!(&saved[..2], &[0x01, 0x08], "load address");
    assert_eq!(&saved[2..], &text[..], "the program's bytes");

    enter(&mut c, "VERIFY\"MINE\",8", 30);
    shows(&c, "VERIFYING\nOK\n");
    program(&mut c, "20 GOTO 20");
    enter(&mut c, "VERIFY\"MINE\",8", 30);
    shows(&c, "?VERIFY  ERROR");
    enter(&mut c, "NEW", 1);
    enter(&mut c, "LOAD\"MINE\",8", 30);
    enter(&mut c, "LIST", 5);
    shows(&c, "10 PRINT\"SAVED\":REM 0123456789\n20 GOTO 10\n");
}

#[test]
fn the_command_channel_gives_the_drives_status() {
    let Some(mut c) = with_disk() else { return };
    run_program(
        &mut c,
        &[
            "10 OPEN15,8,15:INPUT#15,A,B$,C,D:PRINTA;B$;C;D",
            "20 PRINT#15,\"S:FILLER\":INPUT#15,A,B$,C:PRINTA;B$;C",
            "30 CLOSE15",
        ],
    );
    shows(&c, " 73 CBM DOS V2.6 1541 0  0\n");
    shows(&c, " 1 FILES SCRATCHED 1\n");
}

#[test]
fn a_sequential_file_written_with_print_reads_back_with_input_and_get() {
    let Some(mut c) = with_disk() else { return };
    run_program(
        &mut c,
        &[
            "10 OPEN2,8,2,\"DATA,S,W\":PRINT#2,\"HELLO\":PRINT#2,42:CLOSE2",
            "20 OPEN2,8,2,\"DATA,S,R\":INPUT#2,A$,B:CLOSE2:PRINTA$;B",
            "30 OPEN2,8,2,\"DATA\":N=0",
            "40 GET#2,C$:N=N+1:IFST=0THEN40",
            "50 PRINT N;ST;ASC(C$):CLOSE2",
        ],
    );
    shows(&c, "HELLO 42\n");
    // "HELLO", RETURN, " 42 ", RETURN: the last byte comes with EOI.
    shows(&c, " 11  64  13\n");
}

#[test]
fn without_a_drive_load_is_device_not_present_at_once() {
    let mut c = machine(None, None);
    let took = enter(&mut c, "LOAD\"X\",8", 1);
    shows(&c, "SEARCHING FOR X\n?DEVICE NOT PRESENT  ERROR");
    assert!(took < SECOND / 5, "{took} cycles");
    enter(&mut c, "OPEN1,8,15,\"I\"", 1);
    shows(&c, "OPEN1,8,15,\"I\"\n\n?DEVICE NOT PRESENT  ERROR");
}
