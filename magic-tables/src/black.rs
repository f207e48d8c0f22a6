//! Black magics (Volker Annuss's method): `((occupied | !mask) * magic) >> shift` with one shift
//! per slider (52, 55) and overlapping per-square ranges in one array of [`TABLE_ENTRIES`] slots.
//! ORing the complement of the mask in, instead of ANDing the mask, fixes every bit outside the
//! mask to 1, which gives the search a constant to exploit. The magics and offsets are this
//! project's own packer's (`magic-gen/recipes/black.recipe.csv`), re-derived and verified exhaustively by the
//! build script.
//!
//! The default layout: the crate's top-level functions call this module's (see `PERFORMANCE.md`
//! for the measurements behind that choice). Each entry keeps its range as an address
//! ([`Slots`](crate::Slots)), so a lookup is one OR, one multiply, one shift and one load.

pub use magic_tables_core::layouts::black::BlackMagic;

use crate::Slider;

mod generated {
    use super::BlackMagic;
    use crate::Slots;
    include!(concat!(env!("OUT_DIR"), "/black.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

#[inline(always)]
const fn rook_lookup(m: &BlackMagic, occupied: u64) -> u64 {
    // SAFETY: see `crate::load`; the index is the checked black-magic formula.
    unsafe { m.attacks.get(m.index(occupied, Slider::Rook)) }
}

#[inline(always)]
const fn bishop_lookup(m: &BlackMagic, occupied: u64) -> u64 {
    // SAFETY: as for `rook_lookup`.
    unsafe { m.attacks.get(m.index(occupied, Slider::Bishop)) }
}

slider_functions!(const; rook: rook_lookup, bishop: bishop_lookup);
