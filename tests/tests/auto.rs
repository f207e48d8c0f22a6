//! `magic_tables::auto`: every way (`run` as chosen and forced, `Pext`, `DefaultLayout`,
//! `Sliders`, the free functions) agrees with the slow reference on every relevant occupancy of
//! every square (and each with bits outside the mask), and the CPU decision on `cpuid` values of
//! the CPUs it must tell apart. One test for every way: the choice is global to the process.

use magic_gen::geometry::{relevant_mask, slow_attacks, subsets};
use magic_tables::auto::{self, Cpuid};
use magic_tables::{Slider, Square};

/// Every relevant occupancy of every square, and each again with bits outside the mask set,
/// through `lookups`.
fn check_every_occupancy<L: auto::Lookups>(way: &str, lookups: L) {
    let mut noise = 0x9E37_79B9_7F4A_7C15u64;
    for slider in Slider::ALL {
        for square in Square::ALL {
            let mask = relevant_mask(slider, square);
            for occupied in subsets(mask) {
                noise = noise.rotate_left(17).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ occupied;
                for occupied in [occupied, occupied | (noise & !mask)] {
                    let got = match slider {
                        Slider::Rook => lookups.rook_attacks(square, occupied),
                        Slider::Bishop => lookups.bishop_attacks(square, occupied),
                    };
                    let expected = slow_attacks(slider, square, occupied);
                    assert_eq!(got, expected, "{way}: {slider} {square} {occupied:#x}");
                }
            }
        }
    }
    let d4 = Square::D4;
    let both = slow_attacks(Slider::Rook, d4, 0) | slow_attacks(Slider::Bishop, d4, 0);
    assert_eq!(lookups.queen_attacks(d4, 0), both, "{way}: queen");
}

/// The free functions, as a `Lookups`.
#[derive(Clone, Copy)]
struct Free;

impl auto::Lookups for Free {
    fn rook_attacks(self, square: Square, occupied: u64) -> u64 {
        auto::rook_attacks(square, occupied)
    }
    fn bishop_attacks(self, square: Square, occupied: u64) -> u64 {
        auto::bishop_attacks(square, occupied)
    }
    fn queen_attacks(self, square: Square, occupied: u64) -> u64 {
        auto::queen_attacks(square, occupied)
    }
}

/// A job that checks the lookups `run` hands it, and says which way they were.
struct CheckAll(&'static str);

impl auto::Job for CheckAll {
    type Output = &'static str;
    fn run<L: auto::Lookups>(self, lookups: L) -> &'static str {
        check_every_occupancy(self.0, lookups);
        core::any::type_name::<L>()
    }
}

#[test]
fn every_way_agrees_with_the_reference() {
    let cpu = Cpuid::read();
    // Asked once: the same answer as the decision on this CPU's own values.
    assert_eq!(auto::uses_pext(), cpu.is_some_and(|cpu| cpu.pext_is_fast()));
    let chosen = auto::run(CheckAll("run, as chosen"));
    let expected = if auto::uses_pext() { "Pext" } else { "DefaultLayout" };
    assert!(chosen.ends_with(expected), "run chose {chosen}, uses_pext says {expected}");
    check_every_occupancy("Sliders, as chosen", auto::Sliders::new());
    check_every_occupancy("free functions", Free);
    check_every_occupancy("DefaultLayout", auto::DefaultLayout);
    auto::force_fallback();
    assert!(!auto::uses_pext());
    assert!(auto::run(CheckAll("run, fallback")).ends_with("DefaultLayout"));
    check_every_occupancy("Sliders, fallback", auto::Sliders::new());
    match auto::Pext::new() {
        Some(pext) => {
            assert!(cpu.is_some_and(|cpu| cpu.has_bmi2()));
            check_every_occupancy("Pext", pext);
            // SAFETY: this CPU has BMI2 (a `Pext` was made).
            assert!(unsafe { auto::force_pext() });
            assert!(auto::uses_pext());
            assert!(auto::run(CheckAll("run, pext")).ends_with("Pext"));
            check_every_occupancy("Sliders, pext", auto::Sliders::new());
        }
        None => assert!(cpu.is_none_or(|cpu| !cpu.has_bmi2()) || cfg!(not(target_arch = "x86_64"))),
    }
    // Both ways' tables are linked on x86-64.
    const { assert!(auto::TABLE_BYTES > magic_tables::TABLE_BYTES || cfg!(not(target_arch = "x86_64"))) };
}

#[test]
fn the_free_functions_are_the_default_layout_and_const() {
    const D4: u64 = auto::queen_attacks(Square::D4, 0);
    assert_eq!(D4, magic_tables::queen_attacks(Square::D4, 0));
    for square in Square::ALL {
        let occupied = 0x0042_1000_8100_2400u64.rotate_left(u32::from(square.index()));
        assert_eq!(auto::rook_attacks(square, occupied), magic_tables::rook_attacks(square, occupied));
        assert_eq!(auto::bishop_attacks(square, occupied), magic_tables::bishop_attacks(square, occupied));
    }
}

/// `vendor`, leaf 1 `eax` (family and model) and leaf 7 `ebx` as these CPUs report them.
fn cpu(vendor: &[u8; 12], leaf1_eax: u32, leaf7_ebx: u32) -> Cpuid {
    Cpuid { vendor: *vendor, max_leaf: 0x10, leaf1_eax, leaf7_ebx }
}

#[test]
fn pext_is_fast_where_it_should_be() {
    // Intel Haswell (family 6, model 0x3C), BMI2: fast.
    let haswell = cpu(b"GenuineIntel", 0x0003_06C3, 0x0000_27AB);
    assert!(haswell.has_bmi2() && haswell.pext_is_fast() && haswell.family() == 6);
    // AMD Zen 2 (family 0x17), BMI2 but microcoded pext: slow.
    let zen2 = cpu(b"AuthenticAMD", 0x0083_0F10, 0x219C_91A9);
    assert!(zen2.has_bmi2() && zen2.family() == 0x17 && !zen2.pext_is_fast());
    // AMD Zen 3 (family 0x19): fast.
    let zen3 = cpu(b"AuthenticAMD", 0x00A2_0F10, 0x219C_97A9);
    assert!(zen3.family() == 0x19 && zen3.pext_is_fast());
    // AMD Zen 4 (family 0x19, model 0x11), recorded on this project's machine: fast.
    let zen4 = Cpuid { vendor: *b"AuthenticAMD", max_leaf: 0x1C, leaf1_eax: 0x00A1_0F11, leaf7_ebx: 0xF1BF_07AB };
    assert!(zen4.family() == 0x19 && zen4.pext_is_fast());
    // Hygon Dhyana (Zen 1 licence, family 0x18): slow.
    let hygon = cpu(b"HygonGenuine", 0x0090_0F01, 0x009C_01A9);
    assert!(hygon.has_bmi2() && hygon.family() == 0x18 && !hygon.pext_is_fast());
    // Intel Ivy Bridge: no BMI2 (bit 8 clear).
    let ivy = cpu(b"GenuineIntel", 0x0003_06A9, 0x0000_0281);
    assert!(!ivy.has_bmi2() && !ivy.pext_is_fast());
    // A CPU whose highest leaf is below 7 has no leaf 7 to read.
    let old = Cpuid { max_leaf: 6, ..haswell };
    assert!(!old.has_bmi2() && !old.pext_is_fast());
}
