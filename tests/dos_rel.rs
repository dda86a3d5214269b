//! Relative (REL) files on breadbin's own 1541 DOS, drive 8 of the open ROMs: OPEN with ",L,",
//! the P command, records written and read by PRINT#, INPUT# and GET#, the errors 50 and 51,
//! files made by `breadbin disk` read by the drive and files the drive writes read by it. With
//! `BREADBIN_GENUINE_ROMS=DIR` the same program also runs on the genuine DOS, and the disks
//! both leave must be the same, byte for byte. BASIC commands are typed at the prompt.

mod common;

use breadbin::C64;
use breadbin::media::disk::{D64, FileType};
use common::typing::*;

/// A freshly formatted disk.
fn empty() -> D64 {
    D64::formatted(b"TEST DISK", *b"TD")
}

/// The open ROMs (with their DOS) and `disk` in drive 8.
fn open_machine(disk: &D64) -> C64 {
    machine_on(breadbin::Roms::open(), Some(disk))
}

/// Record `n` (from 1) of `data`, records `len` bytes long.
fn record(data: &[u8], len: usize, n: usize) -> &[u8] {
    &data[(n - 1) * len..n * len]
}

/// `text` and zeros, `len` bytes.
fn padded(text: &[u8], len: usize) -> Vec<u8> {
    let mut v = text.to_vec();
    v.resize(len, 0);
    v
}

/// An empty record: $FF and zeros.
fn empty_record(len: usize) -> Vec<u8> {
    padded(&[0xFF], len)
}

#[test]
fn records_written_with_p_come_back_in_another_order() {
    let before = empty();
    let mut c = open_machine(&before);
    run_program(
        &mut c,
        &[
            "10 OPEN15,8,15:OPEN2,8,2,\"LIST,L,\"+CHR$(30)",
            "20 FORI=1TO3:READR,A$:PRINT#15,\"P\"CHR$(98)CHR$(R)CHR$(0)CHR$(1)",
            "30 PRINT#2,A$:NEXT:CLOSE2",
            "40 OPEN2,8,2,\"LIST\":FORI=1TO3:READR",
            "50 PRINT#15,\"P\"CHR$(98)CHR$(R)CHR$(0)CHR$(1)",
            "60 INPUT#2,A$:PRINT\"REC\"R;A$:NEXT:CLOSE2:CLOSE15",
            "70 DATA5,FIVE,1,ONE,3,THREE,3,5,1",
        ],
    );
    shows(&c, "REC 3 THREE\nREC 5 FIVE\nREC 1 ONE\n");
    let d = disk_now(&mut c, &before);
    let e = d.find_file(b"LIST").unwrap();
    assert_eq!(
        (e.kind, e.record_length, e.blocks, e.closed),
        (FileType::Rel, 30, 2, true)
    );
    // One data block of whole records (eight of 30 bytes), the ones not written empty.
    let data = d.read_entry(&e).unwrap();
    assert_eq!(data.len(), 240);
    assert_eq!(record(&data, 30, 1), padded(b"ONE\r", 30));
    assert_eq!(record(&data, 30, 2), empty_record(30));
    assert_eq!(record(&data, 30, 3), padded(b"THREE\r", 30));
    assert_eq!(record(&data, 30, 5), padded(b"FIVE\r", 30));
    for n in [4, 6, 7, 8] {
        assert_eq!(record(&data, 30, n), empty_record(30), "record {n}");
    }
    assert!(d.check().is_empty(), "{:?}", d.check());
}

#[test]
fn records_follow_one_another_without_p() {
    let before = empty();
    let mut c = open_machine(&before);
    run_program(
        &mut c,
        &[
            "10 OPEN15,8,15:OPEN2,8,2,\"SEQ,L,\"+CHR$(10)",
            "20 FORI=1TO30:PRINT#2,\"R\"+STR$(I):NEXT:CLOSE2",
            "30 OPEN2,8,2,\"SEQ\":FORI=1TO30:INPUT#2,A$:S$=S$+A$:NEXT",
            "40 PRINTLEN(S$);A$:PRINT#15,\"P\"CHR$(2)CHR$(7)CHR$(0)CHR$(3)",
            "50 GET#2,A$,B$:PRINTA$;ASC(B$);ST:CLOSE2:CLOSE15",
        ],
    );
    shows(&c, " 111 R 30\n");
    // P with the channel's number alone; the third byte of record 7 on, the last with EOI.
    shows(&c, "7 13  64\n");
    let d = disk_now(&mut c, &before);
    let e = d.find_file(b"SEQ").unwrap();
    assert_eq!(e.blocks, 3, "two data blocks and a side sector");
    let data = d.read_entry(&e).unwrap();
    assert_eq!(data.len(), 500, "50 whole records in two blocks");
    assert_eq!(record(&data, 10, 30), padded(b"R 30\r", 10));
    assert_eq!(record(&data, 10, 31), empty_record(10));
    assert!(d.check().is_empty(), "{:?}", d.check());
}

#[test]
fn record_not_present_and_overflow_in_record_on_the_error_channel() {
    let before = empty();
    let mut c = open_machine(&before);
    run_program(
        &mut c,
        &[
            "10 OPEN15,8,15:OPEN2,8,2,\"ERRS,L,\"+CHR$(10)",
            "20 PRINT#15,\"P\"CHR$(98)CHR$(30)CHR$(0)CHR$(1):GOSUB90",
            "30 PRINT#2,\"0123456789ABCDEF\":GOSUB90:PRINT#2,\"NEXT\"",
            "40 PRINT#15,\"P\"CHR$(98)CHR$(30)CHR$(0)CHR$(1):INPUT#2,A$:PRINTA$",
            "50 PRINT#15,\"P\"CHR$(98)CHR$(31)CHR$(0)CHR$(1):INPUT#2,A$:PRINTA$",
            "60 PRINT#15,\"P\"CHR$(98)CHR$(99)CHR$(0)CHR$(1):GET#2,A$:GOSUB90",
            "70 PRINTASC(A$):CLOSE2:OPEN2,8,2,\"ERRS,L,\"+CHR$(11):GOSUB90",
            "80 CLOSE2:OPEN2,8,2,\"ERRS,S,R\":GOSUB90:CLOSE2:CLOSE15:END",
            "90 INPUT#15,E,E$:PRINT\"ERR\"E;E$:RETURN",
        ],
    );
    shows(
        &c,
        "ERR 50 RECORD NOT PRESENT\nERR 51 OVERFLOW IN RECORD\n0123456789\nNEXT\n",
    );
    // A record past the end reads as a CR; a record length not the file's is 50 too.
    shows(
        &c,
        "ERR 50 RECORD NOT PRESENT\n 13\nERR 50 RECORD NOT PRESENT\n",
    );
    // Opened as another type: 64, as any file.
    shows(&c, "ERR 64 FILE TYPE MISMATCH\n");
    let d = disk_now(&mut c, &before);
    let e = d.find_file(b"ERRS").unwrap();
    let data = d.read_entry(&e).unwrap();
    assert_eq!(record(&data, 10, 30), b"0123456789");
    assert_eq!(record(&data, 10, 31), padded(b"NEXT\r", 10));
    assert!(d.check().is_empty(), "{:?}", d.check());
}

#[test]
fn a_rel_file_made_by_the_disk_tools_is_read_and_grown_by_the_drive() {
    let records: Vec<u8> = [&b"FIRST\r"[..], b"SECOND\r", b"THIRD\r"]
        .iter()
        .flat_map(|r| padded(r, 20))
        .collect();
    let mut before = empty();
    before
        .put(b"DATA", FileType::Rel, &records, Some(20))
        .unwrap();
    let mut c = open_machine(&before);
    run_program(
        &mut c,
        &[
            "10 OPEN15,8,15:OPEN2,8,2,\"DATA\"",
            "20 FORI=3TO1STEP-1:PRINT#15,\"P\"CHR$(98)CHR$(I)CHR$(0)CHR$(1)",
            "30 INPUT#2,A$:PRINTI;A$:NEXT",
            "40 PRINT#15,\"P\"CHR$(98)CHR$(20)CHR$(0)CHR$(1):PRINT#2,\"TWENTY\"",
            "50 CLOSE2:CLOSE15",
        ],
    );
    shows(&c, " 3 THIRD\n 2 SECOND\n 1 FIRST\n");
    let d = disk_now(&mut c, &before);
    let e = d.find_file(b"DATA").unwrap();
    assert_eq!(e.blocks, 3, "a data block more");
    let data = d.read_entry(&e).unwrap();
    assert_eq!(&data[..60], &records[..]);
    assert_eq!(
        data.len(),
        500,
        "the file's blocks filled with whole records"
    );
    assert_eq!(record(&data, 20, 4), empty_record(20));
    assert_eq!(record(&data, 20, 20), padded(b"TWENTY\r", 20));
    assert!(d.check().is_empty(), "{:?}", d.check());
}

#[test]
fn a_rel_file_grows_past_one_side_sector() {
    let before = empty();
    let mut c = open_machine(&before);
    run_program_for(
        &mut c,
        &[
            "10 OPEN15,8,15:OPEN2,8,2,\"BIG,L,\"+CHR$(254)",
            "20 PRINT#15,\"P\"CHR$(98)CHR$(125)CHR$(0)CHR$(1):PRINT#2,\"LAST\"",
            "30 PRINT#15,\"P\"CHR$(98)CHR$(3)CHR$(0)CHR$(1):PRINT#2,\"THIRD\":CLOSE2",
            "40 OPEN2,8,2,\"BIG\":PRINT#15,\"P\"CHR$(98)CHR$(125)CHR$(0)CHR$(1)",
            "50 INPUT#2,A$:PRINTA$:PRINT#15,\"P\"CHR$(98)CHR$(3)CHR$(0)CHR$(1)",
            "60 INPUT#2,A$:PRINTA$:CLOSE2:CLOSE15",
        ],
        120,
    );
    shows(&c, "LAST\nTHIRD\n");
    let d = disk_now(&mut c, &before);
    let e = d.find_file(b"BIG").unwrap();
    assert_eq!(e.blocks, 127, "125 data blocks and two side sectors");
    let data = d.read_entry(&e).unwrap();
    assert_eq!(data.len(), 125 * 254);
    assert_eq!(record(&data, 254, 125), padded(b"LAST\r", 254));
    assert_eq!(record(&data, 254, 3), padded(b"THIRD\r", 254));
    assert_eq!(record(&data, 254, 124), empty_record(254));
    // The second side sector: number 1, after the first in the table of both.
    let first = d.sector(e.side.0, e.side.1).unwrap();
    let (t, s) = (first[0], first[1]);
    let second = d.sector(t, s).unwrap();
    assert_eq!(
        (second[0], second[1], second[2], second[3]),
        (0, 15 + 2 * 5, 1, 254)
    );
    assert_eq!(first[4..16], second[4..16]);
    assert_eq!(first[6..8], [t, s]);
    assert!(d.check().is_empty(), "{:?}", d.check());
}

#[test]
fn a_full_disk_stops_a_rel_file_growing_with_72_and_leaves_it_whole() {
    let mut before = empty();
    before
        .write_file(b"FILL", FileType::Prg, &vec![0x41; 658 * 254 - 2])
        .unwrap();
    assert_eq!(before.blocks_free(), 6);
    let mut c = open_machine(&before);
    run_program(
        &mut c,
        &[
            "10 OPEN15,8,15:OPEN2,8,2,\"RF,L,\"+CHR$(254)",
            "20 PRINT#15,\"P\"CHR$(98)CHR$(20)CHR$(0)CHR$(1):PRINT#2,\"X\"",
            "30 INPUT#15,E,E$:PRINT\"ERR\"E;E$:CLOSE2:CLOSE15",
        ],
    );
    shows(&c, "ERR 72 DISK FULL\n");
    let d = disk_now(&mut c, &before);
    let e = d.find_file(b"RF").unwrap();
    assert_eq!(
        e.blocks, 6,
        "the blocks there were: five data blocks and a side sector"
    );
    assert_eq!(d.read_entry(&e).unwrap().len(), 5 * 254);
    assert_eq!(d.blocks_free(), 0);
    assert!(d.check().is_empty(), "{:?}", d.check());
}

/// A program that makes, grows and writes REL files: a file closed as soon as made (its entry
/// keeps 0 blocks, as a 1541 leaves it), files small and large (a second side sector), P with
/// and without its position byte (the CR PRINT# adds is taken as the next byte), records past
/// their length.
const COMPARED: &[&str] = &[
    "10 OPEN15,8,15:OPEN2,8,2,\"R1,L,\"+CHR$(30):CLOSE2",
    "20 OPEN2,8,3,\"R2,L,\"+CHR$(100)",
    "30 PRINT#15,\"P\"CHR$(99)CHR$(3)CHR$(0)CHR$(1):PRINT#2,\"HELLO\"",
    "40 PRINT#15,\"P\"CHR$(99)CHR$(1)CHR$(0)CHR$(1):PRINT#2,\"ONE\":CLOSE2",
    "50 OPEN2,8,2,\"R3,L,\"+CHR$(10):FORI=1TO30:PRINT#2,\"R\"+STR$(I):NEXT",
    "60 PRINT#15,\"P\"CHR$(98)CHR$(2)CHR$(0)CHR$(3):PRINT#2,\"XY\";",
    "70 PRINT#15,\"P\"CHR$(2)CHR$(4)CHR$(0):PRINT#2,\"0123456789ABCDE\":CLOSE2",
    "80 OPEN2,8,2,\"BIG,L,\"+CHR$(200)",
    "90 PRINT#15,\"P\"CHR$(98)CHR$(160)CHR$(0)CHR$(1):PRINT#2,\"LAST\"",
    "100 PRINT#15,\"P\"CHR$(98)CHR$(5)CHR$(0)CHR$(1):PRINT#2,\"FIVE\":CLOSE2",
    "110 OPEN2,8,2,\"BIG\":PRINT#15,\"P\"CHR$(98)CHR$(170)CHR$(0)CHR$(1)",
    "120 PRINT#2,\"MORE\":CLOSE2:OPEN2,8,2,\"R3\":PRINT#15,\"P\"CHR$(98)CHR$(55)",
    "130 PRINT#2,\"FIFTY-FIVE\":CLOSE2:CLOSE15",
];

#[test]
fn the_genuine_dos_leaves_the_same_disk() {
    let Some(dir) = std::env::var_os("BREADBIN_GENUINE_ROMS") else {
        eprintln!("skipping: no genuine 1541 DOS (BREADBIN_GENUINE_ROMS)");
        return;
    };
    let genuine = breadbin::Roms::from_dir(std::path::Path::new(&dir))
        .expect("BREADBIN_GENUINE_ROMS holds ROMs");
    let Some(dos) = genuine.dos else {
        eprintln!("skipping: BREADBIN_GENUINE_ROMS holds no 1541 DOS");
        return;
    };
    let before = empty();
    let mut disks = Vec::new();
    for dos in [None, Some(dos)] {
        let mut roms = breadbin::Roms::open();
        if let Some(d) = dos {
            roms.dos = Some(d);
        }
        let mut c = machine_on(roms, Some(&before));
        run_program_for(&mut c, COMPARED, 300);
        disks.push(disk_now(&mut c, &before));
    }
    let (ours, theirs) = (&disks[0], &disks[1]);
    for t in 1..=35u8 {
        for s in 0..breadbin::media::disk::d64::sectors_in(t) {
            assert_eq!(
                ours.sector(t, s),
                theirs.sector(t, s),
                "block {t}/{s}: ours, then the genuine DOS's"
            );
        }
    }
}
