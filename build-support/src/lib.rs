//! Renders magic-bitboard tables as source code that a crate `include!`s (Rust) or an engine in
//! another language compiles (C).
//!
//! This crate knows nothing of chess or of searching: it takes the tables as plain data
//! ([`FancyTables`]: per-square entries, the flat attack array, its slices and the provenance
//! lines) and writes them out. `magic-gen` turns its verified table sets into that data
//! (`magic_gen::emit`), which keeps the dependency graph one-way: the generator (and its
//! command line) uses the renderer, never the reverse.
//!
//! The Rust output has three parts, each built by the tool suited to it:
//! * [`header`]: a comment block for auditors (`@generated`, generator and version, layout,
//!   seed, sizes, checksum, how to reproduce);
//! * [`items`]: the constants and per-square `Magic` entries, built with `quote` and
//!   formatted with `prettyplease`;
//! * [`array`](mod@array): the flat attack array, streamed straight into the output as fixed-width hex
//!   literals (running `syn` over 100k literals would cost seconds in an unoptimized build
//!   script).
//!
//! [`output::write_if_changed`] writes the result without touching an up-to-date file.
//!
//! The same inputs give byte-identical output on every host: nothing here reads the clock,
//! the environment or a path.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod array;
pub mod c_header;
pub mod checksum;
pub mod header;
pub mod items;
pub mod layout;
pub mod output;

pub use array::Segment;
pub use header::Provenance;
pub use layout::{DataArray, EntryTable, Field, LayoutFile, Values};
pub use output::write_if_changed;

/// Name of the Rust file the `magic-tables` build script writes into `OUT_DIR`.
pub const FANCY_FILE_NAME: &str = "fancy_magics.rs";

/// What one lookup of one square needs: `attacks[offset + (((occupied & mask) * magic) >> shift)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// Magic multiplier.
    pub magic: u64,
    /// Right shift.
    pub shift: u32,
    /// Start of the square's slice in the attack array.
    pub offset: u32,
}

/// A fancy table set as data to render.
#[derive(Clone, Debug)]
pub struct FancyTables<'a> {
    /// Where the tables came from, for the header.
    pub provenance: Provenance,
    /// Rook entries, a1 … h8.
    pub rook: [Entry; 64],
    /// Bishop entries, a1 … h8.
    pub bishop: [Entry; 64],
    /// The flat attack array.
    pub attacks: &'a [u64],
    /// The attack array cut into labelled runs (one per slice); their lengths add up to
    /// `attacks.len()`.
    pub segments: Vec<Segment<'a>>,
}

impl FancyTables<'_> {
    /// Bytes of all tables together: the attack array plus 128 entries of 24 bytes (two `u64`
    /// and two `u32`, as the runtime's `Magic` stores them).
    pub fn bytes(&self) -> usize {
        self.attacks.len() * 8 + 128 * 24
    }

    /// Entries of the rook slices (the rest belong to the bishops).
    pub fn rook_entries(&self) -> usize {
        self.rook.iter().map(|e| 1usize << (64 - e.shift)).sum()
    }
}

/// Renders `tables` as a complete Rust source file.
///
/// The file defines `TABLE_ENTRIES`, `TABLE_BYTES`, `ROOK_MAGICS`, `BISHOP_MAGICS` and
/// `ATTACKS`; it expects a `Magic { mask: u64, magic: u64, shift: u32, offset: u32 }` struct in
/// the including scope.
pub fn render_fancy(tables: &FancyTables<'_>) -> String {
    let mut out = header::comment_block(&header::fancy_lines(tables), "//");
    out.push('\n');
    out.push_str(&items::fancy_items(tables));
    out.push('\n');
    array::write_rust_array(&mut out, "ATTACKS", &tables.segments);
    out
}
