//! Window smoke test: opens the real window (winit + pixels), runs the machine at PAL pace
//! and presents frames until it closes itself. Needs a display (X11 or Wayland; `xvfb-run`
//! gives one) and skips with the reason otherwise. One event loop per process, so this
//! file holds a single test.
#![cfg(feature = "frontend")]

use breadbin::frontend::{self, Options};

#[test]
fn window_opens_runs_the_machine_and_presents_frames() {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!("skipped: no display (neither DISPLAY nor WAYLAND_DISPLAY is set)");
        return;
    }
    let event_loop = frontend::new_event_loop(true).expect("an event loop on the display");
    let summary = frontend::run_on(
        event_loop,
        Options {
            basic: true,
            audio: false,
            quit_after_frames: Some(60),
            ..Default::default()
        },
    )
    .expect("the window runs and closes");
    eprintln!("{summary:?}");
    assert!(summary.frames_presented >= 60, "{summary:?}");
    // Every presented frame is a new emulated one (redraws on resize may add a few).
    assert!(summary.frames_emulated >= 50, "{summary:?}");
    // Whole frames: the first ends one cycle after power-on, the others take 19,656.
    assert!(
        summary.emulated_cycles
            >= (summary.frames_emulated - 1) * breadbin::c64::Model::C64_PAL.cycles_per_frame()
            && summary.emulated_cycles
                <= summary.frames_emulated * breadbin::c64::Model::C64_PAL.cycles_per_frame(),
        "{summary:?}"
    );
}
