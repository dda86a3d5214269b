//! Timing measured by test programs on the emulated machine itself (tests/programs/*.s),
//! asserted against documented figures:
//! - PAL frame: 63 cycles x 312 lines = 19,656 cycles; a bad line stops the CPU from BA
//!   going low (cycle 12) to the last c-access (cycle 54): 43 cycles when the CPU is only
//!   reading, 40-43 otherwise (VIC-II article, 3.5 and 3.6.3);
//! - raster interrupt in the first cycle of its line, and the 6510's 7-cycle interrupt
//!   sequence after the instruction in progress;
//! - CIA timer in continuous mode: period latch+1 (6526 data sheet).

mod common;
use common::{machine_with, run_to_d7ff, timed_cycles};

const BADLINES: &[u8] = include_bytes!("programs/machine_badlines.bin");
const RASTERIRQ: &[u8] = include_bytes!("programs/machine_rasterirq.bin");
const CIATIMER: &[u8] = include_bytes!("programs/machine_ciatimer.bin");

/// Cycles of the measured loop: 256 x 256 DEX/BNE with DEY/BNE around it.
const LOOP_CYCLES: u64 = 255 * (255 * 5 + 4 + 5) + (255 * 5 + 4) + 4;

fn elapsed(display: u8) -> u64 {
    let mut c64 = machine_with(BADLINES);
    c64.poke_ram(0x02, display);
    assert_eq!(run_to_d7ff(&mut c64, 5_000_000), 0);
    timed_cycles(&c64)
}

#[test]
fn display_off_gives_the_cpu_every_cycle() {
    let off = elapsed(0x0B);
    // Between the write that starts the timer (with force load) in cycle W and the one that
    // stops it in cycle S lie the loop plus LDY #/LDX # (4) and LDA #/STA (6): S - W =
    // loop + 10. The 6526 counts from W+3 (the force load swallows W+2) through S+1.
    assert_eq!(
        off,
        LOOP_CYCLES + 9,
        "display off: every cycle goes to the CPU"
    );
}

#[test]
fn each_bad_line_steals_43_cycles_from_a_reading_cpu() {
    let off = elapsed(0x0B);
    let on = elapsed(0x1B);
    let stolen = on - off;
    assert_eq!(
        stolen % 43,
        0,
        "stolen {stolen} is not a whole number of 43-cycle bad lines"
    );
    let bad_lines = stolen / 43;
    // 25 bad lines in each full frame of the measured window.
    let frames = on as f64 / 19_656.0;
    let per_frame = bad_lines as f64 / frames;
    assert!(
        (24.0..=25.5).contains(&per_frame),
        "{bad_lines} bad lines in {frames:.2} frames = {per_frame:.2} per frame, expected 25"
    );
    // CPU cycles per frame: 19,656 minus 25 x 43.
    let cpu_per_frame = 19_656.0 * LOOP_CYCLES as f64 / on as f64;
    assert!(
        (18_560.0..18_620.0).contains(&cpu_per_frame),
        "{cpu_per_frame}"
    );
}

#[test]
fn raster_irq_handler_starts_9_or_10_cycles_into_the_line() {
    let mut c64 = machine_with(RASTERIRQ);
    // Find the handler's address: the vector the program writes to $FFFE.
    let mut entries = Vec::new();
    for _ in 0..200_000 {
        c64.tick();
        if c64.cpu().at_instruction_boundary() {
            let handler = u16::from_le_bytes([c64.ram()[0xFFFE], c64.ram()[0xFFFF]]);
            if c64.cpu().pc == handler {
                // The next tick fetches the handler's first opcode: its cycle in the line.
                let (line, cycle) = c64.vic_position();
                entries.push((line, cycle % 63 + 1));
            }
        }
        if c64.has_events() {
            break;
        }
    }
    assert_eq!(entries.len(), 3, "{entries:?}");
    for (line, cycle) in entries {
        assert_eq!(line, 0x80);
        // Cycles numbered 1-63: the IRQ rises in cycle 1; the NOP in progress ends in
        // cycle 2 or 3, the sequence takes 7: the first fetch is in cycle 10 or 11.
        assert!(cycle == 10 || cycle == 11, "handler fetch in cycle {cycle}");
    }
}

#[test]
fn cia_timer_irq_period_is_latch_plus_one() {
    let mut c64 = machine_with(CIATIMER);
    assert_eq!(run_to_d7ff(&mut c64, 2_000_000), 0);
    let ram = c64.ram();
    let reads: Vec<u16> = (0..16)
        .map(|i| {
            let lo = ram[0x2000 + 2 * i];
            let mut hi = ram[0x2001 + 2 * i];
            // The high byte is read 4 cycles after the low byte: a low byte below 4 has
            // wrapped in between.
            if lo < 4 {
                hi = hi.wrapping_add(1);
            }
            u16::from_le_bytes([lo, hi])
        })
        .collect();
    // Entry jitter is at most one cycle (NOP slide), so 15 periods span 15 x $1001 cycles
    // give or take the jitter at the two ends.
    let total = reads[0].wrapping_sub(reads[15]) as i64;
    assert!(
        (total - 15 * 0x1001).abs() <= 1,
        "entries at CIA 2 counts {reads:04X?}"
    );
    for w in reads.windows(2) {
        let d = w[0].wrapping_sub(w[1]);
        assert!((0x1000..=0x1002).contains(&d), "period {d:#x}");
    }
}

const TOD: &[u8] = include_bytes!("programs/machine_tod.bin");

#[test]
fn tod_clock_counts_tenths_at_50_hz_and_carries_into_the_hour() {
    let mut c64 = machine_with(TOD);
    assert_eq!(run_to_d7ff(&mut c64, 100_000), 0);
    // 2.5 emulated seconds: 1:59:59.0 becomes 2:00:01.5 (BCD, hour register bit 7 = PM).
    c64.run_cycles(985_248 * 5 / 2);
    let (tenths, sec, min, hour) = (
        c64.peek(0xDC08),
        c64.peek(0xDC09),
        c64.peek(0xDC0A),
        c64.peek(0xDC0B),
    );
    assert_eq!((hour, min, sec), (0x02, 0x00, 0x01), "2:00:01 AM");
    assert!((4..=5).contains(&tenths), "tenths {tenths}");
}
