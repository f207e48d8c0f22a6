//! Testing one candidate: an exact filter that costs no memory access, then the full collision
//! check in an order where collisions show early, on a scratch table that is never cleared.

use super::{Scheme, SearchError, check_bits};
use crate::geometry::Occupancies;

/// A necessary condition on the magic's bits, exact (it never rejects a magic): the empty
/// occupancy has index 0 under every multiplier, and each single-blocker occupancy attacks
/// differently from it, so each must get a non-zero index.
///
/// For a blocker on square `b`, the key is `1 << b` and the product is `magic << b`, whose top
/// `bits` bits are the bits `width - bits - b .. width - b` of the magic (of the 32-bit half
/// `b` falls in, for 32-bit magics): the magic needs a set bit in each of those windows. All
/// windows at once is a sliding OR of the magic and one AND, a few cycles with no memory
/// access, where the collision check needs a load and a store per occupancy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct WindowFilter {
    /// Shift amounts whose sliding ORs, in order, widen one bit to the index window (1, 2, 4 and
    /// the rest, 0 where the window is already wide enough): no loop on the hot path.
    steps: [u32; 4],
    /// Bit `p` set: the magic needs a set bit in `p .. p + bits`.
    need: u64,
    /// The magic needs a set bit under this mask (windows clipped at bit 0, which nest).
    low: u64,
}

impl WindowFilter {
    /// The filter of the blockers in `squares` (bit positions within a `width`-bit word).
    fn new(squares: u64, width: u32, bits: u32) -> WindowFilter {
        let (mut need, mut low) = (0, u64::MAX);
        let mut rest = squares;
        while rest != 0 {
            let b = rest.trailing_zeros();
            rest &= rest - 1;
            match (width - b).checked_sub(bits) {
                Some(start) => need |= 1 << start,
                // The window is clipped to `0 .. width - b`; the smallest clipped one decides.
                None => low = low.min((1 << (width - b)) - 1),
            }
        }
        // A window of width w ORed with itself shifted by s covers w + s bits.
        let mut steps = [0; 4];
        let mut covered = 1;
        for step in &mut steps {
            *step = covered.min(bits - covered);
            covered += *step;
        }
        debug_assert_eq!(covered, bits, "four doublings cover every index size up to 16 bits");
        WindowFilter { steps, need, low: if low == u64::MAX { 0 } else { low } }
    }

    /// Whether `word` has a set bit in every required window.
    #[inline(always)]
    fn passes(&self, word: u64) -> bool {
        // Bit j of `any` is set when `word` has a set bit in j .. j + bits.
        let mut any = word;
        for step in self.steps {
            any |= any >> step;
        }
        any & self.need == self.need && (self.low == 0 || word & self.low != 0)
    }
}

/// Tests candidate magics for one (slider, square), scheme and index size, reusing its scratch
/// table.
///
/// * The exact window filter first (every single blocker must get a non-zero index).
/// * Then every relevant occupancy in order of blocker count, fewest first: the empty board and
///   the single blockers, which all attack differently, then the pairs, and so on. Collisions
///   between few-blocker occupancies are the likeliest (their products have the fewest terms),
///   so a candidate that fails usually fails within the first few dozen.
/// * Each slot of the scratch table packs the epoch (which candidate wrote it) and the id of the
///   attack set it holds into one `u32`: one load and one compare per occupancy, and a table of
///   at most 16 KiB. A slot from an older epoch counts as empty, so the table is only cleared
///   once every 2^24 candidates.
#[derive(Clone, Debug)]
pub struct MagicTester {
    scheme: Scheme,
    bits: u32,
    filters: [WindowFilter; 2],
    /// Occupancies (already masked), fewest blockers first.
    keys: Vec<u64>,
    /// The id (1-based) of each key's attack set among the square's distinct ones.
    ids: Vec<u8>,
    epoch: u32,
    slots: Vec<u32>,
    /// Whether the exact window filter applies (white keys only).
    filtered: bool,
}

impl MagicTester {
    /// A tester for fancy magics with `bits` index bits, which must lie between the square's
    /// lower bound (`ceil(log2(distinct attack sets))`, below which no magic can exist) and its
    /// mask size (above which none is needed).
    pub fn new(occupancies: &Occupancies, bits: u32) -> Result<Self, SearchError> {
        Self::with_scheme(occupancies, Scheme::Fancy, bits)
    }

    /// A tester for the magics of `scheme`; see [`MagicTester::new`].
    pub fn with_scheme(occupancies: &Occupancies, scheme: Scheme, bits: u32) -> Result<Self, SearchError> {
        check_bits(occupancies, bits)?;
        // Stable counting sort by blocker count, and each attack set's id by first appearance in
        // that order, through a small open-addressing map: linear work, since the build script
        // runs this unoptimized for every square.
        let mut starts = [0usize; 14];
        for &blockers in &occupancies.blockers {
            starts[blockers.count_ones() as usize + 1] += 1;
        }
        for count in 1..starts.len() {
            starts[count] += starts[count - 1];
        }
        let mut keys = vec![0; occupancies.blockers.len()];
        let mut sets = vec![0; occupancies.blockers.len()];
        for (&blockers, &attacks) in occupancies.blockers.iter().zip(&occupancies.attacks) {
            let position = &mut starts[blockers.count_ones() as usize];
            keys[*position] = blockers;
            sets[*position] = attacks;
            *position += 1;
        }
        // At most 144 distinct attack sets per square (a rook in the centre): 256 buckets.
        let mut buckets: [(u64, u8); 256] = [(0, 0); 256];
        let mut distinct = 0u8;
        let ids = sets
            .iter()
            .map(|&attacks| {
                let mut bucket = (attacks.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize;
                loop {
                    match buckets[bucket] {
                        (set, id) if id != 0 && set == attacks => break id,
                        (_, 0) => {
                            distinct += 1;
                            buckets[bucket] = (attacks, distinct);
                            break distinct;
                        }
                        _ => bucket = (bucket + 1) % 256,
                    }
                }
            })
            .collect();
        let mask = occupancies.mask;
        let filters = match scheme {
            Scheme::Fancy | Scheme::Folded => [WindowFilter::new(mask, 64, bits), WindowFilter::new(0, 64, bits)],
            Scheme::Magic32 => {
                [WindowFilter::new(mask & 0xFFFF_FFFF, 32, bits), WindowFilter::new(mask >> 32, 32, bits)]
            }
        };
        Ok(MagicTester { scheme, bits, filters, keys, ids, epoch: 0, slots: vec![0; 1 << bits], filtered: true })
    }

    /// A tester for black magics, `((occupied | !mask) * magic) >> (64 - bits)`, with `bits`
    /// index bits (in the range [`MagicTester::new`] accepts). The keys are the occupancies
    /// with every bit outside the mask set; the window filter does not apply (the empty board
    /// no longer maps to index 0), so every candidate gets the full collision check.
    pub fn black(occupancies: &Occupancies, bits: u32) -> Result<Self, SearchError> {
        let mut tester = Self::with_scheme(occupancies, Scheme::Fancy, bits)?;
        for key in &mut tester.keys {
            *key |= !occupancies.mask;
        }
        tester.filtered = false;
        Ok(tester)
    }

    /// Whether `magic` passes the exact filter: every single blocker gets a non-zero index.
    #[inline]
    pub fn passes_filter(&self, magic: u64) -> bool {
        match self.scheme {
            Scheme::Fancy | Scheme::Folded => self.filters[0].passes(magic),
            Scheme::Magic32 => self.filters[0].passes(magic & 0xFFFF_FFFF) && self.filters[1].passes(magic >> 32),
        }
    }

    /// Whether `magic` maps every occupancy to a slot that holds either nothing yet or the same
    /// attack set (a constructive collision). A different attack set there is a destructive
    /// collision and disqualifies the candidate.
    pub fn is_magic(&mut self, magic: u64) -> bool {
        if self.filtered && !self.passes_filter(magic) {
            return false;
        }
        let bits = self.bits;
        match self.scheme {
            // One closure per index function, each with a constant scheme, so the hot loop has no
            // branch on the scheme.
            Scheme::Fancy | Scheme::Folded => self.maps_without_conflict(|key| Scheme::Fancy.index(key, magic, bits)),
            Scheme::Magic32 => self.maps_without_conflict(|key| Scheme::Magic32.index(key, magic, bits)),
        }
    }

    fn maps_without_conflict(&mut self, index_of: impl Fn(u64) -> usize) -> bool {
        self.epoch += 1;
        if self.epoch == 1 << 24 {
            // Tags from 2^24 candidates ago would look current: start over.
            self.slots.fill(0);
            self.epoch = 1;
        }
        let tag = self.epoch << 8;
        for (&key, &id) in self.keys.iter().zip(&self.ids) {
            let slot = &mut self.slots[index_of(key)];
            if *slot & !0xFF != tag {
                *slot = tag | u32::from(id);
            } else if *slot != tag | u32::from(id) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use magic_tables_core::{Slider, Square};

    /// The black tester against the definition: no two occupancies with different attack sets
    /// share `((occupied | !mask) * magic) >> (64 - bits)`, on candidates of which some pass.
    #[test]
    fn black_tester_matches_its_definition() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for (slider, square, bits) in
            [(Slider::Bishop, Square::A1, 6), (Slider::Bishop, Square::D4, 9), (Slider::Rook, Square::H8, 12)]
        {
            let occ = Occupancies::new(slider, square);
            let mut tester = MagicTester::black(&occ, bits).unwrap();
            let mut seen = [0; 2];
            for _ in 0..60_000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Sparse, dense and "minus sparse" words.
                let magic = match state % 3 {
                    0 => state & (state >> 5) & (state >> 11),
                    1 => state,
                    _ => (state & (state >> 3) & (state >> 9)).wrapping_neg(),
                };
                let mut slots: Vec<Option<u64>> = vec![None; 1 << bits];
                let expected = occ.blockers.iter().zip(&occ.attacks).all(|(&blockers, &attacks)| {
                    let index = ((blockers | !occ.mask).wrapping_mul(magic) >> (64 - bits)) as usize;
                    *slots[index].get_or_insert(attacks) == attacks
                });
                assert_eq!(tester.is_magic(magic), expected, "{slider} {square} {magic:#x}");
                seen[usize::from(expected)] += 1;
            }
            assert!(seen[0] > 0 && seen[1] > 0, "{slider} {square}: {seen:?}");
        }
    }

    /// The filter against its definition: each single blocker's index is non-zero.
    #[test]
    fn window_filter_matches_single_blocker_indices() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for (slider, square, scheme) in [
            (Slider::Rook, Square::A1, Scheme::Fancy),
            (Slider::Rook, Square::H8, Scheme::Fancy),
            (Slider::Bishop, Square::D4, Scheme::Fancy),
            (Slider::Rook, Square::E4, Scheme::Magic32),
            (Slider::Bishop, Square::B7, Scheme::Magic32),
        ] {
            let occ = Occupancies::new(slider, square);
            for bits in [occ.lower_bound_bits(), occ.mask_bits() - 1, occ.mask_bits()] {
                let tester = MagicTester::with_scheme(&occ, scheme, bits).unwrap();
                let mut seen = [0; 2];
                for _ in 0..20_000 {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    // Sparse and dense words, so both answers occur.
                    let magic = if state & 1 == 0 { state & (state >> 3) & (state >> 7) } else { state };
                    let expected =
                        (0..64).filter(|b| occ.mask >> b & 1 == 1).all(|b| scheme.index(1 << b, magic, bits) != 0);
                    assert_eq!(tester.passes_filter(magic), expected, "{slider} {square} {scheme:?} {bits} {magic:#x}");
                    seen[usize::from(expected)] += 1;
                }
                assert!(seen[0] > 0 && seen[1] > 0, "{slider} {square} {bits}: {seen:?}");
            }
        }
    }
}
