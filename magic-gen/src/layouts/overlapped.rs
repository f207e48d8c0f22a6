//! The overlapping fixed-shift layouts: one shift per slider (52 for rooks, 55 for bishops,
//! so 12 and 9 index bits) and a per-square offset into one shared array, where squares' index
//! ranges interleave wherever the slots they use do not conflict.
//!
//! * `fixed-shift`: "white" magics, `((occupied & mask) * magic) >> shift` (Onno Garms, Volker
//!   Annuss).
//! * `black`: black magics, `((occupied | !mask) * magic) >> shift` (Volker Annuss): ORing in
//!   the mask's complement gives the product a fixed high part that the search can use to pull
//!   every index towards the bottom of the range.
//!
//! The dense packings took their authors long searches, so they come as data: the record files
//! in `magic-tables/data/` (copies of `shared/records/fixed_shift_white_annuss_88772.csv`, as in
//! shakmaty, and `black_magic_annuss_fiekas_87988.csv`, as in cozy-chess; their `source` columns
//! name the publications). [`crate::magic_set::build_set`] builds the shared array from the
//! slow reference and refuses any pair of squares that needs one slot for different attack sets,
//! naming both.

use build_support::LayoutFile;

use super::{BuildError, Layout, check_lookup, chunked_array, entry_tables, provenance};
use crate::magic_set::{Indexing, SetEntry, build_set};
use crate::records::{RecordKind, parse_record_set};
use crate::reference::{ReferenceSet, pair_index};
use crate::{Slider, Square};
use magic_tables_core::layouts::black::BlackMagic;
use magic_tables_core::layouts::fixed_shift::FixedMagic;

/// The `fixed-shift` layout from a record file of white magics with offsets.
pub fn build_fixed_shift(references: &ReferenceSet, file: &str, records: &str) -> Result<LayoutFile, BuildError> {
    build(Layout::FixedShift, references, file, records)
}

/// The `black` layout from a record file of black magics with offsets.
pub fn build_black(references: &ReferenceSet, file: &str, records: &str) -> Result<LayoutFile, BuildError> {
    build(Layout::Black, references, file, records)
}

fn build(layout: Layout, references: &ReferenceSet, file: &str, records: &str) -> Result<LayoutFile, BuildError> {
    let name = layout.name();
    let records_error = |source| BuildError::Records { layout: name, file: file.into(), source };
    let data_error = |message: String| BuildError::Data { layout: name, message };
    let (kind, set) = parse_record_set(records).map_err(records_error)?;
    let (expected_kind, what) = match layout {
        Layout::Black => (RecordKind::Black, "black magics with offsets"),
        _ => (RecordKind::FixedShift, "fixed-shift magics with offsets"),
    };
    if kind != expected_kind {
        return Err(data_error(format!("{file} does not hold {what}")));
    }
    let (report, attacks) = build_set(&set, references).map_err(|source| BuildError::Set { layout: name, source })?;
    let mut by_pair: [[Option<SetEntry>; 64]; 2] = [[None; 64]; 2];
    for entry in &set.entries {
        if entry.shift != entry.slider.fixed_shift() {
            return Err(data_error(format!(
                "{} {} has shift {}, but this layout shifts every {} by {}",
                entry.slider,
                entry.square,
                entry.shift,
                entry.slider,
                entry.slider.fixed_shift()
            )));
        }
        by_pair[entry.slider.ordinal()][entry.square.index() as usize] = Some(*entry);
    }
    // build_set has made sure all 128 squares are there (a set with offsets must be complete).
    let entry = |slider: Slider, square: Square| by_pair[slider.ordinal()][square.index() as usize].expect("complete");
    // The entries as the runtime holds them, with offsets for addresses: the check below goes
    // through their own `index`, the formula the runtime evaluates.
    let offset = |slider, square| entry(slider, square).offset.expect("complete") as usize;
    let (fixed, black): (Vec<FixedMagic<usize>>, Vec<BlackMagic<usize>>) = references
        .iter()
        .map(|occ| {
            let (magic, attacks) = (entry(occ.slider, occ.square).magic, offset(occ.slider, occ.square));
            (FixedMagic { mask: occ.mask, magic, attacks }, BlackMagic { not_mask: !occ.mask, magic, attacks })
        })
        .unzip();
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        let pair = pair_index(slider, square);
        let slot = match set.indexing {
            Indexing::White => fixed[pair].attacks + fixed[pair].index(occupied, slider),
            Indexing::Black => black[pair].attacks + black[pair].index(occupied, slider),
        };
        attacks.get(slot).copied()
    })?;
    let (description, tables) = match set.indexing {
        Indexing::White => (
            vec![
                "fixed-shift: one shift per slider (rook 52, bishop 55), per-square offsets into one".into(),
                "array in which squares' index ranges overlap where their used slots do not conflict.".into(),
                "Lookup: ATTACKS[offset + (((occupied & mask) * magic) >> shift)]".into(),
            ],
            entry_tables("mask, magic and offset", &fixed),
        ),
        Indexing::Black => (
            vec![
                "black: black magics with one shift per slider (rook 52, bishop 55) and per-square".into(),
                "offsets into one array in which squares' index ranges overlap.".into(),
                "Lookup: ATTACKS[offset + (((occupied | not_mask) * magic) >> shift)]".into(),
            ],
            entry_tables("complement of the mask, magic and offset", &black),
        ),
    };
    let mut description: Vec<String> = description;
    description.push("`attacks` is the address of ATTACKS[offset], so a lookup does not add the offset.".into());
    description.push(format!(
        "{} of the {} slots are used; {} squares overlap another square's range.",
        report.used, report.entries, report.overlapping_squares
    ));
    Ok(LayoutFile {
        layout: name.into(),
        description,
        provenance: provenance(
            layout,
            format!("published, from {file} (its `source` column names each magic's origin)"),
            None,
            verified,
        ),
        entry_tables: tables,
        arrays: vec![chunked_array("ATTACKS", "Attack sets of all squares' overlapping ranges.", attacks)],
        table_entries: report.entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXED: &str = include_str!("../../../magic-tables/data/fixed_shift.csv");
    const BLACK: &str = include_str!("../../../magic-tables/data/black.csv");

    #[test]
    fn the_published_tables_build_at_their_published_sizes() {
        let references = ReferenceSet::new();
        assert_eq!(build_fixed_shift(&references, "fixed_shift.csv", FIXED).unwrap().table_entries, 88_772);
        assert_eq!(build_black(&references, "black.csv", BLACK).unwrap().table_entries, 87_988);
    }

    /// Moving one square's range onto another's must fail, naming both squares.
    #[test]
    fn incompatible_overlap_fails_naming_both_squares() {
        let references = ReferenceSet::new();
        let mut lines: Vec<String> = FIXED.lines().map(str::to_owned).collect();
        let offset_of = |line: &str| line.split(',').nth(5).unwrap().to_owned();
        // Put rook b1 (line 3) at rook a1's offset (line 2).
        let a1_offset = offset_of(&lines[1]);
        let mut fields: Vec<String> = lines[2].split(',').map(str::to_owned).collect();
        fields[5] = a1_offset;
        lines[2] = fields.join(",");
        let err = build_fixed_shift(&references, "fixed_shift.csv", &lines.join("\n")).unwrap_err();
        let message = err.to_string();
        assert!(message.starts_with("fixed-shift: "), "{message}");
        assert!(
            message.contains("rook a1") && message.contains("rook b1") && message.contains("incompatible"),
            "{message}"
        );
    }

    #[test]
    fn a_white_file_is_not_black_magic() {
        let err = build_black(&ReferenceSet::new(), "fixed_shift.csv", FIXED).unwrap_err();
        assert_eq!(err.to_string(), "black: fixed_shift.csv does not hold black magics with offsets");
    }
}
