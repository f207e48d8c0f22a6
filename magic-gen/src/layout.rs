//! The layout registry: every table layout, its name (the cargo feature of `magic-tables` and
//! the command line's `--layout` value) and where its magics come from.
//!
//! This is a leaf module: the verifier and the error type name layouts through it, and the
//! builders in [`crate::layouts`] build them, without either importing the other. Adding a
//! layout adds one line to the registry below (see ARCHITECTURE.md for the other places).

use crate::search::Scheme;

/// Where a layout's magics come from, so that the build script can prepare its inputs without
/// a list of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MagicSource {
    /// The fancy magics the tuned seeded search finds at build time.
    TunedSearch,
    /// A recipe in `magic-gen/recipes/` (the file name, built into `magic-gen`: [`crate::shipped`]), shipped from a long search.
    Recipe(&'static str),
    /// The tuned search's fancy magics, with the fewer-bit magics of a recipe (the file name)
    /// on the squares it lists.
    TunedSearchAndRecipe(&'static str),
    /// The tuned seeded search of the layout's own index scheme.
    OwnScheme(Scheme),
    /// No magics (the layout indexes some other way).
    None,
}

impl MagicSource {
    /// Whether the layout needs the tuned fancy search's magics.
    pub const fn needs_tuned_search(self) -> bool {
        matches!(self, MagicSource::TunedSearch | MagicSource::TunedSearchAndRecipe(_))
    }

    /// The recipe file in `magic-gen/recipes/` the layout reads, if any.
    pub const fn recipe_file(self) -> Option<&'static str> {
        match self {
            MagicSource::Recipe(file) | MagicSource::TunedSearchAndRecipe(file) => Some(file),
            _ => None,
        }
    }
}

/// Declares [`Layout`] from one line per layout: variant, name, where its magics come from,
/// and its description.
macro_rules! registry {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal, $source:expr;)*) => {
        /// A table layout, named as its cargo feature in `magic-tables`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Layout {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Layout {
            /// Every layout, in the registry's order.
            pub const ALL: &'static [Layout] = &[$(Layout::$variant),*];

            /// The cargo feature's name, such as `fixed-shift`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Layout::$variant => $name,)*
                }
            }

            /// Where the layout's magics come from.
            pub const fn source(self) -> MagicSource {
                match self {
                    $(Layout::$variant => $source,)*
                }
            }
        }
    };
}

registry! {
    /// Per-square shift and offset into one flat array (the foundation's layout).
    Fancy = "fancy", MagicSource::TunedSearch;
    /// Fixed 12/9 index bits, two-dimensional tables.
    Plain = "plain", MagicSource::TunedSearch;
    /// Fancy with one index bit fewer where one of this project's magics allows it.
    FancyDense = "fancy-dense", MagicSource::TunedSearchAndRecipe("fancy_dense.recipe.csv");
    /// One shift per slider, per-square offsets into one overlapping array.
    FixedShift = "fixed-shift", MagicSource::Recipe("fixed_shift.recipe.csv");
    /// Black magics: `(occupied | !mask) * magic >> shift`, overlapping.
    Black = "black", MagicSource::Recipe("black.recipe.csv");
    /// Black magics with a shift per square (as many index bits as the mask), overlapping.
    BlackVariable = "black-variable", MagicSource::Recipe("black_variable.recipe.csv");
    /// A byte per slot into the deduplicated attack sets.
    ByteLookup = "byte-lookup", MagicSource::TunedSearch;
    /// Two 32-bit multiplications.
    Magic32 = "magic32", MagicSource::OwnScheme(Scheme::Magic32);
    /// Post-masked tables shared by two rook or four bishop squares.
    Shared = "shared", MagicSource::TunedSearch;
    /// The shift folded into the magic's top six bits.
    Folded = "folded", MagicSource::OwnScheme(Scheme::Folded);
    /// BMI2 `pext` indexing.
    Pext = "pext", MagicSource::None;
    /// BMI2 `pext` indexing, 16-bit attack codes expanded by `pdep`.
    PextPdep = "pext-pdep", MagicSource::None;
    /// No table: attack sets computed by the obstruction difference.
    Tableless = "tableless", MagicSource::None;
}

impl Layout {
    /// The layout named `name` (its cargo feature's name).
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.iter().copied().find(|layout| layout.name() == name)
    }

    /// The generated file's name in `OUT_DIR`: the module's name plus `.rs`.
    pub fn file_name(self) -> String {
        format!("{}.rs", self.module_name())
    }

    /// The name of the layout's module in `magic-tables` (and in [`crate::layouts`]): its name
    /// with `-` as `_`.
    pub fn module_name(self) -> String {
        self.name().replace('-', "_")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        for (i, layout) in Layout::ALL.iter().enumerate() {
            assert_eq!(Layout::from_name(layout.name()), Some(*layout));
            assert!(Layout::ALL[..i].iter().all(|other| other.name() != layout.name()));
        }
        assert_eq!(Layout::FixedShift.file_name(), "fixed_shift.rs");
        assert_eq!(Layout::ByteLookup.module_name(), "byte_lookup");
        assert_eq!(Layout::from_name("queen"), None);
    }

    #[test]
    fn sources() {
        assert_eq!(Layout::Black.source().recipe_file(), Some("black.recipe.csv"));
        assert!(Layout::FancyDense.source().needs_tuned_search());
        assert!(!Layout::Magic32.source().needs_tuned_search());
        assert_eq!(Layout::Pext.source(), MagicSource::None);
    }
}
