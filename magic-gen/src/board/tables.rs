//! A board's tables for a set of pieces, searched and laid out: the line tables of the riders
//! and the cannon (one block per (direction, length, position), shared by every line it fits),
//! the spread tables that turn a pattern into squares, and the lame leapers' per-square blocks.
//!
//! [`BoardTables::attacks`] looks up through the core's formulas
//! (`magic_tables_core::board_tables`), the very ones `magic_tables::xiangqi` runs; `verify`
//! compares it with the board's coordinate walk.

use std::collections::BTreeMap;

use magic_tables_core::board::{Board, Piece, relevant_mask, slow_attacks};
use magic_tables_core::board_tables::{BoardIndex, leaper_attacks};

use super::lines::{Direction, line_attacks, longest, place, relevant_positions, spread_pattern};
use super::search::{BlockKey, BlockMagic, block_magic_at, find_block_magic, folded};
use crate::geometry::subsets_u128;

/// The table of one direction: every square's index into it, and the patterns of each piece
/// that moves along it, in the same slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineTable {
    /// The direction.
    pub direction: Direction,
    /// Square by square.
    pub index: Vec<BoardIndex>,
    /// (piece, its patterns) for each piece along this direction, in [`Piece`] order.
    pub patterns: Vec<(Piece, Vec<u16>)>,
    /// The spread tables (low byte, high part) of a direction other than the rank, which needs
    /// none: sets as two words each, low word first, as the core's formulas read them.
    pub spread: Option<(Vec<u64>, Vec<u64>)>,
    /// Blocks searched (one per (length, position)).
    pub blocks: usize,
    /// Where each block's magic is in its stream.
    pub found: Vec<LineBlock>,
    /// Where each block of `found` starts in the pattern arrays.
    pub offsets: Vec<usize>,
}

/// Where the magic of the block of (direction, length, position) is in its stream: its
/// candidate number, as [`BlockMagic::candidates`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineBlock {
    /// The lines' direction.
    pub direction: Direction,
    /// Their length.
    pub length: u8,
    /// The position on them.
    pub position: u8,
    /// The magic's candidate number.
    pub candidate: u64,
}

/// A lame leaper's table: every square's index into its own block of sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaperTable {
    /// The piece.
    pub piece: Piece,
    /// Square by square.
    pub index: Vec<BoardIndex>,
    /// The attack sets of every block, two words each, low word first.
    pub sets: Vec<u64>,
}

/// Every table of a board and a set of pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardTables {
    /// The board.
    pub board: Board,
    /// The pieces, in [`Piece`] order, each once.
    pub pieces: Vec<Piece>,
    /// The master seed every block's stream is keyed by.
    pub seed: u64,
    /// One per direction some piece moves along, in [`Direction`] order.
    pub lines: Vec<LineTable>,
    /// One per lame leaper, in [`Piece`] order.
    pub leapers: Vec<LeaperTable>,
    /// Candidates drawn by all the searches.
    pub candidates: u64,
}

impl BoardTables {
    /// Searches and lays out the tables of `pieces` on `board` from `seed`. Fails if a block has
    /// no magic (never seen: see [`find_block_magic`]) or if `pieces` is empty.
    pub fn build(board: Board, pieces: &[Piece], seed: u64) -> Result<BoardTables, String> {
        BoardTables::build_with(board, pieces, seed, &[])
    }

    /// [`BoardTables::build`], with the line blocks whose candidate number is known (from
    /// [`BoardTables::found`] of the same board and seed) re-derived by seeking to it instead of
    /// searching: what keeps an unoptimized build script fast. A number that is not where the
    /// search stops is an error.
    pub fn build_with(board: Board, pieces: &[Piece], seed: u64, known: &[LineBlock]) -> Result<BoardTables, String> {
        let mut pieces = pieces.to_vec();
        pieces.sort_unstable();
        pieces.dedup();
        if pieces.is_empty() {
            return Err("no piece to build tables for".to_owned());
        }
        let mut candidates = 0;
        let mut lines = Vec::new();
        for direction in Direction::ALL {
            let movers: Vec<Piece> =
                pieces.iter().copied().filter(|&p| Direction::of(p).contains(&direction)).collect();
            if !movers.is_empty() {
                let (table, drawn) = line_table(board, direction, &movers, seed, known)?;
                candidates += drawn;
                lines.push(table);
            }
        }
        let mut leapers = Vec::new();
        for &piece in pieces.iter().filter(|p| Direction::of(**p).is_empty()) {
            let (table, drawn) = leaper_table(board, piece, seed)?;
            candidates += drawn;
            leapers.push(table);
        }
        Ok(BoardTables { board, pieces, seed, lines, leapers, candidates })
    }

    /// The table of `direction`, if some piece moves along it.
    pub fn line(&self, direction: Direction) -> Option<&LineTable> {
        self.lines.iter().find(|t| t.direction == direction)
    }

    /// What `piece` on `square` attacks when `occupied` is occupied, through the tables and
    /// the core's formulas; `None` for a piece these tables do not hold or a square off the
    /// board.
    pub fn attacks(&self, piece: Piece, square: u8, occupied: u128) -> Option<u128> {
        if square >= self.board.squares() || !self.pieces.contains(&piece) {
            return None;
        }
        let square = usize::from(square);
        if let Some(leaper) = self.leapers.iter().find(|t| t.piece == piece) {
            return Some(leaper_attacks(&leaper.index[square], &leaper.sets, occupied));
        }
        Direction::of(piece)
            .iter()
            .try_fold(0, |attacks, &direction| Some(attacks | self.line(direction)?.attacks(piece, square, occupied)?))
    }

    /// Where each line block's magic was found in its stream, to build the same tables again
    /// with [`BoardTables::build_with`].
    pub fn found(&self) -> Vec<LineBlock> {
        self.lines.iter().flat_map(|t| t.found.iter().copied()).collect()
    }

    /// Blocks searched: one per (direction, length, position) and per leaper square.
    pub fn blocks(&self) -> usize {
        self.lines.iter().map(|t| t.blocks).sum::<usize>() + self.leapers.iter().map(|t| t.index.len()).sum::<usize>()
    }
}

impl LineTable {
    /// The attacks of `piece` on `square` along this direction, through the core's formulas.
    pub fn attacks(&self, piece: Piece, square: usize, occupied: u128) -> Option<u128> {
        let patterns = &self.patterns.iter().find(|(p, _)| *p == piece)?.1;
        let index = &self.index[square];
        Some(match &self.spread {
            None => magic_tables_core::board_tables::rank_attacks(index, patterns, occupied),
            Some((low, high)) => magic_tables_core::board_tables::line_attacks(index, patterns, low, high, occupied),
        })
    }
}

/// Sets as the two-word arrays the core's formulas read (low word first).
pub fn words(sets: &[u128]) -> Vec<u64> {
    sets.iter().flat_map(|&set| [set as u64, (set >> 64) as u64]).collect()
}

/// The table of `direction` for the pieces `movers`: a block per (length, position), searched
/// over every occupancy of its relevant positions, with the patterns of every mover as the
/// result that slots may share.
fn line_table(
    board: Board,
    direction: Direction,
    movers: &[Piece],
    seed: u64,
    known: &[LineBlock],
) -> Result<(LineTable, u64), String> {
    let places: Vec<_> = (0..board.squares()).map(|square| place(board, direction, square)).collect();
    // (length, position) -> the block's magic and offset, in that order.
    let mut blocks = BTreeMap::new();
    for p in &places {
        blocks.entry((p.length, p.position)).or_insert(None);
    }
    let mut patterns: Vec<Vec<u16>> = vec![Vec::new(); movers.len()];
    let mut candidates = 0;
    let mut found = Vec::new();
    let mut offsets = Vec::new();
    for (&(length, position), block) in &mut blocks {
        let relevant = relevant_positions(length, position);
        let mask = spread_pattern(board, direction, relevant);
        let occupancies: Vec<u16> = subsets_u128(u128::from(relevant)).map(|s| s as u16).collect();
        let results = |occupied: u16| -> Vec<u16> {
            movers.iter().map(|&p| line_attacks(p, length, position, occupied)).collect()
        };
        let cases: Vec<(u128, u128)> = occupancies
            .iter()
            .map(|&occupied| {
                let key = results(occupied).iter().rev().fold(0u128, |key, &pattern| key << 16 | u128::from(pattern));
                (spread_pattern(board, direction, occupied), key)
            })
            .collect();
        let key = BlockKey::Line { direction: direction as u8, length, position };
        let hint = known.iter().find(|b| (b.direction, b.length, b.position) == (direction, length, position));
        let magic = match hint {
            Some(block) => block_magic_at(board, key, seed, mask, &cases, block.candidate)?,
            None => find_block_magic(board, key, seed, mask, &cases)?,
        };
        candidates += magic.candidates;
        found.push(LineBlock { direction, length, position, candidate: magic.candidates });
        let offset = patterns[0].len();
        offsets.push(offset);
        for mover in &mut patterns {
            mover.resize(offset + (1 << magic.bits), 0);
        }
        for (&occupied, &(spread, _)) in occupancies.iter().zip(&cases) {
            let slot = offset + magic.slot(folded(spread, magic.fold));
            for (mover, pattern) in patterns.iter_mut().zip(results(occupied)) {
                mover[slot] = pattern;
            }
        }
        *block = Some((magic, mask, offset));
    }
    let index = places
        .iter()
        .map(|p| {
            let (magic, mask, offset) = blocks[&(p.length, p.position)].expect("every block was searched");
            board_index(magic, mask, offset, p.start)
        })
        .collect::<Result<Vec<_>, String>>()?;
    let spread = (direction != Direction::Rank).then(|| {
        let length = u32::from(longest(board, direction));
        let low: Vec<u128> = (0..1u16 << length.min(8)).map(|p| spread_pattern(board, direction, p)).collect();
        let high: Vec<u128> =
            (0..1u16 << length.saturating_sub(8)).map(|p| spread_pattern(board, direction, p << 8)).collect();
        (words(&low), words(&high))
    });
    let table = LineTable {
        direction,
        index,
        patterns: movers.iter().copied().zip(patterns).collect(),
        spread,
        blocks: blocks.len(),
        found,
        offsets,
    };
    Ok((table, candidates))
}

/// A lame leaper's table: each square's block over the blocking squares near it, counted from
/// the lowest of them (so the mask fits the low word and needs no fold).
fn leaper_table(board: Board, piece: Piece, seed: u64) -> Result<(LeaperTable, u64), String> {
    let mut index = Vec::new();
    let mut sets = Vec::new();
    let mut candidates = 0;
    for square in 0..board.squares() {
        let mask = relevant_mask(board, piece, square);
        let base = if mask == 0 { 0 } else { mask.trailing_zeros() as u8 };
        let cases: Vec<(u128, u128)> = subsets_u128(mask)
            .map(|occupied| (occupied >> base, slow_attacks(board, piece, square, occupied)))
            .collect();
        let key = BlockKey::Leaper { piece: piece as u8, square };
        let magic = find_block_magic(board, key, seed, mask >> base, &cases)?;
        candidates += magic.candidates;
        let offset = sets.len();
        sets.resize(offset + (1 << magic.bits), 0);
        for &(occupied, attacks) in &cases {
            sets[offset + magic.slot(folded(occupied, magic.fold))] = attacks;
        }
        index.push(board_index(magic, mask >> base, offset, base)?);
    }
    Ok((LeaperTable { piece, index, sets: words(&sets) }, candidates))
}

/// The entry of a square whose block starts at `offset`, with its mask counted from `base`.
fn board_index(magic: BlockMagic, mask: u128, offset: usize, base: u8) -> Result<BoardIndex, String> {
    Ok(BoardIndex {
        mask_lo: mask as u64,
        mask_hi: (mask >> 64) as u64,
        magic: magic.magic,
        offset: u32::try_from(offset).map_err(|_| format!("a table of {offset} slots is too large to index"))?,
        base,
        fold: magic.fold as u8,
        shift: magic.shift() as u8,
    })
}
