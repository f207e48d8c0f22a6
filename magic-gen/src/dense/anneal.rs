//! The annealing packer: which pool candidate each square uses and where it sits, by simulated
//! annealing over remove-and-reinsert moves, in cycles run by several independent chains.
//!
//! * A **move** takes some squares out (half the time the one ending highest; then either 2 to
//!   8 random squares, or 3 to 10 squares around a random slot) and puts them back one by one,
//!   in random order, each with whichever of its current candidate and `choices` random pool
//!   candidates fits lowest (its used slots on free slots, at the lowest offset). A candidate's
//!   holes take other squares' slots, so squares nest in each other's gaps.
//! * The **energy** is `2560 · table end + Σ tops` (the end, plus a twentieth of the mean top as a
//!   tie-breaker that keeps the squares low); a move that raises it by `Δ` is kept with
//!   probability `exp(-Δ / (2560 · T))` (Metropolis), the temperature `T` falling linearly from
//!   `t_start` to `t_end` entries over a cycle.
//! * A **cycle**: each of `chains` chains starts from the best placement so far and makes
//!   `cycle_moves` moves with its own random stream (keyed by seed, chain and move number). At
//!   its end the best placement any chain saw (lowest end, then lowest Σ tops, then lowest
//!   chain) becomes the start of the next. The chains run in parallel; the result is the same on
//!   any thread count, and a run stopped at a cycle's end and resumed is the run that never
//!   stopped.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::board::{Board, CAPACITY};
use super::pools::Pool;
use super::rng::{IterationRng, exp_neg};
use super::square::Candidate;

/// Parameters of the annealing (all part of a run's identity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnnealParams {
    /// Independent chains per cycle.
    pub chains: u32,
    /// Moves per chain per cycle.
    pub cycle_moves: u64,
    /// Temperature at a cycle's start, in table entries.
    pub t_start: u32,
    /// Temperature at a cycle's end, in table entries.
    pub t_end: u32,
    /// Pool candidates tried (besides the current one) when a square is put back.
    pub choices: u32,
    /// How a square's candidate is chosen when it is put back: the lowest `8 · top +
    /// used_weight · used` (0: the lowest top; more prefers candidates with fewer used slots,
    /// whose holes other squares can fill).
    pub used_weight: u32,
}

impl Default for AnnealParams {
    fn default() -> Self {
        AnnealParams { chains: 2, cycle_moves: 20_000, t_start: 30, t_end: 1, choices: 8, used_weight: 4 }
    }
}

impl AnnealParams {
    /// Checks that the parameters make a run.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=1024).contains(&self.chains) {
            return Err(format!("--chains {} is out of range: 1 to 1024", self.chains));
        }
        if !(1..=1 << 40).contains(&self.cycle_moves) {
            return Err(format!("--cycle-moves {} is out of range: 1 to 2^40", self.cycle_moves));
        }
        if self.t_end > self.t_start || self.t_start > 1_000_000 {
            return Err(format!(
                "temperatures {} -> {} are out of range: the end at most the start, at most 1000000",
                self.t_start, self.t_end
            ));
        }
        if self.used_weight > 64 {
            return Err(format!("--used-weight {} is out of range: 0 to 64", self.used_weight));
        }
        if self.choices > 1024 {
            return Err(format!("--choices {} is out of range: 0 to 1024", self.choices));
        }
        Ok(())
    }
}

/// Where a square sits: the index of its candidate in its pool and the board position of its
/// lowest used index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    /// Index into the square's pool.
    pub choice: u32,
    /// Board position of the candidate's lowest used index (its offset is `start - low`).
    pub start: u32,
}

/// A placement of every square: one spot per pair, on a board of used slots.
#[derive(Clone, Debug)]
pub struct Placement {
    /// Spots per pair (rook a1 … bishop h8).
    pub spots: Vec<Spot>,
    board: Board,
    tops: Vec<u32>,
}

impl Placement {
    /// Table size: one past the highest used slot.
    pub fn end(&self) -> u64 {
        u64::from(self.tops.iter().copied().max().unwrap_or(0))
    }

    /// Sum of the squares' tops.
    pub fn sum_tops(&self) -> u64 {
        self.tops.iter().map(|&t| u64::from(t)).sum()
    }

    /// `2560 · end + Σ tops`.
    fn energy(&self) -> u64 {
        2560 * self.end() + self.sum_tops()
    }

    /// The order of two placements: lower end, then lower Σ tops.
    pub fn score(&self) -> (u64, u64) {
        (self.end(), self.sum_tops())
    }

    /// Used slots.
    pub fn used(&self, pools: &[Pool]) -> usize {
        self.spots.iter().zip(pools).map(|(spot, pool)| pool.candidates[spot.choice as usize].used.len()).sum()
    }

    /// Places every square, in `order`, with the candidate of `choices[pair]` at its lowest fit
    /// (or at `starts[pair]` when given and free). `None` if a given start is taken.
    pub fn build(pools: &[Pool], choices: &[u32], starts: Option<&[u32]>, order: &[usize]) -> Option<Placement> {
        let mut placement = Placement::empty(pools.len());
        for &pair in order {
            let candidate = &pools[pair].candidates[choices[pair] as usize];
            let start = match starts {
                Some(starts) => {
                    let start = starts[pair] as usize;
                    let top = start + candidate.span as usize;
                    (placement.board.lowest_fit(candidate, start, top) == Some(start)).then_some(start)?
                }
                None => placement.board.lowest_fit(candidate, candidate.low as usize, CAPACITY)?,
            };
            placement.put(pair, choices[pair], start as u32, candidate);
        }
        Some(placement)
    }

    /// A placement of `pairs` squares with none placed yet (each must then be [`Placement::put`]).
    pub(super) fn empty(pairs: usize) -> Placement {
        Placement { spots: vec![Spot { choice: 0, start: 0 }; pairs], board: Board::default(), tops: vec![0; pairs] }
    }

    /// The lowest board position `>= from` at which `candidate` fits with its top at most
    /// `max_top`.
    pub(super) fn fit(&self, candidate: &Candidate, from: usize, max_top: usize) -> Option<usize> {
        self.board.lowest_fit(candidate, from, max_top)
    }

    /// Among `choices` of `pool`, the candidate and board position with the lowest score
    /// `8 · top + used_weight · used` at its lowest fit (the first of equal scores): how a square
    /// is put on the board, by the moves and by the first placement alike.
    pub(super) fn best_fit(
        &self,
        pool: &[Candidate],
        choices: impl Iterator<Item = u32>,
        used_weight: u32,
    ) -> Option<(u32, u32)> {
        let mut best: Option<(u64, u32, u32)> = None; // (score, choice, start)
        for choice in choices {
            let candidate = &pool[choice as usize];
            let penalty = u64::from(used_weight) * candidate.used.len() as u64;
            // Only a top below the best score (less this candidate's penalty) can beat it.
            let limit = match best {
                Some((score, _, _)) => match score.checked_sub(penalty) {
                    Some(room) => (room / 8) as usize,
                    None => continue,
                },
                None => CAPACITY,
            };
            if let Some(start) = self.board.lowest_fit(candidate, candidate.low as usize, limit) {
                let score = 8 * (start as u64 + u64::from(candidate.span)) + penalty;
                if best.is_none_or(|(best_score, _, _)| score < best_score) {
                    best = Some((score, choice, start as u32));
                }
            }
        }
        best.map(|(_, choice, start)| (choice, start))
    }

    /// Puts `pair` with its pool's candidate `choice` (which is `candidate`) at `start`.
    pub(super) fn put(&mut self, pair: usize, choice: u32, start: u32, candidate: &Candidate) {
        self.board.set(candidate, start as usize, true);
        self.spots[pair] = Spot { choice, start };
        self.tops[pair] = start + candidate.span;
    }

    /// Takes `pair`, placed with `candidate`, off the board.
    pub(super) fn take(&mut self, pair: usize, candidate: &Candidate) {
        self.board.set(candidate, self.spots[pair].start as usize, false);
        self.tops[pair] = 0;
    }
}

/// One chain's moves from `placement`: returns the best placement it saw.
fn run_chain(
    pools: &[Pool],
    mut placement: Placement,
    params: &AnnealParams,
    seed: u64,
    chain: u32,
    first_move: u64,
    stop: &AtomicBool,
) -> Option<Placement> {
    let pairs = pools.len();
    let stream = seed ^ u64::from(chain + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut best = placement.clone();
    let mut energy = placement.energy();
    let span = f64::from(params.t_start - params.t_end);
    for step in 0..params.cycle_moves {
        if step % 64 == 0 && stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut rng = IterationRng::new(stream, first_move + step);
        let temperature = f64::from(params.t_start) - span * (step as f64 / params.cycle_moves as f64);
        // Which squares move.
        let end = placement.end();
        let mut chosen: Vec<usize> = Vec::with_capacity(12);
        if rng.below(2) == 0 {
            let top = (0..pairs).max_by_key(|&p| (placement.tops[p], std::cmp::Reverse(p))).expect("128 squares");
            chosen.push(top);
        }
        if rng.below(2) == 0 {
            let want = chosen.len() + 2 + rng.below(7) as usize;
            while chosen.len() < want {
                let pair = rng.below(pairs as u64) as usize;
                if !chosen.contains(&pair) {
                    chosen.push(pair);
                }
            }
        } else {
            let slot = rng.below(end.max(1)) as u32;
            let want = chosen.len() + 3 + rng.below(8) as usize;
            let mut near: Vec<(u32, usize)> = (0..pairs)
                .filter(|p| !chosen.contains(p))
                .map(|p| {
                    let (start, top) = (placement.spots[p].start, placement.tops[p]);
                    let distance = if slot < start { start - slot } else { slot.saturating_sub(top - 1) };
                    (distance, p)
                })
                .collect();
            near.sort_unstable();
            chosen.extend(near.iter().take(want - chosen.len()).map(|&(_, p)| p));
        }
        for i in (1..chosen.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            chosen.swap(i, j);
        }
        // Take them out and put them back.
        let saved: Vec<(usize, Spot)> = chosen.iter().map(|&p| (p, placement.spots[p])).collect();
        for &(pair, spot) in &saved {
            placement.take(pair, &pools[pair].candidates[spot.choice as usize]);
        }
        for &(pair, spot) in &saved {
            let pool = &pools[pair].candidates;
            let options =
                std::iter::once(spot.choice).chain((0..params.choices).map(|_| rng.below(pool.len() as u64) as u32));
            // The square's old spot is free unless an earlier square of this move took it; the
            // board's capacity is far above any table, so some spot always fits.
            let (choice, start) = placement.best_fit(pool, options, params.used_weight).expect("the board has room");
            placement.put(pair, choice, start, &pool[choice as usize]);
        }
        let new_energy = placement.energy();
        let accept = new_energy <= energy || {
            let delta = (new_energy - energy) as f64 / (2560.0 * temperature.max(1e-9));
            let draw = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            draw < exp_neg(delta)
        };
        if accept {
            energy = new_energy;
            if placement.score() < best.score() {
                best = placement.clone();
            }
        } else {
            for &(pair, _) in &saved {
                let choice = placement.spots[pair].choice;
                placement.take(pair, &pools[pair].candidates[choice as usize]);
            }
            for &(pair, spot) in &saved {
                placement.put(pair, spot.choice, spot.start, &pools[pair].candidates[spot.choice as usize]);
            }
        }
    }
    Some(best)
}

/// One cycle from `start` (the best placement so far): every chain's moves, in parallel; the
/// best placement any of them saw, or `start` if none beat it. `cycle` numbers the cycle, so
/// that each cycle's moves have their own random streams. `None` if `stop` was raised before
/// the cycle ended: a cycle counts whole or not at all, so a resumed run repeats it exactly.
pub fn cycle(
    pools: &[Pool],
    start: &Placement,
    params: &AnnealParams,
    seed: u64,
    cycle: u64,
    stop: &AtomicBool,
) -> Option<Placement> {
    let first_move = cycle * params.cycle_moves;
    let results: Vec<Option<Placement>> = (0..params.chains)
        .into_par_iter()
        .map(|chain| run_chain(pools, start.clone(), params, seed, chain, first_move, stop))
        .collect();
    let mut best = start.clone();
    for result in results {
        let result = result?;
        if result.score() < best.score() {
            best = result;
        }
    }
    Some(best)
}
