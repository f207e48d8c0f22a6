//! The check every board table passes before it is written: through the core's formulas
//! ([`BoardTables::attacks`]), against the board's coordinate walk
//! (`magic_tables_core::board::slow_attacks`), for every square, every line through it and
//! every occupancy of that line's relevant squares (each also with every other square and the
//! bits above the board filled at random), every occupancy of a lame leaper's blocking squares
//! (likewise), and random whole boards.

use magic_tables_core::board::{Piece, relevant_mask, slow_attacks};

use super::lines::{place, relevant_positions, spread_pattern, whole_line};
use super::tables::BoardTables;
use crate::geometry::subsets_u128;

/// Random whole boards checked per (piece, square), beyond the exhaustive line checks.
pub const RANDOM_BOARDS: usize = 64;

/// What [`verify`] compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardReport {
    /// Relevant occupancies (of a line, or of a leaper's blocking squares), each compared twice:
    /// alone and with random bits everywhere else.
    pub relevant: usize,
    /// Random whole boards compared.
    pub random: usize,
}

/// A deterministic 128-bit noise source (xorshift), so a failure repeats.
fn noise(state: &mut u64) -> u128 {
    let mut word = || {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    };
    u128::from(word()) << 64 | u128::from(word())
}

/// Compares every table of `tables` with the reference; the first difference is the error,
/// naming the piece, square and occupancy.
pub fn verify(tables: &BoardTables) -> Result<BoardReport, String> {
    let board = tables.board;
    let mut state = 0x9E37_79B9_7F4A_7C15;
    let mut report = BoardReport { relevant: 0, random: 0 };
    let mismatch = |piece: Piece, square: u8, occupied: u128, what: &str| {
        format!(
            "the {} table of {}x{} is wrong for {} on square {square} with occupancy {occupied:#x} ({what})",
            piece.name(),
            board.files(),
            board.ranks(),
            piece.name()
        )
    };
    for line in &tables.lines {
        for &piece in &line.movers {
            for square in 0..board.squares() {
                let p = place(board, line.direction, square);
                let squares = spread_pattern(board, line.direction, whole_line(p.length)) << p.start;
                let relevant =
                    spread_pattern(board, line.direction, relevant_positions(p.length, p.position)) << p.start;
                for occupied in subsets_u128(relevant) {
                    for occupied in [occupied, occupied | noise(&mut state) & !relevant] {
                        let expected = slow_attacks(board, piece, square, occupied) & squares;
                        if line.attacks(piece, usize::from(square), occupied) != Some(expected) {
                            return Err(mismatch(piece, square, occupied, line.direction.name()));
                        }
                    }
                    report.relevant += 1;
                }
            }
        }
    }
    for leaper in &tables.leapers {
        let piece = leaper.piece;
        for square in 0..board.squares() {
            let relevant = relevant_mask(board, piece, square);
            for occupied in subsets_u128(relevant) {
                for occupied in [occupied, occupied | noise(&mut state) & !relevant] {
                    if tables.attacks(piece, square, occupied) != Some(slow_attacks(board, piece, square, occupied)) {
                        return Err(mismatch(piece, square, occupied, "blocking squares"));
                    }
                }
                report.relevant += 1;
            }
        }
    }
    for &piece in &tables.pieces {
        for square in 0..board.squares() {
            for _ in 0..RANDOM_BOARDS {
                // Sparse and dense boards alike: the AND of one to three words.
                let occupied = match state % 3 {
                    0 => noise(&mut state),
                    1 => noise(&mut state) & noise(&mut state),
                    _ => noise(&mut state) & noise(&mut state) & noise(&mut state),
                };
                if tables.attacks(piece, square, occupied) != Some(slow_attacks(board, piece, square, occupied)) {
                    return Err(mismatch(piece, square, occupied, "a random board"));
                }
                report.random += 1;
            }
        }
    }
    Ok(report)
}
