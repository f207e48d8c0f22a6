//! The dense packer's inner loops, one thread each: what `pack` spends its time on (see
//! `magic-gen/DENSE_PACKING.md`, "What a run's time goes to").
//!
//! `cargo bench -p magic-tests --bench packer`
//!
//! * `packer_draws/{rook e4,bishop c1}`: few-term candidates drawn from the black stream and
//!   tested for validity (the construction's, the sinks' and the compaction's draws), per draw;
//!   `… stream`: the drawing alone.
//! * `packer_draws/bishop c1 lines`: the same, with the fewest cache lines of each valid one
//!   (the compaction's test).
//! * `packer_fit/rook e4`: the lowest fit of a rook candidate on a board half full of the
//!   construction's kind of placements.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use magic_gen::ReferenceSet;
use magic_gen::dense::{Board, CandidateTester, SquareData};
use magic_gen::magic_set::Indexing;
use magic_gen::search::few_term_stream::few_term_candidates;
use magic_gen::search::terms::Terms;
use magic_gen::{Slider, Square};

/// Draws per measured iteration.
const DRAWS: u64 = 4096;

fn packer(c: &mut Criterion) {
    let references = ReferenceSet::new();
    let square = |slider, name: &str| -> (Slider, Square, SquareData) {
        let square: Square = name.parse().unwrap();
        (
            slider,
            square,
            SquareData::new(references.get(slider, square), Indexing::Black).with_learned_order(Indexing::Black),
        )
    };
    let mut group = c.benchmark_group("packer_draws");
    group.throughput(Throughput::Elements(DRAWS));
    for (slider, name) in [(Slider::Rook, "e4"), (Slider::Bishop, "c1")] {
        let (slider, board_square, data) = square(slider, name);
        let terms = Terms::signed(slider, board_square, 64 - data.shift, true);
        let mut from = 0;
        group.bench_function(format!("{slider} {name} stream"), |b| {
            b.iter(|| {
                let folded = few_term_candidates(1, slider, board_square, &terms, from)
                    .take(DRAWS as usize)
                    .fold(0, |a, (_, magic)| a ^ magic);
                from += DRAWS;
                black_box(folded)
            })
        });
        let mut tester = CandidateTester::default();
        let mut from = 0;
        group.bench_function(format!("{slider} {name}"), |b| {
            b.iter(|| {
                let valid = few_term_candidates(1, slider, board_square, &terms, from)
                    .take(DRAWS as usize)
                    .filter(|&(_, magic)| tester.is_valid(&data, magic))
                    .count();
                from += DRAWS;
                black_box(valid)
            })
        });
    }
    let (slider, board_square, data) = square(Slider::Bishop, "c1");
    let terms = Terms::signed(slider, board_square, 64 - data.shift, true);
    let mut tester = CandidateTester::default();
    let mut from = 0;
    group.bench_function("bishop c1 lines", |b| {
        b.iter(|| {
            let mut lines = 0;
            for (_, magic) in few_term_candidates(1, slider, board_square, &terms, from).take(DRAWS as usize) {
                if tester.is_valid(&data, magic) {
                    lines += tester.fewest_lines(&data);
                }
            }
            from += DRAWS;
            black_box(lines)
        })
    });
    group.finish();

    // A board as the construction leaves it: valid rook e4 candidates placed at their lowest
    // fits one after another until about 40,000 slots are taken; then the fit of the next ones.
    let (slider, board_square, data) = square(Slider::Rook, "e4");
    let terms = Terms::signed(slider, board_square, 64 - data.shift, true);
    let mut tester = CandidateTester::default();
    let mut candidates = Vec::new();
    for (position, magic) in few_term_candidates(1, slider, board_square, &terms, 0) {
        if candidates.len() == 200 {
            break;
        }
        if tester.is_valid(&data, magic) {
            candidates.push(tester.candidate(&data, position, magic));
        }
    }
    let mut board = Board::default();
    let mut used = 0;
    for candidate in &candidates[..100] {
        if used > 40_000 {
            break;
        }
        let start = board.lowest_fit(candidate, 0, 1 << 18).expect("room");
        board.set(candidate, start, true);
        used += candidate.used.len();
    }
    let mut group = c.benchmark_group("packer_fit");
    group.throughput(Throughput::Elements(100));
    group.bench_function("rook e4", |b| {
        b.iter(|| candidates[100..].iter().map(|c| board.lowest_fit(c, 0, 1 << 18)).fold(0, |a, s| a ^ s.unwrap_or(0)))
    });
    group.finish();
}

criterion_group!(benches, packer);
criterion_main!(benches);
