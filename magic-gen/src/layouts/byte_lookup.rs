//! Byte lookup (Robert Houdart's method): the fancy index selects a byte, and the byte selects
//! one of the square's distinct attack sets in a deduplicated table. A rook square has at most
//! 144 distinct attack sets (d4: 3 × 4 × 3 × 4) and a bishop square at most 108, so a byte is
//! always enough; all squares together have 4,900 + 1,428 = 6,328.
//!
//! The index table costs 107,648 bytes and the attack sets 50,624, about a fifth of the fancy
//! layout's 861 KB, for one more dependent load per lookup.

use build_support_model::{DataArray, LayoutFile, Values};

use super::{entry_tables, provenance, sliced_array};
use crate::error::BuildError;
use crate::generate::Generated;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::verify::check_lookup;
use magic_tables_core::layouts::byte_lookup::ByteMagic;
use magic_tables_core::pair_index;

/// The byte-lookup layout of `fancy`'s magics.
pub fn build(references: &ReferenceSet, fancy: &Generated) -> Result<LayoutFile, BuildError> {
    let layout = Layout::ByteLookup;
    let tables = &fancy.tables;
    let mut bytes = vec![0u8; tables.attacks.len()];
    let mut sets: Vec<u64> = Vec::new();
    let mut bases = Vec::with_capacity(128);
    let mut set_slices = Vec::with_capacity(128);
    for occ in references.iter() {
        let entry = tables.entry(occ.slider, occ.square);
        let base = sets.len();
        for (&blockers, &attacks) in occ.blockers.iter().zip(&occ.attacks) {
            // Distinct sets in order of first appearance in the enumeration; a square has at
            // most 144, so the linear search is over a short slice.
            let position = match sets[base..].iter().position(|&s| s == attacks) {
                Some(position) => position,
                None => {
                    sets.push(attacks);
                    sets.len() - 1 - base
                }
            };
            bytes[entry.slot(blockers)] = u8::try_from(position).map_err(|_| BuildError::Data {
                layout: layout.name(),
                message: format!("{} {} has more than 256 distinct attack sets", occ.slider, occ.square),
            })?;
        }
        bases.push(u32::try_from(base).expect("6,328 sets"));
        set_slices.push((base, sets.len() - base));
    }
    let entries: Vec<ByteMagic> = tables
        .entries
        .iter()
        .flatten()
        .zip(&bases)
        .map(|(e, &base)| ByteMagic { mask: e.mask, magic: e.magic, shift: e.shift, offset: e.offset, base })
        .collect();
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        let entry = &entries[pair_index(slider, square)];
        sets.get(entry.attack_set(*bytes.get(entry.slot(occupied))?)).copied()
    })?;
    let index_runs = references
        .iter()
        .map(|occ| {
            let e = tables.entry(occ.slider, occ.square);
            (format!("{} {}: offset {}, {} index bits", occ.slider, occ.square, e.offset, e.bits()), 1 << e.bits())
        })
        .collect();
    let set_count = sets.len();
    Ok(LayoutFile {
        layout: layout.name().into(),
        description: vec![
            "byte-lookup: the fancy index selects a byte in INDEXES, which selects one of the".into(),
            "square's distinct attack sets, stored once each in ATTACK_SETS.".into(),
            "Lookup: ATTACK_SETS[base + INDEXES[offset + (((occupied & mask) * magic) >> shift)]]".into(),
        ],
        provenance: provenance(layout, format!("the fancy magics ({})", fancy.plan), None, verified),
        entry_tables: entry_tables("mask, magic, shift, index offset and attack-set base", &entries),
        arrays: vec![
            DataArray {
                name: "INDEXES".into(),
                doc: "Per square and fancy index, the position of the attack set among the square's sets.".into(),
                values: Values::U8(bytes),
                runs: index_runs,
                two_dimensional: false,
            },
            sliced_array(
                "ATTACK_SETS",
                "The distinct attack sets of every square, square by square.",
                sets,
                &set_slices,
            ),
        ],
        table_entries: set_count,
    })
}
