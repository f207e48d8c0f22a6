//! A board's verified tables as the renderer's data ([`LayoutFile`]): one entry table of
//! [`BoardIndex`] per direction and per lame
//! leaper, the pattern arrays, the spread tables and the leapers' sets, under a header that
//! names the board, the seed, the sizes, the checksum, what was verified and how to reproduce it.
//!
//! A board of more than 64 squares stores each set as two `u64` words (low word first) and
//! each mask as `mask_lo` and `mask_hi` with the `fold`; one of at most 64 squares stores a set
//! as one word and a mask as `mask`, with no fold: its tables are read with `u64` alone.

use build_support_model::{DataArray, EntryTable, Field, LayoutFile, Provenance, Scope, Values};
use magic_tables_core::board::Board;
use magic_tables_core::board_tables::BoardIndex;

use super::lines::Direction;
use super::tables::BoardLayout;
use super::tables::{Block, BoardTables, LineData};
use super::verify::{BoardReport, RANDOM_BOARDS, verify};

/// The name of a direction's entry table, such as `FILE_INDEX`.
pub fn index_name(direction: Direction) -> String {
    format!("{}_INDEX", upper(direction.name()))
}

/// `anti-diagonal` as `ANTI_DIAGONAL`.
pub fn upper(name: &str) -> String {
    name.to_uppercase().replace('-', "_")
}

/// Whether the board's sets need two words.
pub fn wide(board: Board) -> bool {
    !board.fits_u64()
}

/// The `magic-gen emit` command, without its `--format`, that makes `tables` again.
pub fn emit_command(tables: &BoardTables) -> String {
    let names: Vec<&str> = tables.pieces.iter().map(|p| p.name()).collect();
    format!(
        "magic-gen emit --board {}x{} --layout {} --pieces {} --seed {}",
        tables.board.files(),
        tables.board.ranks(),
        tables.layout.name(),
        names.join(","),
        tables.seed
    )
}

/// `tables` verified ([`verify`]) and made a file's data, with `reproduce` as the header's last
/// lines: what the build script, `emit` and an engine's build script all write.
pub fn checked_file(tables: &BoardTables, reproduce: Vec<String>) -> Result<LayoutFile, String> {
    let report = verify(tables).map_err(|e| format!("the generated tables are wrong: {e}"))?;
    Ok(layout_file(tables, &report, reproduce))
}

/// The tables as a file's data, with `reproduce` as the header's last lines.
pub fn layout_file(tables: &BoardTables, report: &BoardReport, reproduce: Vec<String>) -> LayoutFile {
    let board = tables.board;
    let wide = wide(board);
    let mut entry_tables = Vec::new();
    let mut arrays = Vec::new();
    let mut slots = 0;
    for line in &tables.lines {
        let direction = line.direction;
        entry_tables.push(entry_table(
            index_name(direction),
            format!(
                "Each square's way into the {} blocks: the line's first square, mask, fold and magic.",
                direction.name()
            ),
            &line.index,
            wide,
        ));
        match &line.data {
            LineData::Patterns { patterns, spread } => {
                for (piece, patterns) in line.movers.iter().zip(patterns) {
                    slots += patterns.len();
                    arrays.push(DataArray {
                        name: format!("{}_{}", upper(piece.name()), upper(direction.name())),
                        doc: format!(
                            "The {} attack patterns along a {} (bit k: the line's k-th square), block by block.",
                            piece.name(),
                            direction.name()
                        ),
                        runs: block_runs(&line.blocks, patterns.len(), 1),
                        values: Values::U16(patterns.clone()),
                        two_dimensional: false,
                    });
                }
                if let Some((low, high)) = spread {
                    for (part, words, what) in [("LOW", low, "low byte"), ("HIGH", high, "bits 8 and up")] {
                        let values = set_words(words, wide);
                        arrays.push(DataArray {
                            name: format!("{}_SPREAD_{part}", upper(direction.name())),
                            doc: format!(
                                "A pattern's {what} as the squares of the {} that starts on square 0{}.",
                                direction.name(),
                                if wide { " (two words per set, low word first)" } else { "" }
                            ),
                            runs: vec![(format!("{} sets", values.len() / if wide { 2 } else { 1 }), values.len())],
                            values: Values::U64(values),
                            two_dimensional: false,
                        });
                    }
                }
            }
            LineData::Sets(words) => {
                let values = set_words(words, wide);
                let per_slot = line.movers.len() * if wide { 2 } else { 1 };
                slots += values.len() / per_slot;
                let names: Vec<&str> = line.movers.iter().map(|p| p.name()).collect();
                arrays.push(DataArray {
                    name: format!("{}_ATTACKS", upper(direction.name())),
                    doc: format!(
                        "Per slot the {} attack sets along a {}, side by side{}, block by block.",
                        names.join(" and "),
                        direction.name(),
                        if wide { " (two words per set, low word first)" } else { "" }
                    ),
                    runs: block_runs(&line.blocks, values.len() / per_slot, per_slot),
                    values: Values::U64(values),
                    two_dimensional: false,
                });
            }
        }
    }
    for leaper in &tables.leapers {
        let name = upper(leaper.piece.name());
        entry_tables.push(entry_table(
            format!("{name}_INDEX"),
            format!("Each square's way into its own {} block: the blocking squares from `base`.", leaper.piece.name()),
            &leaper.index,
            wide,
        ));
        let values = set_words(&leaper.sets, wide);
        let per_set = if wide { 2 } else { 1 };
        slots += values.len() / per_set;
        let runs = block_runs(&leaper.blocks, values.len() / per_set, per_set);
        arrays.push(DataArray {
            name: format!("{name}_ATTACKS"),
            doc: format!(
                "The {} attack sets of every square's block{}.",
                leaper.piece.name(),
                if wide { " (two words per set, low word first)" } else { "" }
            ),
            values: Values::U64(values),
            runs,
            two_dimensional: false,
        });
    }
    let (files, ranks) = (board.files(), board.ranks());
    let pieces: Vec<&str> = tables.pieces.iter().map(|p| p.name()).collect();
    let mut description = vec![
        format!("{}: pieces {}.", tables.layout.name(), pieces.join(", ")),
        "Riders and the cannon split into lines (a rook: its rank and its file; a bishop: its two".to_owned(),
        "diagonals), each line's attacks decided by its own occupancy.".to_owned(),
        "Index: x = occupied >> base; folded = (x & mask) low word ^ (high word rotated left by fold);".to_owned(),
        "  slot = offset + ((folded * magic) >> shift).".to_owned(),
    ];
    description.extend(match tables.layout {
        BoardLayout::Compact => [
            "One block per (direction, line length, position) serves every line it fits, with 16-bit".to_owned(),
            "patterns (bit k: the line's k-th square). A rank's pattern shifted left by base is its".to_owned(),
            "attacks; any other line's goes through its direction's spread tables first:".to_owned(),
            "SPREAD_LOW[p & 0xFF] | SPREAD_HIGH[p >> 8], shifted left by base.".to_owned(),
        ],
        BoardLayout::Split => [
            "A rank or diagonal has a block per square (base 0) of whole attack sets; a file shares one".to_owned(),
            "block per rank position with every file (base: the file), whose sets, file a's, are".to_owned(),
            "shifted left by base. The movers' sets of a slot lie side by side (slot * movers + mover),".to_owned(),
            "so one index serves the rook and the cannon.".to_owned(),
        ],
    });
    description.push("A lame leaper's slot holds its attack set (base 0: its mask where it stands).".to_owned());
    let provenance = Provenance {
        generator: format!("magic-gen {}", crate::VERSION),
        seed: format!("master seed {}, one ChaCha8 stream per block", tables.seed),
        candidates: Some(tables.candidates()),
        verified_occupancies: report.relevant,
        reproduce,
        scope: Some(Scope {
            board: format!(
                "{files}x{ranks} ({} squares, {} bitboards; square = file + {files} * rank)",
                board.squares(),
                if wide { "u128" } else { "u64" }
            ),
            searched: format!("{} blocks", tables.blocks().count()),
            verified: vec![
                format!(
                    "Verified: all {} relevant occupancies of every line through every square and of every",
                    report.relevant
                ),
                "  leaper's blocking squares, each also with every other bit set at random, and".to_owned(),
                format!(
                    "  {} random boards ({RANDOM_BOARDS} per piece and square) match the board's coordinate walk",
                    report.random
                ),
                "  through these lookup formulas before this file was written.".to_owned(),
            ],
        }),
    };
    LayoutFile {
        layout: format!("board {files}x{ranks} {}", tables.layout.name()),
        description,
        provenance,
        entry_tables,
        arrays,
        table_entries: slots,
    }
}

/// Every square's [`BoardIndex`] as an entry table of `BoardIndex` rows.
fn entry_table(name: String, doc: String, index: &[BoardIndex], wide: bool) -> EntryTable {
    let rows = index
        .iter()
        .map(|i| {
            let mut row = if wide {
                vec![("mask_lo", Field::Hex(i.mask_lo)), ("mask_hi", Field::Hex(i.mask_hi))]
            } else {
                vec![("mask", Field::Hex(i.mask_lo))]
            };
            row.extend([("magic", Field::Hex(i.magic)), ("offset", Field::U32(i.offset)), ("base", Field::U8(i.base))]);
            if wide {
                row.push(("fold", Field::U8(i.fold)));
            }
            row.push(("shift", Field::U8(i.shift)));
            row
        })
        .collect();
    EntryTable { name, doc, type_name: "BoardIndex".to_owned(), rows }
}

/// The sets' words as a file stores them: both words of each set on a wide board, the low word
/// alone on a board of at most 64 squares (whose high words are all zero).
fn set_words(words: &[u64], wide: bool) -> Vec<u64> {
    if wide {
        words.to_vec()
    } else {
        debug_assert!(words.chunks(2).all(|set| set[1] == 0), "a set beyond square 63 on a narrow board");
        words.iter().step_by(2).copied().collect()
    }
}

/// One run per block, labelled as the block is, `per_slot` numbers to a slot; the blocks end
/// where the next begins and the last at `slots`.
fn block_runs(blocks: &[Block], slots: usize, per_slot: usize) -> Vec<(String, usize)> {
    let mut starts: Vec<(usize, &str)> = blocks.iter().map(|b| (b.offset, b.label.as_str())).collect();
    starts.sort_unstable();
    starts.dedup_by_key(|start| start.0);
    starts
        .iter()
        .enumerate()
        .map(|(i, &(offset, label))| {
            let end = starts.get(i + 1).map_or(slots, |next| next.0);
            (label.to_owned(), (end - offset) * per_slot)
        })
        .collect()
}
