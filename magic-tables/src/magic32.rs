//! 32-bit magics (Grant Osborne's method), for targets where a 64-bit multiplication is slow:
//! the masked occupancy's low and high halves are multiplied by two 32-bit magics and the
//! products XORed, `((lo(key) * lo) ^ (hi(key) * hi)) >> shift`. Fancy slices (107,648 slots);
//! the magics come from the seeded search (`magic_gen::search::Scheme::Magic32`).

pub use magic_tables_core::layouts::magic32::Magic32;

flat_layout!(Magic32, "magic32.rs");
