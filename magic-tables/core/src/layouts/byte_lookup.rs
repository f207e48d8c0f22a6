//! `byte-lookup` (Robert Houdart's): a fancy index into a table of bytes, each naming one of the
//! square's distinct attack sets, which are stored once: two loads, but the big table is a
//! byte per slot instead of eight.

/// What a byte-lookup of one square needs:
/// `ATTACK_SETS[base + INDEXES[offset + (((occupied & mask) * magic) >> shift)]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteMagic {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The magic multiplier.
    pub magic: u64,
    /// Right shift: 64 minus the number of index bits.
    pub shift: u32,
    /// Start of the square's slice of the byte table.
    pub offset: u32,
    /// Start of the square's distinct attack sets.
    pub base: u32,
}

impl ByteMagic {
    /// Where the byte of `occupied` sits in the byte table.
    #[inline(always)]
    pub const fn slot(&self, occupied: u64) -> usize {
        self.offset as usize + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }

    /// Where the attack set that `byte` names sits in the table of distinct attack sets.
    #[inline(always)]
    pub const fn attack_set(&self, byte: u8) -> usize {
        self.base as usize + byte as usize
    }
}
