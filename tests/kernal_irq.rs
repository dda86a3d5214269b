//! The open KERNAL's interrupts on the emulated machine: the 60 Hz jiffy clock, chaining
//! the IRQ through $0314 with JMP $EA31 / JMP $EA81 and BRK through $0316
//! (tests/programs/kernal_irqchain.s), the clock routines, and the warm start by
//! RUN/STOP + RESTORE and by BRK with the default vector.

mod kernal_support;
use kernal_support::*;

const PAL_CLOCK_HZ: u64 = breadbin::c64::Model::C64_PAL.clock_hz;

fn jiffies(c: &breadbin::C64) -> u32 {
    u32::from_be_bytes([0, c.peek(0xA0), c.peek(0xA1), c.peek(0xA2)])
}

#[test]
fn jiffy_clock_advances_60_times_per_emulated_second() {
    let mut c = machine();
    let t0 = jiffies(&c);
    c.run_cycles(10 * PAL_CLOCK_HZ);
    let n = jiffies(&c) - t0;
    // CIA 1 timer A with latch $4025 interrupts every 16,422 cycles: 599.96 in 10 s.
    assert!(
        (599..=600).contains(&n),
        "{n} jiffies in 10 emulated seconds"
    );
}

#[test]
fn irq_chain_through_0314_ea31_ea81_and_brk_through_0316() {
    let mut c = machine();
    let prog = include_bytes!("programs/kernal_irqchain.bin");
    for (i, &b) in prog.iter().enumerate() {
        c.poke_ram(0xC000 + i as u16, b);
    }
    c.cpu_mut().set_pc(0xC000);
    let start = c.cycles();
    let status = loop {
        c.tick();
        if let Some(breadbin::c64::Event::DebugExit(v)) = c.take_events().first().copied() {
            break v;
        }
        assert!(c.cycles() - start < 5 * PAL_CLOCK_HZ, "no result in 5 s");
    };
    assert_eq!(status, 0, "kernal_irqchain failure code");
}

#[test]
fn settim_rdtim_udtim_and_the_24_hour_wrap() {
    let mut c = machine();
    let set = |c: &mut breadbin::C64, a: u8, x: u8, y: u8| {
        c.cpu_mut().p.insert(breadbin::chips::cpu::Status::I);
        call(
            c,
            0xFFDB,
            Regs {
                a,
                x,
                y,
                ..Regs::default()
            },
        );
    };
    set(&mut c, 0x56, 0x34, 0x12);
    assert_eq!(
        (c.peek(0xA0), c.peek(0xA1), c.peek(0xA2)),
        (0x12, 0x34, 0x56)
    );
    let r = call(&mut c, 0xFFDE, Regs::default());
    assert_eq!(
        (r.y, r.x),
        (0x12, 0x34),
        "RDTIM: Y most, X middle significant"
    );
    assert!(
        r.a >= 0x56 && r.a < 0x60,
        "RDTIM: A least significant ({:02X})",
        r.a
    );
    // UDTIM through the jump table carries into the upper bytes.
    c.poke_ram(0xA0, 0x00);
    c.poke_ram(0xA1, 0xFF);
    c.poke_ram(0xA2, 0xFF);
    call(&mut c, 0xFFEA, Regs::default());
    let t = jiffies(&c);
    assert!((0x010000..0x010004).contains(&t), "UDTIM carry: {t:06X}");
    // The clock shows $4F1A00 (24 hours) for one jiffy and reads 0 when it would reach
    // $4F1A01.
    c.poke_ram(0xA0, 0x4F);
    c.poke_ram(0xA1, 0x19);
    c.poke_ram(0xA2, 0xFF);
    call_masked(&mut c, 0xFFEA, Regs::default());
    assert_eq!(jiffies(&c), 0x4F1A00);
    call_masked(&mut c, 0xFFEA, Regs::default());
    assert_eq!(jiffies(&c), 0, "midnight");
    // And the interrupt does it too.
    c.poke_ram(0xA0, 0x4F);
    c.poke_ram(0xA1, 0x19);
    c.poke_ram(0xA2, 0xF0);
    for _ in 0..30 {
        c.run_frame();
    }
    let t = jiffies(&c);
    assert!(t < 0x30, "after midnight the clock restarts: {t:06X}");
}

#[test]
fn run_stop_restore_warm_starts_basic_and_restore_alone_does_not() {
    let mut c = booted();
    print_via_driver_lines(&mut c);
    assert_eq!(c.peek(WARMS), 0);
    // RESTORE alone: an NMI that returns.
    c.keyboard_mut().restore = true;
    c.run_frame();
    c.keyboard_mut().restore = false;
    for _ in 0..5 {
        c.run_frame();
    }
    assert_eq!(c.peek(WARMS), 0, "RESTORE alone does nothing");
    // Change state that the warm start restores.
    c.poke_ram(0x0286, 2);
    c.poke_ram(0x0326, 0x00); // CHROUT vector somewhere else (restored before use)
    stop_restore(&mut c);
    for _ in 0..10 {
        c.run_frame();
    }
    assert_eq!(c.peek(WARMS), 1, "BASIC's warm start ran");
    assert_eq!(
        row_text(&c, 0),
        sc("WARM"),
        "screen cleared, warm start message"
    );
    assert_eq!(c.peek(0x0286), 14, "text colour back to light blue");
    assert_eq!(c.peek(0xD020) & 15, 14);
    assert_eq!(c.peek(0xD021) & 15, 6);
    // And the machine still reads lines.
    type_text(&mut c, "OK{RETURN}");
    for _ in 0..5 {
        c.run_frame();
    }
    assert_eq!(&c.ram()[0x200..0x203], b"OK\r");
}

/// Type a line so the driver is known to be reading keys.
fn print_via_driver_lines(c: &mut breadbin::C64) {
    type_text(c, "X{RETURN}");
    for _ in 0..3 {
        c.run_frame();
    }
    assert_eq!(c.peek(LINES), 1);
}

#[test]
fn brk_with_the_default_vector_warm_starts() {
    let mut c = machine();
    c.poke_ram(0xC000, 0x00); // BRK
    c.cpu_mut().set_pc(0xC000);
    for _ in 0..10 {
        c.run_frame();
    }
    assert_eq!(c.peek(WARMS), 1);
    assert_eq!(row_text(&c, 0), sc("WARM"));
}

#[test]
fn reset_entry_fce2_cold_starts() {
    let mut c = machine();
    print(&mut c, b"JUNK");
    c.cpu_mut().set_pc(0xFCE2);
    for _ in 0..30 {
        c.run_frame();
    }
    assert_eq!(row_text(&c, 0), sc("KERNAL TEST"));
    assert_eq!(row_text(&c, 1), Vec::<u8>::new());
    assert_eq!(
        (c.peek_word(0x0281), c.peek_word(0x0283), c.peek(0x0288)),
        (0x0800, 0xA000, 0x04),
        "RAMTAS: BASIC from $0800, top $A000, screen $0400"
    );
}

/// BASIC idioms that poke the low byte of a KERNAL vector, counting on the C64's layout.
#[test]
fn vector_poking_idioms_of_basic_programs() {
    // POKE 808,225: RUN/STOP (and RUN/STOP + RESTORE) disabled; POKE 808,237 undoes it.
    let mut c = booted();
    c.poke_ram(808, 225);
    c.keyboard_mut().set(key("RUN/STOP"), true);
    c.run_frame();
    c.run_frame();
    assert_eq!(c.peek(0x91), 0x7F, "the key is down");
    c.keyboard_mut().release_all();
    stop_restore(&mut c);
    for _ in 0..10 {
        c.run_frame();
    }
    assert_eq!(c.peek(WARMS), 0, "POKE 808,225: no warm start");
    c.poke_ram(808, 237);
    stop_restore(&mut c);
    for _ in 0..10 {
        c.run_frame();
    }
    assert_eq!(c.peek(WARMS), 1, "POKE 808,237: RUN/STOP + RESTORE again");

    // POKE 792,193: RESTORE ignored, the machine carries on.
    let mut c = booted();
    c.poke_ram(792, 193);
    stop_restore(&mut c);
    for _ in 0..10 {
        c.run_frame();
    }
    assert_eq!(c.peek(WARMS), 0, "POKE 792,193: no warm start");
    type_text(&mut c, "GO{RETURN}");
    for _ in 0..3 {
        c.run_frame();
    }
    assert_eq!(&c.ram()[0x200..0x203], b"GO\r", "still reading lines");

    // POKE 788,52: the interrupt skips the clock and the STOP flag, keeps the keyboard.
    let mut c = booted();
    c.poke_ram(788, 52);
    let t = jiffies(&c);
    type_text(&mut c, "K{RETURN}");
    for _ in 0..3 {
        c.run_frame();
    }
    assert_eq!(jiffies(&c), t, "clock stopped");
    assert_eq!(&c.ram()[0x200..0x202], b"K\r", "keys still read");
}

#[test]
fn stop_with_the_vector_disabled_never_reports_the_key() {
    let mut c = machine();
    c.poke_ram(808, 225);
    c.keyboard_mut().set(key("RUN/STOP"), true);
    c.run_frame();
    c.run_frame();
    let r = call(&mut c, 0xFFE1, Regs::default());
    assert!(!r.zero, "STOP through the poked vector");
    c.keyboard_mut().release_all();
}

#[test]
fn every_model_boots_with_a_60_hz_jiffy_clock_and_its_video_standard_in_02a6() {
    // The reset times raster lines to tell a PAL VIC-II (63 cycles a line) from an NTSC one
    // (64 or 65) and sets the system interrupt's timer for 60 Hz of that machine's clock.
    use breadbin::c64::Model;
    for (name, model, pal) in [
        ("c64", Model::C64_PAL, 1),
        ("c64c", Model::C64C, 1),
        ("ntsc", Model::NTSC, 0),
        ("ntsc-old", Model::NTSC_OLD, 0),
    ] {
        let mut c = breadbin::C64::with_model(breadbin::Roms::open(), model).unwrap();
        c.set_render(false);
        c.run_cycles(3 * model.clock_hz);
        assert_eq!(c.peek(0x02A6), pal, "{name}: $02A6");
        let t0 = jiffies(&c);
        c.run_cycles(10 * model.clock_hz);
        let n = jiffies(&c) - t0;
        assert!((599..=600).contains(&n), "{name}: {n} jiffies in 10 s");
    }
}
