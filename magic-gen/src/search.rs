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
    (slider.ordinal() * 64 + square.index() as usize) as u64
}

/// Magic candidates: the AND of three random words, so about 8 of 64 bits are set.
/// Sparse multipliers spread few, well separated partial products into the index
/// bits, which is where magics are found most often (seed document 001).
pub fn sparse_candidate(rng: &mut impl Rng) -> u64 {
    rng.next_u64() & rng.next_u64() & rng.next_u64()
}

/// Why a search gave no magic.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The requested index size cannot work, or is larger than the mask needs.
    #[error(
        "{slider} {square}: {bits} index bits is out of range: at least {min} are needed to tell its distinct attack sets apart, and more than the mask's {max} bits is never needed"
    )]
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
    #[error("{slider} {square}: no magic with {bits} index bits among the first {candidates} candidates")]
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

/// A magic found by [`find_magic`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoundMagic {
    /// The multiplier.
    pub magic: u64,
    /// Index bits: the lookup shifts right by `64 - bits`.
    pub bits: u32,
    /// How many candidates were drawn, this one included.
    pub candidates: u64,
}

/// Tests candidate magics for one (slider, square) and index size, reusing its scratch table.
///
/// Instead of clearing the table for every candidate, each slot carries the epoch (candidate
/// number) that last wrote it; a slot from an older epoch counts as empty.
#[derive(Clone, Debug)]
pub struct MagicTester<'a> {
    occupancies: &'a Occupancies,
    shift: u32,
    epoch: u32,
    stamps: Vec<u32>,
    slots: Vec<u64>,
}

impl<'a> MagicTester<'a> {
    /// A tester for `bits` index bits, which must lie between the square's lower bound
    /// (`ceil(log2(distinct attack sets))`, below which no magic can exist) and its mask size
    /// (above which none is needed).
    pub fn new(occupancies: &'a Occupancies, bits: u32) -> Result<Self, SearchError> {
        let (min, max) = (occupancies.lower_bound_bits(), occupancies.mask_bits());
        if bits < min || bits > max {
            let (slider, square) = (occupancies.slider, occupancies.square);
            return Err(SearchError::BitsOutOfRange { slider, square, bits, min, max });
        }
        let size = 1usize << bits;
        Ok(MagicTester { occupancies, shift: 64 - bits, epoch: 0, stamps: vec![0; size], slots: vec![0; size] })
    }

    /// Cheap filter before the full check: a good multiplier moves many mask bits into the
    /// top byte of the product, which feeds the index. Candidates with fewer than six bits
    /// there are almost never magic (Stockfish applies the same test).
    pub fn passes_early_reject(&self, magic: u64) -> bool {
        (self.occupancies.mask.wrapping_mul(magic) >> 56).count_ones() >= 6
    }

    /// Whether `magic` maps every occupancy to a slot that holds either nothing yet or the same
    /// attack set (a constructive collision). A different attack set there is a destructive
    /// collision and disqualifies the candidate.
    pub fn is_magic(&mut self, magic: u64) -> bool {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Stamps from 2^32 candidates ago would look current: start over.
            self.stamps.fill(0);
            self.epoch = 1;
        }
        let occ = self.occupancies;
        for (&blockers, &attacks) in occ.blockers.iter().zip(&occ.attacks) {
            let index = (blockers.wrapping_mul(magic) >> self.shift) as usize;
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
    let (slider, square) = (occupancies.slider, occupancies.square);
    let mut tester = MagicTester::new(occupancies, bits)?;
    let mut rng = square_rng(seed, slider, square);
    for candidate in 1..=max_candidates {
        let magic = sparse_candidate(&mut rng);
        if tester.passes_early_reject(magic) && tester.is_magic(magic) {
            return Ok(FoundMagic { magic, bits, candidates: candidate });
        }
    }
    Err(SearchError::NotFound { slider, square, bits, candidates: max_candidates })
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
    fn bits_out_of_range_are_errors() {
        let o = occ(Slider::Rook, "a1");
        assert!(matches!(find_magic(&o, 13, 0, 10), Err(SearchError::BitsOutOfRange { min: 6, max: 12, .. })));
        assert!(matches!(find_magic(&o, 5, 0, 10), Err(SearchError::BitsOutOfRange { .. })));
        let err = find_magic(&o, 6, 0, 10).unwrap_err();
        assert!(matches!(err, SearchError::NotFound { candidates: 10, .. }));
        assert!(err.to_string().contains("rook a1"));
    }
}
