//! Black magics with a shift per square: `((occupied | !mask) * magic) >> shift`, each square
//! with as many index bits as its mask, and overlapping per-square ranges in one array of
//! [`TABLE_ENTRIES`] slots: one OR, one multiply, one shift and one load, like the `black`
//! layout, with the shift read from the entry (no post-mask, no second lookup). The magics and
//! offsets are this project's own packer's (`magic-gen/recipes/black_variable.recipe.csv`), re-derived and
//! verified exhaustively by the build script.

pub use magic_tables_core::layouts::black_variable::BlackVariableMagic;

mod generated {
    use super::BlackVariableMagic;
    use crate::Slots;
    include!(concat!(env!("OUT_DIR"), "/black_variable.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

#[inline(always)]
const fn lookup(m: &BlackVariableMagic, occupied: u64) -> u64 {
    // SAFETY: see `crate::load`; the index is the checked black-magic formula with the
    // square's own shift.
    unsafe { m.attacks.get(m.index(occupied)) }
}

slider_functions!(const; rook: lookup, bishop: lookup);
