//! The seekable candidate stream of the dense packer (black and fixed-shift tables).
//!
//! **Frozen.** Shipped recipes store only the master seed, a candidate's position `k` and an
//! offset; the build re-derives the multiplier with [`dense_candidate`]. Changing anything in
//! this file changes every recipe's magics, so it must never change.
//!
//! # Definition
//!
//! For `(seed, slider, square, k)`:
//!
//! 1. `rng = ChaCha8Rng::seed_from_u64(seed)`, `rng.set_stream(256 + slider_ordinal * 64 +
//!    square_index)` (the [`StreamSet::Dense`] stream), `rng.set_word_pos(k * 8)`.
//! 2. Read eight 32-bit words `w[0..8]` with `next_u32`, in order. Let `u(i, j) = w[i] | w[j] << 32`.
//! 3. `sel = w[0] & 7`:
//!    * `sel == 0` (sparse): `u(1,2) & u(3,4) & u(5,6)`;
//!    * `sel == 1` (dense, "minus something sparse"): `!(u(1,2) & u(3,4) & u(5,6))`;
//!    * `sel >= 2` (signed-digit): `n = 4 + (w[0] >> 3) % 9` terms (4 to 12). Term `i` (`0 <= i < n`)
//!      is byte `i % 4` (little end first) of word `w[1 + i / 4]`, call it `b`; it contributes
//!      `-(1 << (b & 63))` if `b & 64 != 0`, else `+(1 << (b & 63))`. The candidate is the
//!      wrapping sum of the terms (terms may repeat or cancel).
//!
//! The published black magics are mostly of the last kind: their non-adjacent-form weight (the
//! fewest signed powers of two that sum to them) lies between 4 and 15, with 8 to 10 most common.
//! Runs of ones (`2^a - 2^b`) and dense words (`-sparse`) are both few signed digits.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;

use magic_tables_core::{Slider, Square};

use super::stream::{StreamSet, square_rng_at};

/// 32-bit ChaCha words consumed by one candidate.
pub const WORDS_PER_CANDIDATE: u64 = 8;

/// Candidate number `k` (0-based) of (`seed`, `slider`, `square`), in O(1). See the module
/// documentation for the exact definition.
pub fn dense_candidate(seed: u64, slider: Slider, square: Square, k: u64) -> u64 {
    let mut rng = positioned(seed, slider, square, k);
    from_words(&read_words(&mut rng))
}

/// The stream of (`seed`, `slider`, `square`) at candidate `k`.
fn positioned(seed: u64, slider: Slider, square: Square, k: u64) -> ChaCha8Rng {
    square_rng_at(seed, StreamSet::Dense, slider, square, WORDS_PER_CANDIDATE, k)
}

fn read_words(rng: &mut ChaCha8Rng) -> [u32; 8] {
    let mut w = [0u32; 8];
    for word in &mut w {
        *word = rng.next_u32();
    }
    w
}

/// The fixed transformation of one candidate's eight words.
pub fn from_words(w: &[u32; 8]) -> u64 {
    let u = |i: usize, j: usize| u64::from(w[i]) | u64::from(w[j]) << 32;
    match w[0] & 7 {
        0 => u(1, 2) & u(3, 4) & u(5, 6),
        1 => !(u(1, 2) & u(3, 4) & u(5, 6)),
        _ => {
            let n = 4 + (w[0] >> 3) % 9;
            let mut magic = 0u64;
            for i in 0..n as usize {
                let b = (w[1 + i / 4] >> (8 * (i % 4))) & 0xff;
                let term = 1u64 << (b & 63);
                magic = if b & 64 != 0 { magic.wrapping_sub(term) } else { magic.wrapping_add(term) };
            }
            magic
        }
    }
}

/// Walks the candidates `k, k + 1, ...` of one (seed, slider, square) without re-seeding:
/// yields `(k, dense_candidate(seed, slider, square, k))`.
#[derive(Clone, Debug)]
pub struct DenseCandidates {
    rng: ChaCha8Rng,
    next: u64,
}

impl DenseCandidates {
    /// The stream from candidate `k` on.
    pub fn new(seed: u64, slider: Slider, square: Square, k: u64) -> Self {
        DenseCandidates { rng: positioned(seed, slider, square, k), next: k }
    }

    /// The position of the candidate the next call yields.
    pub fn position(&self) -> u64 {
        self.next
    }
}

impl Iterator for DenseCandidates {
    type Item = (u64, u64);

    #[inline]
    fn next(&mut self) -> Option<(u64, u64)> {
        let k = self.next;
        self.next += 1;
        Some((k, from_words(&read_words(&mut self.rng))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterator_matches_random_access() {
        for (slider, square, start) in [(Slider::Rook, 0, 0), (Slider::Bishop, 63, 5), (Slider::Rook, 27, 1_000_003)] {
            let square = Square::ALL[square];
            let walked: Vec<_> = DenseCandidates::new(7, slider, square, start).take(50).collect();
            for (k, magic) in walked {
                assert_eq!(magic, dense_candidate(7, slider, square, k));
            }
        }
    }

    #[test]
    fn streams_differ() {
        let a1 = Square::ALL[0];
        assert_ne!(dense_candidate(1, Slider::Rook, a1, 0), dense_candidate(1, Slider::Bishop, a1, 0));
        assert_ne!(dense_candidate(1, Slider::Rook, a1, 0), dense_candidate(2, Slider::Rook, a1, 0));
    }

    /// The stream is frozen: the shipped black recipe (seed 1) states these magics for rook a1
    /// and b1 at these positions.
    #[test]
    fn frozen_values() {
        assert_eq!(dense_candidate(1, Slider::Rook, Square::ALL[0], 737_576), 0x406F_FEFC_C7FF_FC00);
        assert_eq!(dense_candidate(1, Slider::Rook, Square::ALL[1], 6_324_366), 0x0020_0008_0010_0020);
    }
}
