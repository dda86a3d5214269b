//! The file system against the 1541's layout: where blocks go, the directory's growth, REL
//! side sectors, and each kind of damage `check` finds and `validate` repairs.

use super::*;
use crate::media::disk::{D64, Image, d64::sectors_in};

fn disk() -> D64 {
    D64::formatted(b"TEST", *b"01")
}

/// `n` bytes counting up.
fn bytes(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i * 7 + 3) as u8).collect()
}

fn blocks_of(d: &D64, name: &[u8]) -> Vec<(u8, u8)> {
    let e = d.find_file(name).unwrap();
    d.file_blocks(&e).unwrap()
}

fn messages(d: &D64) -> Vec<String> {
    d.check().iter().map(ToString::to_string).collect()
}

fn has(d: &D64, needle: &str) {
    let m = messages(d);
    assert!(m.iter().any(|l| l.contains(needle)), "{needle:?} in {m:#?}");
}

#[test]
fn the_bam_of_a_new_disk_has_the_1541_layout() {
    let d = disk();
    let bam = d.sector(18, 0).unwrap();
    assert_eq!(&bam[..4], &[18, 1, 0x41, 0]);
    assert_eq!(&bam[4..8], &[21, 0xFF, 0xFF, 0x1F], "track 1: 21 free");
    assert_eq!(
        &bam[0x8C..0x90],
        &[17, 0xFF, 0xFF, 0x01],
        "track 35: 17 free"
    );
    assert_eq!(
        &bam[0x90..0xA0],
        b"TEST\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0"
    );
    assert_eq!(&bam[0xA0..0xAB], b"\xA0\xA001\xA02A\xA0\xA0\xA0\xA0");
    assert!(bam[0xAB..].iter().all(|&b| b == 0));
    assert_eq!(&d.sector(18, 1).unwrap()[..2], &[0, 0xFF]);
    assert!(d.check().is_empty(), "{:?}", d.check());
}

#[test]
fn forty_tracks_keep_36_to_40_blank_and_uncounted() {
    let d = D64::format(40, b"BIG", *b"40");
    assert_eq!(d.tracks(), 40);
    assert_eq!(d.blocks_free(), 664);
    assert!(!d.is_free(36, 0));
    assert!(d.sector(40, 16).unwrap().iter().all(|&b| b == 0));
    let mut d = d;
    d.put(b"ALL", FileType::Prg, &bytes(664 * 254), None)
        .unwrap();
    assert_eq!(d.blocks_free(), 0);
    assert!(blocks_of(&d, b"ALL").iter().all(|&(t, _)| t <= 35));
    assert!(d.check().is_empty(), "{:?}", d.check());
}

#[test]
fn a_file_starts_on_17_0_and_goes_on_ten_sectors_at_a_time() {
    let mut d = disk();
    d.put(b"LONG", FileType::Prg, &bytes(30 * 254), None)
        .unwrap();
    let b = blocks_of(&d, b"LONG");
    // The order a 1541 with Commodore's DOS gives a file written on an empty disk: past
    // the last sector one less than the wrap, the first free sector from there, and a
    // full track's successor searched from the same sector.
    let genuine = [
        (17, 0),
        (17, 10),
        (17, 20),
        (17, 8),
        (17, 18),
        (17, 6),
        (17, 16),
        (17, 4),
        (17, 14),
        (17, 2),
        (17, 12),
        (17, 1),
        (17, 11),
        (17, 3),
        (17, 13),
        (17, 5),
        (17, 15),
        (17, 7),
        (17, 17),
        (17, 9),
        (17, 19),
        (16, 7),
        (16, 17),
        (16, 5),
    ];
    assert_eq!(&b[..24], &genuine);
    // The next file starts on the track nearest 18 with room: 19.
    d.put(b"NEXT", FileType::Prg, &bytes(10), None).unwrap();
    assert_eq!(blocks_of(&d, b"NEXT"), [(19, 0)]);
    assert_eq!(d.blocks_free(), 664 - 31);
}

#[test]
fn the_directory_grows_on_track_18_three_sectors_at_a_time() {
    let mut d = disk();
    for i in 0..17u8 {
        d.put(&[b'F', b'A' + i], FileType::Seq, &[i], None).unwrap();
    }
    let dir = d.dir_walk().result().unwrap();
    assert_eq!(dir, [(18, 1), (18, 4), (18, 7)]);
    assert_eq!(&d.sector(18, 7).unwrap()[..2], &[0, 0xFF]);
    assert_eq!(d.entries().unwrap().len(), 17);
    assert_eq!(d.entries().unwrap()[8].slot, (18, 4, 0));
    assert!(d.check().is_empty(), "{:?}", d.check());
}

#[test]
fn names_wildcards_and_existing_files() {
    let mut d = disk();
    d.put(b"HELLO", FileType::Prg, &[1, 8, 0], None).unwrap();
    assert!(matches(b"H*", b"HELLO") && matches(b"HE?LO", b"HELLO"));
    assert!(!matches(b"HELL", b"HELLO") && !matches(b"HELLO?", b"HELLO"));
    let e = d
        .put(b"HELLO", FileType::Prg, &[1, 8, 1], None)
        .unwrap_err();
    assert!(e.message.starts_with("63, FILE EXISTS"), "{e}");
    d.put(b"@0:HELLO", FileType::Prg, &[1, 8, 2], None).unwrap();
    assert_eq!(d.read_file(b"HELLO").unwrap(), [1, 8, 2]);
    assert_eq!(d.entries().unwrap().len(), 1);
    assert!(d.put(b"A*", FileType::Prg, &[1], None).is_err());
    assert!(d.put(&[b'X'; 17], FileType::Prg, &[1], None).is_err());
    assert!(d.put(b"EMPTY", FileType::Seq, &[], None).is_err());
    assert_eq!(name_bytes("hello{$C1}!").unwrap(), b"HELLO\xC1!");
    assert_eq!(name_text(b"HELLO\xC1!\x5C\x5F\xA0"), "HELLO{$C1}!\\_{$A0}");
    assert_eq!(header_text(b"DISK\xA0\xA0"), "DISK  ");
    assert_eq!(name_bytes("MY_GAME\\~").unwrap(), b"MY\x5FGAME\x5C\xFF");
    assert_eq!(name_bytes("{$A0}{$2A}").unwrap(), b"\xA0*");
    assert!(name_bytes("caf\u{e9}").is_err());
}

#[test]
fn a_directory_block_marked_free_is_not_written_over() {
    let mut d = disk();
    d.free(18, 1);
    let e = d.put(b"NEW", FileType::Prg, &[1, 8, 0], None).unwrap_err();
    assert_eq!(e.block, Some((18, 1)));
    assert!(e.message.contains("validate"), "{e}");
    d.validate().unwrap();
    d.put(b"NEW", FileType::Prg, &[1, 8, 0], None).unwrap();
}

#[test]
fn rename_and_scratch() {
    let mut d = disk();
    d.put(b"ONE", FileType::Prg, &bytes(600), None).unwrap();
    d.put(b"TWO", FileType::Seq, &bytes(10), None).unwrap();
    d.rename(b"ONE", b"UNO").unwrap();
    assert!(d.rename(b"UNO", b"TWO").is_err(), "a name in use");
    assert!(d.rename(b"NONE", b"X").is_err());
    assert_eq!(d.read_file(b"UNO").unwrap(), bytes(600));
    assert_eq!(d.scratch(&[b"U*"]).unwrap(), [b"UNO".to_vec()]);
    assert_eq!(d.blocks_free(), 663);
    assert!(d.scratch(&[b"NONE"]).is_err());
    // A locked file stays.
    let slot = d.find_file(b"TWO").unwrap().slot;
    d.slot_mut(slot)[2] |= 0x40;
    assert!(d.scratch(&[b"TWO"]).unwrap_err().message.contains("locked"));
    assert!(d.check().is_empty(), "{:?}", d.check());
}

#[test]
fn a_rel_file_has_side_sectors_for_its_data_blocks() {
    let mut d = disk();
    let records = bytes(130 * 254);
    let e = d.put(b"DATA", FileType::Rel, &records, Some(127)).unwrap();
    assert_eq!(
        (e.kind, e.record_length, e.blocks),
        (FileType::Rel, 127, 132)
    );
    let data = d.file_blocks(&e).unwrap();
    assert_eq!(data.len(), 130);
    let sides = d.side_sectors(&e).unwrap();
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[0], (17, 10), "right after the first data block");
    let ss0 = d.sector(sides[0].0, sides[0].1).unwrap();
    assert_eq!(&ss0[..4], &[sides[1].0, sides[1].1, 0, 127]);
    assert_eq!(
        &ss0[4..8],
        &[sides[0].0, sides[0].1, sides[1].0, sides[1].1]
    );
    assert_eq!(&ss0[16..18], &[17, 0]);
    let ss1 = d.sector(sides[1].0, sides[1].1).unwrap();
    assert_eq!(&ss1[..4], &[0, 15 + 2 * 10, 1, 127]);
    assert_eq!(d.read_entry(&e).unwrap(), records);
    assert!(d.check().is_empty(), "{:?}", d.check());
    // Records that do not fill the last one are padded with zeros.
    let e = d.put(b"SHORT", FileType::Rel, b"ABC", Some(5)).unwrap();
    assert_eq!(d.read_entry(&e).unwrap(), b"ABC\0\0");
    d.scratch(&[b"DATA", b"SHORT"]).unwrap();
    assert_eq!(d.blocks_free(), 664);
    assert!(d.put(b"R", FileType::Rel, b"A", None).is_err());
    assert!(d.put(b"R", FileType::Rel, b"A", Some(0)).is_err());
}

#[test]
fn check_finds_each_kind_of_damage() {
    let mut d = disk();
    d.put(b"A", FileType::Prg, &bytes(600), None).unwrap();
    d.put(b"B", FileType::Prg, &bytes(600), None).unwrap();
    let a = blocks_of(&d, b"A");
    let b = blocks_of(&d, b"B");
    let clean = d.clone();

    d.free(a[1].0, a[1].1);
    has(&d, "block 17/10: used by file \"A\" but marked free");

    let mut d = clean.clone();
    d.allocate(20, 5);
    has(&d, "block 20/5: marked used in the BAM but in no file");

    let mut d = clean.clone();
    d.sector_mut(18, 0).unwrap()[4 * 17] = 3;
    has(&d, "track 17: the BAM counts 3 free blocks, its bitmap 15");

    let mut d = clean.clone();
    d.sector_mut(a[2].0, a[2].1).unwrap()[..2].copy_from_slice(&[b[0].0, b[0].1]);
    has(
        &d,
        "block 17/1: cross-linked: in file \"A\" and in file \"B\"",
    );

    let mut d = clean.clone();
    d.sector_mut(a[2].0, a[2].1).unwrap()[..2].copy_from_slice(&[a[0].0, a[0].1]);
    has(
        &d,
        "block 17/20: file \"A\" chain loops (links back to 17/0)",
    );

    let mut d = clean.clone();
    d.sector_mut(a[0].0, a[0].1).unwrap()[..2].copy_from_slice(&[99, 0]);
    has(&d, "block 17/0: file \"A\" links to 99/0, off the disk");

    let mut d = clean.clone();
    d.sector_mut(a[2].0, a[2].1).unwrap()[1] = 1;
    has(&d, "block 17/20: file \"A\" ends with last-byte index 1");

    let mut d = clean.clone();
    d.sector_mut(18, 1).unwrap()[..2].copy_from_slice(&[18, 1]);
    has(&d, "block 18/1: directory chain loops");
    let e = d.entries().unwrap_err().to_string();
    assert_eq!(e, "block 18/1: directory chain loops (links back to 18/1)");

    let mut d = clean.clone();
    d.sector_mut(18, 1).unwrap()[30] = 9;
    has(
        &d,
        "file \"A\": the directory says 9 blocks, its chains have 3",
    );

    let mut d = clean.clone();
    d.sector_mut(18, 1).unwrap()[2] = 0x02;
    has(&d, "file \"A\" was never closed (*PRG)");
}

#[test]
fn check_follows_side_sectors() {
    let mut d = disk();
    let e = d.put(b"R", FileType::Rel, &bytes(500), Some(10)).unwrap();
    let ss = d.side_sectors(&e).unwrap()[0];
    let clean = d.clone();
    d.sector_mut(ss.0, ss.1).unwrap()[16] = 5;
    has(&d, "points to 5/0 as data block 0, the chain has 17/0");
    let mut d = clean.clone();
    d.sector_mut(ss.0, ss.1).unwrap()[3] = 11;
    has(&d, "gives record length 11, the directory 10");
    let mut d = clean;
    d.free(ss.0, ss.1);
    has(&d, "used by side sectors of file \"R\" but marked free");
}

#[test]
fn validate_rebuilds_the_bam_and_removes_unclosed_files() {
    let mut d = disk();
    d.put(b"KEEP", FileType::Prg, &bytes(600), None).unwrap();
    d.put(b"OPEN", FileType::Seq, &bytes(600), None).unwrap();
    d.put(b"R", FileType::Rel, &bytes(300), Some(30)).unwrap();
    let slot = d.find_file(b"OPEN").unwrap().slot;
    d.slot_mut(slot)[2] &= 0x7F;
    d.free(17, 0);
    d.allocate(30, 3);
    assert!(!d.check().is_empty());
    let v = d.validate().unwrap();
    assert_eq!(v.removed, [b"OPEN".to_vec()]);
    assert_eq!(v.blocks_free, 664 - 3 - 3);
    assert!(d.check().is_empty(), "{:?}", d.check());
    // A broken chain stops it, the disk unchanged.
    d.sector_mut(17, 0).unwrap()[..2].copy_from_slice(&[40, 0]);
    let before = d.clone();
    let e = d.validate().unwrap_err().to_string();
    assert_eq!(e, "block 17/0: file \"KEEP\" links to 40/0, off the disk");
    assert_eq!(d, before);
}

#[test]
fn a_g64_reads_as_its_sectors() {
    let mut d = disk();
    d.put(b"PROG", FileType::Prg, &bytes(1000), None).unwrap();
    let mut tracks = vec![Vec::new(); 84];
    for t in 1..=35u8 {
        tracks[usize::from(t - 1) * 2] = d.gcr_track(t);
    }
    tracks[2 * 2].clear();
    let g = crate::media::disk::G64 {
        tracks,
        speeds: vec![0; 84],
        max_track: 7928,
    };
    let back = Image::G64(g).to_d64().unwrap();
    assert_eq!(back.read_file(b"PROG").unwrap(), bytes(1000));
    assert!(back.check().is_empty(), "{:?}", back.check());
    assert_eq!(back.error_byte(3, 0), 2, "track 3 was not recorded");
    for s in 0..sectors_in(17) {
        assert_eq!(back.sector(17, s), d.sector(17, s));
    }
}
