//! The window's own controls. They sit on F9-F12 and the Pause key, which the C64 does not
//! have, so no C64 key combination is taken from the user (Ctrl with F9-F12 is safe for the
//! same reason). The save-state slot is on Ctrl+F5 and Ctrl+F7: F5 and F7 themselves stay
//! the C64's keys, and CTRL with a function key types nothing on the C64.

use winit::keyboard::KeyCode;

/// An action of the window, not of the C64.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hotkey {
    Pause,
    Warp,
    Fullscreen,
    Screenshot,
    SoftReset,
    HardReset,
    Quit,
    SaveState,
    LoadState,
    NextDisk,
    Freeze,
    SwapJoystickPorts,
    Paste,
    Monitor,
}

/// The control for a key press, given whether a host Ctrl and Shift key are held.
pub fn hotkey_with(code: KeyCode, ctrl: bool, shift: bool) -> Option<Hotkey> {
    match (code, ctrl, shift) {
        (KeyCode::KeyV, true, _) | (KeyCode::Insert, false, true) => Some(Hotkey::Paste),
        _ => hotkey(code, ctrl),
    }
}

/// The control for a key press, given whether a host Ctrl key is held.
pub fn hotkey(code: KeyCode, ctrl: bool) -> Option<Hotkey> {
    Some(match (code, ctrl) {
        (KeyCode::F9, false) | (KeyCode::Pause, _) => Hotkey::Pause,
        (KeyCode::F10, false) => Hotkey::Warp,
        (KeyCode::F11, false) => Hotkey::Fullscreen,
        (KeyCode::F12, false) => Hotkey::Screenshot,
        (KeyCode::F9, true) => Hotkey::SoftReset,
        (KeyCode::F10, true) => Hotkey::HardReset,
        (KeyCode::F12, true) => Hotkey::Quit,
        (KeyCode::F11, true) => Hotkey::NextDisk,
        (KeyCode::F5, true) => Hotkey::SaveState,
        (KeyCode::F7, true) => Hotkey::LoadState,
        (KeyCode::F8, true) => Hotkey::Freeze,
        (KeyCode::F1, true) => Hotkey::SwapJoystickPorts,
        (KeyCode::F2, true) => Hotkey::Monitor,
        _ => return None,
    })
}

/// The controls as shown by `--help` (and in README).
pub const HELP: &str = "\
Window controls:
  F9 or Pause   pause / resume
  F10           warp: run as fast as possible / back to 50 Hz
  F11           fullscreen on / off
  F12           screenshot to breadbin-NNNN.png in the current folder
  Ctrl+F9       soft reset (the C64's RESET line; memory is kept)
  Ctrl+F10      hard reset (power off and on; the program is started again)
  Ctrl+F11      put the next disk of those given with --disk in drive 8
  Ctrl+F12      quit (or close the window)
  Ctrl+F5       save the machine's state to the slot (breadbin-slot.state, current folder)
  Ctrl+F7       load the state saved in the slot
  Ctrl+V or Shift+Insert   type the clipboard's text on the C64
  Ctrl+F1       swap the joystick ports (the title says which one the gamepads and
                the numeric keypad drive)
  Ctrl+F8       the freeze button of the cartridge in the port (Action Replay,
                Retro Replay, Nordic Power/Replay, Final Cartridge III)
  Ctrl+F2       stop the machine and open the monitor in the terminal
C64 keys: typed by symbol (\" gives SHIFT+2); cursor keys with the C64's shifted
left/up; Esc = RUN/STOP, PageUp = RESTORE, Home = CLR/HOME, Backspace = INST/DEL,
Left Ctrl = CTRL, Left Alt or Tab = C=, F1/F3/F5/F7 = the C64's, F2/F4/F6/F8 =
SHIFT+F1/F3/F5/F7. A .prg, .bas or .t64 file dropped onto the window is started; a .d64
goes into drive 8 and its first program is loaded and run; a .crt goes into the
expansion port and the machine is powered on afresh.";
