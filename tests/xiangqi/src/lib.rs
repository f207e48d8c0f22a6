//! A small xiangqi move generator written from the rules alone (palace, river, lame horse and
//! elephant, cannon screens, the generals' open file, no move that leaves one's own general
//! attacked), over any source of attack sets ([`Attacks`]):
//!
//! * [`Tables`]: `magic_tables::xiangqi`, the generated tables under test;
//! * [`PextTables`]: `magic_tables::xiangqi::pext`, the `pext` tables where the target has BMI2
//!   (else that module's fallback to the magic ones);
//! * [`Reference`]: `magic_tables_core::board::slow_attacks`, the coordinate walk;
//! * [`PikafishWay`]: one table per square and piece indexed by a 128-bit `pext`, filled at
//!   start-up, as Pikafish does on BMI2 builds (its sizes rebuilt from its published figures:
//!   0x108000 entries of 16 bytes for the rook and for the cannon; the code is ours).
//!
//! [`perft`] counts the leaves of the legal-move tree: the published counts (Chess
//! Programming Wiki, "Chinese Chess Perft Results") check the tables inside a whole game, and
//! the same generator on two sources times their lookups where a real engine spends them.

use magic_tables::xiangqi::{self, Color, Square, advisor_attacks, king_attacks, pawn_attacks};
use magic_tables_core::board::{Board, Piece, relevant_mask, slow_attacks};
// `pext` of 64 bits: the BMI2 instruction where the target has it, else bit by bit.
use magic_tables_core::board_tables::pext_u64 as pext;

const BOARD: Board = Board::XIANGQI;

/// The start position.
pub const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
/// The published perft counts from [`START`], depth 0 to 5, which the measuring examples check
/// their runs against.
pub const START_PERFT: [u64; 6] = [1, 44, 1_920, 79_666, 3_290_240, 133_312_995];
/// The second published position.
pub const SECOND: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w";

/// Where a move generator gets the occupancy-dependent attack sets.
pub trait Attacks {
    /// A rook (chariot) on `square`.
    fn rook(&self, square: u8, occupied: u128) -> u128;
    /// A cannon's captures from `square`.
    fn cannon(&self, square: u8, occupied: u128) -> u128;
    /// A horse on `square`.
    fn horse(&self, square: u8, occupied: u128) -> u128;
    /// The squares a horse attacks `square` from.
    fn horse_to(&self, square: u8, occupied: u128) -> u128;
    /// An elephant on `square`.
    fn elephant(&self, square: u8, occupied: u128) -> u128;
    /// A rook's and a cannon's attacks from one square at once, where a source shares the work.
    #[inline(always)]
    fn rook_and_cannon(&self, square: u8, occupied: u128) -> (u128, u128) {
        (self.rook(square, occupied), self.cannon(square, occupied))
    }
}

/// `magic_tables::xiangqi`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tables;

/// A square number the generator made (from a bitboard of the board, so below 90) as a
/// `Square`, unchecked as an engine's own numbers would be.
#[inline(always)]
fn sq(square: u8) -> Square {
    debug_assert!(square < 90);
    // SAFETY: every square this generator passes comes from a bitboard of the board's 90 squares.
    unsafe { Square::from_index_unchecked(square) }
}

impl Attacks for Tables {
    #[inline(always)]
    fn rook(&self, square: u8, occupied: u128) -> u128 {
        xiangqi::rook_attacks(sq(square), occupied)
    }
    #[inline(always)]
    fn cannon(&self, square: u8, occupied: u128) -> u128 {
        xiangqi::cannon_attacks(sq(square), occupied)
    }
    #[inline(always)]
    fn horse(&self, square: u8, occupied: u128) -> u128 {
        xiangqi::horse_attacks(sq(square), occupied)
    }
    #[inline(always)]
    fn horse_to(&self, square: u8, occupied: u128) -> u128 {
        xiangqi::horse_attacks_to(sq(square), occupied)
    }
    #[inline(always)]
    fn elephant(&self, square: u8, occupied: u128) -> u128 {
        xiangqi::elephant_attacks(sq(square), occupied)
    }
    #[inline(always)]
    fn rook_and_cannon(&self, square: u8, occupied: u128) -> (u128, u128) {
        xiangqi::rook_and_cannon_attacks(sq(square), occupied)
    }
}

/// `magic_tables::xiangqi::pext`.
#[derive(Clone, Copy, Debug, Default)]
pub struct PextTables;

impl Attacks for PextTables {
    #[inline(always)]
    fn rook(&self, square: u8, occupied: u128) -> u128 {
        xiangqi::pext::rook_attacks(sq(square), occupied)
    }
    #[inline(always)]
    fn cannon(&self, square: u8, occupied: u128) -> u128 {
        xiangqi::pext::cannon_attacks(sq(square), occupied)
    }
    #[inline(always)]
    fn horse(&self, square: u8, occupied: u128) -> u128 {
        xiangqi::pext::horse_attacks(sq(square), occupied)
    }
    #[inline(always)]
    fn horse_to(&self, square: u8, occupied: u128) -> u128 {
        xiangqi::pext::horse_attacks_to(sq(square), occupied)
    }
    #[inline(always)]
    fn elephant(&self, square: u8, occupied: u128) -> u128 {
        xiangqi::pext::elephant_attacks(sq(square), occupied)
    }
    #[inline(always)]
    fn rook_and_cannon(&self, square: u8, occupied: u128) -> (u128, u128) {
        xiangqi::pext::rook_and_cannon_attacks(sq(square), occupied)
    }
}

/// The coordinate walk of `magic_tables_core::board`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

impl Attacks for Reference {
    fn rook(&self, square: u8, occupied: u128) -> u128 {
        slow_attacks(BOARD, Piece::Rook, square, occupied)
    }
    fn cannon(&self, square: u8, occupied: u128) -> u128 {
        slow_attacks(BOARD, Piece::Cannon, square, occupied)
    }
    fn horse(&self, square: u8, occupied: u128) -> u128 {
        slow_attacks(BOARD, Piece::Horse, square, occupied)
    }
    fn horse_to(&self, square: u8, occupied: u128) -> u128 {
        slow_attacks(BOARD, Piece::HorseTo, square, occupied)
    }
    fn elephant(&self, square: u8, occupied: u128) -> u128 {
        slow_attacks(BOARD, Piece::Elephant, square, occupied)
    }
}

/// One square's entry in [`PikafishWay`]: its mask's two halves, where its table starts, and
/// how many index bits the low half gives.
#[derive(Clone, Copy, Debug, Default)]
struct PextEntry {
    mask_lo: u64,
    mask_hi: u64,
    offset: usize,
    low_bits: u32,
}

impl PextEntry {
    #[inline(always)]
    fn index(&self, occupied: u128) -> usize {
        let lo = pext(occupied as u64, self.mask_lo);
        let hi = pext((occupied >> 64) as u64, self.mask_hi);
        self.offset + (lo | hi << self.low_bits) as usize
    }
}

/// One piece's per-square tables of [`PikafishWay`].
#[derive(Clone, Debug)]
struct PextTable {
    entries: Vec<PextEntry>,
    sets: Vec<u128>,
}

impl PextTable {
    /// Every square's table, every subset of its mask, from the coordinate walk.
    fn new(piece: Piece) -> PextTable {
        PextTable::of(
            BOARD,
            |square| relevant_mask(BOARD, piece, square),
            |square, occupied| slow_attacks(BOARD, piece, square, occupied),
        )
    }

    /// Every square of `board`'s table over `mask(square)`, each subset's set `attacks(square,
    /// subset)`.
    fn of(board: Board, mask: impl Fn(u8) -> u128, attacks: impl Fn(u8, u128) -> u128) -> PextTable {
        let mut entries = Vec::with_capacity(usize::from(board.squares()));
        let mut sets = Vec::new();
        for square in 0..board.squares() {
            let mask = mask(square);
            let entry = PextEntry {
                mask_lo: mask as u64,
                mask_hi: (mask >> 64) as u64,
                offset: sets.len(),
                low_bits: (mask as u64).count_ones(),
            };
            sets.resize(sets.len() + (1 << mask.count_ones()), 0);
            // Every subset, by the carry-rippler.
            let mut subset: u128 = 0;
            loop {
                sets[entry.index(subset)] = attacks(square, subset);
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
            entries.push(entry);
        }
        PextTable { entries, sets }
    }

    #[inline(always)]
    fn attacks(&self, square: u8, occupied: u128) -> u128 {
        // SAFETY: `square` is a board square (below 90, the entries' length), and an index is
        // the square's offset plus a `pext` of its mask, below the square's `2^bits` sets.
        unsafe {
            let entry = self.entries.get_unchecked(usize::from(square));
            *self.sets.get_unchecked(entry.index(occupied))
        }
    }
}

/// Pikafish's way, rebuilt: for every piece one table per square of 16-byte sets, indexed by
/// `pext` of the occupancy's two halves under the square's mask, filled when it is made (as
/// Pikafish fills its tables at every start-up).
#[derive(Clone, Debug)]
pub struct PikafishWay {
    rook: PextTable,
    cannon: PextTable,
    horse: PextTable,
    horse_to: PextTable,
    elephant: PextTable,
}

impl Default for PikafishWay {
    fn default() -> Self {
        PikafishWay::new()
    }
}

impl PikafishWay {
    /// Fills every table.
    pub fn new() -> PikafishWay {
        PikafishWay {
            rook: PextTable::new(Piece::Rook),
            cannon: PextTable::new(Piece::Cannon),
            horse: PextTable::new(Piece::Horse),
            horse_to: PextTable::new(Piece::HorseTo),
            elephant: PextTable::new(Piece::Elephant),
        }
    }

    /// Sets in each table: rook, cannon, horse, horse-to, elephant.
    pub fn entries(&self) -> [usize; 5] {
        [&self.rook, &self.cannon, &self.horse, &self.horse_to, &self.elephant].map(|t| t.sets.len())
    }

    /// Bytes of the sets (16 each), as Pikafish counts its tables.
    pub fn bytes(&self) -> usize {
        self.entries().iter().sum::<usize>() * 16
    }
}

impl Attacks for PikafishWay {
    #[inline(always)]
    fn rook(&self, square: u8, occupied: u128) -> u128 {
        self.rook.attacks(square, occupied)
    }
    #[inline(always)]
    fn cannon(&self, square: u8, occupied: u128) -> u128 {
        self.cannon.attacks(square, occupied)
    }
    #[inline(always)]
    fn horse(&self, square: u8, occupied: u128) -> u128 {
        self.horse.attacks(square, occupied)
    }
    #[inline(always)]
    fn horse_to(&self, square: u8, occupied: u128) -> u128 {
        self.horse_to.attacks(square, occupied)
    }
    #[inline(always)]
    fn elephant(&self, square: u8, occupied: u128) -> u128 {
        self.elephant.attacks(square, occupied)
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    /// Chariot.
    Rook,
    /// Horse.
    Horse,
    /// Elephant.
    Elephant,
    /// Advisor.
    Advisor,
    /// General.
    King,
    /// Cannon.
    Cannon,
    /// Soldier.
    Pawn,
}

const KINDS: [Kind; 7] = [Kind::Rook, Kind::Horse, Kind::Elephant, Kind::Advisor, Kind::King, Kind::Cannon, Kind::Pawn];

/// A position: each side's pieces by kind, red = 0 (moves first, ranks 0-4), black = 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pieces: [[u128; 7]; 2],
    sides: [u128; 2],
    to_move: usize,
}

/// The error of a FEN this generator cannot read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl Position {
    /// Reads the placement and the side to move (`w` or `r` red, `b` black) of a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or_else(|| FenError("an empty FEN".into()))?;
        let mut position = Position { pieces: [[0; 7]; 2], sides: [0; 2], to_move: 0 };
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 10 {
            return Err(FenError(format!("{} ranks instead of 10", rows.len())));
        }
        for (row, text) in rows.iter().enumerate() {
            let rank = 9 - row as u8;
            let mut file = 0u8;
            for c in text.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as u8;
                    continue;
                }
                let side = usize::from(c.is_ascii_lowercase());
                let kind = match c.to_ascii_lowercase() {
                    'r' => Kind::Rook,
                    'n' | 'h' => Kind::Horse,
                    'b' | 'e' => Kind::Elephant,
                    'a' => Kind::Advisor,
                    'k' => Kind::King,
                    'c' => Kind::Cannon,
                    'p' => Kind::Pawn,
                    other => return Err(FenError(format!("no piece `{other}`"))),
                };
                let square = BOARD.square(file, rank).ok_or_else(|| FenError(format!("rank `{text}` too long")))?;
                position.put(side, kind, square);
                file += 1;
            }
            if file != 9 {
                return Err(FenError(format!("rank `{text}` has {file} files")));
            }
        }
        position.to_move = match fields.next() {
            None | Some("w" | "r") => 0,
            Some("b") => 1,
            Some(other) => return Err(FenError(format!("side to move `{other}`"))),
        };
        if (0..2).any(|side| position.pieces[side][Kind::King as usize].count_ones() != 1) {
            return Err(FenError("each side needs one general".into()));
        }
        Ok(position)
    }

    fn put(&mut self, side: usize, kind: Kind, square: u8) {
        self.pieces[side][kind as usize] |= 1 << square;
        self.sides[side] |= 1 << square;
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u128 {
        self.sides[0] | self.sides[1]
    }

    #[inline(always)]
    fn king(&self, side: usize) -> u8 {
        self.pieces[side][Kind::King as usize].trailing_zeros() as u8
    }

    /// Whether `side`'s general is attacked, or faces the other general on an open file.
    #[inline(always)]
    fn in_check<A: Attacks>(&self, attacks: &A, side: usize) -> bool {
        let king = self.king(side);
        let them = &self.pieces[side ^ 1];
        let occupied = self.occupied();
        // A rook or the other general on the king's open file (the generals are never on one
        // rank, so the rook's set finds the facing general only along the file).
        let (rook, cannon) = attacks.rook_and_cannon(king, occupied);
        if rook & (them[Kind::Rook as usize] | them[Kind::King as usize]) != 0
            || cannon & them[Kind::Cannon as usize] != 0
            || attacks.horse_to(king, occupied) & them[Kind::Horse as usize] != 0
        {
            return true;
        }
        // Their soldiers that step onto the king: a soldier of theirs attacks the king from
        // exactly the squares a soldier of ours would step to from the king's square, but one
        // rank the other way; so test their soldiers' own steps.
        let color = if side == 0 { Color::Black } else { Color::White };
        let mut pawns = them[Kind::Pawn as usize];
        while pawns != 0 {
            let pawn = pawns.trailing_zeros() as u8;
            pawns &= pawns - 1;
            if pawn_attacks(color, sq(pawn)) & 1 << king != 0 {
                return true;
            }
        }
        false
    }

    /// The squares a piece of `kind` of the side to move on `square` goes to, before the
    /// check test.
    #[inline(always)]
    fn targets<A: Attacks>(&self, attacks: &A, kind: Kind, square: u8) -> u128 {
        let occupied = self.occupied();
        let (own, their) = (self.sides[self.to_move], self.sides[self.to_move ^ 1]);
        let set = match kind {
            Kind::Rook => attacks.rook(square, occupied),
            // Quiet moves slide like a rook; captures hop.
            Kind::Cannon => {
                let (rook, cannon) = attacks.rook_and_cannon(square, occupied);
                (rook & !occupied) | (cannon & their)
            }
            Kind::Horse => attacks.horse(square, occupied),
            Kind::Elephant => attacks.elephant(square, occupied),
            Kind::Advisor => advisor_attacks(sq(square)),
            Kind::King => king_attacks(sq(square)),
            Kind::Pawn => pawn_attacks(if self.to_move == 0 { Color::White } else { Color::Black }, sq(square)),
        };
        set & !own
    }

    /// Plays `from` to `to` with a piece of `kind` of the side to move, in place; returns the
    /// kind captured, which [`Position::undo`] needs. (In place rather than on a copy: a copy of
    /// this struct per move cost a fifth of perft's time, the same for every attack source.)
    #[inline(always)]
    fn make(&mut self, kind: Kind, from: u8, to: u8) -> Option<usize> {
        let (us, them) = (self.to_move, self.to_move ^ 1);
        let (from_bit, to_bit) = (1u128 << from, 1u128 << to);
        let captured = if self.sides[them] & to_bit != 0 {
            let captured = self.pieces[them].iter().position(|set| set & to_bit != 0);
            if let Some(k) = captured {
                self.pieces[them][k] ^= to_bit;
            }
            self.sides[them] ^= to_bit;
            captured
        } else {
            None
        };
        self.pieces[us][kind as usize] ^= from_bit | to_bit;
        self.sides[us] ^= from_bit | to_bit;
        self.to_move = them;
        captured
    }

    /// Takes back [`Position::make`].
    #[inline(always)]
    fn undo(&mut self, kind: Kind, from: u8, to: u8, captured: Option<usize>) {
        let them = self.to_move;
        let us = them ^ 1;
        let (from_bit, to_bit) = (1u128 << from, 1u128 << to);
        self.pieces[us][kind as usize] ^= from_bit | to_bit;
        self.sides[us] ^= from_bit | to_bit;
        if let Some(k) = captured {
            self.pieces[them][k] ^= to_bit;
            self.sides[them] ^= to_bit;
        }
        self.to_move = us;
    }

    /// Calls `visit` with this position after every legal move from it (each move made in
    /// place and taken back after the call).
    #[inline(always)]
    pub fn for_each_child<A: Attacks>(&mut self, attacks: &A, mut visit: impl FnMut(&mut Position)) {
        let us = self.to_move;
        for kind in KINDS {
            let mut from_set = self.pieces[us][kind as usize];
            while from_set != 0 {
                let from = from_set.trailing_zeros() as u8;
                from_set &= from_set - 1;
                let mut targets = self.targets(attacks, kind, from);
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let captured = self.make(kind, from, to);
                    if !self.in_check(attacks, us) {
                        visit(self);
                    }
                    self.undo(kind, from, to, captured);
                }
            }
        }
    }
}

/// The number of legal move sequences of `depth` plies from `position`.
pub fn perft<A: Attacks>(attacks: &A, position: &Position, depth: u32) -> u64 {
    let mut position = *position;
    perft_in_place(attacks, &mut position, depth)
}

fn perft_in_place<A: Attacks>(attacks: &A, position: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut count = 0;
    if depth == 1 {
        position.for_each_child(attacks, |_| count += 1);
        return count;
    }
    position.for_each_child(attacks, |child| count += perft_in_place(attacks, child, depth - 1));
    count
}

/// `perft` through `magic_tables::xiangqi`, compiled here (optimized in tests as this package
/// is) rather than in each caller.
pub fn perft_tables(position: &Position, depth: u32) -> u64 {
    perft(&Tables, position, depth)
}

/// `perft` through `magic_tables::xiangqi::pext`.
pub fn perft_pext_tables(position: &Position, depth: u32) -> u64 {
    perft(&PextTables, position, depth)
}

/// `perft` through [`PikafishWay`].
pub fn perft_pikafish_way(tables: &PikafishWay, position: &Position, depth: u32) -> u64 {
    perft(tables, position, depth)
}

/// `perft` through the coordinate walk.
pub fn perft_reference(position: &Position, depth: u32) -> u64 {
    perft(&Reference, position, depth)
}

/// (square, occupancy) pairs for lookup benchmarks: squares uniform over the board,
/// occupancies of about a quarter of the squares (the AND of two random words), from a fixed
/// xorshift seed so every run measures the same pairs.
pub fn random_pairs(count: usize) -> Vec<(u8, u128)> {
    random_pairs_on(BOARD, count)
}

/// [`random_pairs`] on any board.
pub fn random_pairs_on(board: Board, count: usize) -> Vec<(u8, u128)> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let square = (next() % u64::from(board.squares())) as u8;
            let word = |next: &mut dyn FnMut() -> u64| u128::from(next()) << 64 | u128::from(next());
            let occupied = word(&mut next) & word(&mut next) & board.all();
            (square, occupied)
        })
        .collect()
}

/// Sums of rook and cannon attacks over `pairs`: the lookup benchmark's loop (each lookup
/// independent of the last).
#[inline(never)]
pub fn rook_and_cannon<A: Attacks>(attacks: &A, pairs: &[(u8, u128)]) -> u128 {
    pairs.iter().fold(0, |sum, &(square, occupied)| {
        sum.wrapping_add(attacks.rook(square, occupied)).wrapping_add(attacks.cannon(square, occupied))
    })
}

/// Rook and cannon, then horse-to, on `pairs`, each occupancy changed by the last result: a
/// chain in which every lookup waits for the one before, as a check test's branch does.
#[inline(never)]
pub fn dependent_chain<A: Attacks>(attacks: &A, pairs: &[(u8, u128)]) -> u128 {
    pairs.iter().fold(0, |chained, &(square, occupied)| {
        let (rook, cannon) = attacks.rook_and_cannon(square, occupied ^ (chained & 1));
        let chained = chained.wrapping_add(rook ^ cannon);
        chained.wrapping_add(attacks.horse_to(square, occupied ^ (chained & 2)))
    })
}

/// [`xiangqi::TABLE_BYTES`], for the measuring example.
pub const TABLE_BYTES: usize = xiangqi::TABLE_BYTES;

/// 12x10 (Fairy-Stockfish's largest board): this project's tables for the rook, bishop and
/// cannon, written by this crate's build script with `magic_gen::board::emit::write_rust_file`
/// in the default `compact` layout, as an engine of its own board would get them.
pub mod board12x10 {
    include!(concat!(env!("OUT_DIR"), "/board12x10.rs"));
}

/// Fairy-Stockfish's way on 12x10, rebuilt from its published figures: the rook and the cannon
/// split into a horizontal and a vertical table per square (0x11800 and 0x4800 entries), the
/// bishop one table per square (0x33C00), every entry 16 bytes, each indexed by `pext` of the
/// occupancy under the square's mask and filled when made, as Fairy-Stockfish fills its tables
/// at start-up.
#[derive(Clone, Debug)]
pub struct FairyWay {
    rook_horizontal: PextTable,
    rook_vertical: PextTable,
    cannon_horizontal: PextTable,
    cannon_vertical: PextTable,
    bishop: PextTable,
}

/// 12 files by 10 ranks.
pub const FAIRY_BOARD: Board = match Board::new(12, 10) {
    Some(board) => board,
    None => panic!("12x10 is a board"),
};

impl Default for FairyWay {
    fn default() -> Self {
        FairyWay::new()
    }
}

impl FairyWay {
    /// Fills every table.
    pub fn new() -> FairyWay {
        let board = FAIRY_BOARD;
        let files = u32::from(board.files());
        // The squares of `square`'s rank, or of its file.
        let rank = move |square: u8| (((1u128 << files) - 1) << (u32::from(square) / files * files)) & board.all();
        let file = move |square: u8| {
            (0..u32::from(board.ranks())).fold(0u128, |set, r| set | 1 << (r * files + u32::from(square) % files))
        };
        let split = |piece: Piece, line: &dyn Fn(u8) -> u128| {
            PextTable::of(
                board,
                |square| relevant_mask(board, piece, square) & line(square),
                |square, occupied| slow_attacks(board, piece, square, occupied) & line(square),
            )
        };
        FairyWay {
            rook_horizontal: split(Piece::Rook, &rank),
            rook_vertical: split(Piece::Rook, &file),
            cannon_horizontal: split(Piece::Cannon, &rank),
            cannon_vertical: split(Piece::Cannon, &file),
            bishop: PextTable::of(
                board,
                |square| relevant_mask(board, Piece::Bishop, square),
                |square, occupied| slow_attacks(board, Piece::Bishop, square, occupied),
            ),
        }
    }

    /// Sets in each table: rook horizontal, rook vertical, cannon horizontal, cannon vertical,
    /// bishop.
    pub fn entries(&self) -> [usize; 5] {
        [&self.rook_horizontal, &self.rook_vertical, &self.cannon_horizontal, &self.cannon_vertical, &self.bishop]
            .map(|t| t.sets.len())
    }

    /// Bytes of the sets (16 each).
    pub fn bytes(&self) -> usize {
        self.entries().iter().sum::<usize>() * 16
    }

    /// A rook on `square`.
    #[inline(always)]
    pub fn rook(&self, square: u8, occupied: u128) -> u128 {
        self.rook_horizontal.attacks(square, occupied) | self.rook_vertical.attacks(square, occupied)
    }

    /// A cannon on `square`.
    #[inline(always)]
    pub fn cannon(&self, square: u8, occupied: u128) -> u128 {
        self.cannon_horizontal.attacks(square, occupied) | self.cannon_vertical.attacks(square, occupied)
    }

    /// A bishop on `square`.
    #[inline(always)]
    pub fn bishop(&self, square: u8, occupied: u128) -> u128 {
        self.bishop.attacks(square, occupied)
    }
}

/// Sums of rook, bishop and cannon attacks over `pairs` through this project's 12x10 tables.
#[inline(never)]
pub fn sliders_12x10_ours(pairs: &[(u8, u128)]) -> u128 {
    pairs.iter().fold(0, |sum, &(square, occupied)| {
        let square = usize::from(square);
        sum.wrapping_add(board12x10::rook_attacks(square, occupied))
            .wrapping_add(board12x10::bishop_attacks(square, occupied))
            .wrapping_add(board12x10::cannon_attacks(square, occupied))
    })
}

/// The same sums through [`FairyWay`].
#[inline(never)]
pub fn sliders_12x10_fairy(fairy: &FairyWay, pairs: &[(u8, u128)]) -> u128 {
    pairs.iter().fold(0, |sum, &(square, occupied)| {
        sum.wrapping_add(fairy.rook(square, occupied))
            .wrapping_add(fairy.bishop(square, occupied))
            .wrapping_add(fairy.cannon(square, occupied))
    })
}
