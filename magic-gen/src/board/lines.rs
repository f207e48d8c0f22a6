//! The lines of a board: every rank, file, diagonal and anti-diagonal as a first square, a step
//! and a length, where each square sits on them, and what a rider or a cannon attacks along one
//! line from a pattern of its occupancy (bit `k` for the line's `k`-th square).
//!
//! This one-dimensional view is what the split tables store; the tables are checked against the
//! board's two-dimensional coordinate walk (`magic_tables_core::board::slow_attacks`), which
//! shares no code with it.

use magic_tables_core::board::{Board, Piece};

/// A direction of lines. Each line is walked from its lowest-numbered square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Left to right along a rank: step 1.
    Rank,
    /// Up a file: step `files`.
    File,
    /// Up and to the right: step `files + 1`.
    Diagonal,
    /// Up and to the left: step `files - 1`.
    AntiDiagonal,
}

impl Direction {
    /// The four directions, in the order stream numbers and tables use.
    pub const ALL: [Direction; 4] = [Direction::Rank, Direction::File, Direction::Diagonal, Direction::AntiDiagonal];

    /// The (file, rank) step from a line's square to the next.
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::Rank => (1, 0),
            Direction::File => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (-1, 1),
        }
    }

    /// The step in square numbers on `board`.
    pub const fn square_step(self, board: Board) -> u32 {
        let (df, dr) = self.step();
        (dr as i32 * board.files() as i32 + df as i32) as u32
    }

    /// The name used in tables and messages (`anti-diagonal`).
    pub const fn name(self) -> &'static str {
        match self {
            Direction::Rank => "rank",
            Direction::File => "file",
            Direction::Diagonal => "diagonal",
            Direction::AntiDiagonal => "anti-diagonal",
        }
    }

    /// The directions along which `piece` moves (empty for a lame leaper).
    pub fn of(piece: Piece) -> &'static [Direction] {
        match piece {
            Piece::Rook | Piece::Cannon => &[Direction::Rank, Direction::File],
            Piece::Bishop => &[Direction::Diagonal, Direction::AntiDiagonal],
            Piece::Horse | Piece::HorseTo | Piece::Elephant => &[],
        }
    }
}

/// Where a square sits in the line of one direction through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The line's first (lowest-numbered) square.
    pub start: u8,
    /// The line's number of squares.
    pub length: u8,
    /// The square's position on it, 0 at `start`.
    pub position: u8,
}

/// The line of `direction` through `square`: walk back to its first square, then count.
pub fn place(board: Board, direction: Direction, square: u8) -> Place {
    let (df, dr) = direction.step();
    let mut start = square;
    let mut position = 0;
    while let Some(previous) = board.offset(start, -df, -dr) {
        start = previous;
        position += 1;
    }
    let mut length = position + 1;
    let mut last = square;
    while let Some(next) = board.offset(last, df, dr) {
        last = next;
        length += 1;
    }
    Place { start, length, position }
}

/// The longest line of `direction` on `board`.
pub fn longest(board: Board, direction: Direction) -> u8 {
    (0..board.squares()).map(|square| place(board, direction, square).length).max().unwrap_or(1)
}

/// Every position of a line of `length` (1 to 16) as a pattern.
pub fn whole_line(length: u8) -> u16 {
    u16::MAX >> (16 - length)
}

/// The pattern positions whose occupancy can change what position `position` of a line of
/// `length` attacks: the inner positions (neither end) other than its own.
pub fn relevant_positions(length: u8, position: u8) -> u16 {
    (1..length.saturating_sub(1)).filter(|&k| k != position).fold(0, |mask, k| mask | 1 << k)
}

/// What `piece` (a rider or the cannon) on position `position` of a line of `length` attacks
/// along it when the positions in `occupied` are occupied: walking each way, a rider up to and
/// including the first piece, a cannon from beyond the first piece up to and including the next.
pub fn line_attacks(piece: Piece, length: u8, position: u8, occupied: u16) -> u16 {
    let mut attacks = 0u16;
    for forward in [true, false] {
        let mut screened = false;
        let mut k = position;
        loop {
            k = match (forward, k) {
                (true, k) if k + 1 < length => k + 1,
                (false, k) if k > 0 => k - 1,
                _ => break,
            };
            let here = occupied >> k & 1 == 1;
            match piece {
                Piece::Cannon if !screened => screened = here,
                _ => {
                    attacks |= 1 << k;
                    if here {
                        break;
                    }
                }
            }
        }
    }
    attacks
}

/// A pattern's positions as squares of the line of `direction` that starts on square 0.
pub fn spread_pattern(board: Board, direction: Direction, pattern: u16) -> u128 {
    let step = direction.square_step(board);
    (0..16).filter(|k| pattern >> k & 1 == 1).fold(0, |set, k| set | 1u128 << (k * step))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_on_xiangqi() {
        let board = Board::XIANGQI;
        let e4 = board.square(4, 4).unwrap();
        assert_eq!(place(board, Direction::Rank, e4), Place { start: 36, length: 9, position: 4 });
        assert_eq!(place(board, Direction::File, e4), Place { start: 4, length: 10, position: 4 });
        assert_eq!(place(board, Direction::Diagonal, e4), Place { start: 0, length: 9, position: 4 });
        // Up and to the left from i0 (8): h1, g2, ... a8.
        assert_eq!(place(board, Direction::AntiDiagonal, e4), Place { start: 8, length: 9, position: 4 });
        assert_eq!(longest(board, Direction::File), 10);
        assert_eq!(longest(board, Direction::Diagonal), 9);
    }

    #[test]
    fn every_square_is_on_one_line_of_each_direction() {
        for (files, ranks) in [(2, 2), (9, 10), (12, 10), (16, 8), (8, 16), (6, 6)] {
            let board = Board::new(files, ranks).unwrap();
            for direction in Direction::ALL {
                let step = direction.square_step(board);
                for square in 0..board.squares() {
                    let place = place(board, direction, square);
                    assert_eq!(u32::from(place.start) + u32::from(place.position) * step, u32::from(square));
                    // The spread of the whole line is its squares, all on the board.
                    let line = spread_pattern(board, direction, whole_line(place.length)) << place.start;
                    assert_eq!(line & !board.all(), 0);
                    assert_eq!(line.count_ones(), u32::from(place.length));
                }
            }
        }
    }

    #[test]
    fn riders_and_cannons_along_a_line() {
        // Position 3 of 9, pieces on 1 and 5 and 7.
        let occupied = 0b1010_0010;
        assert_eq!(line_attacks(Piece::Rook, 9, 3, occupied), 0b0011_0110);
        // The cannon jumps the screen on 1 to the edge, and the screen on 5 to take on 7.
        assert_eq!(line_attacks(Piece::Cannon, 9, 3, occupied), 0b1100_0001);
        // With no piece beyond the screen, everything to the edge.
        assert_eq!(line_attacks(Piece::Cannon, 9, 3, 0b0010_0010), 0b1_1100_0001);
        assert_eq!(relevant_positions(9, 3), 0b1111_0110);
        assert_eq!(relevant_positions(2, 0), 0);
    }
}
