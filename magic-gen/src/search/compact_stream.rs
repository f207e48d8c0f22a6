//! The seekable candidate stream of compact few-term magics, for the dense (black,
//! fixed-shift) and per-square-shift tables.
//!
//! Seen as a linear hash, a magic gives mask bit `b` the weight `(magic << b) as i64 / 2^shift`
//! (in index units): an occupancy's index is about the sum of its blockers' weights, so a
//! square's index range is about the sum of the weights' sizes. A term `c·2^e` of the magic adds
//! `c·2^e << b` to bit `b`'s product, so each term has a *cost*, the sum over the mask of
//! `|(term << b) as i64| / 2^shift`, and the summed cost of a magic's terms predicts its span
//! (the published record magics are sums of 4 to 10 such terms, and the cost of rook g1's
//! terms is 1,535 for a span of 1,536). This family draws magics as sums of a few terms whose
//! summed cost stays under the index range: compact by construction, with few and large holes.
//!
//! **Frozen.** Recipes store only the master seed, a candidate's position `k`, its index bits
//! and an offset; the build re-derives the multiplier with [`compact_candidate`]. Changing
//! anything here changes every such recipe's magics.
//!
//! # Definition
//!
//! For `(seed, indexing, slider, square, bits, k)`, with `shift = 64 - bits`, `R = 2^bits`:
//!
//! 1. The square's **terms**: for `e` in `0..64`, then `c` in `1, 3, 5, 7`, then the sign (`+`,
//!    then `-` for black magics only): `t = c << e` (skipped if it overflows 64 bits), negated
//!    (wrapping) for `-`. Its cost is `C(t) = Σ_{b in mask} |((t << b) as i64)|` (a `u128`; in
//!    index units `C(t) / 2^shift`). A term is *major* if `2^shift <= C(t) <= R/2 · 2^shift`,
//!    *minor* if `2^shift / 64 <= C(t) < 2^shift`; others are dropped. Each list keeps the
//!    order of generation.
//! 2. `rng = ChaCha8Rng::seed_from_u64(seed)`, stream `512 + slider_ordinal * 64 +
//!    square_index` ([`StreamSet::Compact`]), `rng.set_word_pos(k * 16)`; read sixteen 32-bit
//!    words `w[0..16]`.
//! 3. If `(w[0] >> 8) & 7 == 7` (one draw in eight), the candidate is the classic sparse random
//!    magic `s = u(1,2) & u(3,4) & u(5,6)` with `u(i, j) = w[i] | w[j] << 32`, or `!s` if bit 11
//!    of `w[0]` is set: the squares whose index must be nearly perfect (rooks on the first and
//!    last ranks, bishops in the centre) have few valid sums of small terms.
//! 4. Otherwise `majors = 3 + w[0] % 5`, `minors = (w[0] >> 4) % 4`. The magic starts at 0 with a budget
//!    `B = R · 2^shift`. For `i` in `0..majors`: the term at `(w[1 + i] as u64 * len) >> 32`
//!    of the major list is added (wrapping) if its cost fits in what is left of `B`, which it
//!    then uses. Likewise for `i` in `0..minors` with `w[8 + i]` and the minor list. An empty
//!    list adds nothing.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;

use magic_tables_core::geometry::relevant_mask;
use magic_tables_core::{Slider, Square};

use super::stream::{StreamSet, square_rng_at};

/// 32-bit ChaCha words consumed by one candidate.
pub const WORDS_PER_CANDIDATE: u64 = 16;

/// The terms of one (slider, square, index bits, indexing), with their costs: the part of the
/// definition that does not depend on the seed. Built once per square by [`Terms::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Major terms (value, cost).
    major: Vec<(u64, u128)>,
    /// Minor terms (value, cost).
    minor: Vec<(u64, u128)>,
    /// The budget `2^bits · 2^shift`.
    budget: u128,
    /// The square's relevant mask.
    mask: u64,
    /// Index bits.
    bits: u32,
    /// Whether the magics are black (negated terms included).
    black: bool,
}

impl Terms {
    /// The terms of (`slider`, `square`) for `bits` index bits; `black` adds the negated terms
    /// (white magics need weights of one sign: their empty board maps to index 0).
    pub fn new(slider: Slider, square: Square, bits: u32, black: bool) -> Terms {
        Terms::build(slider, square, bits, black, black)
    }

    /// The terms of (`slider`, `square`) for `bits` index bits, negated ones included, for magics
    /// of either indexing (`black` is recorded for [`Terms::square`]): a white magic with
    /// weights of both signs wraps its negative sums to the top of its range, one block at each
    /// end with a large gap between them that other squares can fill.
    pub fn signed(slider: Slider, square: Square, bits: u32, black: bool) -> Terms {
        Terms::build(slider, square, bits, true, black)
    }

    fn build(slider: Slider, square: Square, bits: u32, negated: bool, black: bool) -> Terms {
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
                    if negative && !negated {
                        continue;
                    }
                    let term = if negative { value.wrapping_neg() } else { value };
                    let cost = cost(term, mask);
                    if cost >= unit && cost <= range / 2 * unit {
                        major.push((term, cost));
                    } else if cost >= unit / 64 && cost < unit {
                        minor.push((term, cost));
                    }
                }
            }
        }
        Terms { major, minor, budget: range * unit, mask, bits, black }
    }

    /// The candidate of sixteen stream words.
    pub fn candidate(&self, words: &[u32; 16]) -> u64 {
        if (words[0] >> 8) & 7 == 7 {
            // The squares whose index must be nearly perfect (rooks on the edge ranks, bishops in
            // the centre) get few valid sums of small terms; one draw in eight is a classic
            // random magic for them.
            return classic(words);
        }
        let majors = 3 + words[0] % 5;
        let minors = (words[0] >> 4) % 4;
        self.sum(&words[1..1 + majors as usize], &words[8..8 + minors as usize], self.budget)
    }

    /// The sum (wrapping) of the major terms the words `major` pick and the minor terms the
    /// words `minor` pick (word `w` picks the term at `(w · len) >> 32` of its list), each added
    /// only if its cost fits in what is left of `budget`, which it then uses. An empty list adds
    /// nothing.
    pub fn sum(&self, major: &[u32], minor: &[u32], budget: u128) -> u64 {
        let mut magic = 0u64;
        let mut left = budget;
        for (list, words) in [(&self.major, major), (&self.minor, minor)] {
            if list.is_empty() {
                continue;
            }
            for &word in words {
                let at = ((u64::from(word) * list.len() as u64) >> 32) as usize;
                let (term, cost) = list[at];
                if cost <= left {
                    left -= cost;
                    magic = magic.wrapping_add(term);
                }
            }
        }
        magic
    }

    /// The square's relevant mask, its index bits, and whether the magics are black.
    pub fn square(&self) -> (u64, u32, bool) {
        (self.mask, self.bits, self.black)
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

/// The stream of (`seed`, `slider`, `square`) at candidate `k`.
fn positioned(seed: u64, slider: Slider, square: Square, k: u64) -> ChaCha8Rng {
    square_rng_at(seed, StreamSet::Compact, slider, square, WORDS_PER_CANDIDATE, k)
}

pub(super) fn read_words(rng: &mut ChaCha8Rng) -> [u32; 16] {
    let mut words = [0u32; 16];
    for word in &mut words {
        *word = rng.next_u32();
    }
    words
}

/// Candidate number `k` (0-based) of (`seed`, `slider`, `square`) among the terms `terms`
/// ([`Terms::new`] of the square, its index bits and indexing), in O(1).
pub fn compact_candidate(seed: u64, slider: Slider, square: Square, terms: &Terms, k: u64) -> u64 {
    terms.candidate(&read_words(&mut positioned(seed, slider, square, k)))
}

/// Walks the candidates `k, k + 1, …` of one (seed, slider, square) without re-seeding: yields
/// `(k, compact_candidate(seed, slider, square, terms, k))` (or the candidates of another
/// family drawn from sixteen words each, [`super::few_term_stream`]).
#[derive(Clone, Debug)]
pub struct CompactCandidates<'a> {
    rng: ChaCha8Rng,
    terms: &'a Terms,
    next: u64,
    draw: fn(&Terms, &[u32; 16]) -> u64,
}

impl<'a> CompactCandidates<'a> {
    /// The stream from candidate `k` on.
    pub fn new(seed: u64, slider: Slider, square: Square, terms: &'a Terms, k: u64) -> Self {
        Self::drawing(positioned(seed, slider, square, k), terms, k, Terms::candidate)
    }

    /// The candidates `draw` makes of the words of `rng`, positioned at candidate `k`.
    pub(super) fn drawing(rng: ChaCha8Rng, terms: &'a Terms, k: u64, draw: fn(&Terms, &[u32; 16]) -> u64) -> Self {
        CompactCandidates { rng, terms, next: k, draw }
    }

    /// The position of the candidate the next call yields.
    pub fn position(&self) -> u64 {
        self.next
    }
}

impl Iterator for CompactCandidates<'_> {
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

    #[test]
    fn iterator_matches_random_access() {
        let square = Square::ALL[27];
        let terms = Terms::new(Slider::Rook, square, 12, true);
        let walked: Vec<_> = CompactCandidates::new(7, Slider::Rook, square, &terms, 1_000).take(40).collect();
        for (k, magic) in walked {
            assert_eq!(magic, compact_candidate(7, Slider::Rook, square, &terms, k));
        }
    }

    /// The cost of a published record magic's terms predicts its span: rook g1's black magic in
    /// Annuss and Fiekas's table is a sum of small terms whose costs add up to about its span
    /// (1,536 slots), every weight being small.
    #[test]
    fn costs_add_up_to_the_span() {
        let g1 = Square::ALL[6];
        let mask = relevant_mask(Slider::Rook, g1);
        // Weights of a magic 2^e on every mask bit are 2^(e + b - 52): a term's cost.
        let one = cost(1 << 40, mask);
        let expected: u128 = (0..64).filter(|b| mask >> b & 1 == 1 && 40 + b < 64).map(|b| 1u128 << (40 + b)).sum();
        assert_eq!(one, expected);
    }

    #[test]
    fn terms_are_within_budget_and_candidates_use_them() {
        for (slider, square, bits) in [(Slider::Rook, 0, 12), (Slider::Bishop, 27, 9), (Slider::Rook, 54, 9)] {
            let square = Square::ALL[square];
            let terms = Terms::new(slider, square, bits, true);
            let (major, minor) = terms.counts();
            assert!(major > 20 && minor > 0, "{slider} {square}: {major} {minor}");
            let white = Terms::new(slider, square, bits, false);
            assert!(white.counts().0 < major);
            let mask = relevant_mask(slider, square);
            for (_, magic) in CompactCandidates::new(1, slider, square, &terms, 0).take(200) {
                // The sum's cost is at most the summed costs: the range bound holds (but for the
                // classic draws).
                let classic = magic.count_ones() < 20 || magic.count_ones() > 44;
                assert!(classic || cost(magic, mask) <= (1u128 << bits) << (64 - bits), "{magic:#x}");
            }
        }
    }

    #[test]
    fn frozen_values() {
        let terms = Terms::new(Slider::Rook, Square::ALL[6], 12, true);
        let first: Vec<u64> =
            CompactCandidates::new(1, Slider::Rook, Square::ALL[6], &terms, 0).take(2).map(|c| c.1).collect();
        assert_eq!(first, [93_952_409_590, 3_218_272_710_464]);
    }
}
