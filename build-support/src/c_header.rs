//! The C renderer, for engines written in C or C++ (or any language with a C FFI): the same
//! [`LayoutFile`] the Rust renderer writes, as one C99 header in the single-file style.
//!
//! Every file that includes the header sees the entry type, `extern` declarations of the tables
//! and `static inline` lookups; exactly one file defines `<PREFIX>_IMPLEMENTATION` before
//! including it, and gets the data, once. Every symbol carries the prefix, so two layouts (or
//! a prefix of the engine's own) live side by side.

use std::fmt::Write as _;

use crate::array::push_hex_literal;
use crate::companion::Companion;
use crate::header::comment_block;
use crate::layout::{DataArray, Field, Language, LayoutFile, Syntax, write_data_array};

/// A layout's lookups in C: each the body of a function of `(const <prefix>_entry *m, unsigned
/// square, uint64_t occupied)` returning the attacks, where `m` is the square's entry. In the
/// bodies (and the preamble), `@` stands for the upper-case prefix and an underscore (the
/// tables' names: `@ATTACKS`), `$` for the lower-case prefix and an underscore (functions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CLookups<'a> {
    /// C placed before the lookups (helper functions), or empty.
    pub preamble: &'a str,
    /// The rook lookup's body.
    pub rook: &'a str,
    /// The bishop lookup's body.
    pub bishop: &'a str,
}

/// Whether `prefix` can start C identifiers: ASCII letters, digits and `_`, not starting with a
/// digit, 1 to 32 characters.
pub fn valid_prefix(prefix: &str) -> bool {
    (1..=32).contains(&prefix.len())
        && prefix.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !prefix.as_bytes()[0].is_ascii_digit()
}

/// Renders `file` as a C99 header whose every symbol starts with `prefix` (`<prefix>_entry`,
/// `<PREFIX>_ROOK_MAGICS`, `<prefix>_rook_attacks`, …). Fields that hold an address at run time
/// in Rust ([`Field::Slots`]) are written as their `uint32_t` offset. Returns an error for a
/// prefix that is not a C identifier, or entry tables that are not `ROOK_MAGICS` and
/// `BISHOP_MAGICS` of 64 rows with the same fields. A `companion`'s declarations and functions
/// follow the lookups, and its data the layout's.
pub fn render(
    file: &LayoutFile,
    lookups: &CLookups<'_>,
    companion: Option<&Companion>,
    prefix: &str,
) -> Result<String, String> {
    if !valid_prefix(prefix) {
        return Err(format!("prefix `{prefix}` is not a C identifier of 1 to 32 letters, digits and `_`"));
    }
    let names: Vec<&str> = file.entry_tables.iter().map(|t| t.name.as_str()).collect();
    if file.entry_tables.is_empty() {
        return Ok(render_without_tables(file, lookups, companion, prefix));
    }
    if names != ["ROOK_MAGICS", "BISHOP_MAGICS"] || file.entry_tables.iter().any(|t| t.rows.len() != 64) {
        return Err(format!("a C header needs ROOK_MAGICS and BISHOP_MAGICS of 64 entries each, not {names:?}"));
    }
    let fields = entry_fields(file)?;
    let (upper, lower) = (format!("{}_", prefix.to_uppercase()), format!("{}_", prefix.to_lowercase()));
    let entry = format!("{lower}entry");
    let mut out = comment_block(&file.header_lines(Language::C), "//");
    writeln!(
        out,
        "//\n// Every file that uses the tables includes this header; exactly one of them first does\n// `#define {upper}IMPLEMENTATION`, and holds the data.\n"
    )
    .unwrap();
    writeln!(out, "#ifndef {upper}TABLES_H\n#define {upper}TABLES_H\n\n#include <stdint.h>\n").unwrap();
    write_entry_type(&mut out, "What one lookup of one square needs.", &fields, &entry);
    write_entry_declarations(&mut out, file, &fields, &entry, &upper);
    write_lookups(&mut out, lookups, prefix, Some(&entry));
    write_companion_declarations(&mut out, companion, prefix);
    writeln!(out, "#endif /* {upper}TABLES_H */").unwrap();
    open_implementation(&mut out, &upper);
    write_arrays(&mut out, &file.arrays, &upper);
    write_entry_definitions(&mut out, file, &entry, &upper, square_name);
    write_arrays(&mut out, companion.map_or(&[], |c| &c.arrays), &upper);
    writeln!(out, "#endif /* {upper}IMPLEMENTATION */").unwrap();
    Ok(out)
}

/// Renders the tables of a board other than chess's (`file`, as `magic_gen::board` builds them)
/// as a C99 header whose every symbol starts with `prefix`: the entry type `<prefix>_index` (the
/// fields of the entry tables' rows, which must all have the same), the `extern` declarations of
/// every table, `code` (the lookups, with `@` for the upper-case prefix and an underscore and `$`
/// for the lower-case one, as in [`CLookups`]), and the data in the file that defines
/// `<PREFIX>_IMPLEMENTATION`. Fails for a prefix that is not a C identifier or rows of different
/// fields.
pub fn render_board(file: &LayoutFile, code: &str, prefix: &str) -> Result<String, String> {
    if !valid_prefix(prefix) {
        return Err(format!("prefix `{prefix}` is not a C identifier of 1 to 32 letters, digits and `_`"));
    }
    let fields = entry_fields(file)?;
    let (upper, lower) = (format!("{}_", prefix.to_uppercase()), format!("{}_", prefix.to_lowercase()));
    let entry = format!("{lower}index");
    let mut out = comment_block(&file.header_lines(Language::C), "//");
    writeln!(
        out,
        "//\n// Every file that uses the tables includes this header; exactly one of them first does\n// `#define {upper}IMPLEMENTATION`, and holds the data.\n"
    )
    .unwrap();
    writeln!(out, "#ifndef {upper}TABLES_H\n#define {upper}TABLES_H\n\n#include <stddef.h>\n#include <stdint.h>\n")
        .unwrap();
    write_entry_type(&mut out, "One square's way into one table.", &fields, &entry);
    write_entry_declarations(&mut out, file, &fields, &entry, &upper);
    out.push_str(&code.replace('@', &upper).replace('$', &lower));
    writeln!(out, "\n#endif /* {upper}TABLES_H */").unwrap();
    open_implementation(&mut out, &upper);
    write_arrays(&mut out, &file.arrays, &upper);
    write_entry_definitions(&mut out, file, &entry, &upper, |index| format!("square {index}"));
    writeln!(out, "#endif /* {upper}IMPLEMENTATION */").unwrap();
    Ok(out)
}

/// The C fields (name, type) of the entry tables' rows: an error unless there is a row and every
/// row has the same.
fn entry_fields(file: &LayoutFile) -> Result<Vec<(&'static str, &'static str)>, String> {
    let first = file.entry_tables.iter().flat_map(|t| &t.rows).next().ok_or("the tables need at least one entry")?;
    let fields: Vec<(&'static str, &'static str)> = first.iter().map(|&(name, value)| (name, c_type(value))).collect();
    let same_fields = |row: &Vec<(&str, Field)>| row.iter().map(|&(n, v)| (n, c_type(v))).eq(fields.iter().copied());
    if file.entry_tables.iter().flat_map(|t| &t.rows).all(same_fields) {
        Ok(fields)
    } else {
        Err("every entry must have the same fields".to_owned())
    }
}

/// Appends the entry type `entry` of `fields`, under `comment`.
fn write_entry_type(out: &mut String, comment: &str, fields: &[(&str, &str)], entry: &str) {
    writeln!(out, "/* {comment} */\ntypedef struct {{").unwrap();
    for (name, ty) in fields {
        writeln!(out, "    {ty} {name};").unwrap();
    }
    writeln!(out, "}} {entry};\n").unwrap();
}

/// Appends the size constants (with every table's bytes as a C compiler lays the entries out)
/// and the `extern` declarations of the data arrays and the entry tables.
fn write_entry_declarations(out: &mut String, file: &LayoutFile, fields: &[(&str, &str)], entry: &str, upper: &str) {
    let bytes = file.arrays.iter().map(|a| a.values.bytes()).sum::<usize>()
        + file.entry_tables.iter().map(|t| t.rows.len() * c_entry_bytes(fields)).sum::<usize>();
    write_constants(out, file, bytes, upper);
    for array in &file.arrays {
        write_declaration(out, array, upper);
    }
    for table in &file.entry_tables {
        writeln!(out, "/* {} */\nextern const {entry} {upper}{}[{}];", table.doc, table.name, table.rows.len())
            .unwrap();
    }
    out.push('\n');
}

/// Appends the entry tables' definitions, each row followed by `label(row)` as a comment.
fn write_entry_definitions(
    out: &mut String,
    file: &LayoutFile,
    entry: &str,
    upper: &str,
    label: impl Fn(usize) -> String,
) {
    for table in &file.entry_tables {
        writeln!(out, "/* {} */\nconst {entry} {upper}{}[{}] = {{", table.doc, table.name, table.rows.len()).unwrap();
        for (index, row) in table.rows.iter().enumerate() {
            out.push_str("    {");
            for (i, (_, value)) in row.iter().enumerate() {
                out.push_str(if i == 0 { " " } else { ", " });
                push_c_value(out, *value);
            }
            writeln!(out, " }}, /* {} */", label(index)).unwrap();
        }
        out.push_str("};\n\n");
    }
}

/// Appends the table's sizes, its checksum (the header's `Checksum:` line) and the generator's
/// version as preprocessor constants, each named with `upper`, so that an engine's `#if` or
/// `_Static_assert` can hold a build to the table it audited.
fn write_constants(out: &mut String, file: &LayoutFile, bytes: usize, upper: &str) {
    writeln!(out, "#define {upper}TABLE_ENTRIES {}\n#define {upper}TABLE_BYTES {bytes}", file.table_entries).unwrap();
    writeln!(
        out,
        "/* The header's Checksum: line, for `#if` and `_Static_assert`. */\n#define {upper}TABLE_CHECKSUM 0x{:016x}ULL",
        file.checksum()
    )
    .unwrap();
    if let Some([major, minor, patch]) = version(&file.provenance.generator) {
        writeln!(
            out,
            "/* The generator's version ({}). */\n#define {upper}GENERATOR_VERSION_MAJOR {major}\n\
             #define {upper}GENERATOR_VERSION_MINOR {minor}\n#define {upper}GENERATOR_VERSION_PATCH {patch}",
            file.provenance.generator
        )
        .unwrap();
    }
    out.push('\n');
}

/// The version `major.minor.patch` a generator's name ends with (`magic-gen 0.1.0`; a
/// pre-release or build suffix is left out), if it ends with one.
fn version(generator: &str) -> Option<[u64; 3]> {
    let last = generator.split_whitespace().last()?;
    let core = last.split(['-', '+']).next()?;
    let parts: Vec<u64> = core.split('.').map(str::parse).collect::<Result<_, _>>().ok()?;
    <[u64; 3]>::try_from(parts).ok()
}

/// Opens the section that holds the data, once, in the file that asks for it
/// (`<PREFIX>_IMPLEMENTATION`); `#endif /* <PREFIX>_IMPLEMENTATION */` closes it.
fn open_implementation(out: &mut String, upper: &str) {
    writeln!(out, "#if defined({upper}IMPLEMENTATION) && !defined({upper}IMPLEMENTED)\n#define {upper}IMPLEMENTED\n")
        .unwrap();
}

/// Appends `arrays`' definitions, each name prefixed with `upper`.
fn write_arrays(out: &mut String, arrays: &[DataArray], upper: &str) {
    for array in arrays {
        let mut named = array.clone();
        named.name = format!("{upper}{}", array.name);
        write_data_array(out, &named, Syntax::C);
        out.push('\n');
    }
}

/// Appends `array`'s `extern` declaration (named with `upper`) under its doc comment.
fn write_declaration(out: &mut String, array: &DataArray, upper: &str) {
    let ty = array.values.c_type();
    let dims = match (array.two_dimensional, array.runs.first()) {
        (true, Some((_, row))) => format!("[{}][{row}]", array.runs.len()),
        _ => format!("[{}]", array.values.len()),
    };
    writeln!(out, "/* {} */\nextern const {ty} {upper}{}{dims};", array.doc, array.name).unwrap();
}

/// Appends the companion's comment block, declarations and functions (or nothing).
fn write_companion_declarations(out: &mut String, companion: Option<&Companion>, prefix: &str) {
    let Some(companion) = companion else { return };
    let (upper, lower) = (format!("{}_", prefix.to_uppercase()), format!("{}_", prefix.to_lowercase()));
    out.push_str(&comment_block(&companion.comment, "//"));
    out.push('\n');
    for array in &companion.arrays {
        write_declaration(out, array, &upper);
    }
    out.push('\n');
    out.push_str(&companion.c_functions.replace('@', &upper).replace('$', &lower));
    out.push('\n');
}

/// A layout with no tables at all (`tableless`): the sizes, and lookups of the square and the
/// occupancy alone (the bodies see `square` and `occupied`, no entry). A companion with arrays
/// brings data, defined as the other layouts' is.
fn render_without_tables(
    file: &LayoutFile,
    lookups: &CLookups<'_>,
    companion: Option<&Companion>,
    prefix: &str,
) -> String {
    let upper = format!("{}_", prefix.to_uppercase());
    let data = companion.is_some_and(|c| !c.arrays.is_empty());
    let mut out = comment_block(&file.header_lines(Language::C), "//");
    if data {
        writeln!(
            out,
            "//\n// The sliders need no data. Every file that uses the other tables includes this header;\n\
             // exactly one of them first does `#define {upper}IMPLEMENTATION`, and holds their data.\n"
        )
        .unwrap();
    } else {
        writeln!(out, "//\n// A header without data: include it anywhere; nothing needs defining.\n").unwrap();
    }
    writeln!(out, "#ifndef {upper}TABLES_H\n#define {upper}TABLES_H\n\n#include <stdint.h>\n").unwrap();
    write_constants(&mut out, file, 0, &upper);
    write_lookups(&mut out, lookups, prefix, None);
    write_companion_declarations(&mut out, companion, prefix);
    writeln!(out, "#endif /* {upper}TABLES_H */").unwrap();
    if let Some(companion) = companion.filter(|_| data) {
        out.push('\n');
        open_implementation(&mut out, &upper);
        write_arrays(&mut out, &companion.arrays, &upper);
        writeln!(out, "#endif /* {upper}IMPLEMENTATION */").unwrap();
    }
    out
}

/// The lookups (after their preamble). With `entry`
/// (the entry type's name), each slider's lookup first takes its square's entry `m` from its
/// table; without, the bodies see only `square` and `occupied`.
fn write_lookups(out: &mut String, lookups: &CLookups<'_>, prefix: &str, entry: Option<&str>) {
    let (upper, lower) = (format!("{}_", prefix.to_uppercase()), format!("{}_", prefix.to_lowercase()));
    let expand = |text: &str| text.replace('@', &upper).replace('$', &lower);
    if !lookups.preamble.is_empty() {
        out.push_str(&expand(lookups.preamble));
        out.push('\n');
    }
    for (slider, table, body) in [("rook", "ROOK_MAGICS", lookups.rook), ("bishop", "BISHOP_MAGICS", lookups.bishop)] {
        let fetch =
            entry.map_or(String::new(), |entry| format!("const {entry} *m = &{upper}{table}[square & 63];\n    "));
        writeln!(
            out,
            "/* Squares a {slider} on `square` (0..63, a1 = 0) attacks given the occupied squares. */\n\
             static inline uint64_t {lower}{slider}_attacks(unsigned square, uint64_t occupied) {{\n    \
             {fetch}{}\n}}\n",
            expand(body)
        )
        .unwrap();
    }
    writeln!(
        out,
        "/* Squares a queen on `square` attacks: rook | bishop. */\n\
         static inline uint64_t {lower}queen_attacks(unsigned square, uint64_t occupied) {{\n    \
         return {lower}rook_attacks(square, occupied) | {lower}bishop_attacks(square, occupied);\n}}\n"
    )
    .unwrap();
}

/// The C type of a field.
fn c_type(field: Field) -> &'static str {
    match field {
        Field::Hex(_) => "uint64_t",
        Field::Hex32(_) | Field::U32(_) | Field::Slots { .. } => "uint32_t",
        Field::U8(_) => "uint8_t",
    }
}

/// Bytes of one entry as a C compiler lays it out on common ABIs: fields in order, the struct
/// padded to its largest field.
fn c_entry_bytes(fields: &[(&str, &str)]) -> usize {
    let size = |ty: &str| match ty {
        "uint64_t" => 8,
        "uint8_t" => 1,
        _ => 4,
    };
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
        Field::U8(v) => write!(out, "{v}").unwrap(),
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
    fn generator_versions() {
        assert_eq!(version("magic-gen 0.1.0"), Some([0, 1, 0]));
        assert_eq!(version("magic-gen 12.3.45-rc.1+build"), Some([12, 3, 45]));
        assert_eq!(version("magic-gen"), None);
        assert_eq!(version("magic-gen 1.2"), None);
        assert_eq!(version(""), None);
    }

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

    #[test]
    fn prefixes() {
        for good in ["magic", "MY_engine2", "_x"] {
            assert!(valid_prefix(good), "{good}");
        }
        for bad in ["", "2x", "a-b", "a b", "é", &"x".repeat(33)] {
            assert!(!valid_prefix(bad), "{bad}");
        }
    }
}
