//! 32-bit magics (Grant Osborne's method), for targets where a 64-bit multiplication is slow:
//! the masked occupancy's low and high halves are multiplied by two 32-bit magics and the
//! products XORed, `((lo(key) * lo) ^ (hi(key) * hi)) >> shift`. Fancy slices (107,648 slots);
//! the magics come from the seeded search (`magic_gen::search::Scheme::Magic32`).

use crate::load;

/// What a 32-bit-magic lookup of one square needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic32 {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// Magic for the low half of the masked occupancy.
    pub lo: u32,
    /// Magic for the high half.
    pub hi: u32,
    /// Right shift: 32 minus the index bits.
    pub shift: u32,
    /// Start of the square's slice in [`ATTACKS`].
    pub offset: u32,
}

mod generated {
    use super::Magic32;
    include!(concat!(env!("OUT_DIR"), "/magic32.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

#[inline(always)]
const fn lookup(m: &Magic32, occupied: u64) -> u64 {
    let key = occupied & m.mask;
    let product = (key as u32).wrapping_mul(m.lo) ^ ((key >> 32) as u32).wrapping_mul(m.hi);
    // SAFETY: see `crate::load`; the slot is the checked 32-bit formula.
    unsafe { load(&ATTACKS, m.offset as usize + (product >> m.shift) as usize) }
}

slider_functions!(const; rook: lookup, bishop: lookup);
