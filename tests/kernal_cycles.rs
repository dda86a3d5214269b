//! The open KERNAL's cost in CPU cycles, measured on the emulated machine with the display
//! blanked (no bad-line stalls): the system interrupt with no key down, CHROUT of a plain
//! character, and CHROUT of a RETURN that scrolls the screen. BASIC's benchmark figures
//! include this work (60 interrupts a second, every PRINTed character), so the open
//! KERNAL must cost about what a straightforward KERNAL of the C64's era costs; the
//! figures are printed (`cargo test --test kernal_cycles -- --nocapture`) and kept in
//! roms/src/kernal/README.md, and the ranges below catch an accidental change of scale.

mod kernal_support;
use kernal_support::*;

use breadbin::C64;
use breadbin::chips::cpu::Status;

fn blank(c: &mut C64) {
    let v = c.peek(0xD011) & !0x10;
    c.poke(0xD011, v);
    c.run_frame();
}

/// Cycles of `JSR addr` ... return, with interrupts masked, minus the JSR and the RTS.
fn cost_of_call(c: &mut C64, addr: u16, a: u8) -> u64 {
    let [lo, hi] = addr.to_le_bytes();
    for (i, b) in [0x20, lo, hi, 0x4C, 0x03, 0xC0].into_iter().enumerate() {
        c.poke_ram(0xC000 + i as u16, b);
    }
    c.cpu_mut().a = a;
    c.cpu_mut().p.insert(Status::I);
    c.cpu_mut().set_pc(0xC000);
    let start = c.cycles();
    loop {
        c.tick();
        if c.cpu().at_instruction_boundary() && c.cpu().pc == 0xC003 {
            break;
        }
    }
    c.cycles() - start - 12
}

/// Cycles of one system interrupt: from the interrupt sequence to the RTI's last cycle.
fn cost_of_irq(c: &mut C64) -> u64 {
    idle(c);
    // Wait for the CPU to enter the handler; the 7-cycle interrupt sequence precedes $FF48.
    loop {
        c.tick();
        if c.cpu().at_instruction_boundary() && c.cpu().pc == 0xFF48 {
            break;
        }
    }
    let start = c.cycles() - 7;
    loop {
        c.tick();
        if c.cpu().at_instruction_boundary() && c.cpu().pc == 0xC003 {
            break;
        }
    }
    c.cycles() - start
}

#[test]
fn kernal_cycle_costs_stay_in_their_range() {
    let mut c = machine();
    blank(&mut c);
    let irq = cost_of_irq(&mut c);
    print(&mut c, &[0x93]);
    print(&mut c, &[0x11; 10]);
    let plain = cost_of_call(&mut c, 0xFFD2, b'A');
    let colour = cost_of_call(&mut c, 0xFFD2, 0x1C);
    let cr = cost_of_call(&mut c, 0xFFD2, 0x0D);
    print(&mut c, &[0x13]);
    print(&mut c, &[0x11; 24]);
    let scroll = cost_of_call(&mut c, 0xFFD2, 0x0D);
    c.keyboard_mut().set(key("A"), true);
    let held = cost_of_irq(&mut c);
    c.keyboard_mut().release_all();
    eprintln!("IRQ, no key down:        {irq} cycles");
    eprintln!("IRQ, A held:             {held} cycles");
    eprintln!("CHROUT plain character:  {plain} cycles");
    eprintln!("CHROUT colour code:      {colour} cycles");
    eprintln!("CHROUT RETURN:           {cr} cycles");
    eprintln!("CHROUT RETURN + scroll:  {scroll} cycles");
    assert!((150..=300).contains(&irq), "IRQ {irq}");
    assert!((150..=260).contains(&plain), "CHROUT {plain}");
    assert!((20_000..=35_000).contains(&scroll), "scroll {scroll}");
}
