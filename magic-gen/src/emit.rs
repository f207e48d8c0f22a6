//! Any layout's verified tables as source code for other programs: Rust, or a C99 header whose
//! symbols carry a prefix ([`build_support::c_header`]). The tables are the very
//! [`build_support::LayoutFile`] the `magic-tables` build writes ([`crate::layouts::build`]);
//! this module adds what a file needs outside that build: the entry types and lookups.

use build_support::LayoutFile;
use build_support::c_header::{self, CLookups};

use crate::layout::Layout;

/// The fancy formula in C (`fancy`, `fancy-dense`).
const FANCY_C: &str = "return @ATTACKS[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)];";

/// What a standalone Rust file needs besides the tables: `magic-tables` includes the layout file
/// where its core's `Magic` is in scope, but a user drops the file into their own crate, so the
/// struct (the same fields, so the tables' literals fit) and the lookups come with it.
const RUST_STANDALONE: &str = "
// Added by `magic-gen` so that this file compiles on its own (the magic-tables build includes
// the tables above where its core's `Magic` type is in scope instead). Squares are numbered
// a1 = 0, b1 = 1, ..., h8 = 63; `occupied` has bit n set when square n is occupied.

/// One square's fancy magic: `ATTACKS[offset + (((occupied & mask) * magic) >> shift)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The magic multiplier.
    pub magic: u64,
    /// Right shift: 64 minus the number of index bits.
    pub shift: u32,
    /// Start of the square's slice in `ATTACKS`.
    pub offset: u32,
}

impl Magic {
    /// Where the attack set of `occupied` sits in `ATTACKS`.
    #[inline(always)]
    pub const fn slot(&self, occupied: u64) -> usize {
        self.offset as usize + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Rook attacks from `square` (0..64) on the board `occupied`, the first blocker included.
#[inline]
pub const fn rook_attacks(square: usize, occupied: u64) -> u64 {
    ATTACKS[ROOK_MAGICS[square].slot(occupied)]
}

/// Bishop attacks from `square` (0..64) on the board `occupied`, the first blocker included.
#[inline]
pub const fn bishop_attacks(square: usize, occupied: u64) -> u64 {
    ATTACKS[BISHOP_MAGICS[square].slot(occupied)]
}

/// Queen attacks: rook and bishop attacks together.
#[inline]
pub const fn queen_attacks(square: usize, occupied: u64) -> u64 {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}
";

/// C's `$pext` with the BMI2 instruction (the `pext` and `pext-pdep` preambles share it).
macro_rules! c_pext_bmi2 {
    () => {
        "static inline uint64_t $pext(uint64_t value, uint64_t mask) { return _pext_u64(value, mask); }\n"
    };
}

/// C's `$pext` bit by bit, for compilers that do not target BMI2.
macro_rules! c_pext_loop {
    () => {
        "static inline uint64_t $pext(uint64_t value, uint64_t mask) {\n    \
         uint64_t index = 0, bit = 1;\n    \
         for (; mask != 0; mask &= mask - 1, bit <<= 1) {\n        \
         if (value & mask & (0 - mask)) index |= bit;\n    }\n    \
         return index;\n}\n"
    };
}

/// A layout's lookups in C, over the fields its entries render with (the formulas of
/// `magic_tables_core::layouts`, which the build checked).
pub fn c_lookups(layout: Layout) -> CLookups<'static> {
    let same = |body| CLookups { preamble: "", rook: body, bishop: body };
    match layout {
        Layout::Fancy | Layout::FancyDense => same(FANCY_C),
        Layout::Plain => CLookups {
            preamble: "",
            rook: "return @ROOK_ATTACKS[square & 63][((occupied & m->mask) * m->magic) >> 52];",
            bishop: "return @BISHOP_ATTACKS[square & 63][((occupied & m->mask) * m->magic) >> 55];",
        },
        Layout::FixedShift => CLookups {
            preamble: "",
            rook: "return @ATTACKS[m->attacks + (((occupied & m->mask) * m->magic) >> 52)];",
            bishop: "return @ATTACKS[m->attacks + (((occupied & m->mask) * m->magic) >> 55)];",
        },
        Layout::Black => CLookups {
            preamble: "",
            rook: "return @ATTACKS[m->attacks + (((occupied | m->not_mask) * m->magic) >> 52)];",
            bishop: "return @ATTACKS[m->attacks + (((occupied | m->not_mask) * m->magic) >> 55)];",
        },
        Layout::BlackVariable => {
            same("return @ATTACKS[m->attacks + (((occupied | m->not_mask) * m->magic) >> m->shift)];")
        }
        Layout::ByteLookup => same(
            "return @ATTACK_SETS[m->base + @INDEXES[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)]];",
        ),
        Layout::Magic32 => same(
            "uint64_t key = occupied & m->mask;\n    \
             uint32_t product = ((uint32_t)key * m->lo) ^ ((uint32_t)(key >> 32) * m->hi);\n    \
             return @ATTACKS[m->offset + (product >> m->shift)];",
        ),
        Layout::Shared => {
            same("return @ATTACKS[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)] & m->postmask;")
        }
        Layout::Folded => same("return @ATTACKS[m->offset + (((occupied & m->mask) * m->magic) >> (m->magic >> 58))];"),
        Layout::Pext => CLookups {
            preamble: concat!(
                "/* `pext`: the BMI2 instruction where the compiler targets it, else bit by bit. */\n",
                "#if defined(__BMI2__)\n#include <immintrin.h>\n",
                c_pext_bmi2!(),
                "#else\n",
                c_pext_loop!(),
                "#endif\n"
            ),
            rook: "return @ATTACKS[m->attacks + $pext(occupied, m->mask)];",
            bishop: "return @ATTACKS[m->attacks + $pext(occupied, m->mask)];",
        },
        Layout::PextPdep => CLookups {
            preamble: concat!(
                "/* `pext` and `pdep`: the BMI2 instructions where the compiler targets them, else bit by bit. */\n",
                "#if defined(__BMI2__)\n#include <immintrin.h>\n",
                c_pext_bmi2!(),
                "static inline uint64_t $pdep(uint64_t value, uint64_t mask) { return _pdep_u64(value, mask); }\n",
                "#else\n",
                c_pext_loop!(),
                "static inline uint64_t $pdep(uint64_t value, uint64_t mask) {\n    \
                 uint64_t spread = 0, bit = 1;\n    \
                 for (; mask != 0; mask &= mask - 1, bit <<= 1) {\n        \
                 if (value & bit) spread |= mask & (0 - mask);\n    }\n    \
                 return spread;\n}\n",
                "#endif\n"
            ),
            rook: "return $pdep(@ATTACKS[m->offset + $pext(occupied, m->mask)], m->attack_mask);",
            bishop: "return $pdep(@ATTACKS[m->offset + $pext(occupied, m->mask)], m->attack_mask);",
        },
        Layout::Tableless => CLookups {
            preamble: "/* One line through the square by the obstruction difference: the bits from the nearest\n\
                       * blocker below the square to the nearest above (both included), on the line. */\n\
                       static inline uint64_t $line(unsigned square, uint64_t occupied, uint64_t line) {\n    \
                       uint64_t bit = (uint64_t)1 << square, below_sq = bit - 1;\n    \
                       line &= ~bit;\n    \
                       uint64_t lower = line & occupied & below_sq, upper = line & occupied & ~below_sq;\n    \
                       unsigned msb = 63;\n    \
                       while (!((lower | 1) >> msb & 1)) msb--;\n    \
                       uint64_t below = ~(uint64_t)0 << msb, above = upper & (0 - upper);\n    \
                       return line & (2 * above + below);\n}\n\
                       static inline uint64_t $shifted(uint64_t line, int shift) {\n    \
                       return shift >= 0 ? line << shift : line >> -shift;\n}\n",
            rook: "square &= 63;\n    \
                   return $line(square, occupied, (uint64_t)0xFF << (square & 56))\n        \
                   | $line(square, occupied, 0x0101010101010101ULL << (square & 7));",
            bishop: "square &= 63;\n    \
                     int file = (int)(square & 7), rank = (int)(square >> 3);\n    \
                     return $line(square, occupied, $shifted(0x8040201008040201ULL, 8 * (rank - file)))\n        \
                     | $line(square, occupied, $shifted(0x0102040810204080ULL, 8 * (file + rank - 7)));",
        },
    }
}

/// The `use` lines a layout's Rust file needs outside the `magic-tables` build: its entry type
/// from `magic-tables-core` (a dependency-free crate), or, for the fancy layouts, none (their
/// `Magic` type and lookups are appended, so the file stands alone).
fn rust_preamble(layout: Layout) -> &'static str {
    match layout {
        Layout::Fancy | Layout::FancyDense => "",
        Layout::Plain => "use magic_tables_core::layouts::plain::PlainMagic;\n",
        Layout::FixedShift => {
            "use magic_tables_core::Slots;\nuse magic_tables_core::layouts::fixed_shift::FixedMagic;\n"
        }
        Layout::Black => "use magic_tables_core::Slots;\nuse magic_tables_core::layouts::black::BlackMagic;\n",
        Layout::BlackVariable => {
            "use magic_tables_core::Slots;\nuse magic_tables_core::layouts::black_variable::BlackVariableMagic;\n"
        }
        Layout::ByteLookup => "use magic_tables_core::layouts::byte_lookup::ByteMagic;\n",
        Layout::Magic32 => "use magic_tables_core::layouts::magic32::Magic32;\n",
        Layout::Shared => "use magic_tables_core::layouts::shared::SharedMagic;\n",
        Layout::Folded => "use magic_tables_core::layouts::folded::FoldedMagic;\n",
        Layout::Pext => "use magic_tables_core::Slots;\nuse magic_tables_core::layouts::pext::PextEntry;\n",
        Layout::PextPdep => "use magic_tables_core::layouts::pext_pdep::PextPdepEntry;\n",
        // No tables: the lookups are `magic_tables_core::layouts::tableless`'s functions.
        Layout::Tableless => "",
    }
}

/// `file` (of `layout`) as Rust: for `fancy` and `fancy-dense` a file that compiles on its own
/// (the `Magic` type and the lookups appended); for the other layouts the tables with the `use`
/// lines of their entry types from the `magic-tables-core` crate, whose methods are the lookups.
pub fn rust_source(layout: Layout, file: &LayoutFile) -> String {
    let tables = file.render();
    match layout {
        Layout::Fancy | Layout::FancyDense => tables + RUST_STANDALONE,
        _ => {
            // After the header comment, before the first item.
            let at = tables.find("\n\n").map_or(0, |i| i + 2);
            let uses = format!(
                "// Needs the `magic-tables-core` crate (no dependencies) for the entry type, whose methods\n\
                 // are the lookups.\n{}\n",
                rust_preamble(layout)
            );
            format!("{}{uses}{}", &tables[..at], &tables[at..])
        }
    }
}

/// `file` (of `layout`) as a C99 header whose every symbol starts with `prefix`.
pub fn c_source(layout: Layout, file: &LayoutFile, prefix: &str) -> Result<String, String> {
    c_header::render(file, &c_lookups(layout), prefix)
}
