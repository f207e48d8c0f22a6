//! The seeded search from an arbitrary master seed, all 128 squares, one thread.
//!
//! `cargo bench -p magic-tests --bench search`
//!
//! Throughput is in candidates: with master seed 1 the search draws 10,356,303 candidates over
//! the 128 squares (checked below), so criterion's elements/s is candidates tested per second
//! on one core.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use magic_gen::{ReferenceSet, SeedPlan, generate_fancy};

const SEED: u64 = 1;
const CANDIDATES_FOR_SEED_1: u64 = 10_356_303;

fn search(c: &mut Criterion) {
    let references = ReferenceSet::new();
    let check = generate_fancy(&references, SeedPlan::Master(SEED), 100_000_000).unwrap();
    assert_eq!(check.total_candidates(), CANDIDATES_FOR_SEED_1);

    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.throughput(Throughput::Elements(CANDIDATES_FOR_SEED_1));
    group.bench_function("all_128_master_seed_1", |b| {
        b.iter(|| generate_fancy(&references, SeedPlan::Master(black_box(SEED)), 100_000_000).unwrap())
    });
    group.finish();

    let mut group = c.benchmark_group("build_script_work");
    group.throughput(Throughput::Elements(128));
    group.bench_function("tuned_seeds_generate_and_render", |b| {
        b.iter(|| {
            let generated = generate_fancy(&references, SeedPlan::Tuned, 0).unwrap();
            magic_gen::emit::rust_source(&generated).len()
        })
    });
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
