//! Shogi's 9x9 rook and bishop attacks, from tables this crate's build script generated:
//! `rook_attacks(square, occupied)` and `bishop_attacks(square, occupied)` on `u128` bitboards,
//! square = file + 9 · rank.

include!(concat!(env!("OUT_DIR"), "/attacks.rs"));
