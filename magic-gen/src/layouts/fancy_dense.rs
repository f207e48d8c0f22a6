//! Fancy magics with fewer bits: the squares for which a magic with one index bit fewer than
//! the mask size is known use it, halving their slices; every other square keeps its
//! minimal-bit fancy magic. 92,864 slots instead of 107,648.
//!
//! Such magics are far too rare for a seeded search inside the build's budget (they are the
//! products of years of published searching), so they come as data: the build passes the text
//! of `magic-tables/data/fancy_dense.csv`, a copy of `shared/records/best_magics_c_minus_1.csv`
//! (source: the niklasf/magics README, "Best Magics so far" on the Chess Programming Wiki, as its
//! `source` column says), and this module checks every one of them before use.

use build_support::LayoutFile;

use super::{BuildError, Layout, provenance};
use crate::generate::Generated;
use crate::records::{RecordKind, parse_record_set};
use crate::reference::{ReferenceSet, pair_index};
use crate::search::FoundMagic;
use crate::table::TableSet;
use crate::verify::verify_fancy;

/// The layout from the published magics in `records` (a record file of fancy magics with
/// `bits_used`, named `file` in errors) and `fancy`'s magics for the squares it does not list.
pub fn build(
    references: &ReferenceSet,
    fancy: &Generated,
    file: &str,
    records: &str,
) -> Result<LayoutFile, BuildError> {
    let layout = Layout::FancyDense;
    let records_error = |source| BuildError::Records { layout: layout.name(), file: file.into(), source };
    let (kind, set) = parse_record_set(records).map_err(records_error)?;
    if kind != RecordKind::Fancy {
        return Err(BuildError::Data { layout: layout.name(), message: format!("{file} is not a fancy record file") });
    }
    let mut found = fancy.found;
    for entry in &set.entries {
        let pair = pair_index(entry.slider, entry.square);
        found[pair] = FoundMagic { magic: entry.magic, bits: 64 - entry.shift, candidates: 0, drawn: 0 };
    }
    let tables = TableSet::build_fancy(references, &found);
    let verified = verify_fancy(layout, &tables, references)?.occupancies_checked;
    let description = vec![
        "fancy-dense: fancy, with one index bit fewer than the mask size on the squares".into(),
        format!("where a published magic allows it ({} squares).", set.entries.len()),
        "Lookup: ATTACKS[offset + (((occupied & mask) * magic) >> shift)]".into(),
    ];
    let provenance = provenance(
        layout,
        format!(
            "{} published one-bit-fewer magics from {file} (shared/records/best_magics_c_minus_1.csv: niklasf/magics README, CPW Best Magics so far); the fancy magics ({}) elsewhere",
            set.entries.len(),
            fancy.plan
        ),
        None,
        verified,
    );
    Ok(super::fancy::tables_file(layout, &tables, description, provenance))
}
