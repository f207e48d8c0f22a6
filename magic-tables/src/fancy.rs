//! The fancy layout (Pradu Kannan's): per square a mask, a magic, a shift and an offset into
//! one flat array of 107,648 attack sets, each square's slice exactly `2^bits` long. The
//! foundation's layout: its magics are the ones the build script finds with the seeded search
//! (`magic_gen::generate_fancy`), the tables the golden test pins.

pub use magic_tables_core::layouts::fancy::Magic;

flat_layout!(Magic, "fancy.rs");
