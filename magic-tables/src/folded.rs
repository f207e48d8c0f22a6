//! The shift folded into the magic (Grant Osborne's method): the magic's top six bits are the
//! shift, `magic >> 58`, so the entry has no shift field and the shift is read from the word
//! already loaded for the multiply. Fancy slices (107,648 slots); the magics come from the
//! seeded search (`magic_gen::search::Scheme::Folded`, whose documentation says why the offset
//! is not folded into the low bits too).

use crate::load;

/// What a folded-magic lookup of one square needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoldedMagic {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The magic multiplier; its top six bits are the shift.
    pub magic: u64,
    /// Start of the square's slice in [`ATTACKS`].
    pub offset: u32,
}

mod generated {
    use super::FoldedMagic;
    include!(concat!(env!("OUT_DIR"), "/folded.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

#[inline(always)]
const fn lookup(m: &FoldedMagic, occupied: u64) -> u64 {
    let index = (occupied & m.mask).wrapping_mul(m.magic) >> (m.magic >> 58);
    // SAFETY: see `crate::load`; the slot is the checked folded formula.
    unsafe { load(&ATTACKS, m.offset as usize + index as usize) }
}

slider_functions!(const; rook: lookup, bishop: lookup);
