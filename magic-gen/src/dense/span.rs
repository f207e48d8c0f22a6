//! The per-square span search: black magics whose indices span few slots, for the dense black
//! tables. The smallest published per-square-shift table owes its size to such spans, not to
//! overlap (its spans sum to 78,091 and overlap saves 1,680; rook a1 spans 2,685 of its 4,096
//! slots there), and the packer's own streams almost never draw them: their valid candidates
//! wrap around the index range.
//!
//! The search tests the candidates of the span stream ([`crate::search::span_stream`]: sparse
//! magics whose bit costs fit a budget, so that a valid one spans at most its budget) and keeps
//! the valid ones with the shortest spans. Each square is independent, and a candidate depends
//! only on the seed, the square, its index bits and its number, so the search runs as one job
//! per square and a kept magic is re-derived in O(1) from its number (`span:N` in a recipe).

use crate::geometry::Occupancies;
use crate::magic_set::Indexing;
use crate::search::climb_stream::{ClimbPath, MAX_MOVES, MAX_PATH, climb_move, climb_moves};
use crate::search::few_term_stream::{rotated_down, rotation_bits};
use crate::search::span_stream::{SpanCosts, span_candidates};
use crate::search::term_sums::{SumPart, TermSum, TermSums};
use crate::search::terms::cost;

use super::square::{CandidateTester, SquareData};

mod anneal;
pub use anneal::{Anneal, CYCLE as ANNEAL_CYCLE, MAX_ANNEAL_MOVES, MAX_CHAINS, WINDOWS as ANNEAL_WINDOWS};

/// How many of the shortest-span magics a search keeps.
pub const KEEP: usize = 64;

/// Climbs of one span search (`span --climb T`): climb `i` (0-based) tries the moves
/// `i·T + 1 ..= (i + 1)·T` from the `i mod s`-th best of the `s` best candidates (at most
/// [`CLIMBS`]). A strict climb stops at the first magic no move of its range shortens, and
/// which one that is depends on the moves tried, so climbs over other moves from one start
/// reach other magics.
pub const CLIMBS: usize = 8;

/// What a climb takes as better ([`SpanSearch::climb`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// From a span candidate: a shorter span, or the same and fewer used slots.
    Span,
    /// From a walk: a lower cost (then span, then used slots), or a lower span plus cost
    /// (then used slots).
    Walk,
}

/// A magic as a climb compares it: `(magic, span, used)`.
type Shape = (u64, u32, u32);

impl Rule {
    /// The rule of a climb from `start`.
    fn of(start: &SpanFound) -> Rule {
        if start.walk.is_some() { Rule::Walk } else { Rule::Span }
    }

    /// The most moves such a climb takes.
    fn most_moves(self) -> usize {
        match self {
            Rule::Span => MAX_MOVES,
            Rule::Walk => MAX_PATH,
        }
    }

    /// Whether a climb by this rule takes `new` over `old`.
    fn better(self, search: &SpanSearch, new: Shape, old: Shape) -> bool {
        let ((new_magic, new_span, new_used), (old_magic, old_span, old_used)) = (new, old);
        match self {
            Rule::Span => (new_span, new_used) < (old_span, old_used),
            Rule::Walk => {
                let (new_cost, old_cost) = (search.cost(new_magic), search.cost(old_magic));
                (new_cost, new_span, new_used) < (old_cost, old_span, old_used)
                    || (search.slots(new_span) + new_cost, new_used) < (search.slots(old_span) + old_cost, old_used)
            }
        }
    }
}

/// A valid black magic of the span stream, climbed or not, or a climb from a magic of the
/// packer's valid-space walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpanFound {
    /// Its candidate number (1-based): the start of its climb; for a climb from a walk, the
    /// walk's number (1-based).
    pub number: u64,
    /// For a climb from a walk (`walk:N@K+a.b.c`, [`SpanSearch::walked`]): the stream position
    /// `K` of the packer's stream the walk started from. `None` for the span stream's magics.
    pub walk: Option<u64>,
    /// The moves it climbed from that candidate (none for the candidate itself).
    pub climb: ClimbPath,
    /// The black magic (rotated to its shortest span by the stream).
    pub magic: u64,
    /// Its span: highest used index − lowest + 1.
    pub span: u32,
    /// Its used indices.
    pub used: u32,
    /// For a term sum (`terms:+1.2+3.13…`, [`SpanSearch::term_sums`]): the sum, whose value
    /// turned to its shortest span is the magic; `number` is then 0. `None` otherwise.
    pub sum: Option<TermSum>,
    /// For a magic of the annealing from the magic the other fields name (`…~j.m`,
    /// [`SpanSearch::anneal`]): its chain and move. `None` otherwise.
    pub anneal: Option<Anneal>,
}

impl SpanFound {
    /// Span candidate `number` (`walk`: `None`) or walk `number` from stream position `walk`,
    /// not climbed, with its `(magic, span, used)`.
    fn unclimbed(number: u64, walk: Option<u64>, (magic, span, used): Shape) -> SpanFound {
        SpanFound { number, walk, climb: ClimbPath::default(), magic, span, used, sum: None, anneal: None }
    }

    /// The order of merit: shorter span, then fewer used slots, then the earlier candidate (a
    /// span candidate before a walk) and the shorter climb.
    pub fn merit(&self) -> (u32, u32, Option<u64>, u64, ClimbPath, Option<TermSum>, Option<Anneal>) {
        (self.span, self.used, self.walk, self.number, self.climb, self.sum, self.anneal)
    }

    /// The order of a list's rows: by candidate (span candidates, then walks by their start),
    /// a candidate before its climbs; term sums by their terms; a magic before its annealings.
    pub fn list_order(&self) -> (Option<TermSum>, Option<u64>, u64, ClimbPath, Option<Anneal>) {
        (self.sum, self.walk, self.number, self.climb, self.anneal)
    }

    /// Its name in a list: `N` or `N+a.b.c`, `walk:N@K+a.b.c` for a climb from a walk, or
    /// `terms:+1.2+3.13…` for a term sum; any of them followed by `~j.m` when annealed.
    pub fn name(&self) -> String {
        let annealed = self.anneal.map_or(String::new(), |a| a.to_string());
        match (self.sum, self.walk) {
            (Some(sum), _) => format!("terms:{sum}{annealed}"),
            (None, Some(start)) => format!("walk:{}@{start}{}{annealed}", self.number, self.climb),
            (None, None) => format!("{}{}{annealed}", self.number, self.climb),
        }
    }
}

/// The span search of one (slider, square) for a number of index bits.
#[derive(Clone, Debug)]
pub struct SpanSearch {
    costs: SpanCosts,
    data: SquareData,
}

impl SpanSearch {
    /// The search of `occupancies`' square for black magics of `bits` index bits (1 to 12, at
    /// most the mask's size).
    pub fn new(occupancies: &Occupancies, bits: u32) -> Result<SpanSearch, String> {
        let (slider, square) = (occupancies.slider, occupancies.square);
        let most = occupancies.mask.count_ones().min(12);
        if !(1..=most).contains(&bits) {
            return Err(format!("{slider} {square}: {bits} index bits is out of range: 1 to {most}"));
        }
        Ok(SpanSearch {
            costs: SpanCosts::new(slider, square, bits),
            data: SquareData::with_bits(occupancies, Indexing::Black, bits),
        })
    }

    /// `magic`'s cost ([`cost`]): the summed index weights of the mask bits, in units of
    /// `2^(64 - bits)` a slot.
    fn cost(&self, magic: u64) -> u128 {
        cost(magic, self.costs.mask())
    }

    /// `slots` slots in the cost's units.
    fn slots(&self, slots: u32) -> u128 {
        u128::from(slots) << (64 - self.costs.bits())
    }

    /// Candidate `number` (1-based), if it is a valid magic.
    pub fn candidate(&self, seed: u64, number: u64, tester: &mut CandidateTester) -> Option<SpanFound> {
        let magic = crate::search::span_stream::span_candidate(seed, &self.costs, number);
        self.found(number, magic, tester)
    }

    fn found(&self, number: u64, magic: u64, tester: &mut CandidateTester) -> Option<SpanFound> {
        self.measure(magic, tester).map(|(span, used)| SpanFound::unclimbed(number, None, (magic, span, used)))
    }

    /// The span and used slots of `magic` if it is valid.
    fn measure(&self, magic: u64, tester: &mut CandidateTester) -> Option<(u32, u32)> {
        if !tester.is_valid(&self.data, magic) {
            return None;
        }
        let candidate = tester.candidate(&self.data, 0, magic);
        Some((candidate.span, candidate.used.len() as u32))
    }

    /// `magic` turned to its shortest span, with that span and its used slots, if it is valid.
    ///
    /// A black magic can move all its indices together, modulo the index range, by multiples
    /// of `2^j` slots ([`rotation_bits`]); the turn that cuts the index circle inside its
    /// longest free run (the first such run from index 0 on ties, cut at the first multiple of
    /// `2^j` in it) leaves the shortest span. Used slots do not change with the turn.
    fn shortest(&self, magic: u64, tester: &mut CandidateTester) -> Option<(u64, u32, u32)> {
        self.shortest_with(magic, tester, &mut Vec::new())
    }

    /// [`SpanSearch::shortest`] with a scratch list of used indices.
    fn shortest_with(&self, magic: u64, tester: &mut CandidateTester, slots: &mut Vec<u32>) -> Option<(u64, u32, u32)> {
        if !tester.is_valid(&self.data, magic) {
            return None;
        }
        tester.used_indices(&self.data, slots);
        let used = slots.len() as u32;
        let (mask, bits) = (self.costs.mask(), self.costs.bits());
        let j = rotation_bits(mask, bits);
        if j >= bits {
            return Some((magic, slots[slots.len() - 1] - slots[0] + 1, used));
        }
        let (n, step) = (1u64 << bits, 1u64 << j);
        // The free run after each used slot `a` (to the next used slot, around the circle): its
        // cut points are the boundaries before slots a + 1 ..= a + 1 + run.
        let mut best: Option<(u64, u64)> = None; // (run, cut)
        for (i, &a) in slots.iter().enumerate() {
            let a = u64::from(a);
            let next = match slots.get(i + 1) {
                Some(&next) => u64::from(next),
                None => u64::from(slots[0]) + n,
            };
            let run = next - a - 1;
            let first = a + 1;
            let cut = first.div_ceil(step) * step;
            if cut <= first + run && best.is_none_or(|(longest, _)| run > longest) {
                best = Some((run, cut % n));
            }
        }
        let (run, cut) = best.expect("a cut at a used slot's boundary always exists when a turn is a slot");
        let turned = if cut == 0 { magic } else { rotated_down(magic, mask, bits, cut / step) };
        Some((turned, (n - run) as u32, used))
    }

    /// Candidate `number` climbed by the moves of `climb`, if every move keeps it valid and
    /// shortens it as a climb does (span, then used slots); `None` otherwise. This is what a
    /// list row or a recipe's `span:N+a.b.c` row re-derives: one seek and a move per step.
    pub fn derive(&self, seed: u64, number: u64, climb: &ClimbPath, tester: &mut CandidateTester) -> Option<SpanFound> {
        let start = self.candidate(seed, number, tester)?;
        self.replay(seed, start, climb, tester)
    }

    /// The start of a climb from walk `number` (1-based) of the packer's valid-space walks,
    /// started at stream position `start`, whose magic is `magic`: that magic turned to its
    /// shortest span, if it is valid. The walk scores its own span (with its gap), so its
    /// magic may sit at another turn.
    pub fn walked(&self, number: u64, start: u64, magic: u64, tester: &mut CandidateTester) -> Option<SpanFound> {
        self.shortest(magic, tester).map(|shape| SpanFound::unclimbed(number, Some(start), shape))
    }

    /// What a `walk:N@K+a.b.c` row re-derives once its walk is walked again (its magic
    /// `walk_magic`): [`SpanSearch::walked`], then every move of `climb`, each of which must
    /// still shorten it; `None` otherwise.
    pub fn derive_walked(
        &self,
        seed: u64,
        (number, start): (u64, u64),
        walk_magic: u64,
        climb: &ClimbPath,
        tester: &mut CandidateTester,
    ) -> Option<SpanFound> {
        let first = self.walked(number, start, walk_magic, tester)?;
        self.replay(seed, first, climb, tester)
    }

    /// `found` moved by each move of `climb` in turn, each required to keep it valid and
    /// better it by its climb's rule ([`SpanSearch::climb`]), and no more moves than its climb
    /// takes.
    fn replay(
        &self,
        seed: u64,
        mut found: SpanFound,
        climb: &ClimbPath,
        tester: &mut CandidateTester,
    ) -> Option<SpanFound> {
        let rule = Rule::of(&found);
        if climb.moves().len() > rule.most_moves() {
            return None;
        }
        let (slider, square) = (self.data.slider, self.data.square);
        for &p in climb.moves() {
            let (magic, span, used) = self.shortest(climb_move(seed, slider, square, p).apply(found.magic), tester)?;
            if !rule.better(self, (magic, span, used), (found.magic, found.span, found.used)) {
                return None;
            }
            found = SpanFound { climb: found.climb.then(p)?, magic, span, used, ..found };
        }
        Some(found)
    }

    /// `start` climbed: the moves `moves` of the square's climb stream tried in order, each
    /// taken if the moved magic (turned to its shortest span) is valid and better by the
    /// climb's rule:
    ///
    /// * from a span candidate, a shorter span, or the same span and fewer used slots; it stops
    ///   after [`MAX_MOVES`] moves taken;
    /// * from a walk, a lower cost (`Σ_b |s_b|` over the mask bits, [`cost`]: the index weights
    ///   of the mask bits, which bound the span once below the index range; then span, then
    ///   used slots), or a lower sum of span and cost in slots (then used slots); it stops
    ///   after [`MAX_PATH`] moves taken. A walk's magic spreads its indices over the whole
    ///   circle (rook e2: span 1,007, cost about 1,400 slots) and hardly a move shortens that
    ///   span, while many lower the cost until the indices leave a run free (e2: 860 from its
    ///   walks); on edge squares the sum falls with the span (rook f1: 2,036 to 1,791). Each
    ///   half alone loses squares (measured from the same walks and moves: span alone stops e2
    ///   at 1,006; cost alone f1 at 2,038; the sum alone c2 at 1,008, where the rule reaches
    ///   894).
    ///
    /// It stops early when `stop` is set (checked every 2^20 moves; `None` then, so that a
    /// stopped climb is never kept as a finished one).
    pub fn climb(
        &self,
        seed: u64,
        start: SpanFound,
        moves: std::ops::RangeInclusive<u64>,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Option<SpanFound> {
        let mut tester = CandidateTester::default();
        let mut slots = Vec::new();
        let (slider, square) = (self.data.slider, self.data.square);
        let rule = Rule::of(&start);
        let mut found = start;
        // A walk's climb refuses a magic whose cost alone reaches the span plus cost before
        // testing it: neither its cost nor its sum can be lower (a turn keeps the cost, and a
        // span is at least one slot).
        let mut bound = self.slots(found.span) + self.cost(found.magic);
        let first = (*moves.start()).max(start.climb.moves().last().map_or(1, |&last| last + 1));
        for (p, step) in climb_moves(seed, slider, square, first) {
            if p > *moves.end() || found.climb.moves().len() == rule.most_moves() {
                break;
            }
            if p % (1 << 20) == 0 && stop.load(std::sync::atomic::Ordering::Relaxed) {
                return None;
            }
            let moved = step.apply(found.magic);
            if rule == Rule::Walk && self.cost(moved) >= bound {
                continue;
            }
            let shorter = self.shortest_with(moved, &mut tester, &mut slots).filter(|&(magic, span, used)| {
                rule.better(self, (magic, span, used), (found.magic, found.span, found.used))
            });
            if let Some((magic, span, used)) = shorter {
                bound = self.slots(span) + self.cost(magic);
                found = SpanFound {
                    climb: found.climb.then(p).expect("checked: room and order"),
                    magic,
                    span,
                    used,
                    ..found
                };
            }
        }
        Some(found)
    }

    /// What a `terms:` row names: the value of `sum` turned to its shortest span, if it is a
    /// valid magic. This is what a list row or a recipe's `terms:` row re-derives: one test.
    pub fn summed(&self, sum: TermSum, tester: &mut CandidateTester) -> Option<SpanFound> {
        self.summed_with(sum, tester, &mut Vec::new())
    }

    /// [`SpanSearch::summed`] with a scratch list of used indices.
    fn summed_with(&self, sum: TermSum, tester: &mut CandidateTester, slots: &mut Vec<u32>) -> Option<SpanFound> {
        let (magic, span, used) = self.shortest_with(sum.value(self.costs.bits()), tester, slots)?;
        Some(SpanFound {
            number: 0,
            walk: None,
            climb: ClimbPath::default(),
            magic,
            span,
            used,
            sum: Some(sum),
            anneal: None,
        })
    }

    /// Whether `magic`'s cost is at most `bound` slots.
    pub fn costs_at_most(&self, magic: u64, bound: u64) -> bool {
        self.cost(magic) <= u128::from(bound) << (64 - self.costs.bits())
    }

    /// The enumeration of this square's term sums of at most `most_terms` terms and a cost of
    /// at most `bound` slots ([`crate::search::term_sums`]).
    pub fn term_sums(&self, most_terms: usize, bound: u32) -> Result<TermSums, String> {
        TermSums::new(self.costs.mask(), self.costs.bits(), most_terms, bound)
    }

    /// The [`KEEP`] best (by [`SpanFound::merit`]) valid magics the listed sums of the parts
    /// `parts` of `sums` name, each plus every fraction of `fractions` (quarters of a slot,
    /// [`crate::search::term_sums::fractions`]), in list order. Stops early, with `None`, when
    /// `stop` is set (looked at every few thousand sums visited).
    pub fn scan_sums(
        &self,
        sums: &TermSums,
        parts: &[SumPart],
        fractions: &[u8],
        stop: &std::sync::atomic::AtomicBool,
    ) -> Option<Vec<SpanFound>> {
        let mut tester = CandidateTester::default();
        let mut slots = Vec::new();
        let mut kept: Vec<SpanFound> = Vec::new();
        for &part in parts {
            let finished = sums.each_in(part, stop, &mut |terms, _| {
                for &quarters in fractions {
                    let sum = TermSum::new(terms, quarters).expect("the enumeration's sums are term sums");
                    if let Some(found) = self.summed_with(sum, &mut tester, &mut slots) {
                        kept.push(found);
                        if kept.len() >= 4 * KEEP {
                            kept = keep_best_sums(&kept, &[]);
                        }
                    }
                }
                true
            });
            if !finished {
                return None;
            }
        }
        Some(keep_best_sums(&kept, &[]))
    }

    /// The valid candidates among `from ..= to` (1-based), in order.
    pub fn scan(&self, seed: u64, from: u64, to: u64) -> Vec<SpanFound> {
        let mut tester = CandidateTester::default();
        if from > to {
            return Vec::new();
        }
        span_candidates(seed, &self.costs, from)
            .take((to - from + 1) as usize)
            .filter_map(|(number, magic)| self.found(number, magic, &mut tester))
            .collect()
    }
}

/// [`keep_best`] for term sums, keeping one sum of each magic (the best by merit: several sums
/// can name one magic, and the list would fill with them).
pub fn keep_best_sums(kept: &[SpanFound], more: &[SpanFound]) -> Vec<SpanFound> {
    let mut all: Vec<SpanFound> = kept.iter().chain(more).copied().collect();
    all.sort_by_key(SpanFound::merit);
    let mut magics = std::collections::BTreeSet::new();
    all.retain(|f| magics.insert(f.magic));
    all.truncate(KEEP);
    all.sort_by_key(SpanFound::list_order);
    all
}

/// The climbs of `list`'s candidates ([`CLIMBS`]): `(start, moves)` for each, from the
/// candidates that did not climb, best first.
pub fn climb_plan(list: &[SpanFound], tries: u64) -> Vec<(SpanFound, std::ops::RangeInclusive<u64>)> {
    let mut starts: Vec<SpanFound> = list.iter().copied().filter(|f| f.climb.is_empty()).collect();
    starts.sort_by_key(SpanFound::merit);
    starts.truncate(CLIMBS);
    if starts.is_empty() {
        return Vec::new();
    }
    cycled(&starts, CLIMBS as u64, tries)
}

/// `climbs` climbs of `tries` moves each: climb `j` (0-based) from `starts[j mod s]` over the
/// moves `j·T + 1 ..= (j + 1)·T`.
fn cycled(starts: &[SpanFound], climbs: u64, tries: u64) -> Vec<(SpanFound, std::ops::RangeInclusive<u64>)> {
    (0..climbs).map(|j| (starts[(j % starts.len() as u64) as usize], j * tries + 1..=(j + 1) * tries)).collect()
}

/// The climbs of `span --walks … --rounds R`: `R` from each walk of `walked`; climb `j`
/// (0-based) starts from walk `j mod W` (`W` walks, in their order) and tries the moves
/// `j·T + 1 ..= (j + 1)·T`. A walk's magic sits in a valley of its own, and a strict climb stops
/// in whichever local floor its moves reach first: which start and which moves go furthest is
/// luck (rook g5 from its walks: 817 slots with `T` = 250,000, 992 with 1,000,000, 1,015 with
/// 4,000,000), so many short climbs from every walk beat a few long ones.
pub fn walk_climb_plan(
    walked: &[SpanFound],
    tries: u64,
    rounds: u64,
) -> Vec<(SpanFound, std::ops::RangeInclusive<u64>)> {
    cycled(walked, walked.len() as u64 * rounds, tries)
}

/// `kept` and `more` merged, keeping the [`KEEP`] of best merit, in increasing order of
/// (number, climb).
pub fn keep_best(kept: &[SpanFound], more: &[SpanFound]) -> Vec<SpanFound> {
    let mut all: Vec<SpanFound> = kept.iter().chain(more).copied().collect();
    all.sort_by_key(SpanFound::merit);
    all.dedup_by_key(|f| f.list_order());
    all.truncate(KEEP);
    all.sort_by_key(SpanFound::list_order);
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::ReferenceSet;
    use crate::search::terms::cost;
    use magic_tables_core::Slider;

    /// Bishop c1 at 5 bits: its span stream has valid magics within the first thousands.
    fn bishop_c1() -> (crate::geometry::Occupancies, SpanSearch) {
        let occupancies = ReferenceSet::new().get(Slider::Bishop, "c1".parse().unwrap()).clone();
        let search = SpanSearch::new(&occupancies, 5).unwrap();
        (occupancies, search)
    }

    /// The search finds valid magics within the range, the same ones from any starting point,
    /// and each re-derives from its number.
    #[test]
    fn scans_find_valid_magics_and_agree_with_their_numbers() {
        let (occupancies, search) = bishop_c1();
        let found = search.scan(1, 1, 40_000);
        assert!(found.len() > 3, "{}", found.len());
        let halves = [search.scan(1, 1, 20_000), search.scan(1, 20_001, 40_000)].concat();
        assert_eq!(halves, found);
        let mut tester = CandidateTester::default();
        for hit in &found {
            assert_eq!(search.candidate(1, hit.number, &mut tester), Some(*hit));
            assert!(cost(hit.magic, occupancies.mask) <= 1 << 64);
            assert!(hit.span <= 32);
        }
        let best = keep_best(&found[..2], &found[2..]);
        assert_eq!(best.len(), found.len().min(KEEP));
        assert!(best.windows(2).all(|w| w[0].number < w[1].number));
    }

    /// Climbs shorten (never lengthen) their starts, their magics have the span they state once
    /// indexed, and replaying the moves gives them again; a path with a move dropped or added
    /// does not.
    #[test]
    fn climbs_shorten_and_replay() {
        let (_, search) = bishop_c1();
        let found = search.scan(1, 1, 40_000);
        let plan = climb_plan(&found, 20_000);
        assert_eq!(plan.len(), CLIMBS);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let mut tester = CandidateTester::default();
        let mut moved = 0;
        for (start, moves) in plan {
            let climbed = search.climb(1, start, moves.clone(), &stop).unwrap();
            assert!(climbed.merit() <= start.merit());
            assert!(climbed.climb.moves().iter().all(|p| moves.contains(p)));
            assert_eq!(search.measure(climbed.magic, &mut tester), Some((climbed.span, climbed.used)));
            assert_eq!(search.derive(1, start.number, &climbed.climb, &mut tester), Some(climbed));
            if let Some((&last, rest)) = climbed.climb.moves().split_last() {
                moved += 1;
                let mut shorter = ClimbPath::default();
                for &p in rest {
                    shorter = shorter.then(p).unwrap();
                }
                assert_ne!(search.derive(1, start.number, &shorter, &mut tester), Some(climbed));
                // A move the climb did not take is refused.
                let extra = shorter.then(last + 1).and_then(|path| path.then(last + 2)).unwrap();
                assert_ne!(search.derive(1, start.number, &extra, &mut tester).map(|f| f.magic), Some(climbed.magic));
            }
        }
        assert!(moved >= 4, "{moved} of {CLIMBS} climbs took a move");
        // A stopped climb gives nothing.
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(search.climb(1, found[0], 1..=(1 << 21), &stop), None);
    }

    /// Climbs from walks: each walk climbs over its own moves by its rule, a climb
    /// replays from the walk's magic and its start, and not from another walk's magic or with
    /// a move dropped; an invalid magic starts nothing.
    #[test]
    fn walk_climbs_replay_from_their_walk() {
        let (_, search) = bishop_c1();
        let mut tester = CandidateTester::default();
        // Valid magics standing in for a walk's: the span stream's, linear and unturned.
        let magics: Vec<u64> = search.scan(1, 1, 40_000).iter().map(|f| f.magic).take(6).collect();
        let walked: Vec<SpanFound> = (1..)
            .zip(&magics)
            .map(|(number, &magic)| search.walked(number, 1000 + number, magic, &mut tester).unwrap())
            .collect();
        assert_eq!(walked[2].name(), "walk:3@1003");
        assert_eq!(search.walked(1, 5, 0, &mut tester), None);
        let plan = walk_climb_plan(&walked, 20_000, 2);
        assert_eq!(plan.len(), 2 * walked.len());
        assert_eq!(plan[1].1, 20_001..=40_000);
        let w = walked.len();
        assert_eq!((plan[w].0, plan[w].1.clone()), (walked[0], w as u64 * 20_000 + 1..=(w as u64 + 1) * 20_000));
        let stop = std::sync::atomic::AtomicBool::new(false);
        let mut moved = 0;
        for ((start, moves), &magic) in plan.into_iter().zip(magics.iter().cycle()) {
            let climbed = search.climb(1, start, moves, &stop).unwrap();
            // Each move kept by the walk rule (the replay below checks every one of them).
            assert_eq!(climbed.walk, start.walk);
            assert!(climbed.climb.moves().len() <= MAX_PATH);
            let key = (climbed.number, climbed.walk.unwrap());
            assert_eq!(search.derive_walked(1, key, magic, &climbed.climb, &mut tester), Some(climbed));
            if let Some((_, rest)) = climbed.climb.moves().split_last() {
                moved += 1;
                let mut shorter = ClimbPath::default();
                for &p in rest {
                    shorter = shorter.then(p).unwrap();
                }
                assert_ne!(search.derive_walked(1, key, magic, &shorter, &mut tester), Some(climbed));
                let other = magics.iter().copied().find(|&m| m != magic).unwrap();
                assert_ne!(
                    search.derive_walked(1, key, other, &climbed.climb, &mut tester).map(|f| f.magic),
                    Some(climbed.magic)
                );
            }
        }
        assert!(moved >= 2, "{moved} of {} climbs took a move", magics.len());
    }

    #[test]
    fn bad_bits_are_refused_with_the_square_named() {
        let references = ReferenceSet::new();
        let d4 = references.get(Slider::Rook, "d4".parse().unwrap());
        assert!(SpanSearch::new(d4, 11).unwrap_err().starts_with("rook d4: 11 index bits is out of range: 1 to 10"));
        assert!(SpanSearch::new(d4, 0).is_err());
    }
}
