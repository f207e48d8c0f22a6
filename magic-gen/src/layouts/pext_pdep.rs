//! `pext-pdep`: BMI2 indexing with 16-bit entries. The index is `pext(occupied, mask)`, as in
//! `pext`, and each entry is the attack set *compressed* over the square's attack mask (every
//! square the slider reaches on an empty board, at most 14): `pext(attacks, attack_mask)`, which
//! fits in 16 bits. A lookup expands it again with `pdep(code, attack_mask)`
//! (<https://www.chessprogramming.org/BMI2#PEXTBitboards>). The same 107,648 entries as `pext`,
//! at 2 bytes each instead of 8: about 215 KB instead of 861 KB.
//!
//! Unlike `pext`, the tables are generated for every target: without BMI2 the runtime module
//! computes `pext` and `pdep` bit by bit with the same tables (`pext_pdep::ACTIVE` says which).

use build_support_model::{DataArray, LayoutFile, Values};

use super::{entry_tables, provenance};
use crate::error::BuildError;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::verify::check_lookup;
use magic_tables_core::layouts::pext_pdep::PextPdepEntry;
use magic_tables_core::pair_index;

/// The pext-pdep layout.
pub fn build(references: &ReferenceSet) -> Result<LayoutFile, BuildError> {
    let layout = Layout::PextPdep;
    let mut entries = Vec::with_capacity(128);
    let mut codes: Vec<u16> = Vec::new();
    let mut runs = Vec::with_capacity(128);
    for occ in references.iter() {
        let attack_mask = crate::geometry::slow_attacks(occ.slider, occ.square, 0);
        let offset = u32::try_from(codes.len()).expect("107,648 entries");
        let entry = PextPdepEntry { mask: occ.mask, attack_mask, offset };
        let len = 1usize << occ.mask_bits();
        codes.resize(codes.len() + len, 0);
        for (&blockers, &set) in occ.blockers.iter().zip(&occ.attacks) {
            codes[offset as usize + entry.index(blockers)] = entry.code(set);
        }
        runs.push((format!("{} {}: offset {offset}, {len} entries", occ.slider, occ.square), len));
        entries.push(entry);
    }
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        let entry = &entries[pair_index(slider, square)];
        codes.get(entry.offset as usize + entry.index(occupied)).map(|&code| entry.expand(code))
    })?;
    Ok(LayoutFile {
        layout: layout.name().into(),
        description: vec![
            "pext-pdep: BMI2 pext of the mask's bits as the index (no magics); each entry the".into(),
            "attack set compressed to 16 bits over the square's empty-board attacks (pext), and".into(),
            "expanded by pdep. Lookup: pdep(ATTACKS[offset + pext(occupied, mask)], attack_mask)".into(),
        ],
        provenance: provenance(layout, "none needed: pext is a perfect hash".into(), None, verified),
        entry_tables: entry_tables("mask, attack mask and offset", &entries),
        table_entries: codes.len(),
        arrays: vec![DataArray {
            name: "ATTACKS".into(),
            doc: "Attack sets of every square's slice, in pext order, each compressed over the square's attack mask."
                .into(),
            values: Values::U16(codes),
            runs,
            two_dimensional: false,
        }],
    })
}
