//! The terms few-term magics are sums of ([`super::few_term_stream`], the candidate stream of
//! the dense tables' recipes).
//!
//! Seen as a linear hash, a magic gives mask bit `b` the weight `(magic << b) as i64 / 2^shift`
//! (in index units): an occupancy's index is about the sum of its blockers' weights, so a
//! square's index range is about the sum of the weights' sizes. A term `c·2^e` of the magic adds
//! `c·2^e << b` to bit `b`'s product, so each term has a *cost*, the sum over the mask of
//! `|(term << b) as i64| / 2^shift`, and the summed cost of a magic's terms bounds its span
//! (the published record magics are sums of 4 to 10 such terms, and the cost of rook g1's
//! terms is 1,535 for a span of 1,536).
//!
//! **Frozen.** The few-term stream's recipes re-derive their magics from these lists; changing
//! anything here changes every such recipe's magics.
//!
//! # Definition
//!
//! For `(slider, square, bits)`, with `shift = 64 - bits`, `R = 2^bits`: for `e` in `0..64`,
//! then `c` in `1, 3, 5, 7`, then the sign (`+`, then `-`): `t = c << e` (skipped if it
//! overflows 64 bits), negated (wrapping) for `-`. Its cost is `C(t) = Σ_{b in mask}
//! |((t << b) as i64)|` (a `u128`; in index units `C(t) / 2^shift`). A term is *major* if
//! `2^shift <= C(t) <= R/2 · 2^shift`, *minor* if `2^shift / 64 <= C(t) < 2^shift`; others are
//! dropped. Each list keeps the order of generation.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;

use magic_tables_core::geometry::relevant_mask;
use magic_tables_core::{Slider, Square};

/// The terms of one (slider, square, index bits, indexing), with their costs: the part of the
/// definition that does not depend on the seed. Built once per square by [`Terms::signed`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Major terms (value, cost). Every kept cost is at most `2^63` (a major's is at most
    /// `R/2 · 2^shift`, a minor's below `2^shift`), so it is held in a `u64`.
    major: Vec<(u64, u64)>,
    /// Minor terms (value, cost).
    minor: Vec<(u64, u64)>,
    /// The budget `2^bits · 2^shift`.
    budget: u128,
    /// The square's relevant mask.
    mask: u64,
    /// Index bits.
    bits: u32,
    /// Whether the magics are black (the few-term stream then rotates them).
    black: bool,
    /// The few-term stream's rotation of black magics, if they rotate.
    rotation: Option<super::few_term_stream::Rotation>,
}

impl Terms {
    /// The terms of (`slider`, `square`) for `bits` index bits, negated ones included, for magics
    /// of either indexing (`black` is recorded for [`Terms::square`]): a white magic with
    /// weights of both signs wraps its negative sums to the top of its range, one block at each
    /// end with a large gap between them that other squares can fill.
    pub fn signed(slider: Slider, square: Square, bits: u32, black: bool) -> Terms {
        assert!((1..=16).contains(&bits), "1 to 16 index bits");
        let mask = relevant_mask(slider, square);
        let shift = 64 - bits;
        let unit = 1u128 << shift;
        let range = 1u128 << bits;
        let (mut major, mut minor) = (Vec::new(), Vec::new());
        for e in 0..64 {
            for c in [1u64, 3, 5, 7] {
                let value = c << e;
                if value >> e != c {
                    continue;
                }
                for negative in [false, true] {
                    let term = if negative { value.wrapping_neg() } else { value };
                    let cost = cost(term, mask);
                    if cost >= unit && cost <= range / 2 * unit {
                        major.push((term, u64::try_from(cost).expect("at most 2^63")));
                    } else if cost >= unit / 64 && cost < unit {
                        minor.push((term, u64::try_from(cost).expect("below 2^63")));
                    }
                }
            }
        }
        let rotation = if black { super::few_term_stream::Rotation::new(mask, bits) } else { None };
        Terms { major, minor, budget: range * unit, mask, bits, black, rotation }
    }

    /// The sum (wrapping) of the major terms the words `major` pick and the minor terms the
    /// words `minor` pick (word `w` picks the term at `(w · len) >> 32` of its list), each added
    /// only if its cost fits in what is left of `budget`, which it then uses. An empty list adds
    /// nothing. (Every draw's budget is below 2^64, and so is every kept cost: `u64` throughout.)
    #[inline]
    pub fn sum(&self, major: &[u32], minor: &[u32], budget: u64) -> u64 {
        let mut magic = 0u64;
        let mut left = budget;
        for (list, words) in [(&self.major, major), (&self.minor, minor)] {
            if list.is_empty() {
                continue;
            }
            for &word in words {
                let at = ((u64::from(word) * list.len() as u64) >> 32) as usize;
                let (term, cost) = list[at];
                // Whether the term fits is a coin toss a branch would mispredict half the time:
                // the subtraction's borrow becomes a mask (all ones when the term does not fit)
                // that selects both sums without a branch, so the chain from one term's budget
                // to the next is a subtraction and a few bit operations. (Plain `if`s compile
                // to a branch here, and a loop over all ten words with the ones past the count
                // skipped was measured 19 % slower. `std::hint::select_unpredictable` says the
                // same but needs Rust 1.88, above this crate's rust-version.)
                let (after, over) = left.overflowing_sub(cost);
                let skip = u64::from(over).wrapping_neg();
                left = (left & skip) | (after & !skip);
                magic = magic.wrapping_add(term & !skip);
            }
        }
        magic
    }

    /// The square's relevant mask, its index bits, and whether the magics are black.
    pub fn square(&self) -> (u64, u32, bool) {
        (self.mask, self.bits, self.black)
    }

    /// The rotation the few-term stream applies to its black magics (`None`: white magics, or
    /// black ones that cannot rotate).
    pub fn rotation(&self) -> Option<&super::few_term_stream::Rotation> {
        self.rotation.as_ref()
    }

    /// The budget `2^bits · 2^shift`: the index range in the units of [`cost`].
    pub fn budget(&self) -> u128 {
        self.budget
    }

    /// Major and minor terms, for statistics.
    pub fn counts(&self) -> (usize, usize) {
        (self.major.len(), self.minor.len())
    }
}

/// The classic sparse random magic of the words 1 to 6: `s = u(1,2) & u(3,4) & u(5,6)` with
/// `u(i, j) = w[i] | w[j] << 32`, or `!s` if bit 11 of `w[0]` is set.
pub fn classic(words: &[u32; 16]) -> u64 {
    let u = |i: usize, j: usize| u64::from(words[i]) | u64::from(words[j]) << 32;
    let sparse = u(1, 2) & u(3, 4) & u(5, 6);
    if (words[0] >> 11) & 1 == 1 { !sparse } else { sparse }
}

/// `Σ_{b in mask} |((term << b) as i64)|`.
pub fn cost(term: u64, mask: u64) -> u128 {
    let mut sum = 0u128;
    let mut rest = mask;
    while rest != 0 {
        let b = rest.trailing_zeros();
        rest &= rest - 1;
        sum += u128::from(((term << b) as i64).unsigned_abs());
    }
    sum
}

/// The next sixteen words of `rng`: `next_u32` sixteen times, read as one 64-byte copy (the
/// generator hands out its words as little-endian bytes, in the same order).
#[inline]
pub(super) fn read_words(rng: &mut ChaCha8Rng) -> [u32; 16] {
    let mut bytes = [0u8; 64];
    rng.fill_bytes(&mut bytes);
    std::array::from_fn(|i| u32::from_le_bytes([bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]]))
}

/// Walks the candidates `k, k + 1, …` of one (seed, slider, square) without re-seeding: yields
/// `(k, magic)`, the magic that a draw function makes of sixteen stream words
/// ([`super::few_term_stream::few_term_candidates`]).
#[derive(Clone, Debug)]
pub struct TermCandidates<'a> {
    rng: ChaCha8Rng,
    terms: &'a Terms,
    next: u64,
    draw: fn(&Terms, &[u32; 16]) -> u64,
}

impl<'a> TermCandidates<'a> {
    /// The candidates `draw` makes of the words of `rng`, positioned at candidate `k`.
    pub(super) fn drawing(rng: ChaCha8Rng, terms: &'a Terms, k: u64, draw: fn(&Terms, &[u32; 16]) -> u64) -> Self {
        TermCandidates { rng, terms, next: k, draw }
    }

    /// The position of the candidate the next call yields.
    pub fn position(&self) -> u64 {
        self.next
    }
}

impl Iterator for TermCandidates<'_> {
    type Item = (u64, u64);

    #[inline]
    fn next(&mut self) -> Option<(u64, u64)> {
        let k = self.next;
        self.next += 1;
        Some((k, (self.draw)(self.terms, &read_words(&mut self.rng))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::few_term_stream::few_term_candidates;

    /// The cost of a term is the sum of the weights it gives the mask bits: a magic `2^e` gives
    /// bit `b` the weight `2^(e + b)` (before the shift).
    #[test]
    fn costs_add_up_to_the_span() {
        let g1 = Square::ALL[6];
        let mask = relevant_mask(Slider::Rook, g1);
        let one = cost(1 << 40, mask);
        let expected: u128 = (0..64).filter(|b| mask >> b & 1 == 1 && 40 + b < 64).map(|b| 1u128 << (40 + b)).sum();
        assert_eq!(one, expected);
    }

    /// The sum in `u64` with its branch-free choice is the definition's sum: the terms picked
    /// in order, each kept while the running total of kept costs stays within the budget
    /// (counted here in `u128`, with the costs computed again from the terms).
    #[test]
    fn sums_follow_the_definition() {
        let mut state = 11u64;
        for (slider, square, bits) in [(Slider::Rook, 0, 12), (Slider::Bishop, 27, 9), (Slider::Rook, 54, 10)] {
            let terms = Terms::signed(slider, Square::ALL[square], bits, true);
            let mask = relevant_mask(slider, Square::ALL[square]);
            for _ in 0..2000 {
                let words: [u32; 16] = std::array::from_fn(|_| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    (state >> 32) as u32
                });
                let budget = terms.budget() * u128::from(words[0] % 128) / 128;
                let picks = |list: &[(u64, u64)], chosen: &[u32]| -> Vec<u64> {
                    chosen.iter().map(|&w| list[((u64::from(w) * list.len() as u64) >> 32) as usize].0).collect()
                };
                let (mut total, mut spent) = (0u64, 0u128);
                for term in picks(&terms.major, &words[1..11]).into_iter().chain(picks(&terms.minor, &words[11..14])) {
                    if spent + cost(term, mask) <= budget {
                        spent += cost(term, mask);
                        total = total.wrapping_add(term);
                    }
                }
                assert_eq!(terms.sum(&words[1..11], &words[11..14], budget as u64), total);
            }
        }
    }

    #[test]
    fn terms_are_within_budget_and_candidates_use_them() {
        for (slider, square, bits) in [(Slider::Rook, 0, 12), (Slider::Bishop, 27, 9), (Slider::Rook, 54, 9)] {
            let square = Square::ALL[square];
            let terms = Terms::signed(slider, square, bits, false);
            let (major, minor) = terms.counts();
            assert!(major > 20 && minor > 0, "{slider} {square}: {major} {minor}");
            let mask = relevant_mask(slider, square);
            for (_, magic) in few_term_candidates(1, slider, square, &terms, 0).take(200) {
                // The sum's cost is at most the summed costs: the range bound holds (but for the
                // classic draws).
                let classic = magic.count_ones() < 20 || magic.count_ones() > 44;
                assert!(classic || cost(magic, mask) <= (1u128 << bits) << (64 - bits), "{magic:#x}");
            }
        }
    }
}
