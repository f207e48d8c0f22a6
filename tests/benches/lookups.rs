//! Lookups per second over a fixed pseudo-random set of (square, occupancy) pairs.
//!
//! `cargo bench -p magic-tests --bench lookups`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use magic_tables::{bishop_attacks, queen_attacks, rook_attacks};
use magic_tests::random_queries;

/// Enough pairs to defeat branch-history and prefetch luck, few enough to stay in L1/L2
/// with the tables' hot lines.
const QUERIES: usize = 4096;

/// One of the public lookup functions.
type Lookup = fn(magic_tables::Square, u64) -> u64;

fn lookups(c: &mut Criterion) {
    let queries = random_queries(QUERIES, 0x5eed);
    // The crate's top-level functions: the default layout, black magics.
    let mut group = c.benchmark_group("default");
    group.throughput(Throughput::Elements(QUERIES as u64));
    let lookups: [(&str, Lookup); 3] = [("rook", rook_attacks), ("bishop", bishop_attacks), ("queen", queen_attacks)];
    for (name, lookup) in lookups {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for &(square, occupied) in black_box(&queries) {
                    acc ^= lookup(square, occupied);
                }
                acc
            })
        });
    }
    group.finish();
}

criterion_group!(benches, lookups);
criterion_main!(benches);
