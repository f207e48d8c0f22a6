//! The data of a generated magic-bitboard table file, without a renderer: a layout's per-square
//! entry tables of named fields, its data arrays cut into labelled runs, where its magics came
//! from ([`Provenance`]), and what is computed from them alone (sizes, the checksum, the header's
//! lines).
//!
//! `magic-gen` builds every verified table as a [`LayoutFile`]; `build-support` renders it as
//! Rust (with `quote`, `proc-macro2` and `prettyplease`) or as a C header. This crate has no
//! dependency, so in a dependent's build the generator compiles beside the renderer's `syn`
//! instead of after it.
//!
//! The same inputs give the same checksum and header on every host: nothing here reads the
//! clock, the environment or a path.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod checksum;
pub mod header;
pub mod layout;

pub use header::{Provenance, Scope};
pub use layout::{CHECKSUM_RULE, DataArray, EntryTable, Field, Language, LayoutFile, Values};
