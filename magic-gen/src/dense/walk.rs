//! Valid-space walks: per square, Metropolis walks over magics that never leave the valid ones,
//! towards candidates with few used slots *and* a short span, which the packer's streams almost
//! never draw (the published record tables stand on such squares: rook b1 uses 1,088 slots over
//! a span of 2,640, where a dense block would use all 4,096).
//!
//! A walk starts from a valid candidate of the square's stream and makes `steps` moves, each
//! one of: flip a bit, flip two bits, add or subtract `c·2^e` (`c` in 1, 3, 5, 7). A move to a
//! magic with a destructive collision is refused. Otherwise the walk scores
//! `used + weight · span` and accepts a worse score with probability `exp(-Δ / T)`, `T` falling
//! geometrically from 100 to 1 slot over the walk; it returns the best magic it saw. The span is
//! the shortest the square can get by moving all its indices together: a black magic can move
//! them by multiples of `2^j` slots ([`rotation_bits`]) at no cost, so the walk scores that span
//! and its result is moved there; a white magic's empty board stays at index 0. With a gap
//! `G` (`pack --walk-gap`), free runs of `G` slots or more inside the span do not count: they
//! are room for other squares, between the clusters of a white magic with weights of both signs.
//!
//! Each (square, walk) has its own ChaCha stream position (stream set
//! [`StreamSet::Walk`], walk `w` at word `w · 2^48`), and every decision uses integer or
//! IEEE-exact arithmetic ([`exp_neg`]), so the walks' results depend only on the seed, the
//! square's stream and the walk's parameters: a resumed run walks again and finds the same
//! magics, on any machine and thread count.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rand_chacha::rand_core::Rng;

use crate::search::few_term_stream::{rotated_down, rotation_bits};
use crate::search::{StreamSet, square_rng};

use super::rng::exp_neg;
use super::slots::{large_runs_inside, shortest_span};
use super::square::{Candidate, CandidateTester, SquareData};

/// The position of walk `number` (1-based) of a square, as its candidates carry it: the top bit
/// set, so that it never meets a stream position, the walk number in the low [`WALK_BITS`] bits
/// and the stream position of the walk's start above them ([`walked_position`]).
pub const WALKED: u64 = 1 << 63;

/// Bits of a walked candidate's position that hold its walk number (walks are at most 1,024).
pub const WALK_BITS: u32 = 11;

/// The position a walked candidate carries: walk `number` (below 2^11; higher bits are dropped)
/// from the magic at stream position `start` (below 2^52).
pub fn walked_position(number: u64, start: u64) -> u64 {
    debug_assert!(start < 1 << (63 - WALK_BITS));
    WALKED | start << WALK_BITS | (number & ((1 << WALK_BITS) - 1))
}

/// The walk number of a candidate position, if it is a walked candidate's.
pub fn walk_number(position: u64) -> Option<u64> {
    (position & WALKED != 0).then_some(position & ((1 << WALK_BITS) - 1))
}

/// The stream position of a walked candidate's start, if it is a walked candidate's.
pub fn walk_start(position: u64) -> Option<u64> {
    (position & WALKED != 0).then_some((position & !WALKED) >> WALK_BITS)
}

/// Span weight of walk `number` (1-based): walks cycle through four weights, so that a square
/// gets both short candidates with more slots and long ones with fewer.
fn span_weight(number: u64) -> f64 {
    [0.2, 0.5, 1.0, 0.3][((number - 1) % 4) as usize]
}

/// Starting temperature of every walk, in slots; it falls geometrically to 1.
const START_TEMPERATURE: f64 = 100.0;

/// `ln(START_TEMPERATURE)` as a constant (2 · ln 10, exact in binary), not a library `ln`,
/// which a host may round differently.
const LN_START_TEMPERATURE: f64 = 2.0 * std::f64::consts::LN_10;

/// The scratch of a walk's evaluations: epoch-stamped slots (as in [`CandidateTester`]) and the
/// bitset of used ones.
struct Scratch {
    epoch: u32,
    stamps: Vec<u32>,
    ids: Vec<u16>,
    used: Vec<u64>,
}

/// A valid magic's used slots and the span a rotation gives it, as a walk scores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    used: u32,
    /// The shortest span less its free runs of at least the square's `gap` slots (the whole
    /// span without a gap): the slots the square's clusters cover, room inside it being left
    /// to others. The walk scores this, not the span.
    covered: u32,
    /// Where that span starts (a multiple of the rotation step, or 0).
    cut: u32,
}

/// How a square's indices may move together: by multiples of `granule` slots (the whole range
/// for a magic that cannot move them: white magics, and black ones with `j >= bits`).
#[derive(Clone, Copy, Debug)]
struct Square<'a> {
    data: &'a SquareData,
    mask: u64,
    bits: u32,
    granule: usize,
    /// Free runs of at least this many slots inside the span do not count towards its score
    /// (0: every slot counts).
    gap: usize,
}

impl<'a> Square<'a> {
    /// `data` as its walks see it: a black magic moves its indices by steps of `2^j` slots
    /// ([`rotation_bits`]), any other by none.
    fn new(data: &'a SquareData, black: bool, gap: usize) -> Self {
        let mask = magic_tables_core::geometry::relevant_mask(data.slider, data.square);
        let bits = 64 - data.shift;
        let j = rotation_bits(mask, bits);
        let granule = if black && j < bits { 1 << j } else { data.range() };
        Square { data, mask, bits, granule, gap }
    }
}

impl Scratch {
    fn new() -> Self {
        Scratch { epoch: 0, stamps: vec![0; 4096], ids: vec![0; 4096], used: vec![0; 64] }
    }

    /// The shape of `magic` on `square`, or `None` if two occupancies with different attack
    /// sets share an index.
    fn shape(&mut self, square: &Square, magic: u64) -> Option<Shape> {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamps.fill(0);
            self.epoch = 1;
        }
        let (epoch, shift, range) = (self.epoch, square.data.shift, square.data.range());
        self.used[..range.div_ceil(64)].fill(0);
        let mut used = 0;
        for (&key, &id) in square.data.keys.iter().zip(&square.data.ids) {
            let index = (key.wrapping_mul(magic) >> shift) as usize;
            if self.stamps[index] == epoch {
                if self.ids[index] != id {
                    return None;
                }
            } else {
                self.stamps[index] = epoch;
                self.ids[index] = id;
                self.used[index / 64] |= 1 << (index % 64);
                used += 1;
            }
        }
        let (span, cut) = shortest_span(&self.used[..range.div_ceil(64)], range, square.granule);
        let covered = if square.gap == 0 {
            span
        } else {
            span - large_runs_inside(&self.used[..range.div_ceil(64)], range, cut as usize, square.gap)
        };
        Some(Shape { used, covered, cut })
    }
}

/// The move of a walk that the random word `draw` picks from `magic`: flip one bit, flip two
/// bits, or add or subtract `c·2^e` (`c` in 1, 3, 5, 7).
pub(super) fn neighbour(magic: u64, draw: u64) -> u64 {
    let (a, b) = ((draw >> 2) & 63, (draw >> 8) & 63);
    let term = [1u64, 3, 5, 7][((draw >> 14) & 3) as usize] << ((draw >> 16) % 62);
    match draw & 3 {
        0 => magic ^ (1 << a),
        1 => magic ^ (1 << a) ^ (1 << b),
        2 => magic.wrapping_add(term),
        _ => magic.wrapping_sub(term),
    }
}

/// Walk `number` (1-based) of pair `pair` from the valid magic `start`, `steps` moves; returns
/// the best magic it saw, moved to its shortest span, or `None` if `stop` was set (it is
/// looked at every [`STOP_POLL`] moves). `walked` counts the moves as they are made, each as
/// the square's keys (a move tests up to every key), for the forecast of when the walks end.
fn walk(
    seed: u64,
    square: &Square,
    (start, number, steps): (u64, u64, u64),
    scratch: &mut Scratch,
    (stop, walked): (&AtomicBool, &AtomicU64),
) -> Option<u64> {
    let mut rng = square_rng(seed, StreamSet::Walk, square.data.slider, square.data.square);
    rng.set_word_pos(u128::from(number) << 48);
    let weight = span_weight(number);
    let score = |shape: &Shape| f64::from(shape.used) + weight * f64::from(shape.covered);
    let shape = scratch.shape(square, start).expect("walks start from valid magics");
    let (mut magic, mut current) = (start, score(&shape));
    let (mut best, mut best_score, mut best_shape) = (magic, current, shape);
    let keys = square.data.keys.len() as u64;
    for step in 0..steps {
        if step % STOP_POLL == 0 {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            walked.fetch_add(keys * STOP_POLL.min(steps - step), Ordering::Relaxed);
        }
        let next = neighbour(magic, rng.next_u64());
        let Some(next_shape) = scratch.shape(square, next) else { continue };
        let next_score = score(&next_shape);
        let accept = next_score <= current || {
            // T = 100 · 100^(-step/steps), by exp_neg so every host agrees.
            let temperature = START_TEMPERATURE * exp_neg(LN_START_TEMPERATURE * step as f64 / steps as f64);
            let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            unit < exp_neg((next_score - current) / temperature)
        };
        if accept {
            (magic, current) = (next, next_score);
            if current < best_score {
                (best, best_score, best_shape) = (magic, current, next_shape);
            }
        }
    }
    // A cut above 0 needs a rotation step below the range: only black magics that can rotate.
    if best_shape.cut > 0 {
        let steps = u64::from(best_shape.cut) / square.granule as u64;
        Some(rotated_down(best, square.mask, square.bits, steps))
    } else {
        Some(best)
    }
}

/// Moves of a walk between two looks at the stop flag: a few milliseconds.
const STOP_POLL: u64 = 4096;

/// How many walks a square makes, of how many moves, with which gap (`pack --walks`,
/// `--walk-steps`, `--walk-gap`).
#[derive(Clone, Copy, Debug)]
pub(super) struct WalkPlan {
    pub walks: usize,
    pub steps: u64,
    pub gap: usize,
}

/// What a cache knows of a square's walks (see [`walk_square`]): the stream positions and
/// magics of the first starts, and the results of the first walks.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Known<'a> {
    pub starts: &'a [(u64, u64)],
    pub magics: &'a [u64],
}

/// The walked candidates of one square: walk `w` (1-based) starts from the `w`-th valid magic
/// of `starts` (stream positions and magics) and makes `steps` moves, free runs of `gap` slots
/// or more inside a span not counting towards its score (0: all count). Candidates carry the
/// position [`walked_position`]`(w, start)`.
///
/// `known_starts` are the stream positions and magics of the first starts, as a cache of an
/// earlier run names them (each checked to be valid): the stream `starts` then begins after the
/// last of them, and the square does not draw its first valid magics again, which for an edge
/// rook costs seconds a walk.
///
/// `known` holds the results of this square's first walks from an earlier run of the same
/// walks (`pack --walk-cache`): those are taken rather than walked again, each checked to be a
/// valid magic, and the last of them is walked again and must agree, so that a cache of
/// another run or a damaged one is refused (the error names the square) instead of silently
/// changing the pools. `Ok(None)`: `stop` was set before the square's walks were done.
/// `walked` counts the walking done, for progress lines and the forecast of when the walks end:
/// each move of a walk walked (the last reused one walked again, then the new ones; a walk
/// taken from the cache costs nothing) as the square's keys (a move tests up to every key).
pub(super) fn walk_square(
    seed: u64,
    data: &SquareData,
    black: bool,
    known: Known<'_>,
    starts: impl Iterator<Item = (u64, u64)>,
    plan: WalkPlan,
    (stop, walked): (&AtomicBool, &AtomicU64),
) -> Result<Option<Vec<Candidate>>, String> {
    let Known { starts: known_starts, magics: known } = known;
    let WalkPlan { walks, steps, gap } = plan;
    let square = Square::new(data, black, gap);
    let mut tester = CandidateTester::default();
    let mut scratch = Scratch::new();
    // The starts a cache names (each checked valid), then the next valid ones of the stream.
    let mut valid: Vec<(u64, u64)> = known_starts.iter().copied().take(walks).collect();
    if let Some((number, &(position, magic))) = (1..).zip(&valid).find(|(_, (_, magic))| !tester.is_valid(data, *magic))
    {
        return Err(format!(
            "{} {} walk {number}: the cache's start, candidate {position} ({magic:#018X}), is not a valid magic",
            data.slider, data.square
        ));
    }
    let Some(more) = valid_starts(data, starts, walks - valid.len(), stop) else { return Ok(None) };
    valid.extend(more);
    let reused = known.len().min(valid.len());
    let name = |number: usize| format!("{} {} walk {number}", data.slider, data.square);
    if reused > 0 {
        let Some(again) =
            walk(seed, &square, (valid[reused - 1].1, reused as u64, steps), &mut scratch, (stop, walked))
        else {
            return Ok(None);
        };
        if again != known[reused - 1] {
            return Err(format!(
                "{}: the cache says {:#018X}, walking again finds {again:#018X}: not this run's walks",
                name(reused),
                known[reused - 1]
            ));
        }
    }
    let mut candidates = Vec::with_capacity(valid.len());
    for (index, &(origin, start)) in valid.iter().enumerate() {
        let number = index + 1;
        let magic = match known.get(index) {
            Some(&magic) => {
                if !tester.is_valid(data, magic) {
                    return Err(format!("{}: the cache's {magic:#018X} is not a valid magic", name(number)));
                }
                magic
            }
            None => {
                let Some(magic) = walk(seed, &square, (start, number as u64, steps), &mut scratch, (stop, walked))
                else {
                    return Ok(None);
                };
                assert!(tester.is_valid(data, magic), "a walk stays among valid magics, and rotation keeps them valid");
                magic
            }
        };
        candidates.push(tester.candidate(data, walked_position(number as u64, origin), magic));
    }
    Ok(Some(candidates))
}

/// The first `count` valid magics of `starts` (stream positions and magics), as walks start
/// from them; fewer if `starts` ends. `None` if `stop` was set first: valid magics can be rare
/// (black rooks on an edge), so the drawing looks at the stop flag as the walks do.
pub(super) fn valid_starts(
    data: &SquareData,
    starts: impl Iterator<Item = (u64, u64)>,
    count: usize,
    stop: &AtomicBool,
) -> Option<Vec<(u64, u64)>> {
    let mut tester = CandidateTester::default();
    let mut valid = Vec::with_capacity(count.min(1024));
    for (drawn, (position, magic)) in (0u64..).zip(starts) {
        if valid.len() == count {
            break;
        }
        if drawn % STOP_POLL == 0 && stop.load(Ordering::Relaxed) {
            return None;
        }
        if tester.is_valid(data, magic) {
            valid.push((position, magic));
        }
    }
    Some(valid)
}

/// Walk `number` (1-based) of one square alone, from the valid magic `start`, as
/// [`walk_square`] makes it among the square's walks when `start` is its `number`-th valid
/// start: what `magic-gen verify --rederive` costs for a `walk:N@K` row, one walk. `None` if
/// `stop` was set first or `start` is not a valid magic.
pub(super) fn walk_from(
    seed: u64,
    data: &SquareData,
    black: bool,
    start: u64,
    number: u64,
    plan: WalkPlan,
    stop: &AtomicBool,
) -> Option<u64> {
    assert!(number >= 1, "walks are numbered from 1");
    if !CandidateTester::default().is_valid(data, start) {
        return None;
    }
    let square = Square::new(data, black, plan.gap);
    walk(seed, &square, (start, number, plan.steps), &mut Scratch::new(), (stop, &AtomicU64::new(0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::magic_set::Indexing;
    use crate::reference::ReferenceSet;
    use crate::search::dense_stream::DenseCandidates;
    use magic_tables_core::Slider;

    /// A stop flag that is never set.
    fn go() -> AtomicBool {
        AtomicBool::new(false)
    }

    /// Walks keep magics valid, land their black magics on their shortest span, improve on
    /// their starts, and give the same magics again.
    #[test]
    fn walks_are_valid_better_and_repeatable() {
        let references = ReferenceSet::new();
        for (indexing, square) in [(Indexing::Black, "b1"), (Indexing::Black, "d4"), (Indexing::White, "e2")] {
            let square = square.parse().unwrap();
            let data = SquareData::with_bits(references.get(Slider::Rook, square), indexing, 12);
            let black = indexing == Indexing::Black;
            let starts = |from: u64| DenseCandidates::new(7, Slider::Rook, square, from);
            let walk = |known: Known<'_>, from: u64| {
                walk_square(
                    7,
                    &data,
                    black,
                    known,
                    starts(from),
                    WalkPlan { walks: 2, steps: 3_000, gap: 0 },
                    (&go(), &AtomicU64::new(0)),
                )
                .unwrap()
                .unwrap()
            };
            let walked = walk(Known::default(), 0);
            assert_eq!(walked.len(), 2);
            let mut tester = CandidateTester::default();
            let valid: Vec<u64> = starts(0).map(|(_, m)| m).filter(|&m| tester.is_valid(&data, m)).take(2).collect();
            let first: Vec<Candidate> = valid
                .iter()
                .map(|&m| {
                    tester.is_valid(&data, m);
                    tester.candidate(&data, 0, m)
                })
                .collect();
            for (number, (walked, start)) in walked.iter().zip(&first).enumerate() {
                assert_eq!(walk_number(walked.position), Some(number as u64 + 1));
                let weight = span_weight(number as u64 + 1);
                let score = |c: &Candidate| c.used.len() as f64 + weight * f64::from(c.span);
                assert!(score(walked) < score(start), "{square}: {} / {}", score(walked), score(start));
            }
            let again = walk(Known::default(), 0);
            assert_eq!(
                walked.iter().map(|c| c.magic).collect::<Vec<_>>(),
                again.iter().map(|c| c.magic).collect::<Vec<_>>()
            );
            // With the first start known (as a cache names it), the stream is drawn only after
            // it, and the walks are the same candidates.
            let first_start = walk_start(walked[0].position).unwrap();
            let known = [(first_start, starts(first_start).next().unwrap().1)];
            let resumed = walk(Known { starts: &known, magics: &[] }, first_start + 1);
            let what = |c: &[Candidate]| c.iter().map(|c| (c.position, c.magic)).collect::<Vec<_>>();
            assert_eq!(what(&resumed), what(&walked));
            // A named start that is not valid is refused.
            let bad = [(first_start + 1, 0)];
            let error = walk_square(
                7,
                &data,
                black,
                Known { starts: &bad, magics: &[] },
                starts(0),
                WalkPlan { walks: 2, steps: 10, gap: 0 },
                (&go(), &AtomicU64::new(0)),
            )
            .unwrap_err();
            assert!(error.contains("is not a valid magic"), "{error}");
        }
    }

    /// One walk alone is the walk of that number among all of a square's walks.
    #[test]
    fn one_walk_is_that_walk_of_all() {
        let references = ReferenceSet::new();
        let square = "c2".parse().unwrap();
        let data = SquareData::with_bits(references.get(Slider::Rook, square), Indexing::Black, 12);
        let starts = || DenseCandidates::new(3, Slider::Rook, square, 0);
        let plan = WalkPlan { walks: 4, steps: 1_000, gap: 16 };
        let counted = AtomicU64::new(0);
        let all = walk_square(3, &data, true, Known::default(), starts(), plan, (&go(), &counted)).unwrap().unwrap();
        // Each move of each walk, as the square's keys.
        assert_eq!(counted.load(Ordering::Relaxed), 4 * 1_000 * data.keys.len() as u64, "each walk is counted");
        for (number, walked) in (1..).zip(&all) {
            assert_eq!(walk_number(walked.position), Some(number));
            // Its start is the number-th valid magic, at the position the candidate carries.
            let valid = valid_starts(&data, starts(), number as usize, &go()).unwrap();
            let (origin, start) = *valid.last().unwrap();
            assert_eq!(walk_start(walked.position), Some(origin));
            assert_eq!(walk_from(3, &data, true, start, number, plan, &go()), Some(walked.magic));
            // Another start (the next walk's) is another walk.
            let other = all[number as usize % 4].position;
            let other = starts().find(|&(at, _)| Some(at) == walk_start(other)).unwrap().1;
            assert_ne!(walk_from(3, &data, true, other, number, plan, &go()), Some(walked.magic));
        }
        assert_eq!(valid_starts(&data, starts(), 2, &AtomicBool::new(true)), None);
        assert_eq!(walk_from(3, &data, true, 0, 1, plan, &go()), None, "not a valid start");
    }

    /// Known walks (a walk cache) give the candidates walking gives; a cache whose last reused
    /// walk differs, or that states an invalid magic, is refused with the square named.
    #[test]
    fn known_walks_are_reused_and_checked() {
        let references = ReferenceSet::new();
        let square = "c2".parse().unwrap();
        let data = SquareData::with_bits(references.get(Slider::Rook, square), Indexing::White, 12);
        let starts = || DenseCandidates::new(3, Slider::Rook, square, 0);
        let counted = AtomicU64::new(0);
        let walk3 = |known: &[u64]| {
            counted.store(0, Ordering::Relaxed);
            walk_square(
                3,
                &data,
                false,
                Known { starts: &[], magics: known },
                starts(),
                WalkPlan { walks: 3, steps: 1_000, gap: 64 },
                (&go(), &counted),
            )
        };
        let walked: Vec<u64> = walk3(&[]).unwrap().unwrap().iter().map(|c| c.magic).collect();
        for reused in 0..=3 {
            let again: Vec<u64> = walk3(&walked[..reused]).unwrap().unwrap().iter().map(|c| c.magic).collect();
            assert_eq!(again, walked, "{reused} walks reused");
            // Only the walking done counts: the new walks, and the last reused one walked again.
            let walks = 3 - reused + usize::from(reused > 0);
            assert_eq!(counted.load(Ordering::Relaxed), (walks * 1_000 * data.keys.len()) as u64, "{reused} reused");
        }
        // More known walks than the run makes: the first ones are used.
        let mut longer = walked.clone();
        longer.push(walked[0]);
        let again: Vec<u64> = walk3(&longer).unwrap().unwrap().iter().map(|c| c.magic).collect();
        assert_eq!(again, walked);
        // The last reused walk is walked again.
        let other = walked[0];
        assert_ne!(other, walked[1]);
        let error = walk3(&[walked[0], other]).unwrap_err();
        assert!(error.starts_with("rook c2 walk 2:") && error.contains("not this run's walks"), "{error}");
        // Earlier ones are checked to be valid magics.
        let error = walk3(&[0, walked[1]]).unwrap_err();
        assert!(error.contains("walk 1") && error.contains("not a valid magic"), "{error}");
        // A set stop flag ends the walks with nothing.
        let stopped = walk_square(
            3,
            &data,
            false,
            Known::default(),
            starts(),
            WalkPlan { walks: 3, steps: 1_000, gap: 64 },
            (&AtomicBool::new(true), &AtomicU64::new(0)),
        );
        assert!(matches!(stopped, Ok(None)));
    }

    /// The walks are part of what a recipe's command reproduces (its `walk:N` magics): their
    /// results must not change.
    #[test]
    fn frozen_values() {
        let references = ReferenceSet::new();
        let mut found = Vec::new();
        for (indexing, slider, square, gap) in [
            (Indexing::Black, Slider::Rook, "b1", 0),
            (Indexing::White, Slider::Rook, "e2", 0),
            (Indexing::Black, Slider::Bishop, "c1", 0),
            (Indexing::White, Slider::Rook, "b2", 256),
        ] {
            let square = square.parse().unwrap();
            let bits = 64 - slider.fixed_shift();
            let data = SquareData::with_bits(references.get(slider, square), indexing, bits);
            let starts = DenseCandidates::new(1, slider, square, 0);
            let walked = walk_square(
                1,
                &data,
                indexing == Indexing::Black,
                Known::default(),
                starts,
                WalkPlan { walks: 2, steps: 2_000, gap },
                (&go(), &AtomicU64::new(0)),
            )
            .unwrap()
            .unwrap();
            found.extend(walked.iter().map(|c| c.magic));
        }
        let expected: [u64; 8] = [
            0x4010_0940_6040_1001,
            0x4FFD_3BFF_F7EF_FDF4,
            0xF001_4005_1064_4200,
            0xEE5A_9D17_F810_1011,
            0xC780_8090_03F9_1FFD,
            0x2AFF_7E77_9BFE_4C7F,
            0x67E0_1FDF_E000_0800,
            0x9C0A_2801_D043_C881,
        ];
        assert_eq!(found, expected, "{found:#018X?}");
    }
}
