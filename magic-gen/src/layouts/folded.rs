//! The shift folded into the magic (Grant Osborne's method): the magic's top six bits are the
//! shift, so a lookup reads it from the multiplier it already loaded (`magic >> 58`) instead of
//! a separate field, and the whole word, those bits included, is the multiplier. The magics come
//! from the seeded search of [`Scheme::Folded`] with the committed tuned seeds; the slices are
//! fancy ones (107,648 slots).
//!
//! Why the offset is not folded into the low bits as well is explained at [`Scheme::Folded`].

use build_support::{Field, LayoutFile};

use super::{Layout, LayoutError, check_lookup, entry_tables, provenance, sliced_array};
use crate::reference::ReferenceSet;
use crate::search::{Budget, Scheme, Shard, search_scheme};
use crate::seeds::SeedPlan;

/// The folded layout from a search with `plan`'s seeds.
pub fn build(references: &ReferenceSet, plan: SeedPlan, budget: u64) -> Result<LayoutFile, LayoutError> {
    let layout = Layout::Folded;
    let mut magics = Vec::with_capacity(128);
    let mut slices = Vec::with_capacity(128);
    let mut attacks = Vec::new();
    let mut candidates = 0;
    for occ in references.iter() {
        let bits = occ.mask_bits();
        let seed = plan.seed_for(Scheme::Folded, occ.slider, occ.square);
        let found = search_scheme(
            occ,
            Scheme::Folded,
            bits,
            seed,
            Shard::WHOLE,
            Budget::candidates(plan.max_candidates(budget)),
        )
        .map_err(|source| LayoutError::Search { layout: layout.name(), source })?;
        candidates += found.candidates;
        let offset = attacks.len();
        attacks.resize(offset + (1 << bits), 0);
        for (&blockers, &set) in occ.blockers.iter().zip(&occ.attacks) {
            attacks[offset + (blockers.wrapping_mul(found.magic) >> (found.magic >> 58)) as usize] = set;
        }
        magics.push((occ.mask, found.magic, offset));
        slices.push((offset, 1usize << bits));
    }
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        let (mask, magic, offset) = magics[slider.ordinal() * 64 + square.index() as usize];
        attacks.get(offset + ((occupied & mask).wrapping_mul(magic) >> (magic >> 58)) as usize).copied()
    })?;
    let rows = magics
        .iter()
        .map(|&(mask, magic, offset)| {
            vec![
                ("mask", Field::Hex(mask)),
                ("magic", Field::Hex(magic)),
                ("offset", Field::U32(u32::try_from(offset).expect("107,648 slots"))),
            ]
        })
        .collect();
    let entries = attacks.len();
    Ok(LayoutFile {
        layout: layout.name().into(),
        description: vec![
            "folded: the magic's top six bits are the shift; fancy slices.".into(),
            "Lookup: ATTACKS[offset + (((occupied & mask) * magic) >> (magic >> 58))]".into(),
        ],
        provenance: provenance(
            layout,
            plan.to_string().replace("TUNED_SEEDS", "TUNED_SEEDS_FOLDED"),
            Some(candidates),
            verified,
        ),
        entry_tables: entry_tables("FoldedMagic", "mask, magic (shift in its top six bits) and offset", rows),
        arrays: vec![sliced_array("ATTACKS", "Attack sets of every square's slice.", attacks, &slices)],
        table_entries: entries,
    })
}
