//! The 6526's time-of-day clock: BCD tenths, seconds, minutes and hours with AM/PM, the
//! 50/60 Hz input divider, the latch on reading the hours and the stop on writing them, and
//! the alarm (data sheet: "Time of day clock").

use super::*;

/// Time-of-day clock registers in chip order: tenths, seconds, minutes, hours.
pub(super) type TodTime = [u8; 4];

/// Power-on and reset value of the clock: 1:00:00.0 AM.
pub(super) const TOD_RESET: TodTime = [0x00, 0x00, 0x00, 0x01];

/// Bits each TOD register keeps.
pub(super) const TOD_MASK: TodTime = [0x0F, 0x7F, 0x7F, 0x9F];

impl Cia {
    /// One edge of the TOD input (50 or 60 per emulated second).
    pub fn tod_pulse(&mut self) {
        if !self.tod_running {
            return;
        }
        // A counter that goes up to 6 and is compared with the limit of the moment only as
        // a pulse arrives: lowering the limit below its count makes it run on to 6, which
        // wraps it to 0, and match the next time round (CIA/tod/readme.txt, hzsync6).
        self.tod_div += 1;
        let per_tenth = if self.ta.cr & CRA_TOD50 != 0 { 5 } else { 6 };
        if self.tod_div >= 6 && self.tod_div != per_tenth {
            self.tod_div = 0;
        }
        if self.tod_div == per_tenth {
            self.tod_div = 0;
            self.tod_advance();
            self.tod_check_alarm();
        }
    }

    pub(super) fn write_tod(&mut self, i: usize, value: u8) {
        let mut value = value & TOD_MASK[i];
        if self.tb.cr & CRB_ALARM != 0 {
            self.alarm[i] = value;
        } else {
            match i {
                0 if !self.tod_running => {
                    self.tod_running = true;
                    self.tod_div = 0;
                }
                3 => {
                    self.tod_running = false;
                    // The chip flips AM/PM whenever the hour becomes 12, written or counted.
                    if value & 0x1F == 0x12 {
                        value ^= 0x80;
                    }
                }
                _ => {}
            }
            self.tod[i] = value;
        }
        self.tod_check_alarm();
    }

    /// Add one tenth of a second. Each digit is a binary counter; a carry happens when the
    /// register equals its last value (9, 59, 59, 12), so invalid BCD values count on.
    pub(super) fn tod_advance(&mut self) {
        let [t, s, m, h] = &mut self.tod;
        if *t == 0x09 {
            *t = 0;
        } else {
            *t = (*t + 1) & 0x0F;
            return;
        }
        if !bcd_step(s) {
            return;
        }
        if !bcd_step(m) {
            return;
        }
        let pm = *h & 0x80;
        let hour = *h & 0x1F;
        // The low digit carries into the high one only from 09 (the high digit is one bit):
        // 19 counts on to 1A, 0F wraps to 00, 1F to 10 (CIA/tod/fix-hour, measured).
        let next = if hour == 0x12 {
            0x01
        } else if hour == 0x09 {
            0x10
        } else {
            (hour & 0x10) | ((hour + 1) & 0x0F)
        };
        let pm = if next == 0x12 { pm ^ 0x80 } else { pm };
        *h = (next & 0x1F) | pm;
    }

    pub(super) fn tod_check_alarm(&mut self) {
        let equal = self.tod == self.alarm;
        if equal && !self.tod_match {
            self.raise(ICR_ALARM);
        }
        self.tod_match = equal;
    }
}

/// Seconds or minutes: count up one, returning the carry out of $59.
pub(super) fn bcd_step(reg: &mut u8) -> bool {
    if *reg == 0x59 {
        *reg = 0;
        return true;
    }
    if *reg & 0x0F == 0x09 {
        *reg = (*reg & 0x70).wrapping_add(0x10) & 0x70;
    } else {
        *reg = (*reg & 0x70) | ((*reg + 1) & 0x0F);
    }
    false
}
