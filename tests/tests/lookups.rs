//! The public lookups of `magic-tables` against the slow reference, exhaustively.

use magic_gen::geometry::{relevant_mask, slow_attacks, subsets};
use magic_gen::{Slider, Square};
use magic_tables::{bishop_attacks, queen_attacks, rook_attacks};
use magic_tests::{runtime_attacks, test_rng};
use rand_chacha::rand_core::Rng;

#[test]
fn every_subset_of_every_mask_matches_the_reference() {
    let mut checked = 0;
    for slider in Slider::ALL {
        for square in Square::ALL {
            for occupied in subsets(relevant_mask(slider, square)) {
                assert_eq!(
                    runtime_attacks(slider, square, occupied),
                    slow_attacks(slider, square, occupied),
                    "{slider} {square} occupied {occupied:#018x}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 107_648);
}

#[test]
fn bits_outside_the_mask_change_nothing() {
    let mut rng = test_rng(0x0ff_b0a2d);
    for slider in Slider::ALL {
        for square in Square::ALL {
            let mask = relevant_mask(slider, square);
            for occupied in subsets(mask) {
                // Random bits everywhere else, the slider's own square and the edges included.
                let noisy = occupied | (rng.next_u64() & !mask);
                assert_eq!(
                    runtime_attacks(slider, square, noisy),
                    slow_attacks(slider, square, noisy),
                    "{slider} {square} occupied {noisy:#018x}"
                );
            }
            assert_eq!(runtime_attacks(slider, square, u64::MAX), slow_attacks(slider, square, u64::MAX));
        }
    }
}

#[test]
fn queen_is_rook_or_bishop() {
    let mut rng = test_rng(7);
    for square in Square::ALL {
        for _ in 0..256 {
            let occupied = rng.next_u64() & rng.next_u64();
            let expected =
                slow_attacks(Slider::Rook, square, occupied) | slow_attacks(Slider::Bishop, square, occupied);
            assert_eq!(queen_attacks(square, occupied), expected, "queen {square} {occupied:#018x}");
            assert_eq!(
                queen_attacks(square, occupied),
                rook_attacks(square, occupied) | bishop_attacks(square, occupied)
            );
        }
    }
}

/// The top-level raw tables are the default layout's, black magics, exactly as the committed
/// recipe gives them (stream rows re-derived from the seed and their candidate positions, walk
/// rows as stated), and `ATTACKS[offset + (((occupied | not_mask) * magic) >> shift)]` is the
/// lookup.
#[test]
fn raw_tables_are_the_recipes_black_magics() {
    let recipe = magic_gen::recipe::Recipe::parse(include_str!("../../magic-gen/recipes/black.recipe.csv"))
        .expect("the committed recipe parses");
    assert_eq!(magic_tables::ATTACKS.len(), magic_tables::TABLE_ENTRIES);
    // Smaller than the smallest published black table (cozy-chess's 87,988 entries), or this
    // does not compile.
    const { assert!(magic_tables::TABLE_ENTRIES < 87_988) };
    assert_eq!(
        magic_tables::TABLE_BYTES,
        magic_tables::TABLE_ENTRIES * 8 + 128 * size_of::<magic_tables::BlackMagic>()
    );
    assert_eq!(recipe.rows.len(), 128);
    for row in &recipe.rows {
        let (table, shift) = match row.slider {
            Slider::Rook => (&magic_tables::ROOK_MAGICS, 52),
            Slider::Bishop => (&magic_tables::BISHOP_MAGICS, 55),
        };
        let entry = &table[row.square.index() as usize];
        let name = format!("{} {}", row.slider, row.square);
        assert_eq!(entry.not_mask, !relevant_mask(row.slider, row.square), "{name}");
        assert_eq!(entry.magic, recipe.magic(row), "{name}");
        let offset = entry.attacks.offset_in(&magic_tables::ATTACKS).expect("every range starts inside ATTACKS");
        assert_eq!(Some(offset as u32), row.offset, "{name}");
        let occupied = 0x0042_0018_2400_8100;
        let slot = offset + ((occupied | entry.not_mask).wrapping_mul(entry.magic) >> shift) as usize;
        assert_eq!(magic_tables::ATTACKS[slot], slow_attacks(row.slider, row.square, occupied), "{name}");
    }
}
