//! Xiangqi's pieces whose moves no occupancy changes: the general (king) and the advisor, held
//! in the palace, and the soldier (pawn), which also moves sideways once across the river.
//! Squares are numbered `file + 9 · rank`, a0 = 0 … i9 = 89, red (the side that moves first,
//! [`Color::White`]) on ranks 0-4. The riders, the cannon and the lame leapers are generated
//! tables (`magic_tables::xiangqi`); these are `const fn`s the runtime turns into statics.

use crate::board::Board;
use crate::pieces::Color;

const BOARD: Board = Board::XIANGQI;

/// The two palaces: files d-f of ranks 0-2 (red's) and 7-9 (black's).
pub const PALACES: u128 = {
    let mut set = 0;
    let mut rank = 0;
    while rank < 10 {
        if rank <= 2 || rank >= 7 {
            let mut file = 3;
            while file <= 5 {
                set |= 1 << (file + 9 * rank);
                file += 1;
            }
        }
        rank += 1;
    }
    set
};

/// The squares one step from `square` by any of `steps` that are on the board.
const fn steps(square: u8, steps: &[(i8, i8)]) -> u128 {
    let mut set = 0;
    let mut i = 0;
    while i < steps.len() {
        if let Some(target) = BOARD.offset(square, steps[i].0, steps[i].1) {
            set |= BOARD.bit(target);
        }
        i += 1;
    }
    set
}

/// The palace squares one orthogonal step from `square` (a general's moves from inside its
/// palace); 0 for a square off the board.
pub const fn king_steps(square: u8) -> u128 {
    if square >= 90 {
        return 0;
    }
    steps(square, &[(1, 0), (-1, 0), (0, 1), (0, -1)]) & PALACES
}

/// The palace squares one diagonal step from `square` (an advisor's moves from inside its
/// palace); 0 for a square off the board.
pub const fn advisor_steps(square: u8) -> u128 {
    if square >= 90 {
        return 0;
    }
    steps(square, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]) & PALACES
}

/// A soldier of `color` on `square`: one step forward (up for red, [`Color::White`]), and one
/// to either side once on the other side of the river (ranks 5-9 for red, 0-4 for black); 0 for
/// a square off the board.
pub const fn pawn_steps(color: Color, square: u8) -> u128 {
    if square >= 90 {
        return 0;
    }
    let (forward, crossed) = match color {
        Color::White => (1, BOARD.rank_of(square) >= 5),
        Color::Black => (-1, BOARD.rank_of(square) <= 4),
    };
    let sideways = if crossed { steps(square, &[(1, 0), (-1, 0)]) } else { 0 };
    steps(square, &[(0, forward)]) | sideways
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palace_pieces() {
        assert_eq!(PALACES.count_ones(), 18);
        // e0 (4): d0, f0, e1. e1 (13): the four around it.
        assert_eq!(king_steps(4), 1 << 3 | 1 << 5 | 1 << 13);
        assert_eq!(king_steps(13).count_ones(), 4);
        // d2 (21): e2 and d1 stay inside; c2 and d3 are outside.
        assert_eq!(king_steps(21), 1 << 22 | 1 << 12);
        assert_eq!(advisor_steps(13), 1 << 3 | 1 << 5 | 1 << 21 | 1 << 23);
        assert_eq!(advisor_steps(3), 1 << 13);
        assert_eq!(king_steps(90) | advisor_steps(200), 0);
    }

    #[test]
    fn soldiers() {
        // Red on e3 (31): e4 only; on e5 (49): e6, d5, f5; on e9 (85): d9, f9.
        assert_eq!(pawn_steps(Color::White, 31), 1 << 40);
        assert_eq!(pawn_steps(Color::White, 49), 1 << 58 | 1 << 48 | 1 << 50);
        assert_eq!(pawn_steps(Color::White, 85), 1 << 84 | 1 << 86);
        // Black on e6 (58): e5; on e4 (40): e3, d4, f4.
        assert_eq!(pawn_steps(Color::Black, 58), 1 << 49);
        assert_eq!(pawn_steps(Color::Black, 40), 1 << 31 | 1 << 39 | 1 << 41);
    }
}
