//! The board geometry every table rests on: relevant-occupancy masks and the slow reference
//! attacks every table is checked against. All `const fn`, so the generator's build script, its
//! tests and an engine's constants evaluate the very same code.
//!
//! See the Chess Programming Wiki, <https://www.chessprogramming.org/Magic_Bitboards>, for the
//! idea: only the squares a ray crosses before its last one can hide anything, so a table needs
//! an entry per subset of those squares, not per occupancy of the board.

use crate::{Slider, Square};

/// The square one step from `square` in direction (`df`, `dr`), if it is on the board.
const fn step(square: Square, df: i8, dr: i8) -> Option<Square> {
    let (file, rank) = (square.file() as i8 + df, square.rank() as i8 + dr);
    if file < 0 || file > 7 || rank < 0 || rank > 7 {
        return None;
    }
    Square::from_file_rank(file as u8, rank as u8)
}

/// The squares from `square` (exclusive) in direction (`df`, `dr`) up to the board's edge, and
/// the last of them (0 if the ray is empty).
const fn ray(square: Square, df: i8, dr: i8) -> (u64, u64) {
    let (mut squares, mut last, mut current) = (0, 0, square);
    while let Some(next) = step(current, df, dr) {
        squares |= next.bit();
        last = next.bit();
        current = next;
    }
    (squares, last)
}

/// Squares that can block `slider` on `square`: every square its rays cross on an empty board,
/// except the last square of each ray. A piece on the board's edge can never hide a square
/// behind it, so edge squares are irrelevant and left out, which shrinks the index by up to four
/// bits.
pub const fn relevant_mask(slider: Slider, square: Square) -> u64 {
    let directions = slider.directions();
    let mut mask = 0;
    let mut i = 0;
    while i < 4 {
        let (squares, last) = ray(square, directions[i].0, directions[i].1);
        mask |= squares & !last;
        i += 1;
    }
    mask
}

/// Attacks of `slider` on `square` given the `occupied` squares, computed by walking each ray
/// until it leaves the board or hits an occupied square (which is included: it may be a
/// capture). Bits outside the rays, and `square` itself, are ignored.
pub const fn slow_attacks(slider: Slider, square: Square, occupied: u64) -> u64 {
    // One step along a ray is a shift of the current square's bit, with the file that a
    // sideways step would wrap into masked off: the generator's build script runs this
    // unoptimized for all 107,648 relevant occupancies, where shifts cost far less than
    // file and rank arithmetic.
    const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
    const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;
    let steps: [(u32, bool, u64); 4] = match slider {
        // (shift, shifts left?, squares a step may land on)
        Slider::Rook => [(1, true, NOT_FILE_A), (1, false, NOT_FILE_H), (8, true, !0), (8, false, !0)],
        Slider::Bishop => {
            [(9, true, NOT_FILE_A), (7, true, NOT_FILE_H), (7, false, NOT_FILE_A), (9, false, NOT_FILE_H)]
        }
    };
    let mut attacks = 0;
    let mut i = 0;
    while i < 4 {
        let (shift, left, allowed) = steps[i];
        let mut bit = square.bit();
        loop {
            bit = if left { bit << shift } else { bit >> shift } & allowed;
            if bit == 0 {
                break;
            }
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
        }
        i += 1;
    }
    attacks
}

/// The number of different attack sets of `slider` on `square` over all occupancies: the
/// product of the ray lengths, since each ray's attack set is fixed by where its first blocker
/// stands, one of as many squares as the ray is long (or none, for a ray of length 0).
pub const fn distinct_attack_sets(slider: Slider, square: Square) -> usize {
    let directions = slider.directions();
    let mut product = 1;
    let mut i = 0;
    while i < 4 {
        let length = ray(square, directions[i].0, directions[i].1).0.count_ones() as usize;
        product *= if length == 0 { 1 } else { length };
        i += 1;
    }
    product
}

/// `ceil(log2(distinct attack sets))`: no index with fewer bits can tell the attack sets of
/// `slider` on `square` apart.
pub const fn lower_bound_bits(slider: Slider, square: Square) -> u32 {
    distinct_attack_sets(slider, square).next_power_of_two().trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn board(squares: &[Square]) -> u64 {
        let mut bits = 0;
        let mut i = 0;
        while i < squares.len() {
            bits |= squares[i].bit();
            i += 1;
        }
        bits
    }

    #[test]
    fn rook_e4() {
        use Square as S;
        let mask = board(&[S::E2, S::E3, S::E5, S::E6, S::E7, S::B4, S::C4, S::D4, S::F4, S::G4]);
        assert_eq!(relevant_mask(Slider::Rook, S::E4), mask);
        let blockers = board(&[S::B4, S::C4, S::E2, S::E5, S::E7]);
        let moves = board(&[S::C4, S::D4, S::F4, S::G4, S::H4, S::E5, S::E3, S::E2]);
        assert_eq!(slow_attacks(Slider::Rook, S::E4, blockers), moves);
    }

    #[test]
    fn rook_a1_mask() {
        use Square as S;
        let mask = board(&[S::A2, S::A3, S::A4, S::A5, S::A6, S::A7, S::B1, S::C1, S::D1, S::E1, S::F1, S::G1]);
        assert_eq!(relevant_mask(Slider::Rook, S::A1), mask);
    }

    #[test]
    fn attacks_ignore_bits_off_the_rays_and_the_square_itself() {
        for slider in Slider::ALL {
            let off_ray = !slow_attacks(slider, Square::D5, 0);
            assert_eq!(slow_attacks(slider, Square::D5, off_ray), slow_attacks(slider, Square::D5, 0));
        }
    }

    #[test]
    fn bishop_mask_and_attacks() {
        use Square as S;
        let mask = board(&[S::C3, S::B2, S::E5, S::F6, S::G7, S::C5, S::B6, S::E3, S::F2]);
        assert_eq!(relevant_mask(Slider::Bishop, S::D4), mask);
        assert_eq!(slow_attacks(Slider::Bishop, S::A1, S::C3.bit()), S::B2.bit() | S::C3.bit());
        assert_eq!(slow_attacks(Slider::Bishop, S::A1, 0).count_ones(), 7);
    }

    #[test]
    fn mask_sizes_total() {
        let (mut rook, mut bishop) = (0, 0);
        for square in Square::ALL {
            rook += relevant_mask(Slider::Rook, square).count_ones();
            bishop += relevant_mask(Slider::Bishop, square).count_ones();
        }
        // 4 corners x 12 + 24 edge squares x 11 + 36 inner squares x 10.
        assert_eq!(rook, 672);
        // 4 centre squares x 9 + 12 x 7 + 4 corners x 6 + 44 x 5.
        assert_eq!(bishop, 364);
    }

    #[test]
    fn attack_set_counts() {
        assert_eq!(distinct_attack_sets(Slider::Rook, Square::A8), 49);
        assert_eq!(distinct_attack_sets(Slider::Rook, Square::D5), 144);
        assert_eq!(distinct_attack_sets(Slider::Bishop, Square::A8), 7);
        assert_eq!(lower_bound_bits(Slider::Bishop, Square::A8), 3);
        assert_eq!(lower_bound_bits(Slider::Rook, Square::A8), 6);
    }
}
