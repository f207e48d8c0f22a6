//! The shift folded into the magic (Grant Osborne's method): the magic's top six bits are the
//! shift, `magic >> 58`, so the entry has no shift field and the shift is read from the word
//! already loaded for the multiply. Fancy slices (107,648 slots); the magics come from the
//! seeded search (`magic_gen::search::Scheme::Folded`, whose documentation says why the offset
//! is not folded into the low bits too).

pub use magic_tables_core::layouts::folded::FoldedMagic;

flat_layout!(FoldedMagic, "folded.rs");
