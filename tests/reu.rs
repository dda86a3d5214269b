//! The RAM Expansion Unit on the expansion port: its registers after each kind of transfer,
//! the $FF00 trigger, its DMA cycle by cycle against the VIC's bad lines and sprites, the
//! sizes, and its interrupt. Each test runs its own machine code from $1000 on a machine
//! without a boot (display off, no sprites, unless the test sets them).

mod common;

use breadbin::C64;
use breadbin::cart::reu::Reu;

fn lda(v: u8) -> Vec<u8> {
    vec![0xA9, v]
}

fn sta(addr: u16) -> Vec<u8> {
    let [lo, hi] = addr.to_le_bytes();
    vec![0x8D, lo, hi]
}

/// Set REU registers (`(register, value)`), each with LDA #/STA.
fn regs(values: &[(u8, u8)]) -> Vec<u8> {
    values
        .iter()
        .flat_map(|&(r, v)| [lda(v), sta(0xDF00 + u16::from(r))].concat())
        .collect()
}

/// Set up a transfer: C64 address, REU address (bank, 16 bits), length, fixed-address bits.
fn transfer(c64: u16, reu: u32, len: u16, fixed: u8) -> Vec<u8> {
    let [cl, ch] = c64.to_le_bytes();
    let [rl, rh, rb, _] = reu.to_le_bytes();
    let [ll, lh] = len.to_le_bytes();
    regs(&[
        (2, cl),
        (3, ch),
        (4, rl),
        (5, rh),
        (6, rb),
        (7, ll),
        (8, lh),
        (10, fixed),
    ])
}

/// `code`, then report 0 to $D7FF and stop.
fn machine(kib: u32, code: &[u8]) -> C64 {
    let mut program = code.to_vec();
    program.extend([lda(0), sta(0xD7FF)].concat());
    program.extend([0x4C, 0x00, 0x00]); // JMP $0000 is never reached: the run ends first
    let mut c64 = common::machine_with(&program);
    c64.plug(Box::new(Reu::new(kib).unwrap()));
    c64
}

fn run(kib: u32, code: &[u8]) -> C64 {
    let mut c64 = machine(kib, code);
    assert_eq!(common::run_to_d7ff(&mut c64, 2_000_000), 0);
    c64
}

/// The REU's registers $DF00-$DF0A as the CPU would read them (without clearing status).
fn registers(c64: &C64) -> Vec<u8> {
    (0..11).map(|r| c64.peek(0xDF00 + r)).collect()
}

fn fill(c64: &mut C64, at: u16, bytes: &[u8]) {
    for (i, &b) in bytes.iter().enumerate() {
        c64.poke_ram(at + i as u16, b);
    }
}

#[test]
fn a_stash_leaves_the_length_at_1_and_both_addresses_past_the_block() {
    let code = [transfer(0x2000, 0x0100, 16, 0), regs(&[(1, 0x90)])].concat();
    let mut c64 = machine(512, &code);
    fill(&mut c64, 0x2000, &(1..=16).collect::<Vec<u8>>());
    assert_eq!(common::run_to_d7ff(&mut c64, 100_000), 0);
    // Status: end of block, 256 KiB DRAMs; command: execute cleared, $FF00 bit set; C64
    // address $2010; REU address $000110 (bank's unused bits read 1); length 1; mask and
    // fixed-address registers with their unused bits set.
    assert_eq!(
        registers(&c64),
        [
            0x50, 0x10, 0x10, 0x20, 0x10, 0x01, 0xF8, 0x01, 0x00, 0x1F, 0x3F
        ]
    );
    assert_eq!(c64.peek(0xDF0B), 0xFF, "no register there");
    assert_eq!(
        c64.peek(0xDF20),
        0x50,
        "the registers repeat every 32 bytes"
    );
}

#[test]
fn a_fetch_brings_the_stashed_bytes_back_and_reading_status_clears_it() {
    let code = [
        transfer(0x2000, 0x30000, 8, 0),
        regs(&[(1, 0x90)]),
        transfer(0x3000, 0x30000, 8, 0),
        regs(&[(1, 0x91)]),
        vec![0xAD, 0x00, 0xDF], // LDA $DF00
        sta(0x02),
        vec![0xAD, 0x00, 0xDF],
        sta(0x03),
    ]
    .concat();
    let mut c64 = machine(512, &code);
    fill(&mut c64, 0x2000, b"BREADBIN");
    assert_eq!(common::run_to_d7ff(&mut c64, 100_000), 0);
    assert_eq!(&c64.ram()[0x3000..0x3008], b"BREADBIN");
    assert_eq!(c64.ram()[2], 0x50, "end of block");
    assert_eq!(c64.ram()[3], 0x10, "cleared by the read before");
}

#[test]
fn a_swap_exchanges_and_autoload_restores_the_counters() {
    let code = [
        transfer(0x2000, 0x0000, 4, 0),
        regs(&[(1, 0x90)]), // stash "ABCD"
        transfer(0x2004, 0x0000, 4, 0),
        regs(&[(1, 0xB2)]), // swap with autoload
    ]
    .concat();
    let mut c64 = machine(512, &code);
    fill(&mut c64, 0x2000, b"ABCDwxyz");
    assert_eq!(common::run_to_d7ff(&mut c64, 100_000), 0);
    assert_eq!(&c64.ram()[0x2000..0x2008], b"ABCDABCD");
    let r = registers(&c64);
    assert_eq!(
        (r[2], r[3], r[4], r[5], r[7], r[8]),
        (0x04, 0x20, 0, 0, 4, 0)
    );
    assert_eq!(r[1], 0x32, "autoload and the $FF00 bit stay");
}

#[test]
fn a_verify_stops_past_the_first_difference() {
    // Stash 16 bytes, change one in the C64, verify.
    let verify = |at: u16| {
        let code = [
            transfer(0x2000, 0, 16, 0),
            regs(&[(1, 0x90)]),
            vec![0xAD, 0x00, 0xDF], // LDA $DF00: its flags stay until read
            lda(0xEE),
            sta(0x2000 + at),
            transfer(0x2000, 0, 16, 0),
            regs(&[(1, 0x93)]),
        ]
        .concat();
        let mut c64 = machine(512, &code);
        fill(&mut c64, 0x2000, &[7; 16]);
        assert_eq!(common::run_to_d7ff(&mut c64, 100_000), 0);
        let r = registers(&c64);
        (r[0], r[2], r[7])
    };
    assert_eq!(verify(5), (0x30, 0x06, 10), "fault; past byte 5; 10 left");
    assert_eq!(
        verify(15),
        (0x70, 0x10, 1),
        "in the last byte: end of block too"
    );
    assert_eq!(
        verify(14),
        (0x70, 0x0F, 1),
        "the last pair is the same: end of block"
    );
}

#[test]
fn a_transfer_takes_one_cycle_a_byte_with_the_cpu_off_the_bus() {
    let cycles = |len: u16| {
        let code = [transfer(0x2000, 0, len, 0), regs(&[(1, 0x90)])].concat();
        let mut c64 = machine(512, &code);
        let start = c64.cycles();
        common::run_to_d7ff(&mut c64, 1_000_000);
        c64.cycles() - start
    };
    assert_eq!(cycles(101) - cycles(1), 100);
    assert_eq!(cycles(0) - cycles(1), 65535, "length 0 is 65,536 bytes");
}

#[test]
fn a_write_to_ff00_starts_an_armed_transfer_and_a_read_modify_writes_second_write_is_lost() {
    // RAM at $FF00 ($01 = $35); arm a stash of $FF00 itself; INC $FF00.
    let code = [
        lda(0x2F),
        sta(0x00),
        lda(0x35),
        sta(0x01),
        lda(0x41),
        sta(0xFF00),
        transfer(0xFF00, 0, 1, 0),
        regs(&[(1, 0x80)]),
        lda(0x42),
        sta(0x2000),            // no transfer yet: not $FF00
        vec![0xEE, 0x00, 0xFF], // INC $FF00: writes $41 (starts the DMA), then $42
        transfer(0x3000, 0, 1, 0),
        regs(&[(1, 0x91)]),
        lda(0x37),
        sta(0x01),
    ]
    .concat();
    let c64 = run(512, &code);
    assert_eq!(c64.ram()[0xFF00], 0x41, "the second write went nowhere");
    assert_eq!(
        c64.ram()[0x3000],
        0x41,
        "the stash saw the first write's byte"
    );
}

#[test]
fn dma_reaches_the_ram_under_the_6510_port() {
    let code = [
        lda(0xA5),
        sta(0x2000),
        sta(0x2001),
        transfer(0x2000, 0, 2, 0),
        regs(&[(1, 0x90)]),
        transfer(0x0000, 0, 2, 0),
        regs(&[(1, 0x91)]),
    ]
    .concat();
    let c64 = run(512, &code);
    assert_eq!(&c64.ram()[0..2], [0xA5, 0xA5]);
    assert_eq!(c64.peek(1) & 7, 7, "the port keeps its banks");
}

/// Run `command` ($90 stash, $92 swap) between CIA 1's timer A low byte (fixed) and REU
/// address 0 for `len` bytes from line `line`, with `setup` done first; the timer bytes the
/// REU then holds, each the moment it was read.
fn timer_bytes(setup: &[u8], line: u8, len: u16, command: u8) -> Vec<u8> {
    let code = [
        setup.to_vec(),
        lda(0),
        sta(0xDC0E),
        lda(0xFF),
        sta(0xDC04),
        sta(0xDC05),
        lda(0x11),
        sta(0xDC0E),
        // wait for line `line` (below 256)
        vec![0xAD, 0x12, 0xD0, 0xC9, line, 0xD0, 0xF9],
        transfer(0xDC04, 0, len, 0x80),
        regs(&[(1, command)]),
        transfer(0x4000, 0, len, 0),
        regs(&[(1, 0x91)]),
    ]
    .concat();
    let c64 = run(512, &code);
    c64.ram()[0x4000..0x4000 + len as usize].to_vec()
}

/// Stash the timer (one byte a cycle while the REU has the bus) for `len` cycles; its gaps:
/// (byte index, cycles the transfer was held).
fn held(setup: &[u8], line: u8, len: u16) -> Vec<(usize, u8)> {
    let data = timer_bytes(setup, line, len, 0x90);
    (1..data.len())
        .filter_map(|i| {
            let gap = data[i - 1].wrapping_sub(data[i]);
            (gap != 1).then(|| (i, gap - 1))
        })
        .collect()
}

#[test]
fn bad_lines_hold_a_transfer_for_all_43_cycles_of_ba() {
    // Display on, YSCROLL 3: bad lines 51, 59, ...
    let on = [lda(0x1B), sta(0xD011)].concat();
    let gaps = held(&on, 100, 63 * 20);
    assert!(gaps.len() >= 2, "{gaps:?}");
    assert!(gaps.iter().all(|&(_, n)| n == 43), "{gaps:?}");
    assert!(
        gaps.windows(2).all(|w| w[1].0 - w[0].0 == 8 * 63 - 43),
        "{gaps:?}"
    );
}

#[test]
fn a_sprites_dma_holds_a_transfer_for_its_ba_window_less_the_compare_cycle_of_its_first_line() {
    // Sprite 0 at Y 100: its DMA comes on in line 100, cycle 55, where BA falls for it. The
    // REU still takes that cycle; in the lines after, BA is low from the line before.
    let sprite0 = [
        lda(100),
        sta(0xD001),
        lda(1),
        sta(0xD015),
        lda(0x0B),
        sta(0xD011),
    ]
    .concat();
    let gaps = held(&sprite0, 99, 63 * 4);
    let lengths: Vec<u8> = gaps.iter().map(|&(_, n)| n).collect();
    assert_eq!(lengths, [4, 5, 5, 5], "{gaps:?}");
}

#[test]
fn the_bank_register_has_the_units_bits_and_the_rest_read_1() {
    let bank = |kib: u32, v: u8| {
        let c64 = run(kib, &regs(&[(6, v)]));
        c64.peek(0xDF06)
    };
    assert_eq!(bank(512, 0x00), 0xF8);
    assert_eq!(bank(512, 0x05), 0xFD);
    assert_eq!(bank(128, 0x05), 0xFD, "three bits on the 1700 too");
    assert_eq!(bank(2048, 0x05), 0xE5);
    assert_eq!(bank(16384, 0x85), 0x85);
}

/// Stash 0 at REU address `from` and $5A at `at`, then fetch `from` to $3000.
fn stash_then_fetch(kib: u32, at: u32, from: u32) -> u8 {
    let code = [
        lda(0x00),
        sta(0x2001),
        transfer(0x2001, from, 1, 0),
        regs(&[(1, 0x90)]),
        lda(0x5A),
        sta(0x2000),
        transfer(0x2000, at, 1, 0),
        regs(&[(1, 0x90)]),
        lda(0x00),
        sta(0x2001),
        transfer(0x2001, from + 1, 1, 0),
        regs(&[(1, 0x90)]), // a 0 elsewhere: the data latch holds 0 now
        transfer(0x3000, from, 1, 0),
        regs(&[(1, 0x91)]),
    ]
    .concat();
    run(kib, &code).ram()[0x3000]
}

#[test]
fn the_1700s_ram_repeats_every_128k_and_the_1764_has_no_banks_4_to_7() {
    assert_eq!(stash_then_fetch(128, 0x2_1234, 0x0_1234), 0x5A);
    assert_eq!(stash_then_fetch(512, 0x2_1234, 0x0_1234), 0x00);
    // On the 1764 a write to bank 4 goes nowhere, and reading it gives the data latch.
    assert_eq!(stash_then_fetch(256, 0x4_1234, 0x0_1234), 0x00);
    assert_eq!(stash_then_fetch(256, 0x0_1234, 0x0_1234), 0x5A);
}

/// On the 1764: fetch `len` bytes from `from` (REU address fixed or not) to $3100, then one
/// byte from bank 7, which is not there, to $3000: what the data latch was left holding.
fn latch_after_fetch(from: u32, len: u16, fixed: u8) -> u8 {
    let code = [
        lda(0x11),
        sta(0x2000),
        lda(0x22),
        sta(0x2001),
        lda(0x33),
        sta(0x2002),
        transfer(0x2000, 0, 3, 0),
        regs(&[(1, 0x90)]),
        transfer(0x3100, from, len, fixed),
        regs(&[(1, 0x91)]),
        transfer(0x3000, 0x7_0000, 1, 0),
        regs(&[(1, 0x91)]),
    ]
    .concat();
    run(256, &code).ram()[0x3000]
}

#[test]
fn a_fetch_reads_ahead_the_next_reu_byte_into_the_data_latch() {
    assert_eq!(latch_after_fetch(0, 1, 0), 0x22);
    assert_eq!(latch_after_fetch(0, 2, 0), 0x33);
    assert_eq!(
        latch_after_fetch(1, 2, 0x40),
        0x22,
        "a fixed address reads itself again"
    );
    // Past the block is RAM as it came up: $FF $00 $00 $FF from $000000, the inverse from
    // $030000 ($00 $FF $FF $00).
    assert_eq!(latch_after_fetch(2, 1, 0), 0xFF);
    assert_eq!(latch_after_fetch(0x3_0000, 1, 0), 0xFF);
    assert_eq!(latch_after_fetch(0x3_0001, 1, 0), 0xFF);
    assert_eq!(latch_after_fetch(0x3_0002, 1, 0), 0x00);
}

#[test]
fn the_interrupt_comes_at_the_end_of_the_block_when_enabled_and_goes_with_a_status_read() {
    let code = [transfer(0x2000, 0, 4, 0), regs(&[(9, 0xC0), (1, 0x90)])].concat();
    let c64 = run(512, &code);
    assert_eq!(c64.peek(0xDF00), 0xD0, "pending, end of block");
    assert_eq!(c64.peek(0xDF09), 0xDF);
    let without = run(
        512,
        &[transfer(0x2000, 0, 4, 0), regs(&[(9, 0x40), (1, 0x90)])].concat(),
    );
    assert_eq!(without.peek(0xDF00), 0x50, "not enabled");
    // The CPU's read clears it.
    let c64 = run(512, &[code, vec![0xAD, 0x00, 0xDF], sta(0x02)].concat());
    assert_eq!(c64.ram()[2], 0xD0);
    assert_eq!(c64.peek(0xDF00), 0x10);
}

/// Swap the timer with REU memory (one byte every two cycles while the REU has the bus)
/// for `len` bytes; the cycles between the reads of each byte and the next, where they are
/// not 2: (byte index, cycles).
fn swap_steps(setup: &[u8], line: u8, len: u16) -> Vec<(usize, u8)> {
    let data = timer_bytes(setup, line, len, 0x92);
    (1..data.len())
        .filter_map(|i| {
            let step = data[i - 1].wrapping_sub(data[i]);
            (step != 2).then_some((i, step))
        })
        .collect()
}

#[test]
fn a_swap_gets_the_bus_back_in_the_cycles_between_a_bad_line_and_a_sprite() {
    // Bad lines 51, 59, ...; sprite 0 from line 100 on, so line 107 holds BA low from
    // cycle 12 to 59, while the VIC leaves the bus in 55-57. In 107 the swap reads in 12,
    // its write in 13 writes nothing, it reads in 14; the VIC has 15-54; the write in 55
    // again nothing, a read in 56, nothing in 57; the VIC has 58-59; the read that counts
    // is in 60, 50 cycles after the last (were 55-57 the VIC's: 4, then 47). In the lines
    // with the sprite alone, BA low in 55-59, a read in 55 or 56 waits to 57 or 60.
    let setup = [
        lda(100),
        sta(0xD001),
        lda(1),
        sta(0xD015),
        lda(0x1B),
        sta(0xD011),
    ]
    .concat();
    let steps = swap_steps(&setup, 104, 200);
    assert_eq!(
        steps,
        [
            (24, 8),
            (53, 4),
            (54, 4),
            (61, 50),
            (90, 4),
            (91, 4),
            (119, 8),
            (148, 4),
            (149, 4),
            (177, 8)
        ]
    );
}
