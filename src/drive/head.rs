//! The 1541's disk mechanism: the disk turning under the head, the stepper that moves the
//! head, the motor, and the read/write electronics between the head and VIA 2.
//!
//! Facts (`../shared/notes/drive-1541.md`, section 1): VIA 2's port B bits 0-1 are the
//! stepper's phase (one step up = one half-track in, one down = out, only while the motor
//! runs), bit 2 the motor, bit 3 the LED, bit 4 the write-protect sense (input, 0 =
//! protected), bits 5-6 the bit rate (a bit cell of 4, 3.75, 3.5 or 3.25 µs for 00-11) and
//! bit 7 SYNC (input, 0 while the last ten bits read were all 1). Port A is the GCR byte: the
//! last eight bits read, or the byte to write. BYTE READY comes every eight bits after a
//! SYNC ends (none during a SYNC): it pulses CA1 low and, while CA2 is high, sets the CPU's
//! V flag through its SO pin. CB2 selects reading (high) or writing (low); while writing, the
//! byte on port A is taken at each byte boundary and its bits recorded, no SYNC is seen.
//! 300 rpm; tracks 1-42 (84 half-tracks).
//!
//! The disk is a ring of bits per half-track: a D64's tracks are recorded on the whole
//! tracks, the half-tracks between hold nothing (reading nothing gives 0 bits).

use crate::chips::via::Via;
use crate::media::disk::{D64, G64, Image};

/// Half-tracks the head can reach (tracks 1 to 42).
pub(super) const HALF_TRACKS: usize = 84;

/// A disk as the head meets it.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Disk {
    /// GCR bytes of each half-track (index 0 = track 1); empty where nothing is recorded.
    tracks: Vec<Vec<u8>>,
    /// Which half-tracks the drive has written to.
    written: Vec<bool>,
    /// The notch is covered: the drive cannot write.
    pub write_protected: bool,
}

impl Disk {
    /// A D64's tracks, recorded as a 1541 formats them.
    pub fn from_d64(d64: &D64) -> Disk {
        let mut tracks = vec![Vec::new(); HALF_TRACKS];
        for t in 1..=d64.tracks() {
            tracks[usize::from(t - 1) * 2] = d64.gcr_track(t);
        }
        Disk {
            tracks,
            written: vec![false; HALF_TRACKS],
            write_protected: false,
        }
    }

    /// A G64's half-tracks as they are.
    pub fn from_g64(g64: &G64) -> Disk {
        let mut tracks = g64.tracks.clone();
        tracks.resize(HALF_TRACKS, Vec::new());
        Disk {
            tracks,
            written: vec![false; HALF_TRACKS],
            write_protected: false,
        }
    }

    /// An image of either kind.
    pub fn from_image(image: &Image) -> Disk {
        match image {
            Image::D64(d) => Disk::from_d64(d),
            Image::G64(g) => Disk::from_g64(g),
        }
    }

    /// Take what the drive wrote back into `image`: for a G64 the written half-tracks'
    /// bits, for a D64 the sectors found on them.
    pub fn write_back_image(&self, image: &mut Image) -> usize {
        match image {
            Image::D64(d) => self.write_back(d),
            Image::G64(g) => {
                let mut n = 0;
                for (i, t) in g.tracks.iter_mut().enumerate() {
                    if self.written[i] {
                        if t.is_empty() {
                            // Recorded by the drive: at the zone its length says.
                            let len = self.tracks[i].len();
                            let zone = (0..4u8).find(|&z| turn_bytes(16 - z) == len);
                            g.speeds[i] = zone.map_or(g.speeds[i], u32::from);
                        }
                        t.clone_from(&self.tracks[i]);
                        n += 1;
                    }
                }
                n
            }
        }
    }

    /// The recorded bytes of whole track `t` (1-42).
    pub fn track(&self, t: u8) -> &[u8] {
        self.tracks
            .get(usize::from(t.max(1) - 1) * 2)
            .map_or(&[], Vec::as_slice)
    }

    /// Whether the drive wrote to any track.
    pub fn is_written(&self) -> bool {
        self.written.iter().any(|&w| w)
    }

    /// Take what the drive wrote back into `d64`: the sectors found on each written whole
    /// track. Returns the tracks taken.
    pub fn write_back(&self, d64: &mut D64) -> usize {
        let mut n = 0;
        for t in 1..=d64.tracks() {
            let i = usize::from(t - 1) * 2;
            if self.written[i] {
                d64.write_back_track(t, &self.tracks[i]);
                n += 1;
            }
        }
        n
    }
}

/// The bytes one turn holds at a bit cell of `cell` quarter-µs (300 rpm: 800,000
/// quarter-µs a turn).
fn turn_bytes(cell: u8) -> usize {
    800_000 / usize::from(cell) / 8
}

/// The mechanism and the read/write electronics.
#[derive(Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Head {
    /// Half-track under the head (0 = track 1).
    half_track: u8,
    /// The phase last put on the stepper's coils (where the head goes while the motor runs).
    phase: u8,
    /// Bit position within the track under the head.
    bit: usize,
    /// Quarter-microseconds into the current bit cell.
    cell: u8,
    /// The last bits read (ten of them decide SYNC).
    shift: u32,
    /// Bits since the last byte boundary.
    count: u8,
    /// The byte being written.
    out: u8,
    /// BYTE READY is low (for the rest of this cycle and the next).
    ready_low: u8,
    /// Cycles the coil now on has been on with the motor running (up to [`SETTLE`]).
    held: u16,
}

/// Cycles a coil next to the head's must stay on before the head has moved to it: the
/// head and its carriage do not follow phases changed faster (they stay where the coils
/// left them, as drive-emu-check finds on real 1541s).
const SETTLE: u16 = 1_000;

impl Head {
    /// A head on track 18, as a powered-off drive was left.
    pub(super) fn new() -> Head {
        Head {
            half_track: 34,
            phase: 34 & 3,
            ..Head::default()
        }
    }

    /// The whole track under the head (1-42), and whether it sits between two.
    pub(super) fn track(&self) -> (u8, bool) {
        (self.half_track / 2 + 1, self.half_track % 2 == 1)
    }

    /// One drive cycle, after the VIAs': move the head, turn the disk, read or write.
    /// Returns true when BYTE READY pulses with SO enabled (the CPU's V flag is set).
    pub(super) fn tick(&mut self, via2: &mut Via, disk: Option<&mut Disk>) -> bool {
        let pb = via2.pb_pins();
        let motor = pb & 0x04 != 0;
        // The stepper is powered only while the motor runs, and then the head follows the
        // coil that is on once it has been on for SETTLE cycles, however long ago it was put
        // on: a phase set while the motor was off moves the head after the motor starts.
        if pb & 3 != self.phase {
            self.phase = pb & 3;
            self.held = 0;
        }
        if motor && self.phase != self.half_track & 3 {
            if self.held < SETTLE {
                self.held += 1;
            } else {
                self.step(self.phase, disk.as_deref());
            }
        }
        if self.ready_low > 0 {
            self.ready_low -= 1;
            if self.ready_low == 0 {
                via2.set_ca1(true);
            }
        }
        let writing = !via2.cb2_out();
        let protected = disk.as_ref().is_none_or(|d| d.write_protected);
        let sync = !writing && self.shift & 0x3FF == 0x3FF;
        via2.pb_in = 0x6F | if protected { 0 } else { 0x10 } | if sync { 0 } else { 0x80 };
        if !motor {
            return false;
        }
        // The bit cell: (16 - zone) quarter-µs; a drive cycle is four.
        self.cell += 4;
        let cell = 16 - ((pb >> 5) & 3);
        if self.cell < cell {
            return false;
        }
        self.cell -= cell;
        self.next_bit(via2, disk, writing, cell)
    }

    /// `cycles` drive cycles in which only the disk and the head move (VIA 2 is left
    /// alone and SO is off).
    pub(super) fn run(&mut self, cycles: u64, via2: &mut Via, mut disk: Option<&mut Disk>) {
        for _ in 0..cycles {
            let so = self.tick(via2, disk.as_deref_mut());
            debug_assert!(!so, "BYTE READY with SO off");
        }
    }

    /// One bit cell (`cell` quarter-µs long) passes under the head.
    fn next_bit(
        &mut self,
        via2: &mut Via,
        mut disk: Option<&mut Disk>,
        writing: bool,
        cell: u8,
    ) -> bool {
        let i = usize::from(self.half_track);
        if let Some(d) = disk.as_deref_mut()
            && writing
            && !d.write_protected
            && d.tracks[i].is_empty()
        {
            // The medium is there though nothing was recorded: writing records a track of
            // one turn at this bit rate.
            d.tracks[i] = vec![0; turn_bytes(cell)];
        }
        let (bit, len) = match disk {
            Some(d) if !d.tracks[i].is_empty() => {
                let track = &mut d.tracks[i];
                let len = track.len() * 8;
                if self.bit >= len {
                    self.bit %= len;
                }
                let (byte, mask) = (self.bit / 8, 0x80 >> (self.bit % 8));
                if writing && !d.write_protected {
                    if self.out & 0x80 != 0 {
                        track[byte] |= mask;
                    } else {
                        track[byte] &= !mask;
                    }
                    d.written[i] = true;
                }
                (track[byte] & mask != 0, len)
            }
            _ => (false, 8 * 6250),
        };
        // (`bit` is below `len` here but on an empty half-track, where it may be left over
        // from a longer track.)
        self.bit += 1;
        if self.bit >= len {
            self.bit %= len;
        }
        if writing {
            self.out <<= 1;
        } else {
            self.shift = (self.shift << 1) | u32::from(bit);
            if self.shift & 0x3FF == 0x3FF {
                self.count = 0;
                return false;
            }
        }
        self.count += 1;
        if self.count < 8 {
            return false;
        }
        self.count = 0;
        via2.pa_in = self.shift as u8;
        if writing {
            self.out = via2.pa_pins();
        }
        via2.set_ca1(false);
        self.ready_low = 2;
        via2.ca2_out()
    }

    /// The stepper's coils take `phase`: the head moves a half-track towards it when it is
    /// next to the head's own (each half-track sits at phase `half_track & 3`), keeping the
    /// disk's angle.
    fn step(&mut self, phase: u8, disk: Option<&Disk>) {
        let len = |h: u8| disk.map_or(0, |d| d.tracks[usize::from(h)].len());
        let old = len(self.half_track);
        let at = self.half_track & 3;
        if phase == (at + 1) & 3 && usize::from(self.half_track) < HALF_TRACKS - 1 {
            self.half_track += 1;
        } else if phase == (at + 3) & 3 && self.half_track > 0 {
            self.half_track -= 1;
        }
        let new = len(self.half_track);
        if old > 0 && new > 0 {
            self.bit = self.bit * new / old;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::media::disk::D64;

    /// Put `pb` on VIA 2's port B (all outputs but WP and SYNC) and tick long enough for the
    /// head to follow a phase.
    fn set_pb(head: &mut Head, via2: &mut Via, pb: u8) {
        hold(head, via2, pb, 2_000);
    }

    /// Put `pb` on VIA 2's port B and hold it for `cycles` cycles.
    fn hold(head: &mut Head, via2: &mut Via, pb: u8, cycles: u32) {
        via2.write(2, 0x6F);
        via2.write(0, pb);
        for _ in 0..cycles {
            head.tick(via2, None);
        }
    }

    #[test]
    fn phases_changed_faster_than_the_head_can_follow_leave_it_where_it_was() {
        let (mut head, mut via2) = (Head::new(), Via::new());
        hold(&mut head, &mut via2, 0x04 | 2, 10); // motor on, the head's own phase
        // Four half-tracks out, 400 cycles each: the coils come round to where they were.
        for phase in [1, 0, 3, 2] {
            hold(&mut head, &mut via2, 0x04 | phase, 400);
        }
        assert_eq!(head.track(), (18, false), "the head did not follow");
        // Held 7,000 cycles each, the head follows every phase.
        for phase in [1, 0, 3, 2] {
            hold(&mut head, &mut via2, 0x04 | phase, 7_000);
        }
        assert_eq!(head.track(), (16, false));
    }

    #[test]
    fn the_stepper_moves_the_head_a_half_track_per_phase_towards_the_coil_on() {
        let (mut head, mut via2) = (Head::new(), Via::new());
        assert_eq!(head.track(), (18, false));
        set_pb(&mut head, &mut via2, 0x04 | 2); // motor on, the head's own phase
        set_pb(&mut head, &mut via2, 0x04 | 3);
        assert_eq!(head.track(), (18, true), "one phase up: half a track in");
        set_pb(&mut head, &mut via2, 0x04);
        assert_eq!(head.track(), (19, false));
        set_pb(&mut head, &mut via2, 0x04 | 2);
        assert_eq!(
            head.track(),
            (19, false),
            "the opposite phase does not move it"
        );
        set_pb(&mut head, &mut via2, 3);
        set_pb(&mut head, &mut via2, 2);
        assert_eq!(head.track(), (19, false), "the motor off: no steps");
    }

    #[test]
    fn writing_where_nothing_is_recorded_records_a_track_at_the_zones_bit_rate() {
        let mut disk = Disk::from_d64(&D64::formatted(b"EMPTY", *b"EM"));
        let (mut head, mut via2) = (Head::new(), Via::new());
        head.half_track = 70; // track 36, beyond a 35-track D64
        assert!(disk.tracks[70].is_empty());
        via2.write(2, 0x6F);
        via2.write(0, 0x04 | 2); // motor on, zone 0, the head's own phase
        via2.write(3, 0xFF); // port A drives the head
        via2.write(1, 0xFF);
        via2.write(12, 0xC0); // CB2 low: write
        // A turn and a bit: ones all round.
        for _ in 0..201_000 {
            head.tick(&mut via2, Some(&mut disk));
        }
        assert_eq!(disk.tracks[70].len(), 6250, "50,000 bits of 4 us a turn");
        assert!(disk.written[70]);
        via2.write(12, 0xE0); // CB2 high: read
        for _ in 0..100 {
            head.tick(&mut via2, Some(&mut disk));
        }
        assert_eq!(via2.pb_pins() & 0x80, 0, "the ones written read as SYNC");
    }

    #[test]
    fn a_phase_put_on_while_the_motor_is_off_moves_the_head_when_it_starts() {
        let (mut head, mut via2) = (Head::new(), Via::new());
        set_pb(&mut head, &mut via2, 2); // motor off, the head's own phase
        set_pb(&mut head, &mut via2, 3); // the next phase in, motor still off
        assert_eq!(head.track(), (18, false), "no step while the motor is off");
        set_pb(&mut head, &mut via2, 0x04 | 3);
        assert_eq!(
            head.track(),
            (18, true),
            "the motor on: the head goes to the coil that is on"
        );
        set_pb(&mut head, &mut via2, 0); // off, then on with the opposite coil: no pull
        set_pb(&mut head, &mut via2, 0x04 | 1);
        assert_eq!(head.track(), (18, true));
    }
}
