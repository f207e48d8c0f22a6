//! `magic32` (Grant Osborne's): two 32-bit multiplications for targets without a fast 64-bit one.

/// What a 32-bit lookup of one square needs: with `key = occupied & mask`,
/// `ATTACKS[offset + (((key as u32 * lo) ^ ((key >> 32) as u32 * hi)) >> shift)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic32 {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// Multiplier of the low half of the masked occupancy.
    pub lo: u32,
    /// Multiplier of the high half.
    pub hi: u32,
    /// Right shift: 32 minus the number of index bits.
    pub shift: u32,
    /// Start of the square's slice in the attack array.
    pub offset: u32,
}

impl Magic32 {
    /// Where the attack set of `occupied` sits in the attack array.
    #[inline(always)]
    pub const fn slot(&self, occupied: u64) -> usize {
        let key = occupied & self.mask;
        let product = (key as u32).wrapping_mul(self.lo) ^ ((key >> 32) as u32).wrapping_mul(self.hi);
        self.offset as usize + (product >> self.shift) as usize
    }
}
