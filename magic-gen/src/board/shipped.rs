//! The xiangqi tables `magic-tables` ships (feature `xiangqi`), built the one way its build
//! script and `magic-gen emit --board 9x10 --layout split` both build them: from master seed 1,
//! in the split layout (measured the faster: PERFORMANCE.md), with every block's magic
//! re-derived by seeking to where the search found it ([`XIANGQI_FOUND`]), so an unoptimized
//! build script does not search. A test checks that a fresh search finds the same numbers.

use build_support_model::LayoutFile;
use magic_tables_core::board::{Board, Piece};

use super::file::{checked_file, emit_command, with_block_addresses, with_rank_file_pairs};
use super::tables::{BoardLayout, BoardTables};

/// The seed of every xiangqi block's stream.
pub const XIANGQI_SEED: u64 = 1;

/// The layout `magic_tables::xiangqi` is built in.
pub const XIANGQI_LAYOUT: BoardLayout = BoardLayout::Split;

/// The pieces of `magic_tables::xiangqi` whose attacks depend on the occupancy.
pub const XIANGQI_PIECES: [Piece; 5] = [Piece::Rook, Piece::Cannon, Piece::Horse, Piece::HorseTo, Piece::Elephant];

/// Where [`XIANGQI_SEED`]'s search found each block's magic (its candidate number), in the order
/// the blocks are built: the rank blocks of squares 0 to 89, the file blocks of rank positions 0
/// to 9, then the horse's, the horse-to's and the elephant's blocks of squares 0 to 89.
pub const XIANGQI_FOUND: [u64; 370] = include!("xiangqi_found.in");

/// The xiangqi tables, re-derived from [`XIANGQI_FOUND`].
pub fn xiangqi_tables() -> Result<BoardTables, String> {
    BoardTables::build_with(Board::XIANGQI, &XIANGQI_PIECES, XIANGQI_SEED, XIANGQI_LAYOUT, &XIANGQI_FOUND)
}

/// The xiangqi tables in the `pext` layout, which `magic_tables::xiangqi::pext` includes on
/// targets with BMI2 (features `xiangqi` and `pext`): built from the geometry alone, nothing
/// searched, and verified first.
pub fn xiangqi_pext_file() -> Result<LayoutFile, String> {
    let tables = BoardTables::build(Board::XIANGQI, &XIANGQI_PIECES, XIANGQI_SEED, BoardLayout::Pext)?;
    let reproduce = vec![
        "`cargo build -p magic-tables --features xiangqi,pext` for a target with BMI2 writes this file to".to_owned(),
        "its OUT_DIR as xiangqi_pext.rs;".to_owned(),
        format!("`{} --format rust`", emit_command(&tables)),
        "  writes the same tables with their own lookups (each entry's first slot as a number).".to_owned(),
    ];
    with_rank_file_pairs(with_block_addresses(checked_file(&tables, reproduce)?, &tables), &tables)
}

/// The xiangqi tables as the file `magic-tables` includes, verified first.
pub fn xiangqi_file() -> Result<LayoutFile, String> {
    let tables = xiangqi_tables()?;
    let reproduce = vec![
        "`cargo build -p magic-tables --features xiangqi` writes this file to its OUT_DIR as xiangqi.rs;".to_owned(),
        format!("`{} --format rust`", emit_command(&tables)),
        "  writes the same tables with their own lookups.".to_owned(),
    ];
    checked_file(&tables, reproduce)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_search_finds_the_shipped_numbers() {
        let searched = BoardTables::build(Board::XIANGQI, &XIANGQI_PIECES, XIANGQI_SEED, XIANGQI_LAYOUT).unwrap();
        assert_eq!(searched.found(), XIANGQI_FOUND);
        assert_eq!(xiangqi_tables().unwrap(), searched);
    }

    #[test]
    fn the_pext_file_joins_rank_and_file_and_addresses_every_block() {
        let file = xiangqi_pext_file().unwrap();
        let tables: Vec<(&str, &str)> =
            file.entry_tables.iter().map(|t| (t.name.as_str(), t.type_name.as_str())).collect();
        assert_eq!(
            tables,
            [
                ("RANK_FILE_INDEX", "PextPair"),
                ("HORSE_INDEX", "PextBlock"),
                ("HORSE_TO_INDEX", "PextBlock"),
                ("ELEPHANT_INDEX", "PextBlock")
            ]
        );
        // Only pext tables are joined: the split layout's entries have magics, not fields.
        let split = xiangqi_tables().unwrap();
        assert!(super::with_rank_file_pairs(xiangqi_file().unwrap(), &split).is_err());
    }
}
