//! The C header renderer, for engines written in C or C++ (or any language with a C FFI).

use std::fmt::Write as _;

use crate::array::{push_hex_literal, write_c_array};
use crate::header::{comment_block, fancy_lines};
use crate::{Entry, FancyTables};

/// Renders `tables` as a self-contained C99 header: the entries, the attack array and
/// `static inline` lookups `rook_attacks`, `bishop_attacks` and `queen_attacks` taking a square
/// index (a1 = 0 … h8 = 63) and the occupancy.
pub fn render_fancy_c(tables: &FancyTables<'_>) -> String {
    let mut out = comment_block(&fancy_lines(tables), "//");
    out.push_str(
        "\n#ifndef MAGIC_TABLES_H\n#define MAGIC_TABLES_H\n\n#include <stdint.h>\n\n\
         /* What one lookup of one square needs: attacks[offset + (((occupied & mask) * magic) >> shift)]. */\n\
         typedef struct {\n    uint64_t mask;\n    uint64_t magic;\n    uint32_t shift;\n    uint32_t offset;\n} magic_entry;\n\n",
    );
    writeln!(
        out,
        "#define MAGIC_TABLE_ENTRIES {}\n#define MAGIC_TABLE_BYTES {}\n",
        tables.attacks.len(),
        tables.bytes()
    )
    .unwrap();
    write_entries(&mut out, "ROOK_MAGICS", &tables.rook);
    write_entries(&mut out, "BISHOP_MAGICS", &tables.bishop);
    write_c_array(&mut out, "ATTACKS", &tables.segments);
    out.push_str(
        "\nstatic inline uint64_t magic_lookup(const magic_entry *m, uint64_t occupied) {\n    \
         return ATTACKS[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)];\n}\n\n\
         /* Squares a rook on `square` (0..63, a1 = 0) attacks given the occupied squares. */\n\
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
    out
}

/// `static const magic_entry NAME[64] = { … };`, one square a line with its name.
fn write_entries(out: &mut String, name: &str, entries: &[Entry; 64]) {
    writeln!(out, "static const magic_entry {name}[64] = {{").unwrap();
    for (index, entry) in entries.iter().enumerate() {
        out.push_str("    { ");
        push_hex_literal(out, entry.mask);
        out.push_str("ULL, ");
        push_hex_literal(out, entry.magic);
        writeln!(out, "ULL, {}, {} }}, /* {} */", entry.shift, entry.offset, square_name(index)).unwrap();
    }
    out.push_str("};\n\n");
}

/// `a1` … `h8` for 0 … 63.
fn square_name(index: usize) -> String {
    let file = char::from(b'a' + (index % 8) as u8);
    let rank = char::from(b'1' + (index / 8) as u8);
    format!("{file}{rank}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn square_names() {
        assert_eq!(super::square_name(0), "a1");
        assert_eq!(super::square_name(28), "e4");
        assert_eq!(super::square_name(63), "h8");
    }
}
