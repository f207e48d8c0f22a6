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
use magic_tables_core::board_tables::{BoardIndex, PextIndex, pext_pair_indexes, pext_u128_portable};

use super::lines::Direction;
use super::tables::BoardLayout;
use super::tables::{Block, BoardTables, Indexes, LineData};
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

/// The `magic-gen emit` command, without its `--format`, that makes `tables` again (without
/// `--seed` in the `pext` layout, which searches nothing).
pub fn emit_command(tables: &BoardTables) -> String {
    let names: Vec<&str> = tables.pieces.iter().map(|p| p.name()).collect();
    let command = format!(
        "magic-gen emit --board {}x{} --layout {} --pieces {}",
        tables.board.files(),
        tables.board.ranks(),
        tables.layout.name(),
        names.join(",")
    );
    // The pext layout searches nothing: a seed would change nothing.
    if tables.layout == BoardLayout::Pext { command } else { format!("{command} --seed {}", tables.seed) }
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
            match line.index {
                Indexes::Magic(_) => format!(
                    "Each square's way into the {} blocks: the line's first square, mask, fold and magic.",
                    direction.name()
                ),
                Indexes::Pext(_) => {
                    format!("Each square's way into its own {} block: its mask and offset.", direction.name())
                }
            },
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
            match leaper.index {
                Indexes::Magic(_) => {
                    format!(
                        "Each square's way into its own {} block: the blocking squares from `base`.",
                        leaper.piece.name()
                    )
                }
                Indexes::Pext(_) => {
                    format!("Each square's way into its own {} block: the blocking squares.", leaper.piece.name())
                }
            },
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
    ];
    description.extend(match tables.layout {
        BoardLayout::Compact | BoardLayout::Split => [
            "Index: x = occupied >> base; folded = (x & mask) low word ^ (high word rotated left by fold);".to_owned(),
            "  slot = offset + ((folded * magic) >> shift).".to_owned(),
        ],
        BoardLayout::Pext => [
            "Index (no magic): slot = offset + (pext(occupied low word, mask_lo)".to_owned(),
            "  | pext(occupied high word, mask_hi) << low_bits), with x86's BMI2 pext.".to_owned(),
        ],
    });
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
        BoardLayout::Pext => [
            "Every line through every square has a block of its own, its sets where they stand. The".to_owned(),
            "movers' sets of a slot lie side by side (slot * movers + mover), so one index serves the".to_owned(),
            "rook and the cannon. Each block is every subset of its mask, in pext order; nothing is".to_owned(),
            "searched.".to_owned(),
        ],
    });
    description.push("A lame leaper's slot holds its attack set (its mask where it stands).".to_owned());
    let provenance = Provenance {
        generator: format!("magic-gen {}", crate::VERSION),
        seed: if tables.layout == BoardLayout::Pext {
            "none, nothing is searched (pext needs no magic)".to_owned()
        } else {
            format!("master seed {}, one ChaCha8 stream per block", tables.seed)
        },
        candidates: (tables.layout != BoardLayout::Pext).then(|| tables.candidates()),
        verified_occupancies: report.relevant,
        reproduce,
        scope: Some(Scope {
            board: format!(
                "{files}x{ranks} ({} squares, {} bitboards; square = file + {files} * rank)",
                board.squares(),
                if wide { "u128" } else { "u64" }
            ),
            searched: if tables.layout == BoardLayout::Pext {
                format!("{} blocks, none searched", tables.blocks().count())
            } else {
                format!("{} blocks", tables.blocks().count())
            },
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

/// `file` (of `tables`, in the `pext` layout) with every entry's first slot replaced by its
/// block's address, `Slots::at(&ARRAY, word)` with word = slot * (two words per set, a set per
/// mover): the `PextBlock` rows `magic_tables::xiangqi::pext` is built from, so that a lookup
/// adds no offset. The slots are the ones verified; only how an entry says where its block is
/// changes.
pub fn with_block_addresses(mut file: LayoutFile, tables: &BoardTables) -> LayoutFile {
    let widths = tables
        .lines
        .iter()
        .map(|line| {
            (index_name(line.direction), format!("{}_ATTACKS", upper(line.direction.name())), line.movers.len())
        })
        .chain(tables.leapers.iter().map(|leaper| {
            let name = upper(leaper.piece.name());
            (format!("{name}_INDEX"), format!("{name}_ATTACKS"), 1)
        }));
    for (index, array, movers) in widths {
        let Some(table) = file.entry_tables.iter_mut().find(|t| t.name == index && t.type_name == "PextIndex") else {
            continue;
        };
        // The renderer names arrays by `&'static str`; these few names live as long as the file.
        let array: &'static str = array.leak();
        for row in &mut table.rows {
            for (name, field) in row.iter_mut() {
                if let ("offset", Field::U32(slot)) = (*name, *field) {
                    let word = u32::try_from(slot as usize * movers * 2).expect("a table of at most 2^32 words");
                    *name = "attacks";
                    *field = Field::Slots { array, offset: word };
                }
            }
        }
        table.type_name = "PextBlock".to_owned();
    }
    file.description
        .push("Each entry holds its block's address, Slots::at(&ARRAY, slot * movers * 2), in place of".to_owned());
    file.description.push("  its first slot, so that a lookup adds no offset.".to_owned());
    file
}

/// `file` (of `tables`, in the `pext` layout, after [`with_block_addresses`]) with the rank's
/// and the file's entry tables joined into one of `PextPair` rows, `RANK_FILE_INDEX`: one
/// `pext` of both lines' occupancy, split into each line's index by its field (see
/// `magic_tables_core::board_tables::PextPair`). The blocks stay as verified; the fields are
/// checked here, on every occupancy of each line through every square (with random bits
/// elsewhere, the other line's too), to give each line's own index. A file without both lines is returned as it is.
pub fn with_rank_file_pairs(mut file: LayoutFile, tables: &BoardTables) -> Result<LayoutFile, String> {
    let (Some(rank), Some(line_file)) = (tables.line(Direction::Rank), tables.line(Direction::File)) else {
        return Ok(file);
    };
    let (Indexes::Pext(ranks), Indexes::Pext(files)) = (&rank.index, &line_file.index) else {
        return Err("rank and file pairs are made of the pext layout".to_owned());
    };
    let rank_rows = take_pext_blocks(&mut file, &index_name(Direction::Rank))?;
    let file_rows = take_pext_blocks(&mut file, &index_name(Direction::File))?;
    let mut noise = 0x9E37_79B9_7F4A_7C15u64;
    let mut rows = Vec::new();
    for (square, (r, f)) in ranks.iter().zip(files).enumerate() {
        let (rank_mask, file_mask) = (mask_of(r), mask_of(f));
        let joint = rank_mask | file_mask;
        let (mask_lo, mask_hi, low_bits) = (joint as u64, (joint >> 64) as u64, (joint as u64).count_ones() as u8);
        // A line's field: where its mask's bits fall among the joint mask's, in order, which is
        // the joint `pext` of the line's mask.
        let field = |mask: u128| pext_u128_portable(mask, mask_lo, mask_hi, low_bits);
        let fields = (field(rank_mask), field(file_mask));
        // Every occupancy of each line, with the other line and the rest of the board at random
        // (each index bit is one square's, so this reaches every square of both lines in every
        // state; the whole joint mask, up to 2^15 occupancies a square, would cost an unoptimized
        // build script a second).
        let lines = [rank_mask, file_mask];
        for (line, subset) in
            lines.into_iter().flat_map(|line| crate::geometry::subsets_u128(line).map(move |s| (line, s)))
        {
            noise ^= noise << 13;
            noise ^= noise >> 7;
            noise ^= noise << 17;
            let elsewhere = (u128::from(noise) << 64 | u128::from(noise.rotate_left(17))) & !line;
            for occupied in [subset, subset | elsewhere] {
                let expected =
                    (r.slot_portable(occupied) - r.offset as usize, f.slot_portable(occupied) - f.offset as usize);
                if pext_pair_indexes(mask_lo, mask_hi, low_bits, fields, occupied) != expected {
                    return Err(format!("square {square}: the rank and file pair gives other slots for {occupied:#x}"));
                }
            }
        }
        rows.push(vec![
            ("mask_lo", Field::Hex(mask_lo)),
            ("mask_hi", Field::Hex(mask_hi)),
            ("first_field", Field::Hex(fields.0)),
            ("second_field", Field::Hex(fields.1)),
            ("first", block_address(&rank_rows[square])),
            ("second", block_address(&file_rows[square])),
            ("low_bits", Field::U8(low_bits)),
        ]);
    }
    file.entry_tables.insert(
        0,
        EntryTable {
            name: "RANK_FILE_INDEX".to_owned(),
            doc: "Each square's way into its rank and file blocks: one pext of both masks, split by field.".to_owned(),
            type_name: "PextPair".to_owned(),
            rows,
        },
    );
    file.description
        .push("A square's rank and file share one entry (RANK_FILE_INDEX): the occupancy's bits".to_owned());
    file.description.push("  under both masks, then each line's by its field (pext of the joint index).".to_owned());
    Ok(file)
}

/// The rows of the entry table `name` of `PextBlock` rows, taken out of `file`.
fn take_pext_blocks(file: &mut LayoutFile, name: &str) -> Result<Vec<Vec<(&'static str, Field)>>, String> {
    let at = file.entry_tables.iter().position(|t| t.name == name && t.type_name == "PextBlock");
    at.map(|at| file.entry_tables.remove(at).rows).ok_or_else(|| format!("no {name} of PextBlock rows"))
}

/// A `PextBlock` row's block address.
fn block_address(row: &[(&'static str, Field)]) -> Field {
    row.iter().find(|(name, _)| *name == "attacks").map(|&(_, field)| field).expect("a PextBlock row has its address")
}

/// The mask of a pext entry.
fn mask_of(index: &PextIndex) -> u128 {
    u128::from(index.mask_hi) << 64 | u128::from(index.mask_lo)
}

/// Every square's index as an entry table of `BoardIndex` or `PextIndex` rows.
fn entry_table(name: String, doc: String, index: &Indexes, wide: bool) -> EntryTable {
    match index {
        Indexes::Magic(index) => magic_entry_table(name, doc, index, wide),
        Indexes::Pext(index) => pext_entry_table(name, doc, index, wide),
    }
}

/// Every square's [`PextIndex`] as rows; a board of at most 64 squares has one `mask` and no
/// `low_bits` (its high word is empty).
fn pext_entry_table(name: String, doc: String, index: &[PextIndex], wide: bool) -> EntryTable {
    let rows = index
        .iter()
        .map(|i| {
            if wide {
                vec![
                    ("mask_lo", Field::Hex(i.mask_lo)),
                    ("mask_hi", Field::Hex(i.mask_hi)),
                    ("offset", Field::U32(i.offset)),
                    ("low_bits", Field::U8(i.low_bits)),
                ]
            } else {
                vec![("mask", Field::Hex(i.mask_lo)), ("offset", Field::U32(i.offset))]
            }
        })
        .collect();
    EntryTable { name, doc, type_name: "PextIndex".to_owned(), rows }
}

/// Every square's [`BoardIndex`] as an entry table of `BoardIndex` rows.
fn magic_entry_table(name: String, doc: String, index: &[BoardIndex], wide: bool) -> EntryTable {
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
