//! The committed tuned seeds still find every magic at once, and are what `tune_seed` derives.

use magic_gen::geometry::Occupancies;
use magic_gen::search::{Scheme, Shard, find_magic};
use magic_gen::seeds::{TUNED_CANDIDATES, TUNED_SEEDS, tune_seed, tuned_seeds};
use magic_gen::{ReferenceSet, SeedPlan, Slider, Square};

#[test]
fn every_committed_seed_finds_its_magic_within_the_bound() {
    let references = ReferenceSet::new();
    for occ in references.iter() {
        let seed = SeedPlan::Tuned.seed(occ.slider, occ.square);
        let found = find_magic(occ, Scheme::Fancy, occ.mask_bits(), seed, Shard::WHOLE, TUNED_CANDIDATES)
            .unwrap_or_else(|e| panic!("tuned seed {seed} no longer works: {e}"));
        assert!(found.candidates <= TUNED_CANDIDATES);
        assert_eq!(found.bits, occ.mask_bits());
    }
}

/// Re-derives a sample of seeds from scratch (all 128 take minutes in a debug build; run
/// `cargo run --release -p magic-gen --example tune-seeds` for the full set) and checks that
/// the committed ones are the smallest that work, as the derivation defines them.
#[test]
fn sampled_seeds_re_derive_to_the_committed_values() {
    let samples = [
        (Slider::Bishop, "g4"),
        (Slider::Bishop, "d1"),
        (Slider::Bishop, "c8"),
        (Slider::Bishop, "e6"),
        (Slider::Bishop, "f1"),
        (Slider::Rook, "h5"),
        (Slider::Rook, "a7"),
    ];
    for (slider, name) in samples {
        let square: Square = name.parse().unwrap();
        let occ = Occupancies::new(slider, square);
        let committed = TUNED_SEEDS[slider.ordinal()][square.index() as usize];
        let derived = tune_seed(&occ, Scheme::Fancy, occ.mask_bits(), TUNED_CANDIDATES, 0, committed + 1);
        assert_eq!(derived, Some(committed), "{slider} {square}");
    }
}

/// A master seed keys all streams; each square's result is the same whichever order the
/// squares are searched in, and different master seeds give different magics.
#[test]
fn master_seed_results_do_not_depend_on_search_order() {
    let references = ReferenceSet::new();
    let picks = [(Slider::Bishop, "a1"), (Slider::Bishop, "d4"), (Slider::Rook, "h8"), (Slider::Bishop, "e5")];
    let search = |(slider, name): (Slider, &str), seed| {
        let occ = references.get(slider, name.parse().unwrap());
        find_magic(occ, Scheme::Fancy, occ.mask_bits(), seed, Shard::WHOLE, 10_000_000).unwrap()
    };
    let forward: Vec<_> = picks.iter().map(|&p| search(p, 2026)).collect();
    let mut backward: Vec<_> = picks.iter().rev().map(|&p| search(p, 2026)).collect();
    backward.reverse();
    assert_eq!(forward, backward);
    let other: Vec<_> = picks.iter().map(|&p| search(p, 2027)).collect();
    assert!(forward.iter().zip(&other).all(|(a, b)| a.magic != b.magic));
}

/// The 32-bit and folded seeds the layouts' build uses: each finds its magic at once, and a
/// sample re-derives to the committed value.
#[test]
fn other_schemes_seeds_work_and_re_derive() {
    let references = ReferenceSet::new();
    for scheme in [Scheme::Magic32, Scheme::Folded] {
        for occ in references.iter() {
            let seed = SeedPlan::Tuned.seed_for(scheme, occ.slider, occ.square);
            find_magic(occ, scheme, occ.mask_bits(), seed, Shard::WHOLE, TUNED_CANDIDATES)
                .unwrap_or_else(|e| panic!("{scheme:?} tuned seed {seed} no longer works: {e}"));
        }
        for (slider, name) in [(Slider::Bishop, "b7"), (Slider::Bishop, "h1"), (Slider::Rook, "d5")] {
            let square: Square = name.parse().unwrap();
            let occ = Occupancies::new(slider, square);
            let committed = tuned_seeds(scheme)[slider.ordinal()][square.index() as usize];
            let derived = tune_seed(&occ, scheme, occ.mask_bits(), TUNED_CANDIDATES, 0, committed + 1);
            assert_eq!(derived, Some(committed), "{scheme:?} {slider} {square}");
        }
    }
}
