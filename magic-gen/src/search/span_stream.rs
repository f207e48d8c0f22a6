//! The seekable candidate stream of the span search (`magic-gen span`): sparse magics whose
//! summed bit costs fit a budget, so that a valid one indexes its square into few consecutive
//! slots.
//!
//! A black key is `C + Σ_{b in occ} s_b (mod 2^64)` with `s_b = (m << b) as i64`
//! ([`super::few_term_stream`]), so a magic whose *cost* `Σ_b |s_b|` ([`super::terms::cost`])
//! is at most `B · 2^shift` indexes every occupancy into `B + 1` consecutive slots once rotated
//! ([`rotated`]). The cost of a sum of bits is at most the sum of the bits' costs, and the
//! smallest published per-square-shift table's magics are such sums: rook a1's
//! `0x0050020428000230` is nine bits whose costs (1, 2, 32, 64, 32, 128.5, 514, 382 and 1,528
//! slots) add up to its span of 2,685 of 4,096 slots. So a candidate draws a random sparse set
//! of bits and keeps, in a random order, those that still fit a budget drawn between half and
//! all of the index range.
//!
//! **Frozen.** Recipes name a candidate by its number (`span:N`); changing anything here
//! changes every such recipe's magics.
//!
//! # Definition
//!
//! For `(seed, slider, square, bits, n)`, `n >= 1`, with `shift = 64 - bits`, `R = 2^bits ·
//! 2^shift` (the index range in cost units) and `cost(e)` the cost of the single bit `2^e`:
//!
//! 1. `rng = ChaCha8Rng::seed_from_u64(seed)`, stream `1280 + slider_ordinal * 64 +
//!    square_index` ([`StreamSet::Span`]), `rng.set_word_pos((n - 1) * 16)`; read eight 64-bit
//!    words `w[0..8]` (`next_u64`).
//! 2. The budget is `R · (2^12 + q) / 2^13` with `q = w[0] & 0xFFF` (integer arithmetic: half
//!    the range up to just below all of it).
//! 3. The drawn bits are `w[1] & w[2]` if bit 12 of `w[0]` is set, else `w[1] & w[2] & w[3]`
//!    (a quarter or an eighth of the bits).
//! 4. They are put in a random order: the list of drawn bits, lowest first, shuffled by
//!    Fisher-Yates from the last place down, place `i` swapping with place `⌊x · (i + 1) /
//!    2^32⌋`, `x` the next output of the xorshift64 generator `x ^= x << 13; x ^= x >> 7; x ^=
//!    x << 17` started at `w[4] | 1` (its upper 32 bits).
//! 5. In that order, each bit whose cost fits what is left of the budget is added to the magic
//!    and its cost taken from the budget.
//! 6. If bit 13 of `w[0]` is set, the magic is negated (same cost; the rook magics of the
//!    eighth rank are negations of sparse numbers).
//! 7. The candidate is [`rotated`]`(magic, mask, bits)`.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;

use magic_tables_core::geometry::relevant_mask;
use magic_tables_core::{Slider, Square};

use super::few_term_stream::rotated;
use super::stream::{StreamSet, square_rng_at};
use super::terms::cost;

/// 32-bit ChaCha words of one candidate (eight 64-bit words).
pub const WORDS_PER_CANDIDATE: u64 = 16;

/// The costs of one (slider, square, bits): what the stream's candidates depend on besides the
/// stream words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpanCosts {
    slider: Slider,
    square: Square,
    mask: u64,
    bits: u32,
    /// `cost(2^e)` for every bit `e`.
    costs: [u128; 64],
}

/// The index range in cost units, whatever the bits: `2^bits` slots of `2^(64 - bits)` each.
const RANGE: u128 = 1 << 64;

impl SpanCosts {
    /// The costs of (`slider`, `square`) with `bits` index bits (1 to 16).
    pub fn new(slider: Slider, square: Square, bits: u32) -> SpanCosts {
        assert!((1..=16).contains(&bits), "1 to 16 index bits");
        let mask = relevant_mask(slider, square);
        let costs = std::array::from_fn(|e| cost(1u64 << e, mask));
        SpanCosts { slider, square, mask, bits, costs }
    }

    /// Index bits.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The square's relevant-occupancy mask.
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// The candidate of eight stream words (steps 2 to 7 of the definition).
    pub fn draw(&self, w: &[u64; 8]) -> u64 {
        let q = u128::from(w[0] & 0xFFF);
        let mut left = (RANGE >> 13) * ((1 << 12) + q);
        let drawn = if (w[0] >> 12) & 1 == 1 { w[1] & w[2] } else { w[1] & w[2] & w[3] };
        let mut order = [0u8; 64];
        let mut count = 0;
        let mut rest = drawn;
        while rest != 0 {
            order[count] = rest.trailing_zeros() as u8;
            count += 1;
            rest &= rest - 1;
        }
        let mut x = w[4] | 1;
        for i in (1..count).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let j = (((x >> 32) * (i as u64 + 1)) >> 32) as usize;
            order.swap(i, j);
        }
        let mut magic = 0u64;
        for &e in &order[..count] {
            let c = self.costs[usize::from(e)];
            if c <= left {
                left -= c;
                magic |= 1 << e;
            }
        }
        if (w[0] >> 13) & 1 == 1 {
            magic = magic.wrapping_neg();
        }
        rotated(magic, self.mask, self.bits)
    }
}

/// The stream of (`seed`, `costs`' square) at candidate `n` (1-based).
fn positioned(seed: u64, costs: &SpanCosts, n: u64) -> ChaCha8Rng {
    square_rng_at(seed, StreamSet::Span, costs.slider, costs.square, WORDS_PER_CANDIDATE, n - 1)
}

fn read(rng: &mut ChaCha8Rng) -> [u64; 8] {
    std::array::from_fn(|_| rng.next_u64())
}

/// Candidate `n` (1-based) of (`seed`, the square of `costs`), in O(1).
pub fn span_candidate(seed: u64, costs: &SpanCosts, n: u64) -> u64 {
    assert!(n >= 1, "span candidates are numbered from 1");
    costs.draw(&read(&mut positioned(seed, costs, n)))
}

/// The candidates `n, n + 1, …` (1-based) of (`seed`, the square of `costs`), as `(number,
/// magic)`.
pub fn span_candidates(seed: u64, costs: &SpanCosts, n: u64) -> impl Iterator<Item = (u64, u64)> + '_ {
    assert!(n >= 1, "span candidates are numbered from 1");
    let mut rng = positioned(seed, costs, n);
    (n..).map(move |number| (number, costs.draw(&read(&mut rng))))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A candidate's cost fits the budget: at most the index range (before the rotation, which
    /// adds a multiple of a large power of two that every mask bit shifts out).
    #[test]
    fn candidates_fit_the_range_and_seek() {
        for (slider, index, bits) in [(Slider::Rook, 0, 12), (Slider::Rook, 27, 10), (Slider::Bishop, 2, 5)] {
            let square = Square::ALL[index];
            let costs = SpanCosts::new(slider, square, bits);
            let mask = relevant_mask(slider, square);
            let walked: Vec<(u64, u64)> = span_candidates(9, &costs, 1000).take(300).collect();
            for &(n, magic) in &walked {
                assert_eq!(magic, span_candidate(9, &costs, n));
                assert!(cost(magic, mask) <= 1u128 << 64, "{slider} {square}: {magic:#X}");
            }
            assert!(walked.iter().filter(|c| c.1.count_ones() <= 16).count() > 100, "sparse or negated sparse");
        }
    }

    /// The stream is frozen: recipes name candidates by number.
    #[test]
    fn frozen_values() {
        let mut got = Vec::new();
        for (slider, index, bits) in [(Slider::Rook, 0, 12), (Slider::Rook, 11, 9), (Slider::Bishop, 27, 9)] {
            let costs = SpanCosts::new(slider, Square::ALL[index], bits);
            got.extend(span_candidates(1, &costs, 1).take(3).map(|c| c.1));
        }
        assert_eq!(
            got,
            [
                0xFFEF_F7FD_EFFF_FFFC,
                0x0004_0101_1220_4818,
                0x8002_0204_1140_0002,
                0xFFFF_BFFF_FF7F_FFE4,
                0x5A80_2449_A101_02A1,
                0xE980_3000_0000_0000,
                0x5F00_0420_8002_4800,
                0xFFFF_BFBB_FFEE_FFD8,
                0x6382_0000_1000_2050,
            ],
            "{got:#018X?}"
        );
    }
}
