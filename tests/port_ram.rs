//! The small RAM cartridges on the expansion port: RamCart's window at $DF00 onto the page
//! $DE00/$DE01 pick, Isepic's pages picked by the address of an I/O 1 access, and the
//! Double Quick Brown Box's RAM as a cartridge at $8000-$BFFF.

use breadbin::cart::dqbb::Dqbb;
use breadbin::cart::isepic::Isepic;
use breadbin::cart::ramcart::RamCart;
use breadbin::chips::expansion::Expansion;
use breadbin::{C64, Roms};

fn machine(device: Box<dyn Expansion>) -> C64 {
    let mut c64 = C64::new(Roms::open());
    c64.plug(device);
    c64
}

fn ramcart_put(c: &mut C64, page: u16, v: u8) {
    c.poke(0xDE00, page as u8);
    c.poke(0xDE01, (page >> 8) as u8);
    c.poke(0xDF10, v);
}

fn ramcart_get(c: &mut C64, page: u16) -> u8 {
    c.poke(0xDE00, page as u8);
    c.poke(0xDE01, (page >> 8) as u8);
    c.peek(0xDF10)
}

#[test]
fn ramcart_pages_take_nine_bits_on_the_128k_unit_and_eight_on_the_64k() {
    let mut c = machine(Box::new(RamCart::new(128).unwrap()));
    let pages = [0u16, 1, 0xFF, 0x100, 0x101, 0x1FF];
    for (i, &p) in pages.iter().enumerate() {
        ramcart_put(&mut c, p, 0x50 + i as u8);
    }
    for (i, &p) in pages.iter().enumerate() {
        assert_eq!(ramcart_get(&mut c, p), 0x50 + i as u8, "page ${p:03X}");
    }
    let mut c = machine(Box::new(RamCart::new(64).unwrap()));
    ramcart_put(&mut c, 0x001, 0x11);
    ramcart_put(&mut c, 0x101, 0x22);
    assert_eq!(ramcart_get(&mut c, 0x001), 0x22, "$DE01 is not there");
    assert!(RamCart::new(256).is_err());
}

#[test]
fn an_isepic_page_is_picked_by_the_address_of_a_read_or_write_in_de00_de07() {
    let mut c = machine(Box::new(Isepic::new()));
    for page in 0..8u16 {
        c.poke(0xDE00 + page, 0xEE); // the value written does not matter
        c.poke(0xDF00, 0x40 + page as u8);
    }
    for page in 0..8u16 {
        c.read(0xDE08 + page); // a read picks too, and the picks repeat every 8 bytes
        assert_eq!(c.peek(0xDF00), 0x40 + page as u8);
    }
    assert_eq!(c.peek(0x8000), c.ram()[0x8000], "no cartridge lines");
}

#[test]
fn the_dqbb_comes_up_off_and_at_14_is_16k_of_ram_taking_writes() {
    let mut c = machine(Box::new(Dqbb::new()));
    c.poke_ram(0x8000, 0x11);
    assert_eq!(c.peek(0x8000), 0x11, "off: the C64's RAM");
    assert_eq!(c.peek(0xA000), c.roms().basic[0]);
    c.poke(0xDE00, 0x14);
    c.poke(0x8000, 0x22);
    c.poke(0xBFFF, 0x33);
    assert_eq!((c.peek(0x8000), c.peek(0xBFFF)), (0x22, 0x33));
    c.poke(0xDE00, 0x04); // writes not let in
    c.poke(0x8000, 0x44);
    assert_eq!(c.peek(0x8000), 0x22);
    c.poke(0xDE00, 0x10); // 8K mode: BASIC is back at $A000
    assert_eq!(c.peek(0x8000), 0x22);
    assert_eq!(c.peek(0xA000), c.roms().basic[0]);
    c.poke(0xDE00, 0x90);
    assert_eq!(c.peek(0xBFFF), c.roms().basic[0x1FFF]);
}
