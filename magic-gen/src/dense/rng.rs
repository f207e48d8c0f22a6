//! The packer's decision RNG: SplitMix64, keyed by (master seed, iteration number), so every
//! iteration's random choices depend on nothing but the seed and how many iterations came
//! before: a resumed run makes the same choices as the run that never stopped.
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
}
