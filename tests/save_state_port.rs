//! Save states with a device in the expansion port: every cartridge type and RAM expansion
//! goes into a state with its ROM, flash, RAM and registers, and a loaded state has what
//! was in the port when it was saved. A state is not mixed with another port device.

use breadbin::cart;
use breadbin::chips::expansion::Expansion;
use breadbin::host::state;
use breadbin::media::crt::{Chip, Crt};
use breadbin::{C64, Roms};
use std::any::Any;
use std::path::Path;
use std::process::Command;

/// A CRT of `hardware` with one chip per (bank, load, size), each filled with a pattern
/// that names its bank and offset.
fn crt(hardware: u16, chips: &[(u16, u16, usize)]) -> Crt {
    Crt {
        version: (1, 0),
        hardware,
        exrom: false,
        game: false,
        subtype: 0,
        name: "STATE".into(),
        chips: chips
            .iter()
            .map(|&(bank, load, size)| Chip {
                kind: 0,
                bank,
                load,
                data: (0..size).map(|i| (i as u8) ^ (bank as u8) << 4).collect(),
            })
            .collect(),
    }
}

/// An image of each type breadbin has.
fn sample(hardware: u16) -> Crt {
    let banks =
        |n: u16, load: u16, size: usize| (0..n).map(|b| (b, load, size)).collect::<Vec<_>>();
    match hardware {
        0 | 32 => crt(hardware, &[(0, 0x8000, 0x2000), (0, 0xA000, 0x2000)]),
        60 => crt(hardware, &banks(4, 0x8000, 0x2000)),
        1 | 9 => crt(hardware, &banks(4, 0x8000, 0x2000)),
        36 => crt(hardware, &banks(8, 0x8000, 0x2000)),
        8 => crt(hardware, &banks(4, 0x8000, 0x4000)),
        3 | 53 => crt(hardware, &banks(4, 0x8000, 0x4000)),
        5 | 15 | 17 | 19 => crt(hardware, &banks(4, 0x8000, 0x2000)),
        4 => crt(hardware, &[(0, 0x8000, 0x2000), (0, 0xA000, 0x2000)]),
        7 => crt(hardware, &[(0, 0x8000, 0x2000), (8, 0x8000, 0x2000)]),
        18 => crt(
            hardware,
            &[
                (0, 0x8000, 0x1000),
                (0, 0xA000, 0x2000),
                (1, 0xA000, 0x2000),
            ],
        ),
        n => panic!("no sample image for cartridge type {n}: add one"),
    }
}

fn devices() -> Vec<(String, Box<dyn Expansion>)> {
    let mut all: Vec<(String, Box<dyn Expansion>)> = cart::TYPES
        .iter()
        .map(|&(n, name)| (name.to_string(), cart::from_crt(&sample(n)).unwrap()))
        .collect();
    for word in ["reu512k", "geo512k", "ramcart128k", "dqbb", "isepic"] {
        all.push((word.into(), cart::from_option(word).unwrap().unwrap()));
    }
    let rr = cart::from_crt(&sample(36)).unwrap();
    let reu = cart::from_option("reu256k").unwrap().unwrap();
    let chain = cart::passthrough::PassThrough::new(rr, reu).unwrap();
    all.push(("Retro Replay with an REU".into(), Box::new(chain)));
    all
}

/// What the CPU sees where a port device can answer, and the cycle count.
fn port_view(c: &C64) -> Vec<u8> {
    let mut v: Vec<u8> = (0x8000..=0xBFFFu16)
        .chain(0xDE00..=0xFFFF)
        .map(|a| c.peek(a))
        .collect();
    v.extend(c.cycles().to_le_bytes());
    v
}

#[test]
fn every_port_device_goes_into_a_state_and_comes_back_as_it_was() {
    for (name, device) in devices() {
        assert!(cart::saved::can_save(&*device), "{name}");
        let mut c = C64::new(Roms::open());
        c.plug(device);
        c.run_cycles(300_001);
        let bytes = state::to_bytes(&c);
        let mut loaded = state::from_bytes(&bytes, &Roms::open(), Path::new("p.state")).unwrap();
        assert!(port_view(&loaded) == port_view(&c), "{name}: as saved");
        let kind = |c: &C64| (c.port_device() as &dyn Any).type_id();
        assert!(kind(&loaded) == kind(&c), "{name}: the same kind of device");
        c.run_cycles(200_000);
        loaded.run_cycles(200_000);
        assert!(port_view(&loaded) == port_view(&c), "{name}: running on");
        assert_eq!(loaded.ram()[..], c.ram()[..], "{name}");
    }
}

/// Choose GeoRAM's block and page, then write `v` at `at` in the window.
fn geo_put(c64: &mut C64, block: u8, page: u8, at: u8, v: u8) {
    c64.poke(0xDFFF, block);
    c64.poke(0xDFFE, page);
    c64.poke(0xDE00 + u16::from(at), v);
}

#[test]
fn a_state_holds_the_ram_expansions_contents_and_registers() {
    let mut c = C64::new(Roms::open());
    c.plug(cart::from_option("geo512k").unwrap().unwrap());
    c.run_cycles(1000);
    geo_put(&mut c, 7, 9, 0x20, 0xA5);
    geo_put(&mut c, 30, 2, 0x21, 0x5A);
    let bytes = state::to_bytes(&c);
    let mut loaded = state::from_bytes(&bytes, &Roms::open(), Path::new("g.state")).unwrap();
    assert_eq!(loaded.peek(0xDE21), 0x5A, "block 30, page 2 still chosen");
    loaded.poke(0xDFFF, 7);
    loaded.poke(0xDFFE, 9);
    assert_eq!(loaded.peek(0xDE20), 0xA5);
}

#[test]
fn a_state_holds_what_was_stashed_in_the_reu() {
    let mut c = C64::new(Roms::open());
    c.plug(cart::from_option("reu512k").unwrap().unwrap());
    c.run_cycles(1000);
    for i in 0..16u16 {
        c.poke_ram(0x4000 + i, 0x30 + i as u8);
    }
    // C64 $4000, REU $02:0100, 16 bytes; stash now (not at the write to $FF00).
    let regs = [
        (0xDF02, 0x00),
        (0xDF03, 0x40),
        (0xDF04, 0x00),
        (0xDF05, 0x01),
    ];
    let setup = |c: &mut C64| {
        for (a, v) in regs
            .iter()
            .chain(&[(0xDF06, 0x02), (0xDF07, 16), (0xDF08, 0)])
        {
            c.poke(*a, *v);
        }
    };
    setup(&mut c);
    c.poke(0xDF01, 0x90);
    c.run_cycles(100);
    let bytes = state::to_bytes(&c);
    let mut loaded = state::from_bytes(&bytes, &Roms::open(), Path::new("r.state")).unwrap();
    for i in 0..16u16 {
        loaded.poke_ram(0x4000 + i, 0);
    }
    setup(&mut loaded);
    loaded.poke(0xDF01, 0x91);
    loaded.run_cycles(100);
    let back: Vec<u8> = (0..16).map(|i| loaded.ram()[0x4000 + i]).collect();
    assert_eq!(
        back,
        (0x30..0x40).collect::<Vec<u8>>(),
        "fetched from the REU"
    );
}

#[test]
fn a_loaded_state_is_not_given_another_port_device() {
    let dir = std::env::temp_dir().join(format!("breadbin-port-state-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let s = dir.join("reu.state");
    let mut c = C64::new(Roms::open());
    c.plug(cart::from_option("reu512k").unwrap().unwrap());
    c.run_cycles(1000);
    std::fs::write(&s, state::to_bytes(&c)).unwrap();
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_breadbin"))
            .args(["run", "--headless", "--cycles", "1000", "--load-state"])
            .arg(&s)
            .args(extra)
            .output()
            .unwrap()
    };
    let ok = run(&[]);
    assert_eq!(ok.status.code(), Some(0), "{ok:?}");
    let refused = run(&["--georam", "512k"]);
    let e = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    assert!(
        e.contains("reu.state") && e.contains("its own expansion port device"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
