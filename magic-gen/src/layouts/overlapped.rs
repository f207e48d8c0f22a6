//! The overlapping fixed-shift layouts: one shift per slider (52 for rooks, 55 for bishops,
//! so 12 and 9 index bits) and a per-square offset into one shared array, where squares' index
//! ranges interleave wherever the slots they use do not conflict.
//!
//! * `fixed-shift`: "white" magics, `((occupied & mask) * magic) >> shift` (Onno Garms, Volker
//!   Annuss).
//! * `black`: black magics, `((occupied | !mask) * magic) >> shift` (Volker Annuss): ORing in
//!   the mask's complement gives the product a fixed high part that the search can use to pull
//!   every index towards the bottom of the range.
//! * `black-variable`: black magics with a shift per square (as many index bits as the mask, or
//!   fewer), so that each square's range is as small as its occupancies allow.
//!
//! A dense packing takes this project's packer (`magic-gen pack`, [`crate::dense`]) a long
//! search, so the build gets its recipe (`magic-gen/recipes/<layout>.recipe.csv`: the seed, and
//! each square's candidate position and offset) and re-derives the magics from it
//! ([`crate::recipe`]). Published packings (the comparison data in `tests/data/published/`) go
//! through the same code with [`build_from_records`]. [`crate::magic_set::build_set`] builds the
//! shared array from the slow reference and refuses any pair of squares that needs one slot for
//! different attack sets, naming both.

use build_support_model::LayoutFile;

use super::{chunked_array, entry_tables, provenance};
use crate::error::BuildError;
use crate::layout::Layout;
use crate::magic_set::{Indexing, MagicSet, SetEntry, SetError, build_set};
use crate::recipe::{Recipe, RecipeLayout};
use crate::records::{RecordKind, parse_record_set};
use crate::reference::ReferenceSet;
use crate::verify::check_lookup;
use magic_tables_core::layouts::black::BlackMagic;
use magic_tables_core::layouts::black_variable::BlackVariableMagic;
use magic_tables_core::layouts::fixed_shift::FixedMagic;
use magic_tables_core::pair_index;
use magic_tables_core::{Slider, Square};

/// The `fixed-shift` layout from a recipe of this project's packer (`file` names it in the
/// header and in errors).
pub fn build_fixed_shift(references: &ReferenceSet, file: &str, recipe: &str) -> Result<LayoutFile, BuildError> {
    build_from_recipe(Layout::FixedShift, references, file, recipe)
}

/// The `black` or `black-variable` layout from a recipe of this project's packer.
pub fn build_black(
    layout: Layout,
    references: &ReferenceSet,
    file: &str,
    recipe: &str,
) -> Result<LayoutFile, BuildError> {
    debug_assert!(matches!(layout, Layout::Black | Layout::BlackVariable));
    build_from_recipe(layout, references, file, recipe)
}

/// The indexing of `layout` (`black`, `black-variable` or `fixed-shift`).
fn indexing_of(layout: Layout) -> Indexing {
    if layout == Layout::FixedShift { Indexing::White } else { Indexing::Black }
}

fn build_from_recipe(
    layout: Layout,
    references: &ReferenceSet,
    file: &str,
    text: &str,
) -> Result<LayoutFile, BuildError> {
    let file_name = file;
    let name = layout.name();
    let recipe =
        Recipe::parse(text).map_err(|source| BuildError::Records { layout: name, file: file.into(), source })?;
    if recipe.layout != RecipeLayout::Packed(indexing_of(layout)) {
        let message = format!("{file} is a recipe of the {} layout, not of {name}", recipe.layout_name());
        return Err(BuildError::Data { layout: name, message });
    }
    let mut reproduce = Vec::new();
    if let Some(command) = &recipe.command {
        reproduce.push(format!("`{command}` writes {file} from scratch."));
    }
    reproduce.extend(recipe.audit_lines(file, "this build"));
    let magics = format!(
        "this project's packer: master seed {}, each square's candidate position and offset from {file}",
        recipe.seed
    );
    // The stated size is checked against the rows, not trusted.
    let set = recipe.magic_set();
    build_from_set(layout, references, (file_name, &set), magics, reproduce, recipe.stated_size)
        .map_err(|error| located(error, file_name, &set))
}

/// A layout check's failure of a square of `set`, read from `file`, as the error naming the file
/// and the square's line ([`SetError::in_file`]); other errors as they are.
fn located(error: BuildError, file: &str, set: &MagicSet) -> BuildError {
    match error {
        BuildError::Set { layout, source } => BuildError::Data { layout, message: source.in_file(file, set) },
        other => other,
    }
}

/// The `black` or `fixed-shift` layout from a record file of published magics with offsets (the
/// comparison data in `tests/data/`), checked and laid out exactly as a recipe's magics are.
pub fn build_from_records(
    layout: Layout,
    references: &ReferenceSet,
    file: &str,
    records: &str,
) -> Result<LayoutFile, BuildError> {
    let name = layout.name();
    let (kind, set) =
        parse_record_set(records).map_err(|source| BuildError::Records { layout: name, file: file.into(), source })?;
    let (expected_kind, what) = match layout {
        Layout::Black | Layout::BlackVariable => (RecordKind::Black, "black magics with offsets"),
        _ => (RecordKind::FixedShift, "fixed-shift magics with offsets"),
    };
    if kind != expected_kind {
        return Err(BuildError::Data { layout: name, message: format!("{file} does not hold {what}") });
    }
    let magics = format!("published, from {file} (its `source` column names each magic's origin)");
    build_from_set(layout, references, (file, &set), magics, Vec::new(), None)
        .map_err(|error| located(error, file, &set))
}

/// Lays out and checks `set` (black or white magics with offsets for all 128 squares).
/// Every error names `file` (`set` was read from it), and one about a square its line.
fn build_from_set(
    layout: Layout,
    references: &ReferenceSet,
    (file, set): (&str, &MagicSet),
    magics: String,
    reproduce: Vec<String>,
    stated: Option<(usize, usize)>,
) -> Result<LayoutFile, BuildError> {
    let name = layout.name();
    let data_error = |message: String| BuildError::Data { layout: name, message };
    let at = |entry: &SetEntry| set.place(file, entry.slider, entry.square);
    if set.indexing != indexing_of(layout) {
        return Err(data_error(format!("{file}: {name} needs {:?} magics", indexing_of(layout))));
    }
    let mut by_pair: [[Option<SetEntry>; 64]; 2] = [[None; 64]; 2];
    for entry in &set.entries {
        let mask_bits = magic_tables_core::geometry::relevant_mask(entry.slider, entry.square).count_ones();
        if layout == Layout::BlackVariable {
            // A square's own shift: at most as many index bits as its mask has (more would only
            // spread its range), at least one.
            if !(64 - mask_bits..64).contains(&entry.shift) {
                return Err(data_error(format!(
                    "{}: {} {} has shift {}: this layout's shifts are {} to 63 (at most its {mask_bits} mask bits)",
                    at(entry),
                    entry.slider,
                    entry.square,
                    entry.shift,
                    64 - mask_bits
                )));
            }
        } else if entry.shift != entry.slider.fixed_shift() {
            return Err(data_error(format!(
                "{}: {} {} has shift {}, but this layout shifts every {} by {}",
                at(entry),
                entry.slider,
                entry.square,
                entry.shift,
                entry.slider,
                entry.slider.fixed_shift()
            )));
        }
        by_pair[entry.slider.ordinal()][entry.square.index() as usize] = Some(*entry);
    }
    // Every square, each with an offset: an overlapping table has no default place for one.
    for slider in Slider::ALL {
        for square in Square::ALL {
            if by_pair[slider.ordinal()][square.index() as usize].and_then(|e| e.offset).is_none() {
                return Err(BuildError::Set { layout: name, source: SetError::Missing { slider, square } });
            }
        }
    }
    let (report, attacks) = build_set(set, references).map_err(|source| BuildError::Set { layout: name, source })?;
    if let Some(error) = stated.and_then(|stated| report.stated_size_error(file, set, stated)) {
        return Err(data_error(error));
    }
    let entry =
        |slider: Slider, square: Square| by_pair[slider.ordinal()][square.index() as usize].expect("checked above");
    // The entries as the runtime holds them, with offsets for addresses: the check below goes
    // through their own `index`, the formula the runtime evaluates.
    let offset = |slider, square| entry(slider, square).offset.expect("checked above") as usize;
    let (fixed, black): (Vec<FixedMagic<usize>>, Vec<BlackMagic<usize>>) = references
        .iter()
        .map(|occ| {
            let (magic, attacks) = (entry(occ.slider, occ.square).magic, offset(occ.slider, occ.square));
            (FixedMagic { mask: occ.mask, magic, attacks }, BlackMagic { not_mask: !occ.mask, magic, attacks })
        })
        .unzip();
    let variable: Vec<BlackVariableMagic<usize>> = references
        .iter()
        .map(|occ| {
            let entry = entry(occ.slider, occ.square);
            let attacks = offset(occ.slider, occ.square);
            BlackVariableMagic { not_mask: !occ.mask, magic: entry.magic, attacks, shift: entry.shift }
        })
        .collect();
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        let pair = pair_index(slider, square);
        let slot = match layout {
            Layout::FixedShift => fixed[pair].attacks + fixed[pair].index(occupied, slider),
            Layout::BlackVariable => variable[pair].attacks + variable[pair].index(occupied),
            _ => black[pair].attacks + black[pair].index(occupied, slider),
        };
        attacks.get(slot).copied()
    })?;
    let (description, tables) = match layout {
        Layout::BlackVariable => (
            vec![
                "black-variable: black magics with a shift per square (as many index bits as its mask".into(),
                "has, or fewer) and per-square offsets into one array in which squares' ranges overlap.".into(),
                "Lookup: ATTACKS[offset + (((occupied | not_mask) * magic) >> shift)]".into(),
            ],
            entry_tables("complement of the mask, magic, offset and shift", &variable),
        ),
        Layout::FixedShift => (
            vec![
                "fixed-shift: one shift per slider (rook 52, bishop 55), per-square offsets into one".into(),
                "array in which squares' index ranges overlap where their used slots do not conflict.".into(),
                "Lookup: ATTACKS[offset + (((occupied & mask) * magic) >> shift)]".into(),
            ],
            entry_tables("mask, magic and offset", &fixed),
        ),
        _ => (
            vec![
                "black: black magics with one shift per slider (rook 52, bishop 55) and per-square".into(),
                "offsets into one array in which squares' index ranges overlap.".into(),
                "Lookup: ATTACKS[offset + (((occupied | not_mask) * magic) >> shift)]".into(),
            ],
            entry_tables("complement of the mask, magic and offset", &black),
        ),
    };
    let mut description: Vec<String> = description;
    description.push(format!(
        "{} of the {} slots are used; {} squares overlap another square's range.",
        report.used, report.entries, report.overlapping_squares
    ));
    Ok(LayoutFile {
        layout: name.into(),
        description,
        provenance: {
            let mut provenance = provenance(layout, magics, None, verified);
            provenance.reproduce.extend(reproduce);
            provenance
        },
        entry_tables: tables,
        arrays: vec![chunked_array("ATTACKS", "Attack sets of all squares' overlapping ranges.", attacks)],
        table_entries: report.entries,
    })
}
