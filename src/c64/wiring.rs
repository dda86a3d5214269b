//! The wiring: every pin that joins two chips, in one place (C64 schematic, and the VIC-II
//! article for BA and LP).
//!
//! | line           | from                                   | to                        |
//! |----------------|----------------------------------------|---------------------------|
//! | /IRQ           | VIC, CIA 1, expansion port (wired OR)  | 6510 IRQ                  |
//! | /NMI           | CIA 2, RESTORE key, expansion port     | 6510 NMI                  |
//! | RDY            | VIC BA, expansion port /DMA            | 6510 RDY                  |
//! | VA14-15        | CIA 2 PA0-1 (inverted)                 | VIC bank                  |
//! | ATN, CLK, DATA | CIA 2 PA3-5 out (inverted), PA6-7 in   | the serial bus, the drive |
//! | keyboard       | CIA 1 PA (columns) / PB (rows)         | CIA 1 PA, PB              |
//! | joysticks      | control ports 2 and 1                  | CIA 1 PA, PB              |
//! | LP             | CIA 1 PB4, keyboard, joystick 1 fire   | VIC light pen             |
//! | TOD            | the mains (`model.mains_hz`)           | both CIAs (`schedule.rs`) |
//! | GAME, EXROM    | expansion port                         | PLA (`bus.rs`)            |
//!
//! The CPU's inputs can only change in a full tick of a chip, through a register access
//! (which forces one) or through the keyboard, so they are driven from there.

use super::System;
use crate::chips::cpu::{Bus, Cpu};
use crate::chips::serial::{self, SerialBus};
use crate::drive::Drive;

/// CIA 2's port A inputs from the serial bus: CLK on bit 6, DATA on bit 7 (1 while the line
/// is high); bits 0-5 read high as inputs.
fn cia2_pa_in(bus: &SerialBus) -> u8 {
    let high = bus.high();
    let clk_in = if high & serial::CLK != 0 { 0x40 } else { 0 };
    let data_in = if high & serial::DATA != 0 { 0x80 } else { 0 };
    0x3F | clk_in | data_in
}

impl System {
    /// The CPU's interrupt and RDY inputs, each an OR over the lines that can pull it.
    #[inline]
    pub(super) fn drive_cpu(&self, cpu: &mut Cpu) {
        self.drive_interrupts(cpu);
        cpu.rdy = !(self.ba_low | self.port_lines.dma);
    }

    /// The byte on the data bus in the CPU's access of this cycle, found without making it:
    /// the value it writes, or what memory answers the read it makes (or, held by RDY,
    /// keeps making). For the VIC's c-accesses made while the CPU still has the bus.
    #[cold]
    pub(super) fn cpu_data_byte(&self, cpu: &Cpu) -> u8 {
        struct Probe<'a> {
            sys: &'a System,
            data: Option<u8>,
        }
        impl Bus for Probe<'_> {
            fn read(&mut self, addr: u16) -> u8 {
                let v = self.sys.peek(addr);
                self.data.get_or_insert(v);
                v
            }
            fn write(&mut self, _addr: u16, value: u8) {
                self.data.get_or_insert(value);
            }
        }
        let mut probe = Probe {
            sys: self,
            data: None,
        };
        let mut c = cpu.clone();
        c.rdy = true;
        c.tick(&mut probe);
        probe.data.unwrap_or(0xFF)
    }

    /// The CPU's interrupt inputs alone (RDY only changes in the VIC's full tick).
    #[inline]
    pub(super) fn drive_interrupts(&self, cpu: &mut Cpu) {
        let port = &self.port_lines;
        cpu.set_irq(self.vic.irq() | self.cia1.irq() | port.irq);
        cpu.set_nmi(self.cia2.irq() | self.keyboard.restore | port.nmi);
    }

    /// CIA 2 port A: the VIC bank (bits 0-1, inverted) and the C64's side of the serial bus.
    /// Bits 3-5 pull ATN, CLK and DATA low through inverters; bits 6 and 7 read CLK and DATA
    /// back (1 while the line is high). With nothing else on the bus, CLK and DATA read the
    /// inverse of what the C64 itself drives.
    pub(super) fn update_cia2_port(&mut self) {
        let pins = self.cia2.pa_pins();
        self.vic_bank = ((!pins & 3) as u16) << 14;
        let mut pulls = 0;
        if pins & 0x08 != 0 {
            pulls |= serial::ATN;
        }
        if pins & 0x10 != 0 {
            pulls |= serial::CLK;
        }
        if pins & 0x20 != 0 {
            pulls |= serial::DATA;
        }
        self.serial.pull(self.serial_c64, pulls);
        if let Some(d) = self.drive.as_mut() {
            d.serial_changed(&mut self.serial);
        }
        self.read_serial_bus();
    }

    /// Bring the drive, if any, up to the start of the current cycle, and CIA 2's view of the
    /// serial bus with it. The C64 sees the drive only there, so this is done before CIA 2's
    /// port is read or written (and when the machine is looked at from outside: `sync`), never
    /// in between.
    ///
    /// When in the C64's cycle the drive is caught up decides which of a C64 access and a
    /// drive access in the same microsecond comes first. The test bench's drive programs
    /// (`drive/selftest`, `viavarious`, `iecdelay`) pass with reads seeing the drive as of
    /// 0 to 0.6 of the C64's cycle and writes reaching it at 0.5 to 1.0 of the cycle; reads
    /// take the middle of the C64's cycle and writes its end (the write is visible to the
    /// drive from the C64's next cycle, as VICE models it).
    #[inline]
    pub(super) fn catch_up_drive(&mut self) {
        self.catch_up_drive_to(2 * self.cycles);
    }

    /// Before the CPU reads CIA 2's port A in this cycle: the read sees every drive cycle
    /// ended by the middle of the C64's cycle.
    #[inline]
    pub(super) fn catch_up_drive_for_read(&mut self) {
        self.catch_up_drive_to(2 * self.cycles + 1);
    }

    /// Before the CPU writes CIA 2's port A or its direction in this cycle: the drive sees
    /// the write from its first cycle that ends after the C64's cycle.
    #[inline]
    pub(super) fn catch_up_drive_for_write(&mut self) {
        self.catch_up_drive_to(2 * self.cycles + 2);
    }

    /// Run the drive, if any, through every cycle that ends by C64 half-cycle `half`.
    #[inline]
    fn catch_up_drive_to(&mut self, half: u64) {
        if let Some(d) = self.drive.as_mut() {
            d.run_to(
                Drive::cycle_for_half(half, self.model.clock_hz),
                &mut self.serial,
            );
            self.read_serial_bus();
        }
    }

    /// CLK and DATA as CIA 2 sees them on bits 6 and 7 (bits 0-5 are outputs here and read
    /// high as inputs).
    pub(super) fn read_serial_bus(&mut self) {
        self.cia2.pa_in = cia2_pa_in(&self.serial);
    }

    /// CIA 2's port A inputs as they would be now, without changing anything: with a drive
    /// not yet brought up to date, on copies of it and of the bus (for `peek`).
    pub(super) fn cia2_pa_in_now(&self) -> u8 {
        match &self.drive {
            Some(d) => {
                let (mut d, mut bus) = (d.clone(), self.serial.clone());
                d.run_to(Drive::cycle_for(self.cycles, self.model.clock_hz), &mut bus);
                cia2_pa_in(&bus)
            }
            None => self.cia2.pa_in,
        }
    }

    /// The VIC's LP input follows PB4 of CIA 1's port B: the port's output, the keyboard
    /// rows and joystick 1 (its fire button) can pull it low.
    pub(crate) fn update_light_pen(&mut self) {
        let low = self
            .keyboard
            .port_b_in(self.cia1.pa_pins(), self.cia1.pb_pins())
            & 0x10
            == 0;
        if low != self.vic.lp_low() {
            self.vic_catch_up();
            self.vic.set_light_pen(low);
            // The interrupt may have changed.
            self.vic_wake_now();
        }
    }

    /// Feed CIA 1 the keyboard matrix and joystick levels before a port read.
    #[inline]
    pub(super) fn update_cia1_ports(&mut self) {
        let pa = self.cia1.pa_pins();
        let pb = self.cia1.pb_pins();
        self.cia1.pa_in = self.keyboard.port_a_in(pa, pb);
        self.cia1.pb_in = self.keyboard.port_b_in(pa, pb);
    }
}
