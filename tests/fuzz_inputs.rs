//! Property tests over everything a user hands breadbin as a file: BASIC text, tokenized
//! programs, PRG images, key scripts, label maps and disk images (damaged D64s through the
//! file system of `breadbin disk`: list, get, check, validate, put, scratch, rename). Whatever the bytes, each is either
//! accepted or refused with an error; nothing panics. What is accepted keeps its promises
//! (a tokenized program lists and tokenizes back to the same bytes; a PRG fits in memory).
//! A few thousand cases in all, seconds in release builds.

use breadbin::basic::{LabelMap, list, tokenize};
use breadbin::media::Prg;
use breadbin::media::disk::{D64, FileType, G64, Image};
use breadbin::run::profile::KeyScript;
use proptest::prelude::*;
use std::path::Path;

/// Text made of BASIC-ish pieces, so that much of it tokenizes: keywords, numbers, strings
/// with control-code names, labels, odd characters.
fn basic_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("PRINT ".to_string()),
        Just("GOTO ".to_string()),
        Just("GOSUB ".to_string()),
        Just("IF X THEN ".to_string()),
        Just("FOR I=1 TO 9:NEXT".to_string()),
        Just("REM ".to_string()),
        Just("DATA 1,\"A\"".to_string()),
        Just("\"{RED}{3 DOWN}HI\"".to_string()),
        Just("{CLR}".to_string()),
        Just("LOOP:\n".to_string()),
        Just("GOTO LOOP".to_string()),
        Just(":".to_string()),
        Just("\n".to_string()),
        "[0-9]{1,6} ".prop_map(|s| s),
        "[ -~]{0,12}".prop_map(|s| s),
        any::<char>().prop_map(|c| c.to_string()),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

/// A disk holding a PRG, a SEQ and a REL file.
fn filled_disk() -> D64 {
    let mut d = D64::formatted(b"FUZZ", *b"FZ");
    let data: Vec<u8> = (0..3000u32).map(|i| (i * 13) as u8).collect();
    d.put(b"PROG", FileType::Prg, &data[..1200], None).unwrap();
    d.put(b"TEXT", FileType::Seq, &data[..300], None).unwrap();
    d.put(b"RECS", FileType::Rel, &data, Some(30)).unwrap();
    d
}

/// The filled disk recorded as a G64 (made once).
fn filled_g64() -> &'static G64 {
    static G: std::sync::OnceLock<G64> = std::sync::OnceLock::new();
    G.get_or_init(|| {
        let d = filled_disk();
        let mut tracks = vec![Vec::new(); 84];
        for t in 1..=35u8 {
            tracks[usize::from(t - 1) * 2] = d.gcr_track(t);
        }
        G64 {
            tracks,
            speeds: vec![0; 84],
            max_track: 7928,
        }
    })
}

/// Bytes to change in an image: mostly on tracks 17 and 18 (the BAM, the directory, the
/// files' first blocks), small values that look like links as often as any.
fn damage() -> impl Strategy<Value = Vec<(usize, u8)>> {
    let track_17: usize = 336 * 256;
    let offset = prop_oneof![track_17..track_17 + 40 * 256, 0..174_848usize];
    let value = prop_oneof![0..45u8, any::<u8>()];
    prop::collection::vec((offset, value), 1..12)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn basic_text_tokenizes_or_is_refused_and_round_trips(text in basic_text()) {
        if let Ok(t) = tokenize(&text, "fuzz.bas") {
            let listed = list(&t.prg, "fuzz.prg").expect("a tokenized program lists");
            let again = tokenize(&listed, "listed.bas").expect("a listing tokenizes");
            prop_assert_eq!(&again.prg, &t.prg, "text -> PRG -> text -> PRG\n{}", listed);
        }
    }

    #[test]
    fn any_bytes_list_or_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = list(&bytes, "fuzz.prg");
    }

    #[test]
    fn tokenized_lines_with_random_tails_list_or_are_refused(
        good in basic_text(),
        cut in any::<usize>(),
        noise in prop::collection::vec(any::<u8>(), 0..40),
    ) {
        // A real program, cut short or with garbage appended: links that run off the end.
        if let Ok(t) = tokenize(&good, "fuzz.bas") {
            let mut bytes = t.prg.clone();
            bytes.truncate(cut % (bytes.len() + 1));
            bytes.extend_from_slice(&noise);
            let _ = list(&bytes, "fuzz.prg");
        }
    }

    #[test]
    fn prg_images_fit_memory_or_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        match Prg::parse(&bytes, Path::new("fuzz.prg")) {
            Ok(p) => {
                prop_assert!(!p.data.is_empty());
                prop_assert!(p.load as usize + p.data.len() <= 0x10000);
            }
            Err(e) => prop_assert!(e.to_string().starts_with("fuzz.prg: ")),
        }
    }

    #[test]
    fn t64_archives_read_to_programs_that_fit_or_are_refused(
        head in prop::collection::vec(any::<u8>(), 0..200),
        tail in prop::collection::vec(any::<u8>(), 0..300),
    ) {
        // A valid signature half the time, so the directory is read too.
        let mut bytes = if head.first().is_some_and(|b| b & 1 == 0) {
            b"C64S tape".to_vec()
        } else {
            Vec::new()
        };
        bytes.extend(head);
        bytes.extend(tail);
        match breadbin::media::t64::T64::parse(&bytes) {
            Ok(t) => {
                prop_assert!(!t.entries.is_empty());
                for e in &t.entries {
                    prop_assert!(!e.data.is_empty());
                    prop_assert!(e.load as usize + e.data.len() <= 0x10000);
                }
            }
            Err(e) => prop_assert!(e.starts_with("offset $"), "{}", e),
        }
    }

    #[test]
    fn key_scripts_parse_or_are_refused(text in "(loop [A-Z]{1,6}\n)?([ -~{}\n]|J:UP|\\{RETURN\\}|\\*[0-9]{1,3}){0,60}") {
        match KeyScript::parse(&text, "fuzz.keys") {
            Ok(s) => prop_assert!(s.inputs.len() < 100_000),
            Err(e) => prop_assert!(e.to_string().starts_with("fuzz.keys:")),
        }
    }

    #[test]
    fn label_maps_parse_or_are_refused(text in "([A-Z_0-9]{0,8}[ \t=:]{0,2}[0-9]{0,6}\n){0,12}") {
        let _ = LabelMap::parse(&text, "fuzz.map");
    }

    #[test]
    fn damaged_disks_are_read_checked_and_repaired_or_refused(changes in damage()) {
        let mut bytes = filled_disk().to_bytes();
        for (at, v) in changes {
            bytes[at] = v;
        }
        let d = D64::parse(&bytes).expect("the size is kept");
        let _ = d.check();
        if let Ok(entries) = d.entries() {
            for e in &entries {
                let _ = d.read_entry(e);
            }
        }
        let _ = d.directory();
        let _ = d.read_file(b"*");
        let _ = d.find_file(b"R?CS");
        let _ = d.clone().validate();
        let _ = d.clone().put(b"NEW", FileType::Prg, &[1, 8, 96], None);
        let _ = d.clone().put(b"@:RECS", FileType::Rel, &[7; 500], Some(9));
        let _ = d.clone().scratch(&[b"*"]);
        let _ = d.clone().rename(b"P*", b"RENAMED");
        let mut v = d.clone();
        if v.validate().is_ok() {
            let _ = v.check();
        }
    }

    #[test]
    fn any_bytes_are_a_d64_or_refused(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        prop_assert!(D64::parse(&bytes).is_err());
    }

    #[test]
    fn damaged_g64_tracks_decode_to_a_disk_that_checks(
        changes in prop::collection::vec((0..7142usize, any::<u8>()), 1..20),
        track in prop_oneof![Just(17u8), Just(18u8), 1..36u8],
    ) {
        let mut g = filled_g64().clone();
        let bytes = &mut g.tracks[usize::from(track - 1) * 2];
        for (at, v) in changes {
            let n = bytes.len();
            bytes[at % n] = v;
        }
        let d = Image::G64(g).to_d64().expect("35 tracks decode");
        let _ = d.check();
        if let Ok(entries) = d.entries() {
            for e in &entries {
                let _ = d.read_entry(e);
            }
        }
    }

    #[test]
    fn disk_file_names_read_and_show_the_same(text in "([ -~]|\\{\\$[0-9A-Fa-f]{1,2}\\}|\\{\\$A0\\}|£|π|é){0,20}") {
        use breadbin::media::disk::fs::{name_bytes, name_text};
        if let Ok(b) = name_bytes(&text) {
            prop_assert_eq!(name_bytes(&name_text(&b)).unwrap(), b);
        }
    }
}
