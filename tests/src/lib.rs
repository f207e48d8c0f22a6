//! Helpers shared by the workspace's integration tests and benchmarks.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use magic_gen::{Generated, ReferenceSet, SeedPlan, generate_fancy};

/// The runtime crate's square with the same index as the generator's.
pub fn runtime_square(square: magic_gen::Square) -> magic_tables::Square {
    magic_tables::Square::from_index(square.index()).expect("both crates number squares 0..64")
}

/// The lookup of the runtime crate for `slider`.
pub fn runtime_attacks(slider: magic_gen::Slider, square: magic_gen::Square, occupied: u64) -> u64 {
    let square = runtime_square(square);
    match slider {
        magic_gen::Slider::Rook => magic_tables::rook_attacks(square, occupied),
        magic_gen::Slider::Bishop => magic_tables::bishop_attacks(square, occupied),
    }
}

/// A deterministic RNG for test data, independent of the search's streams.
pub fn test_rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// `count` (square, occupancy) pairs from a fixed seed: square uniform, occupancy a random
/// board with about a quarter of the squares set (the density of a middlegame).
pub fn random_queries(count: usize, seed: u64) -> Vec<(magic_tables::Square, u64)> {
    let mut rng = test_rng(seed);
    (0..count)
        .map(|_| {
            let square = magic_tables::Square::ALL[(rng.next_u32() % 64) as usize];
            (square, rng.next_u64() & rng.next_u64())
        })
        .collect()
}

/// What the build script generates: the fancy tables from the tuned seeds.
pub fn generate_tuned() -> (ReferenceSet, Generated) {
    let references = ReferenceSet::new();
    let generated = generate_fancy(&references, SeedPlan::Tuned, 0).expect("tuned seeds generate verified tables");
    (references, generated)
}

/// The golden text of a table set: the attack array's checksum and the 128 magics with
/// their shifts and offsets, one line each, in stream order.
pub fn golden_text(generated: &Generated) -> String {
    let tables = &generated.tables;
    let mut out = String::from(
        "# Golden output of magic_gen::generate_fancy(&ReferenceSet::new(), SeedPlan::Tuned, 0).\n\
         # Regenerate with: BLESS=1 cargo test -p magic-tests --test golden\n",
    );
    out += &format!("entries {}\n", tables.attacks.len());
    out += &format!("attacks_fnv1a64 {:#018x}\n", build_support::checksum::fnv1a64(&tables.attacks));
    for slider in magic_gen::Slider::ALL {
        for square in magic_gen::Square::ALL {
            let e = tables.entry(slider, square);
            out += &format!("{slider} {square} magic {:#018x} shift {} offset {}\n", e.magic, e.shift, e.offset);
        }
    }
    out
}
