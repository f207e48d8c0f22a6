//! The whole pipeline from seeds to a verified table set.

use crate::error::BuildError;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::search::{FoundMagic, Scheme, Shard, find_magic};
use crate::seeds::SeedPlan;
use crate::table::TableSet;
use crate::verify::{VerifyReport, verify};

/// A verified fancy table set and how it was found.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The tables.
    pub tables: TableSet,
    /// The seeds used.
    pub plan: SeedPlan,
    /// The 128 search results in stream order (magic, bits, candidates drawn).
    pub found: [FoundMagic; 128],
    /// What verification covered.
    pub report: VerifyReport,
}

impl Generated {
    /// Candidates drawn over all 128 searches.
    pub fn total_candidates(&self) -> u64 {
        self.found.iter().map(|f| f.candidates).sum()
    }
}

/// Searches a minimal-bit fancy magic for every (slider, square) with `plan`'s seeds
/// (at most `plan.max_candidates(budget)` candidates each), lays out the table and verifies
/// it exhaustively. Fails on the first square without a magic or on any verification error.
pub fn generate_fancy(references: &ReferenceSet, plan: SeedPlan, budget: u64) -> Result<Generated, BuildError> {
    let mut found = Vec::with_capacity(128);
    for occ in references.iter() {
        let seed = plan.seed(occ.slider, occ.square);
        let magic = find_magic(occ, Scheme::Fancy, occ.mask_bits(), seed, Shard::WHOLE, plan.max_candidates(budget))
            .map_err(|source| BuildError::Search { layout: Layout::Fancy.name(), source })?;
        found.push(magic);
    }
    let found: [FoundMagic; 128] = found.try_into().expect("ReferenceSet has 128 entries");
    tables_from_magics(references, found, plan)
}

/// Lays out and verifies the fancy table of 128 magics already found (in stream order), as a
/// search with `plan` found them.
pub fn tables_from_magics(
    references: &ReferenceSet,
    found: [FoundMagic; 128],
    plan: SeedPlan,
) -> Result<Generated, BuildError> {
    let tables = TableSet::build_fancy(references, &found);
    let report = verify(&tables, references)?;
    Ok(Generated { tables, plan, found, report })
}
