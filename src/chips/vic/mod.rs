//! MOS 6569 (PAL VIC-II), stepped one φ2 cycle at a time; the other models (the NTSC
//! 6567R8 and 6567R56A, the C64C's 8565) with their own lines, cycles, fetch cycles and X
//! coordinates ([`timing`]).
//!
//! Facts implemented, by section of C. Bauer, "The MOS 6567/6569 video controller (VIC-II)
//! and its application in the Commodore 64" (1996):
//! - 3.4/3.6.3: 312 lines of 63 cycles; the per-cycle access table of the 6569 (sprite
//!   pointer and data slots at cycles 58-63 and 1-10, refresh at 11-15, c-accesses in the
//!   second phase of cycles 15-54 and g-accesses in the first phase of cycles 16-55). The
//!   sprite slots are in [`SLOTS`]; sprite DMA is in `sprites.rs`.
//! - 3.5: the Bad Line Condition (raster $30-$F7, low three bits equal to YSCROLL, DEN set in
//!   some cycle of line $30); BA goes low from cycle 12 and the CPU is stopped on read cycles;
//!   the c-accesses need BA to have been low for three cycles (before that the VIC reads $FF).
//! - 3.7.1/3.7.2: idle/display state, VC, VCBASE, RC and VMLI with their update rules at
//!   cycles 14, 16-55 and 58; idle-state g-accesses at $3FFF ($39FF with ECM).
//! - VICE test bench `VICII/vsp-tester` (measured on 6569s): when a $D011 write starts a Bad
//!   Line in idle state within the line, the next g-access is an idle one from $38FF, and
//!   display state shows from the one after.
//! - 3.7.3: standard, multicolour and ECM text, the two bitmap modes, and the invalid mode
//!   combinations, which show black.
//! - 3.8: sprites (`sprites.rs`): DMA on and off by the Y compare in cycles 55/56, MC and
//!   MCBASE with the Y-expansion flip-flop, p- and s-accesses, BA from 3 cycles before a
//!   sprite's p-access, hires and multicolour pixels with X expansion, priority and the
//!   sprite-sprite and sprite-background collision registers with their interrupts.
//! - 3.9: the border flip-flops with 38/40 columns and 24/25 rows.
//! - 3.12: raster interrupt (the comparison happens in the first cycle of a line, one cycle
//!   later in line 0; writing a matching compare value also triggers), $D019 latch and $D01A
//!   mask.
//!
//! Output: an indexed 384x272 frame (raster lines 16-287; X from 8 pixels left of the
//! 38-column border edge, i.e. 32 border pixels each side of the 40-column window), shown in
//! a [`Palette`] ([`palette`]): the PAL chips' [`PALETTE`], or one [`computed`] for NTSC.

mod draw;
mod lightpen;
pub(crate) mod palette;
mod quiet;
mod regs;
mod seams;
mod sequencer;
mod sprites;
pub mod timing;

pub use timing::{Slot, Timing};

fn pal_timing() -> &'static Timing {
    &timing::MOS6569
}

use sprites::Sprites;

pub use palette::{Luma, PALETTE, Palette, Standard, computed, frame_png};

/// The picture's width, and its height on the PAL chips (the NTSC chips show fewer lines:
/// their timing's `visible_lines`).
pub const FRAME_WIDTH: usize = 384;
pub const FRAME_HEIGHT: usize = 272;
/// The memory the VIC sees: its 16 KiB bank of RAM (with the character ROM at $1000-$1FFF
/// in banks 0 and 2) and the colour RAM.
pub struct VicMemory<'a> {
    pub ram: &'a [u8; 0x10000],
    pub chargen: &'a [u8; 0x1000],
    pub color: &'a [u8; 0x400],
    /// Bank base address: $0000, $4000, $8000 or $C000.
    pub bank: u16,
    /// Where `chargen` shows in the bank ($1000, or $3000 for a cartridge's ROMH in Ultimax
    /// mode), and whether it shows in this bank at all (the character ROM: banks 0 and 2).
    pub rom_at: u16,
    pub rom_here: bool,
}

impl VicMemory<'_> {
    /// Read a 14-bit VIC address in the current bank.
    #[inline(always)]
    pub fn read(&self, addr: u16) -> u8 {
        if self.is_rom(addr) {
            self.chargen[(addr & 0x0FFF) as usize]
        } else {
            self.ram[(self.bank | (addr & 0x3FFF)) as usize]
        }
    }

    /// Whether a VIC address reads the character ROM.
    #[inline(always)]
    pub fn is_rom(&self, addr: u16) -> bool {
        self.rom_here && addr & 0x3000 == self.rom_at
    }
}

/// The VIC-II chip state.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Vic {
    /// The model's timing (a restored state gets it from the machine's model again).
    #[serde(skip, default = "pal_timing")]
    t: &'static Timing,
    #[serde(with = "crate::chips::serde_arrays")]
    regs: [u8; 0x40],
    /// Current raster line and cycle (1..=63, the article's numbering).
    raster: u16,
    cycle: u8,
    raster_compare: u16,
    irq_flags: u8,
    irq_mask: u8,
    raster_match: bool,
    den_latch: bool,
    bad_line: bool,
    display_state: bool,
    /// Cycle in which BA last fell in this line (c-accesses need three cycles more).
    ba_start: u8,
    /// The matrix position + 1 of this cycle's c-access if the CPU still had the bus in it
    /// (0: none). Its colour nybble is the low nybble of the CPU's data byte of the cycle,
    /// handed in by the machine with [`Vic::cpu_data`].
    #[serde(default)]
    cpu_cell: u8,
    /// The cycle after a $D011 write that started a Bad Line in idle state in this line (0:
    /// none). Its g-access is still an idle one, but at $38FF; display state takes over in
    /// the next.
    vsp_cycle: u8,
    vc: u16,
    vcbase: u16,
    rc: u8,
    vmli: usize,
    /// Video matrix line: character codes and colours from the c-accesses.
    #[serde(with = "crate::chips::serde_arrays")]
    matrix: [u8; 40],
    #[serde(with = "crate::chips::serde_arrays")]
    colors: [u8; 40],
    /// What the sequencer gets for each of the 40 cell positions of this line (the
    /// g-access of cycle 16 + position): the graphics byte, and the video matrix byte and
    /// colour that go with it (zero in idle state).
    #[serde(with = "crate::chips::serde_arrays")]
    gdata: [u8; 40],
    #[serde(with = "crate::chips::serde_arrays")]
    gchar: [u8; 40],
    #[serde(with = "crate::chips::serde_arrays")]
    gcol: [u8; 40],
    main_border: bool,
    vertical_border: bool,
    /// The c-data (video matrix byte, colour) the graphics sequencer holds: that of the
    /// last cell of a line drawn with the main border open, until the border closes
    /// (`sequencer.rs`). The pixels outside the 40 cells show it, and so do the cells of a
    /// line in which the sequencer takes no data (`seq_blank`).
    #[serde(default)]
    seq_c: (u8, u8),
    /// XSCROLL as it was when the sequencer loaded the line's last cell, if it has been
    /// written since: the cell stays where it was loaded (`regs.rs`).
    #[serde(default)]
    held_xscroll: Option<u8>,
    /// After XSCROLL grew within the line: raster X from which the sequencer waits for its
    /// next load, the X of that load, the cell it shifts out meanwhile and that cell's
    /// load X (`sequencer.rs`).
    #[serde(default)]
    xs_gap: Option<(u16, u16, u8, u16)>,
    /// The cycle whose g-access follows a write that switched BMM, and $D011 before that
    /// write (`seams.rs`); 0 for none.
    #[serde(default)]
    seam_cycle: u8,
    #[serde(default)]
    seam_d011: u8,
    /// Pixels of the cycle being drawn that a multicolour switch decides: the cycle's
    /// first X, how many, their colours and foreground bits (`seams.rs`).
    #[serde(skip)]
    seam_px: Option<(u16, u8, [u8; 8], u8)>,
    /// The vertical border flip-flop as the line started: the graphics sequencer shows
    /// no data in such a line (`sequencer.rs`).
    #[serde(default)]
    seq_blank: bool,
    /// The last cycle of this line whose pixels are drawn. Cycles where no sprite can
    /// colour or collide wait for the end of the line, a register write or a cycle where
    /// one can, whichever comes first (`draw.rs`).
    drawn: u8,
    /// Pixels of the cycle after `drawn` already drawn (a colour write splits a cycle).
    drawn_part: u8,
    /// The last three pixels of the last cycle drawn one by one: frame index and colour
    /// register ($D020 + n) of each pixel that took its colour from one, re-coloured if
    /// the next cycle's CPU access writes a colour register (`draw.rs`).
    tail: [(u32, u8); 3],
    /// The cycle those pixels belong to (`draw::NO_TAIL_CYCLE`: none).
    tail_cycle: u8,
    /// A cycle of this line (0: none) whose pixels a sprite may colour or collide in,
    /// drawn once the CPU's access in it is made ([`Vic::draw_near`]).
    near: u8,
    spr: Sprites,
    /// Indexed pixels of the visible area, written only when rendering is on.
    frame: Box<[u8]>,
    render: bool,
    frames: u64,
    /// Draw every pixel through the general per-pixel path (tests compare the two).
    pub(crate) slow_draw: bool,
    /// The light pen input (3.11): low now, and whether this frame's edge has latched.
    lp_low: bool,
    lp_latched: bool,
    /// A pen held to the picture: the raster line and X whose light it sees.
    pen: Option<(u16, u16)>,
}

impl Default for Vic {
    fn default() -> Self {
        Self::new()
    }
}

impl Vic {
    /// A 6569.
    pub fn new() -> Self {
        Self::with_timing(pal_timing())
    }

    /// A chip with the timing `t`, as at power-on.
    pub fn with_timing(t: &'static Timing) -> Self {
        Vic {
            t,
            regs: [0; 0x40],
            raster: t.lines - 1,
            cycle: t.cycles_per_line,
            raster_compare: 0,
            irq_flags: 0,
            irq_mask: 0,
            raster_match: false,
            den_latch: false,
            bad_line: false,
            display_state: false,
            ba_start: 12,
            cpu_cell: 0,
            vsp_cycle: 0,
            vc: 0,
            vcbase: 0,
            rc: 0,
            vmli: 0,
            matrix: [0; 40],
            colors: [0; 40],
            gdata: [0; 40],
            gchar: [0; 40],
            gcol: [0; 40],
            main_border: true,
            vertical_border: true,
            seq_blank: true,
            seq_c: (0, 0),
            held_xscroll: None,
            xs_gap: None,
            seam_cycle: 0,
            seam_d011: 0,
            seam_px: None,
            drawn: t.cycles_per_line,
            drawn_part: 0,
            tail: [(draw::NO_TAIL, 0); 3],
            tail_cycle: draw::NO_TAIL_CYCLE,
            near: 0,
            spr: Sprites::default(),
            frame: vec![0; FRAME_WIDTH * FRAME_HEIGHT].into_boxed_slice(),
            render: true,
            frames: 0,
            slow_draw: false,
            lp_low: false,
            lp_latched: false,
            pen: None,
        }
    }

    /// Give a restored chip its model's timing back.
    pub(crate) fn set_timing(&mut self, t: &'static Timing) {
        self.t = t;
    }

    /// Whether a restored state is one the chip can run from.
    pub(crate) fn check_restored(&self) -> Result<(), String> {
        if self.frame.len() != FRAME_WIDTH * FRAME_HEIGHT
            || !(1..=self.t.cycles_per_line).contains(&self.cycle)
            || self.raster >= self.t.lines
            || self.vmli > 40
            || self.rc > 7
            || self.drawn > self.t.cycles_per_line
            || self.drawn_part > 7
            || self
                .tail
                .iter()
                .any(|t| t.0 != draw::NO_TAIL && (t.0 as usize >= self.frame.len() || t.1 > 14))
            || self.near > self.t.cycles_per_line
            || self.vc > 0x3FF
            || self.vcbase > 0x3FF
        {
            return Err("the VIC's position or counters are out of range".into());
        }
        Ok(())
    }

    /// Whether the picture is drawn.
    #[inline(always)]
    pub fn renders(&self) -> bool {
        self.render
    }

    /// Turn pixel output on or off. Everything else (timing, fetches, interrupts) is the same
    /// either way; headless runs that need no picture save the work.
    pub fn set_render(&mut self, on: bool) {
        self.flush_draw();
        self.render = on;
        self.drawn = self.cycle;
        self.drawn_part = 0;
    }

    /// The picture: the model's visible lines (its timing's `visible_lines`) of
    /// [`FRAME_WIDTH`] pixels.
    pub fn frame(&self) -> &[u8] {
        &self.frame[..FRAME_WIDTH * self.t.visible_lines as usize]
    }

    /// Frames completed since power-on.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    pub fn raster(&self) -> u16 {
        self.raster
    }

    /// The current cycle within the line, 1..=63.
    pub fn cycle(&self) -> u8 {
        self.cycle
    }

    /// /IRQ output: an enabled interrupt flag is set.
    #[inline]
    pub fn irq(&self) -> bool {
        self.irq_flags & self.irq_mask & 0x0F != 0
    }

    /// The byte the VIC read in the first phase of its current cycle: what a CPU read of an
    /// unconnected address sees (open bus at $DE00-$DFFF, the upper bits of colour RAM).
    /// Derived from the access table (3.6.3) and the state after the cycle's tick: sprite
    /// pointer reads at the end of the video matrix, refresh reads at $3Fxx with the 8-bit
    /// refresh counter (reset to $FF in line 0, five decrements a line), g-accesses in display
    /// state and idle g-accesses at $3FFF ($39FF with ECM), and idle accesses of $3FFF
    /// everywhere else.
    pub fn phi1_fetch(&self, mem: &VicMemory) -> u8 {
        let ecm = self.regs[0x11] & 0x40 != 0;
        let idle = self.idle_addr();
        match self.t.slots[(self.cycle - 1) as usize] {
            Slot::SpritePointer(n) => mem.read(self.screen_base() | 0x3F8 | n as u16),
            Slot::Refresh => {
                let done = self.raster as u32 * 5 + (self.cycle as u32 - 11);
                mem.read(0x3F00 | (0xFF - (done & 0xFF)) as u16)
            }
            Slot::Graphics if self.cycle == self.vsp_cycle => mem.read(self.vsp_addr()),
            Slot::Graphics if self.display_state && self.vmli > 0 => {
                // The state is after this cycle's g-access: VC and VMLI have moved past it.
                let vc = self.vc.wrapping_sub(1) & 0x3FF;
                let i = (self.vmli - 1).min(39);
                let addr = if self.regs[0x11] & 0x20 != 0 {
                    (((self.regs[0x18] as u16) & 0x08) << 10) | (vc << 3) | self.rc as u16
                } else {
                    let code = if ecm {
                        self.matrix[i] & 0x3F
                    } else {
                        self.matrix[i]
                    };
                    (((self.regs[0x18] as u16) & 0x0E) << 10)
                        | ((code as u16) << 3)
                        | self.rc as u16
                };
                mem.read(addr)
            }
            Slot::Graphics => mem.read(idle),
            // The idle accesses ("i" in 3.6.3) read $3FFF whatever ECM says (the test
            // bench's `VICII/phi1timing` tells them from ECM's g-accesses at $39FF).
            _ => mem.read(0x3FFF),
        }
    }

    /// Video matrix base within the bank ($D018 bits 4-7).
    pub fn screen_base(&self) -> u16 {
        ((self.regs[0x18] as u16) >> 4) << 10
    }

    #[inline(always)]
    fn yscroll(&self) -> u16 {
        (self.regs[0x11] & 7) as u16
    }

    #[inline(always)]
    fn den(&self) -> bool {
        self.regs[0x11] & 0x10 != 0
    }

    /// Advance one cycle: the VIC's first-phase access and, on bad lines, its second-phase
    /// c-access. Returns true while BA is low (the CPU must stop on read cycles).
    #[inline(always)]
    pub fn tick(&mut self, mem: &VicMemory) -> bool {
        self.draw_near();
        let cycle = if self.cycle >= self.t.cycles_per_line {
            self.start_line();
            1
        } else {
            self.cycle + 1
        };
        self.cycle = cycle;
        // Graphics are fetched and drawn when the picture is wanted, and while sprites are
        // about (their collisions need the graphics).
        let mut sprites = self.sprites_drawing();
        if sprites {
            self.collisions_arrive();
        }
        let busy = self.sprites_busy();
        if busy && self.t.sprite_cycles & (1 << cycle) != 0 {
            self.sprite_cycle(mem);
            // A display may have come on (cycle 58).
            sprites = sprites || self.sprites_drawing();
        }
        let gfx = self.render || sprites;
        match cycle {
            2 if self.raster == 0 => {
                self.check_raster_irq();
                // The light pen may latch again from the vertical blank on; an input held
                // low across the frame start latches at once, at a fixed X.
                self.lp_latched = false;
                if self.lp_low {
                    self.light_pen_edge(0x1A2, 0, true);
                }
            }
            14 => {
                self.vc = self.vcbase;
                self.vmli = 0;
                if self.bad_line {
                    self.rc = 0;
                }
            }
            16..=55 => {
                if cycle == self.vsp_cycle {
                    if gfx {
                        self.g_access_idle(mem, self.vsp_addr());
                    }
                } else if gfx {
                    self.g_access(mem);
                } else if self.display_state {
                    self.vc = (self.vc + 1) & 0x3FF;
                    self.vmli += 1;
                }
            }
            58 => {
                if self.rc == 7 {
                    self.vcbase = self.vc;
                    if !self.bad_line {
                        self.display_state = false;
                    }
                }
                if self.display_state {
                    self.rc = (self.rc + 1) & 7;
                }
            }
            _ => {}
        }
        // Second phase: c-access on bad lines, cycles 15-54, also while sprites that may
        // come on in this text row are enabled (their collisions need the graphics).
        if (gfx || busy) && self.bad_line && (15..=54).contains(&cycle) {
            self.c_access(mem);
        }
        if gfx {
            // Cycles where a sprite may colour or collide are drawn after the CPU's access
            // (`draw_near`); the others wait for the end of the line, the next register
            // write or such a cycle.
            if self.slow_draw || sprites && self.sprites_within(self.cycle_x(cycle)) != 0 {
                self.near = cycle;
            } else if cycle == self.t.cycles_per_line {
                self.flush_draw_to(self.t.cycles_per_line);
            }
        }
        // BA is low in cycles 12-54 of a bad line (3.6.3) and around each sprite's DMA.
        (self.bad_line && (12..=54).contains(&cycle))
            || self.spr.dma & self.t.sprite_ba[cycle as usize] != 0
    }

    /// Cycle 1 of a new line: the raster counter moves on and is compared (line 0 compares
    /// in cycle 2), and the Bad Line Condition is evaluated for the line.
    #[inline]
    fn start_line(&mut self) {
        self.raster += 1;
        if self.raster == self.t.lines {
            self.raster = 0;
            self.frames += 1;
            // Outside the bad-line range VCBASE is reset (done in line 0).
            self.vcbase = 0;
            self.den_latch = false;
        }
        self.cycle = 1;
        self.spr.fresh = (0, 0);
        if let Some((line, x)) = self.pen
            && line == self.raster
        {
            // The pen's pulse, taken at the start of the line the beam lights it in.
            self.light_pen_edge(x, line, true);
        }
        self.drawn = 0;
        self.drawn_part = 0;
        // A tail of the last line is past changing.
        self.tail_cycle = draw::NO_TAIL_CYCLE;
        self.vertical_compare();
        self.seq_blank = self.vertical_border;
        self.held_xscroll = None;
        self.xs_gap = None;
        self.seam_cycle = 0;
        if self.raster != 0 {
            self.check_raster_irq();
        } else {
            self.raster_match = false;
        }
        self.ba_start = 12;
        self.cpu_cell = 0;
        self.vsp_cycle = 0;
        self.update_bad_line();
    }

    /// The Bad Line Condition (3.5): raster $30-$F7, its low three bits equal to YSCROLL,
    /// and DEN set in some cycle of line $30. It can only change with the raster line or a
    /// write to $D011, so it is evaluated at those two moments.
    #[inline]
    fn update_bad_line(&mut self) {
        if self.raster == 0x30 && self.den() {
            self.den_latch = true;
        }
        let was = self.bad_line;
        self.bad_line = self.den_latch
            && (0x30..=0xF7).contains(&self.raster)
            && (self.raster & 7) == self.yscroll();
        if self.bad_line {
            if !was && self.cycle >= 12 {
                // BA falls now: the c-accesses must wait three cycles.
                self.ba_start = self.cycle + 1;
            }
            if !was && !self.display_state && (15..=54).contains(&self.cycle) {
                // A Bad Line started from idle state by a write ("DMA delay"): the next
                // g-access is an idle one from $38FF; the 6569's display state shows from
                // the one after (VICE test bench VICII/vsp-tester, measured on 6569s).
                self.vsp_cycle = self.cycle + 1;
            }
            // 3.7.1: any Bad Line Condition switches to display state.
            self.display_state = true;
        }
    }

    /// Where the idle g-access right after a Bad Line started in idle state reads: $38FF,
    /// or the usual idle address when the write was in cycle 16, the line's first g-access
    /// (VICE test bench VICII/colorfetchbug/main, photographed on a 6569).
    fn vsp_addr(&self) -> u16 {
        if self.vsp_cycle == 17 {
            self.idle_addr()
        } else {
            0x38FF
        }
    }

    #[inline]
    fn check_raster_irq(&mut self) {
        let m = self.raster == self.raster_compare;
        if m && !self.raster_match {
            self.irq_flags |= 0x01;
        }
        self.raster_match = m;
    }

    #[inline]
    fn c_access(&mut self, mem: &VicMemory) {
        let i = self.vmli.min(39);
        if self.cycle >= self.ba_start + 3 {
            let v = mem.read(self.screen_base() | (self.vc & 0x3FF));
            self.matrix[i] = v;
            self.colors[i] = mem.color[(self.vc & 0x3FF) as usize] & 0x0F;
        } else {
            // The CPU still owns the bus for three cycles after BA fell: the VIC reads $FF
            // as the code; its colour lines see the low nybble of the CPU's data byte of the
            // cycle (VICE test bench VICII/colorfetchbug and flibug, real C64s: the opcode
            // the halted CPU reads after its $D011 store). Until the machine hands that in
            // ([`Vic::cpu_data`]), the lines read high.
            self.matrix[i] = 0xFF;
            self.colors[i] = 0x0F;
            self.cpu_cell = i as u8 + 1;
        }
    }

    /// Whether this cycle's c-access was made while the CPU had the bus, so that its colour
    /// is the CPU's data byte of the cycle ([`Vic::cpu_data`]).
    #[inline(always)]
    pub fn wants_cpu_data(&self) -> bool {
        self.cpu_cell != 0
    }

    /// The byte on the CPU's data bus in this cycle (the value it writes, or the one it
    /// reads while halted): the colour of a c-access made while the CPU had the bus.
    pub fn cpu_data(&mut self, value: u8) {
        if self.cpu_cell != 0 {
            self.colors[(self.cpu_cell - 1) as usize] = value & 0x0F;
            self.cpu_cell = 0;
        }
    }

    #[inline(always)]
    fn g_access(&mut self, mem: &VicMemory) {
        if !self.display_state {
            let idle = self.idle_addr();
            self.g_access_idle(mem, idle);
            return;
        }
        let pos = (self.cycle - 16) as usize;
        let (bitmap, base, mask) = self.g_base();
        self.g_display(mem, pos, bitmap, base, mask);
    }

    /// Where idle-state g-accesses read: $3FFF, or $39FF with ECM (3.7.1).
    #[inline(always)]
    fn idle_addr(&self) -> u16 {
        if self.regs[0x11] & 0x40 != 0 {
            0x39FF
        } else {
            0x3FFF
        }
    }

    /// How display-state g-accesses address memory now: bitmap mode, the base (CB13 with
    /// RC in bitmap mode, CB13-CB11 with RC in text modes) and the mask ECM puts on the
    /// address (bits 9 and 10 low, in every mode: 3.7.3).
    #[inline(always)]
    fn g_base(&self) -> (bool, u16, u16) {
        self.g_base_for(self.regs[0x11])
    }

    /// [`Vic::g_base`] with $D011 holding `d011`.
    #[inline(always)]
    pub(super) fn g_base_for(&self, d011: u8) -> (bool, u16, u16) {
        let rc = self.rc as u16;
        let mask = if d011 & 0x40 != 0 { !0x0600 } else { !0 };
        if d011 & 0x20 != 0 {
            (true, (((self.regs[0x18] as u16) & 0x08) << 10) | rc, mask)
        } else {
            (false, (((self.regs[0x18] as u16) & 0x0E) << 10) | rc, mask)
        }
    }

    /// A display-state g-access's address: VC (bitmap) or the character code `c` (text)
    /// completes the base.
    #[inline(always)]
    pub(super) fn g_address(&self, bitmap: bool, base: u16, mask: u16, c: u8) -> u16 {
        let index = if bitmap { self.vc & 0x3FF } else { c as u16 };
        (base | (index << 3)) & mask
    }

    /// One display-state g-access into cell position `pos`; VC and VMLI move on.
    #[inline(always)]
    fn g_display(&mut self, mem: &VicMemory, pos: usize, bitmap: bool, base: u16, mask: u16) {
        let i = self.vmli.min(39);
        let c = self.matrix[i];
        let addr = self.g_address(bitmap, base, mask, c);
        self.gdata[pos] = if self.seam_cycle == self.cycle {
            self.seam_read(mem, addr, c)
        } else {
            mem.read(addr)
        };
        self.vc = (self.vc + 1) & 0x3FF;
        self.vmli = (self.vmli + 1).min(40);
        self.gchar[pos] = c;
        self.gcol[pos] = self.colors[i];
    }

    /// The g-accesses of cycles `from..=to` (within 16-55) of a line that is not a Bad Line,
    /// as [`Vic::g_access`] makes them one by one.
    #[inline]
    fn g_run(&mut self, from: u8, to: u8, mem: &VicMemory) {
        self.cycle = to;
        let (p0, p1) = ((from - 16) as usize, (to - 16) as usize);
        if !self.display_state {
            let idle = mem.read(self.idle_addr());
            self.gdata[p0..=p1].fill(idle);
            self.gchar[p0..=p1].fill(0);
            self.gcol[p0..=p1].fill(0);
            return;
        }
        let (bitmap, base, mask) = self.g_base();
        for pos in p0..=p1 {
            self.g_display(mem, pos, bitmap, base, mask);
        }
    }

    /// An idle-state g-access at `addr`: no character, no colour, VC and VMLI stay.
    #[inline(always)]
    fn g_access_idle(&mut self, mem: &VicMemory, addr: u16) {
        let pos = (self.cycle - 16) as usize;
        self.gdata[pos] = mem.read(addr);
        self.gchar[pos] = 0;
        self.gcol[pos] = 0;
    }
}

#[cfg(test)]
mod tests;
