use super::*;
use crate::c64::roms::Roms;
use crate::c64::{C64, Halt};

/// A program at $1000 (display off, interrupts masked: no cycle but its own):
/// ```text
/// 1000 LDA #$01     1002 JSR $1010    1005 STA $D020    1008 JMP $1000
/// 1010 LDX #$05     1012 DEX          1013 BNE $1012    1015 RTS
/// ```
fn machine() -> C64 {
    let program: &[(u16, &[u8])] = &[
        (
            0x1000,
            &[
                0xA9, 0x01, 0x20, 0x10, 0x10, 0x8D, 0x20, 0xD0, 0x4C, 0x00, 0x10,
            ],
        ),
        (0x1010, &[0xA2, 0x05, 0xCA, 0xD0, 0xFD, 0x60]),
    ];
    let mut c64 = C64::new(Roms::open());
    c64.run_cycles(100);
    for (at, bytes) in program {
        for (i, &b) in bytes.iter().enumerate() {
            c64.poke_ram(at + i as u16, b);
        }
    }
    while !c64.cpu().at_instruction_boundary() {
        c64.tick();
    }
    c64.cpu_mut().set_pc(0x1000);
    c64
}

/// Run `commands` (one per line), then the machine until `limit` as a runner does: the
/// monitor's output.
fn session(c64: &mut C64, commands: &str, limit: u64) -> String {
    let mut m = Monitor::with_script("test", commands);
    let mut out = String::new();
    let mut flow = m.drain(c64).unwrap();
    loop {
        out.push_str(&m.take_output());
        match flow {
            Flow::Quit => return out,
            Flow::Stay => m.go(c64),
            Flow::Run => {}
        }
        let armed = m.armed();
        match c64.run_until(limit, |c| armed && m.check(c)) {
            Halt::Stop => flow = m.stopped(c64).unwrap(),
            Halt::Limit => return out,
            h => panic!("{h:?}"),
        }
    }
}

/// The script stops at its first resuming command's stop: where the machine is then.
fn stop_after(commands: &str) -> (C64, u64, String) {
    let mut c64 = machine();
    let start = c64.cycles();
    let out = session(&mut c64, &format!("{commands}\nquit"), start + 100_000);
    let took = c64.cycles() - start;
    (c64, took, out)
}

#[test]
fn a_breakpoint_stops_before_its_instruction() {
    // LDA 2, JSR 6, LDX 2, four turns of DEX+BNE 5, DEX+BNE 4, RTS 6.
    let (c64, took, out) = stop_after("break 1005\ng");
    assert_eq!(c64.cpu().pc, 0x1005);
    assert!(c64.cpu().at_instruction_boundary());
    assert_eq!(took, 40);
    assert!(out.contains("#1 break (hit 1)"), "{out}");
    assert!(out.contains("1005  8D 20 D0  STA $D020"), "{out}");
}

#[test]
fn a_watched_store_stops_at_the_end_of_its_instruction() {
    let (c64, took, out) = stop_after("watch store d020\ng");
    assert_eq!(c64.cpu().pc, 0x1008, "after the STA");
    assert_eq!(took, 44);
    assert!(out.contains("#1 store to $D020 (hit 1)"), "{out}");
    // A load watch is not hit by the store, nor a store watch by loads of the program.
    let (c64, _, _) = stop_after("watch load d020\nwatch store 1000-1015\nbreak 1008\ng");
    assert_eq!(c64.cpu().pc, 0x1008);
}

#[test]
fn a_watched_load_sees_the_cpus_reads_and_not_the_monitors() {
    // The opcode fetch of $1005 is a read; `m` and `d` over it are not.
    let (c64, _, out) = stop_after("m 1000 1020\nd 1005 1008\nwatch load 1005\ng");
    assert_eq!(
        c64.cpu().pc,
        0x1008,
        "stopped after the instruction at $1005"
    );
    assert!(out.contains("#1 load from $1005"), "{out}");
}

#[test]
fn next_runs_a_subroutine_as_one_instruction() {
    let (c64, took, _) = stop_after("z\nn");
    assert_eq!(c64.cpu().pc, 0x1005);
    assert_eq!(took, 2 + 38);
    let (c64, took, _) = stop_after("z 3");
    assert_eq!(c64.cpu().pc, 0x1012, "into the subroutine");
    assert_eq!(took, 10);
}

#[test]
fn ret_runs_to_the_end_of_the_subroutine() {
    let (c64, took, out) = stop_after("break 1013\ng\ndelete 1\nret");
    assert_eq!(c64.cpu().pc, 0x1005);
    assert_eq!(took, 40);
    assert!(out.contains("(+28)"), "cycles since the last stop: {out}");
}

#[test]
fn a_raster_checkpoint_stops_on_entering_its_line() {
    let mut c64 = machine();
    let start = c64.cycles();
    let out = session(&mut c64, "break raster +100\ng\nquit", start + 100_000);
    assert_eq!(c64.vic_position().0, 100);
    assert!(out.contains("raster:100/"), "{out}");
    // Once per frame: the next stop comes a frame (312 lines of 63 cycles) later, give or
    // take where the instructions start.
    let at = c64.cycles();
    session(&mut c64, "break raster +100\ng\nquit", at + 100_000);
    assert_eq!(c64.vic_position().0, 100);
    assert!((312 * 63 - 8..=312 * 63 + 8).contains(&(c64.cycles() - at)));
}

#[test]
fn commands_change_registers_memory_and_code() {
    let (c64, _, out) = stop_after("r a=42 x=+10\n> 2000 de ad\na 1000 lda #$07\nm 2000 2001");
    assert_eq!((c64.cpu().a, c64.cpu().x), (0x42, 10));
    assert_eq!((c64.peek(0x2000), c64.peek(0x2001)), (0xDE, 0xAD));
    assert_eq!(c64.peek(0x1001), 0x07);
    assert!(out.contains("1000  A9 07     LDA #$07"), "{out}");
    assert!(out.contains("2000  DE AD"), "{out}");
}

#[test]
fn a_checkpoints_commands_run_at_each_hit() {
    let (_, _, out) = stop_after("break 1012 do r; g\nbreak 1015; g");
    assert_eq!(out.matches("#1 break (hit").count(), 5, "{out}");
    assert!(out.contains("#1 break (hit 5)"), "{out}");
    assert!(out.contains("#2 break (hit 1)"), "{out}");
}

#[test]
fn a_scripts_error_names_its_line() {
    let mut c64 = machine();
    let mut m = Monitor::with_script("s.mon", "r\nbreak zz\n");
    assert_eq!(
        m.drain(&mut c64).unwrap_err(),
        "s.mon:2: 'zz' is not a number ($hex, +decimal, %binary) or a known .label"
    );
    let mut m = Monitor::with_script("s.mon", "frobnicate");
    assert!(
        m.drain(&mut c64)
            .unwrap_err()
            .starts_with("s.mon:1: 'frobnicate' is not a monitor command")
    );
    // Typed in a terminal, an error is said and the monitor goes on.
    let mut m = Monitor::default();
    m.push("frobnicate");
    m.push("echo on");
    assert_eq!(m.drain(&mut c64).unwrap(), Flow::Stay);
    let out = m.take_output();
    assert!(
        out.starts_with("error: 'frobnicate'") && out.ends_with("on\n"),
        "{out}"
    );
}

/// The machine through the KERNAL's boot, with and without a monitor stopping it: the same
/// machine at the same cycle.
#[test]
fn stops_and_steps_leave_the_machine_as_a_run_without_them() {
    let limit = 3_000_000;
    let mut plain = C64::new(Roms::open());
    plain.run_cycles(limit);
    let mut watched = C64::new(Roms::open());
    let script = "\
        break ffd2 do z 5; r\n\
        watch store d020-d021 do m d020 d021; g\n\
        break raster +51 do d; delete 3; g\n\
        break e5cd\n\
        g\n\
        z 20\n\
        n\n\
        ret\n\
        sw reset\n";
    let out = session(&mut watched, script, limit);
    assert!(out.contains("#1 break (hit 1)"), "{out}");
    assert!(out.contains("#2 store to $D020"), "{out}");
    assert!(out.contains("#3 raster line 51"), "{out}");
    assert_eq!(watched.cycles(), plain.cycles());
    assert_eq!(
        crate::host::state::to_bytes(&watched),
        crate::host::state::to_bytes(&plain)
    );
}

#[test]
fn labels_from_a_file_name_addresses_in_and_out() {
    let file = std::env::temp_dir().join(format!("breadbin-labels-{}.lbl", std::process::id()));
    std::fs::write(&file, "al C:1010 .countdown\nborder = $D020\n").unwrap();
    let (c64, _, out) = stop_after(&format!(
        "labels {}\nd 1002 1005\nbreak .countdown\ng",
        file.display()
    ));
    let _ = std::fs::remove_file(&file);
    assert!(out.contains("2 labels read from"), "{out}");
    assert!(out.contains("1002  20 10 10  JSR countdown"), "{out}");
    assert!(out.contains("1005  8D 20 D0  STA border"), "{out}");
    assert!(out.contains("#1 break at $1010 (countdown)"), "{out}");
    assert_eq!(c64.cpu().pc, 0x1010);
}
