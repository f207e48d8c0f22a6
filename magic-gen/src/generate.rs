//! The whole pipeline from seeds to a verified table set.

use crate::reference::ReferenceSet;
use crate::search::{FoundMagic, SearchError, find_magic};
use crate::seeds::SeedPlan;
use crate::table::TableSet;
use crate::verify::{VerifyError, VerifyReport, verify};

/// Why a table set could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// A square's search failed.
    #[error("magic search failed: {0}")]
    Search(#[from] SearchError),
    /// The built table disagrees with the reference.
    #[error("verification failed: {0}")]
    Verify(#[from] VerifyError),
}

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
pub fn generate_fancy(references: &ReferenceSet, plan: SeedPlan, budget: u64) -> Result<Generated, GenerateError> {
    let mut found = Vec::with_capacity(128);
    for occ in references.iter() {
        let seed = plan.seed(occ.slider, occ.square);
        found.push(find_magic(occ, occ.mask_bits(), seed, plan.max_candidates(budget))?);
    }
    let found: [FoundMagic; 128] = found.try_into().expect("ReferenceSet has 128 entries");
    Ok(tables_from_magics(references, found, plan)?)
}

/// Lays out and verifies the fancy table of 128 magics already found (in stream order), as a
/// search with `plan` found them.
pub fn tables_from_magics(
    references: &ReferenceSet,
    found: [FoundMagic; 128],
    plan: SeedPlan,
) -> Result<Generated, VerifyError> {
    let tables = TableSet::build_fancy(references, &found);
    let report = verify(&tables, references)?;
    Ok(Generated { tables, plan, found, report })
}
