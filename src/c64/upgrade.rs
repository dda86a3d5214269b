//! RAM fitted inside the C64 (not on the expansion port): the +60K and the +256K. Each
//! banks the C64's own RAM through a register in the VIC's address range at $D100-$D1FF,
//! which answers in place of the VIC's mirror there; a read gives $FF.
//!
//! - +60K: a second bank for $1000-$FFFF (RAM under the ROMs and I/O too); bit 7 picks it.
//!   $0000-$0FFF is always the first bank's.
//! - +256K: four banks. The register is `%HH0PVVLL`: HH the bank for $1000-$FFFF, LL the
//!   bank for $0000-$0FFF, VV the bank the VIC fetches from, P hides the register until the
//!   next reset. VV is not modelled: the VIC sees the banks the CPU sees.
//!
//! Both come up, and return at a reset, with the register 0 (the first bank throughout).
//! From the +256K's documentation (Soci/Singular), the +60K article (Attitude #6) and the
//! test bench's programs for them.
//!
//! The banks the CPU sees live in the machine's RAM array, where the CPU, the VIC and DMA
//! reach them as ever; a change of bank copies them out to the store and the new ones in.

use super::model::RamUpgrade;

const BANK: usize = 0x10000;
const LOW: usize = 0x1000;

#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub(super) struct Upgrade {
    kind: RamUpgrade,
    register: u8,
    /// Every bank, 64 KiB each; the parts the CPU sees are out of date here (they live in
    /// the machine's RAM).
    store: Vec<u8>,
}

impl Upgrade {
    pub(super) fn new(kind: RamUpgrade) -> Option<Upgrade> {
        let banks = match kind {
            RamUpgrade::None => return None,
            RamUpgrade::Plus60k => 2,
            RamUpgrade::Plus256k => 4,
        };
        Some(Upgrade {
            kind,
            register: 0,
            store: vec![0; banks * BANK],
        })
    }

    /// The banks for $0000-$0FFF and for $1000-$FFFF.
    fn banks(&self) -> (usize, usize) {
        let r = usize::from(self.register);
        match self.kind {
            RamUpgrade::Plus256k => (r & 3, r >> 6),
            _ => (0, r >> 7),
        }
    }

    /// Whether the register answers at `addr` (its page, until a +256K hides it).
    pub(super) fn answers(&self, addr: u16) -> bool {
        addr & 0xFF00 == 0xD100 && !(self.kind == RamUpgrade::Plus256k && self.register & 0x10 != 0)
    }

    /// A read of the register.
    pub(super) fn read(&self) -> u8 {
        0xFF
    }

    /// A write of the register: the banks `ram` shows change.
    pub(super) fn write(&mut self, value: u8, ram: &mut [u8; 0x10000]) {
        let (lo, hi) = self.banks();
        self.store[lo * BANK..lo * BANK + LOW].copy_from_slice(&ram[..LOW]);
        self.store[hi * BANK + LOW..(hi + 1) * BANK].copy_from_slice(&ram[LOW..]);
        self.register = value;
        let (lo, hi) = self.banks();
        ram[..LOW].copy_from_slice(&self.store[lo * BANK..lo * BANK + LOW]);
        ram[LOW..].copy_from_slice(&self.store[hi * BANK + LOW..(hi + 1) * BANK]);
    }

    /// The RESET line: back to the first bank.
    pub(super) fn reset(&mut self, ram: &mut [u8; 0x10000]) {
        self.write(0, ram);
    }
}
