//! Shared attacks (Lasse Hansen's post-masking): the stored set is ANDed with the square's
//! attacks on an empty board, so two rook squares (diagonal neighbours) or four bishop squares
//! (two of each colour) can share one table holding the union of their attack sets: 67,328
//! slots instead of 107,648, for one more AND per lookup.

use crate::load;

/// What a shared-table lookup of one square needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedMagic {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The magic multiplier.
    pub magic: u64,
    /// The square's attacks on an empty board, which cut the shared union down to its own.
    pub postmask: u64,
    /// Right shift: 64 minus the index bits.
    pub shift: u32,
    /// Start of the square's group table in [`ATTACKS`].
    pub offset: u32,
}

mod generated {
    use super::SharedMagic;
    include!(concat!(env!("OUT_DIR"), "/shared.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

#[inline(always)]
const fn lookup(m: &SharedMagic, occupied: u64) -> u64 {
    let slot = m.offset as usize + ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    // SAFETY: see `crate::load`; the slot is the checked shared formula.
    m.postmask & unsafe { load(&ATTACKS, slot) }
}

slider_functions!(const; rook: lookup, bishop: lookup);
