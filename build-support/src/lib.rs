//! Turns a verified table set from [`magic_gen`] into Rust source that a crate `include!`s.
//!
//! The output has three parts, each built by the tool suited to it:
//! * [`header`]: a comment block for auditors (`@generated`, generator and version, layout,
//!   seed, sizes, checksum, how to reproduce);
//! * [`items`]: the constants and per-square `Magic` entries, built with `quote` and
//!   formatted with `prettyplease`;
//! * [`array`]: the flat attack array, streamed straight into the output as fixed-width hex
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
pub mod header;
pub mod items;
pub mod output;

use magic_gen::Generated;

pub use output::write_if_changed;

/// Name of the Rust file the `magic-tables` build script writes into `OUT_DIR`.
pub const FANCY_FILE_NAME: &str = "fancy_magics.rs";

/// Renders the fancy layout of `generated` as a complete Rust source file.
///
/// The file defines `TABLE_ENTRIES`, `TABLE_BYTES`, `ROOK_MAGICS`, `BISHOP_MAGICS` and
/// `ATTACKS`; it expects a `Magic { mask: u64, magic: u64, shift: u32, offset: u32 }` struct in
/// the including scope.
pub fn render_fancy(generated: &Generated) -> String {
    let tables = &generated.tables;
    let mut out = header::fancy_header(generated);
    out.push('\n');
    out.push_str(&items::fancy_items(tables));
    out.push('\n');
    array::write_attack_array(&mut out, "ATTACKS", &array::fancy_segments(tables));
    out
}
