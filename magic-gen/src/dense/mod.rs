//! Dense packing of fixed-shift magics (black `((occ | !mask) * magic) >> shift`, or white
//! `((occ & mask) * magic) >> shift`) into one shared attack array.
//!
//! * [`candidate`]: the frozen, seekable candidate stream (a recipe stores only seed, `k`, offset).
//! * `pack` (feature `pack`, part of `cli`): per-square data, the validity test, the bitset
//!   packer and the seeded search.
//! * `recipe` (feature `pack`): the checkpoint file (a [`crate::recipe`] with the search's state),
//!   atomic writes, exact verification.

pub mod candidate;
#[cfg(feature = "pack")]
#[cfg_attr(docsrs, doc(cfg(feature = "pack")))]
pub mod pack;
#[cfg(feature = "pack")]
#[cfg_attr(docsrs, doc(cfg(feature = "pack")))]
pub mod recipe;

pub use candidate::{Candidates, black_candidate};
#[cfg(feature = "pack")]
pub use pack::{Packer, Params};
#[cfg(feature = "pack")]
pub use recipe::{Recipe, verify_recipe};

#[cfg(all(test, feature = "pack"))]
mod tests {
    use super::*;
    use crate::ReferenceSet;
    use crate::magic_set::Indexing;

    fn small(layout: Indexing, seed: u64, references: &ReferenceSet) -> Packer {
        let params = Params { pool: 4, init_valid: 1, init_draws: 1, fresh: 64, ..Params::default() };
        let mut packer = Packer::new(references, layout, seed, params);
        packer.construct();
        for _ in 0..30 {
            packer.step();
        }
        packer
    }

    fn recipe_of(packer: &Packer) -> Recipe {
        Recipe::of(packer, "test", "budget")
    }

    #[test]
    fn packs_verify_and_round_trip() {
        let references = ReferenceSet::new();
        let a = recipe_of(&small(Indexing::Black, 3, &references));
        let (entries, used) = verify_recipe(&references, &a).unwrap();
        assert!(used <= entries && used >= 6328, "{entries} {used}");
        assert_eq!(Recipe::parse(&a.render(entries, used)).unwrap(), a);
    }

    /// Slow unoptimised (about a minute): `cargo test --release -p magic-gen dense -- --ignored`.
    #[test]
    #[ignore]
    fn both_layouts_are_deterministic() {
        let references = ReferenceSet::new();
        for layout in [Indexing::Black, Indexing::White] {
            let a = recipe_of(&small(layout, 3, &references));
            let (entries, used) = verify_recipe(&references, &a).unwrap();
            assert!(used <= entries && used >= 6328, "{entries} {used}");
            let text = a.render(entries, used);
            assert_eq!(Recipe::parse(&text).unwrap(), a);
            assert_eq!(recipe_of(&small(layout, 3, &references)), a);
        }
    }

    #[test]
    fn verification_catches_a_conflict() {
        let references = ReferenceSet::new();
        let mut r = recipe_of(&small(Indexing::Black, 5, &references));
        // Put two squares on top of each other.
        let offset = r.rows[1].2;
        r.rows[0].2 = offset;
        r.rows[0].1 = r.rows[1].1;
        assert!(verify_recipe(&references, &r).is_err());
    }
}
