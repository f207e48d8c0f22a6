//! A board's tables for a set of pieces, searched and laid out in one of three layouts
//! ([`BoardLayout`]): the line tables of the riders and the cannon, and the lame leapers'
//! per-square blocks.
//!
//! [`BoardTables::attacks`] looks up through the core's formulas
//! (`magic_tables_core::board_tables`), the very ones `magic_tables::xiangqi` runs; `verify`
//! compares it with the board's coordinate walk.

use std::collections::BTreeMap;

use magic_tables_core::board::{Board, Piece, relevant_mask, slow_attacks};
use magic_tables_core::board_tables::{
    BoardIndex, PextIndex, leaper_attacks, line_attacks, pext_attacks, rank_attacks, split_attacks, square_attacks,
};

use super::lines::{Direction, line_attacks as pattern_attacks, longest, place, relevant_positions, spread_pattern};
use super::search::{BlockKey, BlockMagic, block_magic_at, find_block_magic, folded};
use crate::geometry::subsets_u128;

/// How a board's riders and cannon are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BoardLayout {
    /// The smallest: every direction's lines share one block per (line length, position) of
    /// 16-bit patterns (bit `k`: the line's `k`-th square); a rank's pattern is shifted into
    /// place, any other line's spread by two small tables first. 65 KB for xiangqi's rook, cannon
    /// and lame leapers; 74 KB for 12x10's rook, bishop and cannon.
    Compact,
    /// The fastest where it fits: a rank (and a diagonal) has a block per square of whole
    /// attack sets; a file shares one block per rank position with every file (its sets are file
    /// a's, shifted by the file: a shift of less than 16, two instructions); every mover's set of
    /// a slot lies side by side, so the rook and the cannon share one index. Its rank blocks grow
    /// with the board's width: 334 KB for xiangqi, but 2.6 MB for a 12x10 rook, bishop and cannon.
    Split,
    /// For targets with BMI2: no magic at all. Every line through every square (and every
    /// leaper's square) has a block of its own, indexed by the `pext` of the occupancy under
    /// its mask ([`PextIndex`]); the movers' sets lie side by side as in `Split`. Larger than
    /// `Split` (704 KB for xiangqi: a file's blocks are not shared), and the fastest in a move
    /// generator where `pext` is one fast instruction (Intel since Haswell, AMD since Zen 3).
    Pext,
}

impl BoardLayout {
    /// Every layout.
    pub const ALL: [BoardLayout; 3] = [BoardLayout::Compact, BoardLayout::Split, BoardLayout::Pext];

    /// Its name on the command line and in headers.
    pub const fn name(self) -> &'static str {
        match self {
            BoardLayout::Compact => "compact",
            BoardLayout::Split => "split",
            BoardLayout::Pext => "pext",
        }
    }

    /// The layout called `name`.
    pub fn from_name(name: &str) -> Option<BoardLayout> {
        BoardLayout::ALL.into_iter().find(|layout| layout.name() == name)
    }

    /// Whether the lines of `direction` share blocks (by translation) in this layout, rather than
    /// having a block per square.
    pub fn shares(self, direction: Direction) -> bool {
        match self {
            BoardLayout::Compact => true,
            BoardLayout::Split => direction == Direction::File,
            BoardLayout::Pext => false,
        }
    }
}

/// One block: what it is, where it starts, its index bits and where its magic is in its stream
/// (none for a block indexed by `pext`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's stream key.
    pub key: BlockKey,
    /// Its first slot.
    pub offset: usize,
    /// Its index bits (`1 << bits` slots).
    pub bits: u32,
    /// The magic's candidate number in the block's stream ([`BlockMagic::candidates`]); 0 for a
    /// block of the `pext` layout, which searches nothing.
    pub candidate: u64,
    /// A label for the generated file, such as `length 10, position 3` or `square 17`.
    pub label: String,
}

impl Block {
    /// The block of `key` whose `magic` was found, starting at `offset`.
    fn found(key: BlockKey, offset: usize, magic: BlockMagic, label: String) -> Block {
        Block { key, offset, bits: magic.bits, candidate: magic.candidates, label }
    }
}

/// Every square's way into a table: by a magic, or by `pext`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Indexes {
    /// [`BoardLayout::Compact`] and [`BoardLayout::Split`].
    Magic(Vec<BoardIndex>),
    /// [`BoardLayout::Pext`].
    Pext(Vec<PextIndex>),
}

/// What a line table's slots hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineData {
    /// [`BoardLayout::Compact`]: per mover, a pattern per slot; the spread tables (low byte,
    /// high part, two words per set) of a direction other than the rank.
    Patterns {
        /// One array per mover.
        patterns: Vec<Vec<u16>>,
        /// The spread tables, `None` for the rank.
        spread: Option<(Vec<u64>, Vec<u64>)>,
    },
    /// [`BoardLayout::Split`] and [`BoardLayout::Pext`]: per slot, every mover's set side by
    /// side, two words each (low word first).
    Sets(Vec<u64>),
}

/// The table of one direction: every square's index into it and what its slots hold for each
/// piece that moves along it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineTable {
    /// The direction.
    pub direction: Direction,
    /// Square by square.
    pub index: Indexes,
    /// The pieces along this direction, in [`Piece`] order: the order of their data.
    pub movers: Vec<Piece>,
    /// The slots' contents.
    pub data: LineData,
    /// The blocks, in the order searched.
    pub blocks: Vec<Block>,
    /// Whether each square has a block of its own (`base` 0, whole sets where they stand), or
    /// the lines share blocks by translation.
    pub per_square: bool,
}

/// A lame leaper's table: every square's index into its own block of sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaperTable {
    /// The piece.
    pub piece: Piece,
    /// Square by square.
    pub index: Indexes,
    /// The attack sets of every block, two words each, low word first.
    pub sets: Vec<u64>,
    /// The blocks (one per square).
    pub blocks: Vec<Block>,
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
    /// The layout.
    pub layout: BoardLayout,
    /// One per direction some piece moves along, in [`Direction`] order.
    pub lines: Vec<LineTable>,
    /// One per lame leaper, in [`Piece`] order.
    pub leapers: Vec<LeaperTable>,
}

/// The magics found so far, or known before: the candidate numbers of the blocks in the order
/// they are built.
struct Finder<'a> {
    board: Board,
    seed: u64,
    known: &'a [u64],
    used: usize,
}

impl Finder<'_> {
    /// The next block's magic: at its known candidate number if there is one, else searched.
    fn next(&mut self, key: BlockKey, mask: u128, cases: &[(u128, u128)]) -> Result<BlockMagic, String> {
        let magic = match self.known.get(self.used) {
            Some(&candidate) => block_magic_at(self.board, key, self.seed, mask, cases, candidate)?,
            None if self.known.is_empty() => find_block_magic(self.board, key, self.seed, mask, cases)?,
            None => return Err(format!("{} candidate numbers are known, but there are more blocks", self.known.len())),
        };
        self.used += 1;
        Ok(magic)
    }
}

impl BoardTables {
    /// Searches and lays out the tables of `pieces` on `board` in `layout` from `seed`. Fails if
    /// a block has no magic (never seen: see [`find_block_magic`]) or if `pieces` is empty.
    pub fn build(board: Board, pieces: &[Piece], seed: u64, layout: BoardLayout) -> Result<BoardTables, String> {
        BoardTables::build_with(board, pieces, seed, layout, &[])
    }

    /// [`BoardTables::build`], with every block's magic re-derived at its known candidate number
    /// (`known`, from [`BoardTables::found`] of the same board, pieces, seed and layout) by
    /// seeking instead of searching: what keeps an unoptimized build script fast. A number that
    /// is not where the search stops, or a list of the wrong length, is an error. An empty list
    /// searches.
    pub fn build_with(
        board: Board,
        pieces: &[Piece],
        seed: u64,
        layout: BoardLayout,
        known: &[u64],
    ) -> Result<BoardTables, String> {
        let mut pieces = pieces.to_vec();
        pieces.sort_unstable();
        pieces.dedup();
        if pieces.is_empty() {
            return Err("no piece to build tables for".to_owned());
        }
        let mut finder = Finder { board, seed, known, used: 0 };
        let mut lines = Vec::new();
        for direction in Direction::ALL {
            let movers: Vec<Piece> =
                pieces.iter().copied().filter(|&p| Direction::of(p).contains(&direction)).collect();
            if !movers.is_empty() {
                lines.push(line_table(&mut finder, layout, direction, movers)?);
            }
        }
        let mut leapers = Vec::new();
        for &piece in pieces.iter().filter(|p| Direction::of(**p).is_empty()) {
            leapers.push(leaper_table(&mut finder, layout, piece)?);
        }
        if finder.used != known.len() && !known.is_empty() {
            return Err(format!("{} candidate numbers are known, but there are {} blocks", known.len(), finder.used));
        }
        Ok(BoardTables { board, pieces, seed, layout, lines, leapers })
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
            return Some(match &leaper.index {
                Indexes::Magic(index) => leaper_attacks(&index[square], &leaper.sets, occupied),
                Indexes::Pext(index) => pext_attacks(&index[square], &leaper.sets, 1, 0, occupied),
            });
        }
        Direction::of(piece)
            .iter()
            .try_fold(0, |attacks, &direction| Some(attacks | self.line(direction)?.attacks(piece, square, occupied)?))
    }

    /// Every block, lines first, in the order they are built.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.lines.iter().flat_map(|t| &t.blocks).chain(self.leapers.iter().flat_map(|t| &t.blocks))
    }

    /// Every block's candidate number, in the order they are built: what
    /// [`BoardTables::build_with`] re-derives the same tables from (none in the `pext` layout,
    /// which searches nothing).
    pub fn found(&self) -> Vec<u64> {
        if self.layout == BoardLayout::Pext {
            return Vec::new();
        }
        self.blocks().map(|b| b.candidate).collect()
    }

    /// Candidates drawn by all the searches.
    pub fn candidates(&self) -> u64 {
        self.blocks().map(|b| b.candidate).sum()
    }
}

impl LineTable {
    /// The attacks of `piece` on `square` along this direction, through the core's formulas.
    pub fn attacks(&self, piece: Piece, square: usize, occupied: u128) -> Option<u128> {
        let mover = self.movers.iter().position(|&p| p == piece)?;
        let index = match &self.index {
            Indexes::Magic(index) => &index[square],
            Indexes::Pext(index) => {
                let LineData::Sets(words) = &self.data else { return None };
                return Some(pext_attacks(&index[square], words, self.movers.len(), mover, occupied));
            }
        };
        Some(match &self.data {
            LineData::Patterns { patterns, spread: None } => rank_attacks(index, &patterns[mover], occupied),
            LineData::Patterns { patterns, spread: Some((low, high)) } => {
                line_attacks(index, &patterns[mover], low, high, occupied)
            }
            LineData::Sets(words) if self.per_square => {
                square_attacks(index, words, self.movers.len(), mover, occupied)
            }
            LineData::Sets(words) => split_attacks(index, words, self.movers.len(), mover, occupied),
        })
    }
}

/// Sets as the two-word arrays the core's formulas read (low word first).
pub fn words(sets: &[u128]) -> Vec<u64> {
    sets.iter().flat_map(|&set| [set as u64, (set >> 64) as u64]).collect()
}

/// The line table of `direction` for `movers` in `layout`.
fn line_table(
    finder: &mut Finder<'_>,
    layout: BoardLayout,
    direction: Direction,
    movers: Vec<Piece>,
) -> Result<LineTable, String> {
    let board = finder.board;
    let places: Vec<_> = (0..board.squares()).map(|square| place(board, direction, square)).collect();
    let mut blocks = Vec::new();
    // Compact: a pattern array per mover. Split: every mover's set per slot.
    let mut patterns: Vec<Vec<u16>> = vec![Vec::new(); movers.len()];
    let mut sets: Vec<u128> = Vec::new();
    let mut index = vec![None; places.len()];
    let mut pext_index = Vec::new();
    if layout == BoardLayout::Pext {
        for (square, p) in places.iter().enumerate() {
            let square = square as u8;
            let line = spread_pattern(board, direction, super::lines::whole_line(p.length)) << p.start;
            let mask = spread_pattern(board, direction, relevant_positions(p.length, p.position)) << p.start;
            let key = BlockKey::LineSquare { direction: direction as u8, square };
            let (entry, block) = pext_block(key, square, mask, &mut sets, movers.len(), |occupied, slot| {
                for (set, &piece) in slot.iter_mut().zip(&movers) {
                    *set = slow_attacks(board, piece, square, occupied) & line;
                }
            })?;
            pext_index.push(entry);
            blocks.push(block);
        }
    } else if layout.shares(direction) {
        // (length, position) -> the squares whose lines share the block.
        let mut shared: BTreeMap<(u8, u8), Vec<usize>> = BTreeMap::new();
        for (square, p) in places.iter().enumerate() {
            shared.entry((p.length, p.position)).or_default().push(square);
        }
        for (&(length, position), squares) in &shared {
            let relevant = relevant_positions(length, position);
            let mask = spread_pattern(board, direction, relevant);
            let occupancies: Vec<u16> = subsets_u128(u128::from(relevant)).map(|s| s as u16).collect();
            let results: Vec<Vec<u16>> = occupancies
                .iter()
                .map(|&occupied| movers.iter().map(|&p| pattern_attacks(p, length, position, occupied)).collect())
                .collect();
            let cases: Vec<(u128, u128)> = occupancies
                .iter()
                .zip(&results)
                .map(|(&occupied, result)| {
                    let key = result.iter().rev().fold(0u128, |key, &pattern| key << 16 | u128::from(pattern));
                    (spread_pattern(board, direction, occupied), key)
                })
                .collect();
            let key = BlockKey::Line { direction: direction as u8, length, position };
            let magic = finder.next(key, mask, &cases)?;
            let offset = match layout {
                BoardLayout::Compact => patterns[0].len(),
                BoardLayout::Split | BoardLayout::Pext => sets.len() / movers.len(),
            };
            let slots = 1usize << magic.bits;
            // Only the layout's own data: patterns (compact) or the movers' sets (split).
            match layout {
                BoardLayout::Compact => patterns.iter_mut().for_each(|mover| mover.resize(offset + slots, 0)),
                BoardLayout::Split | BoardLayout::Pext => sets.resize((offset + slots) * movers.len(), 0),
            }
            for (&(spread, _), result) in cases.iter().zip(&results) {
                let slot = offset + magic.slot(folded(spread, magic.fold));
                for (mover, &pattern) in result.iter().enumerate() {
                    match layout {
                        BoardLayout::Compact => patterns[mover][slot] = pattern,
                        BoardLayout::Split | BoardLayout::Pext => {
                            sets[slot * movers.len() + mover] = spread_pattern(board, direction, pattern);
                        }
                    }
                }
            }
            for &square in squares {
                index[square] = Some(board_index(magic, mask, offset, places[square].start)?);
            }
            blocks.push(Block::found(key, offset, magic, format!("length {length}, position {position}")));
        }
    } else {
        for (square, p) in places.iter().enumerate() {
            let square = square as u8;
            let line = spread_pattern(board, direction, super::lines::whole_line(p.length)) << p.start;
            let mask = spread_pattern(board, direction, relevant_positions(p.length, p.position)) << p.start;
            // Every occupancy with the movers' sets along the line, once.
            let results: Vec<(u128, Vec<u128>)> = subsets_u128(mask)
                .map(|occupied| {
                    (
                        occupied,
                        movers.iter().map(|&piece| slow_attacks(board, piece, square, occupied) & line).collect(),
                    )
                })
                .collect();
            // Each distinct tuple of the movers' sets is a class: slots may share only within one.
            let mut classes: BTreeMap<&[u128], u128> = BTreeMap::new();
            let cases: Vec<(u128, u128)> = results
                .iter()
                .map(|(occupied, sets)| {
                    let next = classes.len() as u128;
                    (*occupied, *classes.entry(sets).or_insert(next))
                })
                .collect();
            let key = BlockKey::LineSquare { direction: direction as u8, square };
            let magic = finder.next(key, mask, &cases)?;
            let offset = sets.len() / movers.len();
            sets.resize((offset + (1 << magic.bits)) * movers.len(), 0);
            for (occupied, results) in &results {
                let slot = offset + magic.slot(folded(*occupied, magic.fold));
                sets[slot * movers.len()..][..movers.len()].copy_from_slice(results);
            }
            index[usize::from(square)] = Some(board_index(magic, mask, offset, 0)?);
            blocks.push(Block::found(key, offset, magic, format!("square {square}")));
        }
    }
    let index = if layout == BoardLayout::Pext {
        Indexes::Pext(pext_index)
    } else {
        Indexes::Magic(index.into_iter().map(|i| i.expect("every square has a block")).collect())
    };
    let data = match layout {
        BoardLayout::Compact => {
            let spread = (direction != Direction::Rank).then(|| {
                let length = u32::from(longest(board, direction));
                let low: Vec<u128> = (0..1u16 << length.min(8)).map(|p| spread_pattern(board, direction, p)).collect();
                let high: Vec<u128> =
                    (0..1u16 << length.saturating_sub(8)).map(|p| spread_pattern(board, direction, p << 8)).collect();
                (words(&low), words(&high))
            });
            LineData::Patterns { patterns, spread }
        }
        BoardLayout::Split | BoardLayout::Pext => LineData::Sets(words(&sets)),
    };
    Ok(LineTable { direction, index, movers, data, blocks, per_square: !layout.shares(direction) })
}

/// A lame leaper's table: each square's block over the blocking squares near it, the mask as
/// it stands on the board (folded where it spans both words), indexed by a magic or, in the
/// `pext` layout, by `pext`.
fn leaper_table(finder: &mut Finder<'_>, layout: BoardLayout, piece: Piece) -> Result<LeaperTable, String> {
    let board = finder.board;
    let mut index = Vec::new();
    let mut pext_index = Vec::new();
    let mut sets = Vec::new();
    let mut blocks = Vec::new();
    for square in 0..board.squares() {
        let mask = relevant_mask(board, piece, square);
        let key = BlockKey::Leaper { piece: piece as u8, square };
        if layout == BoardLayout::Pext {
            let (entry, block) = pext_block(key, square, mask, &mut sets, 1, |occupied, slot| {
                slot[0] = slow_attacks(board, piece, square, occupied);
            })?;
            pext_index.push(entry);
            blocks.push(block);
            continue;
        }
        let cases: Vec<(u128, u128)> =
            subsets_u128(mask).map(|occupied| (occupied, slow_attacks(board, piece, square, occupied))).collect();
        let magic = finder.next(key, mask, &cases)?;
        let offset = sets.len();
        sets.resize(offset + (1 << magic.bits), 0);
        for &(occupied, attacks) in &cases {
            sets[offset + magic.slot(folded(occupied, magic.fold))] = attacks;
        }
        index.push(board_index(magic, mask, offset, 0)?);
        blocks.push(Block::found(key, offset, magic, format!("square {square}")));
    }
    let index = if layout == BoardLayout::Pext { Indexes::Pext(pext_index) } else { Indexes::Magic(index) };
    Ok(LeaperTable { piece, index, sets: words(&sets), blocks })
}

/// The `pext` layout's block of `square` over `mask`, appended to `sets` (`width` sets per slot,
/// filled by `fill(occupancy, slot)` for every subset of the mask): its entry and its block.
fn pext_block(
    key: BlockKey,
    square: u8,
    mask: u128,
    sets: &mut Vec<u128>,
    width: usize,
    fill: impl Fn(u128, &mut [u128]),
) -> Result<(PextIndex, Block), String> {
    let offset = sets.len() / width;
    let entry =
        PextIndex::new(mask, offset).ok_or_else(|| format!("a table of {offset} slots is too large to index"))?;
    sets.resize((offset + (1 << mask.count_ones())) * width, 0);
    for occupied in subsets_u128(mask) {
        fill(occupied, &mut sets[entry.slot_portable(occupied) * width..][..width]);
    }
    let block = Block { key, offset, bits: mask.count_ones(), candidate: 0, label: format!("square {square}") };
    Ok((entry, block))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::verify::verify;

    #[test]
    fn every_layout_verifies_on_boards_of_every_shape() {
        for layout in BoardLayout::ALL {
            for (files, ranks) in [(2, 2), (3, 7), (7, 3), (6, 6), (9, 10), (12, 10), (16, 8), (8, 16)] {
                if layout != BoardLayout::Compact && files * ranks > 100 {
                    continue; // rank blocks of 2^14 sets per square: large, and no different
                }
                let board = Board::new(files, ranks).unwrap();
                let tables = BoardTables::build(board, &Piece::ALL, 7, layout).unwrap();
                let report = verify(&tables).unwrap_or_else(|e| panic!("{} {files}x{ranks}: {e}", layout.name()));
                assert!(report.relevant > 0 && report.random > 0);
            }
        }
    }

    #[test]
    fn known_numbers_rebuild_the_searched_tables() {
        let board = Board::new(10, 8).unwrap();
        let pieces = [Piece::Rook, Piece::Cannon, Piece::Elephant];
        let searched = BoardTables::build(board, &pieces, 3, BoardLayout::Split).unwrap();
        let found = searched.found();
        assert_eq!(BoardTables::build_with(board, &pieces, 3, BoardLayout::Split, &found), Ok(searched));
        // A list of the wrong length, or a number that is not a magic, is refused.
        assert!(BoardTables::build_with(board, &pieces, 3, BoardLayout::Split, &found[1..]).is_err());
        // The candidate before a block's magic was tried and failed.
        let mut wrong = found.clone();
        let block = found.iter().position(|&n| n > 1).expect("a block that took more than one candidate");
        wrong[block] -= 1;
        assert!(BoardTables::build_with(board, &pieces, 3, BoardLayout::Split, &wrong).is_err());
        assert!(BoardTables::build(board, &[], 3, BoardLayout::Compact).is_err());
    }
}
