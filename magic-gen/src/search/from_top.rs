//! Black magics searched from the top: every black magic of one square and index width, found by
//! narrowing an interval of the magic's negation from its highest bit down
//! ([`super::exhaustive::Color::BlackFromTop`]).
//!
//! # Why the negation, and why from the top
//!
//! A black magic `m` indexes `occ` at the top `S` bits of `(occ | !mask) * m`. With
//! `y = mask & !occ` (the mask squares left empty), `occ | !mask = -(1 + y)` modulo `2^64`, so
//! with `n = -m` the key is `(1 + y) * n`: one multiplication of `n` by a small, known number
//! per occupancy. Fix `n`'s bits from the highest down: after `d` of them, `n` lies in an
//! interval `[a, a + 2^(K-d))`, and the key of `y` in `[(1 + y) * a, (1 + y) * (a + 2^(K-d) - 1)]`.
//! Once that range fits in one slot, the slot is known for every `n` of the interval; if it
//! spans two or a few, one of them. So the occupancies with small `1 + y` (the mask nearly full)
//! get their slots first, and each further bit settles those with `1 + y` about twice as large.
//! A node is cut when two settled occupancies with different attack sets share a slot, or an
//! unsettled one finds every slot it could still reach held by another attack set. Each cut
//! is a proof that no `n` of the interval works, so the search misses no magic; a leaf (every
//! occupancy settled, no conflict) is an interval of `n` that are all magics.
//!
//! An unsettled occupancy is checked when it is met (its range under two slots), so that a node
//! whose new occupancies cannot fit stops at the first; and levels where nothing is pending and
//! no occupancy is met only halve the interval, so they are stepped over (not counted as tests).
//!
//! This suits the squares the level search of [`super::exhaustive`] cannot finish black: rook
//! d2 and e2 with 9 bits, whose lowest mask squares need all of the magic's bits before the
//! level search can prune (it fixes the lowest bits first). Measured (one core, release): rook
//! d2's first 64 of 4,096 first-field values are 361 M tests, e2's 566 M, at about 2.2 M tests
//! a second (so a whole sweep of d2 takes about 3 CPU-hours, of e2 about 4.6); d2's value 2,879,
//! which holds four classes, is 24.9 M tests in 11.4 s (15 s before a node re-checked only the
//! pending occupancies met before its last settlement).
//!
//! # Classes and the magic reported
//!
//! Adding `2^K` to `n`, `K = 64 - min(t, S)` (`t` the mask's lowest square), adds
//! `(1 + y) * 2^K` to every key: the same `2^(S - min(t, S))` slots for every `y` (`y` is a
//! multiple of `2^t`), a rotation of the table that keeps collisions as they are. So the search
//! runs over `n < 2^K`, one **class** each, and reports each class once, as the rotation whose
//! used slots span the fewest (the first on a tie): the magic a per-square-shift table wants.
//! For masks whose lowest square is above bit 32 (bishops d8 and e8), `n`'s bits between
//! `64 - t` and `t` never reach an index, so classes would repeat: the search refuses them.

use std::ops::Range;
use std::sync::atomic::AtomicBool;

use super::exhaustive::{Cursor, Outcome, Status, halt};

/// Bits of `n` (from its highest down) the first field holds: 4,096 values to shard.
pub(super) const FIRST_FIELD_BITS: u32 = 12;

/// The highest lowest-square the search takes (see the module documentation).
pub(super) const MAX_LOWEST_SQUARE: u32 = 32;

/// A slot no occupancy holds yet.
const FREE: u8 = u8::MAX;

/// An unsettled occupancy is checked against the slots it can still reach while its range
/// spans fewer than `2^LOOKAHEAD` slots.
const LOOKAHEAD: u32 = 1;

/// How often (in nodes) the stop flag and the node budget are looked at: a node takes well
/// under a microsecond.
const CHECK_EVERY: u64 = 256;

/// The search of one mask and width. Built by [`super::exhaustive::ExhaustiveSearch`], which
/// keeps the reference and checks every magic reported.
#[derive(Clone, Debug)]
pub(super) struct FromTop {
    bits: u32,
    /// `K`: the search runs over `n < 2^K`.
    period: u32,
    /// Rotations by one step of `2^K` move the table by this many slots.
    step: u32,
    /// Bits of the first field ([`FIRST_FIELD_BITS`]; the tests make values small intervals).
    first: u32,
    /// `(1 + y, attack-set id)` for every subset `y` of the mask, by `1 + y` ascending.
    points: Vec<(u64, u8)>,
}

/// The state of one run: the table of settled slots, written down the recursion and undone on
/// the way back.
struct Walk<'a> {
    search: &'a FromTop,
    /// Attack-set id per slot, or [`FREE`].
    owner: Vec<u8>,
    /// Slots taken from [`FREE`], in order, to undo. A slot is freed again only by undoing
    /// the settlement that took it (undone last in, first out), so a slot its own attack
    /// set settles again needs no entry and no count.
    undo: Vec<u16>,
    /// Per depth: the occupancies met but not settled at that node, for its children.
    pending: Vec<Vec<u16>>,
    /// Counters of the first-field value in progress (per depth below the first field).
    level_tests: Vec<u64>,
    nodes: u64,
    /// Ranges of `n` that are all magics (within [`Walk::part`]).
    found: Vec<Range<u64>>,
    /// The negations this run searches: all of them, or those of a shard finer than the first
    /// field. A node is counted (tests, nodes) in the run whose part holds its lowest `n`.
    part: Range<u64>,
    nodes_run: u64,
    stop: &'a AtomicBool,
    budget: u64,
    halted: Option<Status>,
}

impl FromTop {
    /// The search over `mask` with `bits` index bits, `reference` holding `(occ, id)` for every
    /// subset of the mask (ids below [`FREE`]). The mask's lowest square must be at most
    /// [`MAX_LOWEST_SQUARE`] and above 0.
    pub(super) fn new(mask: u64, bits: u32, reference: impl Iterator<Item = (u64, u8)>) -> FromTop {
        let t = mask.trailing_zeros();
        assert!((1..=MAX_LOWEST_SQUARE).contains(&t), "mask {mask:#x}: lowest square {t}");
        // Two slots at least: an occupancy is met when its keys span under two.
        assert!(bits >= 2, "{bits} index bits");
        let mut points: Vec<(u64, u8)> = reference.map(|(occ, id)| (1 + (mask & !occ), id)).collect();
        points.sort_unstable();
        FromTop { bits, period: 64 - t.min(bits), step: bits - t.min(bits), first: FIRST_FIELD_BITS, points }
    }

    /// `K`: every class has one `n < 2^K`.
    pub(super) fn period_bits(&self) -> u32 {
        self.period
    }

    /// Bits of the first field (`n`'s highest [`FIRST_FIELD_BITS`] below `2^K`).
    pub(super) fn first_field_bits(&self) -> u32 {
        self.first
    }

    /// This search with a first field of `bits` bits, each value a small interval: the tests run
    /// the whole path (values, leaves, reports) on a few values around a known magic.
    #[cfg(test)]
    pub(super) fn with_first_field(self, bits: u32) -> FromTop {
        assert!(bits < self.period);
        FromTop { first: bits, ..self }
    }

    /// Depths below the first field, one counter each in a cursor's `level_tests`.
    pub(super) fn levels(&self) -> usize {
        (self.period - self.first + 1) as usize
    }

    /// Searches the first-field values `cursor.next .. end` (see
    /// [`super::exhaustive::ExhaustiveSearch::run`]), or with `part`, only those positions of
    /// the one value (its negations below the first field, counted from the value's first);
    /// `report` turns a class `n` into the magic listed (and checks it).
    pub(super) fn run(
        &self,
        mut cursor: Cursor,
        end: u64,
        stop: &AtomicBool,
        node_budget: Option<u64>,
        part: Option<Range<u64>>,
        report: impl Fn(u64) -> u64,
    ) -> Outcome {
        let mut walk = Walk::new(self, stop, node_budget);
        if let Some(part) = part {
            let first = cursor.next << (self.period - self.first);
            walk.part = first + part.start..first + part.end;
        }
        while cursor.next < end {
            walk.level_tests.iter_mut().for_each(|t| *t = 0);
            walk.nodes = 0;
            walk.found.clear();
            let done = walk.check() && walk.value(cursor.next);
            if !done {
                cursor.magics.sort_unstable();
                let status = walk.halted.unwrap_or(Status::Stopped);
                return Outcome { cursor, status, nodes_run: walk.nodes_run, nodes_discarded: walk.nodes };
            }
            cursor.level_tests.iter_mut().zip(&walk.level_tests).for_each(|(c, t)| *c += t);
            cursor.nodes += walk.nodes;
            for found in &walk.found {
                cursor.magics.extend(found.clone().map(&report));
            }
            cursor.next += 1;
        }
        cursor.magics.sort_unstable();
        Outcome { cursor, status: Status::Complete, nodes_run: walk.nodes_run, nodes_discarded: 0 }
    }

    /// Every `n` in `[a, a + 2^width)` that is a class of magics, searched without the nodes
    /// above (the tests compare it with brute force).
    #[cfg(test)]
    pub(super) fn classes_in(&self, a: u64, width: u32) -> Vec<u64> {
        let never = AtomicBool::new(false);
        let mut walk = Walk::new(self, &never, None);
        walk.node(a, self.period - width, 0);
        walk.found.iter().flat_map(Range::clone).collect()
    }

    /// The slot of `y`'s key under `n` (`u = 1 + y`).
    fn slot(&self, u: u64, n: u64) -> usize {
        (u.wrapping_mul(n) >> (64 - self.bits)) as usize
    }

    /// The magic listed for class `n`: `-(n + q * 2^K)` with `q` the rotation whose used slots
    /// span the fewest (the smallest `q` on a tie).
    pub(super) fn narrowest(&self, n: u64) -> u64 {
        let slots = 1u64 << self.bits;
        let mut used: Vec<u64> = self.points.iter().map(|&(u, _)| self.slot(u, n) as u64).collect();
        used.sort_unstable();
        used.dedup();
        // Rotated by r, the slots at or above `slots - r` wrap to the bottom.
        let span = |r: u64| {
            let cut = used.partition_point(|&s| s < slots - r);
            let low = if cut < used.len() { used[cut] + r - slots } else { used[0] + r };
            let high = if cut > 0 { used[cut - 1] + r } else { used[used.len() - 1] + r - slots };
            high - low
        };
        let rotations = 1u64 << (64 - self.period);
        let q = (0..rotations).min_by_key(|&q| (span((q << self.step) % slots), q)).unwrap_or(0);
        n.wrapping_add(q << self.period).wrapping_neg()
    }
}

impl<'a> Walk<'a> {
    fn new(search: &'a FromTop, stop: &'a AtomicBool, budget: Option<u64>) -> Walk<'a> {
        let slots = 1usize << search.bits;
        Walk {
            search,
            owner: vec![FREE; slots],
            undo: Vec::with_capacity(search.points.len()),
            pending: vec![Vec::new(); search.period as usize + 1],
            level_tests: vec![0; search.levels()],
            nodes: 0,
            found: Vec::new(),
            part: 0..1 << search.period,
            nodes_run: 0,
            stop,
            budget: budget.unwrap_or(u64::MAX),
            halted: None,
        }
    }

    /// Whether the run may go on (the stop flag is down and the budget not spent).
    #[cold]
    fn check(&mut self) -> bool {
        self.halted = halt(self.stop, self.nodes_run, self.budget);
        self.halted.is_none()
    }

    /// Searches first-field value `value`; false if the run was halted in it.
    fn value(&mut self, value: u64) -> bool {
        let depth = self.search.first;
        self.pending[depth as usize - 1].clear();
        self.node(value << (self.search.period - depth), depth, 0)
    }

    /// Settles `id` in `slot`; false if another attack set holds it.
    #[inline(always)]
    fn settle(&mut self, slot: usize, id: u8) -> bool {
        let held = self.owner[slot];
        if held == id {
            return true;
        }
        if held != FREE {
            return false;
        }
        self.owner[slot] = id;
        self.undo.push(slot as u16);
        true
    }

    /// Whether an unsettled occupancy of attack set `id`, whose keys lie in `key ..= key +
    /// spread`, still has a slot free or its own among those it reaches.
    #[inline(always)]
    fn reaches(&self, key: u64, spread: u64, id: u8) -> bool {
        let shift = 64 - self.search.bits;
        let slot_mask = (1u64 << self.search.bits) - 1;
        let reach = ((key & ((1u64 << shift) - 1)) + spread) >> shift;
        (0..=reach).any(|j| {
            let held = self.owner[((key >> shift).wrapping_add(j) & slot_mask) as usize];
            held == FREE || held == id
        })
    }

    /// Settles point `i` under `n = a`, if its keys over the node (`spread` wide) fit in one
    /// slot; else adds it to `pending`, checked at once (to cut early). `checked` becomes the
    /// length of `pending` whenever a slot is taken: the points before it were checked against
    /// fewer settlements and are checked again once all are placed.
    #[inline(always)]
    fn place(&mut self, pending: &mut Vec<u16>, checked: &mut usize, a: u64, i: usize, spread: u64) -> bool {
        let shift = 64 - self.search.bits;
        let slot_width = 1u64 << shift;
        let (u, id) = self.search.points[i];
        let key = u.wrapping_mul(a);
        if spread < slot_width && (key & (slot_width - 1)) + spread < slot_width {
            let taken = self.undo.len();
            let ok = self.settle((key >> shift) as usize, id);
            if self.undo.len() != taken {
                *checked = pending.len();
            }
            ok
        } else {
            pending.push(i as u16);
            self.reaches(key, spread, id)
        }
    }

    /// Undoes the settlements after `mark`.
    fn undo_to(&mut self, mark: usize) {
        for slot in self.undo.drain(mark..) {
            self.owner[usize::from(slot)] = FREE;
        }
    }

    /// The node `n ∈ [a, a + 2^(K - depth))`, whose parent left its unsettled occupancies in
    /// `pending[depth - 1]` and met the points before `next`. False if the run was halted.
    fn node(&mut self, a: u64, depth: u32, next: usize) -> bool {
        let search = self.search;
        self.nodes_run += 1;
        if self.nodes_run % CHECK_EVERY == 0 && !self.check() {
            return false;
        }
        let owned = self.part.contains(&a);
        if owned {
            if let Some(tests) = self.level_tests.get_mut((depth - search.first.min(depth)) as usize) {
                *tests += 1;
            }
        }
        let shift = 64 - search.bits;
        let slot_width = 1u64 << shift;
        // `n` ranges over `a + [0, w1]`, so the key of `u` over `u * a + [0, u * w1]`.
        let w1 = (1u64 << (search.period - depth)) - 1;
        let mark = self.undo.len();
        let d = depth as usize;
        let mut mine = std::mem::take(&mut self.pending[d]);
        mine.clear();
        let parent = std::mem::take(&mut self.pending[d - 1]);
        let mut checked = 0;
        let mut ok = parent.iter().all(|&i| {
            let i = usize::from(i);
            self.place(&mut mine, &mut checked, a, i, search.points[i].0 * w1)
        });
        let mut next = next;
        while ok && next < search.points.len() {
            // Points are by `u` ascending: the first too wide to look at ends the scan.
            let Some(spread) = search.points[next].0.checked_mul(w1).filter(|s| *s < slot_width << LOOKAHEAD) else {
                break;
            };
            ok = self.place(&mut mine, &mut checked, a, next, spread);
            next += 1;
        }
        self.pending[d - 1] = parent;
        // An unsettled occupancy must still have a slot free or its own among those it reaches:
        // checked again for those met before a slot was last taken.
        ok = ok
            && mine[..checked].iter().all(|&i| {
                let (u, id) = search.points[usize::from(i)];
                self.reaches(u.wrapping_mul(a), u * w1, id)
            });
        let mut running = true;
        if ok {
            if owned {
                self.nodes += 1;
            }
            if mine.is_empty() && next == search.points.len() {
                let end = a + (1 << (search.period - depth));
                self.found.push(a.max(self.part.start)..end.min(self.part.end));
            } else {
                // With nothing pending, the levels before the next point is met only split:
                // go down to that level at once (its parent's pending list is empty).
                let mut below = depth + 1;
                if mine.is_empty() {
                    let u = search.points[next].0;
                    let met = |at: u32| {
                        u.checked_mul((1u64 << (search.period - at)) - 1).is_some_and(|s| s < slot_width << LOOKAHEAD)
                    };
                    while below < search.period && !met(below) {
                        below += 1;
                    }
                    self.pending[below as usize - 1].clear();
                }
                self.pending[d] = mine;
                let step = 1u64 << (search.period - below);
                // Only the children whose negations meet the part.
                let first = self.part.start.saturating_sub(a) / step;
                let last = (self.part.end.saturating_sub(a).div_ceil(step)).min(1 << (below - depth));
                for i in first..last {
                    if !self.node(a + i * step, below, next) {
                        running = false;
                        break;
                    }
                }
                mine = std::mem::take(&mut self.pending[d]);
            }
        }
        self.pending[d] = mine;
        self.undo_to(mark);
        running
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use magic_tables_core::geometry::{relevant_mask, slow_attacks};
    use magic_tables_core::{Slider, Square};

    fn sq(name: &str) -> Square {
        name.parse().expect("a square")
    }

    /// Every subset of the mask with its attack set.
    fn reference(slider: Slider, square: Square) -> Vec<(u64, u64)> {
        let occupancies = crate::geometry::subsets(relevant_mask(slider, square));
        occupancies.map(|occ| (occ, slow_attacks(slider, square, occ))).collect()
    }

    fn search(slider: Slider, square: Square, bits: u32) -> FromTop {
        let (ids, _) = crate::search::exhaustive::attack_ids(&reference(slider, square));
        FromTop::new(relevant_mask(slider, square), bits, ids.into_iter())
    }

    /// The definition, written out: `m` is a black magic when no two occupancies with different
    /// attack sets share `((occ | !mask) * m) >> (64 - bits)`.
    fn is_black_magic(reference: &[(u64, u64)], mask: u64, bits: u32, magic: u64) -> bool {
        let mut held: Vec<Option<u64>> = vec![None; 1 << bits];
        reference.iter().all(|&(occ, attack)| {
            let slot = ((occ | !mask).wrapping_mul(magic) >> (64 - bits)) as usize;
            *held[slot].get_or_insert(attack) == attack
        })
    }

    /// The span of `magic`'s used slots (highest minus lowest), as the packer measures it.
    fn span(reference: &[(u64, u64)], mask: u64, bits: u32, magic: u64) -> u64 {
        let slots = reference.iter().map(|&(occ, _)| (occ | !mask).wrapping_mul(magic) >> (64 - bits));
        let (low, high) = slots.fold((u64::MAX, 0), |(l, h), s| (l.min(s), h.max(s)));
        high - low
    }

    fn splitmix(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The published one-bit-fewer black magic of rook d2 (Sp00ph's engine, the 76,411-entry
    /// table of `../shared/records/black_variable_sp00ph_wakwak_76411.csv`): comparison data.
    pub(in crate::search) const PUBLISHED_D2: u64 = 0x9426_0015_D5CE_0002;

    /// A black magic of `slider` on `square` with `bits` bits drawn at random (sparse
    /// candidates, the textbook family), so that an interval around it holds magics.
    fn planted(slider: Slider, square: Square, bits: u32, seed: &mut u64) -> u64 {
        let (mask, reference) = (relevant_mask(slider, square), reference(slider, square));
        (0..10_000_000)
            .map(|_| splitmix(seed) & splitmix(seed) & splitmix(seed))
            .find(|&m| is_black_magic(&reference, mask, bits, m))
            .expect("a black magic among ten million sparse candidates")
    }

    /// Where an interval of `2^width` negations holding `n`'s class starts.
    fn interval_of(top: &FromTop, n: u64, width: u32) -> u64 {
        n & ((1u64 << top.period) - 1) & !((1u64 << width) - 1)
    }

    #[test]
    fn classes_in_an_interval_are_exactly_the_brute_force_ones() {
        let mut seed = 5;
        // Intervals around magics drawn at random, and around the published d2 magic (rare
        // magics: one bit fewer than the mask), which must be found.
        let mut cases: Vec<(Slider, &str, u32, u64)> = vec![];
        for (slider, name, bits) in [(Slider::Bishop, "b1", 5), (Slider::Bishop, "c1", 5), (Slider::Rook, "h8", 12)] {
            for _ in 0..2 {
                let m = planted(slider, sq(name), bits, &mut seed);
                cases.push((slider, name, bits, m));
            }
        }
        cases.push((Slider::Rook, "d2", 9, PUBLISHED_D2));
        let width = 11;
        for (slider, name, bits, magic) in cases {
            let square = sq(name);
            let (mask, reference) = (relevant_mask(slider, square), reference(slider, square));
            let top = search(slider, square, bits);
            let n = magic.wrapping_neg();
            let a = interval_of(&top, n, width);
            let brute: Vec<u64> =
                (a..a + (1 << width)).filter(|&n| is_black_magic(&reference, mask, bits, n.wrapping_neg())).collect();
            assert!(brute.contains(&(n & ((1 << top.period) - 1))), "{slider} {name}: the class of {magic:#x}");
            assert_eq!(top.classes_in(a, width), brute, "{slider} {name} {bits} bits from {a:#x}");
        }
    }

    #[test]
    fn each_class_is_reported_at_its_narrowest_rotation() {
        let mut seed = 9;
        for (slider, name, bits) in [(Slider::Bishop, "b1", 5), (Slider::Rook, "h8", 12), (Slider::Rook, "d2", 9)] {
            let square = sq(name);
            let (mask, reference) = (relevant_mask(slider, square), reference(slider, square));
            let top = search(slider, square, bits);
            let magic = if name == "d2" { PUBLISHED_D2 } else { planted(slider, square, bits, &mut seed) };
            let classes = top.classes_in(interval_of(&top, magic.wrapping_neg(), 8), 8);
            assert!(!classes.is_empty(), "{slider} {name}");
            for n in classes {
                let magic = top.narrowest(n);
                assert!(is_black_magic(&reference, mask, bits, magic));
                // Every rotation of the class, by a multiple of 2^K added to the negation.
                let rotations = (0..1u64 << (64 - top.period)).map(|q| n.wrapping_add(q << top.period).wrapping_neg());
                let best = rotations.map(|m| span(&reference, mask, bits, m)).min();
                assert_eq!(Some(span(&reference, mask, bits, magic)), best, "{slider} {name} {n:#x}");
                assert_eq!(magic.wrapping_neg() & ((1 << top.period) - 1), n, "the same class");
            }
        }
    }

    #[test]
    fn the_period_is_where_adding_to_the_negation_only_rotates() {
        // Rook d2 (lowest square 9) with 9 bits: 55 bits; rook a1 (lowest square 1) with 12: 63.
        assert_eq!(search(Slider::Rook, sq("d2"), 9).period, 55);
        assert_eq!(search(Slider::Rook, sq("a1"), 12).period, 63);
        assert_eq!(search(Slider::Rook, sq("a1"), 12).step, 11);
        // Adding q * 2^K to n moves every key by q * 2^step slots, whatever n.
        let mut seed = 3;
        for (slider, name, bits) in [(Slider::Rook, "d2", 9), (Slider::Rook, "a1", 12), (Slider::Bishop, "c1", 4)] {
            let top = search(slider, sq(name), bits);
            let slots = 1u64 << bits;
            for _ in 0..20 {
                let (n, q) = (splitmix(&mut seed), splitmix(&mut seed) >> top.period);
                let moved = n.wrapping_add(q << top.period);
                for &(u, _) in &top.points {
                    let rotated = (top.slot(u, n) as u64 + (q << top.step)) % slots;
                    assert_eq!(top.slot(u, moved) as u64, rotated, "{slider} {name}");
                }
            }
        }
    }
}
