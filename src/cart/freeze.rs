//! A freezer's button, as the Action Replay family and the Final Cartridge III wire it: the
//! press pulls /NMI at once, and the cartridge takes the machine over (its ROM in Ultimax
//! mode, where the CPU reads the NMI vector) only when it sees the interrupt begin: three
//! writes in a row to the stack, which only the 6510's interrupt sequence makes (BRK
//! shares it; any other instruction writes the stack at most twice running). Until then the program runs on in
//! its own map, and finishes the instruction it is in.

/// The button's state between the press and the takeover.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Button {
    /// Pressed, the takeover not yet come.
    pressed: bool,
    /// Stack writes in consecutive cycles so far, and the cycle of the last.
    run: u8,
    last: u64,
}

impl Button {
    pub fn press(&mut self) {
        *self = Button {
            pressed: true,
            ..Button::default()
        };
    }

    /// Pressed and waiting for the interrupt's stack writes.
    pub fn waiting(&self) -> bool {
        self.pressed
    }

    /// A CPU write to the stack in cycle `cycle`: whether the takeover comes now (the third
    /// of three in a row).
    pub fn stack_write(&mut self, cycle: u64) -> bool {
        if !self.pressed {
            return false;
        }
        self.run = if self.run > 0 && cycle == self.last + 1 {
            self.run + 1
        } else {
            1
        };
        self.last = cycle;
        if self.run == 3 {
            *self = Button::default();
            return true;
        }
        false
    }
}
