//! D64 layout and GCR recording, against the documented geometry and codes.

use super::gcr::{self, Damage};
use super::*;

#[test]
fn gcr_codes_four_bytes_as_five_and_back() {
    // Nybbles 0-7 then 8-F: the documented codes $0A $0B $12 $13 $0E $0F $16 $17 / $09 $19
    // $1A $1B $0D $1D $1E $15, ten bits a byte.
    let coded = gcr::encode(&[0x01, 0x23, 0x45, 0x67]);
    let bits: u64 = coded.iter().fold(0, |a, &b| (a << 8) | u64::from(b));
    let codes: Vec<u8> = (0..8)
        .rev()
        .map(|i| ((bits >> (i * 5)) & 0x1F) as u8)
        .collect();
    assert_eq!(codes, [0x0A, 0x0B, 0x12, 0x13, 0x0E, 0x0F, 0x16, 0x17]);
    let all: Vec<u8> = (0..=255).collect();
    assert_eq!(gcr::decode(&gcr::encode(&all)).unwrap(), all);
    assert_eq!(gcr::decode(&[0, 0, 0, 0, 0]), None, "00000 is not a code");
}

#[test]
fn gcr_never_holds_more_than_two_zeros_or_a_sync() {
    let all: Vec<u8> = (0..=255).collect();
    let coded = gcr::encode(&all);
    let bits: String = coded.iter().map(|b| format!("{b:08b}")).collect();
    assert!(!bits.contains("000"));
    assert!(!bits.contains(&"1".repeat(10)));
}

#[test]
fn tracks_have_their_zones_sectors_and_lengths() {
    assert_eq!(
        [1, 17, 18, 24, 25, 30, 31, 35, 42].map(d64::sectors_in),
        [21, 21, 19, 19, 18, 18, 17, 17, 17]
    );
    assert_eq!(
        [1, 17, 18, 24, 25, 30, 31, 42].map(gcr::zone),
        [3, 3, 2, 2, 1, 1, 0, 0]
    );
    let d = D64::formatted(b"TEST", *b"AB");
    for t in 1..=35 {
        assert_eq!(
            d.gcr_track(t).len(),
            gcr::TRACK_BYTES[gcr::zone(t)],
            "track {t}"
        );
    }
}

#[test]
fn image_sizes_are_35_40_or_42_tracks_with_or_without_error_bytes() {
    for (len, tracks, errors) in [
        (174_848, 35, false),
        (175_531, 35, true),
        (196_608, 40, false),
        (197_376, 40, true),
        (205_312, 42, false),
        (206_114, 42, true),
    ] {
        let d = D64::parse(&vec![0; len]).unwrap();
        assert_eq!(d.tracks(), tracks);
        assert_eq!(d.to_bytes().len(), len, "saved as read");
        assert_eq!(d.error_byte(1, 0), if errors { 0 } else { 1 });
    }
    let e = D64::parse(&[0; 1000]).unwrap_err();
    assert!(e.contains("not a D64 image: 1000 bytes"), "{e}");
}

#[test]
fn a_formatted_disk_has_664_blocks_free_and_an_empty_directory() {
    let d = D64::formatted(b"MY DISK", *b"42");
    assert_eq!(d.blocks_free(), 664);
    assert_eq!(d.id(), *b"42");
    assert!(d.directory().is_empty());
    let bam = d.sector(18, 0).unwrap();
    assert_eq!(&bam[0..3], &[18, 1, b'A']);
    assert_eq!(&bam[0x90..0x97], b"MY DISK");
    assert_eq!(bam[0x97], 0xA0);
    assert_eq!(&bam[0xA5..0xA7], b"2A");
    // Track 18: 19 sectors, 18/0 and 18/1 in use.
    assert_eq!(&bam[72..76], &[17, 0xFC, 0xFF, 0x07]);
}

#[test]
fn a_written_file_reads_back_through_the_directory() {
    let mut d = D64::formatted(b"FILES", *b"01");
    let prg: Vec<u8> = [0x01, 0x08]
        .into_iter()
        .chain((0..600u32).map(|i| i as u8))
        .collect();
    d.write_file(b"HELLO", FileType::Prg, &prg).unwrap();
    d.write_file(b"SHORT", FileType::Prg, &[0x01, 0x08, 0x60])
        .unwrap();
    let dir = d.directory();
    assert_eq!(dir.len(), 2);
    assert_eq!(dir[0].name, b"HELLO");
    assert_eq!(dir[0].blocks, 3, "602 bytes in 254-byte blocks");
    assert!(dir[0].closed && dir[0].kind == FileType::Prg);
    assert_eq!(d.blocks_free(), 664 - 4);
    assert_eq!(d.read_file(b"HELLO").unwrap(), prg);
    assert_eq!(d.read_file(b"H*").unwrap(), prg);
    assert_eq!(d.read_file(b"*").unwrap(), prg, "the first file");
    assert_eq!(d.read_file(b"SH?RT").unwrap(), [0x01, 0x08, 0x60]);
    assert_eq!(d.read_file(b"SHORTER"), None);
    // Files go next to the directory track, spreading outward.
    assert_eq!((dir[0].track, dir[1].track), (17, 17));
}

#[test]
fn a_ninth_file_gets_a_new_directory_sector_and_a_full_disk_says_so() {
    let mut d = D64::formatted(b"MANY", *b"01");
    for i in 0..9u8 {
        d.write_file(&[b'F', b'0' + i], FileType::Prg, &[1, 8, i])
            .unwrap();
    }
    assert_eq!(d.directory().len(), 9);
    assert_eq!(d.sector(18, 1).unwrap()[0], 18, "18/1 links on");
    let before = d.clone();
    let big = vec![0u8; 700 * 254];
    assert_eq!(
        d.write_file(b"BIG", FileType::Prg, &big).unwrap_err(),
        "72, DISK FULL"
    );
    assert_eq!(d, before, "unchanged after the failure");
}

#[test]
fn a_recorded_track_decodes_to_its_sectors() {
    let mut d = D64::formatted(b"GCR", *b"ZZ");
    d.write_file(b"DATA", FileType::Prg, &(0..=255).collect::<Vec<u8>>())
        .unwrap();
    for t in [1, 17, 18, 25, 35] {
        let found = gcr::sectors(t, &d.gcr_track(t));
        assert_eq!(found.len(), usize::from(d64::sectors_in(t)), "track {t}");
        for (s, data) in found {
            assert_eq!(&data, d.sector(t, s).unwrap(), "{t}/{s}");
        }
    }
    // Written back: a changed track's sectors replace the image's.
    let mut other = D64::formatted(b"OTHER", *b"ZZ");
    assert_eq!(other.write_back_track(17, &d.gcr_track(17)), 21);
    assert_eq!(other.sector(17, 0), d.sector(17, 0));
}

#[test]
fn error_bytes_are_recorded_as_the_damage_they_stand_for() {
    let d = D64::formatted(b"ERR", *b"01");
    let zero = [0u8; 256];
    let read = |damage| {
        let t = gcr::track(1, d.id(), &[(&zero, damage)]);
        gcr::sectors(1, &t).len()
    };
    assert_eq!(read(Damage::None), 1);
    for damage in [
        Damage::NoHeader,
        Damage::NoSync,
        Damage::NoData,
        Damage::DataChecksum,
        Damage::HeaderChecksum,
    ] {
        assert_eq!(read(damage), 0, "{damage:?}");
    }
    assert_eq!(Damage::of_error_byte(5), Damage::DataChecksum);
    assert_eq!(Damage::of_error_byte(1), Damage::None);
}

#[test]
fn a_file_that_is_not_a_d64_is_refused_naming_it() {
    let path = std::env::temp_dir().join(format!("breadbin-not-a-disk-{}.d64", std::process::id()));
    std::fs::write(&path, [0u8; 1000]).unwrap();
    let e = load_d64(&path).unwrap_err().to_string();
    std::fs::remove_file(&path).unwrap();
    assert!(e.starts_with(&path.display().to_string()), "{e}");
    assert!(e.contains("not a D64 image: 1000 bytes"), "{e}");
    assert_eq!(e.lines().count(), 1);
}

#[test]
fn sectors_are_found_at_any_bit_of_the_track() {
    // A drive that starts writing where the head is leaves its blocks off the byte grid:
    // the same track turned by 1 to 7 bits still gives every sector.
    let mut d = D64::formatted(b"BITS", *b"ZZ");
    d.write_file(b"DATA", FileType::Prg, &(0..=255).collect::<Vec<u8>>())
        .unwrap();
    let track = d.gcr_track(17);
    let n = track.len() * 8;
    let bit = |i: usize| (track[(i % n) / 8] >> (7 - (i % n) % 8)) & 1;
    for shift in 1..8 {
        let turned: Vec<u8> = (0..track.len())
            .map(|k| (0..8).fold(0, |a, b| a << 1 | bit(8 * k + b + shift)))
            .collect();
        let found = gcr::sectors(17, &turned);
        assert_eq!(found.len(), 21, "turned by {shift} bits");
        for (s, data) in found {
            assert_eq!(&data, d.sector(17, s).unwrap(), "17/{s}");
        }
    }
}
