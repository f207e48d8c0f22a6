//! Every layout module of `magic-tables`, exhaustively through its public functions: every
//! subset of every mask, each again with random bits outside the mask, queen = rook | bishop,
//! and the table sizes against the published figures in `tests/data/layout_size_records.csv` (a copy of the records' file, sources in `tests/data/README.md`).
//!
//! `magic-tests` enables every layout feature of `magic-tables`, so a plain `cargo test` runs these.

use magic_gen::geometry::{relevant_mask, slow_attacks, subsets};
use magic_gen::{Slider, Square};
use magic_tests::test_rng;
use rand_chacha::rand_core::Rng;

/// The lookups of one layout module.
struct Lookups {
    name: &'static str,
    rook: fn(magic_tables::Square, u64) -> u64,
    bishop: fn(magic_tables::Square, u64) -> u64,
    queen: fn(magic_tables::Square, u64) -> u64,
    entries: usize,
    bytes: usize,
}

macro_rules! lookups {
    ($(($module:ident, $name:literal)),* $(,)?) => {
        vec![$(
            Lookups {
                name: $name,
                rook: magic_tables::$module::rook_attacks,
                bishop: magic_tables::$module::bishop_attacks,
                queen: magic_tables::$module::queen_attacks,
                entries: magic_tables::$module::TABLE_ENTRIES,
                bytes: magic_tables::$module::TABLE_BYTES,
            }
        ),*]
    };
}

/// Every layout module, from the runtime crate's one list.
fn all_layouts() -> Vec<Lookups> {
    magic_tables::for_each_layout!(lookups)
}

#[test]
fn every_layout_matches_the_reference_on_every_occupancy() {
    for layout in all_layouts() {
        let mut rng = test_rng(0x1a70_u64 ^ layout.entries as u64);
        let mut checked = 0;
        for slider in Slider::ALL {
            let lookup = match slider {
                Slider::Rook => layout.rook,
                Slider::Bishop => layout.bishop,
            };
            for square in Square::ALL {
                let mask = relevant_mask(slider, square);
                for occupied in subsets(mask) {
                    let expected = slow_attacks(slider, square, occupied);
                    assert_eq!(
                        lookup(square, occupied),
                        expected,
                        "{}: {slider} {square} {occupied:#018x}",
                        layout.name
                    );
                    // Random bits everywhere else, the slider's own square and the edges included.
                    let noisy = occupied | (rng.next_u64() & !mask);
                    assert_eq!(lookup(square, noisy), expected, "{}: {slider} {square} {noisy:#018x}", layout.name);
                    checked += 1;
                }
                assert_eq!(lookup(square, u64::MAX), slow_attacks(slider, square, u64::MAX), "{}", layout.name);
            }
        }
        assert_eq!(checked, 107_648, "{}", layout.name);
    }
}

#[test]
fn every_queen_is_rook_or_bishop() {
    let mut rng = test_rng(99);
    for layout in all_layouts() {
        for square in magic_tables::Square::ALL {
            for _ in 0..64 {
                let occupied = rng.next_u64() & rng.next_u64();
                let both = (layout.rook)(square, occupied) | (layout.bishop)(square, occupied);
                assert_eq!((layout.queen)(square, occupied), both, "{} {square:?}", layout.name);
            }
        }
    }
}

/// Each layout's slots: at most its published figure (`layout_size_records.csv`), what the
/// method gives by construction, or, for the tables this project's own searches found, what they
/// reached.
#[test]
fn table_sizes_meet_the_published_figures() {
    let expected_at_most = [
        ("fancy", 107_648),
        ("plain", 294_912),
        // This project's own fewer-bit magics: all 39 known squares, as the published set (92,864).
        ("fancy-dense", 92_864),
        // This project's own packings: smaller than minimal fancy (107,648) and than 97,264, the
        // first published overlapped fixed-shift table (Annuss, 2010). The published records,
        // 88,772 and 87,988, are the target; tests/tests/published.rs builds those through the
        // same code.
        ("fixed-shift", 97_264),
        ("black", 97_264),
        // Per-square shifts: this project's packing (34 squares with one-bit-fewer black magics
        // of its own search, 25 annealed ones), below the smallest published single-lookup
        // table (76,411, per-square black magics in one engine).
        ("black-variable", 76_410),
        // 4,900 rook + 1,428 bishop distinct attack sets.
        ("byte-lookup", 6_328),
        ("magic32", 107_648),
        ("shared", 67_328),
        ("folded", 107_648),
        ("pext", 107_648),
    ];
    for (layout, (name, at_most)) in all_layouts().iter().zip(expected_at_most) {
        assert_eq!(layout.name, name);
        assert!(layout.entries <= at_most, "{name}: {} slots, published {at_most}", layout.entries);
        // Every layout's bytes include at least its attack sets, and the entries per square.
        assert!(layout.bytes >= layout.entries * 8 + 128 * 16, "{name}: {} bytes", layout.bytes);
    }
    assert_eq!(magic_tables::byte_lookup::TABLE_ENTRIES, 6_328);
    assert_eq!(magic_tables::byte_lookup::INDEXES.len(), 107_648);
    assert_eq!(magic_tables::plain::TABLE_BYTES, 294_912 * 8 + 128 * 16);
    assert_eq!(magic_tables::fixed_shift::ATTACKS.len(), magic_tables::fixed_shift::TABLE_ENTRIES);
    assert_eq!(magic_tables::black::ATTACKS.len(), magic_tables::black::TABLE_ENTRIES);
    // Minimal fancy less what this project's one-bit-fewer magics save: 15 rook squares
    // (14,336 slots: g7 and h7 from the exhaustive sweeps add 512 and 1,024) and 24 bishop
    // squares (448 slots).
    assert_eq!(magic_tables::fancy_dense::ATTACKS.len(), 107_648 - 14_336 - 448);
    assert_eq!(magic_tables::shared::ATTACKS.len(), 67_328);
}

/// The `const fn` lookups of every layout but `pext` (an intrinsic) evaluate at compile time.
#[test]
fn lookups_are_const() {
    use magic_tables::Square as S;
    const ROOKS: [u64; 9] = [
        magic_tables::fancy::rook_attacks(S::A1, 0),
        magic_tables::plain::rook_attacks(S::A1, 0),
        magic_tables::fancy_dense::rook_attacks(S::A1, 0),
        magic_tables::fixed_shift::rook_attacks(S::A1, 0),
        magic_tables::black::rook_attacks(S::A1, 0),
        magic_tables::byte_lookup::rook_attacks(S::A1, 0),
        magic_tables::magic32::rook_attacks(S::A1, 0),
        magic_tables::shared::rook_attacks(S::A1, 0),
        magic_tables::folded::rook_attacks(S::A1, 0),
    ];
    const BISHOPS: [u64; 9] = [
        magic_tables::fancy::bishop_attacks(S::D4, 0),
        magic_tables::plain::bishop_attacks(S::D4, 0),
        magic_tables::fancy_dense::bishop_attacks(S::D4, 0),
        magic_tables::fixed_shift::bishop_attacks(S::D4, 0),
        magic_tables::black::bishop_attacks(S::D4, 0),
        magic_tables::byte_lookup::bishop_attacks(S::D4, 0),
        magic_tables::magic32::bishop_attacks(S::D4, 0),
        magic_tables::shared::bishop_attacks(S::D4, 0),
        magic_tables::folded::bishop_attacks(S::D4, 0),
    ];
    assert!(ROOKS.iter().all(|&r| r == 0x0101_0101_0101_01FE));
    assert!(BISHOPS.iter().all(|&b| b == slow_attacks(Slider::Bishop, "d4".parse().unwrap(), 0)));
}

/// Without BMI2 the pext module is the default layout; with it, its own table.
#[test]
fn pext_module_says_what_it_is() {
    assert_eq!(magic_tables::pext::ACTIVE, cfg!(target_feature = "bmi2"));
    if magic_tables::pext::ACTIVE {
        // A slice of 2^bits per square, in pext order: the minimal fancy size.
        assert_eq!(magic_tables::pext::TABLE_ENTRIES, 107_648);
    } else {
        assert_eq!(magic_tables::pext::TABLE_ENTRIES, magic_tables::TABLE_ENTRIES);
        assert_eq!(magic_tables::pext::rook_attacks(magic_tables::Square::A1, 0), 0x0101_0101_0101_01FE);
    }
}
