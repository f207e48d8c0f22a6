//! Tables for boards other than 8x8 (up to 128 squares) and the pieces variant engines need:
//! the rook and bishop split into lines, the cannon on the rook's lines, and the lame leapers
//! (horse, horse-to, elephant). The board is a parameter of everything here, as the square is of
//! the chess search: [`lines`] is its geometry seen along one line, [`search`] the seeded magic
//! of one block, [`tables`] the laid-out set, [`verify`] the check against the board's
//! coordinate walk, [`file`](mod@file) the set as the renderer's data, and [`shipped`] the xiangqi set
//! `magic-tables` ships.
//!
//! ```
//! use magic_gen::board::{BoardLayout, BoardTables, verify};
//! use magic_tables_core::board::{Board, Piece, slow_attacks};
//!
//! let board = Board::new(6, 6).unwrap();
//! let tables = BoardTables::build(board, &[Piece::Rook, Piece::Cannon], 1, BoardLayout::Compact).unwrap();
//! verify::verify(&tables).unwrap();
//! let occupied = 1 << 14 | 1 << 26;
//! assert_eq!(tables.attacks(Piece::Cannon, 2, occupied), Some(slow_attacks(board, Piece::Cannon, 2, occupied)));
//! ```

#[cfg(feature = "board-source")]
#[cfg_attr(docsrs, doc(cfg(feature = "board-source")))]
pub mod emit;
pub mod file;
pub mod lines;
pub mod search;
pub mod shipped;
pub mod tables;
pub mod verify;

pub use tables::{Block, BoardLayout, BoardTables, LeaperTable, LineData, LineTable};
