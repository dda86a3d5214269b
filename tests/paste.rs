//! Pasting text into the window: the clipboard's characters as the keys a person would type
//! (line breaks as RETURN, look-alikes as the PETSCII characters they look like), typed
//! through the key queue, so a pasted BASIC program is entered and runs.
#![cfg(feature = "frontend")]

use breadbin::Roms;
use breadbin::frontend::controls::{Hotkey, hotkey_with};
use breadbin::frontend::machine::Machine;
use breadbin::host::paste::to_petscii;
use winit::keyboard::KeyCode;

#[test]
fn text_becomes_petscii_with_look_alikes_and_line_breaks() {
    let (codes, skipped) = to_petscii("10 PRINT “A–B…”\r\n20 ?\"┌─┐\"\t♥\n");
    let mut want = b"10 PRINT \"A-B...\"\r20 ?\"".to_vec();
    want.extend([0xD5, 0xC0, 0xC9, b'"', b' ', 0xD3, 0x0D]);
    assert_eq!(codes, want);
    assert_eq!(skipped, 0);
    let (codes, skipped) = to_petscii("a😀b{c}");
    assert_eq!((codes, skipped), (b"ABC".to_vec(), 3));
}

#[test]
fn ctrl_v_and_shift_insert_paste_and_alone_they_are_keys() {
    assert_eq!(hotkey_with(KeyCode::KeyV, true, false), Some(Hotkey::Paste));
    assert_eq!(
        hotkey_with(KeyCode::Insert, false, true),
        Some(Hotkey::Paste)
    );
    assert_eq!(hotkey_with(KeyCode::KeyV, false, false), None);
    assert_eq!(hotkey_with(KeyCode::Insert, false, false), None);
    assert_eq!(hotkey_with(KeyCode::F8, true, false), Some(Hotkey::Freeze));
}

#[test]
fn a_pasted_basic_program_is_entered_and_runs() {
    let mut m = Machine::new(Roms::open(), None, false, false);
    for _ in 0..150 {
        m.run_frame();
    }
    let (typed, skipped) = m.paste("10 FOR I=1 TO 3:PRINT “HELLO”;I:NEXT\r\nRUN\r\n");
    assert_eq!((typed, skipped), (41, 0));
    for _ in 0..600 {
        m.run_frame();
    }
    let text = m.c64().screen_text(breadbin::basic::TextStyle::Ascii);
    for n in 1..=3 {
        assert!(text.contains(&format!("HELLO {n}")), "{text}");
    }
}
