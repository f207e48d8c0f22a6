//! Fancy magics with fewer bits: the fancy layout, but the 39 squares for which a published
//! magic needs one index bit fewer than the mask size (15 rook, 24 bishop squares) use it, so
//! their slices are half as long: 92,864 slots instead of 107,648. The magics are data
//! (`data/fancy_dense.csv`, from the niklasf/magics README and the Chess Programming Wiki's
//! "Best Magics so far"), verified exhaustively by the build script.

pub use magic_tables_core::layouts::fancy::Magic;

flat_layout!(Magic, "fancy_dense.rs");
