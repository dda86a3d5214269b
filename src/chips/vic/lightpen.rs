//! The light pen (VIC-II article, 3.11): the LP input's falling edge latches the beam's
//! position in $D013/$D014 once a frame and raises the light pen interrupt flag.

use super::*;

impl Vic {
    /// The level of the LP input (CIA 1's PB4 and joystick 1's fire button): a falling edge
    /// latches the beam position at the end of the current cycle (3.11), the line as it is
    /// in the next cycle.
    pub fn set_light_pen(&mut self, low: bool) {
        if low && !self.lp_low {
            // (Line 0 reads as 311 in its first cycle.)
            let line = if self.cycle < self.t.cycles_per_line || self.raster == self.t.lines - 1 {
                self.raster
            } else {
                self.raster + 1
            };
            // An edge in the last line (but its first cycle) is taken without a latch.
            let last_line = line == self.t.lines - 1 && self.raster == self.t.lines - 1;
            self.light_pen_edge(
                self.cycle_x(self.cycle) + self.t.light_pen_x,
                line,
                !last_line,
            );
        }
        self.lp_low = low;
    }

    pub fn lp_low(&self) -> bool {
        self.lp_low
    }

    /// A light pen on the picture: it sees the beam at frame pixel (`x`, `y`) once a frame
    /// (None: no pen).
    pub fn set_pen(&mut self, at: Option<(usize, usize)>) {
        self.pen = at.and_then(|(x, y)| {
            (x < FRAME_WIDTH && y < self.t.visible_lines as usize).then(|| {
                let raster_x = (x as u16 + (self.t.x_wrap - 8)) % self.t.x_wrap;
                let line = (y as u16 + self.t.first_visible_line) % self.t.lines;
                (line, raster_x)
            })
        });
    }

    /// The first light pen edge of a frame latches X/2 into $D013 and `line` into $D014
    /// and raises the light pen interrupt flag (when it `latches` at all); later ones are
    /// ignored.
    pub(super) fn light_pen_edge(&mut self, x: u16, line: u16, latches: bool) {
        if self.lp_latched {
            return;
        }
        self.lp_latched = true;
        if latches {
            self.regs[0x13] = ((x % self.t.x_wrap) >> 1) as u8;
            self.regs[0x14] = line as u8;
            self.irq_flags |= 0x08;
        }
    }
}
