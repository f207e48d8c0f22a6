//! The seekable candidate stream of the dense (black / fixed-shift) search.
//!
//! **Frozen.** Shipped recipes store only the master seed, a candidate's position `k` and an
//! offset; the build re-derives the multiplier with [`black_candidate`]. Changing anything in
//! this file changes every recipe's magics, so it must never change.
//!
//! # Definition
//!
//! For `(seed, slider_ordinal, square, k)`:
//!
//! 1. `rng = ChaCha8Rng::seed_from_u64(seed)`, `rng.set_stream(256 + slider_ordinal * 64 + square)`,
//!    `rng.set_word_pos(k * 8)`.
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
use rand_chacha::rand_core::{Rng, SeedableRng};

/// 32-bit ChaCha words consumed by one candidate.
pub const WORDS_PER_CANDIDATE: u64 = 8;

/// The ChaCha stream of (slider, square) in the dense search: `256 + slider * 64 + square`.
/// Disjoint from the streams 0..128 of the fancy search.
pub const fn stream_id(slider_ordinal: u32, square: u32) -> u64 {
    256 + slider_ordinal as u64 * 64 + square as u64
}

/// Candidate number `k` of (`seed`, `slider_ordinal` (rook 0, bishop 1), `square` (a1 = 0 .. h8 = 63)),
/// in O(1). See the module documentation for the exact definition.
pub fn black_candidate(seed: u64, slider_ordinal: u32, square: u32, k: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream_id(slider_ordinal, square));
    rng.set_word_pos(u128::from(k) * u128::from(WORDS_PER_CANDIDATE));
    from_words(&read_words(&mut rng))
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
/// yields `(k, black_candidate(seed, slider_ordinal, square, k))`.
#[derive(Clone, Debug)]
pub struct Candidates {
    rng: ChaCha8Rng,
    next: u64,
}

impl Candidates {
    /// The stream from candidate `k` on.
    pub fn new(seed: u64, slider_ordinal: u32, square: u32, k: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream_id(slider_ordinal, square));
        rng.set_word_pos(u128::from(k) * u128::from(WORDS_PER_CANDIDATE));
        Candidates { rng, next: k }
    }

    /// The position of the candidate the next call yields.
    pub fn position(&self) -> u64 {
        self.next
    }
}

impl Iterator for Candidates {
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
        for (slider, square, start) in [(0, 0, 0), (1, 63, 5), (0, 27, 1_000_003)] {
            let walked: Vec<_> = Candidates::new(7, slider, square, start).take(50).collect();
            for (k, magic) in walked {
                assert_eq!(magic, black_candidate(7, slider, square, k));
            }
        }
    }

    #[test]
    fn streams_differ() {
        assert_ne!(black_candidate(1, 0, 0, 0), black_candidate(1, 1, 0, 0));
        assert_ne!(black_candidate(1, 0, 0, 0), black_candidate(2, 0, 0, 0));
    }
}
