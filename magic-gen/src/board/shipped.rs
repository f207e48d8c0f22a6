//! The xiangqi tables `magic-tables` ships (feature `xiangqi`), built the one way its build
//! script and `magic-gen emit --board 9x10` both build them: from master seed 1, with each line
//! block's magic re-derived by seeking to where the search found it ([`XIANGQI_BLOCKS`]), so an
//! unoptimized build script does not search. A test checks that a fresh search finds the same
//! numbers.

use build_support_model::LayoutFile;
use magic_tables_core::board::{Board, Piece};

use super::file::layout_file;
use super::lines::Direction;
use super::tables::{BoardTables, LineBlock};
use super::verify::verify;

/// The seed of every xiangqi block's stream.
pub const XIANGQI_SEED: u64 = 1;

/// The pieces of `magic_tables::xiangqi` whose attacks depend on the occupancy.
pub const XIANGQI_PIECES: [Piece; 5] = [Piece::Rook, Piece::Cannon, Piece::Horse, Piece::HorseTo, Piece::Elephant];

/// Where [`XIANGQI_SEED`]'s search found each line block's magic (its candidate number).
pub const XIANGQI_BLOCKS: [LineBlock; 19] = {
    const fn rank(position: u8, candidate: u64) -> LineBlock {
        LineBlock { direction: Direction::Rank, length: 9, position, candidate }
    }
    const fn file(position: u8, candidate: u64) -> LineBlock {
        LineBlock { direction: Direction::File, length: 10, position, candidate }
    }
    [
        rank(0, 4),
        rank(1, 5),
        rank(2, 11),
        rank(3, 48),
        rank(4, 24),
        rank(5, 147),
        rank(6, 116),
        rank(7, 16),
        rank(8, 1),
        file(0, 18_832),
        file(1, 10_297),
        file(2, 2_330),
        file(3, 15_439),
        file(4, 9_991),
        file(5, 62_584),
        file(6, 30_578),
        file(7, 13_696),
        file(8, 30_937),
        file(9, 139_613),
    ]
};

/// The xiangqi tables, re-derived from [`XIANGQI_BLOCKS`] and verified.
pub fn xiangqi_tables() -> Result<BoardTables, String> {
    BoardTables::build_with(Board::XIANGQI, &XIANGQI_PIECES, XIANGQI_SEED, &XIANGQI_BLOCKS)
}

/// The xiangqi tables as the file `magic-tables` includes, verified first.
pub fn xiangqi_file() -> Result<LayoutFile, String> {
    let tables = xiangqi_tables()?;
    let report = verify(&tables)?;
    let reproduce = vec![
        "`cargo build -p magic-tables --features xiangqi` writes this file to its OUT_DIR as xiangqi.rs;".to_owned(),
        "`magic-gen emit --board 9x10 --pieces rook,cannon,horse,horse-to,elephant --seed 1 --format rust`".to_owned(),
        "  writes the same tables with their own lookups.".to_owned(),
    ];
    Ok(layout_file(&tables, &report, reproduce))
}
