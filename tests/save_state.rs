//! Save states: a machine saved mid-game and loaded runs on exactly as the original does
//! (memory, registers, screen, cycle for cycle), and every bad file is refused with one
//! line naming it, the running machine untouched.

use breadbin::host::state::{self, STATE_VERSION};
use breadbin::media::Program;
use breadbin::run::profile::{GameDriver, Input, RunSettings};
use breadbin::{C64, Roms};
use proptest::prelude::*;
use std::path::Path;

/// Everything observable: registers, RAM, colour RAM, the I/O registers as the CPU reads
/// them, the cycle count and the picture.
fn observable(c: &C64) -> Vec<u8> {
    let mut v = vec![c.cpu().a, c.cpu().x, c.cpu().y, c.cpu().s, c.cpu().p.bits()];
    v.extend(c.cpu().pc.to_le_bytes());
    v.extend(c.cycles().to_le_bytes());
    v.extend_from_slice(&c.ram()[..]);
    v.extend_from_slice(&c.color_ram()[..]);
    for a in (0xD000..0xD040).chain(0xDC00..0xDC10).chain(0xDD00..0xDD10) {
        v.push(c.peek(a));
    }
    v.extend_from_slice(c.frame());
    v
}

/// The dungeon after a few moves, at an odd cycle (mid-instruction, mid-line).
fn mid_game() -> C64 {
    let (name, source) = breadbin::games::default_game().unwrap();
    let program = Program::from_basic(name, source).unwrap();
    let settings = RunSettings {
        seed: Some(9),
        ..Default::default()
    };
    let mut d = GameDriver::start(&program, &settings, "GETKEY", None).unwrap();
    assert!(d.run_to_wait().unwrap());
    for k in b"DDSA" {
        d.turn(Input::Key(*k)).unwrap();
    }
    let mut c = d.c64;
    c.set_render(true);
    c.run_cycles(12_345);
    c
}

#[test]
fn a_loaded_state_runs_on_as_the_machine_it_was_saved_from() {
    let mut straight = mid_game();
    let bytes = state::to_bytes(&straight);
    let mut loaded = state::from_bytes(&bytes, &Roms::open(), Path::new("mid.state")).unwrap();
    assert!(
        observable(&loaded) == observable(&straight),
        "right after loading"
    );
    // A key press and a few frames of play: the goblins move, the screen is redrawn.
    for c in [&mut straight, &mut loaded] {
        breadbin::host::autostart::put_in_keyboard_buffer(c, b"W");
    }
    for step in 0..20 {
        straight.run_cycles(19_656);
        loaded.run_cycles(19_656);
        assert!(
            observable(&loaded) == observable(&straight),
            "the machines part after {} frames",
            step + 1
        );
    }
    // A state saved from the loaded machine is the same bytes as from the straight one.
    assert!(state::to_bytes(&loaded) == state::to_bytes(&straight));
}

#[test]
fn bad_states_are_refused_and_the_machine_is_untouched() {
    let c = mid_game();
    let good = state::to_bytes(&c);
    let roms = Roms::open();
    let p = Path::new("x.state");
    let err = |bytes: &[u8]| {
        state::from_bytes(bytes, &roms, p)
            .err()
            .unwrap()
            .to_string()
    };
    assert_eq!(err(b"hello"), "x.state: not a breadbin save state");
    assert!(err(&good[..20]).contains("truncated"));
    assert!(err(&good[..good.len() - 1]).contains("damaged or truncated"));
    let mut flipped = good.clone();
    flipped[90_000] ^= 0x10;
    assert!(err(&flipped).contains("damaged"));
    let mut other = good.clone();
    other[15..19].copy_from_slice(&(STATE_VERSION + 1).to_le_bytes());
    assert!(err(&other).contains(&format!("format version {}", STATE_VERSION + 1)));
    let mut genuine_like = Roms::open();
    genuine_like.kernal[0] ^= 1;
    let e = state::from_bytes(&good, &genuine_like, p)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("another ROM set"), "{e}");
    // The running machine is untouched: loading makes a new one or nothing.
    let before = observable(&c);
    let _ = state::from_bytes(&flipped, &roms, p);
    assert!(observable(&c) == before);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random damage to a real state, or random bytes after a valid header: refused or
    /// loaded, never a panic.
    #[test]
    fn damaged_states_never_panic(cut in 0usize..200_000, at in 0usize..200_000, byte in any::<u8>()) {
        let good = good_state();
        let mut b = good.to_vec();
        let at = at % b.len();
        b[at] = byte;
        b.truncate(cut.max(1).min(b.len()));
        let _ = state::from_bytes(&b, &Roms::open(), Path::new("fuzz.state"));
    }
}

fn good_state() -> &'static [u8] {
    static STATE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    STATE.get_or_init(|| {
        let mut c = C64::new(Roms::open());
        c.run_cycles(300_000);
        state::to_bytes(&c)
    })
}

#[test]
fn crafted_payloads_with_a_valid_checksum_are_checked_too() {
    // A header that vouches for a payload (its checksum matches) that says impossible
    // things: the loader refuses it instead of running it.
    let good = good_state();
    let mut payload = good[35..].to_vec();
    // The CPU's cycle-in-instruction byte sits after pc, a, x, y, s, p, rdy, the ANE and LXA
    // constants, ir (fixint).
    payload[2 + 4 + 1 + 1 + 2 + 1] = 200;
    let mut sum: u64 = 0xCBF2_9CE4_8422_2325;
    for &b in &payload {
        sum ^= u64::from(b);
        sum = sum.wrapping_mul(0x0100_0000_01B3);
    }
    let mut crafted = good[..27].to_vec();
    crafted.extend(sum.to_le_bytes());
    crafted.extend(payload);
    let e = state::from_bytes(&crafted, &Roms::open(), Path::new("c.state"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.starts_with("c.state: ") && e.contains("cycle 200"), "{e}");
}

/// A drive ROM that counts in RAM at $0200 and shows the count's low bits on VIA 1's
/// port B (DATA and CLK), forever.
fn counting_drive_rom() -> Box<[u8; 0x4000]> {
    let mut r = Box::new([0xEA; 0x4000]);
    let code = [
        0xA9, 0x0A, 0x8D, 0x02, 0x18, // LDA #$0A / STA $1802
        0xEE, 0x00, 0x02, // INC $0200
        0xAD, 0x00, 0x02, 0x8D, 0x00, 0x18, // LDA $0200 / STA $1800
        0x4C, 0x05, 0xC0, // JMP $C005
    ];
    r[..code.len()].copy_from_slice(&code);
    r[0x3FFC] = 0x00;
    r[0x3FFD] = 0xC0;
    r
}

#[test]
fn a_state_keeps_the_drive_and_needs_its_dos_to_load() {
    let mut roms = Roms::open();
    roms.dos = Some(counting_drive_rom());
    let mut a = C64::new(roms.clone());
    a.run_cycles(123_457);
    let bytes = state::to_bytes(&a);
    let mut b = state::from_bytes(&bytes, &roms, Path::new("s.state")).expect("loads");
    a.run_cycles(50_001);
    b.run_cycles(50_001);
    let (da, db) = (a.drive().unwrap(), b.drive().unwrap());
    assert_eq!(da.cycles(), db.cycles());
    assert_eq!(da.ram()[..], db.ram()[..]);
    assert_ne!(da.ram()[0x200], 0, "the drive ran");
    assert_eq!(observable(&a), observable(&b));
    let e = state::from_bytes(&bytes, &Roms::open(), Path::new("s.state"))
        .err()
        .expect("another ROM set")
        .to_string();
    assert!(e.starts_with("s.state: "), "{e}");
}

/// A state records its model: an NTSC C64C-style machine (6567R8, 6526A, 8580) saved mid-
/// frame loads as that model and runs on exactly as the original, frame for frame.
#[test]
fn a_state_keeps_its_model() {
    let model = breadbin::c64::Model {
        cia: breadbin::c64::model::CiaModel::Mos6526A,
        sid: breadbin::c64::model::SidModel::Mos8580,
        ..breadbin::c64::Model::NTSC
    };
    let mut straight = C64::with_model(Roms::open(), model).unwrap();
    straight.set_render(true);
    straight.run_cycles(3_000_000 + 777);
    let bytes = state::to_bytes(&straight);
    let mut loaded = state::from_bytes(&bytes, &Roms::open(), Path::new("ntsc.state")).unwrap();
    assert_eq!(*loaded.model(), model);
    for step in 0..10 {
        straight.run_cycles(17_095);
        loaded.run_cycles(17_095);
        assert!(
            observable(&loaded) == observable(&straight),
            "the machines part after {} frames",
            step + 1
        );
    }
}
