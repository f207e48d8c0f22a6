//! The packer's decision RNG: SplitMix64, keyed by (master seed, iteration number), so every
//! iteration's random choices depend on nothing but the seed and how many iterations came
//! before: a resumed run makes the same choices as the run that never stopped.
//!
//! Also `exp_neg`, the host-independent `exp(-x)` of the Metropolis acceptance tests.
//!
//! Not ChaCha like the candidate streams: an iteration draws a handful of words, and re-keying
//! ChaCha for each one would cost more than the move. Its output is part of what a recipe's
//! `# command=` reproduces, so it must not change.

/// SplitMix64 of one iteration.
#[derive(Clone, Debug)]
pub struct IterationRng(u64);

impl IterationRng {
    /// The RNG of iteration `iteration` of a search with master `seed`.
    pub fn new(seed: u64, iteration: u64) -> Self {
        let mut keyed = IterationRng(seed ^ 0x5851_F42D_4C95_7F2D);
        let base = keyed.next_u64();
        IterationRng(base ^ iteration.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// The RNG of iteration `iteration` of member `member` of a portfolio (`pack --shard
    /// member/N`): member 0 is the run [`IterationRng::new`] gives, and other members make
    /// other choices from the same candidates and walks, so one walk cache serves them all.
    pub fn member(seed: u64, member: u64, iteration: u64) -> Self {
        IterationRng::new(seed ^ member.wrapping_mul(0xD1B5_4A32_D192_ED03), iteration)
    }

    /// The next word.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform below `n` (`n > 0`), by multiplying rather than by a biased remainder.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// `exp(-x)` for `x >= 0` from additions, multiplications and a power of two built from its
/// bits: the same on every IEEE-754 machine, unlike a library `exp`, so that acceptance
/// decisions (and so results) do not depend on the host.
pub(super) fn exp_neg(x: f64) -> f64 {
    let y = x * std::f64::consts::LOG2_E;
    if y >= 1020.0 {
        return 0.0;
    }
    let whole = y as u64; // floor, y >= 0
    let fraction = y - whole as f64;
    // 2^-f on [0, 1) by its Taylor series in f·ln 2 to the 9th power (error below 1e-9).
    let z = -fraction * std::f64::consts::LN_2;
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..10 {
        term = term * z / f64::from(k);
        sum += term;
    }
    sum * f64::from_bits((1023 - whole) << 52)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depends_on_seed_and_iteration_only() {
        let first: Vec<u64> = (0..4).map(|_| IterationRng::new(1, 7).next_u64()).collect();
        assert!(first.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(IterationRng::new(1, 7).next_u64(), IterationRng::new(1, 8).next_u64());
        assert_ne!(IterationRng::new(1, 7).next_u64(), IterationRng::new(2, 7).next_u64());
        let mut rng = IterationRng::new(3, 0);
        assert!((0..1000).all(|_| rng.below(12) < 12));
    }

    #[test]
    fn exp_neg_is_close_to_exp() {
        for x in [0.0, 1e-6, 0.3, 1.0, 2.5, 7.0, 30.0, 700.0] {
            let (ours, std) = (exp_neg(x), (-x).exp());
            assert!((ours - std).abs() <= 1e-8 * std.max(1e-300), "{x}: {ours} {std}");
        }
        assert_eq!(exp_neg(5000.0), 0.0);
    }
}
