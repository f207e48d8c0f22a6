//! The shift folded into the magic (Grant Osborne's method): the magic's top six bits are the
//! shift, `magic >> 58`, so the entry has no shift field and the shift is read from the word
//! already loaded for the multiply. Fancy slices (107,648 slots); the magics come from the
//! seeded search (`magic_gen::search::Scheme::Folded`, whose documentation says why the offset
//! is not folded into the low bits too).

pub use magic_tables_core::layouts::folded::FoldedMagic;

use crate::load;

mod generated {
    use super::FoldedMagic;
    include!(concat!(env!("OUT_DIR"), "/folded.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

#[inline(always)]
const fn lookup(m: &FoldedMagic, occupied: u64) -> u64 {
    // SAFETY: see `crate::load`; the slot is the checked folded formula.
    unsafe { load(&ATTACKS, m.slot(occupied)) }
}

slider_functions!(const; rook: lookup, bishop: lookup);
