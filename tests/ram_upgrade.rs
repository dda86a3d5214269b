//! RAM fitted inside the C64: the +60K's second bank for $1000-$FFFF and the +256K's four
//! banks, each switched by a register at $D100 that answers over the VIC's mirror.

use breadbin::c64::Model;
use breadbin::c64::model::RamUpgrade;
use breadbin::{C64, Roms};

fn machine(ram: RamUpgrade) -> C64 {
    let mut c = C64::with_model(
        Roms::open(),
        Model {
            ram,
            ..Model::C64_PAL
        },
    )
    .unwrap();
    c.poke(0, 0x2F); // the 6510 port's banking bits as outputs
    c.poke(1, 0x37);
    c
}

/// Write `v` at each of `addrs` as the CPU does with all RAM mapped ($01 = $30), then put
/// the port back.
fn put(c: &mut C64, addrs: &[u16], v: u8) {
    c.poke(1, 0x30);
    for &a in addrs {
        c.poke(a, v);
    }
    c.poke(1, 0x37);
}

fn get(c: &mut C64, a: u16) -> u8 {
    c.poke(1, 0x30);
    let v = c.read(a);
    c.poke(1, 0x37);
    v
}

const SPOTS: [u16; 6] = [0x0FFF, 0x1000, 0x8000, 0xA000, 0xD000, 0xFFFF];

#[test]
fn the_plus60ks_bit_7_switches_1000_to_ffff_and_its_register_reads_ff() {
    let mut c = machine(RamUpgrade::Plus60k);
    put(&mut c, &SPOTS, 0x55);
    c.poke(0xD100, 0x80);
    put(&mut c, &SPOTS, 0xAA);
    c.poke(0xD100, 0x00);
    let seen: Vec<u8> = SPOTS.iter().map(|&a| get(&mut c, a)).collect();
    // $0FFF is below the banked range: the second bank's write stands.
    assert_eq!(seen, [0xAA, 0x55, 0x55, 0x55, 0x55, 0x55]);
    c.poke(0xD100, 0x80);
    assert_eq!(get(&mut c, 0xD000), 0xAA, "RAM under I/O is banked too");
    assert_eq!(c.read(0xD100), 0xFF);
    let mut plain = machine(RamUpgrade::None);
    plain.poke(0xD000, 0x42);
    assert_eq!(plain.read(0xD100), 0x42, "without it, the VIC's mirror");
}

#[test]
fn the_plus256k_banks_the_low_4k_and_the_rest_apart_and_can_hide_its_register() {
    let mut c = machine(RamUpgrade::Plus256k);
    for bank in 0..4u8 {
        c.poke(0xD100, bank << 6 | bank);
        put(&mut c, &[0x0800, 0xC000], 0x10 + bank);
    }
    c.poke(0xD100, 0b1000_0001); // high bank 2, low bank 1
    assert_eq!((get(&mut c, 0x0800), get(&mut c, 0xC000)), (0x11, 0x12));
    c.poke(0xD100, 0b1101_0011); // high bank 3, low bank 3, and hidden
    assert_eq!((get(&mut c, 0x0800), get(&mut c, 0xC000)), (0x13, 0x13));
    c.poke(0xD100, 0);
    assert_eq!(
        get(&mut c, 0xC000),
        0x13,
        "hidden: the write went to the VIC"
    );
    c.reset();
    assert_eq!((get(&mut c, 0x0800), get(&mut c, 0xC000)), (0x10, 0x10));
    c.poke(0xD100, 0x40);
    assert_eq!(get(&mut c, 0xC000), 0x11, "shown again after the reset");
}
