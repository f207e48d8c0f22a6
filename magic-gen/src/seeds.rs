//! Where each (slider, square)'s random stream is keyed from, and the tuned seeds that make
//! the build script's search cheap.
//!
//! The search itself is always the same ([`crate::search::find_magic`]); only the seed of each
//! stream changes. With [`SeedPlan::Master`] every stream is keyed by one number, as a user
//! searching for their own magics would do. With [`SeedPlan::Tuned`] each stream has its own
//! committed seed, chosen by [`tune_seed`] as the first seed whose very first candidate is a
//! magic, so the build script tests 128 candidates instead of hundreds of thousands.

use crate::geometry::Occupancies;
use crate::search::find_magic;
use crate::{Slider, Square};

mod tuned;

pub use tuned::{TUNED_CANDIDATES, TUNED_SEEDS};

/// How the seed of each (slider, square)'s stream is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedPlan {
    /// Every stream is keyed by this seed (streams still differ per square).
    Master(u64),
    /// Each stream uses its entry of [`TUNED_SEEDS`].
    Tuned,
}

impl SeedPlan {
    /// The seed of (slider, square)'s stream under this plan.
    pub fn seed(self, slider: Slider, square: Square) -> u64 {
        match self {
            SeedPlan::Master(seed) => seed,
            SeedPlan::Tuned => TUNED_SEEDS[slider.ordinal()][square.index() as usize],
        }
    }

    /// Candidates per square the plan's search may draw before giving up: tuned seeds must
    /// succeed within [`TUNED_CANDIDATES`]; a master seed gets `budget`.
    pub fn max_candidates(self, budget: u64) -> u64 {
        match self {
            SeedPlan::Master(_) => budget,
            SeedPlan::Tuned => TUNED_CANDIDATES,
        }
    }
}

impl core::fmt::Display for SeedPlan {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SeedPlan::Master(seed) => write!(f, "master seed {seed}"),
            SeedPlan::Tuned => f.write_str("tuned per-square seeds (magic_gen::seeds::TUNED_SEEDS)"),
        }
    }
}

/// The smallest seed in `first_seed..first_seed + max_seeds` for which the search of
/// (`occupancies.slider`, `occupancies.square`) with `bits` index bits succeeds within
/// `candidates` candidates, or `None` if there is none in that range.
///
/// This is how [`TUNED_SEEDS`] was derived: `tune_seed(occ, occ.mask_bits(), TUNED_CANDIDATES,
/// 0, u64::MAX)` for every pair (run `cargo run --release -p magic-gen --example tune-seeds`).
pub fn tune_seed(
    occupancies: &Occupancies,
    bits: u32,
    candidates: u64,
    first_seed: u64,
    max_seeds: u64,
) -> Option<u64> {
    (first_seed..first_seed.saturating_add(max_seeds))
        .find(|&seed| find_magic(occupancies, bits, seed, candidates).is_ok())
}
