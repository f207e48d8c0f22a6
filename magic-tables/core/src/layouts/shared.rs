//! `shared` (Lasse Hansen's post-masking): squares whose attack sets never reach each other's
//! rays share one table that stores the union of their attacks; a lookup masks the square's own
//! rays back out.

/// What a shared lookup of one square needs:
/// `postmask & ATTACKS[offset + (((occupied & mask) * magic) >> shift)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedMagic {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The magic multiplier.
    pub magic: u64,
    /// The square's attack rays on an empty board: what it keeps of a shared entry.
    pub postmask: u64,
    /// Right shift: 64 minus the number of index bits.
    pub shift: u32,
    /// Start of the shared slice in the attack array.
    pub offset: u32,
}

impl SharedMagic {
    /// Where the shared entry of `occupied` sits in the attack array.
    #[inline(always)]
    pub const fn slot(&self, occupied: u64) -> usize {
        self.offset as usize + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }

    /// The square's attacks out of the shared entry `stored`.
    #[inline(always)]
    pub const fn attacks(&self, stored: u64) -> u64 {
        stored & self.postmask
    }
}
