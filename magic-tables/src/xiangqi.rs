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
//! The rook and the cannon are split into their rank and their file, each indexed by a magic: a
//! rank has a block per square of whole attack sets, a file shares one block per rank position
//! with every file (file a's sets, shifted by the file), and the rook's and the cannon's sets lie
//! side by side in every slot, so [`rook_and_cannon_attacks`] gets both from one index. The lame
//! leapers (horse, horse-to, elephant) have a block per square over their at most four blocking
//! squares. All of it, with the general's, the advisor's and the soldier's plain tables, is
//! [`TABLE_BYTES`] (339,648 bytes), against the 34.6 MB of per-square 128-bit tables Pikafish
//! fills at start-up; `PERFORMANCE.md` has the measurements (this layout is magic-gen's
//! `split`; its `compact` one is 65 KB, and slower). For a target with BMI2, `xiangqi::pext` (feature
//! `pext`) has the same lookups through `pext` instead of magics: larger (723,952 bytes), not
//! `const`, and the faster in a move generator. The build script generates the tables from this project's seeded search
//! (`magic_gen::board`) and checks every relevant occupancy of every line and square against
//! the board's coordinate walk before it writes `$OUT_DIR/xiangqi.rs`; [`tables`] holds them.

use core::fmt;
use core::str::FromStr;

use magic_tables_core::board_tables::{
    BoardIndex, leaper_attacks_unchecked, split_attacks_unchecked, square_attacks_unchecked,
};
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

    /// The square numbered `index`, without the check: for an engine that keeps its own
    /// square numbers and knows them to be on the board.
    ///
    /// # Safety
    ///
    /// `index` must be below 90: the lookups read their tables at it unchecked.
    #[inline(always)]
    pub const unsafe fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 90, "a xiangqi square is below 90");
        Square(index)
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
#[inline(always)]
pub const fn rook_attacks(square: Square, occupied: u128) -> u128 {
    rook_and_cannon_attacks(square, occupied).0
}

/// Squares a cannon on `square` attacks (captures): each way along its rank and file, beyond the
/// first piece (the screen) up to and including the next; nothing where there is no screen. Its
/// quiet moves are the empty squares of [`rook_attacks`].
#[inline(always)]
pub const fn cannon_attacks(square: Square, occupied: u128) -> u128 {
    rook_and_cannon_attacks(square, occupied).1
}

/// [`rook_attacks`] and [`cannon_attacks`] from one square at once, for the price of about one:
/// their sets lie side by side in every slot, so the two share the index. A move generator
/// wants both for a cannon (quiet moves and captures) and for check detection.
#[inline(always)]
pub const fn rook_and_cannon_attacks(square: Square, occupied: u128) -> (u128, u128) {
    let (rank, file) = (entry(&tables::RANK_INDEX, square), entry(&tables::FILE_INDEX, square));
    let (ranks, files) = (&tables::RANK_ATTACKS, &tables::FILE_ATTACKS);
    // Rook first, then cannon, in every slot (`magic_gen::board`'s mover order).
    // SAFETY: every entry fits its array (asserted below, at compile time).
    unsafe {
        (
            square_attacks_unchecked(rank, ranks, 2, 0, occupied)
                | split_attacks_unchecked(file, files, 2, 0, occupied),
            square_attacks_unchecked(rank, ranks, 2, 1, occupied)
                | split_attacks_unchecked(file, files, 2, 1, occupied),
        )
    }
}

/// Every entry's block lies in its array for any occupancy, so the unchecked loads above and
/// below stay in bounds (checked here at compile time, and by the build script's verification).
const _: () = {
    use magic_tables_core::board_tables::all_fit;
    assert!(all_fit(&tables::RANK_INDEX, 2, tables::RANK_ATTACKS.len()));
    assert!(all_fit(&tables::FILE_INDEX, 2, tables::FILE_ATTACKS.len()));
    assert!(all_fit(&tables::HORSE_INDEX, 1, tables::HORSE_ATTACKS.len()));
    assert!(all_fit(&tables::HORSE_TO_INDEX, 1, tables::HORSE_TO_ATTACKS.len()));
    assert!(all_fit(&tables::ELEPHANT_INDEX, 1, tables::ELEPHANT_ATTACKS.len()));
};

/// The entry of `square` in a per-square table.
#[inline(always)]
const fn entry(table: &'static [BoardIndex; 90], square: Square) -> &'static BoardIndex {
    // SAFETY: a `Square` is below 90 (its constructors check).
    unsafe { &*table.as_ptr().add(square.0 as usize) }
}

/// Squares a horse on `square` attacks: the eight knight jumps, each blocked when the square next
/// to the horse in the jump's long direction (the leg) is occupied.
#[inline(always)]
pub const fn horse_attacks(square: Square, occupied: u128) -> u128 {
    // SAFETY: the entry fits its array (asserted above).
    unsafe { leaper_attacks_unchecked(entry(&tables::HORSE_INDEX, square), &tables::HORSE_ATTACKS, occupied) }
}

/// Squares a horse attacks `square` from: the squares of the knight jumps whose leg (next to
/// that square, not to `square`) is empty. What check detection needs: `horse_attacks_to(king,
/// occupied) & their_horses`.
#[inline(always)]
pub const fn horse_attacks_to(square: Square, occupied: u128) -> u128 {
    // SAFETY: as above.
    unsafe { leaper_attacks_unchecked(entry(&tables::HORSE_TO_INDEX, square), &tables::HORSE_TO_ATTACKS, occupied) }
}

/// Squares an elephant on `square` attacks: the four two-square diagonal jumps whose middle
/// square (the eye) is empty, on the side of the river it stands on (ranks 0-4 or 5-9).
#[inline(always)]
pub const fn elephant_attacks(square: Square, occupied: u128) -> u128 {
    // SAFETY: as above.
    unsafe { leaper_attacks_unchecked(entry(&tables::ELEPHANT_INDEX, square), &tables::ELEPHANT_ATTACKS, occupied) }
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
#[inline(always)]
pub const fn king_attacks(square: Square) -> u128 {
    KING[square.0 as usize]
}

/// Squares an advisor on `square` attacks: one diagonal step, staying in a palace.
#[inline(always)]
pub const fn advisor_attacks(square: Square) -> u128 {
    ADVISOR[square.0 as usize]
}

/// Squares a soldier (pawn) of `color` on `square` attacks: one step forward (up the board for
/// red, [`Color::White`]), and one to either side once across the river.
#[inline(always)]
pub const fn pawn_attacks(color: Color, square: Square) -> u128 {
    PAWN[color as usize][square.0 as usize]
}

/// Bytes of every xiangqi table together: the generated ones ([`tables::TABLE_BYTES`]) and the
/// general's, advisor's and soldiers' (4 × 90 sets).
pub const TABLE_BYTES: usize = tables::TABLE_BYTES + PLAIN_TABLE_BYTES;

/// Bytes of the general's, the advisor's and the two soldiers' plain tables.
const PLAIN_TABLE_BYTES: usize = 4 * 90 * core::mem::size_of::<u128>();

#[cfg(feature = "pext")]
#[cfg_attr(docsrs, doc(cfg(feature = "pext")))]
pub mod pext;
