//! The generated tables are deterministic and do not change unnoticed.

use std::path::PathBuf;

use magic_gen::{Slider, Square};
use magic_tests::{generate_tuned, golden_text};

fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("golden/fancy_tuned.txt")
}

#[test]
fn generating_twice_gives_identical_source() {
    let (_, first) = generate_tuned();
    let (_, second) = generate_tuned();
    let first = magic_gen::emit::rust_source(magic_gen::Layout::Fancy, &magic_gen::layouts::fancy::file(&first), None);
    assert_eq!(
        first,
        magic_gen::emit::rust_source(magic_gen::Layout::Fancy, &magic_gen::layouts::fancy::file(&second), None)
    );
    // No absolute paths or times can sneak in: the header names only crates and values.
    assert!(!first.contains(env!("CARGO_MANIFEST_DIR")));
    assert!(first.starts_with("// @generated"));
}

/// Fails if the seeded search, the layout or the table contents ever change. After an
/// intended change, rewrite the golden file with `BLESS=1 cargo test -p magic-tests --test golden`.
#[test]
fn tables_match_the_committed_golden_file() {
    let (_, generated) = generate_tuned();
    let actual = golden_text(&generated);
    let path = golden_path();
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, &actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    if actual != expected {
        let first_difference = actual.lines().zip(expected.lines()).find(|(a, e)| a != e);
        panic!(
            "generated tables differ from {}; first differing line (generated, golden): {first_difference:?}\n\
             If the change is intended, run `BLESS=1 cargo test -p magic-tests --test golden`.",
            path.display()
        );
    }
}

#[test]
fn runtime_crate_holds_the_golden_tables() {
    let (_, generated) = generate_tuned();
    assert_eq!(magic_tables::fancy::ATTACKS.as_slice(), generated.tables.attacks.as_slice());
    for slider in Slider::ALL {
        let runtime = match slider {
            Slider::Rook => &magic_tables::fancy::ROOK_MAGICS,
            Slider::Bishop => &magic_tables::fancy::BISHOP_MAGICS,
        };
        for square in Square::ALL {
            let expected = generated.tables.entry(slider, square);
            let actual = runtime[square.index() as usize];
            assert_eq!(
                (actual.mask, actual.magic, actual.shift, actual.offset),
                (expected.mask, expected.magic, expected.shift, expected.offset),
                "{slider} {square}"
            );
        }
    }
}

/// The README pins the checksum of every table magic-tables ships (the header's `Checksum:`
/// line, over the entries and the arrays), so a reader can compare a generated file with the
/// repository's word. Built here the one way the build script builds them.
#[test]
fn readme_pins_every_shipped_tables_checksum() {
    use magic_gen::Layout;
    use magic_gen::shipped::Shipped;

    let readme_path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let references = magic_gen::ReferenceSet::new();
    let shipped = Shipped::new(&references, Layout::ALL).unwrap();
    let mut expected = String::new();
    for &layout in Layout::ALL {
        let file = shipped.build(layout).unwrap();
        expected += &format!("| `{}` | {} | `{:#018x}` |\n", layout.name(), file.table_entries, file.checksum());
    }
    assert!(
        readme.contains(&expected),
        "README.md must pin the shipped tables' checksums as these rows, in this order:\n{expected}"
    );
}
