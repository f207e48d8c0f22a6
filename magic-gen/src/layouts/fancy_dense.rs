//! Fancy magics with fewer bits: the squares for which this project's search found a magic with
//! one index bit fewer than the mask size use it, halving their slices; every other square keeps
//! its minimal-bit fancy magic.
//!
//! Such magics take minutes of searching, far beyond the build's budget, so the build gets a
//! recipe (`magic-gen/recipes/fancy_dense.recipe.csv`): the seed and each magic's candidate
//! number, from which [`crate::recipe`] re-derives the magic by seeking its stream. This module
//! checks every one exhaustively before use. Published sets of such magics (the comparison data
//! in `tests/data/`) go through the same code with [`build_from_records`].

use build_support_model::LayoutFile;

use super::provenance;
use crate::error::BuildError;
use crate::generate::Generated;
use crate::layout::Layout;
use crate::magic_set::MagicSet;
use crate::recipe::{Recipe, RecipeLayout};
use crate::records::{RecordError, RecordKind, parse_record_set};
use crate::reference::ReferenceSet;
use crate::search::FoundMagic;
use crate::table::TableSet;
use crate::verify::verify_fancy;
use magic_tables_core::pair_index;

/// The layout from the recipe `text` (named `file` in the header and in errors) and `fancy`'s
/// magics for the squares it does not list.
pub fn build(references: &ReferenceSet, fancy: &Generated, file: &str, text: &str) -> Result<LayoutFile, BuildError> {
    let layout = Layout::FancyDense;
    let recipe = Recipe::parse(text).map_err(|source| BuildError::Records {
        layout: layout.name(),
        file: file.into(),
        source,
    })?;
    if recipe.layout != RecipeLayout::FewerBits {
        let message = format!("{file} is a recipe of the {} layout, not of fancy-dense", recipe.layout_name());
        return Err(BuildError::Data { layout: layout.name(), message });
    }
    let swept = recipe.rows.iter().filter(|row| row.swept.is_some()).count();
    let sweeps = match swept {
        0 => String::new(),
        n => format!(" and {n} of its exhaustive sweeps (`magic-gen sweep`, the commands in {file})"),
    };
    let magics = format!(
        "{} one-bit-fewer magics of this project's search (master seed {}, candidate numbers from {file}){sweeps}; the fancy magics ({}) elsewhere",
        recipe.rows.len() - swept,
        recipe.seed,
        fancy.plan
    );
    let mut reproduce: Vec<String> =
        recipe.command.iter().map(|command| format!("`{command}` finds the magics of {file}.")).collect();
    reproduce.extend(recipe.audit_lines(file, "this build"));
    build_from_set(references, fancy, &recipe.magic_set(), magics, reproduce).map_err(|error| match error {
        // A square whose lookups fail has its own slice here: its magic is not one for its
        // bits, and its row is named by its line (as the packed layouts name theirs).
        BuildError::Mismatch { slider, square, .. } => {
            match recipe.rows.iter().find(|row| (row.slider, row.square) == (slider, square)) {
                Some(row) => {
                    let message = format!(
                        "{slider} {square}: `{}` gives {:#018X}, not a fancy magic for {} index bits",
                        row.source(),
                        recipe.magic(row),
                        crate::recipe::row_bits(row)
                    );
                    let source = RecordError { line: row.line, message };
                    BuildError::Records { layout: layout.name(), file: file.into(), source }
                }
                None => error,
            }
        }
        other => other,
    })
}

/// The layout from a record file of published fewer-bit fancy magics (with `bits_used`).
pub fn build_from_records(
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
    let magics = format!("{} published fewer-bit magics from {file}; the fancy magics elsewhere", set.entries.len());
    build_from_set(references, fancy, &set, magics, Vec::new()).map_err(|error| match error {
        // As for a recipe: the square's row is named by its line.
        BuildError::Mismatch { slider, square, .. } => match set.entry(slider, square).filter(|e| e.line > 0) {
            Some(entry) => {
                let message = format!(
                    "{slider} {square}: {:#018X} is not a fancy magic for {} index bits",
                    entry.magic,
                    64 - entry.shift
                );
                records_error(RecordError { line: entry.line, message })
            }
            None => error,
        },
        other => other,
    })
}

fn build_from_set(
    references: &ReferenceSet,
    fancy: &Generated,
    set: &MagicSet,
    magics: String,
    reproduce: Vec<String>,
) -> Result<LayoutFile, BuildError> {
    let layout = Layout::FancyDense;
    let mut found = fancy.found;
    for entry in &set.entries {
        let pair = pair_index(entry.slider, entry.square);
        found[pair] = FoundMagic { magic: entry.magic, bits: 64 - entry.shift, candidates: 0, drawn: 0 };
    }
    let tables = TableSet::build_fancy(references, &found);
    let verified = verify_fancy(layout, &tables, references)?.occupancies_checked;
    let description = vec![
        "fancy-dense: fancy, with fewer index bits than the mask size on the squares".into(),
        format!("where a magic allows it ({} squares).", set.entries.len()),
        "Lookup: ATTACKS[offset + (((occupied & mask) * magic) >> shift)]".into(),
    ];
    let mut provenance = provenance(layout, magics, None, verified);
    provenance.reproduce.extend(reproduce);
    Ok(super::fancy::tables_file(layout, &tables, description, provenance))
}
