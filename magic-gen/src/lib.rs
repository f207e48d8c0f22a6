//! Everything needed to find, lay out and check magic-bitboard tables for rooks and bishops.
//!
//! * [`geometry`]: relevant-occupancy masks, blocker-board enumeration, slow reference attacks.
//! * [`search`]: the seeded, deterministic magic search (one ChaCha stream per slider and square).
//! * [`seeds`]: master and tuned seeds, and how the tuned ones are re-derived.
//! * [`table`]: the fancy layout (one flat attack array, an entry per square).
//! * [`verify`](mod@verify): the exhaustive check against the reference.
//! * [`generate`](mod@generate): all of the above in one call, as the `magic-tables` build script uses it.
//! * `emit` (feature `cli`): any layout's verified tables as self-contained Rust or C source.
//! * [`layout`]: the layout registry; [`layouts`]: every table layout, built, checked and rendered.
//! * `pieces` (feature `cli`): the other pieces' tables `emit` writes beside a layout's, and
//!   their reference.
//! * [`magic_set`]: a set of magics in any layout, placed and checked; [`records`]: published
//!   tables; [`recipe`]: the recipes this project ships its long searches' tables as.
//! * `dense` (feature `pack`): the dense packer of the black and fixed-shift tables;
//!   `search::exhaustive` (feature `sweep`): the exhaustive sweeps. The `magic-tables` build
//!   script turns every feature off, so a dependent's build compiles none of the record hunting.
//!
//! ```
//! use magic_gen::{ReferenceSet, SeedPlan, generate_fancy};
//!
//! let references = ReferenceSet::new();
//! let generated = generate_fancy(&references, SeedPlan::Tuned, 0).unwrap();
//! assert_eq!(generated.tables.attacks.len(), 107_648);
//! let e4: magic_gen::Square = "e4".parse().unwrap();
//! let occupied = ["b4", "c4", "e2", "e5", "e7"].iter().map(|s| s.parse::<magic_gen::Square>().unwrap().bit()).sum();
//! assert_eq!(
//!     generated.tables.lookup(magic_gen::Slider::Rook, e4, occupied),
//!     Some(magic_gen::geometry::slow_attacks(magic_gen::Slider::Rook, e4, occupied)),
//! );
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// Version of this crate, as generated headers name it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod atomic_write;
#[cfg(feature = "board")]
#[cfg_attr(docsrs, doc(cfg(feature = "board")))]
pub mod board;
#[cfg(feature = "pack")]
#[cfg_attr(docsrs, doc(cfg(feature = "pack")))]
pub mod dense;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod diagram;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod emit;
mod error;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod files;
pub mod generate;
pub mod geometry;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod input;
pub mod layout;
pub mod layouts;
pub mod magic_set;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod pieces;
pub mod recipe;
pub mod records;
pub mod reference;
pub mod search;
pub mod seeds;
pub mod shipped;
pub mod table;
pub mod text;
pub mod verify;

// For users: the names most programs need, at the crate's root. Modules inside the crate import
// each name from the module that defines it, never through these.
pub use error::BuildError;
pub use generate::{Generated, generate_fancy, tables_from_magics};
pub use layout::Layout;
pub use magic_tables_core::layouts::fancy::Magic;
pub use magic_tables_core::{ParseSliderError, ParseSquareError, Slider, Square, pair_index};
pub use recipe::Recipe;
pub use reference::ReferenceSet;
pub use seeds::SeedPlan;
pub use table::TableSet;
pub use verify::{VerifyReport, check_lookup, verify};
