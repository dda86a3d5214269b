//! The open BASIC on breadbin's machine with the open ROMs, driven the way a user drives it:
//! boot to READY, put a tokenized program into memory, type lines through the KERNAL's
//! keyboard buffer ($0277/$C6), run until BASIC is back in its main loop, read the screen.
#![allow(dead_code)]

use breadbin::basic::{text_to_petscii, tokenize};
const PAL_CLOCK_HZ: u64 = breadbin::c64::Model::C64_PAL.clock_hz;
use breadbin::chips::keyboard::RUN_STOP;
use breadbin::host::autostart::{basic_ready, put_in_keyboard_buffer};
use breadbin::{C64, Roms};
use std::path::PathBuf;

/// The reference folder of genuine BASIC V2 output, if this checkout has it.
pub fn reference(sub: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/reference/basic-v2")
        .join(sub);
    dir.is_dir().then_some(dir)
}

pub struct Basic {
    pub c64: C64,
}

/// Where BASIC's main loop starts (the IMAIN vector at $0302).
fn main_loop(c64: &C64) -> u16 {
    c64.peek_word(0x0302)
}

impl Basic {
    /// Power on with the open ROMs and wait for the first READY.
    pub fn boot() -> Basic {
        Basic::boot_with(Roms::open())
    }

    /// Power on with these ROMs and wait for the first READY.
    pub fn boot_with(roms: Roms) -> Basic {
        let mut c64 = C64::new(roms);
        let limit = c64.cycles() + 5 * PAL_CLOCK_HZ;
        while !(c64.cpu().at_instruction_boundary() && basic_ready(&c64)) {
            assert!(c64.cycles() < limit, "no READY after power-on");
            c64.tick();
        }
        Basic { c64 }
    }

    /// Tokenize BASIC text (breadbin's text format) and put it at the start of BASIC, as
    /// LOAD would (end-of-program pointers included).
    pub fn load(&mut self, source: &str) {
        let prg = tokenize(source, "test.bas")
            .expect("test program tokenizes")
            .prg;
        let start = u16::from_le_bytes([prg[0], prg[1]]);
        for (i, &b) in prg[2..].iter().enumerate() {
            self.c64.poke_ram(start + i as u16, b);
        }
        let end = start + (prg.len() - 2) as u16;
        for ptr in [0x2Du16, 0x2F, 0x31] {
            self.c64.poke_ram(ptr, end as u8);
            self.c64.poke_ram(ptr + 1, (end >> 8) as u8);
        }
    }

    /// Put keys (breadbin's text notation, `\n` = RETURN) into the keyboard buffer as fast
    /// as the KERNAL takes them, running the machine meanwhile. Keys are only added to an
    /// empty buffer, so that the KERNAL is not in the middle of taking one out.
    pub fn keys(&mut self, text: &str) {
        let petscii = text_to_petscii(text, "keys").expect("keys convert");
        let limit = self.c64.cycles() + 60 * PAL_CLOCK_HZ;
        for chunk in petscii.chunks(8) {
            loop {
                assert!(self.c64.cycles() < limit, "keys not taken: {text:?}");
                self.c64.run_cycles(500);
                if self.c64.peek(0xC6) == 0 {
                    assert!(put_in_keyboard_buffer(&mut self.c64, chunk));
                    break;
                }
            }
        }
    }

    /// Run until BASIC waits for a line in its main loop with no keys pending; false when
    /// `seconds` of machine time pass first.
    pub fn settle(&mut self, seconds: u64) -> bool {
        self.settle_cycles(seconds * PAL_CLOCK_HZ)
    }

    fn settle_cycles(&mut self, cycles: u64) -> bool {
        let limit = self.c64.cycles() + cycles;
        let main = main_loop(&self.c64);
        while self.c64.cycles() < limit {
            self.c64.tick();
            if self.c64.cpu().at_instruction_boundary()
                && self.c64.cpu().pc == main
                && self.c64.peek(0xC6) == 0
            {
                return true;
            }
        }
        false
    }

    /// Type a line and RETURN, then wait for the main loop.
    pub fn enter(&mut self, line: &str) {
        self.keys(&format!("{line}\n"));
        assert!(
            self.settle(120),
            "{line:?} did not come back to the main loop"
        );
    }

    /// RUN the program in memory until BASIC is back at READY.
    pub fn run(&mut self) {
        self.enter("RUN");
        assert!(
            basic_ready(&self.c64),
            "READY. is not above the cursor after RUN"
        );
    }

    /// Hold RUN/STOP for a few frames; true when BASIC came back to its main loop (within
    /// two seconds).
    pub fn press_stop(&mut self) -> bool {
        self.c64.keyboard_mut().set(RUN_STOP, true);
        let back = self.settle_cycles(4 * 19_656);
        self.c64.keyboard_mut().set(RUN_STOP, false);
        back || self.settle(2)
    }

    pub fn screen(&self) -> [u8; 1000] {
        self.c64.screen_codes()
    }

    /// The screen rows, trailing spaces removed, empty rows at the end dropped.
    pub fn rows(&self) -> Vec<String> {
        let text = self.c64.screen_text(breadbin::basic::TextStyle::Reference);
        let mut rows: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
        while rows.last().is_some_and(|r| r.is_empty()) {
            rows.pop();
        }
        rows
    }

    /// A program's screen: `program` (whose first line clears the screen) is loaded, run
    /// with `answers` typed ahead into the keyboard buffer, and the rows are returned.
    pub fn output(program: &str, answers: &str) -> Vec<String> {
        let mut b = Basic::boot();
        b.load(program);
        b.keys("RUN\n");
        if !answers.is_empty() {
            b.keys(answers);
        }
        assert!(b.settle(120), "program did not end:\n{program}");
        b.rows()
    }
}
