//! Renders magic-bitboard tables as source code that a crate `include!`s (Rust) or an engine in
//! another language compiles (C).
//!
//! This crate knows nothing of searching, and of chess only the two sliders' names in the C
//! lookups: it takes a layout's tables as plain data ([`LayoutFile`]: per-square entry tables of
//! named fields, data arrays cut into labelled runs, the provenance lines) and writes them out.
//! That data is the dependency-free crate `build-support-model`, re-exported here: `magic-gen`
//! turns each layout's verified tables into it (`magic_gen::layouts`) without depending on this
//! crate, so in a dependent's build the generator (with `rand_chacha`) and this renderer (with
//! `syn` and `prettyplease`) compile side by side, and the build script joins them. Only the
//! generator's command line (`magic-gen emit`) uses the renderer.
//!
//! The Rust output ([`render`]) has three parts, each built by the tool suited to it:
//! * [`header`]: a comment block for auditors (`@generated`, generator and version, layout,
//!   magics, sizes, checksum, how to reproduce);
//! * the constants and per-square entry tables, built with `quote` and formatted with
//!   `prettyplease`;
//! * the data arrays, streamed straight into the output as fixed-width hex literals
//!   ([`array`](mod@array); running `syn` over 100k literals would cost seconds in an
//!   unoptimized build script).
//!
//! [`c_header::render`] writes the same data as a C header. A [`Companion`] adds tables that are
//! not the layout's (the other pieces' attacks) after its lookups, in C and in Rust.
//!
//! [`output::write_if_changed`] writes the result without touching an up-to-date file.
//!
//! The same inputs give byte-identical output on every host: nothing here reads the clock,
//! the environment or a path.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod array;
#[cfg(feature = "c")]
pub mod c_header;
#[cfg(feature = "c")]
pub mod companion;
pub mod items;
pub mod layout;
pub mod output;

// The data model, a crate of its own so that the generator does not wait for `syn`.
pub use build_support_model::{
    DataArray, EntryTable, Field, Language, LayoutFile, Provenance, Values, checksum, header,
};
#[cfg(feature = "c")]
pub use companion::Companion;
pub use layout::render;
pub use output::write_if_changed;
