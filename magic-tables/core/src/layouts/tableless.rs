//! `tableless`: attack sets computed from the square and the occupancy alone, with no table at
//! all: each of the slider's lines through the square (rank and file, or the two diagonals) by
//! the *obstruction difference* (<https://www.chessprogramming.org/Obstruction_Difference>).
//!
//! On one line, the blockers below the square and those above it are found apart: the nearest
//! blocker above is the lowest set bit of the blockers above (`upper & -upper`), the nearest
//! below the highest set bit of those below. `2 * nearest_above - nearest_below` (wrapping)
//! sets exactly the bits from the nearest blocker below to the nearest blocker above, both
//! included, so ANDed with the line it is the attack set along that line. Without a blocker
//! above, the difference runs to the top of the board; without one below, from bit 0.
//!
//! The lines themselves are shifts of four constants, so a lookup reads no memory: a few dozen
//! integer operations, all of them `const`.

use crate::Square;

/// The a-file.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The first rank.
const RANK_1: u64 = 0xFF;
/// The a1-h8 diagonal.
const DIAGONAL: u64 = 0x8040_2010_0804_0201;
/// The h1-a8 anti-diagonal.
const ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080;

/// The squares of `line` (a whole line through `square`, `square` included) that a slider on
/// `square` attacks when `occupied` holds the occupied squares.
#[inline(always)]
pub const fn line_attacks(square: Square, occupied: u64, line: u64) -> u64 {
    let bit = 1u64 << square.index();
    let line = line & !bit;
    let blockers = line & occupied;
    let lower = blockers & (bit - 1);
    let upper = blockers & !(bit - 1);
    // The highest blocker below, as its negation `-(1 << msb)`; bit 0 when there is none,
    // which makes the difference start at the board's first square.
    let below = !0u64 << (63 - (lower | 1).leading_zeros());
    let above = upper & upper.wrapping_neg();
    line & above.wrapping_mul(2).wrapping_add(below)
}

/// The rank through `square`.
#[inline(always)]
pub const fn rank(square: Square) -> u64 {
    RANK_1 << (square.index() & 56)
}

/// The file through `square`.
#[inline(always)]
pub const fn file(square: Square) -> u64 {
    FILE_A << (square.index() & 7)
}

/// `line` moved up `ranks` ranks (down for a negative count), without a branch: one of the two
/// shifts is by 0.
#[inline(always)]
const fn shifted(line: u64, ranks: i32) -> u64 {
    let up = if ranks > 0 { ranks } else { 0 };
    let down = if ranks < 0 { -ranks } else { 0 };
    (line << (8 * up)) >> (8 * down)
}

/// The diagonal (a1-h8 direction) through `square`.
#[inline(always)]
pub const fn diagonal(square: Square) -> u64 {
    let (file, rank) = ((square.index() & 7) as i32, (square.index() >> 3) as i32);
    shifted(DIAGONAL, rank - file)
}

/// The anti-diagonal (h1-a8 direction) through `square`.
#[inline(always)]
pub const fn anti_diagonal(square: Square) -> u64 {
    let (file, rank) = ((square.index() & 7) as i32, (square.index() >> 3) as i32);
    shifted(ANTI_DIAGONAL, file + rank - 7)
}

/// Squares a rook on `square` attacks.
#[inline]
pub const fn rook_attacks(square: Square, occupied: u64) -> u64 {
    line_attacks(square, occupied, rank(square)) | line_attacks(square, occupied, file(square))
}

/// Squares a bishop on `square` attacks.
#[inline]
pub const fn bishop_attacks(square: Square, occupied: u64) -> u64 {
    line_attacks(square, occupied, diagonal(square)) | line_attacks(square, occupied, anti_diagonal(square))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_the_board_lines() {
        let sq = |i: u8| Square::ALL[i as usize];
        assert_eq!(rank(sq(0)), 0xFF);
        assert_eq!(file(sq(63)), 0x8080_8080_8080_8080);
        assert_eq!(diagonal(sq(1)), 0x0080_4020_1008_0402);
        assert_eq!(anti_diagonal(sq(6)), 0x0001_0204_0810_2040);
        for square in Square::ALL {
            let bit = 1u64 << square.index();
            for line in [rank(square), file(square), diagonal(square), anti_diagonal(square)] {
                assert!(line & bit != 0);
            }
        }
    }

    #[test]
    fn attacks_are_the_ray_walk() {
        use crate::Slider;
        use crate::geometry::slow_attacks;
        let mut occupied = 0x9E37_79B9_7F4A_7C15u64;
        for square in Square::ALL {
            for _ in 0..200 {
                occupied = occupied.rotate_left(13).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x1234_5678;
                let sparse = occupied & occupied.rotate_left(17);
                for occ in [0, u64::MAX, occupied, sparse] {
                    assert_eq!(
                        rook_attacks(square, occ),
                        slow_attacks(Slider::Rook, square, occ),
                        "rook {square} {occ:#x}"
                    );
                    assert_eq!(
                        bishop_attacks(square, occ),
                        slow_attacks(Slider::Bishop, square, occ),
                        "bishop {square} {occ:#x}"
                    );
                }
            }
        }
    }

    /// Usable in a constant.
    #[test]
    fn lookups_are_const() {
        const E4: u64 = rook_attacks(Square::ALL[28], 0);
        assert_eq!(E4, (0xFF << 24 | 0x1010_1010_1010_1010) & !(1 << 28));
    }
}
