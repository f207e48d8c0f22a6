//! `fancy` and `fancy-dense` (Pradu Kannan's layout): per square a mask, a magic, a shift and
//! an offset into one flat array, each square's slice `2^(64 - shift)` long.

/// What a fancy lookup of one square needs:
/// `ATTACKS[offset + (((occupied & mask) * magic) >> shift)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The magic multiplier.
    pub magic: u64,
    /// Right shift: 64 minus the number of index bits.
    pub shift: u32,
    /// Start of the square's slice in the attack array.
    pub offset: u32,
}

impl Magic {
    /// Number of index bits, `64 - shift`.
    pub const fn bits(&self) -> u32 {
        64 - self.shift
    }

    /// Where the attack set of `occupied` sits in the attack array.
    #[inline(always)]
    pub const fn slot(&self, occupied: u64) -> usize {
        self.offset as usize + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}
