//! One (slider, square) as the packer sees it: its occupancies as keys of the layout's
//! indexing with small attack-set ids, the test of a candidate (no destructive collision) and
//! the slots a valid candidate uses.
//!
//! The fancy search's [`crate::search::MagicTester`] answers the same question for white
//! magics with fewer index bits; this one keys black magics too (the empty board does not map
//! to index 0 there, so that tester's exact window filter does not apply) and keeps the slots a
//! valid candidate fills, which the packer places.

use crate::geometry::Occupancies;
use crate::magic_set::Indexing;
use magic_tables_core::{Slider, Square};

/// (slider, square) of pair number `pair` (rook a1 = 0 … bishop h8 = 127, the inverse of
/// [`magic_tables_core::pair_index`]).
pub fn pair_parts(pair: usize) -> (Slider, Square) {
    (Slider::ALL[pair / 64], Square::ALL[pair % 64])
}

/// Index bits of a fixed-shift table for every pair (rook a1 … bishop h8): 12 for rooks, 9 for
/// bishops.
pub fn fixed_bits() -> Vec<u32> {
    (0..128).map(|pair| 64 - pair_parts(pair).0.fixed_shift()).collect()
}

/// Index bits of a per-square-shift table for every pair: the relevant mask's size, the fewest
/// bits that index every occupancy of a square apart (`black-variable`).
pub fn relevant_bits() -> Vec<u32> {
    (0..128)
        .map(|pair| {
            let (slider, square) = pair_parts(pair);
            magic_tables_core::geometry::relevant_mask(slider, square).count_ones()
        })
        .collect()
}

/// Whether `bits` differ from [`fixed_bits`] anywhere, so that a recipe lists each square's bits.
pub fn is_variable(bits: &[u32]) -> bool {
    bits != fixed_bits().as_slice()
}

/// One (slider, square) prepared for fast candidate tests.
#[derive(Clone, Debug)]
pub struct SquareData {
    /// Which slider.
    pub slider: Slider,
    /// Which square.
    pub square: Square,
    /// Index shift.
    pub shift: u32,
    /// Keys of all relevant occupancies (under the layout's indexing), in a fixed scrambled
    /// order.
    pub keys: Vec<u64>,
    /// Attack-set number of each key (numbers local to this square).
    pub ids: Vec<u16>,
}

impl SquareData {
    /// Prepares `occupancies` for `indexing` at its slider's fixed shift.
    pub fn new(occupancies: &Occupancies, indexing: Indexing) -> Self {
        Self::with_bits(occupancies, indexing, 64 - occupancies.slider.fixed_shift())
    }

    /// Prepares `occupancies` for `indexing` with `bits` index bits (at most 12).
    pub fn with_bits(occupancies: &Occupancies, indexing: Indexing, bits: u32) -> Self {
        assert!((1..=12).contains(&bits), "the tester's scratch table holds 4,096 slots");
        let mut distinct: Vec<u64> = occupancies.attacks.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let mut order: Vec<usize> = (0..occupancies.blockers.len()).collect();
        // A fixed scrambled order: neighbouring subsets give correlated indices, and probes
        // against the board saturate sooner on uncorrelated ones.
        order.sort_by_key(|&i| ((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32, i));
        let ids = order
            .iter()
            .map(|&i| distinct.binary_search(&occupancies.attacks[i]).expect("every set is listed") as u16)
            .collect();
        let keys = order.iter().map(|&i| indexing.key(occupancies.blockers[i], occupancies.mask)).collect();
        SquareData { slider: occupancies.slider, square: occupancies.square, shift: 64 - bits, keys, ids }
    }

    /// Size of the index range (`2^(64 - shift)`).
    pub fn range(&self) -> usize {
        1 << (64 - self.shift)
    }
}

/// A valid candidate with the slots it uses.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// Position in the square's candidate stream.
    pub position: u64,
    /// The multiplier.
    pub magic: u64,
    /// Lowest used index.
    pub low: u32,
    /// Highest used index - lowest + 1.
    pub span: u32,
    /// Used indices minus `low`, in a scrambled order (fit probes saturate sooner).
    pub used: Vec<u16>,
    /// The slots it keeps from other squares as a pool ranks it: its span less its free runs
    /// of at least the pool's gap slots ([`Candidate::blocked_with`]; the span until it enters
    /// a pool with a gap).
    pub blocked: u32,
}

impl Candidate {
    /// Its span less its free runs of at least `gap` slots between its first and last used
    /// slot (the whole span for `gap` 0).
    pub fn blocked_with(&self, gap: usize) -> u32 {
        if gap == 0 {
            return self.span;
        }
        let mut bits = vec![0u64; (self.span as usize).div_ceil(64)];
        for &slot in &self.used {
            bits[usize::from(slot) / 64] |= 1 << (slot % 64);
        }
        // The walk's measure of the room between a magic's clusters, on the uncut span.
        self.span - super::slots::large_runs_inside(&bits, bits.len() * 64, 0, gap)
    }
}

/// Epoch-stamped scratch table for validity tests: a slot from an older epoch counts as empty,
/// so the table is only cleared when the epoch counter wraps.
#[derive(Clone, Debug)]
pub struct CandidateTester {
    epoch: u32,
    stamps: Vec<u32>,
    ids: Vec<u16>,
    /// A pool's gap ([`Candidate::blocked_with`]): candidates it makes carry their blocked
    /// slots (0: their span).
    pub gap: usize,
}

impl Default for CandidateTester {
    fn default() -> Self {
        CandidateTester { epoch: 0, stamps: vec![0; 4096], ids: vec![0; 4096], gap: 0 }
    }
}

impl CandidateTester {
    /// Whether `magic` maps no two occupancies of `square` with different attack sets to one
    /// index.
    #[inline]
    pub fn is_valid(&mut self, square: &SquareData, magic: u64) -> bool {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamps.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let shift = square.shift;
        for (&key, &id) in square.keys.iter().zip(&square.ids) {
            let index = (key.wrapping_mul(magic) >> shift) as usize;
            if self.stamps[index] == epoch {
                if self.ids[index] != id {
                    return false;
                }
            } else {
                self.stamps[index] = epoch;
                self.ids[index] = id;
            }
        }
        true
    }

    /// The used indices of the candidate [`CandidateTester::is_valid`] just accepted, in
    /// increasing order, into `out` (cleared first).
    pub fn used_indices(&self, square: &SquareData, out: &mut Vec<u32>) {
        out.clear();
        let epoch = self.epoch;
        out.extend((0..square.range() as u32).filter(|&i| self.stamps[i as usize] == epoch));
    }

    /// The fewest 64-byte lines (of eight slots) the used slots of the candidate
    /// [`CandidateTester::is_valid`] just accepted can touch, at the best of the eight
    /// alignments of its lowest index (`compact::lines_at` of its candidate at starts 0 to 7).
    pub fn fewest_lines(&self, square: &SquareData) -> usize {
        let epoch = self.epoch;
        let used: Vec<usize> = (0..square.range()).filter(|&i| self.stamps[i] == epoch).collect();
        (0..8)
            .map(|shift| {
                // Increasing slots: a new line starts wherever the line number changes.
                let lines = used.iter().map(|&i| (i - used[0] + shift) / 8);
                lines.clone().zip(lines.skip(1)).filter(|(a, b)| a != b).count() + 1
            })
            .min()
            .expect("eight alignments")
    }

    /// The used slots of the candidate [`CandidateTester::is_valid`] just accepted.
    pub fn candidate(&self, square: &SquareData, position: u64, magic: u64) -> Candidate {
        let mut indices = Vec::new();
        self.used_indices(square, &mut indices);
        let low = indices[0];
        let span = indices[indices.len() - 1] - low + 1;
        let mut used: Vec<u16> = indices.iter().map(|&i| (i - low) as u16).collect();
        // Probe far-apart slots first: neighbouring slots are used or free together.
        used.sort_by_key(|&r| (u32::from(r).wrapping_mul(0x9E37_79B9).rotate_left(16), r));
        let candidate = Candidate { position, magic, low, span, used, blocked: span };
        Candidate { blocked: candidate.blocked_with(self.gap), ..candidate }
    }
}
