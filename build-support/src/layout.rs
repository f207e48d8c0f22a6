//! The generated file every table layout is written as: per-square entry tables (arrays of a struct the including module defines), the
//! data arrays they index, `TABLE_ENTRIES` and `TABLE_BYTES`, under a header that states the
//! layout, its sizes, a checksum of its data and how to reproduce it.
//!
//! The data model is deliberately dumb (named fields holding numbers, arrays of numbers with
//! labelled runs) so that this crate stays ignorant of chess: `magic-gen` decides what the
//! fields mean and checks the tables before handing them over.

use std::fmt::Write as _;

use syn::{Expr, Item};

use crate::array::{PER_LINE, push_u64_line};
use crate::checksum::Fnv1a64;
use crate::header::{Provenance, comment_block};
use crate::items::{self, binary, call, hex_u64, int, path, reference_to, size_of, struct_literal};

/// How the header's checksum is computed ([`LayoutFile::checksum`]), as the header says it.
pub const CHECKSUM_RULE: &str = "FNV-1a 64 over every number of the tables (the entry tables' fields, then the data arrays, each in the order written) as 8 little-endian bytes";

/// The value of one field of an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A bitboard or multiplier, written as 16 hex digits.
    Hex(u64),
    /// A 32-bit multiplier, written as 8 hex digits.
    Hex32(u32),
    /// A count or offset, written in decimal.
    U32(u32),
    /// Where a square's range starts in the data array `array`, stored as an address
    /// (`Slots::at(&ARRAY, offset)`, a type the including module brings into scope) so that a
    /// lookup does not add the offset itself. Pointer-sized: 8 bytes on 64-bit targets.
    Slots {
        /// Name of the data array, such as `ATTACKS`.
        array: &'static str,
        /// The range's first slot.
        offset: u32,
    },
}

impl Field {
    fn expr(self) -> Expr {
        match self {
            Field::Hex(value) => hex_u64(value),
            Field::Hex32(value) => int(&format!("0x{value:08X}")),
            Field::U32(value) => int(&value.to_string()),
            Field::Slots { array, offset } => {
                call(path(&["Slots", "at"]), vec![reference_to(array), int(&offset.to_string())])
            }
        }
    }

    /// The number the field holds (a `Slots` field: its offset), as the checksum reads it.
    fn value(self) -> u64 {
        match self {
            Field::Hex(value) => value,
            Field::Hex32(value) | Field::U32(value) | Field::Slots { offset: value, .. } => u64::from(value),
        }
    }

    /// Bytes the field takes in the runtime struct on a 64-bit target.
    fn size(self) -> usize {
        match self {
            Field::Hex(_) | Field::Slots { .. } => 8,
            Field::Hex32(_) | Field::U32(_) => 4,
        }
    }
}

/// `pub static NAME: [TYPE; 64] = [TYPE { field: value, … }, …];`: one entry per square.
#[derive(Clone, Debug)]
pub struct EntryTable {
    /// Name of the static, such as `ROOK_MAGICS`.
    pub name: String,
    /// Its doc comment.
    pub doc: String,
    /// The struct's name in the including module, such as `FixedMagic`.
    pub type_name: String,
    /// The entries, a1 … h8: (field name, value) pairs in declaration order.
    pub rows: Vec<Vec<(&'static str, Field)>>,
}

impl EntryTable {
    /// Bytes of the table as the runtime stores it on a 64-bit target: each entry's fields in
    /// declaration order (`u64` fields first, as the runtime structs declare them), rounded up to
    /// the alignment of the largest field, as `size_of` does. The generated `TABLE_BYTES` asks
    /// `size_of` itself, so it is right on every target.
    pub fn bytes(&self) -> usize {
        self.rows
            .iter()
            .map(|row| {
                let align = row.iter().map(|(_, f)| f.size()).max().unwrap_or(1);
                row.iter().map(|(_, f)| f.size()).sum::<usize>().next_multiple_of(align)
            })
            .sum()
    }

    fn item(&self) -> Item {
        let rows = self
            .rows
            .iter()
            .map(|row| {
                struct_literal(&self.type_name, row.iter().map(|&(field, value)| (field, value.expr())).collect())
            })
            .collect();
        items::public_static_array(&self.doc, &self.name, &self.type_name, rows)
    }
}

/// The numbers of a data array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Attack sets.
    U64(Vec<u64>),
    /// Byte indices.
    U8(Vec<u8>),
    /// 16-bit codes (attack sets compressed over a mask).
    U16(Vec<u16>),
}

impl Values {
    /// Number of elements.
    pub fn len(&self) -> usize {
        match self {
            Values::U64(v) => v.len(),
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
        }
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes the array takes.
    pub fn bytes(&self) -> usize {
        match self {
            Values::U64(v) => v.len() * 8,
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len() * 2,
        }
    }

    /// Feeds every element to `hash` as 8 little-endian bytes, whatever its width (the rule of
    /// [`LayoutFile::checksum`]).
    fn hash_into(&self, hash: &mut Fnv1a64) {
        match self {
            Values::U64(words) => hash.write_u64s(words),
            Values::U8(bytes) => bytes.iter().for_each(|&byte| hash.write_u64s(&[u64::from(byte)])),
            Values::U16(codes) => codes.iter().for_each(|&code| hash.write_u64s(&[u64::from(code)])),
        }
    }

    /// The element type in C.
    pub(crate) fn c_type(&self) -> &'static str {
        match self {
            Values::U64(_) => "uint64_t",
            Values::U8(_) => "uint8_t",
            Values::U16(_) => "uint16_t",
        }
    }
}

/// A data array: a flat `[T; N]`, or with `rows` a two-dimensional `[[T; N / rows]; rows]`.
#[derive(Clone, Debug)]
pub struct DataArray {
    /// Name of the static, such as `ATTACKS`.
    pub name: String,
    /// Its doc comment.
    pub doc: String,
    /// The elements.
    pub values: Values,
    /// Labelled runs (label, length) whose lengths add up to the array's length; a comment line
    /// with the label precedes each run.
    pub runs: Vec<(String, usize)>,
    /// Write each run as one row of a two-dimensional array (all runs must have equal length).
    pub two_dimensional: bool,
}

/// A complete generated file of one layout.
#[derive(Clone, Debug)]
pub struct LayoutFile {
    /// The layout's name, as its cargo feature spells it (`fixed-shift`).
    pub layout: String,
    /// What the layout is and how a lookup works, a line each.
    pub description: Vec<String>,
    /// Where the magics came from.
    pub provenance: Provenance,
    /// Per-square entry tables.
    pub entry_tables: Vec<EntryTable>,
    /// Data arrays.
    pub arrays: Vec<DataArray>,
    /// The value of `TABLE_ENTRIES`: slots of the layout's attack array(s).
    pub table_entries: usize,
}

impl LayoutFile {
    /// Bytes of all tables together on a 64-bit target: entry tables and data arrays.
    pub fn table_bytes(&self) -> usize {
        self.entry_tables.iter().map(EntryTable::bytes).sum::<usize>()
            + self.arrays.iter().map(|a| a.values.bytes()).sum::<usize>()
    }

    /// FNV-1a 64 over every number of the tables in the order the file writes them (each entry
    /// table's fields, row by row, a `Slots` field as its offset; then every data array), each
    /// number as 8 little-endian bytes. So it covers the magics and offsets as well as the attack
    /// sets, and anyone can recompute it from the file's text: every integer literal of the
    /// statics' bodies, in order ([`CHECKSUM_RULE`]).
    pub fn checksum(&self) -> u64 {
        let mut hash = Fnv1a64::new();
        for table in &self.entry_tables {
            for row in &table.rows {
                for &(_, field) in row {
                    hash.write_u64s(&[field.value()]);
                }
            }
        }
        for array in &self.arrays {
            array.values.hash_into(&mut hash);
        }
        hash.finish()
    }

    /// The header lines.
    pub fn header_lines(&self) -> Vec<String> {
        let p = &self.provenance;
        let mut lines = vec![
            "@generated by build-support: do not edit.".to_owned(),
            String::new(),
            format!("Generator: {} (build-support {})", p.generator, env!("CARGO_PKG_VERSION")),
            format!("Layout: {}", self.layout),
        ];
        lines.extend(self.description.iter().map(|line| format!("  {line}")));
        lines.push(format!("Magics: {}", p.seed));
        if let Some(candidates) = p.candidates {
            lines.push(format!("Candidates tested: {candidates} for 128 squares"));
        }
        for array in &self.arrays {
            lines.push(format!("{}: {} entries, {} bytes", array.name, array.values.len(), array.values.bytes()));
        }
        lines.extend([
            format!("TABLE_ENTRIES: {} (attack-array slots)", self.table_entries),
            format!("TABLE_BYTES: {} on 64-bit targets (entry tables and data arrays together)", self.table_bytes()),
            format!("Checksum: {CHECKSUM_RULE} = {:#018x}", self.checksum()),
            format!(
                "Verified: all {} relevant occupancies of all 128 (slider, square) pairs, each also with",
                p.verified_occupancies
            ),
            "  bits outside the mask set, match the slow ray-walking reference through this".to_owned(),
            "  layout's lookup formula (magic_gen::layouts) before this file was written.".to_owned(),
            "Reproduce:".to_owned(),
        ]);
        lines.extend(p.reproduce.iter().map(|line| format!("  {line}")));
        lines
    }

    /// The whole file as Rust source.
    pub fn render(&self) -> String {
        let mut out = comment_block(&self.header_lines(), "//");
        out.push('\n');
        let data_bytes = int(&self.arrays.iter().map(|a| a.values.bytes()).sum::<usize>().to_string());
        // Data bytes, then `+ rows * size_of::<Entry>()` per entry table, so the constant is right
        // on every target whatever the entry's layout there.
        let table_bytes = self.entry_tables.iter().fold(data_bytes, |sum, table| {
            binary(sum, '+', binary(int(&table.rows.len().to_string()), '*', size_of(&table.type_name)))
        });
        let usize = || items::type_named("usize");
        let mut items = vec![
            items::public_const(
                "Slots of this layout's attack array(s).",
                "TABLE_ENTRIES",
                usize(),
                int(&self.table_entries.to_string()),
            ),
            items::public_const("Bytes of all of this layout's tables together.", "TABLE_BYTES", usize(), table_bytes),
        ];
        items.extend(self.entry_tables.iter().map(EntryTable::item));
        out.push_str(&items::render(items));
        for array in &self.arrays {
            out.push('\n');
            write_data_array(&mut out, array, Syntax::Rust);
        }
        out
    }
}

/// The language an array is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Syntax {
    /// `pub static NAME: [u64; N] = [ … ];`
    Rust,
    /// `static const uint64_t NAME[N] = { … };`, with `ULL` suffixes.
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
        let text = sample(false).render();
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
        let two = sample(true).render();
        assert!(two.contains("pub static ATTACKS: [[u64; 2]; 2] = [\n    // first\n    [\n"));
    }

    #[test]
    fn slots_fields_name_their_array_and_count_as_pointers() {
        let mut file = sample(false);
        file.entry_tables[0].rows[0][1] = ("attacks", Field::Slots { array: "ATTACKS", offset: 3 });
        let text = file.render();
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
