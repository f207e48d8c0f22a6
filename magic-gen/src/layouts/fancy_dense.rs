//! Fancy magics with fewer bits: the squares for which a magic with one index bit fewer than
//! the mask size is known use it, halving their slices; every other square keeps its
//! minimal-bit fancy magic. 92,864 slots instead of 107,648.
//!
//! Such magics are far too rare for a seeded search inside the build's budget (they are the
//! products of years of published searching), so they come as data: the build passes the text
//! of `magic-tables/data/fancy_dense.csv`, a copy of `shared/records/best_magics_c_minus_1.csv`
//! (source: the niklasf/magics README, "Best Magics so far" on the Chess Programming Wiki, as its
//! `source` column says), and this module checks every one of them before use.

use build_support::{Field, LayoutFile};

use super::{Layout, LayoutError, check_lookup, entry_tables, provenance, sliced_array};
use crate::generate::Generated;
use crate::records::{RecordKind, parse_record_set};
use crate::reference::{ReferenceSet, pair_index};
use crate::search::FoundMagic;
use crate::table::TableSet;

/// The layout from the published magics in `records` (a record file of fancy magics with
/// `bits_used`, named `file` in errors) and `fancy`'s magics for the squares it does not list.
pub fn build(
    references: &ReferenceSet,
    fancy: &Generated,
    file: &str,
    records: &str,
) -> Result<LayoutFile, LayoutError> {
    let layout = Layout::FancyDense;
    let records_error = |source| LayoutError::Records { layout: layout.name(), file: file.into(), source };
    let (kind, set) = parse_record_set(records).map_err(records_error)?;
    if kind != RecordKind::Fancy {
        return Err(LayoutError::Data { layout: layout.name(), message: format!("{file} is not a fancy record file") });
    }
    let mut found = fancy.found;
    for entry in &set.entries {
        let pair = pair_index(entry.slider, entry.square);
        found[pair] = FoundMagic { magic: entry.magic, bits: 64 - entry.shift, candidates: 0, drawn: 0 };
    }
    let tables = TableSet::build_fancy(references, &found);
    let verified =
        check_lookup(layout, references, |slider, square, occupied| tables.lookup(slider, square, occupied))?;
    let rows = tables
        .entries
        .iter()
        .flatten()
        .map(|e| {
            vec![
                ("mask", Field::Hex(e.mask)),
                ("magic", Field::Hex(e.magic)),
                ("shift", Field::U32(e.shift)),
                ("offset", Field::U32(e.offset)),
            ]
        })
        .collect();
    let slices: Vec<(usize, usize)> =
        tables.entries.iter().flatten().map(|e| (e.offset as usize, 1usize << e.bits())).collect();
    let entries = tables.attacks.len();
    Ok(LayoutFile {
        layout: layout.name().into(),
        description: vec![
            "fancy-dense: fancy, with one index bit fewer than the mask size on the squares".into(),
            format!("where a published magic allows it ({} squares).", set.entries.len()),
            "Lookup: ATTACKS[offset + (((occupied & mask) * magic) >> shift)]".into(),
        ],
        provenance: provenance(
            layout,
            format!(
                "{} published one-bit-fewer magics from {file} (shared/records/best_magics_c_minus_1.csv: niklasf/magics README, CPW Best Magics so far); the fancy magics ({}) elsewhere",
                set.entries.len(),
                fancy.plan
            ),
            None,
            verified,
        ),
        entry_tables: entry_tables("Magic", "mask, magic, shift and offset", rows),
        arrays: vec![sliced_array("ATTACKS", "Attack sets of every square's slice.", tables.attacks, &slices)],
        table_entries: entries,
    })
}
