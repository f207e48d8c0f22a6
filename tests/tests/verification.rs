//! The verifier catches every kind of corruption and names the culprit.

use magic_gen::{BuildError, Slider, Square, verify};
use magic_tests::generate_tuned;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn generated_tables_verify() {
    let (references, generated) = generate_tuned();
    let report = verify(&generated.tables, &references).unwrap();
    assert_eq!(report.occupancies_checked, 107_648);
    assert_eq!(report.entries, 107_648);
}

#[test]
fn a_corrupted_magic_is_rejected_by_name() {
    let (references, generated) = generate_tuned();
    let mut tables = generated.tables.clone();
    let e4 = &mut tables.entries[Slider::Rook.ordinal()][sq("e4").index() as usize];
    e4.magic ^= 1 << 40;
    let corrupted = e4.magic;
    let err = verify(&tables, &references).unwrap_err();
    match &err {
        BuildError::Mismatch { layout: "fancy", slider, square, occupancy, expected, found } => {
            assert_eq!((*slider, *square), (Slider::Rook, sq("e4")));
            assert_ne!(Some(*expected), *found);
            assert_eq!(*expected, magic_gen::geometry::slow_attacks(Slider::Rook, sq("e4"), *occupancy));
            // The lookup really goes through the corrupted magic.
            let entry = tables.entry(Slider::Rook, sq("e4"));
            assert_eq!(entry.magic, corrupted);
            assert_eq!(*found, tables.attacks.get(entry.slot(*occupancy)).copied());
        }
        other => panic!("expected a mismatch, got {other:?}"),
    }
    let message = err.to_string();
    assert!(message.starts_with("fancy: rook e4: occupancy"), "{message}");
}

#[test]
fn a_corrupted_attack_set_is_rejected() {
    let (references, generated) = generate_tuned();
    let mut tables = generated.tables.clone();
    let entry = *tables.entry(Slider::Bishop, sq("h8"));
    let slot = entry.slot(0);
    tables.attacks[slot] ^= 1;
    let err = verify(&tables, &references).unwrap_err();
    assert!(matches!(err, BuildError::Mismatch { slider: Slider::Bishop, occupancy: 0, .. }), "{err:?}");
    assert!(err.to_string().contains("bishop h8"));
}

#[test]
fn a_wrong_mask_or_offset_is_rejected() {
    let (references, generated) = generate_tuned();
    let mut tables = generated.tables.clone();
    tables.entries[0][0].mask |= 1 << 63;
    let err = verify(&tables, &references).unwrap_err();
    assert!(matches!(err, BuildError::Data { layout: "fancy", .. }), "{err:?}");
    assert!(err.to_string().starts_with("fancy: rook a1: mask 0x800101010101017e is not"), "{err}");

    let mut tables = generated.tables.clone();
    tables.entries[1][63].offset = 107_648;
    let err = verify(&tables, &references).unwrap_err();
    assert!(matches!(err, BuildError::Mismatch { slider: Slider::Bishop, found: None, .. }), "{err:?}");
    assert!(err.to_string().contains("bishop h8") && err.to_string().contains("a slot outside the array"));
}
