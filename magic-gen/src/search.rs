//! The seeded magic search: sparse random candidates from one ChaCha stream per
//! (slider, square), a cheap early reject, and an exact collision check that accepts
//! constructive collisions and rejects destructive ones.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::geometry::Occupancies;
use crate::{Slider, Square};

/// The RNG of one (slider, square): ChaCha8 keyed by `seed`, on stream
/// `slider.ordinal() * 64 + square.index()`. Each pair has its own stream, so what one
/// square draws never depends on which squares were searched before it, in which order,
/// or on how many threads search.
pub fn square_rng(seed: u64, slider: Slider, square: Square) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream_id(slider, square));
    rng
}

/// The ChaCha stream number of (slider, square): rook a1 = 0 … rook h8 = 63, bishop a1 = 64 … 127.
pub const fn stream_id(slider: Slider, square: Square) -> u64 {
    crate::reference::pair_index(slider, square) as u64
}

/// Magic candidates: the AND of three random words, so about 8 of 64 bits are set.
/// Sparse multipliers spread few, well separated partial products into the index
/// bits, which is where magics are found most often (the "few bits set" advice of
/// <https://www.chessprogramming.org/Looking_for_Magics>).
pub fn sparse_candidate(rng: &mut impl Rng) -> u64 {
    rng.next_u64() & rng.next_u64() & rng.next_u64()
}

/// Why a search gave no magic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The requested index size cannot work, or is larger than the mask needs.
    BitsOutOfRange {
        /// Slider searched.
        slider: Slider,
        /// Square searched.
        square: Square,
        /// Requested index bits.
        bits: u32,
        /// `ceil(log2(distinct attack sets))`.
        min: u32,
        /// Number of bits in the relevant mask.
        max: u32,
    },
    /// The candidate budget ran out.
    NotFound {
        /// Slider searched.
        slider: Slider,
        /// Square searched.
        square: Square,
        /// Requested index bits.
        bits: u32,
        /// Candidates drawn.
        candidates: u64,
    },
}

impl core::fmt::Display for SearchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SearchError::BitsOutOfRange { slider, square, bits, min, max } => write!(
                f,
                "{slider} {square}: {bits} index bits is out of range: at least {min} are needed to tell its distinct attack sets apart, and more than the mask's {max} bits is never needed"
            ),
            SearchError::NotFound { slider, square, bits, candidates } => {
                write!(f, "{slider} {square}: no magic with {bits} index bits among the first {candidates} candidates")
            }
        }
    }
}

impl std::error::Error for SearchError {}

/// Whether `bits` index bits can work for (`occupancies.slider`, `occupancies.square`): at least
/// `ceil(log2(distinct attack sets))`, below which no magic can exist, and at most the mask size,
/// above which none is needed.
pub fn check_bits(occupancies: &Occupancies, bits: u32) -> Result<(), SearchError> {
    let (min, max) = (occupancies.lower_bound_bits(), occupancies.mask_bits());
    if bits < min || bits > max {
        let (slider, square) = (occupancies.slider, occupancies.square);
        return Err(SearchError::BitsOutOfRange { slider, square, bits, min, max });
    }
    Ok(())
}

/// A magic found by [`find_magic`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoundMagic {
    /// The multiplier.
    pub magic: u64,
    /// Index bits: the lookup shifts right by `64 - bits`.
    pub bits: u32,
    /// The magic's number (1-based) in its square's whole candidate sequence: with the whole
    /// sequence searched, how many candidates were drawn.
    pub candidates: u64,
    /// How many candidates this search drew (differs from `candidates` in a shard).
    pub drawn: u64,
}

/// The family of index functions a search looks for magics of: how a candidate is drawn and
/// how it turns an occupancy into an index. Every layout uses one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scheme {
    /// `((occupied & mask) * magic) >> (64 - bits)`: plain, fancy and all layouts built on them.
    Fancy,
    /// Grant Osborne's 32-bit magics for targets without a fast 64-bit multiply: the candidate
    /// holds two 32-bit multipliers, `hi << 32 | lo`, and with `key = occupied & mask` the index
    /// is `((key as u32 * lo) ^ ((key >> 32) as u32 * hi)) >> (32 - bits)`.
    Magic32,
    /// Fancy indexing with the shift folded into the magic (Grant Osborne's method): the top six
    /// bits of the magic are `64 - bits`, so a lookup reads the shift from the magic itself
    /// (`magic >> 58`) while the whole word, those six bits included, is the multiplier. Only the
    /// other 58 bits are drawn at random.
    ///
    /// Eugene Kotlov's further step, the offset in the magic's low bits, is not offered: those
    /// bits are the only ones that move the mask bits of ranks 7 and 8 into the index, and with
    /// them fixed to an offset no magic turned up for several such squares (rook b7 and e8 in
    /// 20 million candidates each, even with 64 slots of slack per slice to choose the low bits
    /// from), where the shift alone costs no more candidates than a plain fancy search.
    Folded,
}

impl Scheme {
    /// The candidate this scheme makes of one sparse random word.
    pub fn candidate(self, sparse: u64, bits: u32) -> u64 {
        match self {
            Scheme::Fancy | Scheme::Magic32 => sparse,
            Scheme::Folded => (sparse & !(0b11_1111 << 58)) | (u64::from(64 - bits) << 58),
        }
    }

    /// The index of `key` (an occupancy already ANDed with the mask) under `magic`.
    #[inline(always)]
    pub fn index(self, key: u64, magic: u64, bits: u32) -> usize {
        match self {
            Scheme::Fancy | Scheme::Folded => (key.wrapping_mul(magic) >> (64 - bits)) as usize,
            Scheme::Magic32 => magic32_index(key, magic, bits),
        }
    }
}

/// Osborne's 32-bit index of `key` under `magic = hi << 32 | lo` (see [`Scheme::Magic32`]).
#[inline(always)]
pub fn magic32_index(key: u64, magic: u64, bits: u32) -> usize {
    let product = (key as u32).wrapping_mul(magic as u32) ^ ((key >> 32) as u32).wrapping_mul((magic >> 32) as u32);
    (product >> (32 - bits)) as usize
}

/// Tests candidate magics for one (slider, square) and index size, reusing its scratch table.
///
/// Instead of clearing the table for every candidate, each slot carries the epoch (candidate
/// number) that last wrote it; a slot from an older epoch counts as empty.
#[derive(Clone, Debug)]
pub struct MagicTester<'a> {
    occupancies: &'a Occupancies,
    scheme: Scheme,
    bits: u32,
    epoch: u32,
    stamps: Vec<u32>,
    slots: Vec<u64>,
}

impl<'a> MagicTester<'a> {
    /// A tester for `bits` index bits, which must lie between the square's lower bound
    /// (`ceil(log2(distinct attack sets))`, below which no magic can exist) and its mask size
    /// (above which none is needed).
    pub fn new(occupancies: &'a Occupancies, bits: u32) -> Result<Self, SearchError> {
        Self::with_scheme(occupancies, Scheme::Fancy, bits)
    }

    /// A tester for the magics of `scheme`; see [`MagicTester::new`].
    pub fn with_scheme(occupancies: &'a Occupancies, scheme: Scheme, bits: u32) -> Result<Self, SearchError> {
        check_bits(occupancies, bits)?;
        let size = 1usize << bits;
        Ok(MagicTester { occupancies, scheme, bits, epoch: 0, stamps: vec![0; size], slots: vec![0; size] })
    }

    /// Cheap filter before the full check: a good multiplier moves many mask bits into the
    /// top byte of the product, which feeds the index. Candidates with fewer than six bits
    /// there are almost never magic (Stockfish applies the same test). 32-bit magics are
    /// filtered the same way on the top byte of their 32-bit product.
    pub fn passes_early_reject(&self, magic: u64) -> bool {
        let mask = self.occupancies.mask;
        let top_byte = match self.scheme {
            Scheme::Fancy | Scheme::Folded => mask.wrapping_mul(magic) >> 56,
            Scheme::Magic32 => (magic32_index(mask, magic, 8)) as u64,
        };
        top_byte.count_ones() >= 6
    }

    /// Whether `magic` maps every occupancy to a slot that holds either nothing yet or the same
    /// attack set (a constructive collision). A different attack set there is a destructive
    /// collision and disqualifies the candidate.
    pub fn is_magic(&mut self, magic: u64) -> bool {
        let bits = self.bits;
        match self.scheme {
            // One closure per index function, each with a constant scheme, so the hot loop has no
            // branch on the scheme.
            Scheme::Fancy | Scheme::Folded => self.maps_without_conflict(|key| Scheme::Fancy.index(key, magic, bits)),
            Scheme::Magic32 => self.maps_without_conflict(|key| magic32_index(key, magic, bits)),
        }
    }

    fn maps_without_conflict(&mut self, index_of: impl Fn(u64) -> usize) -> bool {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Stamps from 2^32 candidates ago would look current: start over.
            self.stamps.fill(0);
            self.epoch = 1;
        }
        let occ = self.occupancies;
        for (&blockers, &attacks) in occ.blockers.iter().zip(&occ.attacks) {
            let index = index_of(blockers);
            if self.stamps[index] != self.epoch {
                self.stamps[index] = self.epoch;
                self.slots[index] = attacks;
            } else if self.slots[index] != attacks {
                return false;
            }
        }
        true
    }
}

/// Candidates per block of a square's sequence; shards own whole blocks.
pub const SHARD_BLOCK: u64 = 4096;

/// A deterministic share of every square's candidate sequence: shard `index` of `count` owns
/// the blocks of [`SHARD_BLOCK`] candidates whose block number is `index` modulo `count`.
///
/// Candidate `j` (0-based) of a square is always drawn from the same words of its ChaCha stream
/// (words `6j .. 6j + 6`), whichever shard draws it, so `count` processes together search exactly
/// the sequence one process would, without overlap. The first magic of the whole sequence is the
/// found magic with the smallest candidate number over all shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u64,
    count: u64,
}

/// Why a shard specification was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// Not of the form `I/N`.
    Syntax(String),
    /// `I >= N` or `N = 0`.
    OutOfRange {
        /// Requested index.
        index: u64,
        /// Requested count.
        count: u64,
    },
}

impl core::fmt::Display for ShardError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ShardError::Syntax(text) => {
                write!(f, "`{text}` is not a shard: expected I/N with whole numbers, such as 0/4")
            }
            ShardError::OutOfRange { index, count } => write!(
                f,
                "shard {index}/{count} does not exist: the index must be below the count (0/{count} .. {}/{count})",
                count.saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for ShardError {}

impl Shard {
    /// The whole sequence: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if index < count { Ok(Shard { index, count }) } else { Err(ShardError::OutOfRange { index, count }) }
    }

    /// This shard's index.
    pub fn index(self) -> u64 {
        self.index
    }

    /// How many shards the sequence is split into.
    pub fn count(self) -> u64 {
        self.count
    }

    /// The first block at or after `block` that this shard owns.
    fn own_block_from(self, block: u64) -> u64 {
        block + (self.index + self.count - block % self.count) % self.count
    }
}

impl core::fmt::Display for Shard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl core::str::FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let syntax = || ShardError::Syntax(s.to_owned());
        let (index, count) = s.split_once('/').ok_or_else(syntax)?;
        let index = index.trim().parse().map_err(|_| syntax())?;
        let count = count.trim().parse().map_err(|_| syntax())?;
        Shard::new(index, count)
    }
}

/// The candidates of one (seed, slider, square) that one shard draws, numbered by their
/// position in the square's whole sequence.
#[derive(Clone, Debug)]
pub struct CandidateStream {
    rng: ChaCha8Rng,
    shard: Shard,
    next: u64,
}

impl CandidateStream {
    /// The stream of `shard` through the candidates of (`seed`, `slider`, `square`).
    pub fn new(seed: u64, slider: Slider, square: Square, shard: Shard) -> Self {
        CandidateStream { rng: square_rng(seed, slider, square), shard, next: 0 }
    }
}

impl Iterator for CandidateStream {
    /// (1-based number in the whole sequence, candidate magic).
    type Item = (u64, u64);

    fn next(&mut self) -> Option<(u64, u64)> {
        if self.shard.count > 1 && self.next % SHARD_BLOCK == 0 {
            let block = self.shard.own_block_from(self.next / SHARD_BLOCK);
            self.next = block * SHARD_BLOCK;
            // Each candidate takes three u64, i.e. six 32-bit ChaCha words.
            self.rng.set_word_pos(u128::from(self.next) * 6);
        }
        self.next += 1;
        Some((self.next, sparse_candidate(&mut self.rng)))
    }
}

/// Limits of one square's search. The candidate limit keeps results reproducible; a deadline
/// may end a search earlier on a slower machine, but never changes which magic is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Candidates this shard may draw for the square.
    pub max_candidates: u64,
    /// Give up once this instant has passed (checked every 1,024 candidates).
    pub deadline: Option<std::time::Instant>,
}

impl Budget {
    /// At most `max_candidates` candidates, no deadline.
    pub fn candidates(max_candidates: u64) -> Self {
        Budget { max_candidates, deadline: None }
    }
}

/// Searches for a magic of (`occupancies.slider`, `occupancies.square`) with `bits` index bits,
/// drawing at most `max_candidates` candidates from [`square_rng`]`(seed, …)`.
///
/// The result depends only on the arguments: the same seed finds the same magic after the same
/// number of candidates on every host, thread count and build profile.
pub fn find_magic(
    occupancies: &Occupancies,
    bits: u32,
    seed: u64,
    max_candidates: u64,
) -> Result<FoundMagic, SearchError> {
    search_magic(occupancies, bits, seed, Shard::WHOLE, Budget::candidates(max_candidates))
}

/// [`find_magic`] over one shard's part of the sequence, within `budget`. The found magic is
/// the first in that part; its `candidates` is its number in the whole sequence.
pub fn search_magic(
    occupancies: &Occupancies,
    bits: u32,
    seed: u64,
    shard: Shard,
    budget: Budget,
) -> Result<FoundMagic, SearchError> {
    search_scheme(occupancies, Scheme::Fancy, bits, seed, shard, budget)
}

/// [`search_magic`] for the magics of any [`Scheme`]. Candidates are drawn from the same
/// stream as for fancy magics and shaped by [`Scheme::candidate`].
pub fn search_scheme(
    occupancies: &Occupancies,
    scheme: Scheme,
    bits: u32,
    seed: u64,
    shard: Shard,
    budget: Budget,
) -> Result<FoundMagic, SearchError> {
    let (slider, square) = (occupancies.slider, occupancies.square);
    let mut tester = MagicTester::with_scheme(occupancies, scheme, bits)?;
    let stream = CandidateStream::new(seed, slider, square, shard);
    let mut drawn = 0;
    for (number, sparse) in stream.take(usize::try_from(budget.max_candidates).unwrap_or(usize::MAX)) {
        drawn += 1;
        let magic = scheme.candidate(sparse, bits);
        if tester.passes_early_reject(magic) && tester.is_magic(magic) {
            return Ok(FoundMagic { magic, bits, candidates: number, drawn });
        }
        if drawn % 1024 == 0 && budget.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            break;
        }
    }
    Err(SearchError::NotFound { slider, square, bits, candidates: drawn })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn occ(slider: Slider, name: &str) -> Occupancies {
        Occupancies::new(slider, name.parse().unwrap())
    }

    #[test]
    fn same_seed_same_magic_and_different_streams_differ() {
        let o = occ(Slider::Bishop, "c1");
        let a = find_magic(&o, o.mask_bits(), 7, 100_000).unwrap();
        let b = find_magic(&o, o.mask_bits(), 7, 100_000).unwrap();
        assert_eq!(a, b);
        let sq: Square = "c1".parse().unwrap();
        let mut rook = square_rng(7, Slider::Rook, sq);
        let mut bishop = square_rng(7, Slider::Bishop, sq);
        assert_ne!(rook.next_u64(), bishop.next_u64());
    }

    #[test]
    fn found_magic_has_no_destructive_collision() {
        let o = occ(Slider::Rook, "e4");
        let found = find_magic(&o, o.mask_bits(), 1, 1_000_000).unwrap();
        let shift = 64 - found.bits;
        for (i, &a) in o.blockers.iter().enumerate() {
            for (j, &b) in o.blockers.iter().enumerate().skip(i + 1) {
                if a.wrapping_mul(found.magic) >> shift == b.wrapping_mul(found.magic) >> shift {
                    assert_eq!(o.attacks[i], o.attacks[j]);
                }
            }
        }
    }

    #[test]
    fn tester_rejects_a_destructive_collision() {
        let o = occ(Slider::Rook, "a1");
        let mut tester = MagicTester::new(&o, o.mask_bits()).unwrap();
        // Multiplying by 0 sends every occupancy to slot 0, and they do not all attack alike.
        assert!(!tester.is_magic(0));
        // The identity shifted to the top maps each occupancy to itself: injective, so magic
        // only if the top bits hold the whole mask, which for a1 they do not.
        assert!(!tester.is_magic(1));
    }

    #[test]
    fn shards_split_the_sequence_without_overlap_or_gaps() {
        let sq: Square = "b2".parse().unwrap();
        let whole: Vec<(u64, u64)> = CandidateStream::new(3, Slider::Rook, sq, Shard::WHOLE).take(4 * 4096).collect();
        let mut merged: Vec<(u64, u64)> = (0..3)
            .flat_map(|i| {
                CandidateStream::new(3, Slider::Rook, sq, Shard::new(i, 3).unwrap()).take(2 * 4096).collect::<Vec<_>>()
            })
            .filter(|(n, _)| *n <= 4 * 4096)
            .collect();
        merged.sort_unstable();
        assert_eq!(merged, whole);
        assert_eq!(whole[0].0, 1);
    }

    #[test]
    fn sharded_search_finds_the_same_first_magic() {
        let o = occ(Slider::Rook, "e4");
        let whole = find_magic(&o, o.mask_bits(), 11, 10_000_000).unwrap();
        let best = (0..4)
            .filter_map(|i| {
                search_magic(&o, o.mask_bits(), 11, Shard::new(i, 4).unwrap(), Budget::candidates(10_000_000)).ok()
            })
            .min_by_key(|f| f.candidates)
            .unwrap();
        assert_eq!((best.magic, best.candidates), (whole.magic, whole.candidates));
    }

    #[test]
    fn shard_syntax() {
        assert_eq!("1/4".parse::<Shard>(), Shard::new(1, 4));
        assert!(matches!("3/2".parse::<Shard>(), Err(ShardError::OutOfRange { index: 3, count: 2 })));
        assert!(matches!("0/0".parse::<Shard>(), Err(ShardError::OutOfRange { .. })));
        assert!(matches!("1-4".parse::<Shard>(), Err(ShardError::Syntax(_))));
        assert!(matches!("a/4".parse::<Shard>(), Err(ShardError::Syntax(_))));
        assert_eq!(Shard::new(2, 5).unwrap().to_string(), "2/5");
    }

    #[test]
    fn bits_out_of_range_are_errors() {
        let o = occ(Slider::Rook, "a1");
        assert!(matches!(find_magic(&o, 13, 0, 10), Err(SearchError::BitsOutOfRange { min: 6, max: 12, .. })));
        assert!(matches!(find_magic(&o, 5, 0, 10), Err(SearchError::BitsOutOfRange { .. })));
        let err = find_magic(&o, 6, 0, 10).unwrap_err();
        assert!(matches!(err, SearchError::NotFound { candidates: 10, .. }));
        assert!(err.to_string().contains("rook a1"));
    }
}

#[cfg(test)]
mod scheme_tests {
    use super::*;

    fn occ(slider: Slider, name: &str) -> Occupancies {
        Occupancies::new(slider, name.parse().unwrap())
    }

    /// Brute force: no two occupancies with different attacks share an index.
    fn separates(o: &Occupancies, scheme: Scheme, magic: u64, bits: u32) -> bool {
        let index = |b: u64| scheme.index(b, magic, bits);
        o.blockers.iter().zip(&o.attacks).all(|(&a, &att_a)| {
            o.blockers.iter().zip(&o.attacks).all(|(&b, &att_b)| att_a == att_b || index(a) != index(b))
        })
    }

    #[test]
    fn magic32_and_folded_searches_find_true_magics() {
        for (scheme, slider, name) in [
            (Scheme::Magic32, Slider::Bishop, "c3"),
            (Scheme::Folded, Slider::Bishop, "e4"),
            (Scheme::Magic32, Slider::Rook, "h8"),
        ] {
            let o = occ(slider, name);
            let bits = o.mask_bits();
            let found = search_scheme(&o, scheme, bits, 5, Shard::WHOLE, Budget::candidates(20_000_000)).unwrap();
            assert!(separates(&o, scheme, found.magic, bits), "{scheme:?} {slider} {name}");
            if scheme == Scheme::Folded {
                assert_eq!(found.magic >> 58, u64::from(64 - bits));
            }
            // And a non-magic is caught: the all-zero multiplier sends everything to index 0.
            assert!(!MagicTester::with_scheme(&o, scheme, bits).unwrap().is_magic(0));
        }
    }

    #[test]
    fn magic32_index_uses_both_halves() {
        let magic = (3u64 << 32) | 5;
        // Low half 1 * 5 = 5, high half 1 * 3 = 3: 5 ^ 3 = 6, shifted right by 32 - 8 = 24 -> 0;
        // with all 32 bits as the index the XOR shows.
        assert_eq!(magic32_index(1 | (1 << 32), magic, 32), 6);
        assert_eq!(magic32_index(1 << 63, magic, 1), ((1u32 << 31).wrapping_mul(3) >> 31) as usize);
    }
}
