//! The fancy layout (Pradu Kannan's): per square a mask, a magic, a shift and an offset into
//! one flat array of 107,648 attack sets, each square's slice exactly `2^bits` long. The
//! foundation's layout: its magics are the ones the build script finds with the seeded search
//! (`magic_gen::generate_fancy`), the tables the golden test pins.

use crate::load;

pub use magic_tables_core::layouts::fancy::Magic;

mod generated {
    use super::Magic;

    include!(concat!(env!("OUT_DIR"), "/fancy.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

/// The attack set stored for `occupied` under `magic`, without a bounds check.
#[inline(always)]
const fn lookup(magic: &Magic, occupied: u64) -> u64 {
    // SAFETY: the build script verified, before writing the tables, that every subset of every
    // mask indexes inside `ATTACKS` (`magic_gen::verify`), and `slot` ANDs `occupied` with the
    // mask first, so no occupancy can reach a slot those subsets did not.
    unsafe { load(&ATTACKS, magic.slot(occupied)) }
}

slider_functions!(const; rook: lookup, bishop: lookup);
