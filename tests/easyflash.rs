//! EasyFlash: its banks and modes, its RAM at $DF00, the 29F040 commands a program uses to
//! write its flash, and the image written back with what the program wrote.

use breadbin::c64::{C64, Event, Halt};
use breadbin::media::crt::{Chip, Crt};
use breadbin::{Roms, cart};

/// An EasyFlash image whose ROMH (at $E000 in Ultimax mode, where it boots) starts with
/// `code` and has its reset vector there, in banks 0 and 1 (the code runs on when it
/// switches); ROML is $10 in bank 0 and `bank1` in bank 1.
fn image(code: &[u8], bank1: u8) -> Crt {
    let mut romh = vec![0xEA; 0x2000];
    romh[..code.len()].copy_from_slice(code);
    romh[0x1FFC] = 0x00;
    romh[0x1FFD] = 0xE0;
    let chip = |bank: u16, load: u16, data: Vec<u8>| Chip {
        kind: 2,
        bank,
        load,
        data,
    };
    Crt {
        version: (1, 0),
        hardware: 32,
        exrom: true,
        game: false,
        subtype: 0,
        name: "EF TEST".into(),
        chips: vec![
            chip(0, 0xA000, romh.clone()),
            chip(1, 0xA000, romh),
            chip(0, 0x8000, vec![0x10; 0x2000]),
            chip(1, 0x8000, vec![bank1; 0x2000]),
        ],
    }
}

fn lda(v: u8) -> Vec<u8> {
    vec![0xA9, v]
}

fn sta(addr: u16) -> Vec<u8> {
    let [lo, hi] = addr.to_le_bytes();
    vec![0x8D, lo, hi]
}

fn ldas(addr: u16) -> Vec<u8> {
    let [lo, hi] = addr.to_le_bytes();
    vec![0xAD, lo, hi]
}

/// `code` then report 0 to $D7FF; JMP * (at $E000 + its length).
fn program(code: &[Vec<u8>]) -> Vec<u8> {
    let mut p: Vec<u8> = [vec![0x78], code.concat(), lda(0), sta(0xD7FF)].concat();
    let here = 0xE000 + p.len() as u16;
    p.extend([0x4C, here as u8, (here >> 8) as u8]);
    p
}

fn run(crt: &Crt) -> C64 {
    let mut c64 = C64::new(Roms::open());
    c64.plug(cart::from_crt(crt).unwrap());
    loop {
        match c64.run_until(2_000_000, |_| false) {
            Halt::Event if c64.take_events().contains(&Event::DebugExit(0)) => return c64,
            Halt::Event => {}
            h => panic!("{h:?} before the program reported"),
        }
    }
}

/// Unlock, then `command` (29F040 sequences, through ROML in Ultimax mode).
fn command(command: u8) -> Vec<u8> {
    [
        lda(0xAA),
        sta(0x8555),
        lda(0x55),
        sta(0x82AA),
        lda(command),
        sta(0x8555),
    ]
    .concat()
}

#[test]
fn it_boots_in_ultimax_mode_and_its_registers_choose_the_bank_and_the_mode() {
    let crt = image(
        &program(&[
            ldas(0x8000), // bank 0 ROML in Ultimax mode
            sta(0x0200),
            lda(1),
            sta(0xDE00),
            ldas(0x8000), // bank 1
            sta(0x0201),
            lda(0x5A),
            sta(0xDF7F), // its RAM
        ]),
        0x11,
    );
    let mut c64 = run(&crt);
    assert_eq!(&c64.ram()[0x200..0x202], [0x10, 0x11]);
    assert_eq!(c64.peek(0xDF7F), 0x5A);
    // $DE02 = $04: the cartridge is off; $07: 16K mode, the KERNAL back at $E000.
    c64.poke(0xDE02, 0x04);
    assert_eq!(c64.peek(0x8000), c64.ram()[0x8000]);
    c64.poke(0xDE02, 0x07);
    assert_eq!(c64.peek(0x8000), 0x11);
    assert_eq!(c64.peek(0xE000), c64.roms().kernal[0]);
}

#[test]
fn the_flash_takes_the_29f040s_program_erase_and_id_commands() {
    let crt = image(
        &program(&[
            lda(1),
            sta(0xDE00),
            command(0xA0),
            lda(0x42),
            sta(0x8100), // program: $11 AND $42 = $00
            ldas(0x8100),
            sta(0x0200),
            command(0x90), // IDs
            ldas(0x8000),
            sta(0x0201),
            ldas(0x8001),
            sta(0x0202),
            lda(0xF0),
            sta(0x8000), // back to reading
            ldas(0x8101),
            sta(0x0203),
            command(0x80),
            lda(0xAA),
            sta(0x8555),
            lda(0x55),
            sta(0x82AA),
            lda(0x30),
            sta(0x8000), // erase the sector of banks 0-7
            ldas(0x8101),
            sta(0x0204),
        ]),
        0x11,
    );
    let c64 = run(&crt);
    assert_eq!(&c64.ram()[0x200..0x205], [0x00, 0x01, 0xA4, 0x11, 0xFF]);
}

#[test]
fn what_a_program_writes_to_the_flash_is_in_the_image_written_back() {
    let crt = image(
        &program(&[lda(1), sta(0xDE00), command(0xA0), lda(0x01), sta(0x8123)]),
        0x11,
    );
    let c64 = run(&crt);
    let dir = std::env::temp_dir().join(format!("breadbin-ef-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.crt");
    std::fs::write(&path, crt.to_bytes()).unwrap();
    assert!(breadbin::host::cartridge::write_back(&c64, &path).unwrap());
    // The rewritten file, in a fresh machine: bank 1 of ROML holds the programmed byte.
    let mut again = C64::new(Roms::open());
    again.plug(breadbin::host::cartridge::load(&path).unwrap());
    again.poke(0xDE00, 1);
    assert_eq!(again.peek(0x8123), 0x01);
    assert_eq!(again.peek(0x8124), 0x11);
    // Without writes there is nothing to write back.
    let untouched = run(&image(&program(&[]), 0x11));
    assert!(!breadbin::host::cartridge::write_back(&untouched, &path).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_writes_the_flash_back_only_with_cartridge_write() {
    let crt = image(
        &program(&[lda(1), sta(0xDE00), command(0xA0), lda(0x01), sta(0x8123)]),
        0x11,
    );
    let dir = std::env::temp_dir().join(format!("breadbin-ef-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.crt");
    let run = |write: bool| {
        std::fs::write(&path, crt.to_bytes()).unwrap();
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_breadbin"));
        cmd.args(["run", "--headless", "--exit-on-d7ff", "--cartridge"])
            .arg(&path);
        if write {
            cmd.arg("--cartridge-write");
        }
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::read(&path).unwrap()
    };
    assert_eq!(run(false), crt.to_bytes(), "kept in memory only");
    let written = Crt::parse(&run(true)).unwrap();
    let bank1 = written
        .chips
        .iter()
        .find(|c| c.bank == 1 && c.load == 0x8000)
        .unwrap();
    assert_eq!(bank1.data[0x123], 0x01);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An image asking for the EAPI ("EAPI" at ROMH bank 0, $1800) gets breadbin's: a program
/// copies it to RAM, calls EAPIInit and, through the jump table at $DF80, writes to both
/// chips, erases a sector and is told when a byte cannot be written.
#[test]
fn an_image_that_asks_for_the_eapi_gets_one_that_writes_and_erases_flash() {
    let chip = |bank: u16, load: u16, fill: u8| Chip {
        kind: 2,
        bank,
        load,
        data: vec![fill; 0x2000],
    };
    let mut romh0 = vec![0xFF; 0x2000];
    romh0[0x1800..0x1804].copy_from_slice(b"eapi");
    let mut chips = vec![
        Chip {
            kind: 2,
            bank: 0,
            load: 0xA000,
            data: romh0,
        },
        chip(8, 0x8000, 0x77),
        chip(8, 0xA000, 0x66),
    ];
    chips.push(chip(3, 0x8000, 0xFF));
    let crt = Crt {
        version: (1, 0),
        hardware: 32,
        exrom: true,
        game: false,
        subtype: 0,
        name: "EAPI TEST".into(),
        chips,
    };
    let jsr = |a: u16| vec![0x20, a as u8, (a >> 8) as u8];
    let fail_if = |branch: u8| vec![branch, 0x03, 0x4C, 0x00, 0x09]; // Bxx +3; JMP $0900
    let code = [
        vec![0x78, 0xA9, 0x2F, 0x85, 0x00, 0xA9, 0x37, 0x85, 0x01], // SEI; the 6510 port
        lda(0x07),
        sta(0xDE02), // 16K mode, bank 0
        lda(0x00),
        sta(0xDE00),
        // LDX #0; copy $B800-$BAFF to $C000-$C2FF; INX; BNE
        vec![0xA2, 0x00],
        vec![0xBD, 0x00, 0xB8, 0x9D, 0x00, 0xC0],
        vec![0xBD, 0x00, 0xB9, 0x9D, 0x00, 0xC1],
        vec![0xBD, 0x00, 0xBA, 0x9D, 0x00, 0xC2],
        vec![0xE8, 0xD0, 0xEB],
        jsr(0xC014), // EAPIInit
        fail_if(0x90),
        vec![0x8C, 0x00, 0x0F], // STY $0F00: the banks it reports
        lda(3),
        jsr(0xDF86), // SetBank 3
        vec![0xA9, 0x5A, 0xA2, 0x23, 0xA0, 0x81],
        jsr(0xDF80), // WriteFlash $5A at $8123
        fail_if(0x90),
        vec![0xA9, 0xA5, 0xA2, 0x56, 0xA0, 0xE4],
        jsr(0xDF80), // WriteFlash $A5 at $E456 (the high chip)
        fail_if(0x90),
        vec![0xA9, 0x08, 0xA0, 0x80],
        jsr(0xDF83), // EraseSector: bank 8, the low chip
        fail_if(0x90),
        vec![0xA9, 0xFF, 0xA2, 0x23, 0xA0, 0x81],
        jsr(0xDF80), // WriteFlash $FF over $5A: a 0 cannot become 1
        fail_if(0xB0),
        lda(0),
        sta(0xD7FF),
        vec![0x4C, 0x00, 0x09],
    ]
    .concat();
    let mut c64 = C64::new(Roms::open());
    c64.plug(cart::from_crt(&crt).unwrap());
    for (i, &b) in code.iter().enumerate() {
        c64.poke_ram(0x0800 + i as u16, b);
    }
    for (i, &b) in [lda(0xFF), sta(0xD7FF)].concat().iter().enumerate() {
        c64.poke_ram(0x0900 + i as u16, b);
    }
    c64.cpu_mut().set_pc(0x0800);
    let mut result = None;
    for _ in 0..2_000_000 {
        c64.tick();
        if let Some(Event::DebugExit(v)) = c64.take_events().first().copied() {
            result = Some(v);
            break;
        }
    }
    assert_eq!(result, Some(0), "a call failed (PC ${:04X})", c64.cpu().pc);
    assert_eq!(c64.ram()[0x0F00], 0x40, "64 banks");
    c64.poke(0xDE00, 3);
    assert_eq!((c64.read(0x8123), c64.read(0xA456)), (0x5A, 0xA5));
    c64.poke(0xDE00, 8);
    assert_eq!((c64.read(0x8000), c64.read(0x9FFF)), (0xFF, 0xFF), "erased");
    assert_eq!(c64.read(0xA000), 0x66, "the other chip's sector kept");
    // Saved back, the image has its own bytes in the EAPI slot, not breadbin's driver.
    let saved = c64.cartridge_image().expect("the flash changed");
    let romh0 = saved
        .chips
        .iter()
        .find(|c| c.bank == 0 && c.load == 0xA000)
        .unwrap();
    assert_eq!(&romh0.data[0x1800..0x1806], b"eapi\xFF\xFF");
}
