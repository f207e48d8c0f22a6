//! Plain magics (Lasse Hansen's original layout): a fixed 12 index bits for every rook square
//! and 9 for every bishop square, so a lookup needs no per-square shift or offset, at the price
//! of two-dimensional tables of 64 × 4,096 and 64 × 512 slots (294,912 in all).
//!
//! The magics are the fancy ones: a magic that separates the attack sets with `c` index bits
//! separates them with any more bits too, since the longer index refines the shorter one.

use build_support_model::{DataArray, LayoutFile, Values};

use super::{entry_tables, provenance};
use crate::error::BuildError;
use crate::generate::Generated;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::verify::check_lookup;
use magic_tables_core::layouts::plain::PlainMagic;
use magic_tables_core::pair_index;
use magic_tables_core::{Slider, Square};

/// Index bits of every square of `slider`: 12 for rooks, 9 for bishops (what the slider's fixed
/// shift leaves).
pub const fn plain_bits(slider: Slider) -> u32 {
    64 - slider.fixed_shift()
}

/// The plain layout of `fancy`'s magics, checked through `ATTACKS[square][((occupied & mask) *
/// magic) >> (64 - plain_bits)]`.
pub fn build(references: &ReferenceSet, fancy: &Generated) -> Result<LayoutFile, BuildError> {
    let entries: Vec<PlainMagic> = references
        .iter()
        .map(|occ| {
            let fancy = fancy.tables.entry(occ.slider, occ.square);
            PlainMagic { mask: fancy.mask, magic: fancy.magic }
        })
        .collect();
    let mut tables = [vec![0u64; 64 << 12], vec![0u64; 64 << 9]];
    let row = |slider: Slider, square: Square| (square.index() as usize) << plain_bits(slider);
    for (occ, entry) in references.iter().zip(&entries) {
        let base = row(occ.slider, occ.square);
        for (&blockers, &attacks) in occ.blockers.iter().zip(&occ.attacks) {
            tables[occ.slider.ordinal()][base + entry.index(blockers, occ.slider)] = attacks;
        }
    }
    let verified = check_lookup(Layout::Plain, references, |slider, square, occupied| {
        // The fixed shift keeps every index inside the square's row.
        tables[slider.ordinal()]
            .get(row(slider, square) + entries[pair_index(slider, square)].index(occupied, slider))
            .copied()
    })?;
    let arrays = Slider::ALL
        .into_iter()
        .zip(tables)
        .map(|(slider, values)| {
            let len = 1usize << plain_bits(slider);
            DataArray {
                name: format!("{}_ATTACKS", slider.to_string().to_uppercase()),
                doc: format!("{slider} attack sets: one row of {len} slots per square."),
                values: Values::U64(values),
                runs: Square::ALL.iter().map(|sq| (format!("{slider} {sq}"), len)).collect(),
                two_dimensional: true,
            }
        })
        .collect();
    Ok(LayoutFile {
        layout: Layout::Plain.name().into(),
        description: vec![
            "plain: fixed 12 (rook) / 9 (bishop) index bits, one row per square.".into(),
            "Lookup: ROOK_ATTACKS[square][((occupied & mask) * magic) >> 52],".into(),
            "        BISHOP_ATTACKS[square][((occupied & mask) * magic) >> 55]".into(),
        ],
        provenance: provenance(Layout::Plain, format!("the fancy magics ({})", fancy.plan), None, verified),
        entry_tables: entry_tables("mask and magic", &entries),
        arrays,
        table_entries: 64 * (4096 + 512),
    })
}
