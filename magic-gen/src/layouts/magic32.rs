//! 32-bit magics (Grant Osborne's method) for targets without a fast 64-bit multiply: the
//! masked occupancy's two halves are each multiplied by a 32-bit magic, the products XORed and
//! shifted, `((lo(key) * lo_magic) ^ (hi(key) * hi_magic)) >> (32 - bits)`. Same minimal slice
//! sizes as fancy (107,648 slots); the magics come from the seeded search of
//! [`Scheme::Magic32`] with the committed tuned seeds.

use build_support_model::LayoutFile;

use super::searched_file;
use crate::error::BuildError;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::search::Scheme;
use crate::seeds::SeedPlan;
use magic_tables_core::layouts::magic32::Magic32;

/// The magic32 layout from a search with `plan`'s seeds (each square may draw
/// `plan.max_candidates(budget)` candidates).
pub fn build(references: &ReferenceSet, plan: SeedPlan, budget: u64) -> Result<LayoutFile, BuildError> {
    let description = vec![
        "magic32: two 32-bit multiplications instead of one 64-bit one; fancy slices.".into(),
        "Lookup: key = occupied & mask;".into(),
        "        ATTACKS[offset + (((key as u32 * lo) ^ ((key >> 32) as u32 * hi)) >> shift)]".into(),
    ];
    searched_file(
        Layout::Magic32,
        references,
        (Scheme::Magic32, plan, budget),
        description,
        "mask, 32-bit magics, shift and offset",
        |mask, magic, bits, offset| Magic32 {
            mask,
            lo: magic as u32,
            hi: (magic >> 32) as u32,
            shift: 32 - bits,
            offset,
        },
        Magic32::slot,
    )
}
