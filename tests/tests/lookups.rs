//! The public lookups of `magic-tables` against the slow reference, exhaustively.

use magic_gen::geometry::{relevant_mask, slow_attacks, subsets};
use magic_gen::{Slider, Square};
use magic_tables::{bishop_attacks, queen_attacks, rook_attacks};
use magic_tests::{runtime_attacks, runtime_square, test_rng};
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
            let sq = runtime_square(square);
            assert_eq!(queen_attacks(sq, occupied), expected, "queen {square} {occupied:#018x}");
            assert_eq!(queen_attacks(sq, occupied), rook_attacks(sq, occupied) | bishop_attacks(sq, occupied));
        }
    }
}

#[test]
fn raw_tables_describe_the_lookup() {
    assert_eq!(magic_tables::ATTACKS.len(), magic_tables::TABLE_ENTRIES);
    assert_eq!(magic_tables::TABLE_ENTRIES, 107_648);
    assert_eq!(magic_tables::TABLE_BYTES, 107_648 * 8 + 128 * 24);
    for square in Square::ALL {
        let sq = runtime_square(square);
        let entry = &magic_tables::ROOK_MAGICS[square.index() as usize];
        assert_eq!(entry.mask, relevant_mask(Slider::Rook, square));
        assert_eq!(entry.shift, 64 - entry.mask.count_ones(), "minimal index bits for rook {square}");
        let occupied = 0x0042_0018_2400_8100;
        assert_eq!(magic_tables::ATTACKS[entry.slot(occupied)], rook_attacks(sq, occupied));
    }
}
