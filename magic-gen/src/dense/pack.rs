//! The seeded, deterministic dense packer.
//!
//! Every (slider, square) draws candidates from its own frozen stream
//! ([`super::candidate::black_candidate`]); valid ones (no destructive collision) join a pool
//! of the candidates with the fewest used slots. The table is a bitset of used slots; a
//! candidate is fitted at the lowest offset where none of its used slots is taken, 64 offsets
//! per probe. Squares never share slots (attack sets of different squares never coincide), so
//! a placement is just its bits.
//!
//! A placement of a square is scored `top + lambda * used` (lower is better; `top` is one past
//! its highest slot, `used` its number of slots), so that candidates with many constructive
//! collisions are preferred when they cost little height.
//!
//! Search: a greedy construction (rooks by mask size, then bishops; for each square at least
//! `init_valid` valid candidates, or `init_draws` draws, each fitted at its lowest offset; the best
//! score is placed), then iterated improvement, each iteration driven by its own RNG derived from
//! (seed, iteration number):
//! * *sink* (otherwise): take one square out (half the time one of the 12 that end highest, else
//!   any), draw `fresh` candidates from its stream (valid ones join the pool), and put back the
//!   best-scoring fit among the fresh ones, the pool and its current candidate, below its old top;
//! * *kick* (1 in `kick_every`): take out the squares crossing a random window of
//!   `0..=kick_window` slots plus random ones (at least 2 to `kick_size`) and put them back one
//!   by one in random order at their best score; kept
//!   if the table end does not grow and the sum of the squares' tops grows by at most
//!   `kick_slack`, otherwise undone;
//! * *rebuild* (every `rebuild_every` iterations): all squares re-placed in the order of their
//!   offsets (with a few random swaps); kept only if it is better, otherwise undone.
//!
//! Everything is counted in iterations and candidates; the result depends on nothing else.

use crate::geometry::Occupancies;
use crate::magic_set::Indexing;
use crate::{ReferenceSet, Slider, Square};

use super::candidate::Candidates;

/// Slots the board can hold: no table this packer builds comes near it.
pub const CAPACITY: usize = 1 << 18;

/// One (slider, square) prepared for fast candidate tests.
#[derive(Clone, Debug)]
pub struct SquareData {
    /// Which slider.
    pub slider: Slider,
    /// Which square.
    pub square: Square,
    /// Index shift.
    pub shift: u32,
    /// Keys of all relevant occupancies (per layout).
    pub keys: Vec<u64>,
    /// Attack-set number of each key (numbers local to this square).
    pub ids: Vec<u16>,
}

impl SquareData {
    /// Prepares `occ` for `layout`.
    pub fn new(occ: &Occupancies, layout: Indexing) -> Self {
        let mut distinct: Vec<u64> = occ.attacks.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let mut order: Vec<usize> = (0..occ.blockers.len()).collect();
        // A fixed scrambled order: neighbouring subsets give correlated indices, and probes
        // against the board saturate sooner on uncorrelated ones.
        order.sort_by_key(|&i| ((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32, i));
        let ids = order.iter().map(|&i| distinct.binary_search(&occ.attacks[i]).unwrap() as u16).collect();
        let keys = order.iter().map(|&i| layout.key(occ.blockers[i], occ.mask)).collect();
        SquareData { slider: occ.slider, square: occ.square, shift: occ.slider.fixed_shift(), keys, ids }
    }

    /// Size of the index range (`2^(64 - shift)`).
    pub fn range(&self) -> usize {
        1 << (64 - self.shift)
    }
}

/// A valid candidate with its used slots.
#[derive(Clone, Debug)]
pub struct Cand {
    /// Position in the square's candidate stream.
    pub k: u64,
    /// The multiplier.
    pub magic: u64,
    /// Lowest used index.
    pub lo: u32,
    /// Highest used index - lowest + 1.
    pub span: u32,
    /// Used indices minus `lo`, in a scrambled order (fit probes saturate sooner).
    pub used: Vec<u16>,
}

/// Epoch-stamped scratch table for validity tests.
#[derive(Clone, Debug)]
pub struct Tester {
    epoch: u32,
    stamps: Vec<u32>,
    vals: Vec<u16>,
}

impl Default for Tester {
    fn default() -> Self {
        Tester { epoch: 0, stamps: vec![0; 4096], vals: vec![0; 4096] }
    }
}

impl Tester {
    /// Whether `magic` maps no two occupancies with different attack sets to one index.
    #[inline]
    pub fn is_valid(&mut self, sd: &SquareData, magic: u64) -> bool {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamps.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let shift = sd.shift;
        for (&key, &id) in sd.keys.iter().zip(&sd.ids) {
            let i = (key.wrapping_mul(magic) >> shift) as usize;
            if self.stamps[i] == epoch {
                if self.vals[i] != id {
                    return false;
                }
            } else {
                self.stamps[i] = epoch;
                self.vals[i] = id;
            }
        }
        true
    }

    /// The used slots of the candidate [`Tester::is_valid`] just accepted.
    pub fn cand(&self, sd: &SquareData, k: u64, magic: u64) -> Cand {
        let range = sd.range();
        let epoch = self.epoch;
        let idx: Vec<u32> = (0..range as u32).filter(|&i| self.stamps[i as usize] == epoch).collect();
        let lo = idx[0];
        let span = idx[idx.len() - 1] - lo + 1;
        let mut used: Vec<u16> = idx.iter().map(|&i| (i - lo) as u16).collect();
        // Probe far-apart slots first: neighbouring slots are used or free together.
        used.sort_by_key(|&r| (u32::from(r).wrapping_mul(0x9E37_79B9).rotate_left(16), r));
        Cand { k, magic, lo, span, used }
    }
}

/// Bitset of used slots.
#[derive(Clone, Debug)]
pub struct Board {
    bits: Vec<u64>,
}

impl Default for Board {
    fn default() -> Self {
        Board { bits: vec![0; CAPACITY / 64 + 128] }
    }
}

impl Board {
    /// Bits `pos .. pos + 64` (bit j: slot pos + j used).
    #[inline(always)]
    fn get64(&self, pos: usize) -> u64 {
        let (w, b) = (pos / 64, pos % 64);
        if b == 0 { self.bits[w] } else { (self.bits[w] >> b) | (self.bits[w + 1] << (64 - b)) }
    }

    /// The lowest `o >= min_o` with `o + span <= max_top` at which all of `c`'s slots are free.
    pub fn lowest_fit(&self, c: &Cand, min_o: usize, max_top: usize) -> Option<usize> {
        let span = c.span as usize;
        let last = max_top.min(CAPACITY).checked_sub(span)?;
        let mut b = min_o;
        while b <= last {
            let mut acc = 0u64;
            for &r in &c.used {
                acc |= self.get64(b + r as usize);
                if acc == u64::MAX {
                    break;
                }
            }
            if acc != u64::MAX {
                let o = b + (!acc).trailing_zeros() as usize;
                return (o <= last).then_some(o);
            }
            b += 64;
        }
        None
    }

    /// Marks (or clears) `c`'s slots at `o`.
    pub fn set(&mut self, c: &Cand, o: usize, on: bool) {
        for &r in &c.used {
            let p = o + r as usize;
            if on {
                debug_assert!(self.bits[p / 64] & (1 << (p % 64)) == 0);
                self.bits[p / 64] |= 1 << (p % 64);
            } else {
                self.bits[p / 64] &= !(1 << (p % 64));
            }
        }
    }
}

/// SplitMix64, the per-iteration decision RNG.
#[derive(Clone, Debug)]
pub struct Mix(u64);

impl Mix {
    /// The RNG of iteration `it` of a search with master `seed`.
    pub fn new(seed: u64, it: u64) -> Self {
        let mut m = Mix(seed ^ 0x5851_F42D_4C95_7F2D);
        let a = m.next_u64();
        Mix(a ^ it.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// Next word.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform below `n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// Search parameters (all counts; part of the result's identity).
#[derive(Clone, Debug)]
pub struct Params {
    /// Pool size per square (candidates with the fewest used slots).
    pub pool: usize,
    /// Valid candidates wanted per square before the greedy construction places it.
    pub init_valid: usize,
    /// Candidates drawn at most per square in the construction (more if none is valid yet).
    pub init_draws: u64,
    /// Fresh candidates drawn per sink move.
    pub fresh: u64,
    /// One iteration in this many is a kick.
    pub kick_every: u64,
    /// Squares taken out by a kick, at most.
    pub kick_size: u64,
    /// A kick that keeps the table end is kept if the sum of tops grows by at most this.
    pub kick_slack: usize,
    /// A kick takes out every square crossing `slot ..= slot + w`, `w` uniform in `0..=kick_window`.
    pub kick_window: usize,
    /// Every this many iterations, a rebuild move (0: never).
    pub rebuild_every: u64,
    /// Weight of a used slot against a slot of height when choosing a placement: a placement's
    /// score is `top + lambda * used`.
    pub lambda: usize,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            pool: 48,
            init_valid: 400,
            init_draws: 2_000_000,
            fresh: 4096,
            kick_every: 4,
            kick_size: 6,
            kick_slack: 0,
            kick_window: 0,
            rebuild_every: 1000,
            lambda: 8,
        }
    }
}

/// A placed square.
#[derive(Clone, Debug)]
pub struct Placed {
    /// Its candidate.
    pub cand: Cand,
    /// Board position of its lowest used index (`offset = o - lo`).
    pub o: usize,
}

impl Placed {
    /// One past its highest slot.
    pub fn top(&self) -> usize {
        self.o + self.cand.span as usize
    }
}

/// The whole search state.
#[derive(Clone, Debug)]
pub struct Packer {
    /// Black or white (fixed-shift) indexing.
    pub layout: Indexing,
    /// Master seed.
    pub seed: u64,
    /// Parameters.
    pub params: Params,
    /// Per pair (rook a1 .. h8, bishop a1 .. h8).
    pub squares: Vec<SquareData>,
    /// Next candidate position per pair.
    pub cursors: Vec<u64>,
    /// Pools per pair.
    pub pools: Vec<Vec<Cand>>,
    /// Placements per pair.
    pub placed: Vec<Option<Placed>>,
    /// Used slots.
    pub board: Board,
    /// Iterations done (improvement phase).
    pub iteration: u64,
    /// Candidates drawn in total.
    pub drawn: u64,
    /// Valid candidates found in total.
    pub valid: u64,
    /// Kick moves kept.
    pub kicks_kept: u64,
    /// Rebuild moves kept.
    pub rebuilds_kept: u64,
    tester: Tester,
}

/// (slider ordinal, square index) of pair `p`.
pub fn pair_parts(p: usize) -> (u32, u32) {
    ((p / 64) as u32, (p % 64) as u32)
}

impl Packer {
    /// An empty search.
    pub fn new(references: &ReferenceSet, layout: Indexing, seed: u64, params: Params) -> Self {
        let squares: Vec<SquareData> = references.iter().map(|o| SquareData::new(o, layout)).collect();
        let n = squares.len();
        Packer {
            layout,
            seed,
            params,
            squares,
            cursors: vec![0; n],
            pools: vec![Vec::new(); n],
            placed: vec![None; n],
            board: Board::default(),
            iteration: 0,
            drawn: 0,
            valid: 0,
            kicks_kept: 0,
            rebuilds_kept: 0,
            tester: Tester::default(),
        }
    }

    /// Table size: one past the highest used slot.
    pub fn table_end(&self) -> usize {
        self.placed.iter().flatten().map(Placed::top).max().unwrap_or(0)
    }

    /// Sum of all squares' tops.
    pub fn sum_tops(&self) -> usize {
        self.placed.iter().flatten().map(Placed::top).sum()
    }

    /// Sum of all squares' scores (`top + lambda * used`).
    pub fn potential(&self) -> usize {
        self.placed.iter().flatten().map(|p| p.top() + self.params.lambda * p.cand.used.len()).sum()
    }

    /// Used slots.
    pub fn used_slots(&self) -> usize {
        self.placed.iter().flatten().map(|p| p.cand.used.len()).sum()
    }

    /// The candidate at position `k` of pair `p` if it is valid.
    pub fn cand_at(&mut self, p: usize, k: u64) -> Option<Cand> {
        let (sl, sq) = pair_parts(p);
        let magic = super::candidate::black_candidate(self.seed, sl, sq, k);
        let sd = &self.squares[p];
        self.tester.is_valid(sd, magic).then(|| self.tester.cand(sd, k, magic))
    }

    /// Draws `n` candidates of pair `p` from its cursor. Valid ones join the pool and are
    /// fitted; returns the best (lowest top, then fewest slots) placement with top at most
    /// `max_top` whose score beats `incumbent`, if any.
    pub fn draw_and_fit(
        &mut self,
        p: usize,
        n: u64,
        max_top: usize,
        incumbent: Option<(usize, usize)>,
    ) -> Option<(Cand, usize)> {
        let (sl, sq) = pair_parts(p);
        let mut it = Candidates::new(self.seed, sl, sq, self.cursors[p]);
        let sd = &self.squares[p];
        let mut best: Option<(Cand, usize)> = None;
        let mut best_key = incumbent.unwrap_or((usize::MAX, usize::MAX));
        for _ in 0..n {
            let (k, magic) = it.next().unwrap();
            if !self.tester.is_valid(sd, magic) {
                continue;
            }
            self.valid += 1;
            let c = self.tester.cand(sd, k, magic);
            if let Some((o, key)) = self.fit_better(&c, max_top, best_key) {
                best_key = key;
                best = Some((c.clone(), o));
            }
            insert_pool(&mut self.pools[p], c, self.params.pool);
        }
        self.cursors[p] = it.position();
        self.drawn += n;
        best
    }

    fn place(&mut self, p: usize, cand: Cand, o: usize) {
        self.board.set(&cand, o, true);
        self.placed[p] = Some(Placed { cand, o });
    }

    fn unplace(&mut self, p: usize) -> Option<Placed> {
        let old = self.placed[p].take()?;
        self.board.set(&old.cand, old.o, false);
        Some(old)
    }

    /// Score of a placement ending at `top` with `used` slots: lower is better.
    fn score(&self, top: usize, used: usize) -> (usize, usize) {
        (top + self.params.lambda * used, top)
    }

    /// The lowest fit of `c` whose score beats `best`, with top at most `max_top`.
    fn fit_better(&self, c: &Cand, max_top: usize, best: (usize, usize)) -> Option<(usize, (usize, usize))> {
        let penalty = self.params.lambda * c.used.len();
        let limit = max_top.min(best.0.checked_sub(penalty)?);
        let o = self.board.lowest_fit(c, c.lo as usize, limit)?;
        let key = self.score(o + c.span as usize, c.used.len());
        (key < best).then_some((o, key))
    }

    /// The best placement (see [`Packer::score`]) of pair `p` among its pool and `extra`, with top
    /// at most `max_top`.
    fn best_fit(&self, p: usize, extra: Option<&Cand>, max_top: usize) -> Option<(Cand, usize)> {
        let mut best: Option<(&Cand, usize)> = None;
        let mut best_key = (usize::MAX, usize::MAX);
        for c in extra.into_iter().chain(&self.pools[p]) {
            if let Some((o, key)) = self.fit_better(c, max_top, best_key) {
                best_key = key;
                best = Some((c, o));
            }
        }
        best.map(|(c, o)| (c.clone(), o))
    }

    /// Greedy construction of all unplaced squares.
    pub fn construct(&mut self) {
        let mut order: Vec<usize> = (0..self.squares.len()).filter(|&p| self.placed[p].is_none()).collect();
        order.sort_by_key(|&p| (p / 64, std::cmp::Reverse(self.squares[p].keys.len()), p));
        for p in order {
            let mut best = self.best_fit(p, None, CAPACITY);
            let (mut draws, valid0) = (0, self.valid);
            while best.is_none()
                || (draws < self.params.init_draws && self.valid - valid0 < self.params.init_valid as u64)
            {
                let incumbent = best.as_ref().map(|(c, o)| self.score(o + c.span as usize, c.used.len()));
                if let Some(found) = self.draw_and_fit(p, 16_384, CAPACITY, incumbent) {
                    best = Some(found);
                }
                draws += 16_384;
            }
            let (c, o) = best.unwrap();
            self.place(p, c, o);
        }
    }

    /// Places pair `p` with candidate `k` at `offset` (resuming). False if it is not valid or
    /// does not fit.
    pub fn place_recipe(&mut self, p: usize, k: u64, offset: usize) -> bool {
        let Some(c) = self.cand_at(p, k) else { return false };
        let o = offset + c.lo as usize;
        if o + c.span as usize > CAPACITY || self.board.lowest_fit(&c, o, o + c.span as usize) != Some(o) {
            return false;
        }
        insert_pool(&mut self.pools[p], c.clone(), self.params.pool);
        self.cursors[p] = self.cursors[p].max(k + 1);
        self.place(p, c, o);
        true
    }

    /// One improvement iteration.
    pub fn step(&mut self) {
        let mut rng = Mix::new(self.seed, self.iteration);
        self.iteration += 1;
        let n = self.squares.len();
        if self.params.rebuild_every > 0 && self.iteration.is_multiple_of(self.params.rebuild_every) {
            self.rebuild(&mut rng);
            return;
        }
        if self.params.kick_every > 0 && rng.below(self.params.kick_every) == 0 {
            self.kick(&mut rng);
            return;
        }
        let p = if rng.below(2) == 0 {
            let mut by_top: Vec<(usize, usize)> =
                (0..n).map(|p| (self.placed[p].as_ref().map_or(0, Placed::top), p)).collect();
            by_top.sort_unstable_by(|a, b| b.cmp(a));
            by_top[rng.below(12) as usize].1
        } else {
            rng.below(n as u64) as usize
        };
        self.sink(p);
    }

    /// Sink move on pair `p`: fresh candidates join the pool, then the pool and the current
    /// candidate are fitted below the current top; the lowest top wins (ties: fewer slots).
    pub fn sink(&mut self, p: usize) {
        let old = self.unplace(p).expect("all squares are placed");
        let mut best = self.best_fit(p, Some(&old.cand), old.top()).expect("the old place is free");
        let incumbent = self.score(best.1 + best.0.span as usize, best.0.used.len());
        if let Some(found) = self.draw_and_fit(p, self.params.fresh, old.top(), Some(incumbent)) {
            best = found;
        }
        self.place(p, best.0, best.1);
    }

    /// Rebuild move: every square taken out and put back from its pool (and its current
    /// candidate), in the order of their current offsets with a few random swaps; kept if the
    /// table end shrinks (or stays and the sum of tops shrinks), otherwise undone.
    fn rebuild(&mut self, rng: &mut Mix) {
        let n = self.squares.len();
        let (end0, sum0) = (self.table_end(), self.sum_tops());
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&p| (self.placed[p].as_ref().map_or(0, |pl| pl.o), p));
        for _ in 0..n / 4 {
            let i = rng.below(n as u64 - 1) as usize;
            order.swap(i, i + 1);
        }
        if self.replace_or_undo(&order, |end1, sum1| end1 < end0 || (end1 == end0 && sum1 < sum0)) {
            self.rebuilds_kept += 1;
        }
    }

    /// Takes the squares `order` lists out and places each again, in that order, at its best
    /// fit (its old candidate among the choices). Keeps the result if every square found a place
    /// and `keep(table end, sum of tops)` says so; otherwise puts everything back as it was.
    /// Returns whether it kept the result.
    fn replace_or_undo(&mut self, order: &[usize], keep: impl Fn(usize, usize) -> bool) -> bool {
        let saved: Vec<(usize, Placed)> = order.iter().map(|&p| (p, self.unplace(p).unwrap())).collect();
        let mut ok = true;
        for (p, old) in &saved {
            match self.best_fit(*p, Some(&old.cand), CAPACITY) {
                Some((c, o)) => self.place(*p, c, o),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok && keep(self.table_end(), self.sum_tops()) {
            return true;
        }
        for &(p, _) in &saved {
            self.unplace(p);
        }
        for (p, old) in saved {
            self.place(p, old.cand, old.o);
        }
        false
    }

    fn kick(&mut self, rng: &mut Mix) {
        let n = self.squares.len();
        let end = self.table_end();
        let (end0, sum0) = (end, self.sum_tops());
        let slot = rng.below(end as u64) as usize;
        let width =
            if self.params.kick_window > 0 { rng.below(self.params.kick_window as u64 + 1) as usize } else { 0 };
        let mut chosen: Vec<usize> = (0..n)
            .filter(|&p| self.placed[p].as_ref().is_some_and(|pl| pl.o <= slot + width && slot < pl.top()))
            .collect();
        let want = 2 + rng.below(self.params.kick_size.max(2) - 1) as usize;
        while chosen.len() < want {
            let p = rng.below(n as u64) as usize;
            if !chosen.contains(&p) {
                chosen.push(p);
            }
        }
        // Random order.
        for i in (1..chosen.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            chosen.swap(i, j);
        }
        let slack = self.params.kick_slack;
        if self.replace_or_undo(&chosen, |end1, sum1| end1 < end0 || (end1 == end0 && sum1 <= sum0 + slack)) {
            self.kicks_kept += 1;
        }
    }

    /// Cache lines (of eight slots) that `c`'s used slots touch when placed at `o`.
    fn lines_at(c: &Cand, o: usize) -> usize {
        let mut lines: Vec<usize> = c.used.iter().map(|&r| (o + r as usize) / 8).collect();
        lines.sort_unstable();
        lines.dedup();
        lines.len()
    }

    /// Re-places every bishop square with the candidate, among the first `draws` of its stream,
    /// whose used slots touch the fewest cache lines, wherever it fits without raising the
    /// table's end. A chain of dependent bishop lookups waits on a cache miss whenever the
    /// next one lands on a line not in L1: this keeps the bishops' lines few, as the published
    /// tables' are. Deterministic: squares in order, candidates in stream order, the lowest
    /// offset among equals. Returns the bishops' cache lines before and after.
    pub fn compact_bishops(&mut self, draws: u64) -> (usize, usize) {
        let end = self.table_end();
        let bishop_lines = |packer: &Packer| -> usize {
            let mut lines: Vec<usize> = packer.placed[64..]
                .iter()
                .flatten()
                .flat_map(|pl| pl.cand.used.iter().map(move |&r| (pl.o + r as usize) / 8))
                .collect();
            lines.sort_unstable();
            lines.dedup();
            lines.len()
        };
        let before = bishop_lines(self);
        for p in 64..128 {
            let Some(current) = self.unplace(p) else { continue };
            let mut best = (Self::lines_at(&current.cand, current.o), current.o, current.cand.clone());
            let (sl, sq) = pair_parts(p);
            for (k, magic) in Candidates::new(self.seed, sl, sq, 0).take(draws as usize) {
                let sd = &self.squares[p];
                if !self.tester.is_valid(sd, magic) {
                    continue;
                }
                let c = self.tester.cand(sd, k, magic);
                // No placement can touch fewer lines than its slots fill, at the best alignment.
                let fewest = (0..8).map(|shift| Self::lines_at(&c, shift)).min().unwrap_or(0);
                if fewest >= best.0 {
                    continue;
                }
                let mut from = 0;
                while let Some(o) = self.board.lowest_fit(&c, from, end) {
                    let lines = Self::lines_at(&c, o);
                    if lines < best.0 {
                        best = (lines, o, c.clone());
                    }
                    if lines == fewest {
                        break;
                    }
                    from = o + 1;
                }
            }
            let (_, o, cand) = best;
            self.cursors[p] = self.cursors[p].max(cand.k + 1);
            self.place(p, cand, o);
        }
        (before, bishop_lines(self))
    }

    /// (pair, k, offset) of every placed square.
    pub fn placement(&self) -> Vec<(usize, u64, usize)> {
        self.placed
            .iter()
            .enumerate()
            .filter_map(|(p, pl)| pl.as_ref().map(|pl| (p, pl.cand.k, pl.o - pl.cand.lo as usize)))
            .collect()
    }
}

fn insert_pool(pool: &mut Vec<Cand>, c: Cand, cap: usize) {
    let key = |c: &Cand| (c.used.len(), c.span, c.k);
    if pool.iter().any(|d| d.magic == c.magic) {
        return;
    }
    let pos = pool.partition_point(|d| key(d) < key(&c));
    if pos >= cap {
        return;
    }
    pool.insert(pos, c);
    pool.truncate(cap);
}
