//! Tailoring: a short walk from a placed square's magic towards magics that fit *lower in the
//! table as it stands*. The pools and the valid-space walks ([`super::walk`]) choose candidates
//! blind to the table, by their own used slots and span; near the end of a run the free slots
//! are many small scattered gaps, and what lowers the table end is a magic whose used slots
//! land in those gaps. A tailoring move takes one of the squares that end highest out and
//! walks from its magic or one of its pool's (the moves of [`super::walk::neighbour`], never
//! to an invalid magic),
//! scoring each valid magic by the top of its lowest fit in the current table (ties: fewer used
//! slots), with Metropolis acceptance at a temperature falling from 64 to 1 slot; the best magic
//! it saw goes back in if it ends lower than the square did.
//!
//! Every draw comes from the iteration's RNG ([`IterationRng`]), so the move depends only on the
//! seed, the iteration and the table: a resumed run makes the same move. A tailored magic is
//! not a stream position: a recipe states it (`tailor:I`, found at iteration `I`) and the build
//! checks it.

use super::board::{Board, CAPACITY};
use super::rng::{IterationRng, exp_neg};
use super::square::{Candidate, CandidateTester, SquareData};
use super::walk::{WALKED, neighbour};

/// The position of a candidate tailored at iteration `iteration`: bit 62 set (bit 63 is a
/// walk's, [`WALKED`]), so that it meets neither a stream position nor a walk number.
pub const TAILORED: u64 = 1 << 62;

/// The iteration that tailored a candidate of position `position`, if it is a tailored one.
pub fn tailored_iteration(position: u64) -> Option<u64> {
    (position & (WALKED | TAILORED) == TAILORED).then_some(position & !TAILORED)
}

/// Starting temperature of a tailoring walk, in slots of height; it falls geometrically to 1.
const START_TEMPERATURE: f64 = 64.0;

/// `ln(START_TEMPERATURE)` as a constant (6 ln 2), not a library `ln`.
const LN_START_TEMPERATURE: f64 = 6.0 * std::f64::consts::LN_2;

/// How far above the current top a neighbour may fit and still be scored: beyond that the walk
/// treats it as refused, which bounds the board probes of a move.
const HEADROOM: usize = 4096;

/// A walk of `steps` moves from `from`'s magic on `data`, scoring the lowest fit in `board`
/// (which must not hold `from`); returns the best candidate seen and its board position, or
/// `None` if no magic it saw fits below the end of the board. The candidate carries `position`.
pub(super) fn tailor(
    board: &Board,
    data: &SquareData,
    tester: &mut CandidateTester,
    from: &Candidate,
    steps: u64,
    rng: &mut IterationRng,
    position: u64,
) -> Option<(Candidate, usize)> {
    let fit = |candidate: &Candidate, limit: usize| {
        board.lowest_fit(candidate, candidate.low as usize, limit.min(CAPACITY)).map(|start| {
            let top = start + candidate.span as usize;
            (start, (top, candidate.used.len()))
        })
    };
    let (start, mut current) = fit(from, CAPACITY)?;
    let mut magic = from.magic;
    let mut best = (from.clone(), start, current);
    for step in 0..steps {
        let next = neighbour(magic, rng.next_u64());
        if !tester.is_valid(data, next) {
            continue;
        }
        let candidate = tester.candidate(data, position, next);
        let Some((start, score)) = fit(&candidate, current.0 + HEADROOM) else { continue };
        let accept = score <= current || {
            let temperature = START_TEMPERATURE * exp_neg(LN_START_TEMPERATURE * step as f64 / steps as f64);
            let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            unit < exp_neg((score.0 - current.0) as f64 / temperature)
        };
        if accept {
            (magic, current) = (next, score);
            if score < best.2 {
                best = (candidate, start, score);
            }
        }
    }
    Some((best.0, best.1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::magic_set::Indexing;
    use crate::reference::ReferenceSet;
    use crate::search::dense_stream::DenseCandidates;
    use magic_tables_core::{Slider, Square};

    #[test]
    fn positions_are_told_apart() {
        assert_eq!(tailored_iteration(TAILORED | 17), Some(17));
        assert_eq!(tailored_iteration(17), None);
        assert_eq!(tailored_iteration(WALKED | 17), None);
        assert_eq!(tailored_iteration(WALKED | TAILORED | 17), None);
    }

    /// A tailored magic is valid, fits the board where it says, ends no higher than the magic
    /// it started from would, and the same inputs give the same magic.
    #[test]
    fn tailoring_fits_lower_and_repeats() {
        let references = ReferenceSet::new();
        let occupancies = references.iter().find(|o| o.slider == Slider::Rook && o.square == Square::D4).unwrap();
        let data = SquareData::new(occupancies, Indexing::White);
        let mut tester = CandidateTester::default();
        let (position, magic) = DenseCandidates::new(3, Slider::Rook, Square::D4, 0)
            .find(|&(_, magic)| tester.is_valid(&data, magic))
            .unwrap();
        let from = tester.candidate(&data, position, magic);
        // A board full below 20,000 but for a window 64 slots shorter than the start magic's
        // span: only a magic with a shorter span fits below 20,000.
        assert!(from.low == 0 && from.span > 1_000, "a white magic maps the empty board to 0");
        let window = 5_000..5_000 + from.span as usize - 64;
        let mut board = Board::default();
        for slot in (0..20_000).filter(|slot| !window.contains(slot)) {
            let one = Candidate { position: 0, magic: 0, low: 0, span: 1, used: vec![0], blocked: 1 };
            board.set(&one, slot, true);
        }
        let from_top = board.lowest_fit(&from, 0, CAPACITY).unwrap() + from.span as usize;
        assert_eq!(from_top, 20_000 + from.span as usize);
        let tailor_once = |tester: &mut CandidateTester| {
            let mut rng = IterationRng::new(5, 11);
            tailor(&board, &data, tester, &from, 3_000, &mut rng, TAILORED | 11).unwrap()
        };
        let (found, start) = tailor_once(&mut tester);
        assert!(tester.is_valid(&data, found.magic));
        assert_eq!(board.lowest_fit(&found, found.low as usize, CAPACITY), Some(start));
        assert!(start + found.span as usize <= from_top, "{} > {from_top}", start + found.span as usize);
        assert!(window.contains(&start), "3,000 moves found nothing that fits the window: {start}");
        assert_eq!(found.position, TAILORED | 11);
        let (again, again_start) = tailor_once(&mut CandidateTester::default());
        assert_eq!((again.magic, again_start), (found.magic, start));
    }
}
