//! Each table layout's entry type and index formula, one module per layout. The generator
//! checks a table through these functions before it renders it, and the runtime looks up
//! through the same functions, so the two cannot disagree.
//!
//! Entries whose range start is an address at run time ([`Slots`](crate::Slots)) are generic
//! over it: the generator builds them with the offset (`usize`) while it checks the table, the
//! generated statics hold `Slots`, and the index formula is the same code for both.

pub mod black;
pub mod black_variable;
pub mod byte_lookup;
pub mod fancy;
pub mod fixed_shift;
pub mod folded;
pub mod magic32;
pub mod pext;
pub mod pext_pdep;
pub mod plain;
pub mod shared;
pub mod tableless;
