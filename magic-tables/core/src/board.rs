//! Boards other than 8x8, and the pieces variant engines need on them: the geometry the
//! any-board tables rest on, as [`crate::geometry`] is for chess.
//!
//! A [`Board`] is `files` by `ranks` squares (each 2 to 16, at most 128 squares), numbered
//! `file + files · rank` from the first rank's first file (a1, or a0 in xiangqi's numbering, is
//! 0). Its bitboards are `u128` here, bit `n` for square `n`: a board of at most 64 squares only
//! uses the low half, and the generated tables narrow them to `u64`. Bits above the board are
//! ignored on input and never returned.
//!
//! The pieces ([`Piece`]) are those whose attacks depend on the occupancy, each defined by a slow
//! function that walks coordinates ([`slow_attacks`]) and by the squares whose occupancy can
//! change its result ([`relevant_mask`]): the riders (rook, bishop), the cannon (a hopper), and
//! the lame leapers (horse, the squares a horse attacks a square from, elephant). See the Chess
//! Programming Wiki's [Chinese Chess](https://www.chessprogramming.org/Chinese_Chess) pages for
//! the pieces. Everything is `const fn`, so the generator's build script and an engine's
//! constants run the same code.
//!
//! ```
//! use magic_tables_core::board::{Board, Piece, relevant_mask, slow_attacks};
//!
//! let xiangqi = Board::XIANGQI; // 9 files, 10 ranks
//! let a0 = xiangqi.square(0, 0).unwrap();
//! // A corner rook's relevant squares: 7 on its rank and 8 on its file.
//! assert_eq!(relevant_mask(xiangqi, Piece::Rook, a0).count_ones(), 15);
//! // A cannon on a0 with a screen on a2 and a piece on a5 attacks a3, a4 and a5.
//! let occupied = xiangqi.bit(xiangqi.square(0, 2).unwrap()) | xiangqi.bit(xiangqi.square(0, 5).unwrap());
//! let expected: u128 = [3, 4, 5].iter().map(|&r| xiangqi.bit(xiangqi.square(0, r).unwrap())).sum();
//! assert_eq!(slow_attacks(xiangqi, Piece::Cannon, a0, occupied), expected);
//! ```

/// A rectangular board: `files` by `ranks` squares, each 2 to 16, at most 128 in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    files: u8,
    ranks: u8,
}

/// The fewest files or ranks of a board.
pub const MIN_SIDE: u8 = 2;
/// The most files or ranks of a board.
pub const MAX_SIDE: u8 = 16;
/// The most squares of a board: a bitboard is at most a `u128`.
pub const MAX_SQUARES: usize = 128;

impl Board {
    /// Chess: 8 files by 8 ranks.
    pub const CHESS: Board = Board { files: 8, ranks: 8 };
    /// Xiangqi: 9 files by 10 ranks (90 squares), the river between ranks 4 and 5.
    pub const XIANGQI: Board = Board { files: 9, ranks: 10 };

    /// The board of `files` by `ranks`, or `None` if a side is outside 2 to 16 or the board has
    /// more than 128 squares.
    pub const fn new(files: u8, ranks: u8) -> Option<Board> {
        let sides_fit = files >= MIN_SIDE && files <= MAX_SIDE && ranks >= MIN_SIDE && ranks <= MAX_SIDE;
        if sides_fit && files as usize * ranks as usize <= MAX_SQUARES { Some(Board { files, ranks }) } else { None }
    }

    /// The number of files (columns).
    pub const fn files(self) -> u8 {
        self.files
    }

    /// The number of ranks (rows).
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// The number of squares, `files · ranks`.
    pub const fn squares(self) -> u8 {
        self.files * self.ranks
    }

    /// Whether bitboards of this board fit in a `u64` (at most 64 squares).
    pub const fn fits_u64(self) -> bool {
        self.squares() <= 64
    }

    /// Every square of the board: bits `0..squares`.
    pub const fn all(self) -> u128 {
        if self.squares() as usize == MAX_SQUARES { u128::MAX } else { (1u128 << self.squares()) - 1 }
    }

    /// The square on `file` and `rank` (both from 0), if it is on the board.
    pub const fn square(self, file: u8, rank: u8) -> Option<u8> {
        if file < self.files && rank < self.ranks { Some(file + self.files * rank) } else { None }
    }

    /// The file of `square` (from 0).
    pub const fn file_of(self, square: u8) -> u8 {
        square % self.files
    }

    /// The rank of `square` (from 0).
    pub const fn rank_of(self, square: u8) -> u8 {
        square / self.files
    }

    /// The bitboard of `square` alone.
    pub const fn bit(self, square: u8) -> u128 {
        1u128 << square
    }

    /// The rank below which the lower side of the river lies: ranks `0..river()` are one side
    /// and `river()..ranks` the other (for an odd number of ranks the upper side is the larger).
    pub const fn river(self) -> u8 {
        self.ranks / 2
    }

    /// The square `(df, dr)` away from `square`, if it is on the board.
    pub const fn offset(self, square: u8, df: i8, dr: i8) -> Option<u8> {
        let file = self.file_of(square) as i16 + df as i16;
        let rank = self.rank_of(square) as i16 + dr as i16;
        if file < 0 || rank < 0 || file >= self.files as i16 || rank >= self.ranks as i16 {
            return None;
        }
        self.square(file as u8, rank as u8)
    }
}

/// A piece whose attacks depend on the occupancy, on any board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Slides along ranks and files up to and including the first occupied square.
    Rook,
    /// Slides along diagonals up to and including the first occupied square.
    Bishop,
    /// The xiangqi cannon, a hopper: along ranks and files, the squares beyond the first
    /// occupied square (the screen) up to and including the next occupied one; nothing in a
    /// direction without a screen.
    Cannon,
    /// The xiangqi horse: the eight knight jumps, each blocked when the square next to the horse
    /// in the jump's long direction (the leg) is occupied.
    Horse,
    /// The squares from which a horse attacks the square (its leg is next to the attacker):
    /// what check detection needs.
    HorseTo,
    /// The xiangqi elephant: the four two-square diagonal jumps, each blocked by the square in
    /// between (the eye), never across the river ([`Board::river`]).
    Elephant,
}

impl Piece {
    /// Every piece, in this order.
    pub const ALL: [Piece; 6] =
        [Piece::Rook, Piece::Bishop, Piece::Cannon, Piece::Horse, Piece::HorseTo, Piece::Elephant];

    /// The name used on the command line and in generated files: `rook`, `bishop`, `cannon`,
    /// `horse`, `horse-to`, `elephant`.
    pub const fn name(self) -> &'static str {
        match self {
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::Cannon => "cannon",
            Piece::Horse => "horse",
            Piece::HorseTo => "horse-to",
            Piece::Elephant => "elephant",
        }
    }

    /// The piece named `name` (see [`Piece::name`]).
    pub fn from_name(name: &str) -> Option<Piece> {
        Piece::ALL.into_iter().find(|piece| piece.name() == name)
    }
}

const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// The eight horse jumps.
const JUMPS: [(i8, i8); 8] = [(1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)];

/// The leg of the jump `(df, dr)`: one step in its long direction.
const fn leg(df: i8, dr: i8) -> (i8, i8) {
    if dr == 2 || dr == -2 { (0, dr / 2) } else { (df / 2, 0) }
}

/// Squares whose occupancy can change `piece`'s attacks from `square` (see
/// [`Piece`]): for the riders and the cannon every square of its lines but the last of each (a
/// piece on the edge hides nothing, and is in the cannon's set whether it is the next piece or
/// an empty square beyond the screen); for the horse the legs of its jumps that land on the
/// board; for horse-to the diagonal neighbours that are the leg of some horse attacking it; for
/// the elephant the eyes of its jumps that stay on its side of the river.
pub const fn relevant_mask(board: Board, piece: Piece, square: u8) -> u128 {
    match piece {
        Piece::Rook | Piece::Cannon => line_mask(board, &ORTHOGONAL, square),
        Piece::Bishop => line_mask(board, &DIAGONAL, square),
        Piece::Horse | Piece::HorseTo | Piece::Elephant => {
            let mut mask = 0;
            let mut i = 0;
            while i < leaper_jumps(piece) {
                if let Some((_, blocker)) = leaper_jump(board, piece, square, i) {
                    mask |= board.bit(blocker);
                }
                i += 1;
            }
            mask
        }
    }
}

/// How many jumps a lame leaper has: 8 for the horse (and horse-to), 4 for the elephant.
const fn leaper_jumps(piece: Piece) -> usize {
    if matches!(piece, Piece::Elephant) { 4 } else { 8 }
}

/// The `i`th jump of a lame leaper on `square`, if it is on the board (and, for the elephant,
/// stays on its side of the river): the square it reaches (for horse-to, the square of the horse
/// that reaches `square`) and the square whose occupancy blocks it (the leg, which is next to
/// the horse, or the eye).
const fn leaper_jump(board: Board, piece: Piece, square: u8, i: usize) -> Option<(u8, u8)> {
    let (target, blocker) = match piece {
        Piece::Horse => {
            let ((df, dr), (lf, lr)) = (JUMPS[i], leg(JUMPS[i].0, JUMPS[i].1));
            (board.offset(square, df, dr), board.offset(square, lf, lr))
        }
        // A horse on `square - jump` attacks `square` past its leg `square - jump + leg`.
        Piece::HorseTo => {
            let ((df, dr), (lf, lr)) = (JUMPS[i], leg(JUMPS[i].0, JUMPS[i].1));
            (board.offset(square, -df, -dr), board.offset(square, lf - df, lr - dr))
        }
        _ => {
            let (df, dr) = DIAGONAL[i];
            match board.offset(square, 2 * df, 2 * dr) {
                Some(target) if same_side(board, square, target) => (Some(target), board.offset(square, df, dr)),
                _ => (None, None),
            }
        }
    };
    match (target, blocker) {
        (Some(target), Some(blocker)) => Some((target, blocker)),
        _ => None,
    }
}

/// Whether `a` and `b` are on the same side of the river.
const fn same_side(board: Board, a: u8, b: u8) -> bool {
    (board.rank_of(a) < board.river()) == (board.rank_of(b) < board.river())
}

/// The squares of the lines from `square` in `directions`, without the last of each.
const fn line_mask(board: Board, directions: &[(i8, i8); 4], square: u8) -> u128 {
    let mut mask = 0;
    let mut i = 0;
    while i < 4 {
        let (df, dr) = directions[i];
        let mut current = square;
        while let Some(next) = board.offset(current, df, dr) {
            // Only a square with another beyond it on the line can hide anything.
            if board.offset(next, df, dr).is_some() {
                mask |= board.bit(next);
            }
            current = next;
        }
        i += 1;
    }
    mask
}

/// The attacks of `piece` on `square` given the `occupied` squares (of both colours; bits above
/// the board and `square` itself are ignored), by walking coordinates: the reference every
/// any-board table is checked against.
pub const fn slow_attacks(board: Board, piece: Piece, square: u8, occupied: u128) -> u128 {
    let occupied = occupied & board.all();
    match piece {
        Piece::Rook | Piece::Bishop => {
            let directions = if matches!(piece, Piece::Rook) { &ORTHOGONAL } else { &DIAGONAL };
            let mut attacks = 0;
            let mut i = 0;
            while i < 4 {
                let (df, dr) = directions[i];
                let mut current = square;
                while let Some(next) = board.offset(current, df, dr) {
                    attacks |= board.bit(next);
                    if occupied & board.bit(next) != 0 {
                        break;
                    }
                    current = next;
                }
                i += 1;
            }
            attacks
        }
        Piece::Cannon => {
            let mut attacks = 0;
            let mut i = 0;
            while i < 4 {
                let (df, dr) = ORTHOGONAL[i];
                let mut current = square;
                let mut screened = false;
                while let Some(next) = board.offset(current, df, dr) {
                    if screened {
                        attacks |= board.bit(next);
                        if occupied & board.bit(next) != 0 {
                            break;
                        }
                    } else if occupied & board.bit(next) != 0 {
                        screened = true;
                    }
                    current = next;
                }
                i += 1;
            }
            attacks
        }
        Piece::Horse | Piece::HorseTo | Piece::Elephant => {
            let mut attacks = 0;
            let mut i = 0;
            while i < leaper_jumps(piece) {
                if let Some((target, blocker)) = leaper_jump(board, piece, square, i) {
                    if occupied & board.bit(blocker) == 0 {
                        attacks |= board.bit(target);
                    }
                }
                i += 1;
            }
            attacks
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_checked() {
        assert_eq!(Board::new(9, 10), Some(Board::XIANGQI));
        assert_eq!(Board::new(8, 8), Some(Board::CHESS));
        assert!(Board::new(16, 8).is_some());
        assert!(Board::new(12, 10).is_some());
        for (files, ranks) in [(1, 8), (8, 1), (17, 2), (2, 17), (16, 9), (12, 11), (0, 0)] {
            assert_eq!(Board::new(files, ranks), None, "{files}x{ranks}");
        }
        assert_eq!(Board::new(16, 8).map(Board::all), Some(u128::MAX));
        assert_eq!(Board::CHESS.all(), u64::MAX as u128);
        assert!(Board::CHESS.fits_u64() && !Board::XIANGQI.fits_u64());
        assert_eq!(Board::XIANGQI.square(8, 9), Some(89));
        assert_eq!(Board::XIANGQI.square(9, 0), None);
        assert_eq!(Piece::from_name("horse-to"), Some(Piece::HorseTo));
        assert_eq!(Piece::from_name("knight"), None);
    }

    /// On 8x8, the rider masks and attacks are the chess geometry's.
    #[test]
    fn chess_riders_match_the_chess_geometry() {
        use crate::{Slider, Square, geometry};
        for square in Square::ALL {
            for (piece, slider) in [(Piece::Rook, Slider::Rook), (Piece::Bishop, Slider::Bishop)] {
                let mask = geometry::relevant_mask(slider, square);
                assert_eq!(relevant_mask(Board::CHESS, piece, square.index()), mask as u128);
                let mut occupied = 0x9E37_79B9_7F4A_7C15u64;
                for _ in 0..64 {
                    occupied = occupied.rotate_left(7).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                    let expected = geometry::slow_attacks(slider, square, occupied) as u128;
                    assert_eq!(slow_attacks(Board::CHESS, piece, square.index(), occupied as u128), expected);
                }
            }
        }
    }

    #[test]
    fn xiangqi_figures() {
        let board = Board::XIANGQI;
        let sq = |file, rank| board.square(file, rank).unwrap();
        // Relevant bits: the largest rook (and cannon) mask is a corner's 15; the horse has at
        // most 4 legs, horse-to 4 diagonal neighbours, the elephant 4 eyes.
        let most = |piece| (0..90).map(|s| relevant_mask(board, piece, s).count_ones()).max().unwrap();
        assert_eq!(most(Piece::Rook), 15);
        assert_eq!(most(Piece::Cannon), 15);
        assert_eq!(most(Piece::Horse), 4);
        assert_eq!(most(Piece::HorseTo), 4);
        assert_eq!(most(Piece::Elephant), 4);
        // The elephant on c0 reaches a2 and e2, never across the river; on c4 it reaches a2 and
        // e2 only (a6 and e6 are across).
        assert_eq!(slow_attacks(board, Piece::Elephant, sq(2, 0), 0), board.bit(sq(0, 2)) | board.bit(sq(4, 2)));
        assert_eq!(slow_attacks(board, Piece::Elephant, sq(2, 4), 0), board.bit(sq(0, 2)) | board.bit(sq(4, 2)));
        // ... and its eye d1 blocks e2.
        assert_eq!(slow_attacks(board, Piece::Elephant, sq(2, 0), board.bit(sq(3, 1))), board.bit(sq(0, 2)));
        // The horse on b0 jumps to a2, c2 and d1; its leg b1 blocks a2 and c2.
        let b0 = sq(1, 0);
        assert_eq!(
            slow_attacks(board, Piece::Horse, b0, 0),
            board.bit(sq(0, 2)) | board.bit(sq(2, 2)) | board.bit(sq(3, 1))
        );
        assert_eq!(slow_attacks(board, Piece::Horse, b0, board.bit(sq(1, 1))), board.bit(sq(3, 1)));
        // Bits above the board are ignored.
        assert_eq!(slow_attacks(board, Piece::Rook, 0, !board.all()), slow_attacks(board, Piece::Rook, 0, 0));
    }

    /// Horse-to is horse read backwards: `from` is in `horse_to(sq)` exactly when `sq` is in
    /// `horse(from)`, for every occupancy of the two squares' legs, on several boards.
    #[test]
    fn horse_to_inverts_the_horse() {
        for board in [Board::XIANGQI, Board::CHESS, Board::new(12, 10).unwrap(), Board::new(3, 2).unwrap()] {
            for to in 0..board.squares() {
                let legs = relevant_mask(board, Piece::HorseTo, to);
                let mut subset = 0u128;
                loop {
                    let attackers = slow_attacks(board, Piece::HorseTo, to, subset);
                    for from in 0..board.squares() {
                        let attacks = slow_attacks(board, Piece::Horse, from, subset);
                        assert_eq!(
                            attackers & board.bit(from) != 0,
                            attacks & board.bit(to) != 0,
                            "{board:?} {from} -> {to}"
                        );
                    }
                    subset = subset.wrapping_sub(legs) & legs;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
    }

    /// Only the relevant squares matter: on random occupancies, clearing every other square
    /// leaves each piece's attacks as they were, on every board shape from 2x2 to 16x8.
    #[test]
    fn only_relevant_squares_matter() {
        let mut state = 0x0123_4567_89AB_CDEFu128;
        for files in MIN_SIDE..=MAX_SIDE {
            for ranks in MIN_SIDE..=MAX_SIDE {
                let Some(board) = Board::new(files, ranks) else { continue };
                for square in 0..board.squares() {
                    for piece in Piece::ALL {
                        let mask = relevant_mask(board, piece, square);
                        assert_eq!(mask & !board.all(), 0);
                        assert_eq!(mask & board.bit(square), 0);
                        for _ in 0..4 {
                            state = state.wrapping_mul(0x2360_ED05_1FC6_5DA4_4385_DF64_9FCC_F645).wrapping_add(1);
                            let occupied = state ^ (state >> 61);
                            assert_eq!(
                                slow_attacks(board, piece, square, occupied & mask),
                                slow_attacks(board, piece, square, occupied),
                                "{board:?} {piece:?} {square}"
                            );
                        }
                    }
                }
            }
        }
    }
}
