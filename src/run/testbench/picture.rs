//! The picture runs of the VICE test bench (`vice-screenshots`): each program draws a
//! picture, and the run passes when breadbin's frame shows its reference picture
//! (`references/NAME.prg.png` beside the program).
//!
//! The run: the program starts as in an exit-code run, with the picture drawn, and runs
//! until it writes to $D7FF (its sign that the picture stands, on which the collection's
//! runs end and take their picture) or until its cycle limit. The frame at that moment, as
//! far as the raster has drawn it (the rest is the frame before), is the picture compared.
//! A run that reaches its limit without writing is a timeout and fails, as in the
//! collection's runs; its picture is still compared, for the report and `--diff-dir`.
//!
//! The comparison (the collection's `cmpscreens` rule): the two pictures are laid over each
//! other so that the top left of the screen window (x 32, y 35 in breadbin's 384x272 frame
//! and in the reference) coincides, and compared over where both lie. Each picture's
//! palette is the first of [`PALETTES`] that holds every one of its colours; the colours
//! are then compared by colour code, breadbin's code mapped through the reference's
//! palette, so that a reference in another palette compares by what the VIC showed. A
//! reference whose colours no palette holds fails the run, with that reason.

use super::palettes::PALETTES;
use super::{Ending, Expect};
use crate::c64::{C64, Event, Halt};
use crate::chips::vic::{FRAME_WIDTH, PALETTE};
use crate::host::autostart;
use crate::media::Program;
use std::path::{Path, PathBuf};

/// The picture runs' default location, beside the project's checkout.
pub const DEFAULT_DIR: &str = "../shared/testdata/vice-screenshots";

/// Where the screen window's top left pixel lies in breadbin's frame and in a reference.
pub const OFFSET: (usize, usize) = (32, 35);

/// The reference picture of `program` (a path below the bench folder `dir`):
/// `references/NAME.png` in the program's folder.
pub fn reference_path(dir: &Path, program: &str) -> PathBuf {
    let p = dir.join(program);
    let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
    let folder = p.parent().map(Path::to_path_buf).unwrap_or_default();
    folder
        .join("references")
        .join(format!("{}.png", name.unwrap_or_default()))
}

/// A reference picture as colour codes of its palette.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    pub width: usize,
    pub height: usize,
    /// Its palette: an index into [`PALETTES`].
    pub palette: usize,
    /// Each pixel's colour code: the first entry of the palette with its colour.
    pub codes: Vec<u8>,
}

impl Reference {
    /// Read the PNG at `path`.
    pub fn read(path: &Path) -> Result<Reference, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        Reference::from_png(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Decode an RGB or RGBA PNG (8 or 16 bits, indexed ones expanded) and find its
    /// palette. Alpha is ignored; grey pictures are refused, as the rule takes colour only.
    pub fn from_png(bytes: &[u8]) -> Result<Reference, String> {
        let mut decoder = png::Decoder::new(bytes);
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
        let step = match info.color_type {
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            other => {
                return Err(format!(
                    "{other:?} pixels: only RGB and RGBA pictures compare"
                ));
            }
        };
        let (width, height) = (info.width as usize, info.height as usize);
        let rgb: Vec<[u8; 3]> = (0..height)
            .flat_map(|y| {
                let row = &buf[y * info.line_size..][..width * step];
                row.chunks_exact(step).map(|p| [p[0], p[1], p[2]])
            })
            .collect();
        Reference::from_rgb(width, height, &rgb)
    }

    /// A picture of `width` x `height` colours, row by row, in the first palette that holds
    /// them all.
    pub fn from_rgb(width: usize, height: usize, rgb: &[[u8; 3]]) -> Result<Reference, String> {
        let mut colours: Vec<[u8; 3]> = Vec::new();
        for c in rgb {
            if !colours.contains(c) {
                colours.push(*c);
            }
        }
        let palette = PALETTES
            .iter()
            .position(|(_, p)| colours.iter().all(|c| p.contains(c)))
            .ok_or_else(|| {
                format!(
                    "its {} colours are in none of the palettes ({})",
                    colours.len(),
                    PALETTES.map(|(n, _)| n).join(", ")
                )
            })?;
        let entries = PALETTES[palette].1;
        let code = |c: &[u8; 3]| entries.iter().position(|e| e == c).unwrap_or(0) as u8;
        let table: Vec<([u8; 3], u8)> = colours.iter().map(|c| (*c, code(c))).collect();
        let codes = rgb
            .iter()
            .map(|c| table.iter().find(|(t, _)| t == c).map_or(0, |(_, k)| *k))
            .collect();
        Ok(Reference {
            width,
            height,
            palette,
            codes,
        })
    }

    fn rgb(&self, i: usize) -> [u8; 3] {
        PALETTES[self.palette].1[self.codes[i] as usize]
    }
}

/// Where breadbin's picture and the reference differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Difference {
    /// Pixels that differ.
    pub pixels: usize,
    /// The smallest box holding them, in breadbin's frame: left, top, right, bottom
    /// (inclusive).
    pub bbox: Option<(usize, usize, usize, usize)>,
}

/// Visit every compared pixel of breadbin's `frame` (384x272 colour codes) laid over
/// `reference`, with its place in the frame and in the reference and whether the two agree.
fn walk(
    frame: &[u8],
    reference: &Reference,
    mut visit: impl FnMut((usize, usize), (usize, usize), bool),
) {
    // Lay the pictures over each other at their offsets (both the same here, but the rule
    // allows others): the picture whose window starts further in is cut at the left or top.
    let (mut ox1, mut ox2) = (OFFSET.0, OFFSET.0);
    let (mut oy1, mut oy2) = (OFFSET.1, OFFSET.1);
    let lower = |a: &mut usize, b: &mut usize| {
        let m = (*a).min(*b);
        *a -= m;
        *b -= m;
    };
    lower(&mut ox1, &mut ox2);
    lower(&mut oy1, &mut oy2);
    let w = reference
        .width
        .saturating_sub(ox1)
        .min(FRAME_WIDTH.saturating_sub(ox2));
    let h = reference
        .height
        .saturating_sub(oy1)
        .min((frame.len() / FRAME_WIDTH).saturating_sub(oy2));
    // Breadbin's colour code mapped into the reference's palette: the first entry with the
    // same colour (the reference's codes are first entries), `None` past its end.
    let entries = PALETTES[reference.palette].1;
    let mapped: Vec<Option<u8>> = (0..16)
        .map(|k| {
            let c = entries.get(k)?;
            entries.iter().position(|e| e == c).map(|p| p as u8)
        })
        .collect();
    for y in 0..h {
        for x in 0..w {
            let ours = frame[(y + oy2) * FRAME_WIDTH + x + ox2] & 0x0F;
            let theirs = reference.codes[(y + oy1) * reference.width + x + ox1];
            let same = mapped[ours as usize] == Some(theirs);
            visit((x + ox2, y + oy2), (x + ox1, y + oy1), same);
        }
    }
}

/// Compare breadbin's `frame` (384x272 colour codes) with `reference`.
pub fn compare(frame: &[u8], reference: &Reference) -> Difference {
    let mut d = Difference::default();
    walk(frame, reference, |(x, y), _, same| {
        if same {
            return;
        }
        d.pixels += 1;
        d.bbox = Some(match d.bbox {
            None => (x, y, x, y),
            Some((l, t, r, b)) => (l.min(x), t.min(y), r.max(x), b.max(y)),
        });
    });
    d
}

/// What the picture of a run came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Compared: the frame (384x272 colour codes) and how it differs from the reference.
    Compared {
        frame: Vec<u8>,
        difference: Difference,
    },
    /// Not compared: the reference is missing or unusable (why).
    NoReference(String),
}

impl Verdict {
    /// Whether the run showed its reference: the program wrote to $D7FF (0 or $FF, the
    /// values on which the collection compares) and no pixel differs.
    pub fn matches(&self, ending: Ending) -> bool {
        matches!(
            (self, ending),
            (Verdict::Compared { difference, .. }, Ending::Wrote(0 | 0xFF)) if difference.pixels == 0
        )
    }

    /// Whether the run passes: it shows its reference, or for [`Expect::NotPicture`] it
    /// does not.
    pub fn passes(&self, ending: Ending, expect: Expect) -> bool {
        match expect {
            Expect::Picture => self.matches(ending),
            Expect::NotPicture => !self.matches(ending),
            Expect::Pass | Expect::Timeout => false,
        }
    }

    /// The status word of the result files: `ok` when the pictures match, `error` when not,
    /// else as the exit code says (`timeout`).
    pub fn status(&self, ending: Ending) -> &'static str {
        match ending {
            Ending::Wrote(0 | 0xFF) if self.matches(ending) => "ok",
            Ending::Wrote(0 | 0xFF) => "error",
            e => e.status(),
        }
    }

    /// For people: `matches`, `412 pixels differ in (32,35)-(60,50)`, and a timeout.
    pub fn describe(&self, ending: Ending) -> String {
        let what = match self {
            Verdict::NoReference(why) => format!("no reference: {why}"),
            Verdict::Compared { difference, .. } => match difference.bbox {
                None => "matches".into(),
                Some((l, t, r, b)) => format!(
                    "{} pixel{} differ{} in ({l},{t})-({r},{b})",
                    difference.pixels,
                    if difference.pixels == 1 { "" } else { "s" },
                    if difference.pixels == 1 { "s" } else { "" },
                ),
            },
        };
        match ending {
            Ending::Wrote(0 | 0xFF) => what,
            e => format!("{}, {what}", e.describe()),
        }
    }
}

/// Run `program` from a copy of the ready machine with the picture drawn, until its first
/// write to $D7FF or `limit` cycles from power-on; then its frame. A jammed CPU leaves the
/// VIC drawing to the limit.
pub fn run_picture(ready: &C64, program: &Program, limit: u64) -> (Ending, Vec<u8>) {
    let mut c64 = ready.clone();
    c64.set_render(true);
    autostart::start_program(&mut c64, program);
    let ending = loop {
        match c64.run_until(limit, |_| false) {
            Halt::Event => {
                if let Some(Event::DebugExit(v)) = c64.take_events().into_iter().next() {
                    break Ending::Wrote(v);
                }
            }
            Halt::Jam => {
                let left = limit.saturating_sub(c64.cycles());
                c64.run_cycles(left);
                break Ending::Timeout;
            }
            Halt::Limit | Halt::Stop => break Ending::Timeout,
        }
    };
    c64.sync();
    (ending, c64.frame().to_vec())
}

/// Run `program` as a picture run and compare its frame with `reference`.
pub fn run_and_compare(
    ready: &C64,
    program: &Program,
    reference: &Result<Reference, String>,
    limit: u64,
) -> (Ending, Verdict) {
    let (ending, frame) = run_picture(ready, program, limit);
    let verdict = match reference {
        Ok(r) => Verdict::Compared {
            difference: compare(&frame, r),
            frame,
        },
        Err(why) => Verdict::NoReference(why.clone()),
    };
    (ending, verdict)
}

/// Breadbin's frame, the reference and their difference side by side as RGB PNG bytes. The
/// difference is the reference dimmed, with the pixels that differ in magenta.
pub fn diff_png(frame: &[u8], reference: &Reference) -> Vec<u8> {
    const GAP: usize = 4;
    let pw = FRAME_WIDTH.max(reference.width);
    let rows = frame.len() / FRAME_WIDTH;
    let ph = rows.max(reference.height);
    let width = 3 * pw + 2 * GAP;
    let mut rgb = vec![0x80u8; width * ph * 3];
    let mut put = |panel: usize, x: usize, y: usize, c: [u8; 3]| {
        let i = (y * width + panel * (pw + GAP) + x) * 3;
        rgb[i..i + 3].copy_from_slice(&c);
    };
    for y in 0..rows {
        for x in 0..FRAME_WIDTH {
            put(
                0,
                x,
                y,
                PALETTE[(frame[y * FRAME_WIDTH + x] & 0x0F) as usize],
            );
        }
    }
    for y in 0..reference.height {
        for x in 0..reference.width {
            let c = reference.rgb(y * reference.width + x);
            put(1, x, y, c);
            put(2, x, y, c.map(|v| v / 3));
        }
    }
    walk(frame, reference, |_, (x, y), same| {
        if !same {
            put(2, x, y, [0xFF, 0x00, 0xFF]);
        }
    });
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width as u32, ph as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().expect("in-memory PNG header");
        w.write_image_data(&rgb).expect("in-memory PNG data");
    }
    out
}

/// Write [`diff_png`] of every failing picture run of `results` (the bench in `dir`) to
/// `out/PROGRAM.png`; how many were written.
pub fn write_diffs(dir: &Path, results: &[super::RunResult], out: &Path) -> Result<usize, String> {
    let mut n = 0;
    for r in results.iter().filter(|r| !r.passed()) {
        let Some(Verdict::Compared { frame, .. }) = &r.picture else {
            continue;
        };
        let reference = Reference::read(&reference_path(dir, &r.entry.program))?;
        let path = out.join(format!("{}.png", r.entry.program));
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("{}: cannot write: {e}", folder.display()))?;
        }
        // Under a temporary name, renamed into place once whole.
        crate::host::output::write_all_or_none(&[(&path, &diff_png(frame, &reference))])
            .map_err(|e| e.to_string())?;
        n += 1;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::vic::FRAME_HEIGHT;

    /// A frame of colour code `c` everywhere.
    fn frame(c: u8) -> Vec<u8> {
        vec![c; FRAME_WIDTH * FRAME_HEIGHT]
    }

    /// `frame` as a reference in palette `p`, through a PNG (RGBA, as the collection's are).
    fn reference(frame: &[u8], p: usize) -> Reference {
        let mut rgba = Vec::new();
        for &k in frame {
            rgba.extend_from_slice(&PALETTES[p].1[k as usize]);
            rgba.push(0xFF);
        }
        let mut png_bytes = Vec::new();
        {
            let mut enc =
                png::Encoder::new(&mut png_bytes, FRAME_WIDTH as u32, FRAME_HEIGHT as u32);
            enc.set_color(png::ColorType::Rgba);
            enc.set_depth(png::BitDepth::Eight);
            let mut w = enc.write_header().unwrap();
            w.write_image_data(&rgba).unwrap();
        }
        Reference::from_png(&png_bytes).unwrap()
    }

    #[test]
    fn breadbins_colours_are_the_first_palette() {
        assert_eq!(PALETTES[0].1, &PALETTE[..]);
        let r = Reference::from_png(&crate::chips::vic::frame_png(&frame(14), &PALETTE)).unwrap();
        assert_eq!(r.palette, 0);
        assert!(r.codes.iter().all(|&c| c == 14));
    }

    #[test]
    fn equal_pictures_match_and_one_pixel_off_is_counted_with_its_box() {
        let mut ours = frame(6);
        for x in 40..80 {
            ours[100 * FRAME_WIDTH + x] = 1;
        }
        let r = reference(&ours, 0);
        assert_eq!(compare(&ours, &r), Difference::default());
        ours[120 * FRAME_WIDTH + 50] = 2;
        let d = compare(&ours, &r);
        assert_eq!(d.pixels, 1);
        assert_eq!(d.bbox, Some((50, 120, 50, 120)));
        ours[10 * FRAME_WIDTH + 300] = 2;
        assert_eq!(compare(&ours, &r).bbox, Some((50, 10, 300, 120)));
        let png = diff_png(&ours, &r);
        assert!(png.starts_with(b"\x89PNG"));
    }

    #[test]
    fn a_reference_in_another_palette_compares_by_colour_code() {
        let ours: Vec<u8> = (0..FRAME_WIDTH * FRAME_HEIGHT)
            .map(|i| (i % 16) as u8)
            .collect();
        // Pepto's NTSC colours: the same codes, other RGB.
        let r = reference(&ours, 1);
        assert_eq!(r.palette, 1);
        assert_eq!(compare(&ours, &r).pixels, 0);
        let mut off = ours.clone();
        off[0] = 5;
        assert_eq!(compare(&off, &r).pixels, 1);
        // The PET's green screen: code 1 green, every other code black, so code 9 shows as
        // 0 does.
        let pet: Vec<u8> = ours.iter().map(|&c| u8::from(c == 1)).collect();
        let r = reference(&pet, 3);
        assert_eq!(r.palette, 3);
        let mut nines: Vec<u8> = pet.iter().map(|&c| if c == 1 { 1 } else { 9 }).collect();
        assert_eq!(compare(&nines, &r).pixels, 0);
        nines[0] = 1;
        assert_eq!(compare(&nines, &r).pixels, 1);
    }

    #[test]
    fn colours_in_no_palette_are_refused_with_the_reason() {
        let mut rgb = vec![[0, 0, 0]; 4];
        rgb[2] = [1, 2, 3];
        let e = Reference::from_rgb(2, 2, &rgb).unwrap_err();
        assert!(
            e.contains("its 2 colours are in none of the palettes"),
            "{e}"
        );
    }

    #[test]
    fn expect_error_passes_when_the_pictures_differ() {
        let same = Verdict::Compared {
            frame: Vec::new(),
            difference: Difference::default(),
        };
        let differ = Verdict::Compared {
            frame: Vec::new(),
            difference: Difference {
                pixels: 3,
                bbox: Some((1, 2, 3, 4)),
            },
        };
        let w = Ending::Wrote(0);
        assert!(same.passes(w, Expect::Picture));
        assert!(!same.passes(w, Expect::NotPicture));
        assert!(!differ.passes(w, Expect::Picture));
        assert!(differ.passes(w, Expect::NotPicture));
        assert_eq!(differ.status(w), "error");
        assert_eq!(same.status(Ending::Wrote(0xFF)), "ok");
        assert_eq!(differ.describe(w), "3 pixels differ in (1,2)-(3,4)");
        // A run that never wrote is a timeout, whatever its picture.
        assert!(!same.passes(Ending::Timeout, Expect::Picture));
        assert_eq!(same.status(Ending::Timeout), "timeout");
        let none = Verdict::NoReference("missing".into());
        assert!(!none.passes(w, Expect::Picture));
        assert!(none.passes(w, Expect::NotPicture));
    }

    #[test]
    fn references_sit_beside_their_program() {
        assert_eq!(
            reference_path(Path::new("b"), "VICII/x/y-1.prg"),
            Path::new("b/VICII/x/references/y-1.prg.png")
        );
    }
}
