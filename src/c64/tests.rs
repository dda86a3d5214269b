//! The lazy scheduling of the VIC and the CIAs (quiet stretches skipped and applied in one
//! step) against eager stepping (every chip ticked in full every cycle): random programs
//! with raster, timer and NMI interrupts, mode and timer writes in every position of the
//! line, must leave both machines in the same state, cycle for cycle.

use super::*;

use crate::chips::test_rng::Rng;

/// A program at $1000: interrupts set up with random rates, then a loop of random
/// instructions touching the VIC, both CIAs, RAM and the stack; with `sprites`, all eight
/// sprites on and their registers among those touched.
fn random_program(rng: &mut Rng, sprites: bool) -> Vec<u8> {
    let mut p: Vec<u8> = Vec::new();
    let lda = |p: &mut Vec<u8>, v: u8| p.extend([0xA9, v]);
    let sta = |p: &mut Vec<u8>, a: u16| p.extend([0x8D, a as u8, (a >> 8) as u8]);
    p.push(0x78); // SEI
    lda(&mut p, 0x2F); // the port's directions, then RAM with I/O: the vectors at
    p.extend([0x85, 0x00]); // $FFFA-$FFFF are ours
    lda(&mut p, 0x35);
    p.extend([0x85, 0x01]);
    // Vectors, patched below once the handlers' addresses are known.
    let vec_at = p.len();
    for a in [0xFFFE, 0xFFFF, 0xFFFA, 0xFFFB] {
        lda(&mut p, 0);
        sta(&mut p, a);
    }
    lda(&mut p, 0x1B);
    sta(&mut p, 0xD011);
    lda(&mut p, rng.byte());
    sta(&mut p, 0xD012);
    lda(&mut p, 0x01);
    sta(&mut p, 0xD01A);
    lda(&mut p, rng.byte());
    sta(&mut p, 0xDC04);
    lda(&mut p, rng.below(8) as u8);
    sta(&mut p, 0xDC05);
    lda(&mut p, 0x81);
    sta(&mut p, 0xDC0D);
    lda(&mut p, 0x11);
    sta(&mut p, 0xDC0E);
    lda(&mut p, rng.byte());
    sta(&mut p, 0xDD06);
    lda(&mut p, 0x20 + rng.below(16) as u8);
    sta(&mut p, 0xDD07);
    lda(&mut p, 0x82);
    sta(&mut p, 0xDD0D);
    lda(&mut p, 0x11);
    sta(&mut p, 0xDD0F);
    if sprites {
        for n in 0..8u16 {
            lda(&mut p, rng.byte());
            sta(&mut p, 0xD000 + 2 * n);
            lda(&mut p, 40 + rng.below(220) as u8);
            sta(&mut p, 0xD001 + 2 * n);
        }
        for a in [0xD010, 0xD017, 0xD01B, 0xD01C, 0xD01D] {
            lda(&mut p, rng.byte());
            sta(&mut p, a);
        }
        lda(&mut p, 0xFF);
        sta(&mut p, 0xD015);
    }
    p.push(0x58); // CLI
    let lp = 0x1000 + p.len() as u16;
    for _ in 0..40 {
        match rng.below(if sprites { 17 } else { 14 }) {
            14 => {
                // A sprite's X or Y, the ninth X bits, expansion, priority, multicolour.
                lda(&mut p, rng.byte());
                let reg = [0x00, 0x01, 0x10, 0x17, 0x1B, 0x1C, 0x1D][rng.below(7) as usize];
                let n = if reg < 2 { 2 * rng.below(8) as u16 } else { 0 };
                sta(&mut p, 0xD000 + reg + n);
            }
            15 => p.extend([0xAD, 0x1E + rng.below(2) as u8, 0xD0]), // LDA $D01E/F
            16 => {
                // Sprites on or off.
                lda(&mut p, rng.byte() | 0x0F);
                sta(&mut p, 0xD015);
            }
            0 => p.extend([0xAD, 0x12, 0xD0]), // LDA $D012
            1 => p.extend([0xAD, 0x04 + rng.below(4) as u8, 0xDC]), // LDA timer bytes
            2 => p.extend([0xAD, 0x06, 0xDD]), // LDA $DD06
            3 => {
                // YSCROLL, DEN, RSEL, modes (raster bit 8 clear).
                lda(&mut p, rng.byte() & 0x7F);
                sta(&mut p, 0xD011);
            }
            4 => {
                lda(&mut p, rng.byte());
                sta(
                    &mut p,
                    [0xD016, 0xD018, 0xD020, 0xD021][rng.below(4) as usize],
                );
            }
            5 => {
                lda(&mut p, rng.byte());
                sta(
                    &mut p,
                    [0xDC04, 0xDC05, 0xDC06, 0xDD04][rng.below(4) as usize],
                );
            }
            6 => {
                // Timer B of CIA 1 counting, one-shot or continuous.
                lda(&mut p, 0x01 | (rng.byte() & 0x18));
                sta(&mut p, 0xDC0F);
            }
            7 => p.extend([0x2C, 0x0D, 0xDC]), // BIT $DC0D: acknowledges CIA 1
            8 => p.extend([0x9D, rng.byte(), 0x20]), // STA $20xx,X
            9 => p.extend([0xE8, 0x88, 0x18, 0x69, rng.byte()]), // INX DEY CLC ADC #
            10 => p.extend([0x48, 0x68]),      // PHA PLA
            11 => p.extend([0x78, 0xEA, 0x58]), // SEI NOP CLI
            12 => {
                lda(&mut p, rng.byte());
                sta(&mut p, 0xD012);
            }
            _ => p.extend([0xEE, 0x19, 0xD0]), // INC $D019
        }
    }
    p.extend([0x4C, lp as u8, (lp >> 8) as u8]);
    let irq = 0x1000 + p.len() as u16;
    // Each handler counts itself ($1F00, $1F01) and acknowledges its chips.
    p.extend([0x48, 0xEE, 0x00, 0x1F, 0xAD, 0x19, 0xD0, 0x8D, 0x19, 0xD0]);
    p.extend([0xAD, 0x0D, 0xDC, 0x68, 0x40]);
    let nmi = 0x1000 + p.len() as u16;
    p.extend([0x48, 0xEE, 0x01, 0x1F, 0xAD, 0x0D, 0xDD, 0x68, 0x40]);
    for (i, v) in [irq as u8, (irq >> 8) as u8, nmi as u8, (nmi >> 8) as u8]
        .into_iter()
        .enumerate()
    {
        p[vec_at + i * 5 + 1] = v;
    }
    p
}

/// Everything observable: CPU registers, RAM, colour RAM, every VIC and CIA register as
/// the CPU would read it, the raster position, the cycle count and the picture.
fn state(c: &C64) -> Vec<u8> {
    let mut v = vec![c.cpu.a, c.cpu.x, c.cpu.y, c.cpu.s, c.cpu.p.bits()];
    v.extend(c.cpu.pc.to_le_bytes());
    v.extend(c.cycles().to_le_bytes());
    v.extend_from_slice(&c.sys.mem.ram[..]);
    v.extend_from_slice(&c.sys.mem.color[..]);
    for a in (0xD000..0xD040).chain(0xDC00..0xDC10).chain(0xDD00..0xDD10) {
        v.push(c.peek(a));
    }
    let (line, cycle) = c.sys.vic_position();
    v.extend(line.to_le_bytes());
    v.push(cycle);
    v.extend_from_slice(c.frame());
    v
}

/// Runs `rounds` random programs lazily and eagerly side by side, with the picture drawn
/// or not.
fn lazy_matches_eager(seed: u64, rounds: usize, sprites: bool, render: bool) {
    let mut rng = Rng(seed);
    for round in 0..rounds {
        let prog = random_program(&mut rng, sprites);
        let mut lazy = C64::new(crate::Roms::open());
        for (i, &b) in prog.iter().enumerate() {
            lazy.poke_ram(0x1000 + i as u16, b);
        }
        lazy.cpu.set_pc(0x1000);
        lazy.sys.set_render(render);
        let mut eager = lazy.clone();
        eager.sys.sched.eager = true;
        // Every pixel of the eager machine through the per-pixel path.
        eager.sys.vic.slow_draw = render;
        for step in 0..40 {
            for _ in 0..25_000 {
                lazy.tick();
                eager.tick();
            }
            assert!(!lazy.cpu.is_jammed(), "round {round}: jammed");
            lazy.sys.sync();
            eager.sys.sync();
            assert!(
                state(&lazy) == state(&eager),
                "round {round}: the machines differ after {} cycles (PC ${:04X} / ${:04X})",
                (step + 1) * 25_000,
                lazy.cpu.pc,
                eager.cpu.pc
            );
        }
        let (irqs, nmis) = (lazy.peek(0x1F00), lazy.peek(0x1F01));
        assert!(
            irqs > 0 && nmis > 0,
            "round {round}: {irqs} IRQs, {nmis} NMIs taken"
        );
    }
}

#[test]
fn lazy_scheduling_matches_eager_stepping() {
    lazy_matches_eager(0x05EE_D0FB_4EAD, 6, false, false);
}

#[test]
fn lazy_scheduling_matches_eager_stepping_with_sprites() {
    lazy_matches_eager(0x5B81_7E5A_11CD, 4, true, false);
}

#[test]
fn lazy_scheduling_matches_eager_stepping_with_sprites_and_pixels() {
    lazy_matches_eager(0x5B81_7E5A_11CE, 4, true, true);
}

#[test]
fn cia2_reads_clk_and_data_from_the_serial_bus() {
    use crate::chips::serial;
    let mut roms = crate::c64::roms::Roms::open();
    roms.dos = None; // no drive
    let mut c64 = C64::new(roms);
    c64.poke(0xDD02, 0x3F); // bits 0-5 out, 6-7 in
    // Nothing else on the bus: CLK and DATA read back as the inverse of what the C64 drives.
    for out in [0x00u8, 0x10, 0x20, 0x30] {
        c64.poke(0xDD00, out);
        let pa = c64.peek(0xDD00);
        assert_eq!(pa & 0x40 == 0, out & 0x10 != 0, "CLK with {out:02X} out");
        assert_eq!(pa & 0x80 == 0, out & 0x20 != 0, "DATA with {out:02X} out");
    }
    // A device holding DATA low: DATA reads low whatever the C64 does; CLK is still its own.
    c64.poke(0xDD00, 0x00);
    let device = c64.sys.serial.attach();
    c64.sys.serial.pull(device, serial::DATA);
    c64.sys.read_serial_bus();
    assert_eq!(c64.peek(0xDD00) & 0xC0, 0x40);
    c64.sys.serial.pull(device, 0);
    c64.sys.read_serial_bus();
    assert_eq!(c64.peek(0xDD00) & 0xC0, 0xC0);
    // The C64's ATN output (bit 3) is a line of the bus too.
    c64.poke(0xDD00, 0x08);
    assert_eq!(c64.sys.serial.low(), serial::ATN);
}
