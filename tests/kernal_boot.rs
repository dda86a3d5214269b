//! The boot screen on the open ROMs, as a picture: power on, wait for BASIC's READY prompt,
//! take the frame with the cursor hidden and compare it pixel by pixel with the committed
//! tests/kernal_data/boot_screen.png. A change of the boot screen is re-recorded
//! deliberately: `BREADBIN_RECORD_BOOT_SCREEN=1 cargo test --test kernal_boot`, then look
//! at the picture before committing it.

use breadbin::chips::vic::{PALETTE, frame_png};
use breadbin::host::autostart::run_until_ready;
use breadbin::{C64, Roms};
use std::path::Path;

fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(png_bytes);
    let mut reader = decoder.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

#[test]
fn boot_screen_matches_the_recorded_picture() {
    let mut c64 = C64::new(Roms::open());
    c64.set_render(true);
    assert!(
        run_until_ready(&mut c64, 10 * breadbin::c64::Model::C64_PAL.clock_hz),
        "BASIC never reached READY. on the open ROMs"
    );
    // The cursor blinks: wait until it is hidden with time to spare, then take a whole frame.
    loop {
        c64.run_frame();
        if c64.peek(0xCF) == 0 && c64.peek(0xCD) >= 5 {
            break;
        }
    }
    c64.run_frame();
    let got = frame_png(c64.frame(), &PALETTE);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernal_data/boot_screen.png");
    if std::env::var_os("BREADBIN_RECORD_BOOT_SCREEN").is_some() {
        std::fs::write(&path, &got).expect("write the recorded boot screen");
        eprintln!("recorded {}", path.display());
        return;
    }
    let want = std::fs::read(&path).expect("tests/kernal_data/boot_screen.png");
    let (gw, gh, gpix) = decode(&got);
    let (ww, wh, wpix) = decode(&want);
    assert_eq!((gw, gh), (ww, wh), "picture size");
    let differing = gpix
        .chunks(3)
        .zip(wpix.chunks(3))
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(
        differing, 0,
        "{differing} pixels differ from the recorded boot screen (re-record deliberately \
         with BREADBIN_RECORD_BOOT_SCREEN=1 if the change is intended)"
    );
}
