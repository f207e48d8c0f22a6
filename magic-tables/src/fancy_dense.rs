//! Fancy magics with fewer bits: the fancy layout, but the 39 squares for which a published
//! magic needs one index bit fewer than the mask size (15 rook, 24 bishop squares) use it, so
//! their slices are half as long: 92,864 slots instead of 107,648. The magics are data
//! (`data/fancy_dense.csv`, from the niklasf/magics README and the Chess Programming Wiki's
//! "Best Magics so far"), verified exhaustively by the build script.

use crate::load;

pub use magic_tables_core::layouts::fancy::Magic;

mod generated {
    use super::Magic;
    include!(concat!(env!("OUT_DIR"), "/fancy_dense.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

#[inline(always)]
const fn lookup(m: &Magic, occupied: u64) -> u64 {
    // SAFETY: see `crate::load`; the slot is the checked fancy formula.
    unsafe { load(&ATTACKS, m.slot(occupied)) }
}

slider_functions!(const; rook: lookup, bishop: lookup);
