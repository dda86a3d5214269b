//! Putting the 384x272 frame on the window: through the GPU (pixels/wgpu), or, on a machine
//! without a usable graphics adapter (no Vulkan, GL or Metal driver), in software through
//! softbuffer, which hands the window a plain buffer of pixels. `auto` tries the GPU first
//! and falls back to software by itself. Both scale by whole numbers only, keep the aspect
//! and leave the rest of the window black.

#[cfg(test)]
use crate::chips::vic::FRAME_HEIGHT;
use crate::chips::vic::{FRAME_WIDTH, Palette};
use pixels::{Pixels, SurfaceTexture};
use std::num::NonZeroU32;
use std::sync::Arc;
use winit::window::Window;

/// How the picture is drawn (`--renderer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Renderer {
    /// The GPU if an adapter is found, else software.
    #[default]
    Auto,
    /// The GPU only: fail without an adapter.
    Gpu,
    /// Software only.
    Software,
}

impl std::str::FromStr for Renderer {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(Renderer::Auto),
            "gpu" => Ok(Renderer::Gpu),
            "software" => Ok(Renderer::Software),
            _ => Err(format!("'{s}': expected auto, gpu or software")),
        }
    }
}

/// What to install when no graphics adapter works (Debian/Ubuntu package names).
pub const GPU_PACKAGES: &str = "mesa-vulkan-drivers libvulkan1";

pub enum Presenter {
    Gpu(Box<Pixels<'static>>),
    Software {
        surface: softbuffer::Surface<Arc<Window>, Arc<Window>>,
        _context: softbuffer::Context<Arc<Window>>,
        size: (u32, u32),
        /// The picture's rows.
        rows: usize,
    },
}

impl Presenter {
    /// A presenter of pictures [`FRAME_WIDTH`] x `rows` for `window` as `mode` asks. Returns
    /// it and, when `auto` fell back to software, the reason (for a one-line note).
    pub fn new(
        window: &Arc<Window>,
        mode: Renderer,
        rows: usize,
    ) -> Result<(Presenter, Option<String>), String> {
        let gpu_error = if mode == Renderer::Software {
            None
        } else {
            match Self::gpu(window, rows).map_err(|e| e.trim_end_matches('.').to_string()) {
                Ok(p) => return Ok((p, None)),
                Err(e) if mode == Renderer::Gpu => {
                    return Err(format!(
                        "no usable graphics adapter ({e}); install {GPU_PACKAGES} \
                         (Debian/Ubuntu) or use --renderer software"
                    ));
                }
                Err(e) => Some(e),
            }
        };
        let soft = Self::software(window, rows).map_err(|e| match &gpu_error {
            Some(g) => format!(
                "cannot draw in the window: no graphics adapter ({g}) and no software \
                 drawing ({e}); install {GPU_PACKAGES} (Debian/Ubuntu)"
            ),
            None => format!("cannot draw in the window in software: {e}"),
        })?;
        let note = gpu_error.map(|g| {
            format!("no graphics adapter ({g}): drawing in software (install {GPU_PACKAGES} for the GPU)")
        });
        Ok((soft, note))
    }

    fn gpu(window: &Arc<Window>, rows: usize) -> Result<Presenter, String> {
        let inner = window.inner_size();
        let surface =
            SurfaceTexture::new(inner.width.max(1), inner.height.max(1), Arc::clone(window));
        Pixels::new(FRAME_WIDTH as u32, rows as u32, surface)
            .map(|p| Presenter::Gpu(Box::new(p)))
            .map_err(|e| e.to_string())
    }

    fn software(window: &Arc<Window>, rows: usize) -> Result<Presenter, String> {
        let context = softbuffer::Context::new(Arc::clone(window)).map_err(|e| e.to_string())?;
        let surface =
            softbuffer::Surface::new(&context, Arc::clone(window)).map_err(|e| e.to_string())?;
        let inner = window.inner_size();
        let mut p = Presenter::Software {
            surface,
            _context: context,
            size: (0, 0),
            rows,
        };
        p.resize(inner.width, inner.height)?;
        Ok(p)
    }

    /// The window's inner size changed.
    pub fn resize(&mut self, width: u32, height: u32) -> Result<(), String> {
        let (w, h) = (width.max(1), height.max(1));
        match self {
            Presenter::Gpu(p) => p.resize_surface(w, h).map_err(|e| e.to_string()),
            Presenter::Software { surface, size, .. } => {
                let nz = |v: u32| NonZeroU32::new(v).unwrap_or(NonZeroU32::MIN);
                surface.resize(nz(w), nz(h)).map_err(|e| e.to_string())?;
                *size = (w, h);
                Ok(())
            }
        }
    }

    /// Draw a picture of palette indices ([`FRAME_WIDTH`] x the presenter's rows) in
    /// `palette`'s colours.
    pub fn draw(&mut self, frame: &[u8], palette: &Palette) -> Result<(), String> {
        match self {
            Presenter::Gpu(p) => {
                for (px, &c) in p.frame_mut().chunks_exact_mut(4).zip(frame) {
                    let rgb = palette[(c & 0x0F) as usize];
                    px.copy_from_slice(&[rgb[0], rgb[1], rgb[2], 0xFF]);
                }
                p.render().map_err(|e| e.to_string())
            }
            Presenter::Software { surface, size, .. } => {
                let mut buf = surface.buffer_mut().map_err(|e| e.to_string())?;
                scale_into(frame, palette, &mut buf, size.0 as usize, size.1 as usize);
                buf.present().map_err(|e| e.to_string())
            }
        }
    }
}

impl Presenter {
    /// The frame pixel (column, row) under window position `pos` (physical pixels), if the
    /// picture is there.
    pub fn frame_pixel(&self, pos: (f64, f64)) -> Option<(usize, usize)> {
        match self {
            Presenter::Gpu(p) => p.window_pos_to_pixel((pos.0 as f32, pos.1 as f32)).ok(),
            Presenter::Software { size, rows, .. } => {
                frame_pixel_in(size.0 as usize, size.1 as usize, *rows, pos)
            }
        }
    }
}

/// Where [`scale_into`] puts a picture of `rows` rows in a `w` x `h` window: the frame pixel
/// at `pos`.
fn frame_pixel_in(w: usize, h: usize, rows: usize, pos: (f64, f64)) -> Option<(usize, usize)> {
    let s = (w / FRAME_WIDTH).min(h / rows.max(1)).max(1);
    let (pw, ph) = ((FRAME_WIDTH * s).min(w), (rows * s).min(h));
    let (x0, y0) = ((w - pw) / 2, (h - ph) / 2);
    let (x, y) = (
        pos.0.floor() as i64 - x0 as i64,
        pos.1.floor() as i64 - y0 as i64,
    );
    (x >= 0 && y >= 0 && (x as usize) < pw && (y as usize) < ph)
        .then(|| (x as usize / s, y as usize / s))
}

/// 0x00RRGGBB of each palette entry (softbuffer's pixel format).
fn palette_u32(palette: &Palette) -> [u32; 16] {
    palette.map(|[r, g, b]| (r as u32) << 16 | (g as u32) << 8 | b as u32)
}

/// The picture ([`FRAME_WIDTH`] wide) scaled by the largest whole factor that fits `w` x
/// `h`, centred, the rest black.
pub fn scale_into(frame: &[u8], palette: &Palette, out: &mut [u32], w: usize, h: usize) {
    let pal = palette_u32(palette);
    let rows = (frame.len() / FRAME_WIDTH).max(1);
    let s = (w / FRAME_WIDTH).min(h / rows).max(1);
    let (pw, ph) = ((FRAME_WIDTH * s).min(w), (rows * s).min(h));
    let (x0, y0) = ((w - pw) / 2, (h - ph) / 2);
    out[..w * h].fill(0);
    for y in 0..ph {
        let src = &frame[(y / s) * FRAME_WIDTH..][..FRAME_WIDTH];
        let row = &mut out[(y0 + y) * w + x0..][..pw];
        for (x, px) in row.iter_mut().enumerate() {
            *px = pal[(src[x / s] & 0x0F) as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::vic::PALETTE;

    #[test]
    fn a_window_position_maps_to_the_frame_pixel_drawn_there() {
        // 1000x600: scale 2, picture 768x544 at (116, 28).
        assert_eq!(
            frame_pixel_in(1000, 600, FRAME_HEIGHT, (116.0, 28.0)),
            Some((0, 0))
        );
        assert_eq!(
            frame_pixel_in(1000, 600, FRAME_HEIGHT, (117.9, 29.5)),
            Some((0, 0))
        );
        assert_eq!(
            frame_pixel_in(1000, 600, FRAME_HEIGHT, (118.0, 30.0)),
            Some((1, 1))
        );
        assert_eq!(
            frame_pixel_in(1000, 600, FRAME_HEIGHT, (883.0, 571.0)),
            Some((383, 271))
        );
        assert_eq!(
            frame_pixel_in(1000, 600, FRAME_HEIGHT, (115.0, 300.0)),
            None
        );
        assert_eq!(
            frame_pixel_in(1000, 600, FRAME_HEIGHT, (884.0, 300.0)),
            None
        );
    }

    #[test]
    fn software_scaling_is_whole_and_centred() {
        let mut frame = vec![0u8; FRAME_WIDTH * FRAME_HEIGHT];
        frame[0] = 1; // white top-left pixel
        frame[FRAME_WIDTH * FRAME_HEIGHT - 1] = 2; // red bottom-right
        let (w, h) = (FRAME_WIDTH * 2 + 10, FRAME_HEIGHT * 2 + 4);
        let mut out = vec![0xDEADu32; w * h];
        scale_into(&frame, &PALETTE, &mut out, w, h);
        let pal = palette_u32(&PALETTE);
        // 5 columns and 2 rows of black border, then the 2x2 white pixel.
        assert_eq!(out[2 * w + 4], 0);
        assert_eq!(out[2 * w + 5], pal[1]);
        assert_eq!(out[3 * w + 6], pal[1]);
        assert_eq!(out[3 * w + 7], pal[0]);
        assert_eq!(out[(h - 3) * w + (w - 6)], pal[2]);
        assert_eq!(out[(h - 1) * w + (w - 1)], 0);
        // A window smaller than the frame shows its top-left part at scale 1.
        let mut small = vec![0u32; 100 * 50];
        scale_into(&frame, &PALETTE, &mut small, 100, 50);
        assert_eq!(small[0], pal[1]);
    }
}
