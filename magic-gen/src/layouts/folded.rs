//! The shift folded into the magic (Grant Osborne's method): the magic's top six bits are the
//! shift, so a lookup reads it from the multiplier it already loaded (`magic >> 58`) instead of
//! a separate field, and the whole word, those bits included, is the multiplier. The magics come
//! from the seeded search of [`Scheme::Folded`] with the committed tuned seeds; the slices are
//! fancy ones (107,648 slots).
//!
//! Why the offset is not folded into the low bits as well is explained at [`Scheme::Folded`].

use build_support_model::LayoutFile;

use super::searched_file;
use crate::error::BuildError;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::search::Scheme;
use crate::seeds::SeedPlan;
use magic_tables_core::layouts::folded::FoldedMagic;

/// The folded layout from a search with `plan`'s seeds.
pub fn build(references: &ReferenceSet, plan: SeedPlan, budget: u64) -> Result<LayoutFile, BuildError> {
    let description = vec![
        "folded: the magic's top six bits are the shift; fancy slices.".into(),
        "Lookup: ATTACKS[offset + (((occupied & mask) * magic) >> (magic >> 58))]".into(),
    ];
    searched_file(
        Layout::Folded,
        references,
        (Scheme::Folded, plan, budget),
        description,
        "mask, magic (shift in its top six bits) and offset",
        |mask, magic, _, offset| FoldedMagic { mask, magic, offset },
        FoldedMagic::slot,
    )
}
