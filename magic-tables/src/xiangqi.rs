//! Xiangqi (Chinese chess, 9 files by 10 ranks) attacks, feature `xiangqi`: every piece's
//! attack set from a square and a `u128` occupancy, with no initialization at run time.
//!
//! Squares are numbered `file + 9 · rank`: a0 = 0, i0 = 8, a1 = 9, … i9 = 89, red (the side
//! that moves first, [`Color::White`]) on ranks 0-4. Bit `n` of a bitboard is square `n`; bits
//! 90 and above are ignored on input and never returned. An attack set holds every square the
//! piece reaches, occupied or not: a move generator removes its own pieces.
//!
//! ```
//! use magic_tables::xiangqi::{Square, cannon_attacks, horse_attacks, rook_attacks};
//!
//! let sq = |name: &str| name.parse::<Square>().unwrap();
//! // A rook on a0 with pieces on a3 and d0: a1, a2, a3 up the file, b0, c0, d0 along the rank.
//! let occupied = sq("a3").bit() | sq("d0").bit();
//! let expected = ["a1", "a2", "a3", "b0", "c0", "d0"].iter().fold(0, |set, name| set | sq(name).bit());
//! assert_eq!(rook_attacks(sq("a0"), occupied), expected);
//! // The cannon jumps the screens, a3 and d0, to the edge: a4 to a9 and e0 to i0.
//! let beyond = ["a4", "a5", "a6", "a7", "a8", "a9", "e0", "f0", "g0", "h0", "i0"];
//! assert_eq!(cannon_attacks(sq("a0"), occupied), beyond.iter().fold(0, |set, name| set | sq(name).bit()));
//! // A horse on b0 is lame towards c1 and d1 when c0 is occupied (its leg).
//! assert_eq!(horse_attacks(sq("b0"), sq("c0").bit()), sq("a2").bit() | sq("c2").bit());
//! ```
//!
//! The rook and the cannon are split into their rank and their file: one magic-indexed block per
//! (line length, position) holds 16-bit attack patterns that every rank (or file) of the board
//! shares, a rank's shifted into place and a file's spread by two small tables. The lame
//! leapers (horse, horse-to, elephant) have a block per square over their at most four blocking
//! squares. All of it, with the general's, the advisor's and the soldier's plain tables, is
//! [`TABLE_BYTES`] (about 70 KB), against the 34.6 MB of per-square 128-bit tables Pikafish
//! fills at start-up. The build script generates the tables from this project's seeded search
//! (`magic_gen::board`) and checks every relevant occupancy of every line and square against
//! the board's coordinate walk before it writes `$OUT_DIR/xiangqi.rs`; [`tables`] holds them.

use core::fmt;
use core::str::FromStr;

use magic_tables_core::board_tables::{leaper_attacks, line_attacks, rank_attacks};
use magic_tables_core::xiangqi::{advisor_steps, king_steps, pawn_steps};

pub use magic_tables_core::Color;

/// The generated tables (`$OUT_DIR/xiangqi.rs`): each square's [`BoardIndex`] into the rank,
/// file and leaper blocks, the attack patterns and sets, and their sizes.
pub mod tables {
    pub use magic_tables_core::board_tables::BoardIndex;

    include!(concat!(env!("OUT_DIR"), "/xiangqi.rs"));
}

/// A square of the xiangqi board, 0 (a0) to 89 (i9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Squares on the board.
    pub const COUNT: usize = 90;

    /// The square numbered `index`, or `None` from 90 on.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 90 { Some(Square(index)) } else { None }
    }

    /// The square on `file` (0 = a … 8 = i) and `rank` (0 … 9), or `None` off the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 { Some(Square(file + 9 * rank)) } else { None }
    }

    /// Its number, `file + 9 · rank`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Its file, 0 (a) to 8 (i).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Its rank, 0 to 9.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The bitboard of this square alone.
    #[inline]
    pub const fn bit(self) -> u128 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    /// `a0` … `i9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank())
    }
}

/// The error of parsing a [`Square`] from text that is not `a0` … `i9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a xiangqi square is a file a-i and a rank 0-9, such as e4")
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        match text.as_bytes() {
            &[file @ b'a'..=b'i', rank @ b'0'..=b'9'] => Ok(Square(file - b'a' + 9 * (rank - b'0'))),
            _ => Err(ParseSquareError),
        }
    }
}

/// Squares a chariot (rook) on `square` attacks: along its rank and file up to and including the
/// first piece each way.
#[inline]
pub const fn rook_attacks(square: Square, occupied: u128) -> u128 {
    let s = square.0 as usize;
    use tables::*;
    rank_attacks(&RANK_INDEX[s], &ROOK_RANK, occupied)
        | line_attacks(&FILE_INDEX[s], &ROOK_FILE, &FILE_SPREAD_LOW, &FILE_SPREAD_HIGH, occupied)
}

/// Squares a cannon on `square` attacks (captures): each way along its rank and file, beyond the
/// first piece (the screen) up to and including the next; nothing where there is no screen. Its
/// quiet moves are the empty squares of [`rook_attacks`].
#[inline]
pub const fn cannon_attacks(square: Square, occupied: u128) -> u128 {
    let s = square.0 as usize;
    use tables::*;
    rank_attacks(&RANK_INDEX[s], &CANNON_RANK, occupied)
        | line_attacks(&FILE_INDEX[s], &CANNON_FILE, &FILE_SPREAD_LOW, &FILE_SPREAD_HIGH, occupied)
}

/// Squares a horse on `square` attacks: the eight knight jumps, each blocked when the square next
/// to the horse in the jump's long direction (the leg) is occupied.
#[inline]
pub const fn horse_attacks(square: Square, occupied: u128) -> u128 {
    leaper_attacks(&tables::HORSE_INDEX[square.0 as usize], &tables::HORSE_ATTACKS, occupied)
}

/// Squares a horse attacks `square` from: the squares of the knight jumps whose leg (next to
/// that square, not to `square`) is empty. What check detection needs: `horse_attacks_to(king,
/// occupied) & their_horses`.
#[inline]
pub const fn horse_attacks_to(square: Square, occupied: u128) -> u128 {
    leaper_attacks(&tables::HORSE_TO_INDEX[square.0 as usize], &tables::HORSE_TO_ATTACKS, occupied)
}

/// Squares an elephant on `square` attacks: the four two-square diagonal jumps whose middle
/// square (the eye) is empty, on the side of the river it stands on (ranks 0-4 or 5-9).
#[inline]
pub const fn elephant_attacks(square: Square, occupied: u128) -> u128 {
    leaper_attacks(&tables::ELEPHANT_INDEX[square.0 as usize], &tables::ELEPHANT_ATTACKS, occupied)
}

/// A table of 90 sets from a `const fn` of the square number.
macro_rules! per_square {
    ($square:ident => $set:expr) => {{
        let mut sets = [0u128; 90];
        let mut $square = 0u8;
        while $square < 90 {
            sets[$square as usize] = $set;
            $square += 1;
        }
        sets
    }};
}

static KING: [u128; 90] = per_square!(s => king_steps(s));
static ADVISOR: [u128; 90] = per_square!(s => advisor_steps(s));
static PAWN: [[u128; 90]; 2] =
    [per_square!(s => pawn_steps(Color::White, s)), per_square!(s => pawn_steps(Color::Black, s))];

/// Squares a general (king) on `square` attacks: one orthogonal step, staying in a palace (files
/// d-f of ranks 0-2 or 7-9).
#[inline]
pub const fn king_attacks(square: Square) -> u128 {
    KING[square.0 as usize]
}

/// Squares an advisor on `square` attacks: one diagonal step, staying in a palace.
#[inline]
pub const fn advisor_attacks(square: Square) -> u128 {
    ADVISOR[square.0 as usize]
}

/// Squares a soldier (pawn) of `color` on `square` attacks: one step forward (up the board for
/// red, [`Color::White`]), and one to either side once across the river.
#[inline]
pub const fn pawn_attacks(color: Color, square: Square) -> u128 {
    PAWN[color as usize][square.0 as usize]
}

/// Bytes of every xiangqi table together: the generated ones ([`tables::TABLE_BYTES`]) and the
/// general's, advisor's and soldiers' (4 × 90 sets).
pub const TABLE_BYTES: usize = tables::TABLE_BYTES + 4 * 90 * core::mem::size_of::<u128>();
