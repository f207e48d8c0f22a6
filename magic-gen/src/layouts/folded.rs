//! The shift folded into the magic (Grant Osborne's method): the magic's top six bits are the
//! shift, so a lookup reads it from the multiplier it already loaded (`magic >> 58`) instead of
//! a separate field, and the whole word, those bits included, is the multiplier. The magics come
//! from the seeded search of [`Scheme::Folded`] with the committed tuned seeds; the slices are
//! fancy ones (107,648 slots).
//!
//! Why the offset is not folded into the low bits as well is explained at [`Scheme::Folded`].

use build_support::{Field, LayoutFile};

use super::{BuildError, Layout, SearchedSlices, check_lookup, entry_tables, provenance, search_slices, sliced_array};
use crate::reference::{ReferenceSet, pair_index};
use crate::search::Scheme;
use crate::seeds::SeedPlan;
use magic_tables_core::layouts::folded::FoldedMagic;

/// The folded layout from a search with `plan`'s seeds.
pub fn build(references: &ReferenceSet, plan: SeedPlan, budget: u64) -> Result<LayoutFile, BuildError> {
    let layout = Layout::Folded;
    let SearchedSlices { magics, attacks, slices, candidates } =
        search_slices(layout, references, Scheme::Folded, plan, budget)?;
    let entries: Vec<FoldedMagic> = magics
        .iter()
        .map(|&(mask, magic, _, offset)| FoldedMagic {
            mask,
            magic,
            offset: u32::try_from(offset).expect("107,648 slots"),
        })
        .collect();
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        attacks.get(entries[pair_index(slider, square)].slot(occupied)).copied()
    })?;
    let rows = entries
        .iter()
        .map(|e| vec![("mask", Field::Hex(e.mask)), ("magic", Field::Hex(e.magic)), ("offset", Field::U32(e.offset))])
        .collect();
    let entries = attacks.len();
    Ok(LayoutFile {
        layout: layout.name().into(),
        description: vec![
            "folded: the magic's top six bits are the shift; fancy slices.".into(),
            "Lookup: ATTACKS[offset + (((occupied & mask) * magic) >> (magic >> 58))]".into(),
        ],
        provenance: provenance(layout, plan.describe(Scheme::Folded), Some(candidates), verified),
        entry_tables: entry_tables("FoldedMagic", "mask, magic (shift in its top six bits) and offset", rows),
        arrays: vec![sliced_array("ATTACKS", "Attack sets of every square's slice.", attacks, &slices)],
        table_entries: entries,
    })
}
