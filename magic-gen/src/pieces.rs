//! The other pieces' tables (knight, king and pawn attacks, and the line through two squares, from
//! which the squares between them are taken), as `magic-gen emit` writes them beside a layout's
//! for C and standalone Rust: the runtime's very tables
//! (`magic_tables_core::pieces`, built by bit shifts), checked entry by entry against a
//! reference of this module that walks coordinates instead.

use std::fmt;

use build_support::checksum::Fnv1a64;
use build_support::{Companion, DataArray, Values};
use magic_tables_core::Square;
use magic_tables_core::pieces::{self, Color, between_on_line};

/// The square `file` files and `rank` ranks away from `square`, if that is on the board.
fn step(square: Square, file: i32, rank: i32) -> Option<Square> {
    let (f, r) = (i32::from(square.file()) + file, i32::from(square.rank()) + rank);
    u8::try_from(f).ok().zip(u8::try_from(r).ok()).and_then(|(f, r)| Square::from_file_rank(f, r))
}

/// The squares at the given (file, rank) offsets from `square` that are on the board.
fn steps(square: Square, offsets: &[(i32, i32)]) -> u64 {
    offsets.iter().filter_map(|&(file, rank)| step(square, file, rank)).fold(0, |board, sq| board | sq.bit())
}

/// The reference knight attacks: the eight (1, 2) and (2, 1) jumps that stay on the board.
pub fn reference_knight(square: Square) -> u64 {
    steps(square, &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)])
}

/// The reference king attacks: the eight neighbours that are on the board.
pub fn reference_king(square: Square) -> u64 {
    steps(square, &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)])
}

/// The reference pawn attacks: one rank forward (up for white), one file to either side.
pub fn reference_pawn(color: Color, square: Square) -> u64 {
    let forward = if color == Color::White { 1 } else { -1 };
    steps(square, &[(-1, forward), (1, forward)])
}

/// The direction (file step, rank step) from `a` towards `b` if they are distinct squares of one
/// rank, file or diagonal.
fn direction(a: Square, b: Square) -> Option<(i32, i32)> {
    let file = i32::from(b.file()) - i32::from(a.file());
    let rank = i32::from(b.rank()) - i32::from(a.rank());
    let aligned = (file == 0) != (rank == 0) || (file != 0 && file.abs() == rank.abs());
    aligned.then_some((file.signum(), rank.signum()))
}

/// The squares from `square` (excluded) in direction `(file, rank)` up to the board's edge, or up
/// to `stop` (excluded) if the walk meets it.
fn walk(square: Square, (file, rank): (i32, i32), stop: Option<Square>) -> u64 {
    let mut board = 0;
    let mut at = square;
    while let Some(next) = step(at, file, rank) {
        if Some(next) == stop {
            break;
        }
        board |= next.bit();
        at = next;
    }
    board
}

/// The reference line: from `a`, walked both ways to the edges, `a` included; 0 unless `a` and
/// `b` are distinct squares of one rank, file or diagonal.
pub fn reference_line(a: Square, b: Square) -> u64 {
    direction(a, b).map_or(0, |(file, rank)| a.bit() | walk(a, (file, rank), None) | walk(a, (-file, -rank), None))
}

/// The reference squares between: from `a` towards `b`, until `b`.
pub fn reference_between(a: Square, b: Square) -> u64 {
    direction(a, b).map_or(0, |d| walk(a, d, Some(b)))
}

/// A table entry that disagrees with the reference: a bug in `magic_tables_core::pieces`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceMismatch {
    /// What was looked up, such as `knight_attacks(e4)` or `between(a1, d4)`.
    pub lookup: String,
    /// The reference's answer.
    pub expected: u64,
    /// The table's.
    pub found: u64,
}

impl fmt::Display for PieceMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is {:#018x} in the table but {:#018x} by the reference", self.lookup, self.found, self.expected)
    }
}

impl std::error::Error for PieceMismatch {}

/// The other pieces' tables, checked against this module's reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceTables {
    /// Knight attacks by square.
    pub knight: [u64; 64],
    /// King attacks by square.
    pub king: [u64; 64],
    /// Pawn attacks by colour (white first), then square.
    pub pawn: [[u64; 64]; 2],
    /// The line through two squares, by both squares.
    pub lines: [[u64; 64]; 64],
}

impl PieceTables {
    /// The runtime's tables, each entry compared with the reference: every square, both colours,
    /// and every pair of squares for the line and for the squares between (as the lookups take
    /// them from the line).
    pub fn checked() -> Result<PieceTables, PieceMismatch> {
        let tables = PieceTables {
            knight: pieces::knight_table(),
            king: pieces::king_table(),
            pawn: pieces::pawn_table(),
            lines: pieces::line_table(),
        };
        let check = |lookup: &dyn Fn() -> String, expected: u64, found: u64| {
            if expected == found { Ok(()) } else { Err(PieceMismatch { lookup: lookup(), expected, found }) }
        };
        for a in Square::ALL {
            let i = usize::from(a.index());
            check(&|| format!("knight_attacks({a})"), reference_knight(a), tables.knight[i])?;
            check(&|| format!("king_attacks({a})"), reference_king(a), tables.king[i])?;
            for color in Color::ALL {
                check(
                    &|| format!("pawn_attacks({color:?}, {a})"),
                    reference_pawn(color, a),
                    tables.pawn[color.index()][i],
                )?;
            }
            for b in Square::ALL {
                let line = tables.lines[i][usize::from(b.index())];
                check(&|| format!("line({a}, {b})"), reference_line(a, b), line)?;
                check(&|| format!("between({a}, {b})"), reference_between(a, b), between_on_line(line, a, b))?;
            }
        }
        Ok(tables)
    }

    /// The tables as data arrays, in the order they are written and checksummed.
    pub fn arrays(&self) -> Vec<DataArray> {
        let by_square = |name: &str, doc: &str, values: &[u64; 64]| DataArray {
            name: name.to_owned(),
            doc: doc.to_owned(),
            values: Values::U64(values.to_vec()),
            runs: vec![("a1 to h8".to_owned(), 64)],
            two_dimensional: false,
        };
        let rows = |name: &str, doc: &str, rows: &[[u64; 64]], label: &dyn Fn(usize) -> String| DataArray {
            name: name.to_owned(),
            doc: doc.to_owned(),
            values: Values::U64(rows.iter().flatten().copied().collect()),
            runs: (0..rows.len()).map(|row| (label(row), 64)).collect(),
            two_dimensional: true,
        };
        vec![
            by_square("KNIGHT_ATTACKS", "[s]: the squares a knight on square s attacks.", &self.knight),
            by_square("KING_ATTACKS", "[s]: the squares a king on square s attacks.", &self.king),
            rows(
                "PAWN_ATTACKS",
                "[c][s]: the squares a pawn of colour c (0 white, 1 black) on square s attacks.",
                &self.pawn,
                &|row| ["white", "black"][row].to_owned(),
            ),
            rows(
                "LINES",
                "[a][b]: the whole line (rank, file or diagonal) through squares a and b, both included; 0 if \
                 they share none or are the same square.",
                &self.lines,
                &|row| format!("from {}", Square::ALL[row]),
            ),
        ]
    }

    /// Bytes of all four tables.
    pub fn bytes(&self) -> usize {
        (64 + 64 + 2 * 64 + 64 * 64) * 8
    }

    /// FNV-1a 64 over every entry, in the order [`arrays`](Self::arrays) writes them, each as 8
    /// little-endian bytes: the rule of the layouts' checksums.
    pub fn checksum(&self) -> u64 {
        let mut hash = Fnv1a64::new();
        hash.write_u64s(&self.knight);
        hash.write_u64s(&self.king);
        self.pawn.iter().for_each(|row| hash.write_u64s(row));
        self.lines.iter().for_each(|row| hash.write_u64s(row));
        hash.finish()
    }

    /// The tables, their C functions and the comment saying what they are, for `emit`.
    pub fn companion(&self) -> Companion {
        Companion {
            comment: vec![
                "The other pieces, beside the sliders: knight, king and pawn attacks by square, and for pins,"
                    .to_owned(),
                "checks and x-rays the whole line through two squares and the squares strictly between them."
                    .to_owned(),
                "Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63; bit n of a board is square n.".to_owned(),
                format!(
                    "Tables: KNIGHT_ATTACKS, KING_ATTACKS, PAWN_ATTACKS and LINES, {} bytes, not counted in",
                    self.bytes()
                ),
                format!(
                    "TABLE_BYTES; checksum (the rule above) {:#018x}. Verified: every square, both colours and",
                    self.checksum()
                ),
                "every pair of squares match a reference that walks the board's coordinates.".to_owned(),
            ],
            arrays: self.arrays(),
            c_functions: C_FUNCTIONS.to_owned(),
        }
    }
}

/// The companion's C functions (`@`: upper-case prefix, `$`: lower-case prefix). Squares and
/// colours are masked into range, as the sliders' lookups mask the square.
const C_FUNCTIONS: &str = "/* The squares a knight on `square` (0..63) attacks. */
static inline uint64_t $knight_attacks(unsigned square) { return @KNIGHT_ATTACKS[square & 63]; }

/* The squares a king on `square` attacks. */
static inline uint64_t $king_attacks(unsigned square) { return @KING_ATTACKS[square & 63]; }

/* The squares a pawn of `colour` (0 white, 1 black) on `square` attacks; none for a white pawn on
 * the eighth rank or a black one on the first. */
static inline uint64_t $pawn_attacks(unsigned colour, unsigned square) {
    return @PAWN_ATTACKS[colour & 1][square & 63];
}

/* The whole line through `a` and `b`, edge to edge, both included, if they share a rank, file or
 * diagonal and differ; else 0. */
static inline uint64_t $line(unsigned a, unsigned b) { return @LINES[a & 63][b & 63]; }

/* The squares strictly between `a` and `b` on the rank, file or diagonal they share; else 0 (also
 * for neighbours and for a == b). Along a line the square numbers grow by a fixed step, so these
 * are the line's squares numbered strictly between the two. */
static inline uint64_t $between(unsigned a, unsigned b) {
    unsigned low = a & 63, high = b & 63;
    if (low > high) { unsigned t = low; low = high; high = t; }
    return $line(a, b) & ((~(uint64_t)0 << low) << 1) & ~(~(uint64_t)0 << high);
}
";

/// The companion's standalone Rust: the colour type and the same functions as the crate's top
/// level, over the arrays the companion writes (squares as `usize`, as the sliders take them).
pub const RUST_FUNCTIONS: &str = "
/// A side: which way a pawn attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    /// White pawns attack towards the eighth rank.
    White,
    /// Black pawns attack towards the first rank.
    Black,
}

/// The squares a knight on `square` (0..64) attacks.
#[inline]
pub const fn knight_attacks(square: usize) -> u64 {
    KNIGHT_ATTACKS[square]
}

/// The squares a king on `square` attacks.
#[inline]
pub const fn king_attacks(square: usize) -> u64 {
    KING_ATTACKS[square]
}

/// The squares a pawn of `color` on `square` attacks (none for a white pawn on the eighth rank or
/// a black one on the first).
#[inline]
pub const fn pawn_attacks(color: Color, square: usize) -> u64 {
    PAWN_ATTACKS[color as usize][square]
}

/// The whole line through `a` and `b`, edge to edge, both included, if they share a rank, file or
/// diagonal and differ; else 0.
#[inline]
pub const fn line(a: usize, b: usize) -> u64 {
    LINES[a][b]
}

/// The squares strictly between `a` and `b` on the rank, file or diagonal they share; else 0.
/// Along a line the square numbers grow by a fixed step, so these are the line's squares
/// numbered strictly between the two.
#[inline]
pub const fn between(a: usize, b: usize) -> u64 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    line(a, b) & ((u64::MAX << low) << 1) & !(u64::MAX << high)
}
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_runtime_tables_match_the_reference() {
        let tables = PieceTables::checked().unwrap();
        assert_eq!(tables.knight.iter().map(|b| b.count_ones()).sum::<u32>(), 336);
        assert_eq!(tables.king.iter().map(|b| b.count_ones()).sum::<u32>(), 420);
        // 8 * 7 aligned pairs per rank and per file, and the diagonals' pairs.
        let pairs = tables.lines.iter().flatten().filter(|&&l| l != 0).count();
        assert_eq!(pairs, 2 * 8 * 56 + 2 * (2 * (2 + 6 + 12 + 20 + 30 + 42) + 56));
    }

    #[test]
    fn a_wrong_entry_is_named() {
        let mismatch = PieceMismatch { lookup: "between(a1, d4)".into(), expected: 1, found: 2 };
        assert!(mismatch.to_string().starts_with("between(a1, d4) is 0x0000000000000002"));
        assert_eq!(reference_between(Square::A1, Square::D4), Square::B2.bit() | Square::C3.bit());
        assert_eq!(reference_line(Square::A1, Square::B3), 0);
    }
}
