//! The seekable move stream of the span search's climbs (`magic-gen span --climb`): small
//! changes of a black magic that may shorten its span.
//!
//! A valid magic of the span stream is rarely the shortest near it: adding or taking away a
//! small term `c · 2^e` moves a few mask bits' weights in the index and often narrows the span
//! (rook a1's best of 500 million span candidates, 3,125 slots, becomes 2,691 in a few million
//! moves). A climb from a start tries the moves `1, 2, …` of its square's stream in order and
//! keeps a move when the magic stays valid and its span, then its used slots, get smaller
//! (`crate::dense::span`); a recipe names the kept moves by number, so the climbed magic is
//! re-derived by replaying a handful of moves, not the millions tried.
//!
//! **Frozen.** Recipes name moves by number (`span:N+a.b.c`); changing anything here changes
//! every such recipe's magics.
//!
//! # Definition
//!
//! For `(seed, slider, square, p)`, `p >= 1`: `rng = ChaCha8Rng::seed_from_u64(seed)`, stream
//! `1536 + slider_ordinal * 64 + square_index` ([`StreamSet::Climb`]),
//! `rng.set_word_pos((p - 1) * 4)`; read two 64-bit words `w[0]`, `w[1]` (`next_u64`). The move
//! has one term (bit 0 of `w[0]` clear) or two; term `t` is made of `w[t]`: exponent
//! `e = (w[t] >> 8) & 63`, factor `c = [1, 1, 3, 5, 7, 1, 1, 3][(w[t] >> 14) & 7]`, and it is
//! added when bit 17 of `w[t]` is set, else subtracted (wrapping). The span search then turns
//! the sum to its shortest span (`crate::dense::span`). The factor 7 matters: without it rook
//! a6's climbs stop at a span of 1,470, with it they reach 1,355.

use rand_chacha::rand_core::Rng;

use magic_tables_core::{Slider, Square};

use super::stream::{StreamSet, square_rng_at};

/// The most moves a climb from a span candidate takes: it stops at the [`MAX_MOVES`]-th, so
/// that a recipe row names them in a short field.
pub const MAX_MOVES: usize = 24;

/// The most moves any climb takes: a climb from a walk (`span --walks`), which lowers the
/// magic's cost in many small steps, stops at the [`MAX_PATH`]-th.
pub const MAX_PATH: usize = 64;

/// The moves a climb took, by number in the climb stream, in the order taken (none: the
/// span stream's candidate itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ClimbPath {
    len: u8,
    moves: [u64; MAX_PATH],
}

impl Default for ClimbPath {
    fn default() -> Self {
        ClimbPath { len: 0, moves: [0; MAX_PATH] }
    }
}

impl ClimbPath {
    /// The moves taken.
    pub fn moves(&self) -> &[u64] {
        &self.moves[..usize::from(self.len)]
    }

    /// Whether no move was taken.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The path with `number` taken after the others; `None` when it is full or `number` does
    /// not come after the last move.
    pub fn then(&self, number: u64) -> Option<ClimbPath> {
        let len = usize::from(self.len);
        if len == MAX_PATH || self.moves().last().is_some_and(|&last| last >= number) || number == 0 {
            return None;
        }
        let mut next = *self;
        next.moves[len] = number;
        next.len += 1;
        Some(next)
    }

    /// The path of `field`, the part after `+` in `N+a.b.c`: increasing move numbers from 1,
    /// at most [`MAX_PATH`] (a span candidate's climb takes at most [`MAX_MOVES`]: its
    /// readers check that).
    pub fn parse(field: &str) -> Result<ClimbPath, String> {
        let mut path = ClimbPath::default();
        for part in field.split('.') {
            let number = part.parse::<u64>().map_err(|_| format!("`{part}` is not a move number"))?;
            path = path
                .then(number)
                .ok_or_else(|| format!("move {number}: moves increase from 1, at most {MAX_PATH} of them"))?;
        }
        Ok(path)
    }
}

/// `+a.b.c`, or nothing for an empty path: what follows the candidate number in a list or a
/// recipe row.
impl std::fmt::Display for ClimbPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, number) in self.moves().iter().enumerate() {
            write!(f, "{}{number}", if i == 0 { '+' } else { '.' })?;
        }
        Ok(())
    }
}

/// The most chains `magic-gen span --anneal` runs from one start.
pub const MAX_CHAINS: u32 = 64;

/// The most moves a chain takes.
pub const MAX_ANNEAL_MOVES: u64 = 1 << 36;

/// Which annealing found a magic: chain `chain` (0-based), the magic of best merit after
/// `moves` moves. Written `~chain.moves` after its start's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Anneal {
    /// The chain (0-based): its moves and its window.
    pub chain: u32,
    /// The moves it made until it met the magic (from 1).
    pub moves: u64,
}

impl std::fmt::Display for Anneal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "~{}.{}", self.chain, self.moves)
    }
}

impl std::str::FromStr for Anneal {
    type Err = String;

    /// `chain.moves` (what follows `~`).
    fn from_str(field: &str) -> Result<Anneal, String> {
        let bad = || format!("`~{field}` is not ~chain.moves (chain 0 to {}, moves 1 to 2^36)", MAX_CHAINS - 1);
        let (chain, moves) = field.split_once('.').ok_or_else(bad)?;
        let chain: u32 = chain.parse().ok().filter(|&c| c < MAX_CHAINS).ok_or_else(bad)?;
        let moves: u64 = moves.parse().ok().filter(|m| (1..=MAX_ANNEAL_MOVES).contains(m)).ok_or_else(bad)?;
        Ok(Anneal { chain, moves })
    }
}

/// 32-bit ChaCha words of one move (two 64-bit words).
pub const WORDS_PER_MOVE: u64 = 4;

/// One move of a climb: up to two signed terms `± c · 2^e`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    words: [u64; 2],
}

impl Move {
    /// 32 random bits of the move's words that no term reads (the top half of `w[1]`): the
    /// annealing's chance of taking a worse magic (`crate::dense::SpanSearch::anneal`), so
    /// that its whole run is one stream.
    pub fn chance(self) -> u32 {
        (self.words[1] >> 32) as u32
    }

    /// The moved magic: `magic` plus or minus the move's terms.
    pub fn apply(self, magic: u64) -> u64 {
        let terms = if self.words[0] & 1 == 0 { 1 } else { 2 };
        let mut moved = magic;
        for &w in &self.words[..terms] {
            let e = (w >> 8) & 63;
            let c = [1u64, 1, 3, 5, 7, 1, 1, 3][((w >> 14) & 7) as usize];
            let term = c << e;
            moved = if (w >> 17) & 1 == 1 { moved.wrapping_add(term) } else { moved.wrapping_sub(term) };
        }
        moved
    }
}

/// The moves `p, p + 1, …` (1-based) of (`seed`, `slider`, `square`), as `(number, move)`.
pub fn climb_moves(seed: u64, slider: Slider, square: Square, p: u64) -> impl Iterator<Item = (u64, Move)> {
    assert!(p >= 1, "climb moves are numbered from 1");
    let mut rng = square_rng_at(seed, StreamSet::Climb, slider, square, WORDS_PER_MOVE, p - 1);
    (p..).map(move |number| (number, Move { words: [rng.next_u64(), rng.next_u64()] }))
}

/// Move `p` (1-based) of (`seed`, `slider`, `square`), in O(1).
pub fn climb_move(seed: u64, slider: Slider, square: Square, p: u64) -> Move {
    climb_moves(seed, slider, square, p).next().expect("the stream is endless").1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_bad_ones_are_refused() {
        let a = Anneal { chain: 3, moves: 1_789_112 };
        assert_eq!(a.to_string(), "~3.1789112");
        assert_eq!("3.1789112".parse::<Anneal>(), Ok(a));
        for bad in ["3", "64.5", "3.0", "x.5", "3.68719476737"] {
            assert!(bad.parse::<Anneal>().is_err(), "{bad}");
        }
    }

    /// A move seeks to the same words as the walk through the stream, and the stream is frozen.
    #[test]
    fn moves_seek_and_are_frozen() {
        let a1: Square = "a1".parse().unwrap();
        let walked: Vec<(u64, Move)> = climb_moves(1, Slider::Rook, a1, 5).take(20).collect();
        for &(p, m) in &walked {
            assert_eq!(climb_move(1, Slider::Rook, a1, p), m);
        }
        let moved: Vec<u64> =
            climb_moves(1, Slider::Rook, a1, 1).take(4).map(|(_, m)| m.apply(0x7FD8_0255_FFEC_0004)).collect();
        assert_eq!(
            moved,
            [0x7FD8_0255_FF8C_0004, 0xAFD8_0256_FFEC_0004, 0x5FD8_0255_F9EC_0004, 0x7FD8_0255_FFE3_FE84],
            "{moved:#018X?}"
        );
    }
}
