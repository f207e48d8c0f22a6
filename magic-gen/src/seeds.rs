//! Where each (slider, square)'s random stream is keyed from, and the tuned seeds that make
//! the build script's search cheap.
//!
//! The search itself is always the same ([`crate::search::find_magic`]); only the seed of each
//! stream changes. With [`SeedPlan::Master`] every stream is keyed by one number, as a user
//! searching for their own magics would do. With [`SeedPlan::Tuned`] each stream has its own
//! committed seed, chosen by [`tune_seed`] as the first seed whose very first candidate is a
//! magic, so the build script tests 128 candidates instead of hundreds of thousands.

use crate::geometry::Occupancies;
use crate::search::{Scheme, Shard, find_magic};
use magic_tables_core::{Slider, Square};

mod tuned;
mod tuned_folded;
mod tuned_magic32;

pub use tuned::{TUNED_CANDIDATES, TUNED_SEEDS};
pub use tuned_folded::TUNED_SEEDS_FOLDED;
pub use tuned_magic32::TUNED_SEEDS_MAGIC32;

/// The committed tuned seeds of `scheme`'s magics: [`TUNED_SEEDS`], [`TUNED_SEEDS_MAGIC32`]
/// or [`TUNED_SEEDS_FOLDED`].
pub fn tuned_seeds(scheme: Scheme) -> &'static [[u64; 64]; 2] {
    match scheme {
        Scheme::Fancy => &TUNED_SEEDS,
        Scheme::Magic32 => &TUNED_SEEDS_MAGIC32,
        Scheme::Folded => &TUNED_SEEDS_FOLDED,
    }
}

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
        self.seed_for(Scheme::Fancy, slider, square)
    }

    /// The seed of (slider, square)'s stream when searching `scheme`'s magics.
    pub fn seed_for(self, scheme: Scheme, slider: Slider, square: Square) -> u64 {
        match self {
            SeedPlan::Master(seed) => seed,
            SeedPlan::Tuned => tuned_seeds(scheme)[slider.ordinal()][square.index() as usize],
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

impl SeedPlan {
    /// The plan as the command line's `--seed` takes it: `tuned` or the master seed.
    pub fn argument(self) -> String {
        match self {
            SeedPlan::Tuned => "tuned".to_owned(),
            SeedPlan::Master(seed) => seed.to_string(),
        }
    }

    /// The plan as a header names it when searching `scheme`'s magics: the master seed, or which
    /// table of tuned seeds.
    pub fn describe(self, scheme: Scheme) -> String {
        let table = match scheme {
            Scheme::Fancy => "TUNED_SEEDS",
            Scheme::Magic32 => "TUNED_SEEDS_MAGIC32",
            Scheme::Folded => "TUNED_SEEDS_FOLDED",
        };
        match self {
            SeedPlan::Master(seed) => format!("master seed {seed}"),
            SeedPlan::Tuned => format!("tuned per-square seeds (magic_gen::seeds::{table})"),
        }
    }
}

impl core::fmt::Display for SeedPlan {
    /// The fancy search's description ([`SeedPlan::describe`] of [`Scheme::Fancy`]).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.describe(Scheme::Fancy))
    }
}

/// The smallest seed in `first_seed..first_seed + max_seeds` for which the search of
/// (`occupancies.slider`, `occupancies.square`) with `bits` index bits succeeds within
/// `candidates` candidates, or `None` if there is none in that range.
///
/// This is how [`TUNED_SEEDS`] was derived: `tune_seed(occ, Scheme::Fancy, occ.mask_bits(),
/// TUNED_CANDIDATES, 0, u64::MAX)` for every pair, and likewise the other schemes' seeds (run
/// `cargo run --release -p magic-gen --example tune-seeds -- SCHEME`).
pub fn tune_seed(
    occupancies: &Occupancies,
    scheme: Scheme,
    bits: u32,
    candidates: u64,
    first_seed: u64,
    max_seeds: u64,
) -> Option<u64> {
    (first_seed..first_seed.saturating_add(max_seeds))
        .find(|&seed| find_magic(occupancies, scheme, bits, seed, Shard::WHOLE, candidates).is_ok())
}
