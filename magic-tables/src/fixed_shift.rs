//! Fixed-shift magics with overlapping ranges (Onno Garms, Volker Annuss): every rook square
//! shifts by 52 and every bishop square by 55, and each square's 4,096 or 512 possible indices
//! start at its own offset in one array where squares' ranges interleave wherever the slots they
//! use do not conflict: [`TABLE_ENTRIES`] slots. The magics and offsets are this project's own
//! packer's (`magic-gen/recipes/fixed_shift.recipe.csv`), re-derived and verified exhaustively by the build
//! script, which also refuses any two squares that would need one slot for different attack sets.
//!
//! Each entry keeps its range as an address ([`Slots`](crate::Slots)), so a lookup is one AND,
//! one multiply, one shift and one load. It was the default layout while its table was the
//! smaller of the two fastest; `black`, as fast, has since packed smaller (see `PERFORMANCE.md`).

pub use magic_tables_core::layouts::fixed_shift::FixedMagic;

use crate::Slider;

mod generated {
    use super::FixedMagic;
    use crate::Slots;
    include!(concat!(env!("OUT_DIR"), "/fixed_shift.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

#[inline(always)]
const fn rook_lookup(m: &FixedMagic, occupied: u64) -> u64 {
    // SAFETY: see `crate::load`; the index is the checked fixed-shift formula.
    unsafe { m.attacks.get(m.index(occupied, Slider::Rook)) }
}

#[inline(always)]
const fn bishop_lookup(m: &FixedMagic, occupied: u64) -> u64 {
    // SAFETY: as for `rook_lookup`.
    unsafe { m.attacks.get(m.index(occupied, Slider::Bishop)) }
}

slider_functions!(const; rook: rook_lookup, bishop: bishop_lookup);
