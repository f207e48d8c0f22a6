//! The generated file every table layout is written as: per-square entry tables (arrays of a struct the including module defines), the
//! data arrays they index, `TABLE_ENTRIES` and `TABLE_BYTES`, under a header that states the
//! layout, its sizes, a checksum of its data and how to reproduce it.
//!
//! The data model is deliberately dumb (named fields holding numbers, arrays of numbers with
//! labelled runs) so that it stays ignorant of chess: `magic-gen` decides what the fields mean
//! and checks the tables before handing them over, and `build-support` renders them.

use crate::checksum::Fnv1a64;
use crate::header::Provenance;

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
    /// A small count or shift, written in decimal, stored in one byte.
    U8(u8),
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
    /// The number the field holds (a `Slots` field: its offset), as the checksum reads it.
    pub fn value(self) -> u64 {
        match self {
            Field::Hex(value) => value,
            Field::Hex32(value) | Field::U32(value) | Field::Slots { offset: value, .. } => u64::from(value),
            Field::U8(value) => u64::from(value),
        }
    }

    /// Bytes the field takes in the runtime struct on a 64-bit target.
    pub fn size(self) -> usize {
        match self {
            Field::Hex(_) | Field::Slots { .. } => 8,
            Field::Hex32(_) | Field::U32(_) => 4,
            Field::U8(_) => 1,
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
    pub fn c_type(&self) -> &'static str {
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

/// The language a file is written in, where the header's words differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// Rust: the file `magic-tables` includes, or `magic-gen emit`'s standalone file.
    Rust,
    /// A C99 header.
    C,
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
    pub fn header_lines(&self, language: Language) -> Vec<String> {
        let p = &self.provenance;
        let mut lines = vec![
            "@generated by build-support: do not edit.".to_owned(),
            String::new(),
            format!("Generator: {} (build-support {})", p.generator, env!("CARGO_PKG_VERSION")),
        ];
        if let Some(scope) = &p.scope {
            lines.push(format!("Board: {}", scope.board));
        }
        lines.push(format!("Layout: {}", self.layout));
        lines.extend(self.description.iter().map(|line| format!("  {line}")));
        // A range's start, which the two languages store differently.
        if self.entry_tables.iter().flat_map(|t| &t.rows).flatten().any(|(_, f)| matches!(f, Field::Slots { .. })) {
            lines.push(
                match language {
                    Language::Rust => {
                        "  `attacks` is `Slots::at(&ATTACKS, offset)`: in magic-tables an address, so a lookup does not add the offset."
                    }
                    Language::C => "  `attacks` is the offset of the square's first slot in ATTACKS.",
                }
                .to_owned(),
            );
        }
        lines.push(format!("Magics: {}", p.seed));
        if let Some(candidates) = p.candidates {
            let searched = p.scope.as_ref().map_or("128 squares", |scope| scope.searched.as_str());
            lines.push(format!("Candidates tested: {candidates} for {searched}"));
        }
        for array in &self.arrays {
            lines.push(format!("{}: {} entries, {} bytes", array.name, array.values.len(), array.values.bytes()));
        }
        lines.extend([
            format!("TABLE_ENTRIES: {} (attack-array slots)", self.table_entries),
            format!("TABLE_BYTES: {} on 64-bit targets (entry tables and data arrays together)", self.table_bytes()),
            format!("Checksum: {CHECKSUM_RULE} = {:#018x}", self.checksum()),
        ]);
        match &p.scope {
            Some(scope) => lines.extend(scope.verified.iter().cloned()),
            None => lines.extend([
                format!(
                    "Verified: all {} relevant occupancies of all 128 (slider, square) pairs, each also with",
                    p.verified_occupancies
                ),
                "  bits outside the mask set, match the slow ray-walking reference through this".to_owned(),
                "  layout's lookup formula before this file was written.".to_owned(),
            ]),
        }
        lines.push("Reproduce:".to_owned());
        lines.extend(p.reproduce.iter().map(|line| format!("  {line}")));
        lines
    }
}
