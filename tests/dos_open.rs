//! breadbin's own 1541 DOS, drive 8 of the open ROMs: the bus and channel 15, files and the
//! directory, disks it writes read back here, and disks made here read by it. BASIC commands
//! are typed at the prompt as a person types them.

mod common;

use breadbin::C64;
use breadbin::media::disk::{D64, FileType};
use common::typing::*;

/// The open ROMs (with their DOS) and [`disk`] in drive 8.
fn open_machine() -> C64 {
    machine_on(breadbin::Roms::open(), Some(&three_files()))
}

#[test]
fn the_power_on_message_names_the_dos_and_says_v2_6_1541() {
    let mut c = open_machine();
    run_program(
        &mut c,
        &["10 OPEN15,8,15:INPUT#15,A,B$,C,D:PRINTA;B$;C;D:CLOSE15"],
    );
    shows(&c, " 73 BREADBIN DOS V2.6 1541 0  0\n");
}

#[test]
fn memory_read_and_write_on_the_command_channel() {
    let mut c = open_machine();
    run_program(
        &mut c,
        &[
            "10 OPEN15,8,15",
            "20 PRINT#15,\"M-W\"CHR$(0)CHR$(5)CHR$(3)\"HI\"CHR$(13)",
            "30 PRINT#15,\"M-R\"CHR$(0)CHR$(5)CHR$(3)",
            "40 GET#15,A$,B$,C$:PRINTA$;B$;ASC(C$)",
            "50 PRINT#15,\"M-R\"CHR$(160)CHR$(254)CHR$(2):GET#15,A$,B$",
            "60 PRINTASC(A$);ASC(B$):CLOSE15",
        ],
    );
    shows(&c, "HI 13\n");
    // The bytes programs read to recognise a 1541.
    shows(&c, " 13  237\n");
}

#[test]
fn load_reads_a_program_and_run_starts_it() {
    let mut c = open_machine();
    enter(&mut c, "LOAD\"HELLO\",8", 60);
    shows(&c, "LOADING\nREADY.");
    enter(&mut c, "RUN", 5);
    shows(&c, "RUN\nFROM DISK\n");
    enter(&mut c, "LOAD\"CODE\",8,1", 60);
    assert_eq!(c.peek(0xC000), 0x30);
    assert_eq!(c.peek(0xC00F), 0x3F);
}

#[test]
fn the_directory_lists_the_files_and_the_blocks_free() {
    let mut c = open_machine();
    enter(&mut c, "LOAD\"$\",8", 60);
    enter(&mut c, "LIST", 5);
    shows(&c, "0 \"TEST DISK       \" TD 2A");
    shows(&c, "1    \"HELLO\"            PRG");
    shows(&c, "11   \"FILLER\"           PRG");
    shows(&c, "651 BLOCKS FREE.");
    enter(&mut c, "PRINTCHR$(147)", 5);
    enter(&mut c, "LOAD\"$0:F*\",8", 60);
    enter(&mut c, "LIST", 5);
    assert!(!screen(&c).contains("HELLO"), "{}", screen(&c));
}

#[test]
fn a_missing_file_is_file_not_found_on_the_error_channel() {
    let mut c = open_machine();
    enter(&mut c, "LOAD\"NOPE\",8", 60);
    shows(&c, "?FILE NOT FOUND  ERROR");
    run_program(
        &mut c,
        &["10 OPEN15,8,15:OPEN2,8,2,\"NOPE\":INPUT#15,A,B$:PRINTA;B$:CLOSE2:CLOSE15"],
    );
    shows(&c, " 62 FILE NOT FOUND\n");
}

#[test]
fn a_saved_program_loads_and_verifies_and_is_on_the_disk() {
    let mut c = open_machine();
    let before = three_files();
    enter(&mut c, "NEW", 5);
    program(&mut c, "10 PRINT\"SAVED\"");
    enter(&mut c, "SAVE\"MINE\",8", 60);
    enter(&mut c, "VERIFY\"MINE\",8", 60);
    shows(&c, "VERIFYING\nOK");
    enter(&mut c, "NEW", 5);
    enter(&mut c, "LOAD\"MINE\",8", 60);
    enter(&mut c, "RUN", 5);
    shows(&c, "RUN\nSAVED\n");
    let d = disk_now(&mut c, &before);
    let mine = d.read_file(b"MINE").expect("MINE on the disk");
    assert_eq!(&mine[..2], &[0x01, 0x08]);
    assert_eq!(d.blocks_free(), before.blocks_free() - 1);
    // A 1541 gives a new file's first block on the track nearest the directory.
    let e = d
        .directory()
        .into_iter()
        .find(|e| e.name == b"MINE")
        .unwrap();
    assert_eq!(e.track, 17, "{e:?}");
}

#[test]
fn a_sequential_file_is_written_appended_and_read_back() {
    let mut c = open_machine();
    run_program(
        &mut c,
        &[
            "10 OPEN2,8,2,\"DATA,S,W\":PRINT#2,\"HELLO\":PRINT#2,42:CLOSE2",
            "20 OPEN2,8,2,\"DATA,S,A\":PRINT#2,\"MORE\":CLOSE2",
            "30 OPEN2,8,2,\"DATA,S,R\":INPUT#2,A$,B,C$:CLOSE2:PRINTA$;B;C$",
            "40 OPEN2,8,2,\"DATA\":N=0",
            "50 GET#2,C$:N=N+1:IFST=0THEN50",
            "60 PRINT N;ST;ASC(C$):CLOSE2",
        ],
    );
    shows(&c, "HELLO 42 MORE\n");
    // "HELLO", RETURN, " 42 ", RETURN, "MORE", RETURN: the last byte comes with EOI.
    shows(&c, " 16  64  13\n");
}

#[test]
fn a_long_file_spans_blocks_and_reads_back_whole() {
    let mut c = open_machine();
    run_program_for(
        &mut c,
        &[
            "10 OPEN2,8,2,\"LONG,S,W\"",
            "20 FORI=1TO200:PRINT#2,I:NEXT:CLOSE2",
            "30 OPEN2,8,2,\"LONG,S,R\":S=0",
            "40 INPUT#2,A:S=S+A:IFST=0THEN40",
            "50 CLOSE2:PRINT\"SUM\"S",
        ],
        120,
    );
    shows(&c, "SUM 20100\n");
    let d = disk_now(&mut c, &three_files());
    let long = d.read_file(b"LONG").expect("LONG");
    let text: String = (1..=200).map(|i| format!(" {i} \r")).collect();
    assert_eq!(long, text.as_bytes());
}

#[test]
fn scratch_frees_the_files_blocks_and_says_how_many() {
    let mut c = open_machine();
    let before = three_files();
    run_program(
        &mut c,
        &["10 OPEN15,8,15,\"S:FILLER,CODE\":INPUT#15,A,B$,C:PRINTA;B$;C:CLOSE15"],
    );
    shows(&c, " 1 FILES SCRATCHED 2\n");
    let d = disk_now(&mut c, &before);
    assert_eq!(d.blocks_free(), before.blocks_free() + 12);
    assert!(d.read_file(b"FILLER").is_none());
}

#[test]
fn rename_and_replace() {
    let mut c = open_machine();
    run_program(
        &mut c,
        &[
            "10 OPEN15,8,15,\"R:GREETING=HELLO\":INPUT#15,A:PRINT\"R\"A",
            "20 PRINT#15,\"R:X=NOPE\":INPUT#15,A:PRINT\"R\"A:CLOSE15",
        ],
    );
    shows(&c, "R 0\nR 62\n");
    enter(&mut c, "NEW", 5);
    program(&mut c, "10 PRINT\"NEWER\"");
    enter(&mut c, "SAVE\"@0:GREETING\",8", 60);
    enter(&mut c, "NEW", 5);
    enter(&mut c, "LOAD\"GREETING\",8", 60);
    enter(&mut c, "RUN", 5);
    shows(&c, "RUN\nNEWER\n");
    let before = three_files();
    let d = disk_now(&mut c, &before);
    assert_eq!(
        d.blocks_free(),
        before.blocks_free(),
        "the old copy's block is free"
    );
}

#[test]
fn new_formats_the_disk_with_its_name_and_id() {
    let mut c = open_machine();
    run_program_for(
        &mut c,
        &["10 OPEN15,8,15,\"N:FRESH,F1\":INPUT#15,A:PRINT\"N\"A:CLOSE15"],
        120,
    );
    shows(&c, "N 0\n");
    let d = disk_now(&mut c, &three_files());
    assert_eq!(d.blocks_free(), 664);
    assert!(d.directory().is_empty());
    assert_eq!(d.id(), *b"F1");
    assert_eq!(d.sector(18, 0).unwrap()[0x90..0x95], *b"FRESH");
}

#[test]
fn validate_rebuilds_the_bam_from_the_files() {
    let mut c = open_machine();
    let mut damaged = three_files();
    // Mark every block of track 17 used in the BAM: validate frees those no file uses.
    let bam = damaged.sector_mut(18, 0).unwrap();
    bam[17 * 4..17 * 4 + 4].copy_from_slice(&[0, 0, 0, 0]);
    let free_before = three_files().blocks_free();
    c.drive_mut()
        .unwrap()
        .insert_disk(breadbin::drive::Disk::from_d64(&damaged));
    run_program_for(
        &mut c,
        &["10 OPEN15,8,15,\"I\":PRINT#15,\"V\":INPUT#15,A:PRINT\"V\"A:CLOSE15"],
        120,
    );
    shows(&c, "V 0\n");
    assert_eq!(disk_now(&mut c, &damaged).blocks_free(), free_before);
}

#[test]
fn block_commands_read_and_write_sectors_through_a_buffer_channel() {
    let mut c = open_machine();
    let before = three_files();
    run_program(
        &mut c,
        &[
            "10 OPEN15,8,15:OPEN2,8,2,\"#\"",
            "20 PRINT#15,\"U1:2,0,18,0\":INPUT#15,A:PRINT\"U1\"A",
            "30 PRINT#15,\"B-P:2,144\":GET#2,A$,B$,C$,D$:PRINTA$B$C$D$",
            "40 PRINT#15,\"B-P:2,0\":PRINT#2,\"BLOCK\";",
            "50 PRINT#15,\"U2:2,0,1,5\":INPUT#15,A:PRINT\"U2\"A",
            "60 PRINT#15,\"U1:2,0,40,0\":INPUT#15,A,B$,T,S:PRINTA;B$;T;S",
            "70 PRINT#15,\"B-A:0,1,6\":INPUT#15,A:PRINT\"BA\"A",
            "80 PRINT#15,\"B-A:0,1,6\":INPUT#15,A:PRINT\"BA\"A",
            "90 PRINT#15,\"B-F:0,1,6\":INPUT#15,A:PRINT\"BF\"A",
            "100 CLOSE2:CLOSE15",
        ],
    );
    shows(&c, "U1 0\nTEST\nU2 0\n");
    shows(&c, " 66 ILLEGAL TRACK OR SECTOR 40  0\n");
    shows(&c, "BA 0\nBA 65\nBF 0\n");
    let d = disk_now(&mut c, &before);
    assert_eq!(&d.sector(1, 5).unwrap()[..5], b"BLOCK");
    assert_eq!(d.blocks_free(), before.blocks_free(), "B-A then B-F");
}

#[test]
fn a_directory_chain_that_loops_ends_with_an_error() {
    let mut looped = three_files();
    // The first directory sector links back to itself.
    looped.sector_mut(18, 1).unwrap()[..2].copy_from_slice(&[18, 1]);
    let mut c = machine_on(breadbin::Roms::open(), Some(&looped));
    run_program(
        &mut c,
        &["10 OPEN15,8,15:OPEN2,8,2,\"NOPE\":INPUT#15,A,B$:PRINTA;B$:CLOSE2:CLOSE15"],
    );
    shows(&c, " 71 DIR ERROR\n");
    enter(&mut c, "LOAD\"$\",8", 60);
    shows(&c, "LOADING\nREADY.");
}

#[test]
fn memory_execute_runs_drive_code_and_the_device_number_can_change() {
    let mut c = open_machine();
    run_program(
        &mut c,
        &[
            // INC $0600, RTS at $0500, run twice.
            "10 OPEN15,8,15:C$=CHR$(238)+CHR$(0)+CHR$(6)+CHR$(96)",
            "15 PRINT#15,\"M-W\"CHR$(0)CHR$(5)CHR$(4)C$",
            "20 PRINT#15,\"M-E\"CHR$(0)CHR$(5):PRINT#15,\"M-E\"CHR$(0)CHR$(5)",
            "30 PRINT#15,\"M-R\"CHR$(0)CHR$(6):GET#15,A$:PRINT\"RAN\"ASC(A$+CHR$(0))",
            // Device 9: LISTEN $29 and TALK $49 at $77/$78.
            "40 PRINT#15,\"M-W\"CHR$(119)CHR$(0)CHR$(2)CHR$(41)CHR$(73):CLOSE15",
            "50 OPEN15,9,15:INPUT#15,A,B$:PRINT\"NINE\"A;B$:CLOSE15",
        ],
    );
    shows(&c, "RAN 2\n");
    shows(&c, "NINE 0 OK\n");
}

#[test]
fn copy_makes_a_file_from_one_or_more_and_checks_the_names_first() {
    let mut c = open_machine();
    run_program_for(
        &mut c,
        &[
            "10 OPEN15,8,15,\"C:TWIN=CODE\":GOSUB90",
            "20 PRINT#15,\"C0:BOTH=0:HELLO,CODE\":GOSUB90",
            "30 PRINT#15,\"C:TWIN=HELLO\":GOSUB90",
            "40 PRINT#15,\"C:LOST=HELLO,NOPE\":GOSUB90",
            "50 PRINT#15,\"C:ANY=H*\":GOSUB90",
            "60 PRINT#15,\"C:NOEQUALS\":GOSUB90:CLOSE15:END",
            "90 INPUT#15,A:PRINT\"C\"A;:RETURN",
        ],
        60,
    );
    shows(&c, "C 0 C 0 C 63 C 62 C 30 C 30");
    let before = three_files();
    let d = disk_now(&mut c, &before);
    let code = before.read_file(b"CODE").unwrap();
    let hello = before.read_file(b"HELLO").unwrap();
    assert_eq!(d.read_file(b"TWIN").expect("TWIN"), code);
    let both: Vec<u8> = hello.iter().chain(code.iter()).copied().collect();
    assert_eq!(d.read_file(b"BOTH").expect("BOTH"), both);
    assert!(
        d.read_file(b"LOST").is_none(),
        "no file when a name is missing"
    );
    assert_eq!(d.blocks_free(), before.blocks_free() - 2);
}

#[test]
fn an_atn_pulse_alone_ends_drive_code_and_the_bus_still_answers() {
    let mut c = open_machine();
    // Drive code at $0500 that waits for ATN, then returns to the DOS (as bus timing tests
    // do); the C64 then pulls ATN with CLK and lets both go, sending no byte.
    run_program_for(
        &mut c,
        &[
            "10 OPEN15,8,15:FORI=0TO6:READA",
            "20 PRINT#15,\"M-W\"CHR$(I)CHR$(5)CHR$(1)CHR$(A):NEXT",
            "30 PRINT#15,\"M-E\"CHR$(0)CHR$(5)",
            "40 POKE56576,31:POKE56576,15:POKE56576,7",
            "50 PRINT#15,\"M-R\"CHR$(0)CHR$(5):GET#15,A$:PRINT\"GOT\"ASC(A$):CLOSE15",
            "60 DATA 120,173,0,24,16,251,96",
        ],
        20,
    );
    shows(&c, "GOT 120\n");
}

#[test]
fn a_file_takes_its_blocks_in_the_order_breadbin_disk_gives_them() {
    // That order is Commodore's DOS's (the file system's own tests pin it).
    let empty = D64::formatted(b"EMPTY", *b"EE");
    let mut c = machine_on(breadbin::Roms::open(), Some(&empty));
    run_program_for(
        &mut c,
        &["10 OPEN2,8,2,\"BIG,S,W\":FORI=1TO6000:PRINT#2,\"X\";:NEXT:CLOSE2"],
        200,
    );
    let d = disk_now(&mut c, &empty);
    let blocks = |d: &D64| d.file_blocks(&d.find_file(b"BIG").unwrap()).unwrap();
    let mut made_here = empty.clone();
    made_here
        .write_file(b"BIG", FileType::Seq, &[b'X'; 6000])
        .unwrap();
    assert_eq!(blocks(&d).len(), 24);
    assert_eq!(blocks(&d), blocks(&made_here));
}

#[test]
fn closing_the_command_channel_leaves_its_message_alone() {
    let mut c = open_machine();
    run_program(
        &mut c,
        &["10 OPEN1,8,15,\"I\":CLOSE1:OPEN1,8,15:INPUT#1,A:CLOSE1:PRINT\"AFTER\"A"],
    );
    shows(&c, "AFTER 0\n");
}
