//! GeoRAM on the expansion port: its 256-byte window at $DE00 onto the page and 16 KiB
//! block its two registers at $DFFE and $DFFF choose.

use breadbin::cart::georam::GeoRam;
use breadbin::{C64, Roms};

fn machine(kib: u32) -> C64 {
    let mut c64 = C64::new(Roms::open());
    c64.plug(Box::new(GeoRam::new(kib).unwrap()));
    c64
}

/// Choose block and page, then write `v` at offset `at` of the window.
fn put(c64: &mut C64, block: u8, page: u8, at: u8, v: u8) {
    c64.poke(0xDFFF, block);
    c64.poke(0xDFFE, page);
    c64.poke(0xDE00 + u16::from(at), v);
}

fn get(c64: &mut C64, block: u8, page: u8, at: u8) -> u8 {
    c64.poke(0xDFFF, block);
    c64.poke(0xDFFE, page);
    c64.peek(0xDE00 + u16::from(at))
}

#[test]
fn each_page_of_each_block_is_its_own_256_bytes() {
    let mut c64 = machine(512);
    put(&mut c64, 0, 0, 0x10, 0x11);
    put(&mut c64, 0, 1, 0x10, 0x22);
    put(&mut c64, 31, 63, 0xFF, 0x33);
    assert_eq!(get(&mut c64, 0, 0, 0x10), 0x11);
    assert_eq!(get(&mut c64, 0, 1, 0x10), 0x22);
    assert_eq!(get(&mut c64, 31, 63, 0xFF), 0x33);
    assert_eq!(get(&mut c64, 1, 0, 0x10), 0x00, "another block");
}

#[test]
fn blocks_beyond_the_units_size_repeat_it_and_the_page_has_six_bits() {
    let mut c64 = machine(512);
    put(&mut c64, 2, 5, 0x40, 0x5A);
    assert_eq!(get(&mut c64, 34, 5, 0x40), 0x5A, "32 blocks of 16 KiB");
    assert_eq!(get(&mut c64, 2, 64 + 5, 0x40), 0x5A, "64 pages a block");
    let mut big = machine(4096);
    put(&mut big, 2, 5, 0x40, 0x5A);
    assert_eq!(get(&mut big, 34, 5, 0x40), 0x00, "4 MiB: 256 blocks");
}
