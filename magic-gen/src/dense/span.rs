//! The per-square span search: black magics whose indices span few slots, for the dense black
//! tables. The smallest published per-square-shift table owes its size to such spans, not to
//! overlap (its spans sum to 78,091 and overlap saves 1,680; rook a1 spans 2,685 of its 4,096
//! slots there), and the packer's own streams almost never draw them: their valid candidates
//! wrap around the index range.
//!
//! The search tests the candidates of the span stream ([`crate::search::span_stream`]: sparse
//! magics whose bit costs fit a budget, so that a valid one spans at most its budget) and keeps
//! the valid ones with the shortest spans. Each square is independent, and a candidate depends
//! only on the seed, the square, its index bits and its number, so the search runs as one job
//! per square and a kept magic is re-derived in O(1) from its number (`span:N` in a recipe).

use crate::geometry::Occupancies;
use crate::magic_set::Indexing;
use crate::search::span_stream::{SpanCosts, span_candidates};

use super::square::{CandidateTester, SquareData};

/// How many of the shortest-span magics a search keeps.
pub const KEEP: usize = 64;

/// A valid black magic of the span stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpanFound {
    /// Its candidate number (1-based).
    pub number: u64,
    /// The black magic (rotated to its shortest span by the stream).
    pub magic: u64,
    /// Its span: highest used index − lowest + 1.
    pub span: u32,
    /// Its used indices.
    pub used: u32,
}

impl SpanFound {
    /// The order of merit: shorter span, then fewer used slots, then the earlier candidate.
    pub fn merit(&self) -> (u32, u32, u64) {
        (self.span, self.used, self.number)
    }
}

/// The span search of one (slider, square) for a number of index bits.
#[derive(Clone, Debug)]
pub struct SpanSearch {
    costs: SpanCosts,
    data: SquareData,
}

impl SpanSearch {
    /// The search of `occupancies`' square for black magics of `bits` index bits (1 to 12, at
    /// most the mask's size).
    pub fn new(occupancies: &Occupancies, bits: u32) -> Result<SpanSearch, String> {
        let (slider, square) = (occupancies.slider, occupancies.square);
        let most = occupancies.mask.count_ones().min(12);
        if !(1..=most).contains(&bits) {
            return Err(format!("{slider} {square}: {bits} index bits is out of range: 1 to {most}"));
        }
        Ok(SpanSearch {
            costs: SpanCosts::new(slider, square, bits),
            data: SquareData::with_bits(occupancies, Indexing::Black, bits),
        })
    }

    /// Candidate `number` (1-based), if it is a valid magic.
    pub fn candidate(&self, seed: u64, number: u64, tester: &mut CandidateTester) -> Option<SpanFound> {
        let magic = crate::search::span_stream::span_candidate(seed, &self.costs, number);
        self.found(number, magic, tester)
    }

    fn found(&self, number: u64, magic: u64, tester: &mut CandidateTester) -> Option<SpanFound> {
        if !tester.is_valid(&self.data, magic) {
            return None;
        }
        let candidate = tester.candidate(&self.data, number, magic);
        Some(SpanFound { number, magic, span: candidate.span, used: candidate.used.len() as u32 })
    }

    /// The valid candidates among `from ..= to` (1-based), in order.
    pub fn scan(&self, seed: u64, from: u64, to: u64) -> Vec<SpanFound> {
        let mut tester = CandidateTester::default();
        if from > to {
            return Vec::new();
        }
        span_candidates(seed, &self.costs, from)
            .take((to - from + 1) as usize)
            .filter_map(|(number, magic)| self.found(number, magic, &mut tester))
            .collect()
    }
}

/// `kept` and `more` merged, keeping the [`KEEP`] of best merit, in increasing order of number.
pub fn keep_best(kept: &[SpanFound], more: &[SpanFound]) -> Vec<SpanFound> {
    let mut all: Vec<SpanFound> = kept.iter().chain(more).copied().collect();
    all.sort_by_key(SpanFound::merit);
    all.dedup_by_key(|f| f.number);
    all.truncate(KEEP);
    all.sort_by_key(|f| f.number);
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::ReferenceSet;
    use crate::search::terms::cost;
    use magic_tables_core::Slider;

    /// The search finds valid magics within the range, the same ones from any starting point,
    /// and each re-derives from its number.
    #[test]
    fn scans_find_valid_magics_and_agree_with_their_numbers() {
        let references = ReferenceSet::new();
        let occupancies = references.get(Slider::Bishop, "c1".parse().unwrap());
        let search = SpanSearch::new(occupancies, 5).unwrap();
        let found = search.scan(1, 1, 40_000);
        assert!(found.len() > 3, "{}", found.len());
        let halves = [search.scan(1, 1, 20_000), search.scan(1, 20_001, 40_000)].concat();
        assert_eq!(halves, found);
        let mut tester = CandidateTester::default();
        for hit in &found {
            assert_eq!(search.candidate(1, hit.number, &mut tester), Some(*hit));
            assert!(cost(hit.magic, occupancies.mask) <= 1 << 64);
            assert!(hit.span <= 32);
        }
        let best = keep_best(&found[..2], &found[2..]);
        assert_eq!(best.len(), found.len().min(KEEP));
        assert!(best.windows(2).all(|w| w[0].number < w[1].number));
    }

    #[test]
    fn bad_bits_are_refused_with_the_square_named() {
        let references = ReferenceSet::new();
        let d4 = references.get(Slider::Rook, "d4".parse().unwrap());
        assert!(SpanSearch::new(d4, 11).unwrap_err().starts_with("rook d4: 11 index bits is out of range: 1 to 10"));
        assert!(SpanSearch::new(d4, 0).is_err());
    }
}
