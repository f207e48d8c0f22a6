//! The walks a run takes from a cache on the cache's word (`pack --walk-cache`), walked again
//! before a recipe names one.
//!
//! A run that reuses a cache walks each square's last reused walk again and checks every reused
//! magic is valid ([`super::walk`]), but takes the square's other reused walks as the file
//! states them: walking them all again would cost what the cache saves. A cache whose valid
//! magics were swapped between walks (and resealed) would then reach a recipe as `walk:N@K`
//! rows that `verify --rederive` refuses. So every walk a recipe is about to name, and this run
//! has not walked itself, is walked once before the recipe is handed out: at most one walk per
//! square, paid by the first checkpoint that places it.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::recipe::{Recipe, RecipeLayout};
use crate::reference::ReferenceSet;
use magic_tables_core::pair_index;

use super::packer::Packer;
use super::params::Params;
use super::square::recipe_bits;
use super::walk_cache::WalkCache;

/// The walks (pair, walk number) a run took from a cache without walking them again.
#[derive(Clone, Debug, Default)]
pub struct UnconfirmedWalks {
    walks: BTreeSet<(usize, u64)>,
}

impl UnconfirmedWalks {
    /// The walks a run of `walks` walks per square takes from `cache` on its word: of each
    /// square's reused walks, all but the last (which the run walks again).
    pub fn of(cache: Option<&WalkCache>, walks: usize) -> Self {
        let mut unconfirmed = BTreeSet::new();
        for (pair, (_, magics)) in cache.map_or(&[][..], |cache| &cache.squares[..]).iter().enumerate() {
            let reused = magics.len().min(walks) as u64;
            unconfirmed.extend((1..reused).map(|number| (pair, number)));
        }
        UnconfirmedWalks { walks: unconfirmed }
    }

    /// Whether walk `number` (1-based) of pair `pair` is one the cache states and nobody has
    /// walked again yet.
    pub fn contains(&self, pair: usize, number: u64) -> bool {
        self.walks.contains(&(pair, number))
    }

    /// Walks again, in parallel, each walk `recipe` names that is still unconfirmed, and
    /// compares: an error names the square, the walk and both magics. `stop` cuts the walking
    /// ([`STOPPED_CONFIRMING`]); walks confirmed stay confirmed.
    pub fn confirm(
        &mut self,
        references: &ReferenceSet,
        recipe: &Recipe,
        params: &Params,
        stop: &AtomicBool,
    ) -> Result<(), String> {
        let pending: Vec<_> = recipe
            .rows
            .iter()
            .filter(|row| row.climb.is_empty())
            .filter_map(|row| Some((row, row.walked?)))
            .filter(|(row, _)| self.walks.contains(&(pair_index(row.slider, row.square), row.position)))
            .collect();
        if pending.is_empty() {
            return Ok(());
        }
        let RecipeLayout::Packed(indexing) = recipe.layout else {
            return Err("internal: walks in a recipe that is not packed".to_owned());
        };
        let bits = recipe_bits(recipe);
        let walker = Packer::new(references, indexing, recipe.stream, recipe.seed, &bits, params.clone());
        let walked: Vec<_> = pending
            .par_iter()
            .map(|&(row, magic)| {
                let pair = pair_index(row.slider, row.square);
                (pair, row, magic, walker.walk_number(pair, row.position, row.walk_start, stop))
            })
            .collect();
        for (pair, row, magic, again) in walked {
            match again {
                Some(again) if again == magic => {
                    self.walks.remove(&(pair, row.position));
                }
                // Cut by the stop flag: neither confirmed nor refused.
                None if stop.load(Ordering::Relaxed) => {}
                again => {
                    let found = again.map_or("no walk".to_owned(), |again| format!("{again:#018X}"));
                    return Err(format!(
                        "the walk cache is not this run's walks: {} {} walk {}: the cache says {magic:#018X}, walking again finds {found}",
                        row.slider, row.square, row.position
                    ));
                }
            }
        }
        // The walks confirmed stay confirmed; a recipe that still names one that is not cannot
        // be handed out.
        let named = |(row, _): &(&crate::recipe::RecipeRow, u64)| {
            self.walks.contains(&(pair_index(row.slider, row.square), row.position))
        };
        if pending.iter().any(named) {
            return Err(STOPPED_CONFIRMING.to_owned());
        }
        Ok(())
    }
}

/// The error of a confirmation the stop flag cut: the recipe would name walks nobody walked.
pub const STOPPED_CONFIRMING: &str =
    "stopped while walking again the walk cache's walks a recipe names: nothing written";
