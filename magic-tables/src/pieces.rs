//! The attacks of the pieces that do not slide, and the square-pair lines: tables the compiler
//! builds from `magic_tables_core::pieces`' `const fn`s (no build-script work, no generated
//! file), each linked only if its function is called.
//!
//! Bytes: 512 each for the knight and king, 1,024 for the pawns, and 32,768 for the lines: one
//! `u64` per pair of squares, from which `between` is also taken (a mask of the index range
//! between the two squares), so the two pair functions share one table instead of two.

use magic_tables_core::pieces::{self, between_on_line};

use crate::{Color, Square, entry};

static KNIGHT_ATTACKS: [u64; 64] = pieces::knight_table();
static KING_ATTACKS: [u64; 64] = pieces::king_table();
static PAWN_ATTACKS: [[u64; 64]; 2] = pieces::pawn_table();
static LINES: [[u64; 64]; 64] = pieces::line_table();

/// Squares a knight on `square` attacks.
///
/// ```
/// use magic_tables::{Square, knight_attacks};
///
/// assert_eq!(knight_attacks(Square::A1), Square::B3.bit() | Square::C2.bit());
/// ```
#[inline]
pub const fn knight_attacks(square: Square) -> u64 {
    *entry(&KNIGHT_ATTACKS, square)
}

/// Squares a king on `square` attacks: its neighbours (3 in a corner, 8 in the middle).
///
/// ```
/// use magic_tables::{Square, king_attacks};
///
/// assert_eq!(king_attacks(Square::E4).count_ones(), 8);
/// ```
#[inline]
pub const fn king_attacks(square: Square) -> u64 {
    *entry(&KING_ATTACKS, square)
}

/// Squares a pawn of `color` on `square` attacks: diagonally forward, one or two squares (one on
/// the a- and h-files). Defined on every square: a white pawn on the eighth rank, or a black one
/// on the first, attacks nothing. Taking it for the other colour gives the squares from which
/// pawns of `color` attack `square`.
///
/// ```
/// use magic_tables::{Color, Square, pawn_attacks};
///
/// assert_eq!(pawn_attacks(Color::White, Square::E4), Square::D5.bit() | Square::F5.bit());
/// assert_eq!(pawn_attacks(Color::Black, Square::A7), Square::B6.bit());
/// ```
#[inline]
pub const fn pawn_attacks(color: Color, square: Square) -> u64 {
    *entry(&PAWN_ATTACKS[color.index()], square)
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; 0 when
/// they share none, are neighbours or are the same square. The squares a piece must cover to
/// block a check from `b` to a king on `a`.
///
/// ```
/// use magic_tables::{Square, between};
///
/// assert_eq!(between(Square::A1, Square::D4), Square::B2.bit() | Square::C3.bit());
/// assert_eq!(between(Square::A1, Square::B3), 0); // a knight's jump: no line
/// ```
#[inline]
pub const fn between(a: Square, b: Square) -> u64 {
    between_on_line(line(a, b), a, b)
}

/// The whole line through `a` and `b`, edge to edge and both included, when they share a rank,
/// file or diagonal and differ; 0 otherwise. A piece on this line between a king and its pinner
/// may move along it.
///
/// ```
/// use magic_tables::{Square, line};
///
/// assert_eq!(line(Square::C3, Square::E5), 0x8040_2010_0804_0201); // a1 to h8
/// assert_eq!(line(Square::A1, Square::B3), 0);
/// ```
#[inline]
pub const fn line(a: Square, b: Square) -> u64 {
    *entry(entry(&LINES, a), b)
}
