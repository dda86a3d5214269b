//! An AMD 29F040 flash chip (512 KiB), as the EasyFlash and the GMod2 carry: a write to it
//! is a command byte of the chip's unlock sequences ($AA to $555, $55 to $2AA, then the
//! command to $555; the chip looks at its address lines A0-A10 for them): program a byte
//! (it can only clear bits), erase a 64 KiB sector or the chip, read the chip's IDs
//! (manufacturer $01, device $A4), reset ($F0). Programming and erasing are done at once (a
//! status read after them already shows the data). Whether the flash changed is kept, for
//! writing the image back.

/// A 64 KiB sector.
const SECTOR: usize = 0x10000;

/// Where a 29F040 is in its command sequence.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub(super) enum Step {
    Read,
    Unlocked1,
    Unlocked2,
    Program,
    EraseSetup,
    EraseUnlocked1,
    EraseUnlocked2,
    Ids,
}

/// One 29F040 (512 KiB) behind ROML or ROMH.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub(super) struct Flash {
    pub(super) data: Vec<u8>,
    pub(super) step: Step,
    pub(super) changed: bool,
}

impl Flash {
    /// `size` bytes, erased.
    pub(super) fn new(size: usize) -> Flash {
        Flash {
            data: vec![0xFF; size],
            step: Step::Read,
            changed: false,
        }
    }

    pub(super) fn read(&self, at: usize) -> u8 {
        match self.step {
            // Manufacturer AMD, device 29F040.
            Step::Ids => match at & 0xFF {
                0 => 0x01,
                1 => 0xA4,
                _ => 0x00,
            },
            _ => self.data[at],
        }
    }

    /// A write to chip address `at`: the command sequences look at its low 11 bits.
    pub(super) fn write(&mut self, at: usize, value: u8) {
        let cmd = at & 0x7FF;
        self.step = match (self.step, cmd, value) {
            (_, _, 0xF0) if self.step != Step::Program => Step::Read,
            (Step::Read | Step::Ids, 0x555, 0xAA) => Step::Unlocked1,
            (Step::Unlocked1, 0x2AA, 0x55) => Step::Unlocked2,
            (Step::Unlocked2, 0x555, 0xA0) => Step::Program,
            (Step::Unlocked2, 0x555, 0x80) => Step::EraseSetup,
            (Step::Unlocked2, 0x555, 0x90) => Step::Ids,
            (Step::Program, _, v) => {
                self.data[at] &= v;
                self.changed = true;
                Step::Read
            }
            (Step::EraseSetup, 0x555, 0xAA) => Step::EraseUnlocked1,
            (Step::EraseUnlocked1, 0x2AA, 0x55) => Step::EraseUnlocked2,
            (Step::EraseUnlocked2, 0x555, 0x10) => {
                self.data.fill(0xFF);
                self.changed = true;
                Step::Read
            }
            (Step::EraseUnlocked2, _, 0x30) => {
                let start = at / SECTOR * SECTOR;
                self.data[start..start + SECTOR].fill(0xFF);
                self.changed = true;
                Step::Read
            }
            (Step::Ids, _, _) => Step::Ids,
            _ => Step::Read,
        };
    }
}

/// The 8 KiB banks of `data` that hold anything but erased bytes, as CHIP packets of flash
/// at `load`, bank by bank (what a cartridge's image written back keeps).
pub(super) fn written_banks(data: &[u8], load: u16) -> Vec<crate::media::crt::Chip> {
    data.chunks(0x2000)
        .enumerate()
        .filter(|(_, bank)| bank.iter().any(|&b| b != 0xFF))
        .map(|(n, bank)| crate::media::crt::Chip {
            kind: 2,
            bank: n as u16,
            load,
            data: bank.to_vec(),
        })
        .collect()
}
