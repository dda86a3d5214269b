//! Cartridges in the expansion port, each type with an image the test builds itself: the
//! PLA's memory map under GAME and EXROM, the KERNAL's autostart signature, and refusals of
//! damaged images and types breadbin does not have.

use breadbin::c64::{C64, Event, Halt};
use breadbin::media::crt::{Chip, Crt};
use breadbin::{Roms, cart};

/// A generic cartridge image with `chips` ((load address, bytes)) and the lines it asserts.
fn generic(exrom: bool, game: bool, chips: &[(u16, Vec<u8>)]) -> Crt {
    Crt {
        version: (1, 0),
        hardware: 0,
        exrom,
        game,
        subtype: 0,
        name: "TEST".into(),
        chips: chips
            .iter()
            .map(|(load, data)| Chip {
                kind: 0,
                bank: 0,
                load: *load,
                data: data.clone(),
            })
            .collect(),
    }
}

/// 8 KiB of ROM starting with `code` at `at` ($8000 or $E000 window), $EA elsewhere.
fn rom_with(offset: usize, code: &[u8]) -> Vec<u8> {
    let mut r = vec![0xEA; 0x2000];
    r[offset..offset + code.len()].copy_from_slice(code);
    r
}

/// An 8K cartridge's ROML: the autostart vectors to $8009, "CBM80", then `code`.
fn autostart_roml(code: &[u8]) -> Vec<u8> {
    let mut head = vec![0x09, 0x80, 0x09, 0x80, 0xC3, 0xC2, 0xCD, 0x38, 0x30];
    head.extend_from_slice(code);
    rom_with(0, &head)
}

/// Power on with `crt` plugged in and run until the first write to $D7FF (or 2 million
/// cycles): the value written.
fn exit_value(crt: &Crt) -> (Option<u8>, C64) {
    let mut c64 = C64::new(Roms::open());
    c64.plug(cart::from_crt(crt).unwrap());
    loop {
        match c64.run_until(2_000_000, |_| false) {
            Halt::Event => {
                if let Some(Event::DebugExit(v)) = c64.take_events().into_iter().next() {
                    return (Some(v), c64);
                }
            }
            _ => return (None, c64),
        }
    }
}

// LDA abs; STA $D7FF; JMP * (at $8009 + 6 = $800F)
fn report(addr: u16) -> Vec<u8> {
    let [lo, hi] = addr.to_le_bytes();
    vec![0xAD, lo, hi, 0x8D, 0xFF, 0xD7, 0x4C, 0x0F, 0x80]
}

#[test]
fn an_8k_cartridge_with_the_signature_starts_at_reset_with_basic_still_at_a000() {
    // The cartridge reports the first byte of BASIC's ROM, which stays mapped in 8K mode.
    let crt = generic(false, true, &[(0x8000, autostart_roml(&report(0xA000)))]);
    let (v, c64) = exit_value(&crt);
    let basic_first = C64::new(Roms::open()).peek(0xA000);
    assert_eq!(v, Some(basic_first));
    assert_eq!(c64.peek(0x8004), 0xC3, "ROML at $8000");
}

#[test]
fn a_16k_cartridge_puts_its_high_rom_where_basic_was() {
    let mut romh = vec![0u8; 0x2000];
    romh[0] = 0x5A;
    let mut both = autostart_roml(&report(0xA000));
    both.extend_from_slice(&romh);
    let crt = generic(false, false, &[(0x8000, both)]);
    assert_eq!(exit_value(&crt).0, Some(0x5A));
}

#[test]
fn an_ultimax_cartridge_starts_from_its_own_reset_vector() {
    // ROMH at $E000 holds the reset vector ($FFFC) pointing at $E000: LDA #$42; STA $D7FF.
    let mut romh = rom_with(0, &[0xA9, 0x42, 0x8D, 0xFF, 0xD7, 0x4C, 0x05, 0xE0]);
    romh[0x1FFC] = 0x00;
    romh[0x1FFD] = 0xE0;
    let crt = generic(true, false, &[(0xE000, romh)]);
    let (v, c64) = exit_value(&crt);
    assert_eq!(v, Some(0x42));
    assert_eq!(c64.peek(0xE001), 0x42, "ROMH at $E000");
}

#[test]
fn without_the_signature_the_machine_boots_to_basic() {
    let crt = generic(false, true, &[(0x8000, rom_with(0, &[0xAA]))]);
    let mut c64 = C64::new(Roms::open());
    c64.plug(cart::from_crt(&crt).unwrap());
    c64.run_cycles(3_000_000);
    let screen = c64.screen_text(breadbin::basic::TextStyle::Reference);
    assert!(screen.contains("READY."), "{screen}");
    assert_eq!(c64.peek(0x8000), 0xAA, "ROML mapped at the prompt");
}

#[test]
fn a_small_chip_repeats_through_its_window() {
    let crt = generic(
        false,
        true,
        &[(0x8000, (0..0x1000).map(|i| i as u8).collect())],
    );
    let mut c64 = C64::new(Roms::open());
    c64.plug(cart::from_crt(&crt).unwrap());
    assert_eq!(c64.peek(0x9005), 5);
}

/// What loading `crt`'s bytes from a file called `name` says.
fn refusal(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("breadbin-crt-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let e = breadbin::host::cartridge::load(&path)
        .err()
        .expect("refused");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(e.starts_with(&format!("{}: ", path.display())), "{e}");
    assert!(!e.contains('\n'), "{e}");
    e
}

#[test]
fn damaged_images_and_other_types_are_refused_in_one_line_naming_the_file() {
    let good = generic(false, true, &[(0x8000, vec![0; 0x2000])]).to_bytes();
    let e = refusal("cut.crt", &good[..good.len() - 100]);
    assert!(e.contains(": offset $40:"), "{e}");
    let mut other = generic(false, true, &[(0x8000, vec![0; 0x2000])]);
    other.hardware = 999;
    assert!(refusal("other.crt", &other.to_bytes()).contains("cartridge type 999"));
    let wrong = generic(false, true, &[(0x6000, vec![0; 0x2000])]);
    assert!(refusal("wrong.crt", &wrong.to_bytes()).contains("$6000"));
}

#[test]
fn super_games_switches_16k_banks_at_df00_turns_off_and_locks() {
    let crt = Crt {
        version: (1, 0),
        hardware: 8,
        exrom: false,
        game: false,
        subtype: 0,
        name: "SUPER GAMES".into(),
        chips: (0..4)
            .map(|n| Chip {
                kind: 0,
                bank: n,
                load: 0x8000,
                data: [vec![0x80 + n as u8; 0x2000], vec![0xA0 + n as u8; 0x2000]].concat(),
            })
            .collect(),
    };
    let mut c = C64::new(Roms::open());
    c.plug(cart::from_crt(&crt).unwrap());
    assert_eq!(
        (c.peek(0x8000), c.peek(0xA000)),
        (0x80, 0xA0),
        "16K mode, bank 0"
    );
    c.poke(0xDF00, 0x02);
    assert_eq!((c.peek(0x8000), c.peek(0xBFFF)), (0x82, 0xA2));
    c.poke(0xDF00, 0x06); // off
    assert_eq!(c.peek(0x8000), c.ram()[0x8000]);
    assert_eq!(c.peek(0xA000), c.roms().basic[0]);
    c.poke(0xDF00, 0x09); // bank 1, locked
    c.poke(0xDF00, 0x02);
    assert_eq!(c.peek(0x8000), 0x81, "locked until reset");
    c.reset();
    assert_eq!(c.peek(0x8000), 0x80);
}

#[test]
fn pagefox_picks_rom_banks_and_ram_halves_at_de80_and_catches_ram_writes_itself() {
    let crt = Crt {
        version: (1, 0),
        hardware: 53,
        exrom: false,
        game: false,
        subtype: 0,
        name: "PAGEFOX".into(),
        chips: (0..4)
            .map(|n| Chip {
                kind: 0,
                bank: n,
                load: 0x8000,
                data: [vec![0x10 + n as u8; 0x2000], vec![0x20 + n as u8; 0x2000]].concat(),
            })
            .collect(),
    };
    let mut c = C64::new(Roms::open());
    c.plug(cart::from_crt(&crt).unwrap());
    assert_eq!(
        (c.read(0x8000), c.read(0xA000)),
        (0x10, 0x20),
        "16K, bank 0"
    );
    c.poke(0xDE80, 0x04);
    assert_eq!((c.read(0x8000), c.read(0xBFFF)), (0x12, 0x22));
    c.poke(0xDE00, 0x00);
    assert_eq!(
        c.read(0x8000),
        0x12,
        "the lower half of I/O 1 is not the register"
    );
    c.poke(0xDE80, 0x08); // RAM, first half
    c.poke(0x8000, 0x5A);
    assert_eq!(
        (c.read(0x8000), c.ram()[0x8000]),
        (0x5A, 0x5A),
        "both take it"
    );
    c.poke(1, 0x35); // the C64's map: RAM at $8000-$BFFF
    c.poke(0xA001, 0x77);
    assert_eq!(c.ram()[0xA001], 0x77);
    c.poke(1, 0x37);
    assert_eq!(
        c.read(0xA001),
        0x77,
        "the cartridge caught the write itself"
    );
    c.poke(0xDE80, 0x0A); // RAM, second half
    assert_eq!(c.read(0x8000), 0x00);
    c.poke(0xDE80, 0x10); // off
    c.poke_ram(0x8000, 0x99);
    assert_eq!((c.read(0x8000), c.read(0xA000)), (0x99, c.roms().basic[0]));
    c.reset();
    assert_eq!(c.read(0x8000), 0x10);
}

/// An Ultimax cartridge that shows character 0 all over a text screen with its characters
/// at $3000 (white on black), and `glyph` as ROMH's bytes at $F000 (the VIC's $3000).
fn ultimax_screen(glyph: u8) -> Crt {
    let code = [
        0x78, // SEI
        0xA9, 0x1C, 0x8D, 0x18, 0xD0, // screen $0400, characters $3000
        0xA9, 0x1B, 0x8D, 0x11, 0xD0, // text, display on
        0xA9, 0x08, 0x8D, 0x16, 0xD0, // 40 columns
        0xA9, 0x00, 0x8D, 0x20, 0xD0, 0x8D, 0x21, 0xD0, // black border and background
        0xA2, 0x00, // LDX #0
        0xA9, 0x00, 0x9D, 0x00, 0x04, 0x9D, 0x00, 0x05, 0x9D, 0x00, 0x06, 0x9D, 0x00,
        0x07, // character 0 in every cell
        0xA9, 0x01, 0x9D, 0x00, 0xD8, 0x9D, 0x00, 0xD9, 0x9D, 0x00, 0xDA, 0x9D, 0x00,
        0xDB, // white
        0xE8, 0xD0, 0xE1, // INX; BNE
        0x4C, 0x39, 0xE0, // JMP *
    ];
    let mut romh = rom_with(0, &code);
    romh[0x1000..0x1008].fill(glyph);
    romh[0x1FFC] = 0x00;
    romh[0x1FFD] = 0xE0;
    generic(true, false, &[(0xE000, romh)])
}

#[test]
fn in_ultimax_mode_the_vic_sees_romh_at_3000_and_no_character_rom() {
    let white = |glyph: u8| {
        let mut c64 = C64::new(Roms::open());
        c64.set_render(true);
        c64.plug(cart::from_crt(&ultimax_screen(glyph)).unwrap());
        c64.run_cycles(3 * 19_656);
        // To the end of a whole frame drawn with the screen set up.
        let f = c64.frames();
        while c64.frames() == f {
            c64.run_cycles(63);
        }
        let pc = c64.cpu().pc;
        assert!(
            (0xE039..=0xE03B).contains(&pc),
            "in the program's loop: {pc:04X}"
        );
        c64.frame().iter().filter(|&&p| p == 1).count()
    };
    assert_eq!(white(0xFF), 320 * 200, "every pixel of every cell");
    assert_eq!(white(0x0F), 320 * 200 / 2, "the glyph, not RAM's bytes");
}
