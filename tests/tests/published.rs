//! Published tables, kept in `tests/data/published/` as comparison data with their source
//! columns, go through the very layout code the build uses for this project's own tables, and
//! build at their published sizes. They are the bar this project's searches are measured against
//! (`cargo run -p magic-tests --example sizes` prints ours beside them).

use magic_gen::Layout;
use magic_gen::ReferenceSet;
use magic_gen::layouts::{fancy_dense, overlapped};
use magic_tests::generate_tuned;

const FIXED: &str = include_str!("../data/published/fixed_shift_white_annuss_88772.csv");
const BLACK: &str = include_str!("../data/published/black_magic_annuss_fiekas_87988.csv");
const FEWER_BITS: &str = include_str!("../data/published/best_magics_c_minus_1.csv");

#[test]
fn the_published_tables_build_at_their_published_sizes() {
    let (references, fancy) = generate_tuned();
    let build = |layout, file, text| overlapped::build_from_records(layout, &references, file, text).unwrap();
    assert_eq!(build(Layout::FixedShift, "fixed_shift_white_annuss_88772.csv", FIXED).table_entries, 88_772);
    assert_eq!(build(Layout::Black, "black_magic_annuss_fiekas_87988.csv", BLACK).table_entries, 87_988);
    let dense = fancy_dense::build_from_records(&references, &fancy, "best_magics_c_minus_1.csv", FEWER_BITS).unwrap();
    assert_eq!(dense.table_entries, 92_864);
}

/// Moving one square's range onto another's must fail, naming both squares.
#[test]
fn incompatible_overlap_fails_naming_both_squares() {
    let references = ReferenceSet::new();
    let mut lines: Vec<String> = FIXED.lines().map(str::to_owned).collect();
    let offset_of = |line: &str| line.split(',').nth(5).unwrap().to_owned();
    // Put rook b1 (line 3) at rook a1's offset (line 2).
    let a1_offset = offset_of(&lines[1]);
    let mut fields: Vec<String> = lines[2].split(',').map(str::to_owned).collect();
    fields[5] = a1_offset;
    lines[2] = fields.join(",");
    let err = overlapped::build_from_records(Layout::FixedShift, &references, "fixed_shift.csv", &lines.join("\n"))
        .unwrap_err();
    let message = err.to_string();
    assert!(message.starts_with("fixed-shift: "), "{message}");
    assert!(
        message.contains("rook a1") && message.contains("rook b1") && message.contains("incompatible"),
        "{message}"
    );
}

#[test]
fn a_white_file_is_not_black_magic() {
    let err =
        overlapped::build_from_records(Layout::Black, &ReferenceSet::new(), "fixed_shift.csv", FIXED).unwrap_err();
    assert_eq!(err.to_string(), "black: fixed_shift.csv does not hold black magics with offsets");
}

/// A record file with its header only is refused with a message, never a panic.
#[test]
fn a_header_only_record_file_is_an_error() {
    let header = BLACK.lines().next().unwrap();
    let result = std::panic::catch_unwind(|| {
        overlapped::build_from_records(Layout::Black, &ReferenceSet::new(), "black.csv", header).map(|_| ())
    });
    let message = result.expect("no panic").unwrap_err().to_string();
    assert!(message.starts_with("black: "), "{message}");
}
