//! The Rust renderer of a [`LayoutFile`]: the header's comment block, the constants and
//! per-square entry tables as a `syn` tree printed by `prettyplease`, and the data arrays
//! streamed as fixed-width hex literals (`write_data_array`, which the C renderer shares).
//!
//! The data model itself (`LayoutFile`, its fields, sizes, checksum and header lines) is the
//! dependency-free `build-support-model`, re-exported here as [`crate::LayoutFile`] and friends.

use std::fmt::Write as _;

use syn::{Expr, Item};

use crate::array::{PER_LINE, push_u64_line};
use crate::header::comment_block;
use crate::items::{self, binary, call, hex_u64, int, path, reference_to, size_of, struct_literal};
// The model's types, at the paths they had before the model became a crate of its own.
pub use build_support_model::layout::{CHECKSUM_RULE, DataArray, EntryTable, Field, Language, LayoutFile, Values};

/// The whole file as Rust source: the header, `TABLE_ENTRIES`, `TABLE_BYTES`, the entry tables
/// and the data arrays.
pub fn render(file: &LayoutFile) -> String {
    let mut out = comment_block(&file.header_lines(Language::Rust), "//");
    out.push('\n');
    let data_bytes = int(&file.arrays.iter().map(|a| a.values.bytes()).sum::<usize>().to_string());
    // Data bytes, then `+ rows * size_of::<Entry>()` per entry table, so the constant is right
    // on every target whatever the entry's layout there.
    let table_bytes = file.entry_tables.iter().fold(data_bytes, |sum, table| {
        binary(sum, '+', binary(int(&table.rows.len().to_string()), '*', size_of(&table.type_name)))
    });
    let usize = || items::type_named("usize");
    let mut items = vec![
        items::public_const(
            "Slots of this layout's attack array(s).",
            "TABLE_ENTRIES",
            usize(),
            int(&file.table_entries.to_string()),
        ),
        items::public_const("Bytes of all of this layout's tables together.", "TABLE_BYTES", usize(), table_bytes),
    ];
    items.extend(file.entry_tables.iter().map(entry_table_item));
    out.push_str(&items::render(items));
    for array in &file.arrays {
        out.push('\n');
        write_data_array(&mut out, array, Syntax::Rust);
    }
    out
}

/// A field's value as an expression: hex for bitboards and multipliers, decimal for counts, and
/// `Slots::at(&ARRAY, offset)` for a range's start.
fn field_expr(field: Field) -> Expr {
    match field {
        Field::Hex(value) => hex_u64(value),
        Field::Hex32(value) => int(&format!("0x{value:08X}")),
        Field::U32(value) => int(&value.to_string()),
        Field::U8(value) => int(&value.to_string()),
        Field::Slots { array, offset } => {
            call(path(&["Slots", "at"]), vec![reference_to(array), int(&offset.to_string())])
        }
    }
}

/// `pub static NAME: [TYPE; 64] = [TYPE { field: value, … }, …];`
fn entry_table_item(table: &EntryTable) -> Item {
    let rows = table
        .rows
        .iter()
        .map(|row| {
            struct_literal(&table.type_name, row.iter().map(|&(field, value)| (field, field_expr(value))).collect())
        })
        .collect();
    items::public_static_array(&table.doc, &table.name, &table.type_name, rows)
}

/// The language an array is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Syntax {
    /// `pub static NAME: [u64; N] = [ … ];`
    Rust,
    /// `static const uint64_t NAME[N] = { … };`, with `ULL` suffixes.
    #[cfg_attr(not(feature = "c"), allow(dead_code))] // Written only by the C renderer.
    C,
}

/// Appends `array` with its doc comment, one `// label` line before each run, streamed: no
/// syntax tree, since it runs for every element of every array in an unoptimized build script.
pub(crate) fn write_data_array(out: &mut String, array: &DataArray, syntax: Syntax) {
    let (rust_ty, per_line) = match array.values {
        Values::U64(_) => ("u64", PER_LINE),
        Values::U8(_) => ("u8", 16),
        Values::U16(_) => ("u16", 12),
    };
    let c_ty = array.values.c_type();
    let len = array.values.len();
    out.reserve(len * if per_line == 4 { 23 } else { 6 } + array.runs.len() * 64);
    let rows = array.runs.len();
    let row_len = array.runs.first().map_or(0, |r| r.1);
    let (open, close, suffix) = match (syntax, array.two_dimensional) {
        (Syntax::Rust, true) => (format!("pub static {}: [[{rust_ty}; {row_len}]; {rows}] = [", array.name), "];", ""),
        (Syntax::Rust, false) => (format!("pub static {}: [{rust_ty}; {len}] = [", array.name), "];", ""),
        (Syntax::C, true) => (format!("const {c_ty} {}[{rows}][{row_len}] = {{", array.name), "};", "ULL"),
        (Syntax::C, false) => (format!("const {c_ty} {}[{len}] = {{", array.name), "};", "ULL"),
    };
    let (row_open, row_close) = match syntax {
        Syntax::Rust => ("    [\n", "    ],\n"),
        Syntax::C => ("    {\n", "    },\n"),
    };
    match syntax {
        Syntax::Rust => writeln!(out, "/// {}", array.doc).unwrap(),
        Syntax::C => writeln!(out, "/* {} */", array.doc).unwrap(),
    }
    writeln!(out, "{open}").unwrap();
    let mut start = 0;
    for (label, run) in &array.runs {
        writeln!(out, "    // {label}").unwrap();
        if array.two_dimensional {
            out.push_str(row_open);
        }
        match &array.values {
            Values::U64(values) => {
                for line in values[start..start + run].chunks(per_line) {
                    push_u64_line(out, line, suffix);
                }
            }
            Values::U8(values) => push_short_lines(out, &values[start..start + run], per_line),
            Values::U16(values) => push_short_lines(out, &values[start..start + run], per_line),
        }
        if array.two_dimensional {
            out.push_str(row_close);
        }
        start += run;
    }
    out.push_str(close);
    out.push('\n');
}

/// Appends `values` (bytes or 16-bit codes) `per_line` to a line, each as `0x` and its
/// upper-case hex digits, comma-terminated.
fn push_short_lines<T: Copy + Into<u64>>(out: &mut String, values: &[T], per_line: usize) {
    let digits = 2 * std::mem::size_of::<T>() as u32;
    for line in values.chunks(per_line) {
        out.push_str("   ");
        for &value in line {
            out.push(' ');
            push_hex(out, value.into(), digits);
            out.push(',');
        }
        out.push('\n');
    }
}

/// Appends `value` as `0x` and its `digits` lowest upper-case hex digits.
fn push_hex(out: &mut String, value: u64, digits: u32) {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    out.push_str("0x");
    // A plain loop: this runs for every element in an unoptimized build script.
    let mut shift = 4 * digits;
    while shift > 0 {
        shift -= 4;
        out.push(DIGITS[((value >> shift) & 15) as usize] as char);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checksum::Fnv1a64;
    use crate::header::Provenance;

    fn sample(two_dimensional: bool) -> LayoutFile {
        LayoutFile {
            layout: "test".into(),
            description: vec!["a test layout".into()],
            provenance: Provenance {
                generator: "unit test".into(),
                seed: "none".into(),
                candidates: None,
                verified_occupancies: 3,
                reproduce: vec!["run the test".into()],
                scope: None,
            },
            entry_tables: vec![EntryTable {
                name: "ROOK".into(),
                doc: "Rook entries.".into(),
                type_name: "Entry".into(),
                rows: vec![vec![("mask", Field::Hex(0xff)), ("offset", Field::U32(2))]],
            }],
            arrays: vec![
                DataArray {
                    name: "ATTACKS".into(),
                    doc: "Attacks.".into(),
                    values: Values::U64(vec![1, 2, 3, 4]),
                    runs: vec![("first".into(), 2), ("second".into(), 2)],
                    two_dimensional,
                },
                DataArray {
                    name: "BYTES".into(),
                    doc: "Bytes.".into(),
                    values: Values::U8(vec![0xab, 1]),
                    runs: vec![("all".into(), 2)],
                    two_dimensional: false,
                },
            ],
            table_entries: 4,
        }
    }

    #[test]
    fn renders_items_arrays_and_sizes() {
        let text = render(&sample(false));
        assert!(text.starts_with("// @generated"));
        assert!(text.contains("pub const TABLE_ENTRIES: usize = 4;"));
        // 32 bytes of attacks and 2 of bytes, plus the entries as the target lays them out; on a
        // 64-bit target 16 (12 of fields, padded to the u64's alignment).
        assert!(text.contains("pub const TABLE_BYTES: usize = 34 + 1 * core::mem::size_of::<Entry>();"));
        assert_eq!(sample(false).table_bytes(), 50);
        assert!(text.contains("TABLE_BYTES: 50 on 64-bit targets"));
        assert!(text.contains("/// Rook entries.\npub static ROOK: [Entry; 1] = [\n    Entry {\n        mask: 0x00000000000000FF,\n        offset: 2,\n    },\n];"));
        assert!(
            text.contains(
                "pub static ATTACKS: [u64; 4] = [\n    // first\n    0x0000000000000001, 0x0000000000000002,\n"
            )
        );
        assert!(text.contains("pub static BYTES: [u8; 2] = [\n    // all\n    0xAB, 0x01,\n];"));
        let two = render(&sample(true));
        assert!(two.contains("pub static ATTACKS: [[u64; 2]; 2] = [\n    // first\n    [\n"));
    }

    #[test]
    fn slots_fields_name_their_array_and_count_as_pointers() {
        let mut file = sample(false);
        file.entry_tables[0].rows[0][1] = ("attacks", Field::Slots { array: "ATTACKS", offset: 3 });
        let text = render(&file);
        assert!(text.contains("attacks: Slots::at(&ATTACKS, 3),"), "{text}");
        // Two 8-byte fields on a 64-bit target, no padding.
        assert_eq!(file.entry_tables[0].bytes(), 16);
    }

    #[test]
    fn checksum_covers_every_entry_field_and_array_element() {
        let file = sample(false);
        let mut expected = Fnv1a64::new();
        // The entry's mask and offset, the attacks, then the bytes, each widened to 8 bytes.
        expected.write_u64s(&[0xff, 2, 1, 2, 3, 4, 0xab, 1]);
        assert_eq!(file.checksum(), expected.finish());
        // The same bytes through the one-shot function and the published constants.
        assert_eq!(crate::checksum::fnv1a64(&[1, 2, 3, 4]), {
            let mut words = Fnv1a64::new();
            words.write_bytes(&[
                1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0,
            ]);
            words.finish()
        });
        let mut changed = file.clone();
        changed.arrays[1].values = Values::U8(vec![0xab, 2]);
        assert_ne!(changed.checksum(), file.checksum());
        let mut moved = file.clone();
        moved.entry_tables[0].rows[0][1].1 = Field::U32(3);
        assert_ne!(moved.checksum(), file.checksum());
    }
}
