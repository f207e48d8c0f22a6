//! 32-bit magics (Grant Osborne's method), for targets where a 64-bit multiplication is slow:
//! the masked occupancy's low and high halves are multiplied by two 32-bit magics and the
//! products XORed, `((lo(key) * lo) ^ (hi(key) * hi)) >> shift`. Fancy slices (107,648 slots);
//! the magics come from the seeded search (`magic_gen::search::Scheme::Magic32`).

pub use magic_tables_core::layouts::magic32::Magic32;

use crate::load;

mod generated {
    use super::Magic32;
    include!(concat!(env!("OUT_DIR"), "/magic32.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

#[inline(always)]
const fn lookup(m: &Magic32, occupied: u64) -> u64 {
    // SAFETY: see `crate::load`; the slot is the checked 32-bit formula.
    unsafe { load(&ATTACKS, m.slot(occupied)) }
}

slider_functions!(const; rook: lookup, bishop: lookup);
