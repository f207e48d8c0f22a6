//! The C header renderer, for engines written in C or C++ (or any language with a C FFI): the
//! same [`LayoutFile`] the Rust renderer writes, as C99.

use std::fmt::Write as _;

use crate::array::push_hex_literal;
use crate::header::comment_block;
use crate::layout::{Field, LayoutFile, Syntax, write_data_array};

/// Renders `file` as a self-contained C99 header: a `magic_entry` struct with the fields of the
/// entry tables, the entry tables and data arrays, and `static inline` lookups `rook_attacks`,
/// `bishop_attacks` and `queen_attacks` taking a square index (a1 = 0 … h8 = 63) and the
/// occupancy. `lookup` is the body of `magic_lookup(const magic_entry *m, uint64_t occupied)`,
/// the layout's formula in C, which those three call with the square's entry of `ROOK_MAGICS`
/// or `BISHOP_MAGICS`.
///
/// Fields that hold an address at run time in Rust ([`Field::Slots`]) are written as their
/// `uint32_t` offset. Returns an error if the entry tables are not `ROOK_MAGICS` and
/// `BISHOP_MAGICS` of 64 rows with the same fields.
pub fn render(file: &LayoutFile, lookup: &str) -> Result<String, String> {
    let names: Vec<&str> = file.entry_tables.iter().map(|t| t.name.as_str()).collect();
    if names != ["ROOK_MAGICS", "BISHOP_MAGICS"] || file.entry_tables.iter().any(|t| t.rows.len() != 64) {
        return Err(format!("a C header needs ROOK_MAGICS and BISHOP_MAGICS of 64 entries each, not {names:?}"));
    }
    let fields: Vec<(&str, &str)> =
        file.entry_tables[0].rows[0].iter().map(|(name, value)| (*name, c_type(*value))).collect();
    let same_fields = |row: &Vec<(&str, Field)>| row.iter().map(|(n, v)| (*n, c_type(*v))).eq(fields.iter().copied());
    if !file.entry_tables.iter().flat_map(|t| &t.rows).all(same_fields) {
        return Err("every entry must have the same fields".to_owned());
    }
    let mut out = comment_block(&file.header_lines(), "//");
    out.push_str("\n#ifndef MAGIC_TABLES_H\n#define MAGIC_TABLES_H\n\n#include <stdint.h>\n\n");
    out.push_str("/* What one lookup of one square needs. */\ntypedef struct {\n");
    for (name, ty) in &fields {
        writeln!(out, "    {ty} {name};").unwrap();
    }
    out.push_str("} magic_entry;\n\n");
    writeln!(
        out,
        "#define MAGIC_TABLE_ENTRIES {}\n#define MAGIC_TABLE_BYTES {}\n",
        file.table_entries,
        file.arrays.iter().map(|a| a.values.bytes()).sum::<usize>()
            + file.entry_tables.iter().map(|t| t.rows.len() * c_entry_bytes(&fields)).sum::<usize>()
    )
    .unwrap();
    // The arrays come first: C needs them declared before the entries' lookups use them.
    for array in &file.arrays {
        write_data_array(&mut out, array, Syntax::C);
        out.push('\n');
    }
    for table in &file.entry_tables {
        writeln!(out, "/* {} */\nstatic const magic_entry {}[64] = {{", table.doc, table.name).unwrap();
        for (index, row) in table.rows.iter().enumerate() {
            out.push_str("    {");
            for (i, (_, value)) in row.iter().enumerate() {
                out.push_str(if i == 0 { " " } else { ", " });
                push_c_value(&mut out, *value);
            }
            writeln!(out, " }}, /* {} */", square_name(index)).unwrap();
        }
        out.push_str("};\n\n");
    }
    writeln!(
        out,
        "static inline uint64_t magic_lookup(const magic_entry *m, uint64_t occupied) {{\n    {lookup}\n}}\n"
    )
    .unwrap();
    out.push_str(
        "/* Squares a rook on `square` (0..63, a1 = 0) attacks given the occupied squares. */\n\
         static inline uint64_t rook_attacks(unsigned square, uint64_t occupied) {\n    \
         return magic_lookup(&ROOK_MAGICS[square & 63], occupied);\n}\n\n\
         /* Squares a bishop on `square` attacks. */\n\
         static inline uint64_t bishop_attacks(unsigned square, uint64_t occupied) {\n    \
         return magic_lookup(&BISHOP_MAGICS[square & 63], occupied);\n}\n\n\
         /* Squares a queen on `square` attacks: rook | bishop. */\n\
         static inline uint64_t queen_attacks(unsigned square, uint64_t occupied) {\n    \
         return rook_attacks(square, occupied) | bishop_attacks(square, occupied);\n}\n\n\
         #endif /* MAGIC_TABLES_H */\n",
    );
    Ok(out)
}

/// The C type of a field.
fn c_type(field: Field) -> &'static str {
    match field {
        Field::Hex(_) => "uint64_t",
        Field::Hex32(_) | Field::U32(_) | Field::Slots { .. } => "uint32_t",
    }
}

/// Bytes of one `magic_entry` as a C compiler lays it out on common ABIs: fields in order, the
/// struct padded to its largest field.
fn c_entry_bytes(fields: &[(&str, &str)]) -> usize {
    let size = |ty: &str| if ty == "uint64_t" { 8 } else { 4 };
    let align = fields.iter().map(|(_, ty)| size(ty)).max().unwrap_or(1);
    fields.iter().fold(0, |end: usize, (_, ty)| end.next_multiple_of(size(ty)) + size(ty)).next_multiple_of(align)
}

/// Appends one field's C initializer.
fn push_c_value(out: &mut String, value: Field) {
    match value {
        Field::Hex(v) => {
            push_hex_literal(out, v);
            out.push_str("ULL");
        }
        Field::Hex32(v) => write!(out, "0x{v:08X}u").unwrap(),
        Field::U32(v) | Field::Slots { offset: v, .. } => write!(out, "{v}").unwrap(),
    }
}

/// `a1` … `h8` for 0 … 63.
fn square_name(index: usize) -> String {
    let file = char::from(b'a' + (index % 8) as u8);
    let rank = char::from(b'1' + (index / 8) as u8);
    format!("{file}{rank}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names() {
        assert_eq!(square_name(0), "a1");
        assert_eq!(square_name(28), "e4");
        assert_eq!(square_name(63), "h8");
    }

    #[test]
    fn entry_sizes_follow_c_layout() {
        assert_eq!(
            c_entry_bytes(&[("mask", "uint64_t"), ("magic", "uint64_t"), ("s", "uint32_t"), ("o", "uint32_t")]),
            24
        );
        assert_eq!(c_entry_bytes(&[("mask", "uint64_t"), ("o", "uint32_t")]), 16);
        assert_eq!(c_entry_bytes(&[("o", "uint32_t"), ("mask", "uint64_t")]), 16);
    }
}
