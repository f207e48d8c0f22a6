//! Candidate pools of the annealing packer: per square, the valid candidates among the first
//! draws of its compact few-term stream ([`crate::search::compact_stream`]) that use the fewest
//! slots, and those with the smallest span, so that the packer can choose a square's shape
//! (tall and dense, or short with holes) by what fits the table around it.
//!
//! A square's pool depends only on its stream and the pool's parameters, so the pools are built
//! in parallel (one task per square) and are the same on any thread count; a resumed run
//! rebuilds them exactly.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::magic_set::Indexing;
use crate::reference::ReferenceSet;
use crate::search::compact_stream::{CompactCandidates, Terms};

use super::square::{Candidate, CandidateTester, SquareData, pair_parts};

/// How the pools are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolParams {
    /// Candidates drawn per rook square.
    pub rook_draws: u64,
    /// Candidates drawn per bishop square.
    pub bishop_draws: u64,
    /// Candidates kept per square with the fewest used slots.
    pub size: usize,
    /// Further candidates kept per square with the smallest span.
    pub span_size: usize,
    /// Further candidates kept per square: the first valid ones in stream order, a sample of
    /// every shape.
    pub sample_size: usize,
    /// A square with fewer valid candidates than this after its draws goes on drawing, up to
    /// 64 times its draws (and beyond while it has none), until it has them.
    pub min_valid: u64,
}

impl Default for PoolParams {
    fn default() -> Self {
        PoolParams {
            rook_draws: 4_000_000,
            bishop_draws: 400_000,
            size: 64,
            span_size: 0,
            sample_size: 0,
            min_valid: 16,
        }
    }
}

impl PoolParams {
    /// Draws for a pair (rook a1 = 0 … bishop h8 = 127).
    pub fn draws(&self, pair: usize) -> u64 {
        if pair < 64 { self.rook_draws } else { self.bishop_draws }
    }
}

/// One square's pool and what it took to draw.
#[derive(Clone, Debug)]
pub struct Pool {
    /// Kept candidates: the fewest-used half first (fewest first), then the smallest-span half
    /// (smallest first), without repeats.
    pub candidates: Vec<Candidate>,
    /// Valid candidates among the draws.
    pub valid: u64,
    /// Candidates drawn.
    pub drawn: u64,
}

/// A bounded list of the best `(key, position, magic)` seen, smallest keys first.
struct Best {
    cap: usize,
    entries: Vec<((u32, u32), u64, u64)>,
}

impl Best {
    fn offer(&mut self, key: (u32, u32), position: u64, magic: u64) {
        if self.cap == 0 {
            return;
        }
        if self.entries.len() == self.cap && key >= self.entries[self.cap - 1].0 {
            return;
        }
        if self.entries.iter().any(|e| e.2 == magic) {
            return;
        }
        let at = self.entries.partition_point(|e| (e.0, e.1) < (key, position));
        self.entries.insert(at, (key, position, magic));
        self.entries.truncate(self.cap);
    }
}

/// The used count and span of the candidate `tester` just accepted, without building it.
fn shape(tester: &CandidateTester, square: &SquareData, position: u64, magic: u64) -> (u32, u32) {
    let candidate = tester.candidate(square, position, magic);
    (candidate.used.len() as u32, candidate.span)
}

/// The pool of `square` (pair number `pair`), drawn from `terms`; `None` if `stop` was raised.
pub fn build_pool(
    seed: u64,
    pair: usize,
    square: &SquareData,
    terms: &Terms,
    params: &PoolParams,
    stop: &AtomicBool,
) -> Option<Pool> {
    let (slider, board_square) = pair_parts(pair);
    let mut by_used = Best { cap: params.size.max(1), entries: Vec::new() };
    let mut by_span = Best { cap: params.span_size, entries: Vec::new() };
    let mut tester = CandidateTester::default();
    let mut valid = 0;
    let mut sample: Vec<(u64, u64)> = Vec::new();
    let (draws, most) = (params.draws(pair), params.draws(pair).saturating_mul(64));
    let mut drawn = 0;
    for (position, magic) in CompactCandidates::new(seed, slider, board_square, terms, 0) {
        // A square without any valid candidate goes on until it has one: the packer needs it.
        if (drawn >= most && valid > 0) || (drawn >= draws && valid >= params.min_valid) {
            break;
        }
        drawn += 1;
        if drawn % 65_536 == 0 && stop.load(Ordering::Relaxed) {
            return None;
        }
        if !tester.is_valid(square, magic) {
            continue;
        }
        valid += 1;
        if sample.len() < params.sample_size {
            sample.push((position, magic));
        }
        let (used, span) = shape(&tester, square, position, magic);
        by_used.offer((used, span), position, magic);
        by_span.offer((span, used), position, magic);
    }
    let mut candidates: Vec<Candidate> = Vec::new();
    let ranked = by_used.entries.into_iter().chain(by_span.entries).map(|(_, position, magic)| (position, magic));
    for (position, magic) in ranked.chain(sample) {
        if candidates.iter().any(|c| c.magic == magic) {
            continue;
        }
        assert!(tester.is_valid(square, magic), "a kept candidate stays valid");
        candidates.push(tester.candidate(square, position, magic));
    }
    Some(Pool { candidates, valid, drawn })
}

/// The pools of all 128 squares for `indexing` with `bits[pair]` index bits, in parallel; `None`
/// if `stop` was raised before they were all drawn.
pub fn build_pools(
    references: &ReferenceSet,
    indexing: Indexing,
    seed: u64,
    bits: &[u32],
    params: &PoolParams,
    stop: &AtomicBool,
) -> Option<(Vec<SquareData>, Vec<Terms>, Vec<Pool>)> {
    let squares: Vec<SquareData> =
        references.iter().zip(bits).map(|(occ, &bits)| SquareData::with_bits(occ, indexing, bits)).collect();
    let terms: Vec<Terms> = squares
        .iter()
        .map(|data| Terms::new(data.slider, data.square, 64 - data.shift, indexing == Indexing::Black))
        .collect();
    let pools = (0..squares.len())
        .into_par_iter()
        .map(|pair| build_pool(seed, pair, &squares[pair], &terms[pair], params, stop))
        .collect::<Option<Vec<Pool>>>()?;
    Some((squares, terms, pools))
}
