//! The window drawn in software (`--renderer software`, what `auto` falls back to on a
//! machine without a graphics adapter): it opens, runs the machine and presents frames.
//! Needs a display (`xvfb-run` gives one) and skips with the reason otherwise. One event
//! loop per process, so this file holds a single test.
#![cfg(feature = "frontend")]

use breadbin::frontend::present::Renderer;
use breadbin::frontend::{self, Options};

#[test]
fn the_software_renderer_presents_frames() {
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
            quit_after_frames: Some(30),
            renderer: Renderer::Software,
            ..Default::default()
        },
    )
    .expect("the window runs and closes");
    assert!(summary.frames_presented >= 30, "{summary:?}");
    assert!(summary.frames_emulated >= 25, "{summary:?}");
}
