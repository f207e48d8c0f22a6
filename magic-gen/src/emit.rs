//! A verified fancy table set as source code: the `fancy` layout file
//! ([`crate::layouts::fancy::file`]) rendered as Rust or as C.

use crate::generate::Generated;
use crate::layouts::fancy;

/// The fancy formula in C, the body of the header's `magic_lookup`.
const FANCY_C_LOOKUP: &str = "return ATTACKS[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)];";

/// `generated` as the Rust source file `magic-tables` includes for its `fancy` feature.
pub fn rust_source(generated: &Generated) -> String {
    fancy::file(generated).render()
}

/// `generated` as a self-contained C header with inline lookups.
pub fn c_header(generated: &Generated) -> String {
    build_support::c_header::render(&fancy::file(generated), FANCY_C_LOOKUP)
        .expect("a fancy layout file has ROOK_MAGICS and BISHOP_MAGICS of 64 alike entries")
}
