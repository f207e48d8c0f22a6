//! Shared attacks (Lasse Hansen's post-masking): the stored set is ANDed with the square's
//! attacks on an empty board, so two rook squares (diagonal neighbours) or four bishop squares
//! (two of each colour) can share one table holding the union of their attack sets: 67,328
//! slots instead of 107,648, for one more AND per lookup.

pub use magic_tables_core::layouts::shared::SharedMagic;

use crate::load;

mod generated {
    use super::SharedMagic;
    include!(concat!(env!("OUT_DIR"), "/shared.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

#[inline(always)]
const fn lookup(m: &SharedMagic, occupied: u64) -> u64 {
    // SAFETY: see `crate::load`; the slot is the checked shared formula.
    m.attacks(unsafe { load(&ATTACKS, m.slot(occupied)) })
}

slider_functions!(const; rook: lookup, bishop: lookup);
