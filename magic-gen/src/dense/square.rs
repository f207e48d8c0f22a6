//! One (slider, square) as the packer sees it: its occupancies as keys of the layout's
//! indexing with small attack-set ids, the test of a candidate (no destructive collision) and
//! the slots a valid candidate uses.
//!
//! The fancy search's [`crate::search::MagicTester`] answers the same question for white
//! magics with fewer index bits; this one keys black magics too (the empty board does not map
//! to index 0 there, so that tester's exact window filter does not apply) and keeps the slots a
//! valid candidate fills, which the packer places.

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use crate::geometry::Occupancies;
use crate::magic_set::Indexing;
use crate::search::few_term_stream::few_term_candidates;
use crate::search::terms::Terms;
use magic_tables_core::{Slider, Square, pair_index};

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

/// Index bits for every pair of the packed `recipe`: a row's own (`bits` column, per-square
/// shifts), else its slider's fixed shift's, as [`fixed_bits`].
pub fn recipe_bits(recipe: &crate::recipe::Recipe) -> Vec<u32> {
    let mut bits = fixed_bits();
    for row in &recipe.rows {
        if let Some(row_bits) = row.bits {
            bits[pair_index(row.slider, row.square)] = row_bits;
        }
    }
    bits
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

    /// The keys reordered so that a validity test of a typical candidate meets its first
    /// destructive collision sooner: an order of keys changes no test's answer, only how many
    /// keys a rejected candidate costs. Rounds of 2,048 candidates (`ORDER_SAMPLE`) of the few-term
    /// stream (a fixed seed, not the run's) are tested in the current order, counting for each
    /// key how often it was one of the two that ended a test; the keys are then sorted by that
    /// count (most first, the current order among equals). Three rounds take a rook's mean
    /// keys per rejection from 50-65 to 12-23 (a 4,096-candidate sample
    /// does little better), for about 70 ms for all 128 squares.
    pub fn with_learned_order(mut self, indexing: Indexing) -> Self {
        let bits = 64 - self.shift;
        let terms = Terms::signed(self.slider, self.square, bits, indexing == Indexing::Black);
        let mut slots = vec![(u32::MAX, 0usize); self.range()];
        for round in 0..ORDER_ROUNDS {
            let mut ended = vec![0u32; self.keys.len()];
            let sample = few_term_candidates(ORDER_SEED, self.slider, self.square, &terms, round * ORDER_SAMPLE);
            for (test, (_, magic)) in (0..ORDER_SAMPLE as u32).zip(sample) {
                for (at, &key) in self.keys.iter().enumerate() {
                    let index = (key.wrapping_mul(magic) >> self.shift) as usize;
                    let (stamp, held) = slots[index];
                    if stamp != test {
                        slots[index] = (test, at);
                    } else if self.ids[held] != self.ids[at] {
                        ended[held] += 1;
                        ended[at] += 1;
                        break;
                    }
                }
            }
            // Stamps are test numbers of this round: the next round starts clean.
            slots.fill((u32::MAX, 0));
            let mut order: Vec<usize> = (0..self.keys.len()).collect();
            order.sort_by_key(|&at| std::cmp::Reverse(ended[at]));
            self.keys = order.iter().map(|&at| self.keys[at]).collect();
            self.ids = order.iter().map(|&at| self.ids[at]).collect();
        }
        self
    }

    /// [`SquareData::with_bits`] then [`SquareData::with_learned_order`], learned once per
    /// process for each (square, index bits, indexing): a packer restored in place (every
    /// `restart-every` iterations) prepares the same squares again.
    pub fn learned(occupancies: &Occupancies, indexing: Indexing, bits: u32) -> Self {
        type Key = (usize, u32, bool);
        static LEARNED: OnceLock<Mutex<BTreeMap<Key, SquareData>>> = OnceLock::new();
        let key = (pair_index(occupancies.slider, occupancies.square), bits, indexing == Indexing::Black);
        let cache = LEARNED.get_or_init(Mutex::default);
        if let Some(known) = cache.lock().expect("no panic while holding it").get(&key) {
            return known.clone();
        }
        let data = SquareData::with_bits(occupancies, indexing, bits).with_learned_order(indexing);
        cache.lock().expect("no panic while holding it").insert(key, data.clone());
        data
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
    /// Used indices minus `low`, in a spread order: a stride through them (fit probes saturate
    /// sooner; no answer depends on the order).
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

/// Candidates per round of [`SquareData::with_learned_order`].
const ORDER_SAMPLE: u64 = 2048;

/// Rounds of [`SquareData::with_learned_order`].
const ORDER_ROUNDS: u64 = 3;

/// The few-term stream's seed whose candidates [`SquareData::with_learned_order`] learns from.
const ORDER_SEED: u64 = 0;

/// Slots of the tester's scratch table: the most a tested square's index range holds (12 bits).
const SLOTS: usize = 1 << 12;

/// Epoch-stamped scratch table for validity tests: a slot from an older epoch counts as empty,
/// so the table is only cleared when the epoch counter wraps.
#[derive(Clone, Debug)]
pub struct CandidateTester {
    /// The current test's number (1 to 65,535).
    epoch: u32,
    /// Per slot, in one word so that a test reads one place per key: the epoch of the test that
    /// last wrote it (high 16 bits) and the attack-set number it then held (low 16 bits).
    slots: Box<[u32; SLOTS]>,
    /// The magic of the last test, whose used slots [`CandidateTester::candidate`] and
    /// [`CandidateTester::fewest_lines`] read.
    magic: u64,
    /// A pool's gap ([`Candidate::blocked_with`]): candidates it makes carry their blocked
    /// slots (0: their span).
    pub gap: usize,
}

impl Default for CandidateTester {
    fn default() -> Self {
        CandidateTester { epoch: 0, slots: Box::new([0; SLOTS]), magic: 0, gap: 0 }
    }
}

impl CandidateTester {
    /// Whether `magic` maps no two occupancies of `square` with different attack sets to one
    /// index.
    #[inline]
    pub fn is_valid(&mut self, square: &SquareData, magic: u64) -> bool {
        self.epoch += 1;
        if self.epoch > 0xFFFF {
            self.slots.fill(0);
            self.epoch = 1;
        }
        self.magic = magic;
        let stamp = self.epoch << 16;
        let shift = square.shift;
        for (&key, &id) in square.keys.iter().zip(&square.ids) {
            // At most 12 index bits (`SquareData::with_bits`): the mask only drops the bounds check.
            let index = (key.wrapping_mul(magic) >> shift) as usize & (SLOTS - 1);
            let held = self.slots[index];
            let mine = stamp | u32::from(id);
            if held != mine {
                if held & 0xFFFF_0000 == stamp {
                    return false;
                }
                self.slots[index] = mine;
            }
        }
        true
    }

    /// The used slots of the last test's magic as a bitset (bit `i % 64` of word `i / 64`: slot
    /// `i` used), from the square's keys: a few words for a bishop, whose range is mostly empty.
    fn used_bits(&self, square: &SquareData, bits: &mut [u64; SLOTS / 64 + 1]) -> usize {
        let words = square.range().div_ceil(64);
        bits[..=words].fill(0);
        for &key in &square.keys {
            let index = (key.wrapping_mul(self.magic) >> square.shift) as usize & (SLOTS - 1);
            bits[index / 64] |= 1 << (index % 64);
        }
        words
    }

    /// The used indices of the candidate [`CandidateTester::is_valid`] just accepted, in
    /// increasing order, into `out` (cleared first).
    pub fn used_indices(&self, square: &SquareData, out: &mut Vec<u32>) {
        out.clear();
        let mut bits = [0u64; SLOTS / 64 + 1];
        let words = self.used_bits(square, &mut bits);
        for (word, &value) in bits[..words].iter().enumerate() {
            let mut rest = value;
            while rest != 0 {
                out.push((word * 64) as u32 + rest.trailing_zeros());
                rest &= rest - 1;
            }
        }
    }

    /// The fewest 64-byte lines (of eight slots) the used slots of the candidate
    /// [`CandidateTester::is_valid`] just accepted can touch, at the best of the eight
    /// alignments of its lowest index (`compact::lines_at` of its candidate at starts 0 to 7).
    /// Moving every slot by `c` (0 to 7) is one of those alignments, so it counts the bytes of
    /// the used-slot bitset shifted by `c` that have a bit set.
    pub fn fewest_lines(&self, square: &SquareData) -> usize {
        let mut bits = [0u64; SLOTS / 64 + 1];
        let words = self.used_bits(square, &mut bits);
        let nonzero_bytes = |x: u64| {
            let x = x | x >> 4;
            let x = x | x >> 2;
            ((x | x >> 1) & 0x0101_0101_0101_0101).count_ones() as usize
        };
        (0..8u32)
            .map(|c| {
                // Word `w` of the bitset shifted left by `c` bits, one word more for the carry.
                (0..=words)
                    .map(|w| {
                        let below = if w == 0 || c == 0 { 0 } else { bits[w - 1] >> (64 - c) };
                        nonzero_bytes(bits[w] << c | below)
                    })
                    .sum::<usize>()
            })
            .min()
            .expect("eight alignments")
    }

    /// The used slots of the candidate [`CandidateTester::is_valid`] just accepted.
    pub fn candidate(&self, square: &SquareData, position: u64, magic: u64) -> Candidate {
        debug_assert_eq!(magic, self.magic, "the candidate of the last test");
        let mut indices = Vec::new();
        self.used_indices(square, &mut indices);
        let low = indices[0];
        let span = indices[indices.len() - 1] - low + 1;
        let used = spread(&indices, low);
        let candidate = Candidate { position, magic, low, span, used, blocked: span };
        Candidate { blocked: candidate.blocked_with(self.gap), ..candidate }
    }
}

/// `indices` (increasing) less `low`, in the order fit probes read them: far-apart slots first,
/// since neighbouring slots are used or free together. A stride of about n/φ through the n
/// slots, coprime with n, visits each once and spreads every run of consecutive probes over the
/// span (a fit's answer does not depend on the order; sorting by a hash, as before, cost a
/// tenth of the construction).
fn spread(indices: &[u32], low: u32) -> Vec<u16> {
    let n = indices.len();
    let mut stride = ((n as u64 * 40_503) >> 16) as usize;
    while gcd(stride, n) != 1 {
        stride += 1;
    }
    let mut at = 0;
    (0..n)
        .map(|_| {
            let slot = (indices[at] - low) as u16;
            at += stride;
            if at >= n {
                at -= n;
            }
            slot
        })
        .collect()
}

/// The greatest common divisor (`gcd(0, n) = n`).
fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spread order holds every used slot once, for every count a square can have, and its
    /// first probes are far apart.
    #[test]
    fn the_spread_order_is_a_permutation() {
        for n in 1..=4096u32 {
            let indices: Vec<u32> = (0..n).map(|i| 7 + 3 * i).collect();
            let mut used = spread(&indices, 7);
            if n >= 64 {
                let gap = |a: u16, b: u16| a.abs_diff(b);
                assert!(gap(used[0], used[1]) > (3 * n / 4) as u16 && gap(used[1], used[2]) > (3 * n / 4) as u16);
            }
            used.sort_unstable();
            assert!(used.iter().zip(0..).all(|(&slot, i)| u32::from(slot) == 3 * i), "{n}");
        }
    }
    use crate::reference::ReferenceSet;

    /// The learned order is a reordering of the same (key, attack set) pairs, and every test
    /// answers as in the first order: candidates of another seed, valid ones among them, and
    /// their used slots.
    #[test]
    fn a_learned_order_gives_the_same_answers() {
        let references = ReferenceSet::new();
        for (slider, name, indexing) in [
            (Slider::Rook, "e4", Indexing::Black),
            (Slider::Bishop, "c1", Indexing::Black),
            (Slider::Rook, "d7", Indexing::White),
        ] {
            let square: Square = name.parse().unwrap();
            let plain = SquareData::new(references.get(slider, square), indexing);
            let learned = plain.clone().with_learned_order(indexing);
            let pairs = |data: &SquareData| {
                let mut pairs: Vec<(u64, u16)> = data.keys.iter().copied().zip(data.ids.iter().copied()).collect();
                pairs.sort_unstable();
                pairs
            };
            assert_eq!(pairs(&plain), pairs(&learned), "{slider} {square}");
            assert_ne!(plain.keys, learned.keys, "{slider} {square}: the order changed");
            let terms = Terms::signed(slider, square, 64 - plain.shift, indexing == Indexing::Black);
            let (mut first, mut second) = (CandidateTester::default(), CandidateTester::default());
            let mut valid = 0;
            for (_, magic) in few_term_candidates(77, slider, square, &terms, 0).take(30_000) {
                let answer = first.is_valid(&plain, magic);
                assert_eq!(second.is_valid(&learned, magic), answer, "{slider} {square} {magic:#x}");
                if answer {
                    valid += 1;
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    first.used_indices(&plain, &mut a);
                    second.used_indices(&learned, &mut b);
                    assert_eq!(a, b);
                }
            }
            assert!(valid > 0, "{slider} {square}: some candidates are valid");
        }
    }

    /// The fewest lines from the shifted bitset are the fewest of the candidate's eight
    /// alignments counted slot by slot (`compact::lines_at`), and its used indices are the
    /// slots the test wrote, in increasing order.
    #[test]
    fn fewest_lines_is_the_best_alignment() {
        let references = ReferenceSet::new();
        // Index bits where valid candidates are common: bishops at the fixed 9, a 10-bit rook
        // at 12 (a whole 64-word bitset).
        for (slider, name, bits) in [(Slider::Bishop, "c1", 9), (Slider::Bishop, "a1", 9), (Slider::Rook, "d7", 12)] {
            let square: Square = name.parse().unwrap();
            let data = SquareData::with_bits(references.get(slider, square), Indexing::Black, bits);
            let terms = Terms::signed(slider, square, 64 - data.shift, true);
            let mut tester = CandidateTester::default();
            let mut checked = 0;
            for (position, magic) in few_term_candidates(3, slider, square, &terms, 0).take(200_000) {
                if checked == 300 {
                    break;
                }
                if !tester.is_valid(&data, magic) {
                    continue;
                }
                let mut used = Vec::new();
                tester.used_indices(&data, &mut used);
                let mut slots: Vec<u32> =
                    data.keys.iter().map(|&key| (key.wrapping_mul(magic) >> data.shift) as u32).collect();
                slots.sort_unstable();
                slots.dedup();
                assert_eq!(used, slots);
                let candidate = tester.candidate(&data, position, magic);
                let fewest = (0..8).map(|start| super::super::compact::lines_at(&candidate, start)).min().unwrap();
                assert_eq!(tester.fewest_lines(&data), fewest, "{slider} {square} {magic:#x}");
                checked += 1;
            }
            assert!(checked >= 100, "{slider} {square}: {checked} valid candidates");
        }
    }
}
