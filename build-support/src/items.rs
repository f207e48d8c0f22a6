//! Literals of the structured items of a generated file (built with `quote` and formatted by
//! `prettyplease` in [`crate::layout`]).

use proc_macro2::Span;

/// A fixed-width hex literal such as `0x000101010101017E`: same width for every value, so
/// columns line up and diffs stay readable.
pub fn hex_u64(value: u64) -> syn::LitInt {
    syn::LitInt::new(&format!("0x{value:016X}"), Span::call_site())
}
