//! The fancy layout (Pradu Kannan's): per square a mask, a magic, a shift and an offset into
//! one flat array of 107,648 attack sets, each square's slice exactly `2^bits` long. The
//! foundation's layout: its magics are the ones the build script finds with the seeded search
//! (`magic_gen::generate_fancy`), the tables the golden test pins.

use crate::load;

/// What one lookup of one square needs: `ATTACKS[offset + (((occupied & mask) * magic) >> shift)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// Relevant-occupancy mask: the squares that can block the slider (board edges excluded).
    pub mask: u64,
    /// The magic multiplier.
    pub magic: u64,
    /// Right shift: 64 minus the number of index bits.
    pub shift: u32,
    /// Start of this square's slice in [`ATTACKS`].
    pub offset: u32,
}

impl Magic {
    /// The slot of [`ATTACKS`] that holds the attacks for `occupied`.
    #[inline(always)]
    pub const fn slot(&self, occupied: u64) -> usize {
        self.offset as usize + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

mod generated {
    use super::Magic;

    include!(concat!(env!("OUT_DIR"), "/fancy_magics.rs"));
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
