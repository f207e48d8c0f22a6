//! The bishops' cache-line compaction: after packing, every bishop square is re-placed with the
//! candidate whose used slots touch the fewest cache lines, so that a chain of dependent bishop
//! lookups, which waits on a cache miss whenever the next one lands on a line not in L1, keeps
//! its lines few, as the published tables do.

use std::sync::atomic::{AtomicBool, Ordering};

use super::meter::{Meter, Phase};
use super::packer::Packer;
use super::square::Candidate;

/// Candidates tested between two looks at the stop flag (a batch on every thread): tens of
/// milliseconds.
const STOP_POLL: u64 = 1 << 16;

/// What the bishops' compaction did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compaction {
    /// The bishops' cache lines before and after.
    pub lines: (usize, usize),
    /// `Some(n)` if the stop flag ended it after `n` of the 64 bishop squares (the one it was
    /// at keeps the best candidate found so far): every square still fits, the table's end is
    /// the same, only fewer squares were compacted.
    pub stopped: Option<usize>,
}

/// Cache lines (of eight slots) that `candidate`'s used slots touch when placed at `start`.
pub(super) fn lines_at(candidate: &Candidate, start: usize) -> usize {
    let mut lines: Vec<usize> = candidate.used.iter().map(|&r| (start + r as usize) / 8).collect();
    lines.sort_unstable();
    lines.dedup();
    lines.len()
}

/// Cache lines the placed bishop squares touch.
fn bishop_lines(packer: &Packer) -> usize {
    let mut lines: Vec<usize> = packer.placed[64..]
        .iter()
        .flatten()
        .flat_map(|placed| placed.candidate.used.iter().map(move |&r| (placed.start + r as usize) / 8))
        .collect();
    lines.sort_unstable();
    lines.dedup();
    lines.len()
}

impl Packer {
    /// Re-places every bishop square with the candidate, among the first `draws` of its stream,
    /// whose used slots touch the fewest cache lines, wherever it fits without raising the
    /// table's end. A searched square ([`Packer::use_searched`]) keeps its one candidate: only
    /// its start may move. Deterministic: squares in order, candidates in stream order, the
    /// lowest offset among equals. Stops once `stop` is raised (looked at every few thousand
    /// candidates); `meter` counts the squares done.
    pub fn compact_bishops(&mut self, draws: u64, stop: &AtomicBool, meter: &Meter) -> Compaction {
        let end = self.table_end();
        let before = bishop_lines(self);
        meter.enter(Phase::Compaction, 64);
        let mut stopped = None;
        for pair in 64..128 {
            let Some(current) = self.unplace(pair) else { continue };
            let lines = lines_at(&current.candidate, current.start);
            if self.searched[pair].is_some() {
                // A searched square keeps its one candidate (its recipe row names that magic):
                // only its start may move.
                let fewest = (0..8).map(|alignment| lines_at(&current.candidate, alignment)).min().expect("eight");
                let start = self
                    .fewest_lines_fit(&current.candidate, end, lines, fewest)
                    .map_or(current.start, |(_, start)| start);
                self.place(pair, current.candidate, start);
                meter.square_done();
                continue;
            }
            let mut best = (lines, current.start, current.candidate);
            // The valid candidates that could touch fewer lines than the current one, with the
            // fewest they can touch, tested on every thread a batch at a time; the best so far
            // only falls, so what a batch keeps is a superset of what the loop below takes.
            for from in (0..draws).step_by(STOP_POLL as usize) {
                if stop.load(Ordering::Relaxed) {
                    stopped = Some(pair - 64);
                    break;
                }
                let bound = best.0;
                let count = STOP_POLL.min(draws - from);
                let promising = self.scan_stream(pair, from, count, |tester, data, position, magic| {
                    let fewest = tester.fewest_lines(data);
                    (fewest < bound).then_some((position, magic, fewest))
                });
                for (position, magic, fewest) in promising {
                    if fewest >= best.0 {
                        continue;
                    }
                    let data = &self.squares[pair];
                    assert!(self.tester.is_valid(data, magic), "the batch found it valid");
                    let candidate = self.tester.candidate(data, position, magic);
                    if let Some((lines, start)) = self.fewest_lines_fit(&candidate, end, best.0, fewest) {
                        best = (lines, start, candidate);
                    }
                }
            }
            let (_, start, candidate) = best;
            self.advance_cursor(pair, candidate.position);
            self.place(pair, candidate, start);
            meter.square_done();
            if stopped.is_some() {
                break;
            }
        }
        Compaction { lines: (before, bishop_lines(self)), stopped }
    }

    /// The start of `candidate` below `end` (the table's end) that touches the fewest cache
    /// lines, if fewer than `bound`, and the lines it touches; the lowest start among equals.
    /// `fewest` is the fewest it can touch at all (at its best alignment): the scan stops there.
    /// Never below its lowest index, where the offset, `start - low`, would be negative.
    pub(super) fn fewest_lines_fit(
        &self,
        candidate: &Candidate,
        end: usize,
        bound: usize,
        fewest: usize,
    ) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        let mut from = candidate.low as usize;
        while let Some(start) = self.board.lowest_fit(candidate, from, end) {
            let lines = lines_at(candidate, start);
            if lines < best.map_or(bound, |(lines, _)| lines) {
                best = Some((lines, start));
            }
            if lines == fewest {
                break;
            }
            from = start + 1;
        }
        best
    }
}
