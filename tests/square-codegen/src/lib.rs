//! Pairs of functions that differ only in how the engine's square index becomes a
//! `magic_tables::Square`; `check.sh` compares each pair's machine code. Every function is
//! `#[no_mangle]` so its symbol is easy to find in the assembly.

use magic_tables::{Square, bishop_attacks, rook_attacks};

/// The rook attacks of every piece in `pieces`, ORed: the index comes from `trailing_zeros`
/// and becomes a square by `Square::new`.
#[unsafe(no_mangle)]
pub fn loop_new(mut pieces: u64, occupied: u64) -> u64 {
    let mut attacks = 0;
    while pieces != 0 {
        let square = Square::new(pieces.trailing_zeros() as u8);
        attacks |= rook_attacks(square, occupied) | bishop_attacks(square, occupied);
        pieces &= pieces - 1;
    }
    attacks
}

/// As [`loop_new`], with the conversion engines used before `Square::new` existed:
/// `from_index` and `unwrap_unchecked`, in `unsafe`.
#[unsafe(no_mangle)]
pub fn loop_unchecked(mut pieces: u64, occupied: u64) -> u64 {
    let mut attacks = 0;
    while pieces != 0 {
        // SAFETY: `trailing_zeros` of a non-zero u64 is below 64.
        let square = unsafe { Square::from_index(pieces.trailing_zeros() as u8).unwrap_unchecked() };
        attacks |= rook_attacks(square, occupied) | bishop_attacks(square, occupied);
        pieces &= pieces - 1;
    }
    attacks
}

/// One lookup from an engine's `u8` index.
#[unsafe(no_mangle)]
pub fn one_new(index: u8, occupied: u64) -> u64 {
    rook_attacks(Square::new(index), occupied)
}

/// One lookup from a `Square` the engine already holds.
#[unsafe(no_mangle)]
pub fn one_square(square: Square, occupied: u64) -> u64 {
    rook_attacks(square, occupied)
}

/// One lookup from an engine's `usize` index, through `From`.
#[unsafe(no_mangle)]
pub fn one_from_usize(index: usize, occupied: u64) -> u64 {
    rook_attacks(index.into(), occupied)
}
