//! Every table layout of the Chess Programming Wiki's Magic Bitboards page
//! (<https://www.chessprogramming.org/Magic_Bitboards>), built from verified magics and checked through
//! the layout's own lookup formula before it is rendered (through `build-support`) as the
//! source file `magic-tables` includes for the layout's cargo feature.
//!
//! Each submodule builds one layout and mirrors, in [`crate::verify::check_lookup`]'s closure, exactly the
//! formula the runtime module of the same name evaluates, reading the same data that is
//! rendered. So the check covers what ships: every relevant occupancy of every square, and each
//! again with bits outside the mask set.
//!
//! | layout | module | magics from |
//! |---|---|---|
//! | `fancy` | [`fancy`] | tuned seeded search |
//! | `plain` | [`plain`] | the fancy magics, with 12/9 index bits |
//! | `fancy-dense` | [`fancy_dense`] | this project's one-bit-fewer magics (a recipe), fancy magics elsewhere |
//! | `fixed-shift` | [`overlapped`] | this project's dense packer (a recipe) |
//! | `black` | [`overlapped`] | this project's dense packer (a recipe) |
//! | `black-variable` | [`overlapped`] | this project's dense packer with per-square index bits (a recipe) |
//! | `byte-lookup` | [`byte_lookup`] | the fancy magics |
//! | `magic32` | [`magic32`] | tuned seeded search for 32-bit pairs |
//! | `shared` | [`shared`] | the fancy magics, post-masked |
//! | `folded` | [`folded`] | tuned seeded search with the shift in the magic |
//! | `pext` | [`pext`] | no magics: BMI2 `pext` |
//! | `pext-pdep` | [`pext_pdep`] | no magics: BMI2 `pext` index, 16-bit codes expanded by `pdep` |
//! | `tableless` | [`tableless`] | no magics and no table: obstruction difference |

use build_support_model::{DataArray, LayoutFile, Provenance, Values};

use crate::error::BuildError;
use crate::generate::Generated;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::search::{Scheme, Shard, find_magic};
use crate::seeds::SeedPlan;
use crate::verify::check_lookup;
use fields::entry_tables;
use magic_tables_core::{Slider, Square, pair_index};

pub mod byte_lookup;
pub mod fancy;
pub mod fancy_dense;
mod fields;
pub mod folded;
pub mod magic32;
pub mod overlapped;
pub mod pext;
pub mod pext_pdep;
pub mod plain;
pub mod shared;
pub mod tableless;

/// What a layout is built from, as its [`crate::layout::MagicSource`] says.
#[derive(Clone, Copy, Debug, Default)]
pub struct Inputs<'a> {
    /// The tuned search's fancy magics ([`crate::generate::generate_fancy`] with
    /// [`SeedPlan::Tuned`]), for the layouts whose source needs them.
    pub tuned: Option<&'a Generated>,
    /// The recipe's name (for messages, such as `magic-gen/recipes/black.recipe.csv`) and text, for the
    /// layouts built from one.
    pub recipe: Option<(&'a str, &'a str)>,
}

/// Builds, checks and describes `layout` from `inputs`: the one entry point the build script
/// loops over. Missing inputs that the layout's [`crate::layout::MagicSource`] needs are a [`BuildError`].
pub fn build(layout: Layout, references: &ReferenceSet, inputs: Inputs<'_>) -> Result<LayoutFile, BuildError> {
    let missing = |what: &str| BuildError::Data { layout: layout.name(), message: format!("needs {what}") };
    let tuned = || inputs.tuned.ok_or_else(|| missing("the tuned search's fancy magics"));
    let recipe = || inputs.recipe.ok_or_else(|| missing("its recipe"));
    match layout {
        Layout::Fancy => Ok(fancy::file(tuned()?)),
        Layout::Plain => plain::build(references, tuned()?),
        Layout::FancyDense => {
            let (name, text) = recipe()?;
            fancy_dense::build(references, tuned()?, name, text)
        }
        Layout::FixedShift => {
            let (name, text) = recipe()?;
            overlapped::build_fixed_shift(references, name, text)
        }
        Layout::Black | Layout::BlackVariable => {
            let (name, text) = recipe()?;
            overlapped::build_black(layout, references, name, text)
        }
        Layout::ByteLookup => byte_lookup::build(references, tuned()?),
        Layout::Magic32 => magic32::build(references, SeedPlan::Tuned, 0),
        Layout::Shared => shared::build(references, tuned()?),
        Layout::Folded => folded::build(references, SeedPlan::Tuned, 0),
        Layout::Pext => pext::build(references),
        Layout::PextPdep => pext_pdep::build(references),
        Layout::Tableless => tableless::build(references),
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
        let found = find_magic(occ, scheme, bits, seed, Shard::WHOLE, plan.max_candidates(budget))
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
        scope: None,
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
