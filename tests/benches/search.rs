//! The seeded search against a plain Stockfish-style search, side by side in one run, and the
//! build script's work.
//!
//! `cargo bench -p magic-tests --bench search`
//!
//! * `search_128/magic-gen`: all 128 minimal fancy magics from each of ten master seeds
//!   (`SEEDS`, chosen before looking at their results), one thread. Time per iteration / 10 is
//!   the mean time per seed.
//! * `search_128/stockfish-style`: the same with [`magic_tests::plain_search`]: sparse `r & r & r`
//!   candidates, the top-byte pre-filter, epoch-stamped verification in enumeration order.
//! * `build_script_work`: the tuned seeds' search, layout, verification and rendering.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use magic_gen::search::{MagicTester, Scheme, Shard, find_magic};
use magic_gen::{ReferenceSet, SeedPlan, generate_fancy};
use magic_tests::plain_search::plain_magic;

/// Ten master seeds nobody tuned for: the first ten after 1,000.
const SEEDS: [u64; 10] = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010];

fn search(c: &mut Criterion) {
    let references = ReferenceSet::new();
    // Both searches must really find magics: check one seed's results once.
    for occ in references.iter() {
        let ours =
            find_magic(occ, Scheme::Fancy, occ.mask_bits(), SEEDS[0], Shard::WHOLE, u64::MAX).expect("a magic exists");
        let (plain, _) = plain_magic(occ, SEEDS[0]);
        for magic in [ours.magic, plain] {
            assert!(MagicTester::new(occ, occ.mask_bits()).unwrap().is_magic(magic));
        }
    }

    let mut group = c.benchmark_group("search_128");
    group.sample_size(10);
    group.throughput(Throughput::Elements(SEEDS.len() as u64));
    group.bench_function("magic-gen", |b| {
        b.iter(|| {
            let mut candidates = 0;
            for seed in SEEDS {
                for occ in references.iter() {
                    candidates +=
                        find_magic(occ, Scheme::Fancy, occ.mask_bits(), black_box(seed), Shard::WHOLE, u64::MAX)
                            .unwrap()
                            .candidates;
                }
            }
            candidates
        })
    });
    group.bench_function("stockfish-style", |b| {
        b.iter(|| {
            let mut candidates = 0;
            for seed in SEEDS {
                for occ in references.iter() {
                    candidates += plain_magic(occ, black_box(seed)).1;
                }
            }
            candidates
        })
    });
    group.finish();

    let mut group = c.benchmark_group("build_script_work");
    group.throughput(Throughput::Elements(128));
    group.bench_function("tuned_seeds_generate_and_render", |b| {
        b.iter(|| {
            let generated = generate_fancy(&references, SeedPlan::Tuned, 0).unwrap();
            magic_gen::emit::rust_source(magic_gen::Layout::Fancy, &magic_gen::layouts::fancy::file(&generated), None)
                .len()
        })
    });
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
