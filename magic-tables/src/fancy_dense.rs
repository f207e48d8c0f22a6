//! Fancy magics with fewer bits: the fancy layout, but the 39 squares for which this project's
//! search found a magic with one index bit fewer than the mask size (15 rook, 24 bishop squares)
//! use it, so their slices are half as long: 92,864 slots instead of 107,648. The magics come as
//! a recipe (`magic-gen/recipes/fancy_dense.recipe.csv`: the seed and each magic's candidate number), and the
//! build script re-derives and verifies every one of them.

pub use magic_tables_core::layouts::fancy::Magic;

flat_layout!(Magic, "fancy_dense.rs");
