//! 32-bit magics (Grant Osborne's method) for targets without a fast 64-bit multiply: the
//! masked occupancy's two halves are each multiplied by a 32-bit magic, the products XORed and
//! shifted, `((lo(key) * lo_magic) ^ (hi(key) * hi_magic)) >> (32 - bits)`. Same minimal slice
//! sizes as fancy (107,648 slots); the magics come from the seeded search of
//! [`Scheme::Magic32`] with the committed tuned seeds.

use build_support::{Field, LayoutFile};

use super::{BuildError, Layout, SearchedSlices, check_lookup, entry_tables, provenance, search_slices, sliced_array};
use crate::reference::{ReferenceSet, pair_index};
use crate::search::Scheme;
use crate::seeds::SeedPlan;
use magic_tables_core::layouts::magic32::Magic32;

/// The magic32 layout from a search with `plan`'s seeds (each square may draw
/// `plan.max_candidates(budget)` candidates).
pub fn build(references: &ReferenceSet, plan: SeedPlan, budget: u64) -> Result<LayoutFile, BuildError> {
    let layout = Layout::Magic32;
    let SearchedSlices { magics, attacks, slices, candidates } =
        search_slices(layout, references, Scheme::Magic32, plan, budget)?;
    let entries: Vec<Magic32> = magics
        .iter()
        .map(|&(mask, magic, bits, offset)| Magic32 {
            mask,
            lo: magic as u32,
            hi: (magic >> 32) as u32,
            shift: 32 - bits,
            offset: u32::try_from(offset).expect("107,648 slots"),
        })
        .collect();
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        attacks.get(entries[pair_index(slider, square)].slot(occupied)).copied()
    })?;
    let rows = entries
        .iter()
        .map(|e| {
            vec![
                ("mask", Field::Hex(e.mask)),
                ("lo", Field::Hex32(e.lo)),
                ("hi", Field::Hex32(e.hi)),
                ("shift", Field::U32(e.shift)),
                ("offset", Field::U32(e.offset)),
            ]
        })
        .collect();
    let entries = attacks.len();
    Ok(LayoutFile {
        layout: layout.name().into(),
        description: vec![
            "magic32: two 32-bit multiplications instead of one 64-bit one; fancy slices.".into(),
            "Lookup: key = occupied & mask;".into(),
            "        ATTACKS[offset + (((key as u32 * lo) ^ ((key >> 32) as u32 * hi)) >> shift)]".into(),
        ],
        provenance: provenance(layout, plan.describe(Scheme::Magic32), Some(candidates), verified),
        entry_tables: entry_tables("Magic32", "mask, 32-bit magics, shift and offset", rows),
        arrays: vec![sliced_array("ATTACKS", "Attack sets of every square's slice.", attacks, &slices)],
        table_entries: entries,
    })
}
