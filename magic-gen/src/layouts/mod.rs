//! Every table layout of the Chess Programming Wiki's Magic Bitboards page
//! (<https://www.chessprogramming.org/Magic_Bitboards>), built from verified magics and checked through
//! the layout's own lookup formula before it is rendered (through `build-support`) as the
//! source file `magic-tables` includes for the layout's cargo feature.
//!
//! Each submodule builds one layout and mirrors, in [`check_lookup`]'s closure, exactly the
//! formula the runtime module of the same name evaluates, reading the same data that is
//! rendered. So the check covers what ships: every relevant occupancy of every square, and each
//! again with bits outside the mask set.
//!
//! | layout | module | magics from |
//! |---|---|---|
//! | `fancy` | [`fancy`] | tuned seeded search |
//! | `plain` | [`plain`] | the fancy magics, with 12/9 index bits |
//! | `fancy-dense` | [`fancy_dense`] | published one-bit-fewer magics, fancy magics elsewhere |
//! | `fixed-shift` | [`overlapped`] | published overlapping "white" magics |
//! | `black` | [`overlapped`] | published overlapping black magics |
//! | `byte-lookup` | [`byte_lookup`] | the fancy magics |
//! | `magic32` | [`magic32`] | tuned seeded search for 32-bit pairs |
//! | `shared` | [`shared`] | the fancy magics, post-masked |
//! | `folded` | [`folded`] | tuned seeded search with the shift in the magic |
//! | `pext` | [`pext`] | no magics: BMI2 `pext` |

use build_support::{DataArray, LayoutFile, Provenance, Values};

pub use crate::error::BuildError;
use crate::reference::ReferenceSet;
use crate::reference::pair_index;
use crate::search::{Budget, Scheme, Shard, search_scheme};
use crate::seeds::SeedPlan;
pub use crate::verify::check_lookup;
use crate::{Slider, Square};
use fields::entry_tables;

pub mod byte_lookup;
pub mod fancy;
pub mod fancy_dense;
mod fields;
pub mod folded;
pub mod magic32;
pub mod overlapped;
pub mod pext;
pub mod plain;
pub mod shared;

/// A table layout, named as its cargo feature in `magic-tables`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Per-square shift and offset into one flat array (the foundation's layout).
    Fancy,
    /// Fixed 12/9 index bits, two-dimensional tables.
    Plain,
    /// Fancy with one index bit fewer where a published magic allows it.
    FancyDense,
    /// One shift per slider, per-square offsets into one overlapping array.
    FixedShift,
    /// Black magics: `(occupied | !mask) * magic >> shift`, overlapping.
    Black,
    /// A byte per slot into the deduplicated attack sets.
    ByteLookup,
    /// Two 32-bit multiplications.
    Magic32,
    /// Post-masked tables shared by two rook or four bishop squares.
    Shared,
    /// The shift folded into the magic's top six bits.
    Folded,
    /// BMI2 `pext` indexing.
    Pext,
}

impl Layout {
    /// Every layout.
    pub const ALL: [Layout; 10] = [
        Layout::Fancy,
        Layout::Plain,
        Layout::FancyDense,
        Layout::FixedShift,
        Layout::Black,
        Layout::ByteLookup,
        Layout::Magic32,
        Layout::Shared,
        Layout::Folded,
        Layout::Pext,
    ];

    /// The cargo feature's name, such as `fixed-shift`.
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Fancy => "fancy",
            Layout::Plain => "plain",
            Layout::FancyDense => "fancy-dense",
            Layout::FixedShift => "fixed-shift",
            Layout::Black => "black",
            Layout::ByteLookup => "byte-lookup",
            Layout::Magic32 => "magic32",
            Layout::Shared => "shared",
            Layout::Folded => "folded",
            Layout::Pext => "pext",
        }
    }

    /// The generated file's name in `OUT_DIR`: the module's name plus `.rs`.
    pub fn file_name(self) -> String {
        format!("{}.rs", self.name().replace('-', "_"))
    }
}

/// The magics of a seeded search of every (slider, square), laid out as minimal fancy slices in
/// stream order and filled through the scheme's index function.
pub(crate) struct SearchedSlices {
    /// Per pair in stream order: (mask, magic, index bits, offset).
    pub magics: Vec<(u64, u64, u32, usize)>,
    /// The filled attack array.
    pub attacks: Vec<u64>,
    /// Per pair: (offset, length).
    pub slices: Vec<(usize, usize)>,
    /// Candidates drawn over all searches.
    pub candidates: u64,
}

/// Searches `scheme`'s minimal-bit magic of every pair with `plan`'s seeds (at most
/// `plan.max_candidates(budget)` candidates each) and fills their slices.
pub(crate) fn search_slices(
    layout: Layout,
    references: &ReferenceSet,
    scheme: Scheme,
    plan: SeedPlan,
    budget: u64,
) -> Result<SearchedSlices, BuildError> {
    let mut out = SearchedSlices { magics: Vec::new(), attacks: Vec::new(), slices: Vec::new(), candidates: 0 };
    for occ in references.iter() {
        let bits = occ.mask_bits();
        let seed = plan.seed_for(scheme, occ.slider, occ.square);
        let budget = Budget::candidates(plan.max_candidates(budget));
        let found = search_scheme(occ, scheme, bits, seed, Shard::WHOLE, budget)
            .map_err(|source| BuildError::Search { layout: layout.name(), source })?;
        out.candidates += found.candidates;
        let offset = out.attacks.len();
        out.attacks.resize(offset + (1 << bits), 0);
        for (&blockers, &set) in occ.blockers.iter().zip(&occ.attacks) {
            out.attacks[offset + scheme.index(blockers, found.magic, bits)] = set;
        }
        out.magics.push((occ.mask, found.magic, bits, offset));
        out.slices.push((offset, 1usize << bits));
    }
    Ok(out)
}

/// The layout file of a seeded search with its own index `scheme` (`magic32`, `folded`): each
/// pair's minimal magic as an entry (`entry(mask, magic, bits, offset)`), checked through the
/// entry's own `slot`, in fancy slices.
pub(crate) fn searched_file<E: fields::RenderedEntry>(
    layout: Layout,
    references: &ReferenceSet,
    (scheme, plan, budget): (Scheme, SeedPlan, u64),
    description: Vec<String>,
    what: &str,
    entry: impl Fn(u64, u64, u32, u32) -> E,
    slot: impl Fn(&E, u64) -> usize,
) -> Result<LayoutFile, BuildError> {
    let SearchedSlices { magics, attacks, slices, candidates } =
        search_slices(layout, references, scheme, plan, budget)?;
    let entries: Vec<E> = magics
        .iter()
        .map(|&(mask, magic, bits, offset)| entry(mask, magic, bits, u32::try_from(offset).expect("107,648 slots")))
        .collect();
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        attacks.get(slot(&entries[pair_index(slider, square)], occupied)).copied()
    })?;
    Ok(LayoutFile {
        layout: layout.name().into(),
        description,
        provenance: provenance(layout, plan.describe(scheme), Some(candidates), verified),
        entry_tables: entry_tables(what, &entries),
        table_entries: attacks.len(),
        arrays: vec![sliced_array("ATTACKS", "Attack sets of every square's slice.", attacks, &slices)],
    })
}

/// The provenance block of a layout file.
pub(crate) fn provenance(layout: Layout, magics: String, candidates: Option<u64>, verified: usize) -> Provenance {
    Provenance {
        generator: format!("magic-gen {}", crate::VERSION),
        seed: magics,
        candidates,
        verified_occupancies: verified,
        reproduce: vec![format!(
            "`cargo build -p magic-tables --features {}` writes this file to its OUT_DIR as {}.",
            layout.name(),
            layout.file_name()
        )],
    }
}

/// A flat `u64` array cut into one labelled run per (slider, square) slice, given each slice's
/// (offset, length) in stream order; slices must follow each other without gaps.
pub(crate) fn sliced_array(name: &str, doc: &str, values: Vec<u64>, slices: &[(usize, usize)]) -> DataArray {
    let runs = slices
        .iter()
        .enumerate()
        .map(|(pair, &(offset, len))| {
            let (slider, square) = (Slider::ALL[pair / 64], Square::ALL[pair % 64]);
            (format!("{slider} {square}: offset {offset}, {len} entries"), len)
        })
        .collect();
    DataArray { name: name.into(), doc: doc.into(), values: Values::U64(values), runs, two_dimensional: false }
}

/// A flat `u64` array shared by overlapping ranges, cut into labelled runs of 4,096 slots.
pub(crate) fn chunked_array(name: &str, doc: &str, values: Vec<u64>) -> DataArray {
    let runs = (0..values.len())
        .step_by(4096)
        .map(|start| {
            let end = (start + 4096).min(values.len());
            (format!("slots {start}..{end}"), end - start)
        })
        .collect();
    DataArray { name: name.into(), doc: doc.into(), values: Values::U64(values), runs, two_dimensional: false }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_features_and_modules() {
        let names: Vec<&str> = Layout::ALL.iter().map(|l| l.name()).collect();
        assert_eq!(names.len(), 10);
        assert_eq!(Layout::FixedShift.file_name(), "fixed_shift.rs");
        assert_eq!(Layout::ByteLookup.file_name(), "byte_lookup.rs");
    }
}
