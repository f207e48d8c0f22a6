//! The structured items of a generated file, built with `quote` and formatted by `prettyplease`.

use proc_macro2::{Literal, Span, TokenStream};
use quote::quote;

use crate::{Entry, FancyTables};

/// A fixed-width hex literal such as `0x000101010101017E`: same width for every value, so
/// columns line up and diffs stay readable.
pub fn hex_u64(value: u64) -> syn::LitInt {
    syn::LitInt::new(&format!("0x{value:016X}"), Span::call_site())
}

/// One `Magic { mask, magic, shift, offset }` expression.
fn magic_expr(entry: &Entry) -> TokenStream {
    let mask = hex_u64(entry.mask);
    let magic = hex_u64(entry.magic);
    let shift = Literal::u32_unsuffixed(entry.shift);
    let offset = Literal::u32_unsuffixed(entry.offset);
    quote! { Magic { mask: #mask, magic: #magic, shift: #shift, offset: #offset } }
}

/// `TABLE_ENTRIES`, `TABLE_BYTES`, `ROOK_MAGICS` and `BISHOP_MAGICS`, pretty-printed.
pub fn fancy_items(tables: &FancyTables<'_>) -> String {
    let entries = Literal::usize_unsuffixed(tables.attacks.len());
    let bytes = Literal::usize_unsuffixed(tables.bytes());
    let rook = tables.rook.iter().map(magic_expr);
    let bishop = tables.bishop.iter().map(magic_expr);
    let tokens = quote! {
        /// Slots in [`ATTACKS`].
        pub const TABLE_ENTRIES: usize = #entries;
        /// Bytes of all tables together: [`ATTACKS`], [`ROOK_MAGICS`] and [`BISHOP_MAGICS`].
        pub const TABLE_BYTES: usize = #bytes;
        /// Rook lookup entries, indexed by square (a1 = 0 … h8 = 63).
        pub static ROOK_MAGICS: [Magic; 64] = [#(#rook),*];
        /// Bishop lookup entries, indexed by square (a1 = 0 … h8 = 63).
        pub static BISHOP_MAGICS: [Magic; 64] = [#(#bishop),*];
    };
    let file: syn::File = syn::parse2(tokens).expect("quote! builds valid items");
    prettyplease::unparse(&file)
}
