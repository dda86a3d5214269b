//! The window's machine without a window: what it starts (file, embedded game, READY),
//! autostart at BASIC's prompt, resets, bad input, and gamepads coming and going.
#![cfg(feature = "frontend")]

use breadbin::Roms;
use breadbin::chips::keyboard::joy;
use breadbin::frontend::gamepad::{DEAD_ZONE, PadInput, PadTracker};
use breadbin::frontend::machine::{Machine, Start};
use breadbin::frontend::{FrontendError, Options};
use breadbin::media::Program;
use gilrs::{Axis, Button};
use std::path::PathBuf;

/// A file in a folder of this test process, removed (with the folder, once empty) on drop.
struct TempFile(PathBuf);

impl TempFile {
    fn path(&self) -> PathBuf {
        self.0.clone()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

fn temp_file(name: &str, bytes: &[u8]) -> TempFile {
    let dir = std::env::temp_dir().join(format!("breadbin-frontend-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    TempFile(p)
}

#[test]
fn options_pick_what_to_run() {
    let bas = temp_file("hello.bas", b"10 PRINT \"HELLO\"\n");
    let m = breadbin::frontend::machine(&Options {
        file: Some(bas.path()),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(m.start(), Start::Waiting);
    assert_eq!(m.program().unwrap().short_name(), "hello.bas");
    assert_eq!(m.program().as_ref().unwrap().prg.load, 0x0801);

    let m = breadbin::frontend::machine(&Options {
        basic: true,
        ..Default::default()
    })
    .unwrap();
    assert_eq!(m.start(), Start::Nothing);
    assert!(m.program().is_none());

    // No file, no --basic: the game given (the command line gives the embedded one), or
    // READY without one.
    let game = breadbin::games::default_game();
    let m = breadbin::frontend::machine(&Options {
        game,
        ..Default::default()
    })
    .unwrap();
    assert_eq!(m.program().as_ref().unwrap().name, game.unwrap().0);
    assert_eq!(m.start(), Start::Waiting);
    let m = breadbin::frontend::machine(&Options::default()).unwrap();
    assert_eq!(m.start(), Start::Nothing);
}

/// The error for options that must be refused.
fn refused(opts: Options, why: &str) -> FrontendError {
    match breadbin::frontend::machine(&opts) {
        Ok(_) => panic!("not refused: {why}"),
        Err(e) => e,
    }
}

fn file(path: PathBuf) -> Options {
    Options {
        file: Some(path),
        ..Default::default()
    }
}

#[test]
fn bad_input_is_a_clear_error_naming_the_file() {
    let msg = refused(file(temp_file("short.prg", &[0x01]).path()), "1-byte PRG").to_string();
    assert!(
        msg.contains("short.prg") && msg.contains("too short"),
        "{msg}"
    );

    let bad = temp_file("bad.bas", b"10 PRINT \"{NOSUCHCODE}\"\n");
    let msg = refused(file(bad.path()), "unknown control code").to_string();
    assert!(msg.contains("bad.bas") && msg.contains(":1:"), "{msg}");

    let binary = temp_file("binary.bas", &[0xFF, 0xFE, 0x00, 0x80]);
    let msg = refused(file(binary.path()), "non-UTF-8 BASIC text").to_string();
    assert!(msg.contains("binary.bas"), "{msg}");

    let nothing = std::env::temp_dir().join("breadbin-no-such-file.prg");
    let msg = refused(file(nothing), "missing file").to_string();
    assert!(msg.contains("breadbin-no-such-file.prg"), "{msg}");

    let missing = std::env::temp_dir().join("breadbin-no-such-rom-folder");
    let e = refused(
        Options {
            roms: Some(missing),
            ..Default::default()
        },
        "missing ROM folder",
    );
    assert!(matches!(e, FrontendError::Roms(_)));
    assert!(e.to_string().contains("breadbin-no-such-rom-folder"), "{e}");
}

#[test]
fn resets_and_a_dropped_program() {
    let mut m = Machine::new(Roms::open(), None, false, false);
    for _ in 0..3 {
        m.run_frame();
    }
    let before = m.session.c64.cycles();
    assert!(
        before > 2 * breadbin::c64::Model::C64_PAL.cycles_per_frame(),
        "{before}"
    );
    m.session.c64.poke_ram(0xC000, 0x5A);
    m.soft_reset();
    assert_eq!(
        m.session.c64.ram()[0xC000],
        0x5A,
        "a soft reset keeps memory"
    );
    assert_eq!(m.start(), Start::Nothing);
    m.run_frame();

    let prg = temp_file("dropped.prg", &[0x00, 0xC0, 1, 2, 3]);
    m.load(Program::from_file(&prg.path()).unwrap());
    assert_eq!(
        m.session.c64.cycles(),
        0,
        "a dropped program starts on a new machine"
    );
    assert_eq!(m.start(), Start::Waiting);
    let fresh = breadbin::C64::new(Roms::open());
    assert_eq!(
        m.session.c64.ram()[0xC000],
        fresh.ram()[0xC000],
        "power-on memory"
    );
    assert_ne!(m.session.c64.ram()[0xC000], 0x5A);
    m.hard_reset();
    assert_eq!(
        m.start(),
        Start::Waiting,
        "a hard reset starts the program again"
    );
}

#[test]
fn autostart_waits_for_ready_then_runs_the_program() {
    let prg = Program::from_basic("t.bas", "10 POKE 49152,42\n20 PRINT \"DONE\"\n").unwrap();
    let mut m = Machine::new(Roms::open(), Some(prg), false, false);
    let mut frames = 0;
    while m.start() == Start::Waiting && frames < 600 {
        m.run_frame();
        frames += 1;
    }
    if m.start() == Start::Waiting {
        // Not started before READY: that part is checked; the run needs the ROMs.
        assert_eq!(m.session.c64.ram()[0xC000], 0);
        eprintln!("skipped: the open ROMs do not reach BASIC's READY prompt in 12 s yet");
        return;
    }
    assert!(frames > 1, "not started before BASIC was ready");
    for _ in 0..100 {
        m.run_frame();
        if m.session.c64.ram()[0xC000] == 42
            && breadbin::host::autostart::basic_ready(&m.session.c64)
        {
            break;
        }
    }
    assert_eq!(m.session.c64.ram()[0xC000], 42, "the program ran");
    let screen = m
        .session
        .c64
        .screen_text(breadbin::basic::TextStyle::Reference);
    assert!(screen.contains("DONE"), "{screen}");
}

#[test]
fn gamepad_directions_fire_dead_zone_and_unplugging() {
    let mut t = PadTracker::default();
    assert_eq!(
        t.input(3, PadInput::Connected("Test Pad".into()))
            .as_deref(),
        Some("gamepad connected: Test Pad")
    );
    t.input(3, PadInput::Button(Button::DPadUp, true));
    t.input(3, PadInput::Button(Button::South, true));
    assert_eq!(t.bits(), joy::UP | joy::FIRE);
    t.input(3, PadInput::Button(Button::DPadUp, false));
    assert_eq!(t.bits(), joy::FIRE);
    // Left stick: inside the dead zone nothing, beyond it a direction (Y is up).
    t.input(3, PadInput::Axis(Axis::LeftStickX, DEAD_ZONE * 0.9));
    assert_eq!(t.bits(), joy::FIRE);
    t.input(3, PadInput::Axis(Axis::LeftStickX, -0.8));
    t.input(3, PadInput::Axis(Axis::LeftStickY, -0.9));
    assert_eq!(t.bits(), joy::FIRE | joy::LEFT | joy::DOWN);
    // A second pad adds its own.
    t.input(4, PadInput::Connected("Other".into()));
    t.input(4, PadInput::Button(Button::DPadRight, true));
    assert_eq!(t.bits(), joy::FIRE | joy::LEFT | joy::DOWN | joy::RIGHT);
    assert_eq!(t.connected(), 2);
    // Unplugged mid-game: its state goes, with a message.
    let msg = t.input(3, PadInput::Disconnected).unwrap();
    assert!(msg.contains("disconnected") && msg.contains("Test Pad") && msg.contains("released"));
    assert_eq!(t.bits(), joy::RIGHT);
    // Plugged in again: starts centred.
    t.input(3, PadInput::Connected("Test Pad".into()));
    assert_eq!(t.bits(), joy::RIGHT);
    t.input(4, PadInput::Disconnected);
    assert_eq!(t.bits(), 0);
}

#[test]
fn a_dropped_file_that_is_no_program_leaves_the_machine_running() {
    let mut m = Machine::new(Roms::open(), None, false, false);
    for _ in 0..5 {
        m.run_frame();
    }
    let bad = temp_file("picture.prg", &[0x42]);
    let e = m
        .start_file(&bad.path())
        .expect_err("a 1-byte file is no PRG");
    assert!(e.to_string().contains("picture.prg"), "{e}");
    let at = m.session.c64.cycles();
    assert!(
        at > 4 * breadbin::c64::Model::C64_PAL.cycles_per_frame(),
        "not reset"
    );
    assert!(m.program().is_none());
    assert_eq!(m.start(), Start::Nothing);
    m.run_frame();
    assert!(m.session.c64.cycles() > at, "runs on");

    let good = temp_file("dropped.bas", b"10 POKE 49152,7\n");
    assert_eq!(m.start_file(&good.path()).unwrap(), "dropped.bas");
    assert_eq!(m.start(), Start::Waiting);
    assert!(m.session.c64.cycles() < at, "started on a fresh machine");
    for _ in 0..600 {
        m.run_frame();
        if m.session.c64.ram()[0xC000] == 7 {
            return;
        }
    }
    if m.start() == Start::Waiting {
        eprintln!("skipped the run: the open ROMs do not reach READY in 12 s yet");
        return;
    }
    panic!("the dropped program did not run");
}

#[test]
fn roms_from_a_folder_are_used() {
    // The open images under the names genuine dumps have: the folder path is taken.
    let dir = std::env::temp_dir().join(format!("breadbin-frontend-roms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let open = Roms::open();
    let mut kernal = open.kernal.to_vec();
    // Mark the copy, to tell it from the embedded image (the machine is not run).
    let marker = 0x1F00;
    kernal[marker] ^= 0xA5;
    std::fs::write(dir.join("kernal-901227-03.bin"), &kernal).unwrap();
    std::fs::write(dir.join("basic-901226-01.bin"), &open.basic[..]).unwrap();
    std::fs::write(dir.join("chargen-901225-01.bin"), &open.chargen[..]).unwrap();
    let m = breadbin::frontend::machine(&Options {
        roms: Some(dir.clone()),
        basic: true,
        ..Default::default()
    });
    let _ = std::fs::remove_dir_all(&dir);
    let m = m.expect("a folder with the three images is accepted");
    assert_eq!(
        m.session.c64.roms().kernal[marker],
        open.kernal[marker] ^ 0xA5,
        "the folder's KERNAL is in the machine"
    );
}

/// The dungeon's screen once its map is drawn, in the window's machine with `seed`.
fn dungeon_after_start(seed: Option<u64>) -> (Vec<u8>, breadbin::host::autostart::StartMoment) {
    let mut m = breadbin::frontend::machine(&Options {
        seed,
        game: breadbin::games::default_game(),
        ..Default::default()
    })
    .unwrap();
    let moment = m.start_moment();
    for _ in 0..900 {
        m.run_frame();
    }
    assert_eq!(m.start(), Start::Started);
    (m.session.c64.screen_codes().to_vec(), moment)
}

#[test]
fn every_start_of_the_window_gives_a_fresh_dungeon_unless_seeded() {
    let (a, ma) = dungeon_after_start(None);
    let (b, mb) = dungeon_after_start(None);
    assert_ne!(ma, mb, "two launches type RUN at different moments");
    assert_ne!(a, b, "and so draw different dungeons");
    let (c, mc) = dungeon_after_start(Some(7));
    let (d, md) = dungeon_after_start(Some(7));
    assert_eq!(mc, md);
    assert_eq!(c, d, "--seed repeats the dungeon");
    assert!(mc.frames < 50 && mc.jiffies.unwrap() < 5_184_000);
    // A hard reset draws a new moment, or the seed's again.
    let mut m = Machine::new(Roms::open(), None, false, false);
    use breadbin::host::autostart::StartVariation;
    m.set_start_variation(StartVariation::Seed(7));
    assert_eq!(m.start_moment(), mc);
    m.hard_reset();
    assert_eq!(m.start_moment(), mc);
    m.set_start_variation(StartVariation::Random);
    let r1 = m.start_moment();
    m.hard_reset();
    assert_ne!(m.start_moment(), r1);
}

#[test]
fn the_window_slot_saves_and_loads_the_machine() {
    let mut m = Machine::new(Roms::open(), None, false, false);
    for _ in 0..150 {
        m.run_frame();
    }
    let slot = temp_file("slot.state", b"");
    m.save_state(&slot.path()).unwrap();
    let saved_at = m.c64().cycles();
    let screen = m.c64().screen_codes();
    for _ in 0..30 {
        m.run_frame();
    }
    m.load_state(&slot.path()).unwrap();
    assert_eq!(m.c64().cycles(), saved_at);
    assert_eq!(m.c64().screen_codes(), screen);
    // A bad file leaves the machine as it is.
    let junk = temp_file("junk.state", b"not a state");
    let e = m.load_state(&junk.path()).unwrap_err().to_string();
    assert!(e.contains("junk.state: not a breadbin save state"), "{e}");
    assert_eq!(m.c64().cycles(), saved_at);
}

#[test]
fn a_dropped_crt_goes_into_the_port_and_the_machine_starts_afresh() {
    use breadbin::media::crt::{Chip, Crt};
    let mut m = Machine::new(Roms::open(), None, false, false);
    for _ in 0..5 {
        m.run_frame();
    }
    let at = m.session.c64.cycles();
    let damaged = temp_file("broken.crt", b"C64 CARTRIDGE   \x00\x00");
    let e = m.start_file(&damaged.path()).expect_err("refused");
    assert!(e.to_string().contains("broken.crt"), "{e}");
    assert!(
        m.session.c64.cycles() >= at,
        "the machine runs on untouched"
    );

    let crt = Crt {
        version: (1, 0),
        hardware: 0,
        exrom: false,
        game: true,
        subtype: 0,
        name: "DROPPED".into(),
        chips: vec![Chip {
            kind: 0,
            bank: 0,
            load: 0x8000,
            data: vec![0x5C; 0x2000],
        }],
    };
    let good = temp_file("game.crt", &crt.to_bytes());
    assert_eq!(m.start_file(&good.path()).unwrap(), "game.crt");
    assert!(m.session.c64.cycles() < at, "started on a fresh machine");
    assert_eq!(
        m.session.c64.peek(0x8000),
        0x5C,
        "the cartridge's ROM at $8000"
    );
    m.hard_reset();
    assert_eq!(
        m.session.c64.peek(0x8000),
        0x5C,
        "and at every power-on after"
    );
}

/// An 8 KiB cartridge image of `hardware` whose ROM at $8000 is all `fill`.
fn one_chip_crt(hardware: u16, fill: u8) -> breadbin::media::crt::Crt {
    use breadbin::media::crt::{Chip, Crt};
    Crt {
        version: (1, 0),
        hardware,
        exrom: false,
        game: hardware != 32,
        subtype: 0,
        name: "SLOT".into(),
        chips: vec![Chip {
            kind: 0,
            bank: 0,
            load: 0x8000,
            data: vec![fill; 0x2000],
        }],
    }
}

#[test]
fn a_loaded_state_brings_its_cartridge_and_keeps_its_file_only_if_it_is_the_same() {
    let ef = temp_file("slot-ef.crt", &one_chip_crt(32, 0x11).to_bytes());
    let other = temp_file("slot-other.crt", &one_chip_crt(0, 0x22).to_bytes());
    let slot = temp_file("slot-cart.state", b"");
    let mut m = Machine::new(Roms::open(), None, false, false);
    m.start_file(&ef.path()).unwrap();
    m.cartridge_file = Some(ef.path());
    for _ in 0..20 {
        m.run_frame();
    }
    m.save_state(&slot.path()).unwrap();

    // Loaded over another cartridge: the state's comes back, and flash is not written into
    // the other cartridge's file.
    m.start_file(&other.path()).unwrap();
    m.cartridge_file = Some(other.path());
    m.load_state(&slot.path()).unwrap();
    assert_eq!(m.cartridge_file, None);
    let ef_origin = breadbin::cart::from_crt(&one_chip_crt(32, 0x11))
        .unwrap()
        .origin();
    assert_eq!(m.session.c64.port_device().origin(), ef_origin);
    m.hard_reset();
    assert_eq!(
        m.session.c64.port_device().origin(),
        ef_origin,
        "and it is in the port at the next power-on"
    );

    // Loaded over the same cartridge: its file is kept for the write-back.
    m.cartridge_file = Some(ef.path());
    m.load_state(&slot.path()).unwrap();
    assert_eq!(m.cartridge_file, Some(ef.path()));
}

#[test]
fn the_joysticks_move_to_the_other_port_and_let_go_of_the_one_they_leave() {
    let mut m = Machine::new(Roms::open(), None, false, false);
    assert_eq!(m.joystick_port(), 2);
    m.session.joystick_bits = joy::UP | joy::FIRE;
    m.session.apply_joystick();
    assert_eq!(m.session.c64.keyboard().joy2, joy::UP | joy::FIRE);
    assert_eq!(m.swap_joystick_ports(), 1);
    let kb = m.session.c64.keyboard();
    assert_eq!((kb.joy1, kb.joy2), (joy::UP | joy::FIRE, 0));
    assert_eq!(m.swap_joystick_ports(), 2);
    assert_eq!(m.session.c64.keyboard().joy1, 0);
}
