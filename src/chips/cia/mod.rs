//! MOS 6526 CIA (Complex Interface Adapter), stepped one φ2 cycle at a time.
//!
//! The C64 has two: CIA 1 (keyboard matrix, joysticks, /IRQ) and CIA 2 (VIC bank bits, serial
//! bus, /NMI). This module is the chip alone; the machine sets the port input levels
//! ([`Cia::pa_in`], [`Cia::pb_in`]) before register accesses, calls [`Cia::tick`] once per
//! cycle after the CPU's bus access of that cycle, and feeds [`Cia::tod_pulse`] from the
//! mains-frequency divider.
//!
//! # Sources of the facts
//!
//! - MOS 6526 data sheet: register map, port and DDR semantics, timer modes (CRA/CRB bit
//!   meanings, force-load strobe, "the timer latch is loaded into the timer on any underflow,
//!   on a force load or following a write to the high byte of the latch while the timer is
//!   stopped"), PB6/PB7 pulse and toggle outputs ("the toggle output is set high whenever the
//!   timer is started"), ICR set/clear mask writes and read-to-clear, TOD register format,
//!   hours-write stop / tenths-write start, read latching from hours until tenths, the
//!   alarm, serial output at half the timer A underflow rate with an interrupt after 8 bits,
//!   and the reset state (timer latches all ones, everything else zero).
//! - W. Lorenz, "A Software Model of the CIA6526" (v2.15, 1997): the count pipeline. A timer
//!   started by a write in cycle W first decrements in cycle W+2; a stop written in cycle W
//!   still lets the counts of W-1 and W-2 through; an underflow is the moment the counter
//!   is zero while another count is waiting, and it reloads from the latch in that cycle; a
//!   reload (underflow, force load) removes the next count from the pipeline, so a
//!   continuous timer reads `latch, latch, latch-1, …, 1` and its period is latch+1 cycles;
//!   a force load takes effect in the cycle after the write.
//! - W. Lorenz, C64 Emulator Test Suite 2.15 (public domain), tests `cia1tab`, `cia1ta` and
//!   `cia1tb`, whose reference figures were taken on a real C64; `tests/cia.rs` replays their
//!   cycle timelines and asserts those figures. Two facts beyond the software model come
//!   from them: a latch written in the bus cycle right after a reload still reaches the
//!   counter (the load is in progress during that cycle), and a CRx write that leaves
//!   one-shot mode does not stop an underflow in the same cycle from clearing the start bit
//!   (the chip acts on the one-shot bit of the previous cycle as well as the new one).
//! - VICE test programs `interrupts/cia-int` (results measured on a 1983-84 6526): the
//!   interrupt flag becomes readable in the cycle after the underflow, the IR bit (ICR bit 7)
//!   and /IRQ one cycle later still; reading ICR in the cycle between the two returns the flag
//!   without bit 7 and the interrupt never happens; an underflow in the very cycle of the
//!   read is not returned by that read and interrupts normally afterwards.
//! - VICE test program `CIA/cia-timer` (reference taken on a C64 with two 6526): an ICR
//!   read in the cycle of timer B's underflow loses timer B's flag (a read then and one 9
//!   cycles later both show nothing) while the interrupt still comes (its handler reads $80);
//!   timer A's flag survives such a read.
//! - VICE test programs `CIA/shiftregister` (`cia-sdr-icr`, `cia-sdr-init`, `cia-sdr-delay`,
//!   `cia-icr-test2`, reference tables taken on real 6526s): the serial logic acts on timer
//!   A's underflow one cycle later (an SDR write in the cycle after an idle underflow is
//!   still loaded by it) and only on the start of a run of underflows; the byte-complete
//!   flag comes 4 cycles after the 8th falling CNT edge (the 15th underflow), or 4 cycles
//!   after the last rise when that falls inside those 4; leaving output mode while CNT is
//!   low in a bit (as the chip sees it, 4-7 cycles late) completes the byte when output
//!   mode is entered again; a byte written once the 8th bit is out goes straight into the
//!   shift register (`cia-sdr-load`); the interrupt decision uses the mask of the flag's
//!   cycle.
//! - VICE test program `CIA/dd0dtest` (reference rows taken on a C64 with old 6526s), which
//!   reads and writes ICR with `INC $DD0D,X` around an NMI every 22 cycles: of two ICR
//!   reads in consecutive cycles the second still sees bit 7 (whether the first read
//!   returned it or cancelled it), though the first cleared the flags; and a cycle with an
//!   ICR write leaves the interrupt decision to the next cycle's mask.
//! - VICE test programs `CIA/tod/readme.txt`: TOD digits are binary counters whose carry is
//!   a comparison by value (so invalid BCD values count on), the AM/PM flag flips whenever
//!   the hour becomes 12 (by a carry or by a write of the clock), and after power-on or reset
//!   the clock is stopped at 1:00:00.0 AM with the alarm at 0:00:00.0.
//!
//! # Timing model, as seen by a CPU that accesses the chip in cycle N
//!
//! A write in cycle N takes effect before [`Cia::tick`] of cycle N; a read in cycle N returns
//! the state left by the tick of cycle N-1. With that convention:
//! - start (CRx bit 0 written 1 in cycle W, φ2 source): first decrement in cycle W+2, so a
//!   read in cycle W+3 is the first to see the counter lower;
//! - stop (bit 0 written 0 in cycle W): decrements still happen in cycles W and W+1;
//! - force load (bit 4) or high-latch write while stopped in cycle W: the counter is loaded in
//!   cycle W+1 and the count that would have decremented in W+2 is dropped; a latch write
//!   in the cycle after any load also goes into the counter;
//! - underflow in cycle U: the counter reloads in U; the ICR flag reads set from U+1; /IRQ
//!   and ICR bit 7 are asserted from U+1's tick (read-visible from U+2); PB6/PB7 pulse is
//!   high for the read in U+1 only; a one-shot timer clears its start bit in U (also when
//!   one-shot mode was left by a write in U);
//! - timer B counting timer A underflows decrements two cycles after timer A's underflow;
//! - reading ICR in cycle R clears all flags, bit 7 and /IRQ, and cancels an interrupt whose
//!   flag was set in cycle R-1 but whose /IRQ would only have gone active in cycle R;
//! - reading ICR in timer B's underflow cycle U: the timer B flag never appears, but the
//!   interrupt comes as usual (timer A's flag is not affected by such a read);
//! - reading ICR in cycle R and again in R+1: the second read returns bit 7 if the first
//!   returned it or cancelled it (and the flags raised since);
//! - writing ICR in cycle W: no interrupt decision is made in W; the flags (those raised in
//!   W's tick included) meet the mask as it stands in W+1, after W+1's access, and a match
//!   sets IR and /IRQ in W+1's tick.
//!
//! # Choices and gaps
//!
//! - Port reads return `(PRx | !DDRx) & pins_in`: an output driven high can still be pulled
//!   low from outside, as the C64's keyboard matrix does when two port bits meet through a
//!   key. The machine computes `pa_in`/`pb_in` from [`Cia::pa_pins`]/[`Cia::pb_pins`].
//! - CNT is not connected in breadbin: timer A in CNT mode and timer B in CNT mode never
//!   count, and "timer A underflows while CNT high" sees CNT high (pulled up) except in
//!   serial output mode, where the chip drives CNT itself. Serial input mode therefore never
//!   shifts: the data register keeps what was written.
//! - The 6526A (8521) differs only where the test bench's measurements on C64Cs show it
//!   (`tests/cia_6526a.rs`): IR and /IRQ come with the flag, and timer B has no quirk.
//! - The TOD divider (5 or 6 input pulses per tenth) restarts when the clock is restarted by
//!   a write of the tenths register.

mod timer;
mod tod;

use timer::Timer;
use tod::{TOD_RESET, TodTime};

/// CRA/CRB bit 0: timer running.
const CR_START: u8 = 0x01;
/// CRA/CRB bit 1: timer output on PB6/PB7.
const CR_PBON: u8 = 0x02;
/// CRA/CRB bit 2: PB output toggles (1) or pulses (0).
const CR_TOGGLE: u8 = 0x04;
/// CRA/CRB bit 3: one-shot mode.
const CR_ONESHOT: u8 = 0x08;
/// CRA/CRB bit 4: force-load strobe (never stored).
const CR_LOAD: u8 = 0x10;
/// CRA bit 5: timer A counts CNT edges instead of φ2.
const CRA_CNT: u8 = 0x20;
/// CRA bit 6: serial port is an output.
const CRA_SPOUT: u8 = 0x40;
/// CRA bit 7: TOD input is 50 Hz (else 60 Hz).
const CRA_TOD50: u8 = 0x80;
/// CRB bits 5-6: timer B input select.
const CRB_INMODE: u8 = 0x60;
/// CRB bit 7: TOD writes go to the alarm.
const CRB_ALARM: u8 = 0x80;

// The mid-bit view's delays after a CNT edge, as pipeline bits (bit 7 acts in the next
// cycle, bit 0 eight cycles later).
const MID_ON_FALL: u8 = 0xA0;
const MID_ON_LAST: u8 = 0x20;
const MID_OFF_FALL: u8 = 0x40;
const MID_OFF_RISE: u8 = 0x10;

/// ICR flag: timer A underflow.
pub const ICR_TA: u8 = 0x01;
/// ICR flag: timer B underflow.
pub const ICR_TB: u8 = 0x02;
/// ICR flag: TOD alarm.
pub const ICR_ALARM: u8 = 0x04;
/// ICR flag: serial port byte complete.
pub const ICR_SP: u8 = 0x08;
/// ICR flag: negative edge on the FLAG pin.
pub const ICR_FLAG: u8 = 0x10;

/// The CIA chips: the 6526 and the later 6526A (8521), whose interrupt output follows a
/// flag without the 6526's cycle of delay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum CiaModel {
    #[default]
    Mos6526,
    Mos6526A,
}

/// A MOS 6526 CIA.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cia {
    /// Which chip it is.
    #[serde(default)]
    model: CiaModel,
    /// External levels on port A's pins (1 = high or undriven), set by the machine.
    pub pa_in: u8,
    /// External levels on port B's pins (1 = high or undriven), set by the machine.
    pub pb_in: u8,
    pra: u8,
    prb: u8,
    ddra: u8,
    ddrb: u8,
    ta: Timer,
    tb: Timer,
    /// Interrupt flags (ICR bits 0-4).
    icr: u8,
    /// Interrupt mask (ICR write bits 0-4).
    mask: u8,
    /// IR: ICR bit 7 and the /IRQ output.
    ir: bool,
    /// A masked flag was raised: /IRQ goes active in the next tick.
    irq_next: bool,
    /// The mask was written this cycle: the interrupt decision moves to the next cycle.
    mask_written: bool,
    /// An interrupt decision left by a mask write: IR is set in this tick if a flag meets
    /// the mask as it is now (after this cycle's access).
    mask_check: bool,
    /// ICR was read this cycle: a timer B underflow in this tick loses its flag.
    icr_read: bool,
    /// What an ICR read in the next cycle returns on top of the register: bit 7 if a read
    /// in this cycle cleared IR or cancelled an interrupt about to set it.
    icr_echo_next: u8,
    /// The same for a read in this cycle (set by the previous cycle's read).
    icr_echo: u8,
    sdr: u8,
    /// SDR was written in output mode and not yet moved to the shift register.
    sdr_full: bool,
    shift: u8,
    /// Half-bits (CNT edges) still to send; 0 = idle.
    shift_left: u8,
    /// CNT output level in serial output mode.
    cnt_out: bool,
    /// SP output level in serial output mode.
    sp_out: bool,
    /// Timer A underflowed in the previous cycle: the serial logic acts on it in this one.
    sp_underflow: bool,
    /// ... and that underflow began a run of them. The CNT toggle responds only to such
    /// starts, so a timer that underflows in every cycle (latch 0) toggles CNT once; loading
    /// the shift register takes any underflow.
    sp_edge: bool,
    /// 2 after an SDR write, 1 a cycle later, then 0.
    sdr_write_age: u8,
    /// Cycles the mid-bit view of the byte being sent lags its CNT edges.
    mid_lag: u8,
    /// Cycles until the byte-complete flag (ICR bit 3) of a sent byte is raised; 0 = none.
    sp_delay: u8,
    /// The chip's delayed view of "CNT is low in the middle of a bit": a pipeline of cycles
    /// in which it turns on (bit 7 = next cycle) and one in which it turns off.
    mid_on: u8,
    mid_off: u8,
    mid_bit: bool,
    /// Output mode was left in the middle of a bit: re-entering it completes the byte.
    mid_left: bool,
    tod: TodTime,
    alarm: TodTime,
    /// Registers frozen by a read of hours until tenths is read.
    tod_latch: Option<TodTime>,
    tod_running: bool,
    /// Input pulses counted towards the next tenth.
    tod_div: u8,
    /// Clock equals alarm (the flag is raised on the transition to equal).
    tod_match: bool,
    /// Ticks that may take the fast path: nothing but plain decrements happens in them (see
    /// [`Cia::tick`]). Zero forces the full model; any write or raised flag resets it.
    /// (Not in save states: a loaded chip starts with a full tick, which plans again.)
    #[serde(skip)]
    fast_budget: u16,
    /// In fast ticks: what timers A and B decrement by (0 or 1).
    #[serde(skip)]
    fast_dec_a: u16,
    #[serde(skip)]
    fast_dec_b: u16,
}

impl Default for Cia {
    fn default() -> Self {
        Self::new()
    }
}

impl Cia {
    /// A 6526 in its power-on state (the same as after reset).
    pub fn new() -> Self {
        Self::with_model(CiaModel::Mos6526)
    }

    /// A chip of `model` in its power-on state.
    pub fn with_model(model: CiaModel) -> Self {
        Cia {
            model,
            pa_in: 0xFF,
            pb_in: 0xFF,
            pra: 0,
            prb: 0,
            ddra: 0,
            ddrb: 0,
            ta: Timer::new(),
            tb: Timer::new(),
            icr: 0,
            mask: 0,
            ir: false,
            irq_next: false,
            mask_written: false,
            mask_check: false,
            icr_read: false,
            icr_echo_next: 0,
            icr_echo: 0,
            sdr: 0,
            sdr_full: false,
            shift: 0,
            shift_left: 0,
            cnt_out: true,
            sp_out: true,
            sp_underflow: false,
            sp_edge: false,
            sdr_write_age: 0,
            mid_lag: 0,
            sp_delay: 0,
            mid_on: 0,
            mid_off: 0,
            mid_bit: false,
            mid_left: false,
            tod: TOD_RESET,
            alarm: [0; 4],
            tod_latch: None,
            tod_running: false,
            tod_div: 0,
            tod_match: false,
            fast_budget: 0,
            fast_dec_a: 0,
            fast_dec_b: 0,
        }
    }

    /// /RES: registers to zero, ports to inputs, timer latches to all ones, TOD stopped at
    /// 1:00:00.0. The external pin levels are the machine's and are kept.
    pub fn reset(&mut self) {
        let (pa_in, pb_in) = (self.pa_in, self.pb_in);
        *self = Cia::with_model(self.model);
        self.pa_in = pa_in;
        self.pb_in = pb_in;
    }

    /// /IRQ output asserted.
    pub fn irq(&self) -> bool {
        self.ir
    }

    /// Levels the chip drives on port A: undriven (input) bits read high.
    pub fn pa_pins(&self) -> u8 {
        (self.pra & self.ddra) | !self.ddra
    }

    /// Levels the chip drives on port B, with the timer outputs on PB6/PB7 when enabled.
    pub fn pb_pins(&self) -> u8 {
        let mut pins = (self.prb & self.ddrb) | !self.ddrb;
        if self.ta.cr & CR_PBON != 0 {
            pins = (pins & !0x40) | (u8::from(self.ta.pb_out()) << 6);
        }
        if self.tb.cr & CR_PBON != 0 {
            pins = (pins & !0x80) | (u8::from(self.tb.pb_out()) << 7);
        }
        pins
    }

    /// CNT pin level (high unless serial output mode drives it low).
    pub fn cnt_pin(&self) -> bool {
        self.ta.cr & CRA_SPOUT == 0 || self.cnt_out
    }

    /// SP pin level (high unless serial output mode drives it low).
    pub fn sp_pin(&self) -> bool {
        self.ta.cr & CRA_SPOUT == 0 || self.sp_out
    }

    /// Current timer A counter (for debuggers; same as reading registers 4/5).
    pub fn timer_a(&self) -> u16 {
        self.ta.counter
    }

    /// Current timer B counter (for debuggers; same as reading registers 6/7).
    pub fn timer_b(&self) -> u16 {
        self.tb.counter
    }

    /// A negative edge on the FLAG pin: sets ICR bit 4.
    pub fn flag_edge(&mut self) {
        self.raise(ICR_FLAG);
    }

    /// Read register `reg & 0x0F` with the chip's side effects (ICR clears, TOD latches).
    pub fn read(&mut self, reg: u8) -> u8 {
        let reg = reg & 0x0F;
        let mut value = self.peek(reg);
        match reg {
            0x08 => self.tod_latch = None,
            0x0B => {
                self.tod_latch.get_or_insert(self.tod);
            }
            0x0D => {
                // Of reads in consecutive cycles (an indexed read-modify-write's dummy read
                // and read), the later one still sees IR: the one the first read cleared,
                // or the one it cancelled in the same cycle.
                let own = value;
                value |= self.icr_echo;
                let about_to = self.irq_next || self.mask_check && self.icr & self.mask != 0;
                self.icr_echo_next = match self.model {
                    CiaModel::Mos6526 if self.ir || about_to => 0x80,
                    CiaModel::Mos6526 => 0,
                    // The 6526A shows an interrupt due in this cycle (one a read in the
                    // previous cycle put off), and its next-cycle read repeats this one:
                    // flags and bit 7 (CIA/dd0dtest tests 17-19 on a 6526A).
                    CiaModel::Mos6526A => {
                        let due = if self.irq_next { 0x80 } else { 0 };
                        value |= due;
                        own | due
                    }
                };
                self.icr = 0;
                self.ir = false;
                self.irq_next = false;
                self.mask_check = false;
                self.icr_read = true;
                self.fast_budget = 0;
            }
            _ => {}
        }
        value
    }

    /// The value [`Cia::read`] would return, without side effects.
    pub fn peek(&self, reg: u8) -> u8 {
        match reg & 0x0F {
            0x00 => (self.pra | !self.ddra) & self.pa_in,
            0x01 => self.pb_pins() & self.pb_in,
            0x02 => self.ddra,
            0x03 => self.ddrb,
            0x04 => self.ta.counter as u8,
            0x05 => (self.ta.counter >> 8) as u8,
            0x06 => self.tb.counter as u8,
            0x07 => (self.tb.counter >> 8) as u8,
            r @ 0x08..=0x0B => {
                let i = usize::from(r - 8);
                self.tod_latch.unwrap_or(self.tod)[i]
            }
            0x0C => self.sdr,
            0x0D => self.icr | if self.ir { 0x80 } else { 0 },
            0x0E => self.ta.cr,
            _ => self.tb.cr,
        }
    }

    /// Write register `reg & 0x0F`.
    pub fn write(&mut self, reg: u8, value: u8) {
        self.fast_budget = 0;
        match reg & 0x0F {
            0x00 => self.pra = value,
            0x01 => self.prb = value,
            0x02 => self.ddra = value,
            0x03 => self.ddrb = value,
            0x04 => self.ta.write_lo(value),
            0x05 => self.ta.write_hi(value),
            0x06 => self.tb.write_lo(value),
            0x07 => self.tb.write_hi(value),
            r @ 0x08..=0x0B => self.write_tod(usize::from(r - 8), value),
            0x0C => {
                self.sdr = value;
                self.sdr_write_age = 2;
                if self.ta.cr & CRA_SPOUT != 0 {
                    if self.shift_left <= 1 {
                        // No unsent bit in the shift register: the byte goes straight in
                        // (CNT's last rise of the previous byte is given up) and starts with
                        // the next underflow; a second write waits in the data register.
                        self.shift = value;
                        self.shift_left = 16;
                        self.cnt_out = true;
                    } else {
                        self.sdr_full = true;
                    }
                }
            }
            0x0D => {
                if value & 0x80 != 0 {
                    self.mask |= value & 0x1F;
                } else {
                    self.mask &= !(value & 0x1F);
                }
                self.mask_written = true;
            }
            0x0E => {
                if (value ^ self.ta.cr) & CRA_SPOUT != 0 {
                    // Switching the serial direction abandons a byte in progress.
                    if value & CRA_SPOUT == 0 {
                        self.mid_left = self.mid_bit;
                        self.mid_bit = false;
                        self.mid_on = 0;
                        self.mid_off = 0;
                    } else if std::mem::take(&mut self.mid_left) {
                        self.raise(ICR_SP);
                    }
                    self.shift_left = 0;
                    self.sdr_full = false;
                    self.cnt_out = true;
                    self.sp_out = true;
                }
                self.ta.write_cr(value);
            }
            _ => self.tb.write_cr(value),
        }
    }

    /// Exactly one φ2 cycle: timers, interrupt delay, serial shifting.
    #[inline(always)]
    pub fn tick(&mut self) {
        // Most cycles only count down: skip the pipeline model while nothing else can happen.
        if self.fast_budget > 0 {
            self.fast_budget -= 1;
            self.ta.counter -= self.fast_dec_a;
            self.tb.counter -= self.fast_dec_b;
            return;
        }
        self.tick_full();
    }

    /// How many following ticks are plain count-downs (nothing else can happen in them): a
    /// machine may skip them and apply them later with [`Cia::skip_quiet`].
    #[inline]
    pub fn quiet_cycles(&self) -> u16 {
        self.fast_budget
    }

    /// Apply `n` quiet ticks at once; `n` must not exceed [`Cia::quiet_cycles`].
    #[inline]
    pub fn skip_quiet(&mut self, n: u16) {
        debug_assert!(
            n <= self.fast_budget,
            "{n} ticks skipped, {} were quiet",
            self.fast_budget
        );
        self.fast_budget -= n;
        self.ta.counter -= n * self.fast_dec_a;
        self.tb.counter -= n * self.fast_dec_b;
    }

    /// One cycle of the full model, then a check whether the following ones are steady.
    fn tick_full(&mut self) {
        // The one-cycle interrupt delay of the 6526: a flag raised in the previous cycle
        // with its mask bit set asserts IR and /IRQ now, unless an ICR read in between
        // cleared it (a mask cleared in between does not stop it).
        if std::mem::take(&mut self.irq_next) {
            self.ir = true;
        }
        if std::mem::take(&mut self.mask_check) && self.icr & self.mask != 0 {
            self.ir = true;
        }
        self.icr_echo = std::mem::take(&mut self.icr_echo_next);

        if self.sp_underflow && self.ta.cr & CRA_SPOUT != 0 {
            self.shift_out();
        }
        if self.sp_delay != 0 {
            self.sp_delay -= 1;
            if self.sp_delay == 0 {
                self.raise(ICR_SP);
            }
        }
        if self.mid_off | self.mid_on != 0 {
            if self.mid_off & 0x80 != 0 {
                self.mid_bit = false;
            }
            if self.mid_on & 0x80 != 0 {
                self.mid_bit = true;
            }
            self.mid_off <<= 1;
            self.mid_on <<= 1;
        }

        let a_underflow = self.ta.tick(|cr| cr & CRA_CNT == 0);
        let cnt_high = self.cnt_pin();
        let b_underflow = self.tb.tick(|cr| match cr & CRB_INMODE {
            0x00 => true,
            0x20 => false,
            0x40 => a_underflow,
            _ => a_underflow && cnt_high,
        });

        if a_underflow {
            self.raise(ICR_TA);
        }
        if b_underflow {
            if self.icr_read && self.model == CiaModel::Mos6526 {
                // The old 6526's timer B quirk: a read in the underflow's own cycle loses
                // the flag; the interrupt still follows.
                self.fast_budget = 0;
                if self.mask & ICR_TB != 0 && !self.ir {
                    self.irq_next = true;
                }
            } else {
                self.raise(ICR_TB);
            }
        }
        self.icr_read = false;
        self.sp_edge = a_underflow && !self.sp_underflow;
        self.sp_underflow = a_underflow;
        self.sdr_write_age = self.sdr_write_age.saturating_sub(1);
        if std::mem::take(&mut self.mask_written) && !self.ir {
            match self.model {
                // A cycle with a mask write decides nothing itself: the flags raised in it
                // and those already set meet the mask of the next cycle (CIA/dd0dtest row
                // 11: a flag raised in the cycle of one write, its mask cleared by a write
                // in the next, makes no interrupt; without the first write it does).
                CiaModel::Mos6526 => {
                    self.irq_next = false;
                    self.mask_check = true;
                }
                // The 6526A decides at once with the mask just written.
                CiaModel::Mos6526A => self.ir = self.icr & self.mask != 0,
            }
        }
        self.plan_fast_ticks();
    }

    /// Work out how many following ticks are plain decrements: no interrupt or load in
    /// flight, and every counting timer at least 2 away from its underflow.
    fn plan_fast_ticks(&mut self) {
        self.fast_budget = 0;
        if self.irq_next
            || self.icr_echo != 0
            || self.sp_underflow
            || self.sdr_write_age != 0
            || self.mask_written
            || self.mask_check
            || self.shift_left != 0
            || self.sp_delay != 0
            || self.mid_on | self.mid_off != 0
        {
            return;
        }
        let Some(a) = self.ta.steady(self.ta.cr & CRA_CNT == 0) else {
            return;
        };
        let Some(b) = self.tb.steady(self.tb.cr & CRB_INMODE == 0) else {
            return;
        };
        let mut budget = u16::MAX;
        if a {
            budget = budget.min(self.ta.counter - 1);
        }
        if b {
            budget = budget.min(self.tb.counter - 1);
        }
        self.fast_dec_a = u16::from(a);
        self.fast_dec_b = u16::from(b);
        self.fast_budget = budget;
    }

    /// Set an interrupt flag; /IRQ follows one cycle later if the source is enabled (on the
    /// 6526A, at once).
    fn raise(&mut self, flag: u8) {
        self.fast_budget = 0;
        self.icr |= flag;
        if self.mask & flag != 0 && !self.ir {
            match self.model {
                CiaModel::Mos6526A if !self.icr_read => self.ir = true,
                _ => self.irq_next = true,
            }
        }
    }

    /// A timer A underflow in serial output mode: one CNT edge.
    fn shift_out(&mut self) {
        if self.shift_left == 0 {
            if !self.sdr_full {
                if !self.sp_edge {
                    return;
                }
                self.mid_edge(0, MID_OFF_RISE);
                return;
            }
            self.sdr_full = false;
            self.shift = self.sdr;
            self.shift_left = 16;
        }
        if self.shift_left == 16 {
            // A byte's first edge takes any underflow. An SDR write in the very cycle of
            // that underflow: the chip's view of the bit phase runs 3 cycles late for this
            // byte (measured with latch 2).
            self.mid_lag = if self.sdr_write_age == 1 { 3 } else { 0 };
        } else if !self.sp_edge {
            return;
        }
        self.cnt_out = !self.cnt_out;
        if !self.cnt_out {
            // Data changes on the falling CNT edge, MSB first.
            self.sp_out = self.shift & 0x80 != 0;
            self.shift <<= 1;
        }
        self.shift_left -= 1;
        match self.shift_left {
            // The eighth falling edge: the byte is out; the flag follows 4 cycles later.
            1 => {
                self.sp_delay = 4;
                self.mid_edge(MID_ON_LAST, MID_OFF_FALL);
            }
            // CNT's last rise inside those 4 cycles starts the wait again.
            0 => {
                if self.sp_delay != 0 {
                    self.sp_delay = 4;
                }
                self.mid_edge(0, MID_OFF_RISE);
            }
            n if n & 1 == 1 => {
                self.mid_edge(MID_ON_FALL, MID_OFF_FALL);
            }
            _ => self.mid_edge(0, MID_OFF_RISE),
        }
    }

    /// Schedule the mid-bit view's turning on and off after a CNT edge, lagged for the byte.
    fn mid_edge(&mut self, on: u8, off: u8) {
        self.mid_on |= on >> self.mid_lag;
        self.mid_off |= off >> self.mid_lag;
    }
}

#[cfg(test)]
mod tests;
