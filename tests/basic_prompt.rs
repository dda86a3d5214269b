//! Detecting BASIC's prompt from facts true of every ROM set, and CURLIN ($39/$3A) as
//! genuine BASIC V2 keeps it: $00xx after power-on, the last line run after a program ends,
//! $FFxx only while a direct-mode line executes. Runs on the open ROMs; with
//! `BREADBIN_GENUINE_ROMS=DIR` the same checks also run on genuine images.

use breadbin::basic::tokenize;
const PAL_CLOCK_HZ: u64 = breadbin::c64::Model::C64_PAL.clock_hz;
use breadbin::host::autostart::{self, basic_ready, run_until_ready};
use breadbin::media::Prg;
use breadbin::run::headless;
use breadbin::{C64, Roms};

fn rom_sets() -> Vec<(String, Roms)> {
    let mut v = vec![("open".to_string(), Roms::open())];
    match std::env::var_os("BREADBIN_GENUINE_ROMS") {
        Some(d) => v.push((
            format!("genuine ({})", d.to_string_lossy()),
            Roms::from_dir(std::path::Path::new(&d)).expect("BREADBIN_GENUINE_ROMS holds ROMs"),
        )),
        None => eprintln!("skipping the genuine ROMs: BREADBIN_GENUINE_ROMS is not set"),
    }
    v
}

fn boot(roms: Roms) -> C64 {
    let mut c = C64::new(roms);
    assert!(
        run_until_ready(&mut c, 10 * PAL_CLOCK_HZ),
        "READY after power-on"
    );
    c
}

/// Put `source` into memory as LOAD would, type RUN and run until the next prompt.
fn run_program(c: &mut C64, source: &str) {
    let t = tokenize(source, "t.bas").unwrap();
    let prg = Prg::parse(&t.prg, std::path::Path::new("t.bas")).unwrap();
    autostart::inject(c, &prg);
    assert!(autostart::put_in_keyboard_buffer(c, b"RUN\r"));
    // Leave the prompt, then wait for it again.
    let limit = c.cycles() + 20 * PAL_CLOCK_HZ;
    while basic_ready(c) {
        c.tick();
    }
    assert!(run_until_ready(c, limit), "READY after the program");
}

#[test]
fn the_prompt_is_found_whatever_curlin_holds() {
    for (name, roms) in rom_sets() {
        let mut c = boot(roms);
        assert_eq!(c.peek(0x3A), 0x00, "{name}: CURLIN+1 after power-on");

        run_program(&mut c, "9020 PRINT \"HI\"");
        assert_eq!(c.peek_word(0x39), 9020, "{name}: CURLIN after the program");
        assert_eq!(c.peek(0x3A), 0x23);

        // A direct-mode line sets $FF while it runs: PEEK(58) sees it.
        for chunk in [&b"POKE2,"[..], b"PEEK(58)\r"] {
            while c.peek(0xC6) != 0 {
                c.tick();
            }
            assert!(autostart::put_in_keyboard_buffer(&mut c, chunk));
        }
        let limit = c.cycles() + 5 * PAL_CLOCK_HZ;
        assert!(run_until_ready(&mut c, limit));
        assert_eq!(c.peek(2), 0xFF, "{name}: CURLIN+1 while a direct line runs");
    }
}

#[test]
fn detection_does_not_depend_on_curlin() {
    for (name, roms) in rom_sets() {
        let mut c = boot(roms);
        // Whatever CURLIN holds, the machine at the prompt is ready; a key in the buffer or
        // a missing READY. above the cursor is not.
        for v in [0x00u8, 0x23, 0xFF, 0x7F] {
            c.poke_ram(0x3A, v);
            assert!(basic_ready(&c), "{name}: ready with $3A = ${v:02X}");
        }
        c.poke_ram(0xC6, 1);
        assert!(!basic_ready(&c), "{name}: a key waits in the buffer");
        c.poke_ram(0xC6, 0);
        let row = c.peek(0xD6) as u16;
        let addr = (c.peek(0x0288) as u16) * 256 + (row - 1) * 40;
        let keep = c.peek(addr);
        c.poke_ram(addr, 0x20);
        assert!(!basic_ready(&c), "{name}: no READY. above the cursor");
        c.poke_ram(addr, keep);
        assert!(basic_ready(&c));
    }
}

#[test]
fn until_ready_ends_after_a_program_whose_last_line_is_high() {
    let dir = std::env::temp_dir().join(format!("breadbin-prompt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bas = dir.join("high.bas");
    std::fs::write(&bas, "9020 PRINT \"DONE\"\n").unwrap();
    let opts = headless::RunOptions {
        autostart: Some(bas),
        until_ready: true,
        ..Default::default()
    };
    let (outcome, c) = headless::run(&opts).unwrap();
    assert_eq!(outcome, headless::Outcome::Ready);
    assert_eq!(c.peek(0x3A), 0x23);
    assert!(
        c.screen_text(breadbin::basic::TextStyle::Reference)
            .contains("DONE")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A program put into memory as LOAD puts it finds the end of the load in $AE/$AF and in
/// VARTAB, ARYTAB and STREND ($2D-$32), as after LOAD"NAME",8 (the VICE test bench's
/// C64/autostart/basic programs print and compare them).
#[test]
fn a_loaded_program_sees_the_end_of_the_load() {
    for (name, roms) in rom_sets() {
        let mut c = boot(roms);
        let src = "10 A=PEEK(174)+256*PEEK(175):B=PEEK(45)+256*PEEK(46)\n20 POKE 830,A-B+1\n";
        let t = tokenize(src, "t.bas").unwrap();
        let end = 0x0801 + t.prg.len() as u16 - 2;
        run_program(&mut c, src);
        assert_eq!(c.peek(830), 1, "{name}: $AE/$AF equals VARTAB");
        assert_eq!(
            c.peek_word(0xAE),
            end,
            "{name}: $AE/$AF is the end of the load"
        );
    }
}

#[test]
fn a_program_put_in_memory_was_loaded_from_drive_8() {
    // Programs that talk to the drive they came from read the KERNAL's current device.
    for (name, roms) in rom_sets() {
        let mut c = boot(roms);
        let prg = Prg::parse(&[0x01, 0x08, 0x00, 0x00], std::path::Path::new("t.prg")).unwrap();
        autostart::inject(&mut c, &prg);
        assert_eq!(c.peek(0xBA), 8, "{name}: FA after the load");
    }
}
