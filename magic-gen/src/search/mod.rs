//! The seeded magic search: candidates of a family suited to what is searched, from one ChaCha
//! stream per (slider, square) (`stream.rs`), an exact filter and a fail-fast collision check
//! that accepts constructive collisions and rejects destructive ones (`tester.rs`).
//!
//! Nothing here rejects a magic on a heuristic: every test is a necessary condition, so the first
//! magic of a square's candidate sequence is always the one found, whatever the index size.

pub mod climb_stream;
pub mod dense_stream;
// The exhaustive sweeps and the searches from the top: record hunting, which the build never
// calls.
#[cfg(feature = "sweep")]
#[cfg_attr(docsrs, doc(cfg(feature = "sweep")))]
pub mod exhaustive;
pub mod few_term_stream;
#[cfg(feature = "sweep")]
mod from_top;
// The span search's stream, for the packer's span lists.
#[cfg(feature = "pack")]
#[cfg_attr(docsrs, doc(cfg(feature = "pack")))]
pub mod span_stream;
mod stream;
pub mod sweep_shard;
pub mod term_sums;
pub mod terms;
mod tester;

pub use stream::{
    CandidateStream, Family, SHARD_BLOCK, Shard, ShardError, StreamSet, nth_candidate, square_rng, square_rng_at,
    stream_id,
};
pub use tester::MagicTester;

use crate::geometry::Occupancies;
use magic_tables_core::layouts::fancy::Magic;
use magic_tables_core::layouts::magic32::Magic32;
use magic_tables_core::{Slider, Square};

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
    /// The family this scheme's search for `bits` index bits on `occupancies` draws from. The
    /// 32-bit and folded schemes keep the family their committed tuned seeds were derived with.
    pub fn family(self, occupancies: &Occupancies, bits: u32) -> Family {
        match self {
            Scheme::Fancy => Family::for_bits(occupancies.slider, bits, occupancies.mask_bits()),
            Scheme::Magic32 | Scheme::Folded => Family::SparseAnd3,
        }
    }

    /// The candidate this scheme makes of one drawn word.
    pub fn candidate(self, drawn: u64, bits: u32) -> u64 {
        match self {
            Scheme::Fancy | Scheme::Magic32 => drawn,
            Scheme::Folded => (drawn & !(0b11_1111 << 58)) | (u64::from(64 - bits) << 58),
        }
    }

    /// The index of `key` (an occupancy already ANDed with the mask) under `magic`: the
    /// formula of the runtime's entry type (`magic_tables_core::layouts`), with a full mask and
    /// no offset.
    #[inline(always)]
    pub fn index(self, key: u64, magic: u64, bits: u32) -> usize {
        match self {
            Scheme::Fancy | Scheme::Folded => Magic { mask: !0, magic, shift: 64 - bits, offset: 0 }.slot(key),
            Scheme::Magic32 => {
                let (lo, hi) = (magic as u32, (magic >> 32) as u32);
                Magic32 { mask: !0, lo, hi, shift: 32 - bits, offset: 0 }.slot(key)
            }
        }
    }
}

/// Searches for a magic of (`occupancies.slider`, `occupancies.square`) under `scheme` with
/// `bits` index bits, drawing at most `max_candidates` candidates of `shard`'s part of the
/// sequence [`square_rng`]`(seed, …)` yields in [`Scheme::family`], among the first
/// `max_candidates` of the whole sequence. The found magic is the first in that part; its
/// `candidates` is its number in the whole sequence.
///
/// The result depends only on the arguments: the same seed finds the same magic after the same
/// number of candidates on every host, thread count and build profile. This is the one entry
/// point of the random search; [`SquareSearch`] is the same search, resumable in steps.
pub fn find_magic(
    occupancies: &Occupancies,
    scheme: Scheme,
    bits: u32,
    seed: u64,
    shard: Shard,
    max_candidates: u64,
) -> Result<FoundMagic, SearchError> {
    let mut search = SquareSearch::new(occupancies, scheme, bits, seed, shard)?;
    if let Some(found) = search.advance(u64::MAX, max_candidates) {
        return Ok(found);
    }
    Err(search.not_found())
}

/// One square's search, resumable: [`SquareSearch::advance`] draws the next candidates of its
/// sequence, so a caller can share out time between squares (round robin) without changing
/// which magic each square finds, the first of its sequence.
#[derive(Clone, Debug)]
pub struct SquareSearch {
    slider: Slider,
    square: Square,
    scheme: Scheme,
    bits: u32,
    tester: MagicTester,
    stream: CandidateStream,
    drawn: u64,
    exhausted: bool,
}

impl SquareSearch {
    /// The search of (`occupancies.slider`, `occupancies.square`) for `scheme`'s magics with
    /// `bits` index bits through `shard`'s part of the sequence keyed by `seed`.
    pub fn new(
        occupancies: &Occupancies,
        scheme: Scheme,
        bits: u32,
        seed: u64,
        shard: Shard,
    ) -> Result<SquareSearch, SearchError> {
        let (slider, square) = (occupancies.slider, occupancies.square);
        let tester = MagicTester::with_scheme(occupancies, scheme, bits)?;
        let stream = CandidateStream::new(seed, slider, square, scheme.family(occupancies, bits), shard);
        Ok(SquareSearch { slider, square, scheme, bits, tester, stream, drawn: 0, exhausted: false })
    }

    /// The search of (`occupancies.slider`, `occupancies.square`) for black magics,
    /// `((occupied | !mask) * magic) >> (64 - bits)`, through `shard`'s part of the sequence
    /// keyed by `seed`: the fancy search's candidates (the same family and stream), tested
    /// with black keys ([`MagicTester::black`]).
    pub fn black(occupancies: &Occupancies, bits: u32, seed: u64, shard: Shard) -> Result<SquareSearch, SearchError> {
        let mut search = SquareSearch::new(occupancies, Scheme::Fancy, bits, seed, shard)?;
        search.tester = MagicTester::black(occupancies, bits)?;
        Ok(search)
    }

    /// Continues a search that stopped after candidate `after` of the whole sequence (a run with
    /// `max_candidates = after`): the candidates up to `after` are skipped without being drawn,
    /// so the magic found is the first numbered above `after`. Call it before
    /// [`SquareSearch::advance`]; [`SquareSearch::drawn`] counts only the candidates drawn since.
    pub fn skip_to_after(&mut self, after: u64) {
        self.stream.skip_to_after(after);
    }

    /// Draws up to `candidates` more candidates, none numbered above `last` in the whole
    /// sequence (so the shards of a search with a candidate limit cover exactly the unsharded
    /// search's candidates); the first magic among them, if any.
    pub fn advance(&mut self, candidates: u64, last: u64) -> Option<FoundMagic> {
        for _ in 0..candidates {
            if self.stream.next_number() > last {
                return None;
            }
            let Some((number, drawn)) = self.stream.next() else {
                self.exhausted = true;
                return None;
            };
            self.drawn += 1;
            let magic = self.scheme.candidate(drawn, self.bits);
            if self.tester.is_magic(magic) {
                return Some(FoundMagic { magic, bits: self.bits, candidates: number, drawn: self.drawn });
            }
        }
        None
    }

    /// The slider searched.
    pub fn slider(&self) -> Slider {
        self.slider
    }

    /// The square searched.
    pub fn square(&self) -> Square {
        self.square
    }

    /// Index bits searched for.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The number (in the whole sequence) of the next candidate this search draws.
    pub fn next_number(&self) -> u64 {
        self.stream.next_number()
    }

    /// Candidates drawn so far.
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// Whether the whole sequence (2^64 candidates) has been drawn.
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// The error of a search that ended without a magic after [`SquareSearch::drawn`] candidates.
    pub fn not_found(&self) -> SearchError {
        SearchError::NotFound { slider: self.slider, square: self.square, bits: self.bits, candidates: self.drawn }
    }
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
        let a = find_magic(&o, Scheme::Fancy, o.mask_bits(), 7, Shard::WHOLE, 100_000).unwrap();
        let b = find_magic(&o, Scheme::Fancy, o.mask_bits(), 7, Shard::WHOLE, 100_000).unwrap();
        assert_eq!(a, b);
        let sq: Square = "c1".parse().unwrap();
        let rook = nth_candidate(7, Slider::Rook, sq, Family::Dense, 1);
        let bishop = nth_candidate(7, Slider::Bishop, sq, Family::Dense, 1);
        assert_ne!(rook, bishop);
    }

    #[test]
    fn found_magic_has_no_destructive_collision() {
        let o = occ(Slider::Rook, "e4");
        let found = find_magic(&o, Scheme::Fancy, o.mask_bits(), 1, Shard::WHOLE, 1_000_000).unwrap();
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
        for family in [Family::Sparse, Family::SparseAnd3, Family::Dense, Family::NegatedSparse] {
            let stream = |shard| CandidateStream::new(3, Slider::Rook, sq, family, shard);
            let whole: Vec<(u64, u64)> = stream(Shard::WHOLE).take(4 * 4096).collect();
            let mut merged: Vec<(u64, u64)> = (0..3)
                .flat_map(|i| stream(Shard::new(i, 3).unwrap()).take(2 * 4096).collect::<Vec<_>>())
                .filter(|(n, _)| *n <= 4 * 4096)
                .collect();
            merged.sort_unstable();
            assert_eq!(merged, whole, "{family:?}");
            assert_eq!(whole[0].0, 1);
            // Seeking reaches any candidate without drawing the ones before it.
            for &(number, magic) in whole.iter().step_by(997) {
                assert_eq!(nth_candidate(3, Slider::Rook, sq, family, number), Some(magic), "{family:?} {number}");
            }
        }
    }

    #[test]
    fn a_skipped_stream_is_the_tail_of_the_whole_one() {
        let sq: Square = "c7".parse().unwrap();
        for family in [Family::Sparse, Family::NegatedSparse] {
            let stream = |shard| CandidateStream::new(9, Slider::Rook, sq, family, shard);
            let whole: Vec<(u64, u64)> = stream(Shard::WHOLE).take(5 * 4096).collect();
            // Inside a block, on a block boundary, and inside another shard's block.
            for after in [0, 1, 777, 4096, 5000, 3 * 4096 + 17] {
                let mut tail = stream(Shard::WHOLE);
                tail.skip_to_after(after);
                assert_eq!(tail.next_number(), after + 1);
                let drawn: Vec<(u64, u64)> = tail.take(4096).collect();
                assert_eq!(drawn[..], whole[after as usize..after as usize + 4096], "{family:?} {after}");
                // The shards of a continuation together draw exactly the whole tail.
                let mut merged: Vec<(u64, u64)> = (0..3)
                    .flat_map(|i| {
                        let mut part = stream(Shard::new(i, 3).unwrap());
                        part.skip_to_after(after);
                        part.take_while(|(n, _)| *n <= 5 * 4096).collect::<Vec<_>>()
                    })
                    .collect();
                merged.sort_unstable();
                assert_eq!(merged[..], whole[after as usize..], "{family:?} {after} sharded");
            }
            // Skipping never goes back.
            let mut ahead = stream(Shard::WHOLE);
            ahead.by_ref().take(100).for_each(drop);
            ahead.skip_to_after(10);
            assert_eq!(ahead.next(), Some(whole[100]));
        }
    }

    #[test]
    fn a_continued_search_finds_the_next_magic() {
        let o = occ(Slider::Rook, "e4");
        let first = find_magic(&o, Scheme::Fancy, o.mask_bits(), 11, Shard::WHOLE, 10_000_000).unwrap();
        let mut rest = SquareSearch::new(&o, Scheme::Fancy, o.mask_bits(), 11, Shard::WHOLE).unwrap();
        rest.skip_to_after(first.candidates);
        let second = rest.advance(u64::MAX, 10_000_000).unwrap();
        assert!(second.candidates > first.candidates);
        assert_eq!(second.drawn, second.candidates - first.candidates);
        // Nothing between the two is a magic: a search from the start, told to go past the
        // first, meets the second next.
        let mut whole = SquareSearch::new(&o, Scheme::Fancy, o.mask_bits(), 11, Shard::WHOLE).unwrap();
        assert_eq!(whole.advance(u64::MAX, 10_000_000).unwrap(), first);
        let next = whole.advance(u64::MAX, 10_000_000).unwrap();
        assert_eq!((next.magic, next.candidates), (second.magic, second.candidates));
    }

    #[test]
    fn huge_shard_counts_neither_overflow_nor_overlap() {
        let sq: Square = "b2".parse().unwrap();
        let last = Shard::new(u64::MAX - 1, u64::MAX).unwrap();
        // Shard u64::MAX - 1 owns block u64::MAX - 1 only, far beyond any reachable candidate
        // number: its stream ends instead of wrapping around onto shard 0's blocks.
        assert_eq!(CandidateStream::new(3, Slider::Rook, sq, Family::Sparse, last).next(), None);
        let second = Shard::new(1, 1 << 60).unwrap();
        let numbers: Vec<u64> =
            CandidateStream::new(3, Slider::Rook, sq, Family::Sparse, second).take(3).map(|c| c.0).collect();
        assert_eq!(numbers, [SHARD_BLOCK + 1, SHARD_BLOCK + 2, SHARD_BLOCK + 3]);
    }

    #[test]
    fn families_have_the_shape_they_promise() {
        let sq: Square = "a7".parse().unwrap();
        let draw = |family| -> Vec<u64> {
            CandidateStream::new(5, Slider::Rook, sq, family, Shard::WHOLE).take(2000).map(|c| c.1).collect()
        };
        let mean_bits = |v: &[u64]| v.iter().map(|m| m.count_ones()).sum::<u32>() as f64 / v.len() as f64;
        let sparse = draw(Family::Sparse);
        assert!(sparse.iter().all(|m| (1..=8).contains(&m.count_ones())));
        assert!((7.0..8.0).contains(&mean_bits(&sparse)), "{}", mean_bits(&sparse));
        assert!((7.0..9.0).contains(&mean_bits(&draw(Family::SparseAnd3))));
        assert!((30.0..34.0).contains(&mean_bits(&draw(Family::Dense))));
        let negated = draw(Family::NegatedSparse);
        assert!(negated.iter().all(|m| m.wrapping_neg() < 1 << 50 && m.wrapping_neg().count_ones() <= 50));
        assert!(mean_bits(&negated) > 40.0);
    }

    #[test]
    fn sharded_search_finds_the_same_first_magic() {
        let o = occ(Slider::Rook, "e4");
        let whole = find_magic(&o, Scheme::Fancy, o.mask_bits(), 11, Shard::WHOLE, 10_000_000).unwrap();
        let best = (0..4)
            .filter_map(|i| {
                find_magic(&o, Scheme::Fancy, o.mask_bits(), 11, Shard::new(i, 4).unwrap(), 10_000_000).ok()
            })
            .min_by_key(|f| f.candidates)
            .unwrap();
        assert_eq!((best.magic, best.candidates), (whole.magic, whole.candidates));
    }

    #[test]
    fn owned_counts_match_the_blocks() {
        use super::stream::SHARD_BLOCK;
        for count in [1, 2, 3, 7] {
            for index in 0..count {
                let shard = Shard::new(index, count).unwrap();
                let mut owned = 0;
                for number in 1..=(SHARD_BLOCK * 9 + 17) {
                    owned += u64::from(((number - 1) / SHARD_BLOCK) % count == index);
                    if number % 1021 == 0 || number % SHARD_BLOCK < 2 {
                        assert_eq!(shard.owned_up_to(number), owned, "{shard} {number}");
                    }
                }
            }
        }
        let last = Shard::new(2, 3).unwrap();
        assert!(last.owned_up_to(u64::MAX) <= u64::MAX / 3 + SHARD_BLOCK);
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
        assert!(matches!(
            find_magic(&o, Scheme::Fancy, 13, 0, Shard::WHOLE, 10),
            Err(SearchError::BitsOutOfRange { min: 6, max: 12, .. })
        ));
        assert!(matches!(
            find_magic(&o, Scheme::Fancy, 5, 0, Shard::WHOLE, 10),
            Err(SearchError::BitsOutOfRange { .. })
        ));
        let err = find_magic(&o, Scheme::Fancy, 6, 0, Shard::WHOLE, 10).unwrap_err();
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
            let found = find_magic(&o, scheme, bits, 5, Shard::WHOLE, 20_000_000).unwrap();
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
        assert_eq!(Scheme::Magic32.index(1 | (1 << 32), magic, 32), 6);
        assert_eq!(Scheme::Magic32.index(1 << 63, magic, 1), ((1u32 << 31).wrapping_mul(3) >> 31) as usize);
    }
}
