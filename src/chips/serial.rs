//! The serial bus (IEC): three open-collector lines, ATN, CLK and DATA, shared by the C64 and
//! every device on the cable. Each participant can only pull a line low; a line is high
//! when nobody pulls it (a wired AND). RESET, the cable's fourth signal line, follows the
//! machine's reset and is not modelled here.
//!
//! The C64 drives the lines through inverters from CIA 2's port A (bit 3 ATN, bit 4 CLK,
//! bit 5 DATA: a 1 pulls the line low) and reads CLK and DATA back on bits 6 and 7 (a 1
//! while the line is high). That wiring is the machine's (`c64/wiring.rs`); this is the cable.

/// One of the three lines, as a bit in a set of lines.
pub const ATN: u8 = 1;
pub const CLK: u8 = 2;
pub const DATA: u8 = 4;

/// Who is on the bus: the index [`SerialBus::attach`] handed out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Participant(usize);

/// The cable, with what each participant pulls low.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SerialBus {
    pulls: Vec<u8>,
}

impl SerialBus {
    /// Put one more participant on the bus, pulling nothing.
    pub fn attach(&mut self) -> Participant {
        self.pulls.push(0);
        Participant(self.pulls.len() - 1)
    }

    /// What `who` pulls low from now on (a set of [`ATN`], [`CLK`], [`DATA`]).
    #[inline]
    pub fn pull(&mut self, who: Participant, lines: u8) {
        self.pulls[who.0] = lines & (ATN | CLK | DATA);
    }

    /// The lines somebody pulls low.
    #[inline]
    pub fn low(&self) -> u8 {
        self.pulls.iter().fold(0, |a, &p| a | p)
    }

    /// The lines high: nobody pulls them.
    #[inline]
    pub fn high(&self) -> u8 {
        !self.low() & (ATN | CLK | DATA)
    }

    /// The lines pulled low by anybody but `who` (what a participant sees of the others).
    pub fn low_from_others(&self, who: Participant) -> u8 {
        self.pulls
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != who.0)
            .fold(0, |a, (_, &p)| a | p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_bus_has_every_line_high() {
        assert_eq!(SerialBus::default().high(), ATN | CLK | DATA);
    }

    #[test]
    fn a_line_is_low_while_anybody_pulls_it_and_high_when_all_let_go() {
        let mut bus = SerialBus::default();
        let c64 = bus.attach();
        let drive = bus.attach();
        bus.pull(c64, CLK);
        bus.pull(drive, CLK | DATA);
        assert_eq!(bus.low(), CLK | DATA);
        bus.pull(drive, 0);
        assert_eq!(bus.low(), CLK, "the C64 still holds CLK");
        assert_eq!(bus.low_from_others(c64), 0);
        assert_eq!(bus.low_from_others(drive), CLK);
        bus.pull(c64, 0);
        assert_eq!(bus.high(), ATN | CLK | DATA);
    }
}
