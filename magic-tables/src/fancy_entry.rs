//! [`Magic`], the per-square entry of the fancy layouts (`fancy` and `fancy-dense`), in a module
//! of its own so that each of those features compiles without the other's tables.

/// What one lookup of one square needs: `ATTACKS[offset + (((occupied & mask) * magic) >> shift)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// Relevant-occupancy mask: the squares that can block the slider (board edges excluded).
    pub mask: u64,
    /// The magic multiplier.
    pub magic: u64,
    /// Right shift: 64 minus the number of index bits.
    pub shift: u32,
    /// Start of this square's slice in its layout's `ATTACKS`.
    pub offset: u32,
}

impl Magic {
    /// The slot of its layout's `ATTACKS` that holds the attacks for `occupied`.
    #[inline(always)]
    pub const fn slot(&self, occupied: u64) -> usize {
        self.offset as usize + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}
