//! A serial EEPROM of the 93C86 kind (2 KiB as 1024 words of 16 bits), as the GMod2 carries,
//! from the chip's datasheet: a command starts with chip select going high and a 1 clocked
//! in on DI (each bit on a rising clock edge), then two opcode bits and ten address bits.
//!
//! | opcode | address bits 9-8 | command |
//! |---|---|---|
//! | 10 | | READ: a 0, then the word MSB first on DO, and the words after it while selected |
//! | 01 | | WRITE: 16 data bits follow; written when chip select falls |
//! | 11 | | ERASE the word (to $FFFF) when chip select falls |
//! | 00 | 11 | EWEN: writes and erases allowed (they are not at power-on) |
//! | 00 | 00 | EWDS: not allowed |
//! | 00 | 10 | ERAL: erase all |
//! | 00 | 01 | WRAL: 16 data bits follow, written to every word |
//!
//! Writing is done at once: selected again after one, DO reads 1 (ready).

/// Where the chip is in a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Phase {
    /// Waiting for the start bit.
    Idle,
    /// Taking the opcode and address: bits so far.
    Command(u8),
    /// Taking a write's data: bits so far.
    Data(u8),
    /// Shifting out a word: bits of it sent so far (0: the dummy 0 is out).
    Reading(u8),
    /// A command to be carried out when chip select falls, or nothing more to take.
    Done,
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Eeprom {
    words: Vec<u16>,
    phase: Phase,
    /// Opcode and address as shifted in (12 bits), and a write's data.
    command: u16,
    data: u16,
    cs: bool,
    clk: bool,
    out: bool,
    write_enabled: bool,
}

impl Default for Eeprom {
    fn default() -> Self {
        Eeprom {
            words: vec![0xFFFF; 1024],
            phase: Phase::Idle,
            command: 0,
            data: 0,
            cs: false,
            clk: false,
            out: true,
            write_enabled: false,
        }
    }
}

impl Eeprom {
    /// DO: the bit the chip drives (1 when it has nothing to say).
    pub fn data_out(&self) -> bool {
        self.out
    }

    fn address(&self) -> usize {
        usize::from(self.command & 0x3FF)
    }

    /// The pins as the cartridge's register sets them.
    pub fn set_pins(&mut self, cs: bool, clk: bool, di: bool) {
        if !cs {
            if self.cs {
                self.deselected();
            }
            self.cs = false;
            self.clk = clk;
            return;
        }
        if !self.cs {
            self.phase = Phase::Idle;
            self.out = true;
        }
        let rising = clk && !self.clk;
        self.cs = true;
        self.clk = clk;
        if rising {
            self.clock(di);
        }
    }

    fn clock(&mut self, di: bool) {
        let bit = u16::from(di);
        self.phase = match self.phase {
            Phase::Idle if di => {
                self.command = 0;
                Phase::Command(0)
            }
            Phase::Idle => Phase::Idle,
            Phase::Command(n) => {
                self.command = (self.command << 1) | bit;
                if n + 1 < 12 {
                    Phase::Command(n + 1)
                } else {
                    self.decoded()
                }
            }
            Phase::Data(n) => {
                self.data = (self.data << 1) | bit;
                if n + 1 < 16 {
                    Phase::Data(n + 1)
                } else {
                    Phase::Done
                }
            }
            Phase::Reading(n) => {
                let word = self.words[self.address()];
                self.out = word & (0x8000 >> n) != 0;
                if n + 1 < 16 {
                    Phase::Reading(n + 1)
                } else {
                    // On to the next word, after its last bit is out.
                    self.command = (self.command & !0x3FF) | ((self.command + 1) & 0x3FF);
                    Phase::Reading(0)
                }
            }
            Phase::Done => Phase::Done,
        };
    }

    /// The phase after the twelfth command bit.
    fn decoded(&mut self) -> Phase {
        match (self.command >> 10, (self.command >> 8) & 3) {
            (0b10, _) => {
                self.out = false;
                Phase::Reading(0)
            }
            (0b01, _) | (0b00, 0b01) => Phase::Data(0),
            _ => Phase::Done,
        }
    }

    fn deselected(&mut self) {
        if self.phase == Phase::Done {
            let (op, sub) = (self.command >> 10, (self.command >> 8) & 3);
            let at = self.address();
            match (op, sub, self.write_enabled) {
                (0b00, 0b11, _) => self.write_enabled = true,
                (0b00, 0b00, _) => self.write_enabled = false,
                (0b01, _, true) => self.words[at] = self.data,
                (0b11, _, true) => self.words[at] = 0xFFFF,
                (0b00, 0b10, true) => self.words.fill(0xFFFF),
                (0b00, 0b01, true) => self.words.fill(self.data),
                _ => {}
            }
        }
        self.phase = Phase::Idle;
        self.out = true;
    }
}
