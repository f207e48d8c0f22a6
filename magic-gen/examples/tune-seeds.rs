//! Re-derives `magic-gen/src/seeds/tuned.rs` from scratch and prints it to standard output:
//!
//! ```text
//! cargo run --release -p magic-gen --example tune-seeds > magic-gen/src/seeds/tuned.rs
//! ```
//!
//! For every (slider, square) it takes the smallest seed whose search finds a minimal-bit
//! magic within `TUNED_CANDIDATES` candidates. Each pair's answer depends on nothing else, so
//! the pairs are shared out over all cores; the output is the same for any number of them.
//! About 7 s of CPU time in a release build.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};

use magic_gen::ReferenceSet;
use magic_gen::geometry::Occupancies;
use magic_gen::seeds::{TUNED_CANDIDATES, tune_seed};

fn derive(occ: &Occupancies) -> u64 {
    let seed = tune_seed(occ, occ.mask_bits(), TUNED_CANDIDATES, 0, u64::MAX)
        .expect("a working seed exists long before the u64 range ends");
    eprintln!("{} {}: seed {seed}", occ.slider, occ.square);
    seed
}

fn main() {
    let references = ReferenceSet::new();
    let pairs: Vec<&Occupancies> = references.iter().collect();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut seeds = vec![0u64; pairs.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(occ) = pairs.get(i) else { break done };
                        done.push((i, derive(occ)));
                    }
                })
            })
            .collect();
        for worker in workers {
            for (i, seed) in worker.join().expect("a tuning thread panicked") {
                seeds[i] = seed;
            }
        }
    });

    let mut rows = [String::new(), String::new()];
    for (i, seed) in seeds.iter().enumerate() {
        let row = &mut rows[i / 64];
        row.push_str(if i % 8 == 0 { "\n        " } else { " " });
        write!(row, "{seed},").unwrap();
    }
    println!(
        "//! Tuned seeds: regenerate with `cargo run --release -p magic-gen --example tune-seeds`.\n\
         //! Each is the smallest seed whose search finds its square's minimal-bit magic within\n\
         //! `TUNED_CANDIDATES` candidates (see `magic_gen::seeds::tune_seed`).\n\
         \n\
         /// Candidates a tuned seed's search may draw.\n\
         pub const TUNED_CANDIDATES: u64 = {TUNED_CANDIDATES};\n\
         \n\
         /// `TUNED_SEEDS[slider][square]`, rook first, each a1 … h8 (eight squares, one rank, a line).\n\
         #[rustfmt::skip]\n\
         pub const TUNED_SEEDS: [[u64; 64]; 2] = [\n    [{}\n    ],\n    [{}\n    ],\n];",
        rows[0], rows[1]
    );
}
