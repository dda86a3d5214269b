//! Colours of the VIC-II's 16 colour codes, and the frame as an RGB picture.
//!
//! The PAL chips (6569, 8565) show [`PALETTE`], Pepto's PAL palette. The NTSC chips show a
//! palette computed by [`computed`] from the model of Pepto's "Calculating the color
//! palette of the VIC II" (2017, pepto.de/projects/colorvic): each colour code is one of
//! the chip's luma levels plus, for the eight hues, one of 16 chroma angles; the 6567R56A
//! (like the early 6569R1) has only five luma levels, the later chips nine.
//!
//! The PAL chips keep the table rather than the calculation: computed for PAL at the
//! article's settings the palette is the article's own (greys 4A, 7B, B2), brighter and
//! more saturated than [`PALETTE`], up to 54 units a channel apart (light blue 706DEB
//! against 6C5EB5). [`PALETTE`] is Pepto's earlier PAL palette, from before that model:
//! no setting of the article's brightness, contrast and saturation brings the calculation
//! within a few units of it (the closest is 12 apart), and its hues sit elsewhere too (its
//! red leans to orange, the calculation's to purple). So PAL pictures stay as they were.

use super::FRAME_WIDTH;

/// RGB colours of the 16 VIC-II colour codes.
pub type Palette = [[u8; 3]; 16];

/// RGB colours of the 16 VIC-II colour codes (a measured PAL palette, "Pepto" values).
pub const PALETTE: Palette = [
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

/// How many luma levels a chip has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Luma {
    /// The first revision (6567R56A, 6569R1): black, four even levels, white.
    Five,
    /// Every later chip: black, seven levels, white; at most two colours share one.
    Nine,
}

impl Luma {
    /// Each colour code's luma in the article's units (white is 32).
    fn levels(self) -> [u8; 16] {
        match self {
            //    blk wht red cyn pur grn blu yel org brn lrd dgr gry lgn lbl lgr
            Luma::Five => [0, 32, 8, 24, 16, 16, 8, 24, 16, 8, 16, 8, 16, 24, 16, 24],
            Luma::Nine => [0, 32, 10, 20, 12, 16, 8, 24, 12, 8, 16, 10, 15, 24, 15, 20],
        }
    }
}

/// The TV standard the chip encodes for, which sets the gamma its picture assumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standard {
    /// A display gamma of 2.8.
    Pal,
    /// A display gamma of 2.2.
    Ntsc,
}

impl Standard {
    fn gamma(self) -> f64 {
        match self {
            Standard::Pal => 2.8,
            Standard::Ntsc => 2.2,
        }
    }
}

/// Each colour code's hue as one of 16 equal sectors of the UV plane (counted from half a
/// sector past the U axis); `None` for black, white and the greys.
const HUES: [Option<u8>; 16] = [
    None,        // black
    None,        // white
    Some(4),     // red
    Some(4 + 8), // cyan: opposite red
    Some(2),     // purple
    Some(2 + 8), // green: opposite purple
    Some(7 + 8), // blue
    Some(7),     // yellow: opposite blue
    Some(5),     // orange
    Some(6),     // brown
    Some(4),     // light red
    None,        // dark grey
    None,        // grey
    Some(2 + 8), // light green
    Some(7 + 8), // light blue
    None,        // light grey
];

/// The article's picture settings at their defaults: brightness 50 (no offset), contrast
/// 100 and saturation 50, each on its 0-100 (contrast 0-200) scale.
const BRIGHTNESS: f64 = 50.0;
const CONTRAST: f64 = 100.0;
const SATURATION: f64 = 50.0;
/// The share of the signal the screen itself gives (the article's 1/5): added to the
/// contrast and taken from the saturation.
const SCREEN: f64 = 0.2;
/// The gamma of the picture's target, an sRGB display.
const TARGET_GAMMA: f64 = 2.2;

/// The palette the article's model gives a chip with `luma` levels for `standard`: each
/// code's luma and chroma ([`yuv`]) through PAL's YUV matrix to RGB, clipped to 0-255,
/// then from the standard's display gamma to sRGB's.
///
/// The article's calculation is PAL's: its source gamma is PAL's 2.8, and it gives no
/// other handling for NTSC. Its hue angles, luma levels and settings are the same for
/// every chip, so what an NTSC chip changes here is the gamma its picture assumes: the
/// NTSC standard's 2.2, which is sRGB's, so the NTSC palette is the signal as it is. The chroma is decoded with the same matrix for both standards
/// (NTSC's I/Q axes are a rotation of U/V; the article gives no other decoding).
pub fn computed(luma: Luma, standard: Standard) -> Palette {
    let power = standard.gamma() / TARGET_GAMMA;
    std::array::from_fn(|code| {
        let [y, u, v] = yuv(code, luma);
        [y + 1.140 * v, y - 0.396 * u - 0.581 * v, y + 2.029 * u]
            .map(|c| (255.0 * (c.clamp(0.0, 255.0) / 255.0).powf(power)).round() as u8)
    })
}

/// Luma, U and V of colour code `code` on the article's scale (before the RGB conversion):
/// luma 8 a unit plus the brightness, chroma a fixed saturation at the code's angle, both
/// scaled by the contrast.
fn yuv(code: usize, luma: Luma) -> [f64; 3] {
    let gain = CONTRAST / 100.0 + SCREEN;
    let y = 8.0 * f64::from(luma.levels()[code]) + (BRIGHTNESS - 50.0);
    let (u, v) = match HUES[code] {
        Some(sector) => {
            let turn = (f64::from(sector) + 0.5) / 16.0;
            let radius = SATURATION * (1.0 - SCREEN);
            let angle = turn * std::f64::consts::TAU;
            (radius * angle.cos(), radius * angle.sin())
        }
        None => (0.0, 0.0),
    };
    [y * gain, u * gain, v * gain]
}

/// A picture of colour codes ([`FRAME_WIDTH`] wide, as many rows as it holds) as RGB PNG
/// bytes, in `palette`'s colours.
pub fn frame_png(frame: &[u8], palette: &Palette) -> Vec<u8> {
    let rows = frame.len() / FRAME_WIDTH;
    let mut rgb = Vec::with_capacity(frame.len() * 3);
    for &p in frame {
        rgb.extend_from_slice(&palette[(p & 0x0F) as usize]);
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, FRAME_WIDTH as u32, rows as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().expect("in-memory PNG header");
        w.write_image_data(&rgb).expect("in-memory PNG data");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::vic::FRAME_HEIGHT;

    fn distinct_lumas(luma: Luma) -> usize {
        let mut ys: Vec<f64> = (0..16).map(|c| yuv(c, luma)[0]).collect();
        ys.sort_by(f64::total_cmp);
        ys.dedup();
        ys.len()
    }

    #[test]
    fn the_first_revision_has_five_luma_levels_and_later_chips_nine() {
        assert_eq!(distinct_lumas(Luma::Five), 5);
        assert_eq!(distinct_lumas(Luma::Nine), 9);
    }

    #[test]
    fn the_greys_have_no_chroma_and_the_hues_one_saturation() {
        for luma in [Luma::Five, Luma::Nine] {
            let sat: Vec<f64> = (0..16)
                .map(|c| yuv(c, luma))
                .map(|[_, u, v]| (u * u + v * v).sqrt())
                .collect();
            for grey in [0, 1, 11, 12, 15] {
                assert_eq!(sat[grey], 0.0, "code {grey}");
            }
            for hue in [2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14] {
                assert!(
                    (sat[hue] - sat[2]).abs() < 1e-9 && sat[hue] > 0.0,
                    "code {hue}"
                );
            }
        }
    }

    /// With the article's default settings the PAL calculation gives the palette the
    /// article shows (its greys 4A, 7B, B2 and, for one hue, red 81 33 38).
    #[test]
    fn the_pal_calculation_gives_the_articles_palette() {
        let p = computed(Luma::Nine, Standard::Pal);
        assert_eq!(p[0], [0, 0, 0]);
        assert_eq!(p[1], [0xFF, 0xFF, 0xFF]);
        assert_eq!(p[11], [0x4A; 3]);
        assert_eq!(p[12], [0x7B; 3]);
        assert_eq!(p[15], [0xB2; 3]);
        assert_eq!(p[2], [0x81, 0x33, 0x38]);
    }

    /// PAL's picture assumes a display gamma of 2.8 and NTSC's 2.2, the target's (sRGB):
    /// the PAL palette is darkened where the NTSC one is left as the signal is, so each
    /// NTSC channel is at least the PAL one, equal at 0 and 255 and brighter in between.
    #[test]
    fn ntsc_differs_from_pal_by_its_gamma_alone() {
        for luma in [Luma::Five, Luma::Nine] {
            let (pal, ntsc) = (
                computed(luma, Standard::Pal),
                computed(luma, Standard::Ntsc),
            );
            for (p, n) in pal.iter().flatten().zip(ntsc.iter().flatten()) {
                assert!(n >= p, "{n} < {p}");
                if *p == 0 || *p == 255 {
                    assert_eq!(n, p);
                }
            }
            for grey in [11, 12, 15] {
                assert!(ntsc[grey][0] > pal[grey][0], "code {grey}");
            }
        }
    }

    /// NTSC's gamma is the target's, so its greys are the signal's levels themselves: at
    /// the article's settings a level of L units is 9.6 L, white (32 units) clipped to 255.
    /// The first revision's greys are a quarter, a half and three quarters of white's
    /// level; the later chips' are 10, 15 and 20 units.
    #[test]
    fn the_ntsc_greys_are_the_luma_levels() {
        let greys = |luma| computed(luma, Standard::Ntsc).map(|c| c[0]);
        let (five, nine) = (greys(Luma::Five), greys(Luma::Nine));
        assert_eq!([five[11], five[12], five[15]], [77, 154, 230]);
        assert_eq!([nine[11], nine[12], nine[15]], [96, 144, 192]);
    }

    #[test]
    fn a_frame_is_drawn_in_the_palette_given() {
        let frame = vec![6u8; FRAME_WIDTH * FRAME_HEIGHT];
        let ntsc = computed(Luma::Nine, Standard::Ntsc);
        assert_ne!(frame_png(&frame, &PALETTE), frame_png(&frame, &ntsc));
    }
}
