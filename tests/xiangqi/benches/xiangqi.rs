//! `magic_tables::xiangqi` beside Pikafish's way (one table per square indexed by a 128-bit
//! `pext`, filled at start-up): rook and cannon lookups on random (square, occupancy) pairs, and
//! perft through one move generator; and 12x10 `compact` tables beside Fairy-Stockfish's way. Run it native on a BMI2 machine to give Pikafish's way its
//! instruction: `RUSTFLAGS="-C target-cpu=native" cargo bench -p xiangqi-perft`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use xiangqi_perft::{
    FAIRY_BOARD, FairyWay, PikafishWay, Position, START, Tables, perft, random_pairs, random_pairs_on, rook_and_cannon,
    sliders_12x10_fairy, sliders_12x10_ours,
};

fn lookups(c: &mut Criterion) {
    let pairs = random_pairs(4096);
    let pikafish = PikafishWay::new();
    let mut group = c.benchmark_group("xiangqi rook + cannon, 4096 random pairs");
    group.bench_function("magic-tables", |b| b.iter(|| rook_and_cannon(&Tables, black_box(&pairs))));
    group.bench_function("pikafish-way", |b| b.iter(|| rook_and_cannon(&pikafish, black_box(&pairs))));
    group.finish();
}

fn perft_4(c: &mut Criterion) {
    let start = Position::from_fen(START).unwrap();
    let pikafish = PikafishWay::new();
    let mut group = c.benchmark_group("xiangqi perft 4 from the start");
    group.sample_size(10);
    group.bench_function("magic-tables", |b| b.iter(|| perft(&Tables, black_box(&start), 4)));
    group.bench_function("pikafish-way", |b| b.iter(|| perft(&pikafish, black_box(&start), 4)));
    group.finish();
}

fn board_12x10(c: &mut Criterion) {
    let pairs = random_pairs_on(FAIRY_BOARD, 4096);
    let fairy = FairyWay::new();
    let mut group = c.benchmark_group("12x10 rook + bishop + cannon, 4096 random pairs");
    group.bench_function("magic-tables-compact", |b| b.iter(|| sliders_12x10_ours(black_box(&pairs))));
    group.bench_function("fairy-stockfish-way", |b| b.iter(|| sliders_12x10_fairy(&fairy, black_box(&pairs))));
    group.finish();
}

criterion_group!(benches, lookups, perft_4, board_12x10);
criterion_main!(benches);
