//! Plain magics (Lasse Hansen's original layout): a fixed 12 index bits for every rook square
//! and 9 for every bishop square, so a lookup needs no per-square shift or offset, at the price
//! of two-dimensional tables of 64 × 4,096 and 64 × 512 slots (294,912 in all).
//!
//! The magics are the fancy ones: a magic that separates the attack sets with `c` index bits
//! separates them with any more bits too, since the longer index refines the shorter one.

use build_support::{DataArray, Field, LayoutFile, Values};

use super::{Layout, LayoutError, check_lookup, entry_tables, provenance};
use crate::generate::Generated;
use crate::reference::ReferenceSet;
use crate::{Slider, Square};

/// Index bits of every square of `slider`: 12 for rooks, 9 for bishops.
pub const fn plain_bits(slider: Slider) -> u32 {
    match slider {
        Slider::Rook => 12,
        Slider::Bishop => 9,
    }
}

/// The plain layout of `fancy`'s magics, checked through `ATTACKS[square][((occupied & mask) *
/// magic) >> (64 - plain_bits)]`.
pub fn build(references: &ReferenceSet, fancy: &Generated) -> Result<LayoutFile, LayoutError> {
    let mut tables = [vec![0u64; 64 << 12], vec![0u64; 64 << 9]];
    let mut rows = Vec::with_capacity(128);
    for occ in references.iter() {
        let entry = fancy.tables.entry(occ.slider, occ.square);
        let bits = plain_bits(occ.slider);
        let table = &mut tables[occ.slider.ordinal()];
        let base = (occ.square.index() as usize) << bits;
        for (&blockers, &attacks) in occ.blockers.iter().zip(&occ.attacks) {
            table[base + (blockers.wrapping_mul(entry.magic) >> (64 - bits)) as usize] = attacks;
        }
        rows.push(vec![("mask", Field::Hex(entry.mask)), ("magic", Field::Hex(entry.magic))]);
    }
    let verified = check_lookup(Layout::Plain, references, |slider, square, occupied| {
        let entry = fancy.tables.entry(slider, square);
        let bits = plain_bits(slider);
        let index = ((occupied & entry.mask).wrapping_mul(entry.magic) >> (64 - bits)) as usize;
        tables[slider.ordinal()].get(((square.index() as usize) << bits) + index).copied()
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
        entry_tables: entry_tables("PlainMagic", "mask and magic", rows),
        arrays,
        table_entries: 64 * (4096 + 512),
    })
}
