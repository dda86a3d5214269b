//! The game cartridges that only switch ROM banks (`cart/banked.rs`), each with an image the
//! test builds: every bank filled with its own number, bank 0 starting the machine through
//! the KERNAL's `CBM80` signature, and each type's own way of picking a bank.

use breadbin::c64::{C64, Event, Halt};
use breadbin::media::crt::{Chip, Crt};
use breadbin::{Roms, cart};

/// 8 KiB filled with `tag`; with `boot`, the autostart header and code that reports $2A to
/// $D7FF.
fn bank(tag: u8, boot: bool) -> Vec<u8> {
    let mut b = vec![tag; 0x2000];
    if boot {
        let code = [
            0x09, 0x80, 0x09, 0x80, 0xC3, 0xC2, 0xCD, 0x38, 0x30, // vectors, CBM80
            0xA9, 0x2A, 0x8D, 0xFF, 0xD7, 0x4C, 0x0E, 0x80, // LDA #$2A; STA $D7FF; JMP *
        ];
        b[..code.len()].copy_from_slice(&code);
    }
    b
}

/// An image of `hardware` with chips (bank field, load address, data).
fn image(hardware: u16, chips: Vec<(u16, u16, Vec<u8>)>) -> Crt {
    Crt {
        version: (1, 0),
        hardware,
        exrom: false,
        game: true,
        subtype: 0,
        name: "BANKS".into(),
        chips: chips
            .into_iter()
            .map(|(bank, load, data)| Chip {
                kind: 0,
                bank,
                load,
                data,
            })
            .collect(),
    }
}

/// `n` banks at $8000, bank `b` filled with `b`, bank 0 booting.
fn numbered(hardware: u16, n: u16) -> Crt {
    image(
        hardware,
        (0..n).map(|b| (b, 0x8000, bank(b as u8, b == 0))).collect(),
    )
}

fn plugged(crt: &Crt) -> C64 {
    let mut c64 = C64::new(Roms::open());
    c64.plug(cart::from_crt(crt).unwrap());
    c64
}

/// The machine powered on with `crt` reports $2A: its bank 0 was where the KERNAL looks.
fn assert_boots(crt: &Crt) {
    let mut c64 = plugged(crt);
    let r = c64.run_until(3_000_000, |_| false);
    assert!(matches!(r, Halt::Event), "{r:?}");
    assert_eq!(c64.take_events(), vec![Event::DebugExit(0x2A)]);
}

/// What BASIC's ROM has at $A000, with no cartridge.
fn basic_a000() -> u8 {
    C64::new(Roms::open()).peek(0xA000)
}

#[test]
fn ocean_shows_the_bank_written_to_de00_at_8000_and_a000() {
    let crt = numbered(5, 16);
    assert_boots(&crt);
    let mut c = plugged(&crt);
    c.poke(0xDE00, 0x85);
    assert_eq!(
        (c.peek(0x8000), c.peek(0xA000)),
        (5, 5),
        "16K mode, bank 5 twice"
    );

    // 256 KiB: banks 16-31 come tagged for $A000, and are picked as banks 16-31.
    let mut chips: Vec<_> = (0..16)
        .map(|b| (b, 0x8000, bank(b as u8, b == 0)))
        .collect();
    chips.extend((16..32).map(|b| (b, 0xA000, bank(b as u8, false))));
    let mut c = plugged(&image(5, chips));
    c.poke(0xDE00, 0x80 | 20);
    assert_eq!(c.peek(0xA000), 20);

    // 512 KiB: 8K mode, BASIC stays at $A000.
    let big = numbered(5, 64);
    assert_boots(&big);
    let mut c = plugged(&big);
    c.poke(0xDE00, 0xBF);
    assert_eq!((c.peek(0x8000), c.peek(0xA000)), (63, basic_a000()));
}

#[test]
fn fun_play_unscrambles_its_bank_bits_and_86_switches_it_off() {
    // The image numbers each bank by the value that picks it: bank 8 + b is value b*8 + 1.
    let value = |b: u8| ((b & 7) << 3) | (b >> 3);
    let crt = image(
        7,
        (0..16u8)
            .map(|b| (u16::from(value(b)), 0x8000, bank(b, b == 0)))
            .collect(),
    );
    assert_boots(&crt);
    let mut c = plugged(&crt);
    c.poke_ram(0x8000, 0x77);
    c.poke(0xDE00, 0x39);
    assert_eq!(c.peek(0x8000), 15);
    c.poke(0xDE00, 0x08);
    assert_eq!(c.peek(0x8000), 1);
    c.poke(0xDE00, 0x86);
    assert_eq!(c.peek(0x8000), 0x77, "RAM under the switched-off ROM");
}

#[test]
fn magic_desk_picks_with_the_low_bits_and_bit_7_switches_it_off() {
    let crt = numbered(19, 8);
    assert_boots(&crt);
    let mut c = plugged(&crt);
    c.poke_ram(0x8000, 0x77);
    c.poke(0xDE00, 3);
    assert_eq!(
        (c.peek(0x8000), c.peek(0xA000)),
        (3, basic_a000()),
        "8K mode"
    );
    c.poke(0xDE00, 0x0B);
    assert_eq!(c.peek(0x8000), 3, "8 banks: bank 11 is bank 3");
    c.poke(0xDE00, 0x80);
    assert_eq!(c.peek(0x8000), 0x77, "RAM under the switched-off ROM");
    c.poke_ram(0x8100, 0x77);
    c.reset();
    assert_eq!(c.peek(0x8100), 0, "on again at reset, bank 0");
}

#[test]
fn dinamic_picks_the_bank_by_the_address_read_in_de00_de0f() {
    let crt = numbered(17, 16);
    assert_boots(&crt);
    let mut c = plugged(&crt);
    c.read(0xDE05);
    assert_eq!(c.peek(0x8000), 5);
    c.read(0xDE15);
    c.poke(0xDE02, 0);
    assert_eq!(c.peek(0x8000), 5, "neither a read past $DE0F nor a write");
}

#[test]
fn the_game_system_picks_the_bank_by_the_address_of_any_access() {
    let crt = numbered(15, 64);
    assert_boots(&crt);
    let mut c = plugged(&crt);
    c.poke(0xDE07, 0xFF);
    assert_eq!(c.peek(0x8000), 7, "the address, not the value");
    c.read(0xDE7E);
    assert_eq!(c.peek(0x8000), 62, "address bits 0-5");
}

#[test]
fn simons_basic_reads_of_io1_take_its_high_rom_away_and_writes_bring_it_back() {
    let crt = image(
        4,
        vec![
            (0, 0x8000, bank(0x11, true)),
            (0, 0xA000, bank(0x22, false)),
        ],
    );
    assert_boots(&crt);
    let mut c = plugged(&crt);
    assert_eq!(
        (c.peek(0x8000 + 0x100), c.peek(0xA000)),
        (0x11, 0x22),
        "16K"
    );
    c.read(0xDE00);
    assert_eq!((c.peek(0x8100), c.peek(0xA000)), (0x11, basic_a000()), "8K");
    c.poke(0xDE00, 0);
    assert_eq!(c.peek(0xA000), 0x22);
}

#[test]
fn zaxxon_reads_of_its_low_rom_pick_the_high_rom_bank() {
    let mut low = bank(0x33, true);
    low.truncate(0x1000);
    let crt = image(
        18,
        vec![
            (0, 0x8000, low),
            (0, 0xA000, bank(0x40, false)),
            (1, 0xA000, bank(0x41, false)),
        ],
    );
    assert_boots(&crt);
    let mut c = plugged(&crt);
    assert_eq!(c.peek(0x9004), 0xC3, "4 KiB, twice");
    c.read(0x9100);
    assert_eq!(c.peek(0xA000), 0x41);
    c.read(0x8100);
    assert_eq!(c.peek(0xA000), 0x40);
}

#[test]
fn images_that_do_not_fit_their_type_are_refused() {
    let why = |crt: &Crt| cart::from_crt(crt).err().expect("refused");
    let e = why(&image(4, vec![(0, 0xE000, bank(0, false))]));
    assert!(e.starts_with("CHIP packet 1: 8192 bytes at $E000"), "{e}");
    let e = why(&image(17, vec![(16, 0x8000, bank(0, false))]));
    assert!(e.contains("bank 16"), "{e}");
    let e = why(&image(19, vec![(0, 0x8000, vec![0xEA])]));
    assert!(e.starts_with("CHIP packet 1: 1 byte at $8000"), "{e}");
    let e = why(&image(18, vec![(0, 0x8000, bank(0, true))]));
    assert!(e.contains("too small"), "{e}");
}
