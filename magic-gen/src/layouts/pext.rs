//! BMI2 indexing: `pext(occupied, mask)` gathers the mask's bits into a dense index, a perfect
//! hash with no collisions and no magic, so each square's slice holds all `2^bits` occupancies
//! in the order of their bits (107,648 slots, like minimal fancy).
//!
//! The build only generates this file for targets with `bmi2`; the runtime module falls back to
//! the default layout elsewhere.

use build_support::{Field, LayoutFile};

use super::{Layout, LayoutError, check_lookup, entry_tables, provenance, sliced_array};
use crate::reference::{ReferenceSet, pair_index};

/// Parallel bit extract in software: the bits of `value` under `mask`, packed into the low bits
/// in order. What the `pext` instruction computes.
pub fn soft_pext(value: u64, mask: u64) -> u64 {
    let (mut result, mut rest, mut out_bit) = (0, mask, 0);
    while rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        if value & lowest != 0 {
            result |= 1 << out_bit;
        }
        out_bit += 1;
        rest &= rest - 1;
    }
    result
}

/// The pext layout.
pub fn build(references: &ReferenceSet) -> Result<LayoutFile, LayoutError> {
    let layout = Layout::Pext;
    let mut entries = Vec::with_capacity(128);
    let mut slices = Vec::with_capacity(128);
    let mut attacks = Vec::new();
    for occ in references.iter() {
        let offset = attacks.len();
        attacks.resize(offset + (1 << occ.mask_bits()), 0);
        for (&blockers, &set) in occ.blockers.iter().zip(&occ.attacks) {
            attacks[offset + soft_pext(blockers, occ.mask) as usize] = set;
        }
        entries.push((occ.mask, offset));
        slices.push((offset, 1usize << occ.mask_bits()));
    }
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        let (mask, offset) = entries[pair_index(slider, square)];
        attacks.get(offset + soft_pext(occupied, mask) as usize).copied()
    })?;
    let rows = entries
        .iter()
        .map(|&(mask, offset)| {
            let offset = u32::try_from(offset).expect("107,648 slots");
            vec![("mask", Field::Hex(mask)), ("attacks", Field::Slots { array: "ATTACKS", offset })]
        })
        .collect();
    let table_entries = attacks.len();
    Ok(LayoutFile {
        layout: layout.name().into(),
        description: vec![
            "pext: BMI2 parallel bit extract of the mask's bits as the index; no magics.".into(),
            "Lookup: ATTACKS[offset + pext(occupied, mask)]".into(),
            "`attacks` is the address of ATTACKS[offset], so a lookup does not add the offset.".into(),
        ],
        provenance: provenance(layout, "none needed: pext is a perfect hash".into(), None, verified),
        entry_tables: entry_tables("PextEntry", "mask and offset", rows),
        arrays: vec![sliced_array("ATTACKS", "Attack sets of every square's slice, in pext order.", attacks, &slices)],
        table_entries,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn soft_pext_packs_the_masked_bits_in_order() {
        assert_eq!(super::soft_pext(0b1010_0000, 0b1110_0000), 0b101);
        assert_eq!(super::soft_pext(u64::MAX, 0x8000_0000_0000_0001), 0b11);
        assert_eq!(super::soft_pext(0, u64::MAX), 0);
    }
}
