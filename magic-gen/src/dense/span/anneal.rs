//! Annealing a span search's magic (`magic-gen span --anneal M --from LIST`): a Metropolis walk
//! over black magics that also takes worse ones, by a seeded integer rule, so that it leaves the
//! local floors where every strict climb stops.
//!
//! A climb ([`SpanSearch::climb`]) keeps only moves that shorten the span. On the rooks where
//! the published per-square-shift table is furthest ahead (c1, g1, h3), every climb stops at
//! once: no single move of one or two terms narrows the span, while a few moves through wider
//! magics do. The energy of a magic counts the used slots that lie outside the best window of
//! `W` slots (`W` a fixed fraction of the start's span, one fraction per chain), then the span,
//! then the used slots; a move that raises the energy by `d` is taken with chance about
//! `2^(-d/T)`, the temperature `T` falling over each cycle of [`CYCLE`] moves, after which the
//! chain starts again from the lowest energy it met. The best magic by merit (span, then used
//! slots) is the result, named by its chain and the number of moves that found it
//! (`12345+3.4~2.1789112`).
//!
//! Measured (seed 1, the `black-variable` lab lists, 8 chains of 4 million moves): rook g1 from
//! its listed 1,621 slots to 1,397 in 8 s on two cores; c1 from its best climb to 1,903,
//! and to 1,808 with 64 chains from the list's best 8 (`--starts 8`): where a chain ends
//! depends on its start and its window, which is why each chain has its own.
//!
//! **Frozen.** Recipes name an annealed magic by its chain and move count; every constant here
//! and the order of the rules decide which magic that is.
//!
//! # Definition
//!
//! Chain `j` of a start `s` (valid, turned to its shortest span `S`) tries the moves
//! `FIRST + j·STRIDE + i`, `i = 1, 2, …` of the square's climb stream
//! ([`crate::search::climb_stream`]); window `W = S · WINDOWS[j mod WINDOWS] / 100` (eight). Before move
//! `i` with `i − 1` a positive multiple of [`CYCLE`], the current magic becomes the lowest-energy
//! one met (the first on ties). Move `i` applied to the current magic and turned to its shortest
//! span must be valid; its energy `E = 10000·out + 500·span + used`, `out` = used slots minus
//! the most used slots inside `W` consecutive slots of the index circle. With `d = E − E_cur`:
//! taken when `d ≤ 0`; else with `T = HOT − (HOT − COLD)·((i − 1) mod CYCLE)/CYCLE`,
//! `x = d·2^16 / T`, `q = x >> 16`, `f = x & 0xFFFF`: taken when `q < 32` and the move's
//! [`crate::search::climb_stream::Move::chance`] is below `((2^32 >> q)·(2^17 − f)) >> 17`.
//! The result after `M` moves is the first magic of strictly best merit met (the start if none).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::search::climb_stream::climb_moves;
pub use crate::search::climb_stream::{Anneal, MAX_ANNEAL_MOVES, MAX_CHAINS};

use super::{CandidateTester, SpanFound, SpanSearch};

/// Moves of one cycle of falling temperature.
pub const CYCLE: u64 = 1 << 21;

/// The temperature at the start and at the end of a cycle, in energy units (an out slot is
/// 10,000).
const HOT: u64 = 35_000;
const COLD: u64 = 2_000;

/// How many windows the chains take in turn: chains `8i ..= 8i + 7` try every one.
pub const WINDOWS: u32 = 8;

/// The window of each chain, in percent of the start's span.
const WINDOW_PERCENT: [u64; WINDOWS as usize] = [93, 89, 97, 85, 91, 87, 95, 81];

/// The first move of chain 0 in the climb stream, and the distance between chains: far from
/// the moves climbs try (`1 ..`), so no chain shares a move with a climb or another chain.
const FIRST: u64 = 1 << 48;
const STRIDE: u64 = MAX_ANNEAL_MOVES;

/// Energy weights: slots outside the window, span, used slots.
const OUT_WEIGHT: u64 = 10_000;
const SPAN_WEIGHT: u64 = 500;

impl SpanSearch {
    /// Chain `chain` of the annealing from `start` (without an annealing of its own), `moves`
    /// moves: the magic of best merit it met, with [`SpanFound::anneal`] naming the chain and
    /// the move that found it, or `start` itself when none beat it. `None` when `stop` is set
    /// (looked at every 2^16 moves) or `start` is not a valid magic. The chain starts from
    /// `start`'s magic turned to its shortest span.
    pub fn anneal(&self, seed: u64, start: SpanFound, chain: u32, moves: u64, stop: &AtomicBool) -> Option<SpanFound> {
        if start.anneal.is_some() || chain >= MAX_CHAINS || moves > MAX_ANNEAL_MOVES {
            return None;
        }
        let mut tester = CandidateTester::default();
        let mut slots = Vec::new();
        let (turned, span, used) = self.shortest_with(start.magic, &mut tester, &mut slots)?;
        let window = u64::from(span) * WINDOW_PERCENT[(chain % WINDOWS) as usize] / 100;
        let range = 1u64 << self.costs.bits();
        let energy = |slots: &[u32], span: u32, used: u32| {
            OUT_WEIGHT * u64::from(used - inside(slots, window, range))
                + SPAN_WEIGHT * u64::from(span)
                + u64::from(used)
        };
        // (magic, span, used, energy)
        let mut current = (turned, span, used, energy(&slots, span, used));
        let mut lowest = current;
        let mut best = start;
        let (slider, square) = (self.data.slider, self.data.square);
        let first = FIRST + u64::from(chain) * STRIDE + 1;
        for (i, (_, step)) in (1..=moves).zip(climb_moves(seed, slider, square, first)) {
            let phase = (i - 1) % CYCLE;
            if i % (1 << 16) == 0 && stop.load(Ordering::Relaxed) {
                return None;
            }
            if phase == 0 && i > 1 {
                current = lowest;
            }
            let Some((magic, span, used)) = self.shortest_with(step.apply(current.0), &mut tester, &mut slots) else {
                continue;
            };
            let e = energy(&slots, span, used);
            if e > current.3 {
                let temperature = HOT - (HOT - COLD) * phase / CYCLE;
                let x = (e - current.3).saturating_mul(1 << 16) / temperature;
                let (q, f) = (x >> 16, x & 0xFFFF);
                if q >= 32 || u64::from(step.chance()) >= (((1u64 << 32) >> q) * ((1 << 17) - f)) >> 17 {
                    continue;
                }
            }
            current = (magic, span, used, e);
            if e < lowest.3 {
                lowest = current;
            }
            if (span, used) < (best.span, best.used) {
                best = SpanFound { magic, span, used, anneal: Some(Anneal { chain, moves: i }), ..start };
            }
        }
        Some(best)
    }

    /// What a row `…~j.m` re-derives from its start (already re-derived): chain `j` of the
    /// annealing run `m` moves, whose best must have been met at move `m` exactly. `None` if it
    /// was not, or if `stop` was raised first (a row may claim up to 2^36 moves: the caller's
    /// stop flag, and so its signals and `--time`, bound the work).
    pub fn derive_annealed(&self, seed: u64, start: SpanFound, anneal: Anneal, stop: &AtomicBool) -> Option<SpanFound> {
        let found = self.anneal(seed, start, anneal.chain, anneal.moves, stop)?;
        (found.anneal == Some(anneal)).then_some(found)
    }
}

/// The most of the sorted indices `slots` that lie in `window` consecutive slots of the circle
/// of `range` slots.
fn inside(slots: &[u32], window: u64, range: u64) -> u32 {
    let n = slots.len();
    let at = |j: usize| if j < n { u64::from(slots[j]) } else { u64::from(slots[j - n]) + range };
    let (mut most, mut j) = (0, 0);
    for k in 0..n {
        j = j.max(k);
        while j < k + n && at(j) - at(k) < window {
            j += 1;
        }
        most = most.max(j - k);
    }
    most as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::ReferenceSet;
    use magic_tables_core::Slider;

    #[test]
    fn windows_count_around_the_circle() {
        assert_eq!(inside(&[0, 1, 2, 10, 15], 3, 16), 3);
        // 15, 0, 1, 2 lie in four consecutive slots across the end.
        assert_eq!(inside(&[0, 1, 2, 10, 15], 4, 16), 4);
        assert_eq!(inside(&[0, 1, 2, 10, 15], 16, 16), 5);
        assert_eq!(inside(&[5], 1, 16), 1);
    }

    /// Bishop c1 at 5 bits from the valid magic of widest span among the first of its span
    /// stream: chains shorten it (never
    /// lengthen it), re-derive from their start and name, and not from a move count one off;
    /// the result does not depend on the chain being run longer after its best.
    #[test]
    fn chains_shorten_and_replay() {
        let occupancies = ReferenceSet::new().get(Slider::Bishop, "c1".parse().unwrap()).clone();
        let search = SpanSearch::new(&occupancies, 5).unwrap();
        let start = search.scan(1, 1, 40_000).into_iter().max_by_key(SpanFound::merit).unwrap();
        let stop = AtomicBool::new(false);
        let mut shortened = 0;
        for chain in 0..4 {
            let found = search.anneal(1, start, chain, 300_000, &stop).unwrap();
            assert!(found.merit() <= start.merit());
            let Some(anneal) = found.anneal else { continue };
            shortened += 1;
            assert_eq!(anneal.chain, chain);
            assert!(found.span < start.span || found.used < start.used);
            assert_eq!(search.derive_annealed(1, start, anneal, &AtomicBool::new(false)), Some(found));
            // A raised flag ends even a claim of 2^36 moves at once (verify --rederive's --time).
            let claimed = Anneal { chain, moves: 1 << 36 };
            assert_eq!(search.derive_annealed(1, start, claimed, &AtomicBool::new(true)), None);
            let longer = search.anneal(1, start, chain, anneal.moves + 50_000, &stop).unwrap();
            assert!(longer.merit() <= found.merit());
            let early = Anneal { moves: anneal.moves - 1, ..anneal };
            assert_ne!(search.derive_annealed(1, start, early, &AtomicBool::new(false)), Some(found));
            assert_eq!(found.name(), format!("{}~{chain}.{}", start.name(), anneal.moves));
        }
        assert!(shortened >= 2, "{shortened} of 4 chains shortened bishop c1 from span {}", start.span);
        // A stopped chain, an annealed start and a start that is not turned give nothing.
        stop.store(true, Ordering::Relaxed);
        assert_eq!(search.anneal(1, start, 0, 1 << 17, &stop), None);
        let never = AtomicBool::new(false);
        let annealed = SpanFound { anneal: Some(Anneal { chain: 0, moves: 1 }), ..start };
        assert_eq!(search.anneal(1, annealed, 0, 10, &never), None);
    }
}
