//! The tables `magic-tables` ships, built the one way its build script and `magic-gen emit`
//! both build them.
//!
//! The layouts whose magics took long searches come as recipes (`magic-gen/recipes/*.recipe.csv`:
//! a seed and each magic's position in its square's candidate stream). They are compiled into
//! this crate, so that the build script needs no file of its own and the command line emits
//! every shipped table without a checkout. The other layouts come from the tuned seeded search,
//! which is run once for all of them.

use build_support_model::LayoutFile;

use crate::error::BuildError;
use crate::generate::{Generated, generate_fancy};
use crate::layout::Layout;
use crate::layouts::{self, Inputs};
use crate::reference::ReferenceSet;
use crate::seeds::SeedPlan;

/// The layout behind `magic-tables`' top-level functions and `magic-gen emit`'s default. Chosen
/// by measurement (`PERFORMANCE.md`): as fast as the fastest and the smallest of them.
pub const DEFAULT_LAYOUT: Layout = Layout::Black;

/// A recipe compiled into this crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShippedRecipe {
    /// Its path in the repository, as messages and generated headers name it.
    pub path: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// (file name, path in the repository, text) of every shipped recipe, from its file name.
macro_rules! recipes {
    ($($file:literal),* $(,)?) => {
        [$(($file, concat!("magic-gen/recipes/", $file), include_str!(concat!("../recipes/", $file)))),*]
    };
}

/// Every shipped recipe. The registry names a layout's file
/// ([`crate::layout::MagicSource::recipe_file`]); a test checks that each is here.
const RECIPES: [(&str, &str, &str); 4] =
    recipes!["black.recipe.csv", "black_variable.recipe.csv", "fancy_dense.recipe.csv", "fixed_shift.recipe.csv"];

/// The recipe `layout` is built from, if it is built from one.
pub fn recipe(layout: Layout) -> Option<ShippedRecipe> {
    let file = layout.source().recipe_file()?;
    let &(_, path, text) = RECIPES.iter().find(|(name, _, _)| *name == file)?;
    Some(ShippedRecipe { path, text })
}

/// Builds the shipped tables of a set of layouts, sharing one run of the tuned search.
pub struct Shipped<'r> {
    references: &'r ReferenceSet,
    tuned: Option<Generated>,
}

impl<'r> Shipped<'r> {
    /// Ready to build any of `layouts`: runs the tuned search once if one of them needs it.
    /// Tuned seeds find their magic within their own bound, so a broken seed fails fast with
    /// the square's name.
    pub fn new(references: &'r ReferenceSet, layouts: &[Layout]) -> Result<Self, BuildError> {
        let tuned = if layouts.iter().any(|layout| layout.source().needs_tuned_search()) {
            Some(generate_fancy(references, SeedPlan::Tuned, 0)?)
        } else {
            None
        };
        Ok(Shipped { references, tuned })
    }

    /// The checked table of `layout`, as `magic-tables` compiles it. A layout that needs the
    /// tuned search but was not among those given to [`Shipped::new`] is a [`BuildError`].
    pub fn build(&self, layout: Layout) -> Result<LayoutFile, BuildError> {
        let recipe = recipe(layout);
        let inputs = Inputs { tuned: self.tuned.as_ref(), recipe: recipe.map(|r| (r.path, r.text)) };
        layouts::build(layout, self.references, inputs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_recipe_layout_has_its_recipe() {
        for &layout in Layout::ALL {
            match layout.source().recipe_file() {
                Some(file) => {
                    let found = recipe(layout).unwrap_or_else(|| panic!("{} has no shipped recipe", layout.name()));
                    assert_eq!(found.path, format!("magic-gen/recipes/{file}"));
                    assert!(found.text.starts_with('#') || found.text.contains(','), "{file} is empty");
                }
                None => assert_eq!(recipe(layout), None),
            }
        }
    }
}
