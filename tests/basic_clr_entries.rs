//! BASIC's CLR work ($A660) and text pointer reset ($A68E) at their documented addresses:
//! decoders that unpack a BASIC program call them before they start it with NEWSTT.

mod common;

use common::run_to_d7ff;
use common::typing::*;

#[test]
fn clr_at_a660_and_the_text_pointer_reset_at_a68e() {
    let mut c = machine_on(breadbin::Roms::open(), None);
    enter(&mut c, "A=5:DIM B(3)", 2);
    let word = |c: &breadbin::C64, a: usize| u16::from_le_bytes([c.ram()[a], c.ram()[a + 1]]);
    assert!(word(&c, 0x2F) > word(&c, 0x2D), "a variable is defined");
    // JSR $A660, JSR $A68E, then the end.
    let code = [
        0x20, 0x60, 0xA6, 0x20, 0x8E, 0xA6, 0x8D, 0xFF, 0xD7, 0x4C, 0x09, 0xC0,
    ];
    for (i, &b) in code.iter().enumerate() {
        c.poke_ram(0xC000 + i as u16, b);
    }
    c.cpu_mut().set_pc(0xC000);
    run_to_d7ff(&mut c, 200_000);
    assert_eq!(
        word(&c, 0x2F),
        word(&c, 0x2D),
        "no variables: arrays start where they do"
    );
    assert_eq!(word(&c, 0x31), word(&c, 0x2D), "no arrays");
    assert_eq!(
        word(&c, 0x7A),
        word(&c, 0x2B) - 1,
        "TXTPTR at the program's start less one"
    );
}
