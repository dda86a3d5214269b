//! The Action Replay family on the expansion port (Action Replay, Nordic Power, Retro Replay,
//! Nordic Replay), each with an image the test builds: the control register's modes, banks
//! and RAM, the I/O window, which writes reach which RAM, and the Replays' second register.

use breadbin::c64::C64;
use breadbin::media::crt::{Chip, Crt};
use breadbin::{Roms, cart};

/// An image of `hardware` (subtype `subtype`) with 4 ROM banks: bank n filled with $B0 + n.
fn machine(hardware: u16, subtype: u8) -> C64 {
    let crt = Crt {
        version: (1, 1),
        hardware,
        exrom: false,
        game: true,
        subtype,
        name: "FREEZER".into(),
        chips: (0..4)
            .map(|n| Chip {
                kind: 0,
                bank: n,
                load: 0x8000,
                data: vec![0xB0 + n as u8; 0x2000],
            })
            .collect(),
    };
    let mut c64 = C64::new(Roms::open());
    c64.plug(cart::from_crt(&crt).unwrap());
    c64
}

const AR: (u16, u8) = (1, 0);
const RR: (u16, u8) = (36, 0);
const NR: (u16, u8) = (36, 1);

#[test]
fn at_reset_rom_bank_0_is_at_8000_and_the_register_chooses_bank_mode_and_ram() {
    for (hw, sub) in [AR, (9, 0), RR, NR] {
        let mut c = machine(hw, sub);
        assert_eq!(c.peek(0x8000), 0xB0, "type {hw}");
        c.poke(0xDE00, 0x18); // bank 3, 8K
        assert_eq!(c.peek(0x9FFF), 0xB3);
        c.poke(0xDE00, 0x23); // Ultimax, RAM
        c.poke(0x8010, 0x55);
        assert_eq!(c.peek(0x8010), 0x55);
        assert_eq!(c.peek(0xE000), 0xB0, "ROMH is the ROM bank");
        c.poke(0xDE00, 0x0A); // off: the C64's own RAM, untouched by the Ultimax write
        assert_eq!(c.peek(0x8010), c.ram()[0x8010]);
        assert_ne!(c.ram()[0x8010], 0x55);
        c.poke(0xDE00, 0x04); // switched off until reset
        c.poke(0xDE00, 0x00);
        assert_eq!(c.peek(0x8000), c.ram()[0x8000], "type {hw}: off stays off");
        c.reset();
        assert_eq!(c.peek(0x8000), 0xB0);
    }
}

#[test]
fn the_last_page_of_the_bank_shows_in_io2() {
    let mut c = machine(AR.0, AR.1);
    c.poke(0xDE00, 0x08);
    assert_eq!(c.peek(0xDF00), 0xB1, "ROM bank 1");
    c.poke(0xDE00, 0x23);
    c.poke(0x9F42, 0x77);
    c.poke(0xDE00, 0x22); // RAM, cartridge lines released: still in I/O 2
    assert_eq!(c.peek(0xDF42), 0x77);
}

#[test]
fn the_action_replay_has_one_8k_ram_and_the_replays_four_banks() {
    let banks_seen = |(hw, sub): (u16, u8)| {
        let mut c = machine(hw, sub);
        for (i, v) in [0x23u8, 0x2B, 0x33, 0x3B, 0xA3].iter().enumerate() {
            c.poke(0xDE00, *v);
            c.poke(0x8000, i as u8 + 1);
        }
        c.poke(0xDE00, 0x23);
        c.peek(0x8000)
    };
    assert_eq!(banks_seen(AR), 5, "every write to the one RAM");
    assert_eq!(banks_seen(RR), 5, "bank 0 again: bit 7 is no RAM bank");
    let mut c = machine(RR.0, RR.1);
    c.poke(0xDE00, 0x2B);
    c.poke(0x8000, 0x42);
    c.poke(0xDE00, 0x23);
    assert_ne!(c.peek(0x8000), 0x42, "bank 1 is not bank 0");
}

#[test]
fn in_8k_mode_a_write_to_roml_reaches_c64_ram_and_cart_ram_except_on_the_retro_replay() {
    let written = |(hw, sub): (u16, u8)| {
        let mut c = machine(hw, sub);
        c.poke(0xDE00, 0x20); // 8K, RAM
        c.poke(0x8100, 0x99);
        (c.ram()[0x8100] == 0x99, c.peek(0x8100) == 0x99)
    };
    assert_eq!(written(AR), (true, true));
    assert_eq!(written(NR), (true, true));
    assert_eq!(written(RR), (true, false));
}

#[test]
fn the_replays_second_register_is_latched_once_and_both_read_as_one_status() {
    let mut c = machine(RR.0, RR.1);
    c.poke(0xDE01, 0x42); // AllowBank, REU-compatible map
    c.poke(0xDE01, 0x00); // too late for bits 1 and 6
    c.poke(0xDE00, 0x38);
    assert_eq!(c.peek(0xDE00), 0x5A);
    assert_eq!(c.peek(0xDE01), 0x5A);
    // The REU-compatible map: the window is in I/O 1 from $DE02, at the bank's $1E02; I/O 2
    // is free. With AllowBank it follows the RAM bank.
    c.poke(0xDE00, 0x3B); // Ultimax, RAM bank 3
    c.poke(0x9E10, 0x66);
    c.poke(0xDE00, 0x38); // 8K, RAM bank 3
    assert_eq!(c.peek(0xDE10), 0x66);
    let mut plain = machine(RR.0, RR.1);
    plain.poke(0xDE00, 0x3B);
    plain.poke(0x9F10, 0x66);
    plain.poke(0xDE00, 0x38);
    assert_ne!(
        plain.peek(0xDF10),
        0x66,
        "without AllowBank I/O 2 shows RAM bank 0"
    );
}

#[test]
fn mode_22_is_where_they_part() {
    // RAM on, both lines released. Cartridge RAM gets $43 at $8000 first (Ultimax), the C64
    // $08 there and $0A at $A000.
    let at_22 = |(hw, sub): (u16, u8)| {
        let mut c = machine(hw, sub);
        c.poke(0xDE00, 0x23);
        c.poke(0x8000, 0x43);
        c.poke_ram(0x8000, 0x08);
        c.poke_ram(0xA000, 0x0A);
        c.poke(0xDE00, 0x22);
        let reads = (c.read(0x8000), c.read(0xA000));
        c.poke(0xA000, 0xCA);
        (reads, c.ram()[0xA000], c.read(0xA000))
    };
    let basic = machine(RR.0, RR.1).roms().basic[0];
    // Action Replay: both RAMs drive $8000 (ORed); $A000 is the C64's.
    assert_eq!(at_22(AR), ((0x4B, basic), 0xCA, basic));
    // Nordic Power and Nordic Replay: ROM at $8000, cartridge RAM at $A000 alone.
    assert_eq!(at_22((9, 0)), ((0xB0, 0x43), 0x0A, 0xCA));
    assert_eq!(at_22(NR), ((0xB0, 0x43), 0x0A, 0xCA));
    // Retro Replay: the C64's own map.
    assert_eq!(at_22(RR), ((0x08, basic), 0xCA, basic));
}

/// A Retro Replay with an REU in its own port: with the REU-compatible map on, the REU's
/// registers answer in I/O 2 and the cartridge keeps I/O 1; a cartridge without such a port
/// is refused one.
#[test]
fn an_reu_in_the_replays_port_answers_in_io2_beside_the_cartridge() {
    use breadbin::cart::passthrough::PassThrough;
    use breadbin::cart::reu::Reu;
    let crt = |hardware: u16| Crt {
        version: (1, 1),
        hardware,
        exrom: false,
        game: true,
        subtype: 0,
        name: "FREEZER".into(),
        chips: vec![Chip {
            kind: 0,
            bank: 0,
            load: 0x8000,
            data: vec![0xB0; 0x2000],
        }],
    };
    let rr = cart::from_crt(&crt(36)).unwrap();
    let mut c = C64::new(Roms::open());
    c.plug(Box::new(
        PassThrough::new(rr, Box::new(Reu::new(512).unwrap())).unwrap(),
    ));
    assert_eq!(c.peek(0xDF00), 0xB0, "the Replay's window first");
    c.poke(0xDE01, 0x40); // the REU-compatible map
    c.poke(0xDF07, 0x34); // the REU's length register
    assert_eq!(c.peek(0xDF07), 0x34);
    assert_eq!(
        c.peek(0xDF00) & 0x10,
        0x10,
        "the REU's status: 256 KiB chips"
    );
    assert_eq!(c.peek(0x8000), 0xB0, "the Replay's ROM");
    let ar = cart::from_crt(&crt(1)).unwrap();
    assert!(PassThrough::new(ar, Box::new(Reu::new(512).unwrap())).is_err());
}

/// Bank 0 of a freezer: the autostart runs code that leaves a loop in RAM at $C000 which
/// writes `off` to `register` (switching the cartridge's ROM away) and spins; at offset
/// $100 (seen at $E100 in Ultimax mode) the NMI handler reports $2A, and the NMI vector
/// points there. The other banks are filled with $B0 + n.
fn frozen_bank0(register: u16, off: u8) -> Vec<u8> {
    let [lo, hi] = register.to_le_bytes();
    let mut b = vec![0xB0; 0x2000];
    let mut code = vec![0x09, 0x80, 0x09, 0x80, 0xC3, 0xC2, 0xCD, 0x38, 0x30];
    // STA register; JMP $C003, stored at $C000 with LDA #/STA $C00n pairs.
    for (i, v) in [0x8D, lo, hi, 0x4C, 0x03, 0xC0].into_iter().enumerate() {
        code.extend([0xA9, v, 0x8D, i as u8, 0xC0]);
    }
    code.extend([0xA9, off, 0x4C, 0x00, 0xC0]);
    b[..code.len()].copy_from_slice(&code);
    let handler = [0xA9, 0x2A, 0x8D, 0xFF, 0xD7, 0x4C, 0x05, 0xE1];
    b[0x100..0x100 + handler.len()].copy_from_slice(&handler);
    b[0x1FFA] = 0x00;
    b[0x1FFB] = 0xE1;
    b
}

/// Run `c` to its idle loop, press the freeze button, and run on to the report.
fn freeze_and_report(c: &mut C64) {
    use breadbin::c64::{Event, Halt};
    c.run_cycles(3_000_000);
    assert!(
        (0xC000..0xC006).contains(&c.cpu().pc),
        "idle in RAM: {:04X}",
        c.cpu().pc
    );
    let kernal = C64::new(Roms::open()).peek(0xE100);
    assert_eq!(c.peek(0xE100), kernal, "the cartridge is out of the way");
    assert!(c.freeze());
    assert_eq!(
        c.peek(0xE100),
        kernal,
        "nothing changes before the interrupt"
    );
    let r = c.run_until(c.cycles() + 100, |_| false);
    assert!(matches!(r, Halt::Event), "{r:?} at {:04X}", c.cpu().pc);
    assert_eq!(c.take_events(), vec![Event::DebugExit(0x2A)]);
    assert_eq!(
        c.peek(0xE100),
        0xA9,
        "Ultimax mode, the cartridge's ROM at $E000"
    );
}

#[test]
fn the_freeze_button_takes_over_at_the_interrupts_stack_writes() {
    for (hw, sub) in [AR, (9, 0), RR, NR] {
        let mut chips = vec![Chip {
            kind: 0,
            bank: 0,
            load: 0x8000,
            data: frozen_bank0(0xDE00, 0x06),
        }];
        chips.extend((1..4).map(|n| Chip {
            kind: 0,
            bank: n,
            load: 0x8000,
            data: vec![0xB0 + n as u8; 0x2000],
        }));
        let crt = Crt {
            version: (1, 1),
            hardware: hw,
            exrom: false,
            game: true,
            subtype: sub,
            name: "FREEZE".into(),
            chips,
        };
        let mut c = C64::new(Roms::open());
        c.plug(cart::from_crt(&crt).unwrap());
        freeze_and_report(&mut c);
        assert_eq!(c.peek(0x9FFF), 0xB0, "type {hw}: ROM bank 0");
    }
}

#[test]
fn the_button_waits_for_three_stack_writes_in_consecutive_cycles() {
    let mut b = breadbin::cart::freeze::Button::default();
    assert!(!b.stack_write(10), "not pressed");
    b.press();
    // A JSR's two writes, a cycle apart from the next instruction's push.
    assert!(!b.stack_write(100) && !b.stack_write(101));
    assert!(!b.stack_write(103));
    assert!(b.waiting());
    assert!(!b.stack_write(200) && !b.stack_write(201));
    assert!(b.stack_write(202), "the interrupt's third write");
    assert!(!b.waiting());
}

#[test]
fn a_cartridge_without_a_button_ignores_the_press() {
    let mut c = C64::new(Roms::open());
    assert!(!c.freeze(), "empty port");
    let crt = Crt {
        version: (1, 0),
        hardware: 0,
        exrom: false,
        game: true,
        subtype: 0,
        name: "PLAIN".into(),
        chips: vec![Chip {
            kind: 0,
            bank: 0,
            load: 0x8000,
            data: vec![0; 0x2000],
        }],
    };
    c.plug(cart::from_crt(&crt).unwrap());
    assert!(!c.freeze(), "a game cartridge");
}

/// A Final Cartridge III image: bank 0 is `bank0` in both halves, bank n the others filled
/// with $C0 + n, and the last byte of each bank's ROML half is $E0 + n.
fn final3(bank0: Vec<u8>) -> C64 {
    let chips = (0..4u16)
        .map(|n| {
            let mut data = if n == 0 {
                [bank0.clone(), bank0.clone()].concat()
            } else {
                vec![0xC0 + n as u8; 0x4000]
            };
            data[0x1FFF] = 0xE0 + n as u8;
            Chip {
                kind: 0,
                bank: n,
                load: 0x8000,
                data,
            }
        })
        .collect();
    let crt = Crt {
        version: (1, 0),
        hardware: 3,
        exrom: false,
        game: false,
        subtype: 0,
        name: "FC3".into(),
        chips,
    };
    let mut c = C64::new(Roms::open());
    c.plug(cart::from_crt(&crt).unwrap());
    c
}

#[test]
fn the_final_cartridge_iii_register_picks_bank_and_mode_and_hides_itself() {
    let mut c = final3(vec![0xC0; 0x2000]);
    assert_eq!(
        (c.peek(0x8000), c.peek(0xA000)),
        (0xC0, 0xC0),
        "16K, bank 0"
    );
    c.poke(0xDFFF, 0x42);
    assert_eq!((c.peek(0x8000), c.peek(0x9FFF)), (0xC2, 0xE2), "bank 2");
    assert_eq!(c.peek(0xDFFF), 0xE2, "the bank's last ROML page in I/O 2");
    c.poke(0xDFFF, 0x71);
    let ram = c.ram()[0x8000];
    assert_eq!(c.peek(0x8000), ram, "switched away");
    assert_eq!(c.peek(0xDFFF), 0xE1, "but still in I/O 2");
    c.poke(0xDFFF, 0xC3);
    c.poke(0xDFFF, 0x40);
    assert_eq!(c.peek(0x8000), 0xC3, "hidden: the write is ignored");
    c.reset();
    assert_eq!(c.peek(0x8000), 0xC0);
}

#[test]
fn the_final_cartridge_iii_freezes_into_ultimax_mode() {
    let mut c = final3(frozen_bank0(0xDFFF, 0x70));
    freeze_and_report(&mut c);
}
