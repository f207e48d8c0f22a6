//! The seekable candidate stream of few-term magics with varied budgets: the family of the
//! dense (black, fixed-shift) tables' recipes.
//!
//! It draws sums of the terms of [`super::terms`] (a term `±c·2^e` costs the sum of
//! the index weights it gives the mask bits; a magic's summed cost bounds its index range), but
//! each candidate gets its own budget, between a quarter and all of the index range, and up to
//! ten major terms. The published record magics have index ranges of a sixth to nine tenths
//! of the range, made of 4 to 10 such terms, with few and large holes that other squares fill;
//! a budget of the whole range (the compact stream's) draws mostly ranges of three quarters
//! or more, which nest in nothing.
//!
//! **Frozen.** Recipes store only the master seed, a candidate's position `k`, and an offset;
//! the build re-derives the multiplier with [`few_term_candidate`]. Changing anything here
//! changes every such recipe's magics.
//!
//! # Definition
//!
//! For `(seed, indexing, slider, square, bits, k)`:
//!
//! 1. The square's terms are [`Terms::signed`]`(slider, square, bits, black)` (negated terms
//!    included for both indexings), with its budget `B` (the index range `2^bits` in cost
//!    units).
//! 2. `rng = ChaCha8Rng::seed_from_u64(seed)`, stream `768 + slider_ordinal * 64 +
//!    square_index` ([`StreamSet::FewTerm`]), `rng.set_word_pos(k * 16)`; read sixteen 32-bit
//!    words `w[0..16]`.
//! 3. If `(w[0] >> 8) & 7 == 7` (one draw in eight), the candidate is [`classic`]`(w)`, the
//!    classic sparse random magic (or its complement).
//! 4. Otherwise `majors = 3 + w[0] % 8` (3 to 10), `minors = (w[0] >> 3) % 4` (0 to 3), `q =
//!    (w[0] >> 12) % 128`, and the budget is `B · (32 + q · 3 / 4) / 128` (integer division:
//!    a quarter of the range up to just below all of it). The candidate is
//!    [`Terms::sum`]`(w[1..1 + majors], w[11..11 + minors], budget)`, then, for black
//!    magics, [`rotated`] so that its index range does not wrap around.
//!
//! # Why the rotation
//!
//! A black key is `(occ | !mask) · m = C + Σ_{b in occ} s_b (mod 2^64)` with `C = !mask · m`
//! and `s_b = (m << b) as i64`, so over all occupancies the keys fill the integer interval from
//! `lo = C + Σ_{s_b < 0} s_b` to `lo + cost(m)` exactly (both ends are occupancies). `C` is
//! as good as random, so a sum of small terms whose cost is half the range wraps past the top
//! of the index space about half the time, and its span is then nearly the whole range. Adding
//! `H · 2^(shift + j)` to the magic adds `H · 2^(shift + j) · (!mask mod 2^(bits - j))` to every
//! key when no mask bit lies below `bits - j` (`!mask` is odd: no mask holds a1): it rotates all
//! indices by the same multiple of `2^j` slots and changes no collision. The rotation brings
//! `lo` into the first `2^j` slots.

use rand_chacha::ChaCha8Rng;

use magic_tables_core::{Slider, Square};

use super::stream::{StreamSet, square_rng_at};
use super::terms::{TermCandidates, Terms, classic, read_words};

/// 32-bit ChaCha words consumed by one candidate.
pub const WORDS_PER_CANDIDATE: u64 = 16;

/// The candidate of sixteen stream words (step 3 and 4 of the definition).
pub fn draw(terms: &Terms, words: &[u32; 16]) -> u64 {
    if (words[0] >> 8) & 7 == 7 {
        return classic(words);
    }
    let majors = 3 + (words[0] % 8) as usize;
    let minors = ((words[0] >> 3) % 4) as usize;
    let q = u128::from((words[0] >> 12) % 128);
    // At most 127/128 of 2^64.
    let budget = u64::try_from(terms.budget() * (32 + q * 3 / 4) / 128).expect("below 2^64");
    let magic = terms.sum(&words[1..1 + majors], &words[11..11 + minors], budget);
    match terms.rotation() {
        Some(rotation) => rotation.rotated(magic),
        None => magic,
    }
}

/// [`rotated`] and [`rotated_down`] for one square, with what does not depend on the magic
/// worked out once ([`Rotation::new`]): the stream's draws then pay no Newton steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rotation {
    mask: u64,
    /// `64 - bits + j`: where a step of `2^j` slots starts in the magic.
    step_shift: u32,
    /// `2^(bits - j) - 1`: steps modulo a turn.
    modulus_mask: u64,
    /// `!mask`'s inverse modulo 2^64.
    inverse: u64,
}

impl Rotation {
    /// The rotation of black magics of `mask` with `bits` index bits: `None` if they cannot
    /// rotate ([`rotation_bits`] `>= bits`, where [`rotated`] leaves a magic as it is).
    pub fn new(mask: u64, bits: u32) -> Option<Rotation> {
        let j = rotation_bits(mask, bits);
        if j >= bits {
            return None;
        }
        let c = !mask;
        let mut inverse = c; // Newton's iteration doubles the correct low bits of c^-1 each time.
        for _ in 0..6 {
            inverse = inverse.wrapping_mul(2u64.wrapping_sub(c.wrapping_mul(inverse)));
        }
        Some(Rotation { mask, step_shift: 64 - bits + j, modulus_mask: (1u64 << (bits - j)) - 1, inverse })
    }

    /// [`rotated`] of `magic`: down by the steps its lowest key lies above the first `2^j`
    /// slots, modulo the `2^(bits - j)` steps of a turn.
    #[inline]
    pub fn rotated(&self, magic: u64) -> u64 {
        self.down(magic, lowest_key(magic, self.mask) >> self.step_shift)
    }

    /// [`rotated_down`] of `magic` by `steps`.
    #[inline]
    pub fn down(&self, magic: u64, steps: u64) -> u64 {
        // Every key moves by H · c steps, c = !mask mod 2^(bits - j) (odd); want -steps.
        let h = steps.wrapping_neg().wrapping_mul(self.inverse) & self.modulus_mask;
        magic.wrapping_add(h << self.step_shift)
    }
}

/// The lowest key `lo` of the black magic `magic` of `mask` ([`rotated`]).
#[inline]
fn lowest_key(magic: u64, mask: u64) -> u64 {
    // `lo = (constant + Σ negative products) mod 2^64`, the products `(magic << b) as i64` of
    // the mask bits `b` that are negative. Modulo 2^64 a negative `i64` is its bits as a `u64`,
    // so the sum wraps in `u64` (one pass over the mask's set bits, no `i128`).
    let mut lo = (!mask).wrapping_mul(magic);
    let mut rest = mask;
    while rest != 0 {
        let product = magic << rest.trailing_zeros();
        rest &= rest - 1;
        // The sign is a coin toss: all ones for a negative product, else zero, and no branch.
        lo = lo.wrapping_add(product & ((product as i64) >> 63) as u64);
    }
    lo
}

/// The black magic `magic` of `mask` with `bits` index bits, plus the multiple of
/// `2^(64 - bits + j)` that brings the lowest key `lo` (module docs) into the first `2^j` index
/// slots, `j` the fewest bits such that no mask bit lies below `bits - j`. The two magics index
/// every occupancy alike up to a rotation of `2^j`-slot steps.
pub fn rotated(magic: u64, mask: u64, bits: u32) -> u64 {
    Rotation::new(mask, bits).map_or(magic, |rotation| rotation.rotated(magic))
}

/// `j` of [`rotated`]: a black magic of `mask` with `bits` index bits can move all its indices
/// together by multiples of `2^j` slots; `j >= bits` means not at all.
pub fn rotation_bits(mask: u64, bits: u32) -> u32 {
    bits.saturating_sub(mask.trailing_zeros())
}

/// The black magic `magic` of `mask` with `bits` index bits plus the multiple of
/// `2^(64 - bits + j)` ([`rotation_bits`], `j < bits`) that moves every index down by `steps`
/// steps of `2^j` slots, modulo the index range.
pub fn rotated_down(magic: u64, mask: u64, bits: u32, steps: u64) -> u64 {
    Rotation::new(mask, bits).expect("a magic that cannot rotate").down(magic, steps)
}

/// The stream of (`seed`, `slider`, `square`) at candidate `k`.
fn positioned(seed: u64, slider: Slider, square: Square, k: u64) -> ChaCha8Rng {
    square_rng_at(seed, StreamSet::FewTerm, slider, square, WORDS_PER_CANDIDATE, k)
}

/// Candidate number `k` (0-based) of (`seed`, `slider`, `square`) among `terms` ([`Terms::signed`]
/// of the square, its index bits and indexing), in O(1).
pub fn few_term_candidate(seed: u64, slider: Slider, square: Square, terms: &Terms, k: u64) -> u64 {
    draw(terms, &read_words(&mut positioned(seed, slider, square, k)))
}

/// The candidates `k, k + 1, …` of one (seed, slider, square), as `(position, magic)`.
pub fn few_term_candidates(seed: u64, slider: Slider, square: Square, terms: &Terms, k: u64) -> TermCandidates<'_> {
    TermCandidates::drawing(positioned(seed, slider, square, k), terms, k, draw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::terms::cost;
    use magic_tables_core::geometry::relevant_mask;

    /// The rotation moves every black index by the same amount, and the lowest to the first
    /// `2^j` slots: no candidate's index range wraps around.
    #[test]
    fn rotation_keeps_collisions_and_unwraps_the_range() {
        use crate::geometry::subsets;
        for (slider, index, bits) in
            [(Slider::Rook, 27, 12u32), (Slider::Rook, 63, 12), (Slider::Rook, 12, 12), (Slider::Bishop, 9, 9)]
        {
            let square = Square::ALL[index];
            let mask = relevant_mask(slider, square);
            let shift = 64 - bits;
            let j = bits.saturating_sub(mask.trailing_zeros());
            let terms = Terms::signed(slider, square, bits, true);
            let mut unwrapped = 0;
            for k in 0..200u64 {
                let words = read_words(&mut positioned(5, slider, square, k));
                if (words[0] >> 8) & 7 == 7 {
                    continue;
                }
                let majors = 3 + (words[0] % 8) as usize;
                let raw = terms.sum(&words[1..1 + majors], &[], (terms.budget() / 2) as u64);
                let turned = rotated(raw, mask, bits);
                let index = |m: u64, occ: u64| ((occ | !mask).wrapping_mul(m) >> shift) as i64;
                let occupancies = subsets(mask);
                let delta = index(turned, 0) - index(raw, 0);
                let turn = 1i64 << bits;
                for occ in occupancies.clone() {
                    assert_eq!((index(turned, occ) - index(raw, occ)).rem_euclid(turn), delta.rem_euclid(turn));
                    assert_eq!(delta.rem_euclid(1 << j), 0);
                }
                let low = occupancies.clone().map(|occ| index(turned, occ)).min().unwrap();
                let high = occupancies.map(|occ| index(turned, occ)).max().unwrap();
                assert!(low < 1 << j, "{slider} {square}: {low}");
                if cost(raw, mask) < terms.budget() / 2 + 1 && high - low <= turn / 2 + (1 << j) {
                    unwrapped += 1;
                }
            }
            assert!(unwrapped > 150, "{slider} {square}: {unwrapped}");
        }
    }

    /// The rotation's lowest key, computed in wrapping `u64`, is the defining sum in `i128`
    /// taken modulo 2^64, for every square's mask and magics of every density.
    #[test]
    fn the_lowest_key_wraps_as_the_defining_sum() {
        let defined = |magic: u64, mask: u64| -> u64 {
            let negative: i128 = (0..64)
                .filter(|b| mask >> b & 1 == 1)
                .map(|b| i128::from((magic << b) as i64))
                .filter(|&s| s < 0)
                .sum();
            (i128::from((!mask).wrapping_mul(magic)) + negative).rem_euclid(1 << 64) as u64
        };
        let mut state = 3u64;
        for slider in [Slider::Rook, Slider::Bishop] {
            for square in Square::ALL {
                let mask = relevant_mask(slider, square);
                let bits = mask.count_ones();
                for _ in 0..64 {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let magic = state ^ (state >> 29).rotate_left(state as u32 % 64);
                    let j = rotation_bits(mask, bits);
                    if j < bits {
                        let lo = defined(magic, mask);
                        let expected = rotated_down(magic, mask, bits, lo >> (64 - bits + j));
                        assert_eq!(rotated(magic, mask, bits), expected, "{slider} {square} {magic:#x}");
                        let rotation = Rotation::new(mask, bits).expect("it rotates");
                        assert_eq!(rotation.rotated(magic), expected, "{slider} {square} {magic:#x}");
                    } else {
                        assert_eq!(Rotation::new(mask, bits), None);
                    }
                }
            }
        }
    }

    #[test]
    fn iterator_matches_random_access() {
        let square = Square::ALL[27];
        let terms = Terms::signed(Slider::Rook, square, 12, true);
        let walked: Vec<_> = few_term_candidates(7, Slider::Rook, square, &terms, 1_000).take(40).collect();
        for (k, magic) in walked {
            assert_eq!(magic, few_term_candidate(7, Slider::Rook, square, &terms, k));
        }
    }

    /// Budgets vary: the summed costs of the few-term draws spread from under a third of the
    /// range to over half of it, and never exceed it.
    #[test]
    fn budgets_spread_over_a_quarter_to_all_of_the_range() {
        let square = Square::ALL[27];
        let mask = relevant_mask(Slider::Rook, square);
        let terms = Terms::signed(Slider::Rook, square, 12, true);
        // The rotation adds a term that overflows on every mask bit: it costs nothing.
        let mut costs: Vec<u128> = (0..4000)
            .map(|k| read_words(&mut positioned(3, Slider::Rook, square, k)))
            .filter(|words| (words[0] >> 8) & 7 != 7)
            .map(|words| cost(draw(&terms, &words), mask))
            .collect();
        costs.sort_unstable();
        let range = terms.budget();
        assert!(costs.len() > 3000);
        assert!(costs[costs.len() / 10] < range / 3, "{}", costs[costs.len() / 10] * 100 / range);
        assert!(*costs.last().unwrap() <= range);
        assert!(costs[costs.len() * 9 / 10] > range / 2, "{}", costs[costs.len() * 9 / 10] * 100 / range);
    }

    /// The stream is frozen: shipped recipes point into it by position.
    #[test]
    fn frozen_values() {
        let mut got = Vec::new();
        for (slider, index, bits, black) in
            [(Slider::Rook, 6, 12, true), (Slider::Rook, 27, 12, false), (Slider::Bishop, 9, 9, true)]
        {
            let terms = Terms::signed(slider, Square::ALL[index], bits, black);
            got.extend(few_term_candidates(1, slider, Square::ALL[index], &terms, 0).take(3).map(|c| c.1));
        }
        assert_eq!(
            got,
            [
                9_223_371_023_247_742_848,
                9_191_840_449_409_843_200,
                9_223_364_512_877_379_584,
                2_814_749_817_438_248,
                18_446_700_092_841_787_379,
                1_152,
                865_289_400_219_603_464,
                10_484_378_835_718_537_469,
                18_441_845_715_043_876_863,
            ]
        );
    }
}
