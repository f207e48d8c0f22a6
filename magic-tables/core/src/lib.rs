//! The core shared by the `magic-tables` runtime and the `magic-gen` generator: squares and
//! sliders, the relevant-occupancy masks and slow reference attacks, for every table layout
//! its entry type and its index formula, and the other pieces' attacks and the square-pair
//! lines ([`pieces`]).
//!
//! The generator checks every table through these formulas before it writes it, and the
//! runtime looks up through the same functions, so what was checked is what runs. Everything is
//! `no_std`, dependency-free and `const fn`.
//!
//! ```
//! use magic_tables_core::geometry::{relevant_mask, slow_attacks};
//! use magic_tables_core::{Slider, Square};
//!
//! const E4_MASK: u64 = relevant_mask(Slider::Rook, Square::E4);
//! assert_eq!(E4_MASK.count_ones(), 10);
//! assert_eq!(slow_attacks(Slider::Rook, Square::E4, Square::E6.bit()).count_ones(), 12);
//! ```

#![no_std]
#![warn(missing_docs)]

pub mod board;
pub mod board_tables;
pub mod geometry;
pub mod layouts;
pub mod pieces;
mod slider;
mod slots;
mod square;
pub mod xiangqi;

pub use pieces::Color;
pub use slider::{ParseSliderError, Slider};
pub use slots::Slots;
pub use square::{ParseSquareError, Square};

/// The position of (`slider`, `square`) in the order every per-pair list uses: rook a1 = 0 …
/// rook h8 = 63, bishop a1 = 64 … bishop h8 = 127.
pub const fn pair_index(slider: Slider, square: Square) -> usize {
    slider.ordinal() * 64 + square.index() as usize
}
