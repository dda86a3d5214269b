//! The open DOS's disk controller (roms/src/dos1541/controller.s, gcr.s, format.s), driven
//! through the job queue in drive RAM as the rest of the DOS drives it: a track and sector
//! at $06+2n, a job code at $00+n, the result in its place when the job is done.

use super::*;
use crate::media::disk::D64;
use crate::media::disk::d64::sectors_in;

const ROM: &[u8; 0x4000] = include_bytes!("../../roms/dos1541.bin");

/// A drive with the open DOS and `disk`, past its reset.
fn drive(disk: Option<Disk>) -> (Drive, SerialBus) {
    let mut bus = SerialBus::default();
    let mut d = Drive::new(Box::new(*ROM), 8, &mut bus);
    if let Some(disk) = disk {
        d.insert_disk(disk);
    }
    d.run_to(50_000, &mut bus);
    (d, bus)
}

/// Sector `t`/`s`'s bytes in the test disks: different in every sector.
fn pattern(t: u8, s: u8) -> [u8; 256] {
    std::array::from_fn(|i| (i as u8).wrapping_mul(7) ^ t.wrapping_mul(31) ^ s.wrapping_mul(101))
}

/// A 35-track disk, ID "AB", every sector but 18/0 holding [`pattern`]; with error bytes
/// `errors` ((track, sector, error byte)) when there are any.
fn d64(errors: &[(u8, u8, u8)]) -> D64 {
    let mut d = D64::formatted(b"CONTROLLER", *b"AB");
    for t in 1..=35 {
        for s in 0..sectors_in(t) {
            if (t, s) != (18, 0) {
                *d.sector_mut(t, s).unwrap() = pattern(t, s);
            }
        }
    }
    if errors.is_empty() {
        return d;
    }
    let mut bytes = d.to_bytes();
    let mut err = vec![1u8; 683];
    for &(t, s, e) in errors {
        let block: usize =
            (1..t).map(|t| usize::from(sectors_in(t))).sum::<usize>() + usize::from(s);
        err[block] = e;
    }
    bytes.extend_from_slice(&err);
    D64::parse(&bytes).unwrap()
}

/// Run job `code` for buffer `buf` on `t`/`s` to its end: (result, drive cycles taken).
fn job(d: &mut Drive, bus: &mut SerialBus, buf: usize, code: u8, t: u8, s: u8) -> (u8, u64) {
    d.bus.ram[6 + 2 * buf] = t;
    d.bus.ram[7 + 2 * buf] = s;
    d.bus.ram[buf] = code;
    let start = d.cycles();
    while d.bus.ram[buf] & 0x80 != 0 {
        assert!(
            d.cycles() - start < 12_000_000,
            "job {code:02X} on {t}/{s} did not end"
        );
        let next = d.cycles() + 500;
        d.run_to(next, bus);
    }
    (d.bus.ram[buf], d.cycles() - start)
}

/// Buffer `n`'s 256 bytes.
fn buffer(d: &Drive, n: usize) -> [u8; 256] {
    d.bus.ram[0x300 + n * 0x100..0x400 + n * 0x100]
        .try_into()
        .unwrap()
}

fn set_buffer(d: &mut Drive, n: usize, bytes: &[u8; 256]) {
    d.bus.ram[0x300 + n * 0x100..0x400 + n * 0x100].copy_from_slice(bytes);
}

#[test]
fn read_gives_each_zones_sectors_bytes() {
    let image = d64(&[]);
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&image)));
    let mut warm = Vec::new();
    for (i, &(t, s)) in [
        (18, 0),
        (1, 0),
        (1, 20),
        (17, 9),
        (18, 18),
        (24, 4),
        (25, 17),
        (30, 1),
        (31, 16),
        (35, 8),
        (35, 0),
    ]
    .iter()
    .enumerate()
    {
        let buf = i % 5;
        set_buffer(&mut d, buf, &[0; 256]);
        let (result, cycles) = job(&mut d, &mut bus, buf, 0x80, t, s);
        assert_eq!(result, 0x01, "read {t}/{s}");
        assert_eq!(&buffer(&d, buf), image.sector(t, s).unwrap(), "{t}/{s}");
        assert_eq!(d.bus.ram[0x22], t, "CURTRK");
        assert_eq!(d.status().track, t, "the head");
        assert_eq!(d.bus.ram[0x4C], sectors_in(t) - 1, "LASTSEC on track {t}");
        if i > 0 {
            warm.push(cycles);
        }
    }
    // The same sector again, the head on its track and the motor running.
    let (result, again) = job(&mut d, &mut bus, 0, 0x80, 35, 0);
    assert_eq!(result, 0x01);
    eprintln!("warm reads (with seeks): {warm:?}; on the track: {again} cycles");
    assert!(
        again < 300_000,
        "a read on the track takes at most about a turn"
    );
}

#[test]
fn read_after_power_on_bumps_spins_up_and_accepts_the_disks_id() {
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&d64(&[]))));
    assert_eq!(&d.bus.ram[0x12..0x14], &[0, 0], "no ID known yet");
    let (result, cycles) = job(&mut d, &mut bus, 1, 0x80, 20, 3);
    assert_eq!(result, 0x01);
    assert_eq!(buffer(&d, 1), pattern(20, 3));
    // Spin-up (0.18 s), the bump (88 steps) and the seek from track 1 (38 steps).
    assert!(cycles > 180_000 + 88 * 3_000 + 38 * 3_000, "{cycles}");
    assert!(d.status().motor && d.status().led);
    assert_eq!(d.bus.ram[0x20] & 0x20, 0x20, "DRVST: motor on");
}

#[test]
fn a_reset_keeps_the_heads_known_track_so_no_bump_follows() {
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&d64(&[]))));
    assert_eq!(job(&mut d, &mut bus, 1, 0x80, 20, 3).0, 0x01);
    // Drive code ending with JMP $EAA0 (a reset through the RESET line lets the stepper's
    // lines go: the head is found again with a bump).
    d.bus.ram[0x0500..0x0503].copy_from_slice(&[0x4C, 0xA0, 0xEA]);
    assert_eq!(
        job(&mut d, &mut bus, 2, 0xD0, 20, 0).0,
        0x00,
        "the reset empties the queue"
    );
    let end = d.cycles() + 100_000;
    d.run_to(end, &mut bus);
    assert_eq!(d.bus.ram[0x22], 20, "CURTRK after the reset");
    let (result, cycles) = job(&mut d, &mut bus, 1, 0x80, 20, 4);
    assert_eq!(result, 0x01);
    // Spin-up and at most a turn: no bump (88 steps of 3,000 cycles) and no seek.
    assert!(cycles < 180_000 + 15_000 + 200_000 + 40_000, "{cycles}");
}

#[test]
fn the_motor_goes_off_seconds_after_the_last_job() {
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&d64(&[]))));
    job(&mut d, &mut bus, 0, 0x80, 18, 1);
    let end = d.cycles();
    d.run_to(end + 2_000_000, &mut bus);
    assert!(d.status().motor, "still on 2 s after");
    d.run_to(end + 3_000_000, &mut bus);
    assert!(!d.status().motor && !d.status().led, "off 3 s after");
    assert_eq!(d.bus.ram[0x20], 0);
}

#[test]
fn damaged_sectors_read_as_their_errors() {
    let errors = [
        (3, 4, 2),   // header block ID wrong: header not found
        (3, 8, 3),   // no sync marks: not found either
        (20, 2, 4),  // data block ID wrong
        (20, 5, 5),  // data checksum
        (26, 11, 9), // header checksum
        (33, 6, 11), // another disk's ID
    ];
    let image = d64(&errors);
    for with_id in [false, true] {
        let (mut d, mut bus) = drive(Some(Disk::from_d64(&image)));
        if with_id {
            d.bus.ram[0x12] = b'A';
            d.bus.ram[0x13] = b'B';
        }
        for &(t, s, e) in &errors {
            let want = match e {
                3 => 2,
                e => e,
            };
            let (result, _) = job(&mut d, &mut bus, 2, 0x80, t, s);
            assert_eq!(result, want, "{t}/{s} error byte {e}, ID known {with_id}");
            // Its neighbours read well.
            let (result, _) = job(&mut d, &mut bus, 2, 0x80, t, s + 1);
            assert_eq!(result, 1, "{t}/{}", s + 1);
            assert_eq!(buffer(&d, 2), pattern(t, s + 1));
        }
    }
}

#[test]
fn a_sector_or_track_off_the_disk_is_not_found() {
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&d64(&[]))));
    for (t, s) in [(0, 0), (43, 0), (17, 21), (18, 19), (30, 18), (35, 17)] {
        assert_eq!(job(&mut d, &mut bus, 0, 0x80, t, s).0, 0x02, "{t}/{s}");
    }
}

#[test]
fn write_then_read_back_and_the_image_takes_it() {
    let mut image = d64(&[]);
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&image)));
    let mine: [u8; 256] = std::array::from_fn(|i| (255 - i) as u8);
    let places = [
        (20, 7),
        (20, 8),
        (20, 18),
        (1, 20),
        (1, 0),
        (1, 11),
        (35, 16),
        (35, 3),
        (27, 0),
        (27, 9),
        (27, 17),
    ];
    for (t, s) in places {
        set_buffer(&mut d, 3, &mine);
        let (result, cycles) = job(&mut d, &mut bus, 3, 0x90, t, s);
        assert_eq!(result, 0x01, "write {t}/{s}");
        eprintln!("write {t}/{s}: {cycles} cycles");
        assert_eq!(buffer(&d, 3), mine, "the buffer is left as it was");
        set_buffer(&mut d, 3, &[0; 256]);
        assert_eq!(job(&mut d, &mut bus, 3, 0x80, t, s).0, 0x01);
        assert_eq!(buffer(&d, 3), mine, "{t}/{s} read back");
        // The sector after it is intact.
        let next = (s + 1) % sectors_in(t);
        if !places.contains(&(t, next)) {
            assert_eq!(job(&mut d, &mut bus, 3, 0x80, t, next).0, 0x01);
            assert_eq!(buffer(&d, 3), pattern(t, next));
        }
    }
    assert_eq!(
        d.disk().unwrap().write_back(&mut image),
        4,
        "four tracks written"
    );
    for (t, s) in places {
        assert_eq!(image.sector(t, s).unwrap(), &mine, "{t}/{s} in the image");
    }
    assert_eq!(image.sector(20, 9).unwrap(), &pattern(20, 9));
}

#[test]
fn a_write_protected_disk_is_not_written() {
    let mut disk = Disk::from_d64(&d64(&[]));
    disk.write_protected = true;
    let (mut d, mut bus) = drive(Some(disk));
    set_buffer(&mut d, 0, &[0x99; 256]);
    assert_eq!(job(&mut d, &mut bus, 0, 0x90, 5, 5).0, 0x08);
    assert!(!d.disk().unwrap().is_written());
    assert_eq!(job(&mut d, &mut bus, 0, 0x80, 5, 5).0, 0x01);
    assert_eq!(buffer(&d, 0), pattern(5, 5));
}

#[test]
fn verify_compares_the_sector_with_the_buffer() {
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&d64(&[]))));
    for (t, s) in [(9, 13), (22, 0), (32, 4)] {
        let mut p = pattern(t, s);
        set_buffer(&mut d, 1, &p);
        assert_eq!(job(&mut d, &mut bus, 1, 0xA0, t, s).0, 0x01, "{t}/{s} same");
        assert_eq!(buffer(&d, 1), p);
        p[200] ^= 0x10;
        set_buffer(&mut d, 1, &p);
        assert_eq!(
            job(&mut d, &mut bus, 1, 0xA0, t, s).0,
            0x07,
            "{t}/{s} differs"
        );
        assert_eq!(buffer(&d, 1), p, "the buffer is left as it was");
    }
}

#[test]
fn seek_takes_the_disks_id_from_a_header() {
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&d64(&[]))));
    assert_eq!(job(&mut d, &mut bus, 0, 0xB0, 18, 0).0, 0x01);
    assert_eq!(&d.bus.ram[0x12..0x14], b"AB", "the disk ID");
    assert_eq!(&d.bus.ram[0x16..0x18], b"AB", "the header's");
    assert_eq!(d.bus.ram[0x18], 18, "the header's track");
    assert_eq!(d.status().track, 18);
    // With the ID known, a disk of another ID reads as ID mismatch.
    let other = D64::formatted(b"OTHER", *b"XY");
    d.insert_disk(Disk::from_d64(&other));
    assert_eq!(job(&mut d, &mut bus, 0, 0x80, 18, 0).0, 0x0B);
    assert_eq!(job(&mut d, &mut bus, 0, 0xB0, 18, 0).0, 0x01);
    assert_eq!(&d.bus.ram[0x12..0x14], b"XY");
    assert_eq!(job(&mut d, &mut bus, 0, 0x80, 18, 0).0, 0x01);
    assert_eq!(&buffer(&d, 0), other.sector(18, 0).unwrap());
}

#[test]
fn bump_leaves_the_head_on_track_1() {
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&d64(&[]))));
    assert_eq!(job(&mut d, &mut bus, 0, 0x80, 30, 0).0, 0x01);
    assert_eq!(d.status().track, 30);
    assert_eq!(job(&mut d, &mut bus, 0, 0xC0, 30, 0).0, 0x01);
    assert_eq!(d.status().track, 1);
    assert!(!d.status().half_track);
    assert_eq!(d.bus.ram[0x22], 1);
    assert_eq!(job(&mut d, &mut bus, 0, 0x80, 2, 2).0, 0x01);
    assert_eq!(buffer(&d, 0), pattern(2, 2));
}

#[test]
fn without_a_disk_a_read_finds_no_sync() {
    let (mut d, mut bus) = drive(None);
    assert_eq!(job(&mut d, &mut bus, 0, 0x80, 18, 0).0, 0x03);
    assert_eq!(job(&mut d, &mut bus, 0, 0xB0, 18, 0).0, 0x03);
}

#[test]
fn execute_runs_the_buffers_code_at_each_interrupt_until_it_ends_the_job() {
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&d64(&[]))));
    // $0400: INC $04F0 / LDA $04F0 / CMP #5 / BCS + / JMP $F99C / +: LDA $1C00 /
    // STA $04F1 / LDA #$01 / JMP $F969
    let code = [
        0xEE, 0xF0, 0x04, 0xAD, 0xF0, 0x04, 0xC9, 0x05, 0xB0, 0x03, 0x4C, 0x9C, 0xF9, 0xAD, 0x00,
        0x1C, 0x8D, 0xF1, 0x04, 0xA9, 0x01, 0x4C, 0x69, 0xF9,
    ];
    d.bus.ram[0x400..0x400 + code.len()].copy_from_slice(&code);
    let (result, cycles) = job(&mut d, &mut bus, 1, 0xE0, 25, 0);
    assert_eq!(result, 0x01);
    assert_eq!(d.bus.ram[0x4F0], 5, "run five times");
    assert!(cycles > 4 * 15_000, "one run an interrupt: {cycles}");
    assert_eq!(d.status().track, 25, "on the job's track");
    assert_eq!(d.bus.ram[0x4F1] & 0x04, 0x04, "the motor runs");
    // The code's own result ends the job; JUMP runs the code at once.
    d.bus.ram[0x4F0] = 0;
    let code = [0xEE, 0xF0, 0x04, 0xA9, 0x0F, 0x4C, 0x69, 0xF9];
    d.bus.ram[0x400..0x400 + code.len()].copy_from_slice(&code);
    assert_eq!(job(&mut d, &mut bus, 1, 0xD0, 25, 0).0, 0x0F);
    assert_eq!(d.bus.ram[0x4F0], 1);
}

#[test]
fn format_writes_every_track_and_its_sectors() {
    // A disk of other bytes and another ID.
    let mut image = d64(&[]);
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&image)));
    d.bus.ram[0x12] = b'Z';
    d.bus.ram[0x13] = b'Q';
    let (result, cycles) = job(&mut d, &mut bus, 4, 0xF0, 35, 0);
    assert_eq!(result, 0x01);
    eprintln!("format: {cycles} cycles");
    let mut formatted = [0x01; 256];
    formatted[0] = 0x4B;
    // Track 1's blocks begin with $00, as a 1541 with Commodore's DOS leaves them.
    let mut track1 = formatted;
    track1[0] = 0x00;
    let expected = |t: u8| if t == 1 { track1 } else { formatted };
    assert_eq!(buffer(&d, 4), formatted);
    for (t, s) in [(18, 0), (1, 0), (17, 20), (19, 18), (30, 17), (35, 16)] {
        set_buffer(&mut d, 0, &[0; 256]);
        assert_eq!(job(&mut d, &mut bus, 0, 0x80, t, s).0, 0x01, "{t}/{s}");
        assert_eq!(buffer(&d, 0), expected(t), "{t}/{s}");
    }
    assert_eq!(job(&mut d, &mut bus, 0, 0xB0, 18, 0).0, 0x01);
    assert_eq!(&d.bus.ram[0x12..0x14], b"ZQ");
    assert_eq!(d.disk().unwrap().write_back(&mut image), 35);
    for t in 1..=35 {
        for s in 0..sectors_in(t) {
            assert_eq!(image.sector(t, s).unwrap(), &expected(t), "{t}/{s}");
        }
    }
}

#[test]
fn job_code_reaches_the_sector_through_the_fixed_entry_points() {
    let image = d64(&[]);
    let (mut d, mut bus) = drive(Some(Disk::from_d64(&image)));
    // $F50A: the header found, the data block's sync just passed: its first two GCR bytes
    // by BVC loop; $F497: the header decoded. The GCR of $07, $12 (18/0 starts 18, 1).
    let code = [
        0x20, 0x0A, 0xF5, // JSR $F50A
        0x50, 0xFE, 0xB8, 0xAD, 0x01, 0x1C, 0x8D, 0xF0, 0x04, // BVC * CLV LDA $1C01 STA $04F0
        0x50, 0xFE, 0xB8, 0xAD, 0x01, 0x1C, 0x8D, 0xF1, 0x04, // the same to $04F1
        0x20, 0x97, 0xF4, 0x8D, 0xF2, 0x04, // JSR $F497, STA $04F2
        0xA9, 0x01, 0x4C, 0x69, 0xF9, // LDA #$01, JMP $F969
    ];
    d.bus.ram[0x400..0x400 + code.len()].copy_from_slice(&code);
    d.bus.ram[0x4F2] = 0xFF;
    assert_eq!(job(&mut d, &mut bus, 1, 0xE0, 18, 0).0, 0x01);
    assert_eq!(&d.bus.ram[0x4F0..0x4F3], &[0x55, 0xD7, 0x00]);
    assert_eq!(
        &d.bus.ram[0x16..0x1A],
        &[b'A', b'B', 18, 0],
        "ID, track, sector"
    );
    // $F4D1: the job's sector into the buffer at BUFPTR ($30), here buffer 4 (the code
    // runs in buffer 2), the result in A.
    let code = [
        0xA9, 0x07, 0x85, 0x31, // LDA #$07, STA $31
        0x20, 0xD1, 0xF4, // JSR $F4D1
        0x4C, 0x69, 0xF9, // JMP $F969
    ];
    d.bus.ram[0x500..0x500 + code.len()].copy_from_slice(&code);
    assert_eq!(job(&mut d, &mut bus, 2, 0xE0, 20, 3).0, 0x01);
    assert_eq!(buffer(&d, 4), pattern(20, 3));
    assert_eq!(&d.bus.ram[0x500..0x500 + code.len()], &code);
    // $F556 without a disk: the job ends with "no sync".
    d.eject_disk();
    let code = [0x20, 0x56, 0xF5, 0xA9, 0x01, 0x4C, 0x69, 0xF9];
    d.bus.ram[0x600..0x608].copy_from_slice(&code);
    assert_eq!(job(&mut d, &mut bus, 3, 0xE0, 18, 0).0, 0x03);
}
