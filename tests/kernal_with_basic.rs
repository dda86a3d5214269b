//! The open KERNAL under the open BASIC, through the keyboard matrix: direct-mode lines
//! read by CHRIN, a program line edited on the screen and re-entered, RUN/STOP breaking a
//! running program, and RUN/STOP + RESTORE warm-starting BASIC.

mod kernal_support;
use kernal_support::*;

use breadbin::host::autostart::run_until_ready;
use breadbin::{C64, Roms};

fn basic() -> C64 {
    let mut c = C64::new(Roms::open());
    assert!(
        run_until_ready(&mut c, 10 * breadbin::c64::Model::C64_PAL.clock_hz),
        "BASIC's READY. prompt after power-on"
    );
    c
}

fn frames(c: &mut C64, n: u32) {
    for _ in 0..n {
        c.run_frame();
    }
}

/// The lowest row holding `text` at its start, if any.
fn find_row(c: &C64, text: &str) -> Option<usize> {
    let want = sc(text);
    (0..25)
        .rev()
        .find(|&r| screen_row(c, r)[..want.len()] == want[..])
}

#[test]
fn a_program_line_edited_on_the_screen_is_entered_again() {
    let mut c = basic();
    type_text(&mut c, "10 PRINT \"ONE\"{RETURN}LIST{RETURN}");
    frames(&mut c, 20);
    let row = find_row(&c, "10 PRINT \"ONE\"").expect("LIST shows line 10");
    assert!(row > 6, "the listed line, not the typed one");
    // Cursor up to the listed line, right to the O of ONE (column 10), type TWO over it.
    let (cur, _, _) = cursor(&c);
    let keys = format!(
        "{}{}TWO{{RETURN}}",
        "{UP}".repeat(cur as usize - row),
        "{RIGHT}".repeat(10)
    );
    type_text(&mut c, &keys);
    type_text(&mut c, "{CLR}RUN{RETURN}");
    frames(&mut c, 20);
    assert!(find_row(&c, "TWO").is_some(), "the edited line ran");
    assert!(find_row(&c, "ONE").is_none());
}

#[test]
fn run_stop_breaks_and_run_stop_restore_warm_starts() {
    let mut c = basic();
    type_text(&mut c, "10 GOTO 10{RETURN}RUN{RETURN}");
    frames(&mut c, 10);
    press(&mut c, key("RUN/STOP"), None, 3);
    frames(&mut c, 10);
    assert!(find_row(&c, "BREAK IN 10").is_some(), "BREAK IN 10");
    // RUN/STOP + RESTORE during a running program.
    type_text(&mut c, "{DOWN}{DOWN}{RED}RUN{RETURN}");
    frames(&mut c, 10);
    stop_restore(&mut c);
    frames(&mut c, 30);
    // The screen was cleared; BASIC's READY. starts with a RETURN.
    assert_eq!(
        find_row(&c, "READY."),
        Some(1),
        "READY. below a cleared row"
    );
    assert_eq!(row_text(&c, 0), Vec::<u8>::new());
    assert_eq!(c.peek(0x0286), 14, "text colour reset");
    // CURLIN keeps the line the program was stopped in, as on the genuine ROMs.
    assert_eq!(c.peek_word(0x39), 10, "CURLIN after the warm start");
    type_text(&mut c, "PRINT 6*7{RETURN}");
    frames(&mut c, 10);
    assert!(find_row(&c, " 42").is_some(), "BASIC still works");
}
