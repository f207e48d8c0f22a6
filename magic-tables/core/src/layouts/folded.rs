//! `folded` (Grant Osborne's): the shift stored in the magic's top six bits, which take part in
//! the multiplication too, so an entry needs no shift field.

/// What a folded lookup of one square needs:
/// `ATTACKS[offset + (((occupied & mask) * magic) >> (magic >> 58))]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoldedMagic {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The magic multiplier, whose top six bits are the right shift.
    pub magic: u64,
    /// Start of the square's slice in the attack array.
    pub offset: u32,
}

impl FoldedMagic {
    /// Where the attack set of `occupied` sits in the attack array.
    #[inline(always)]
    pub const fn slot(&self, occupied: u64) -> usize {
        self.offset as usize + ((occupied & self.mask).wrapping_mul(self.magic) >> (self.magic >> 58)) as usize
    }
}
