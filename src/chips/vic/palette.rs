//! Colours of the VIC-II's 16 colour codes, and the frame as an RGB picture.

use super::{FRAME_HEIGHT, FRAME_WIDTH};

/// RGB colours of the 16 VIC-II colour codes (a measured PAL palette, "Pepto" values).
pub const PALETTE: [[u8; 3]; 16] = [
    [0x00, 0x00, 0x00], // black
    [0xFF, 0xFF, 0xFF], // white
    [0x68, 0x37, 0x2B], // red
    [0x70, 0xA4, 0xB2], // cyan
    [0x6F, 0x3D, 0x86], // purple
    [0x58, 0x8D, 0x43], // green
    [0x35, 0x28, 0x79], // blue
    [0xB8, 0xC7, 0x6F], // yellow
    [0x6F, 0x4F, 0x25], // orange
    [0x43, 0x39, 0x00], // brown
    [0x9A, 0x67, 0x59], // light red
    [0x44, 0x44, 0x44], // dark grey
    [0x6C, 0x6C, 0x6C], // grey
    [0x9A, 0xD2, 0x84], // light green
    [0x6C, 0x5E, 0xB5], // light blue
    [0x95, 0x95, 0x95], // light grey
];

/// A 384x272 frame of colour codes as RGB PNG bytes.
pub fn frame_png(frame: &[u8]) -> Vec<u8> {
    let mut rgb = Vec::with_capacity(FRAME_WIDTH * FRAME_HEIGHT * 3);
    for &p in frame {
        rgb.extend_from_slice(&PALETTE[(p & 0x0F) as usize]);
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, FRAME_WIDTH as u32, FRAME_HEIGHT as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().expect("in-memory PNG header");
        w.write_image_data(&rgb).expect("in-memory PNG data");
    }
    out
}
