//! No attack table at all: each attack set is computed from the square and the occupancy by the
//! *obstruction difference* along the slider's two lines
//! (<https://www.chessprogramming.org/Obstruction_Difference>): the nearest blockers below and
//! above the square come from the highest and lowest set bits of the line's blockers, and
//! `2 * above - below` sets exactly the squares between them. The lines are shifts of four
//! constants, so a lookup reads no memory: [`TABLE_BYTES`] is 0, for wasm and embedded builds
//! in which a 700 KB table would be most of the binary. Every function is `const`.
//!
//! The build script checks these functions against the slow reference on every occupancy of
//! every square (and with bits outside the mask set) before it writes this module's sizes.

mod generated {
    include!(concat!(env!("OUT_DIR"), "/tableless.rs"));
}

pub use generated::{TABLE_BYTES, TABLE_ENTRIES};

use magic_tables_core::layouts::tableless;

/// Squares a rook on `square` attacks; see [`crate::rook_attacks`].
#[inline]
pub const fn rook_attacks(square: crate::Square, occupied: u64) -> u64 {
    tableless::rook_attacks(square, occupied)
}

/// Squares a bishop on `square` attacks; see [`crate::rook_attacks`].
#[inline]
pub const fn bishop_attacks(square: crate::Square, occupied: u64) -> u64 {
    tableless::bishop_attacks(square, occupied)
}

/// Squares a queen on `square` attacks: `rook_attacks | bishop_attacks`.
#[inline]
pub const fn queen_attacks(square: crate::Square, occupied: u64) -> u64 {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}
