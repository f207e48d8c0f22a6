//! BMI2 indexing: `pext(occupied, mask)` gathers the mask's bits into a dense index, a perfect
//! hash with no collisions and no magic, so each square's slice holds all `2^bits` occupancies
//! in the order of their bits (107,648 slots, like minimal fancy).
//!
//! The build only generates this file for targets with `bmi2`; the runtime module falls back to
//! the default layout elsewhere.

use build_support_model::LayoutFile;

use super::{entry_tables, provenance, sliced_array};
use crate::error::BuildError;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::verify::check_lookup;
use magic_tables_core::layouts::pext::PextEntry;
use magic_tables_core::pair_index;

/// The pext layout.
pub fn build(references: &ReferenceSet) -> Result<LayoutFile, BuildError> {
    let layout = Layout::Pext;
    let mut entries = Vec::with_capacity(128);
    let mut slices = Vec::with_capacity(128);
    let mut attacks = Vec::new();
    for occ in references.iter() {
        let entry = PextEntry { mask: occ.mask, attacks: attacks.len() };
        attacks.resize(entry.attacks + (1 << occ.mask_bits()), 0);
        for (&blockers, &set) in occ.blockers.iter().zip(&occ.attacks) {
            attacks[entry.attacks + entry.index(blockers)] = set;
        }
        slices.push((entry.attacks, 1usize << occ.mask_bits()));
        entries.push(entry);
    }
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        let entry = &entries[pair_index(slider, square)];
        attacks.get(entry.attacks + entry.index(occupied)).copied()
    })?;
    let table_entries = attacks.len();
    Ok(LayoutFile {
        layout: layout.name().into(),
        description: vec![
            "pext: BMI2 parallel bit extract of the mask's bits as the index; no magics.".into(),
            "Lookup: ATTACKS[offset + pext(occupied, mask)]".into(),
        ],
        provenance: provenance(layout, "none needed: pext is a perfect hash".into(), None, verified),
        entry_tables: entry_tables("mask and offset", &entries),
        arrays: vec![sliced_array("ATTACKS", "Attack sets of every square's slice, in pext order.", attacks, &slices)],
        table_entries,
    })
}
