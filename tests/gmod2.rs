//! GMod2: its flash in 64 banks at $8000, written through $E000-$FFFF in flash mode, and
//! its serial EEPROM bit by bit through $DE00, with images the test builds.

use breadbin::c64::{C64, Event, Halt};
use breadbin::media::crt::{Chip, Crt};
use breadbin::{Roms, cart};

/// 8 banks, bank n filled with $A0 + n; bank 0 boots and reports $2A.
fn machine() -> C64 {
    let chips = (0..8u16)
        .map(|n| {
            let mut data = vec![0xA0 + n as u8; 0x2000];
            if n == 0 {
                let boot = [
                    0x09, 0x80, 0x09, 0x80, 0xC3, 0xC2, 0xCD, 0x38, 0x30, // CBM80
                    0xA9, 0x2A, 0x8D, 0xFF, 0xD7, 0x4C, 0x0E, 0x80,
                ];
                data[..boot.len()].copy_from_slice(&boot);
            }
            Chip {
                kind: 2,
                bank: n,
                load: 0x8000,
                data,
            }
        })
        .collect();
    let crt = Crt {
        version: (1, 0),
        hardware: 60,
        exrom: false,
        game: true,
        subtype: 0,
        name: "GMOD2".into(),
        chips,
    };
    let mut c = C64::new(Roms::open());
    c.plug(cart::from_crt(&crt).unwrap());
    c
}

#[test]
fn it_boots_in_8k_mode_and_de00_picks_the_bank_or_takes_the_rom_away() {
    let mut c = machine();
    assert!(matches!(c.run_until(3_000_000, |_| false), Halt::Event));
    assert_eq!(c.take_events(), vec![Event::DebugExit(0x2A)]);
    c.poke(0xDE00, 5);
    assert_eq!(c.peek(0x8100), 0xA5);
    assert_eq!(
        c.peek(0xA000),
        C64::new(Roms::open()).peek(0xA000),
        "8K mode"
    );
    c.poke(0xDE00, 0x40);
    assert_eq!(c.peek(0x8100), c.ram()[0x8100], "EXROM released");
}

#[test]
fn in_flash_mode_writes_to_e000_program_the_bank_and_reads_keep_the_c64s_map() {
    let mut c = machine();
    let kernal = c.peek(0xE010);
    let ram = c.ram()[0xE010];
    // The 29F040's unlock and program commands: chip address $555 is bank 0, $E555.
    c.poke(0xDE00, 0xC0);
    c.poke(0xE555, 0xAA);
    c.poke(0xE2AA, 0x55);
    c.poke(0xE555, 0xA0);
    c.poke(0xDE00, 0xC3);
    assert_eq!(c.peek(0xE010), kernal, "reads see the KERNAL");
    c.poke(0xE010, 0x5A);
    assert_eq!(c.ram()[0xE010], ram, "the write does not reach the RAM");
    c.poke(0xDE00, 0x03);
    assert_eq!(c.peek(0x8010), 0xA3 & 0x5A, "programming clears bits");
    let image = c.cartridge_image().expect("the flash changed");
    let bank3 = image.chips.iter().find(|ch| ch.bank == 3).unwrap();
    assert_eq!(bank3.data[0x10], 0xA3 & 0x5A);
    // The image as it would be written back loads with what was programmed.
    let again = Crt::parse(&image.to_bytes()).unwrap();
    let mut d = C64::new(Roms::open());
    d.plug(cart::from_crt(&again).unwrap());
    d.poke(0xDE00, 3);
    assert_eq!((d.peek(0x8010), d.peek(0x8011)), (0xA3 & 0x5A, 0xA3));
    // Outside flash mode a write at $E000 is the C64's.
    c.poke(0xE010, 0x11);
    assert_eq!(c.ram()[0xE010], 0x11);
}

/// The EEPROM's pins through $DE00: chip select (bit 6), clock (bit 5), DI (bit 4).
struct Wires<'a>(&'a mut C64);

impl Wires<'_> {
    fn bit(&mut self, b: bool) {
        let di = if b { 0x10 } else { 0 };
        self.0.poke(0xDE00, 0x40 | di);
        self.0.poke(0xDE00, 0x60 | di);
        self.0.poke(0xDE00, 0x40 | di);
    }
    fn bits(&mut self, value: u32, n: u32) {
        for i in (0..n).rev() {
            self.bit(value >> i & 1 != 0);
        }
    }
    fn command(&mut self, bits: u32, n: u32) {
        self.0.poke(0xDE00, 0x00);
        self.0.poke(0xDE00, 0x40);
        self.bits(bits, n);
    }
    fn done(&mut self) {
        self.0.poke(0xDE00, 0x00);
    }
    fn data_out(&mut self) -> bool {
        self.0.read(0xDE00) & 0x80 != 0
    }
    fn read_word(&mut self, addr: u32) -> u16 {
        self.command(0b110 << 10 | addr, 13);
        assert!(!self.data_out(), "the dummy 0");
        let mut w = 0u16;
        for _ in 0..16 {
            self.bit(false);
            w = w << 1 | u16::from(self.data_out());
        }
        self.done();
        w
    }
    fn write_word(&mut self, addr: u32, value: u16) {
        self.command(0b101 << 10 | addr, 13);
        self.bits(u32::from(value), 16);
        self.done();
    }
}

#[test]
fn the_eeprom_writes_only_after_ewen_and_reads_back_msb_first() {
    let mut c = machine();
    let mut w = Wires(&mut c);
    assert_eq!(w.read_word(5), 0xFFFF, "erased");
    w.write_word(5, 0xBEEF);
    assert_eq!(w.read_word(5), 0xFFFF, "writes are off at power-on");
    w.command(0b100 << 10 | 0b11 << 8, 13); // EWEN
    w.done();
    w.write_word(5, 0xBEEF);
    w.write_word(6, 0x1234);
    assert_eq!(w.read_word(5), 0xBEEF);
    assert_eq!(w.read_word(6), 0x1234);
    w.command(0b111 << 10 | 5, 13); // ERASE word 5
    w.done();
    assert_eq!(w.read_word(5), 0xFFFF);
    assert_eq!(w.read_word(6), 0x1234);
}
