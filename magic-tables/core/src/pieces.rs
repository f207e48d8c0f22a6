//! The attacks of the pieces that do not slide (knight, king, pawn) and the two square-pair
//! sets that pins, checks and x-rays need (the squares between two squares, the line through
//! them), as `const fn`s over bit shifts.
//!
//! The `magic-tables` runtime builds its tables with the `*_table` functions at compile time
//! (`static`s evaluated by the compiler: no build-script work, no generated file), and
//! `magic-gen emit` calls the same functions at run time and writes their tables for C and
//! standalone Rust after checking them against its own slow reference, which walks coordinates
//! instead of shifting bits. (This module defines no table constant itself: the compiler would
//! evaluate it again in every crate that compiles the core.)

use crate::Square;

/// A side: which way a pawn attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// White pawns attack towards the eighth rank.
    White,
    /// Black pawns attack towards the first rank.
    Black,
}

impl Color {
    /// Both colours, `White` first (the order of every per-colour table).
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for `White`, 1 for `Black`: the row of a per-colour table.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// Every square but the a-file: where a step to the east may land without wrapping.
const NOT_A_FILE: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every square but the a- and b-files.
const NOT_AB_FILES: u64 = 0xFCFC_FCFC_FCFC_FCFC;
/// Every square but the h-file: where a step to the west may land without wrapping.
const NOT_H_FILE: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// Every square but the g- and h-files.
const NOT_GH_FILES: u64 = 0x3F3F_3F3F_3F3F_3F3F;

/// The squares a knight on `square` attacks. Each jump is a shift of the square's bit (up a
/// rank is `<< 8`, east a file `<< 1`); the mask drops the jumps that wrapped round the board's
/// side, which land on the files opposite to where they went.
pub const fn knight_attacks(square: Square) -> u64 {
    let b = square.bit();
    (((b << 17) | (b >> 15)) & NOT_A_FILE)
        | (((b << 15) | (b >> 17)) & NOT_H_FILE)
        | (((b << 10) | (b >> 6)) & NOT_AB_FILES)
        | (((b << 6) | (b >> 10)) & NOT_GH_FILES)
}

/// The squares a king on `square` attacks: the (up to) eight neighbours.
pub const fn king_attacks(square: Square) -> u64 {
    let b = square.bit();
    let row = b | ((b << 1) & NOT_A_FILE) | ((b >> 1) & NOT_H_FILE);
    (row | (row << 8) | (row >> 8)) & !b
}

/// The squares a pawn of `color` on `square` attacks: one rank forward (for its colour), one
/// file to either side. The board's edges clip them: a white pawn on the eighth rank (or a black
/// one on the first) attacks nothing, since a shift past the end drops the bit.
pub const fn pawn_attacks(color: Color, square: Square) -> u64 {
    let b = square.bit();
    match color {
        Color::White => ((b << 9) & NOT_A_FILE) | ((b << 7) & NOT_H_FILE),
        Color::Black => ((b >> 7) & NOT_A_FILE) | ((b >> 9) & NOT_H_FILE),
    }
}

/// The main diagonal, a1 to h8 (`file == rank`).
const A1_H8: u64 = 0x8040_2010_0804_0201;
/// The main anti-diagonal, a8 to h1 (`file + rank == 7`).
const A8_H1: u64 = 0x0102_0408_1020_4080;

/// `board` moved up by `ranks` ranks (down if negative); squares moved off the board are lost.
const fn shift_ranks(board: u64, ranks: i32) -> u64 {
    if ranks >= 0 { board << (8 * ranks) } else { board >> (8 * -ranks) }
}

/// The four lines through `square`, edge to edge, each including it: its rank, its file, its
/// diagonal (`file - rank` constant: the main one moved down `file - rank` ranks) and its
/// anti-diagonal (`file + rank` constant: the main one moved up `file + rank - 7` ranks).
pub const fn lines_through(square: Square) -> [u64; 4] {
    let (file, rank) = (square.file() as i32, square.rank() as i32);
    [
        0xFF << (8 * rank),
        0x0101_0101_0101_0101 << file,
        shift_ranks(A1_H8, rank - file),
        shift_ranks(A8_H1, file + rank - 7),
    ]
}

/// The squares of `line` (the line through `a` and `b`, or 0) strictly between `a` and `b`.
///
/// Along any rank, file or diagonal the square indices grow by a fixed step (1, 8, 9 or 7), so
/// the squares between two squares of one line are exactly the line's squares whose index lies
/// strictly between theirs: with the line, `between` needs only a mask of that index range.
#[inline(always)]
pub const fn between_on_line(line: u64, a: Square, b: Square) -> u64 {
    let (low, high) = if a.index() < b.index() { (a.index(), b.index()) } else { (b.index(), a.index()) };
    // Above `low` (`<< 1` after `<< low`: a shift by 64 would overflow) and below `high`.
    line & ((u64::MAX << low) << 1) & !(u64::MAX << high)
}

/// A per-square table of `$value` with `$square` bound to each square, a1 first (a loop: a
/// closure cannot be called in a constant).
macro_rules! per_square {
    ($square:ident => $value:expr) => {{
        let mut table = [0u64; 64];
        let mut i = 0;
        while i < 64 {
            let $square = Square::ALL[i];
            table[i] = $value;
            i += 1;
        }
        table
    }};
}

/// [`knight_attacks`] of every square, a1 first.
pub const fn knight_table() -> [u64; 64] {
    per_square!(sq => knight_attacks(sq))
}

/// [`king_attacks`] of every square, a1 first.
pub const fn king_table() -> [u64; 64] {
    per_square!(sq => king_attacks(sq))
}

/// [`pawn_attacks`] of every square, white's row first.
pub const fn pawn_table() -> [[u64; 64]; 2] {
    [per_square!(sq => pawn_attacks(Color::White, sq)), per_square!(sq => pawn_attacks(Color::Black, sq))]
}

/// The line through every pair of squares, `[a][b]`: the whole rank, file or diagonal, edge to
/// edge with both squares in it, when they share one and differ; 0 otherwise (and for `a == b`,
/// which lies on four lines).
///
/// Filled line by line (each of a square's four lines written at its other squares) rather than
/// pair by pair: the compiler evaluates this for the runtime's `static`, and 1,456 writes cost it
/// about a third of 4,096 pair computations.
pub const fn line_table() -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let square = Square::ALL[a];
        let lines = lines_through(square);
        let mut k = 0;
        while k < 4 {
            let mut others = lines[k] & !square.bit();
            while others != 0 {
                table[a][others.trailing_zeros() as usize] = lines[k];
                others &= others - 1;
            }
            k += 1;
        }
        a += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(squares: &[Square]) -> u64 {
        squares.iter().fold(0, |board, sq| board | sq.bit())
    }

    #[test]
    fn corner_and_centre_attacks() {
        assert_eq!(knight_attacks(Square::A1), board(&[Square::B3, Square::C2]));
        assert_eq!(knight_attacks(Square::E4).count_ones(), 8);
        assert_eq!(king_attacks(Square::H8), board(&[Square::G8, Square::G7, Square::H7]));
        assert_eq!(pawn_attacks(Color::White, Square::A2), Square::B3.bit());
        assert_eq!(pawn_attacks(Color::Black, Square::E5), board(&[Square::D4, Square::F4]));
        assert_eq!(pawn_attacks(Color::White, Square::D8), 0);
        assert_eq!(pawn_attacks(Color::Black, Square::D1), 0);
    }

    #[test]
    fn lines_and_between() {
        let lines = line_table();
        let line = |a: Square, b: Square| lines[a.index() as usize][b.index() as usize];
        let between = |a: Square, b: Square| between_on_line(line(a, b), a, b);
        assert_eq!(line(Square::B2, Square::G7), A1_H8);
        assert_eq!(line(Square::C1, Square::C5), 0x0404_0404_0404_0404);
        assert_eq!(line(Square::H1, Square::A8), A8_H1);
        assert_eq!(line(Square::B1, Square::C3), 0);
        assert_eq!(line(Square::E4, Square::E4), 0);
        assert_eq!(lines_through(Square::E4)[0], 0xFF00_0000);
        assert_eq!(between(Square::A1, Square::D4), board(&[Square::B2, Square::C3]));
        assert_eq!(between(Square::H8, Square::H5), board(&[Square::H7, Square::H6]));
        assert_eq!(between(Square::E4, Square::F5), 0);
        assert_eq!(between(Square::E4, Square::E4), 0);
    }
}
