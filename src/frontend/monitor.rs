//! The monitor in the window: Ctrl+F2 stops the machine and opens the monitor in the
//! terminal the window was started from. Lines typed there are its commands; one that runs
//! the machine (`g`, `z`, `n`, `ret`) closes it until the next stop, and `quit` closes the
//! window. Standard input is read by a thread of its own, so the window keeps drawing.

use crate::C64;
use crate::host::monitor::{Flow, Monitor};
use std::io::Write as _;
use std::sync::mpsc::{Receiver, TryRecvError};

/// The monitor with the terminal's lines.
pub struct Console {
    pub monitor: Monitor,
    /// Read commands from standard input (tests give them with [`Monitor::push`]).
    pub terminal: bool,
    open: bool,
    lines: Option<Receiver<String>>,
    quit: bool,
}

impl Default for Console {
    fn default() -> Self {
        Console {
            monitor: Monitor::default(),
            terminal: true,
            open: false,
            lines: None,
            quit: false,
        }
    }
}

impl Console {
    /// The machine is stopped for the monitor.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// `quit` was typed (asked once).
    pub fn take_quit(&mut self) -> bool {
        std::mem::take(&mut self.quit)
    }

    /// Stop here and take commands from the terminal.
    pub fn open(&mut self, c64: &mut C64) {
        c64.sync();
        self.monitor.show_stop(c64);
        self.open = true;
        let mut out = self.monitor.take_output();
        out.push_str("monitor: the machine is stopped; `help` lists the commands, `g` runs on\n");
        out.push_str("(monitor) ");
        self.print(&out);
    }

    /// The machine stopped at a checkpoint or at the end of a step.
    pub fn stopped(&mut self, c64: &mut C64) {
        let flow = self.monitor.stopped(c64);
        self.after(flow);
    }

    /// Run what the terminal typed since the last look; whether the machine runs on now.
    pub fn poll(&mut self, c64: &mut C64) -> bool {
        if !self.open {
            return false;
        }
        if self.terminal {
            let lines = self.lines.get_or_insert_with(read_stdin);
            loop {
                match lines.try_recv() {
                    Ok(line) => self.monitor.push(&line),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        // No terminal to type in: the machine runs on.
                        self.monitor.push("g");
                        break;
                    }
                }
            }
        }
        if !self.monitor.has_queued() {
            return false;
        }
        let flow = self.monitor.drain(c64);
        self.after(flow);
        !self.open
    }

    fn after(&mut self, flow: Result<Flow, String>) {
        // The terminal's errors are printed with the output; nothing is left to fail.
        let flow = flow.unwrap_or(Flow::Stay);
        self.open = flow == Flow::Stay;
        self.quit = flow == Flow::Quit;
        let mut out = self.monitor.take_output();
        if self.open {
            out.push_str("(monitor) ");
        }
        self.print(&out);
    }

    fn print(&self, text: &str) {
        let mut o = std::io::stdout().lock();
        let _ = o.write_all(text.as_bytes());
        let _ = o.flush();
    }
}

/// Lines of standard input as they are typed.
fn read_stdin() -> Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}
