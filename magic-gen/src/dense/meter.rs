//! Where a packing run is, for progress lines: counters the run sets as it goes, which another
//! thread reads (`pack` prints them every `--progress` seconds). The walks keep every core busy
//! for minutes and the run never looks at a clock, so it cannot print on time itself; reading a
//! counter changes nothing in the run.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What a run is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Reading and checking its start (a resumed recipe, searched squares).
    Start,
    /// The valid-space walks of every square.
    Walks,
    /// The greedy construction.
    Construction,
    /// Stopped before every square was placed: each remaining one at its first fit.
    Completion,
    /// The improvement iterations.
    Iterations,
    /// The bishops' cache-line compaction.
    Compaction,
    /// Done: the last checkpoint is being written.
    End,
}

const PHASES: [Phase; 7] = [
    Phase::Start,
    Phase::Walks,
    Phase::Construction,
    Phase::Completion,
    Phase::Iterations,
    Phase::Compaction,
    Phase::End,
];

/// A run's counters (all zero until it sets them).
#[derive(Debug)]
pub struct Meter {
    phase: AtomicU8,
    squares: AtomicU64,
    squares_of: AtomicU64,
    walks: AtomicU64,
    walks_of: AtomicU64,
    iteration: AtomicU64,
    target: AtomicU64,
    best_end: AtomicU64,
    end: AtomicU64,
    used: AtomicU64,
}

impl Default for Meter {
    fn default() -> Self {
        Meter::new()
    }
}

/// What a [`Meter`] said when it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// What the run is doing.
    pub phase: Phase,
    /// Squares done of those the phase handles (walked, placed, compacted).
    pub squares: (u64, u64),
    /// The walking done of all the run does, each walk weighed by its square's keys (a cache's
    /// walks taken as it states them cost nothing and are not counted; the last of a square's,
    /// walked again to check it, is).
    pub walks: (u64, u64),
    /// Iterations done, and the iteration the run ends at.
    pub iteration: (u64, u64),
    /// The best table end so far (0: none yet).
    pub best_end: u64,
    /// The current placement's table end (0: nothing placed yet).
    pub end: u64,
    /// The current placement's used slots.
    pub used: u64,
}

impl Meter {
    /// A meter at the start of a run.
    pub const fn new() -> Meter {
        Meter {
            phase: AtomicU8::new(0),
            squares: AtomicU64::new(0),
            squares_of: AtomicU64::new(0),
            walks: AtomicU64::new(0),
            walks_of: AtomicU64::new(0),
            iteration: AtomicU64::new(0),
            target: AtomicU64::new(0),
            best_end: AtomicU64::new(0),
            end: AtomicU64::new(0),
            used: AtomicU64::new(0),
        }
    }

    /// The counters now (each read on its own: a reading taken while the run moves may mix two
    /// moments, which a progress line does not mind).
    pub fn read(&self) -> Reading {
        let get = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        Reading {
            phase: PHASES[usize::from(self.phase.load(Ordering::Relaxed)).min(PHASES.len() - 1)],
            squares: (get(&self.squares), get(&self.squares_of)),
            walks: (get(&self.walks), get(&self.walks_of)),
            iteration: (get(&self.iteration), get(&self.target)),
            best_end: get(&self.best_end),
            end: get(&self.end),
            used: get(&self.used),
        }
    }

    /// A new phase, of `squares` squares (none done yet).
    pub(super) fn enter(&self, phase: Phase, squares: usize) {
        let index = PHASES.iter().position(|&p| p == phase).expect("every phase is listed");
        self.squares.store(0, Ordering::Relaxed);
        self.squares_of.store(squares as u64, Ordering::Relaxed);
        self.phase.store(index as u8, Ordering::Relaxed);
    }

    /// One more square done in this phase.
    pub(super) fn square_done(&self) {
        self.squares.fetch_add(1, Ordering::Relaxed);
    }

    /// The walking the run does in all (walks weighed by their squares' keys).
    pub(super) fn expect_walks(&self, walks: u64) {
        self.walks.store(0, Ordering::Relaxed);
        self.walks_of.store(walks, Ordering::Relaxed);
    }

    /// The counter of the walking done, which each square's walks count on as they finish.
    pub(super) fn walks_done(&self) -> &AtomicU64 {
        &self.walks
    }

    /// The current placement's table end and used slots, and the best end so far.
    pub(super) fn table(&self, end: usize, used: usize, best_end: usize) {
        self.end.store(end as u64, Ordering::Relaxed);
        self.used.store(used as u64, Ordering::Relaxed);
        self.best_end.store(best_end as u64, Ordering::Relaxed);
    }

    /// Iterations done of the run's `target`.
    pub(super) fn iteration(&self, iteration: u64, target: u64) {
        self.iteration.store(iteration, Ordering::Relaxed);
        self.target.store(target, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_are_what_was_set() {
        let meter = Meter::default();
        assert_eq!(meter.read().phase, Phase::Start);
        for phase in PHASES {
            meter.enter(phase, 64);
            meter.square_done();
            assert_eq!((meter.read().phase, meter.read().squares), (phase, (1, 64)));
        }
        meter.expect_walks(10);
        meter.walks_done().fetch_add(3, Ordering::Relaxed);
        meter.table(100, 80, 90);
        meter.iteration(5, 7);
        let reading = meter.read();
        assert_eq!(
            (reading.walks, reading.end, reading.used, reading.best_end, reading.iteration),
            ((3, 10), 100, 80, 90, (5, 7))
        );
    }
}
