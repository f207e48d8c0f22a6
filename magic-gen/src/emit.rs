//! Any layout's verified tables as source code for other programs: Rust, or a C99 header whose
//! symbols carry a prefix ([`build_support::c_header`]). The tables are the very
//! [`build_support::LayoutFile`] the `magic-tables` build writes ([`crate::layouts::build`]);
//! this module adds what a file needs outside that build: the entry types and lookups.

use build_support::LayoutFile;
use build_support::c_header::{self, CLookups};
use build_support::header::comment_block;

use crate::layout::Layout;
use crate::pieces::PieceTables;

/// The fancy formula in C (`fancy`, `fancy-dense`).
const FANCY_C: &str = "return @ATTACKS[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)];";

/// The start of what a Rust file needs besides the tables: the `magic-tables` build includes
/// the tables where its core's entry types are in scope, but a user drops the file into their
/// own crate, so the entry type (the same fields, so the tables' literals fit) and the lookups
/// come with it.
const RUST_INTRO: &str = "
// Added by `magic-gen emit` so that this file compiles on its own, with no dependency: the entry
// type the tables above are written with, and the lookups. Squares are numbered a1 = 0, b1 = 1,
// ..., h8 = 63 (a square of 64 or more panics); `occupied` has bit n set when square n is
// occupied, by either colour, and may hold any bits. Attacks include the first blocker in each
// direction.
";

/// Where a square's range starts in `ATTACKS`, for the layouts whose entries the tables write as
/// `Slots::at(&ATTACKS, offset)`: an offset here (the `magic-tables` runtime keeps an address).
const RUST_SLOTS: &str = "
/// Where one square's range starts in `ATTACKS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots {
    /// The range's first slot.
    pub offset: usize,
}

impl Slots {
    /// The range of `array` from `offset` on; fails to compile if `offset` is not in `array`.
    pub const fn at(array: &[u64], offset: usize) -> Slots {
        assert!(offset < array.len(), \"a square's range must start inside its attack array\");
        Slots { offset }
    }
}
";

/// `pext` in Rust: the BMI2 instruction where the target has it, else bit by bit.
const RUST_PEXT: &str = "
/// The bits of `value` under `mask`, packed to the low end: the BMI2 instruction where the
/// target has it (such as `-C target-cpu=native` on a BMI2 machine).
#[cfg(all(target_arch = \"x86_64\", target_feature = \"bmi2\"))]
#[inline(always)]
fn pext(value: u64, mask: u64) -> u64 {
    // SAFETY: the target has BMI2 (the `cfg` above).
    unsafe { core::arch::x86_64::_pext_u64(value, mask) }
}

/// The bits of `value` under `mask`, packed to the low end, bit by bit (no BMI2 here).
#[cfg(not(all(target_arch = \"x86_64\", target_feature = \"bmi2\")))]
#[inline(always)]
fn pext(value: u64, mask: u64) -> u64 {
    let (mut mask, mut packed, mut bit) = (mask, 0u64, 1u64);
    while mask != 0 {
        if value & mask & mask.wrapping_neg() != 0 {
            packed |= bit;
        }
        bit <<= 1;
        mask &= mask - 1;
    }
    packed
}
";

/// `pdep` in Rust, beside [`RUST_PEXT`].
const RUST_PDEP: &str = "
/// The low bits of `value` spread over the bits of `mask`, in order: the BMI2 instruction where
/// the target has it.
#[cfg(all(target_arch = \"x86_64\", target_feature = \"bmi2\"))]
#[inline(always)]
fn pdep(value: u64, mask: u64) -> u64 {
    // SAFETY: the target has BMI2 (the `cfg` above).
    unsafe { core::arch::x86_64::_pdep_u64(value, mask) }
}

/// The low bits of `value` spread over the bits of `mask`, in order, bit by bit (no BMI2 here).
#[cfg(not(all(target_arch = \"x86_64\", target_feature = \"bmi2\")))]
#[inline(always)]
fn pdep(value: u64, mask: u64) -> u64 {
    let (mut mask, mut spread, mut bit) = (mask, 0u64, 1u64);
    while mask != 0 {
        if value & bit != 0 {
            spread |= mask & mask.wrapping_neg();
        }
        bit <<= 1;
        mask &= mask - 1;
    }
    spread
}
";

/// The obstruction difference in Rust (the `tableless` layout's lookups need no table).
const RUST_TABLELESS: &str = "
/// The squares of `line` (a rank, file or diagonal through `square`) that a slider on `square`
/// attacks: from the nearest blocker below the square to the nearest above, both included (the
/// obstruction difference).
#[inline(always)]
const fn line_attacks(square: usize, occupied: u64, line: u64) -> u64 {
    let bit = 1u64 << square;
    let line = line & !bit;
    let blockers = line & occupied;
    let lower = blockers & (bit - 1);
    let upper = blockers & !(bit - 1);
    // The highest blocker below as `-(1 << msb)`; bit 0 when there is none.
    let below = !0u64 << (63 - (lower | 1).leading_zeros());
    let above = upper & upper.wrapping_neg();
    line & above.wrapping_mul(2).wrapping_add(below)
}

/// `line` moved up (`ranks` > 0) or down by whole ranks.
#[inline(always)]
const fn shifted(line: u64, ranks: i32) -> u64 {
    if ranks >= 0 { line << (8 * ranks) } else { line >> (8 * -ranks) }
}
";

/// A struct type of the standalone file: doc, name, and its fields (name, type, doc).
struct RustType {
    doc: &'static str,
    name: &'static str,
    fields: &'static [(&'static str, &'static str, &'static str)],
}

const MASK: (&str, &str, &str) = ("mask", "u64", "Relevant-occupancy mask.");
const NOT_MASK: (&str, &str, &str) = ("not_mask", "u64", "The complement of the relevant-occupancy mask.");
const MAGIC: (&str, &str, &str) = ("magic", "u64", "The magic multiplier.");
const SHIFT: (&str, &str, &str) = ("shift", "u32", "Right shift: 64 minus the number of index bits.");
const OFFSET: (&str, &str, &str) = ("offset", "u32", "Start of the square's range in the attack array.");
const ATTACKS_AT: (&str, &str, &str) = ("attacks", "Slots", "Start of the square's range in `ATTACKS`.");

/// One layout's standalone Rust: its entry type, the helpers it needs and the lookup bodies.
/// In a body, `$MAGICS` is the slider's entry table, `$SHIFT` its fixed shift (52 for the rook,
/// 55 for the bishop) and `$TABLE` its own attack table (`plain`); `m` is the square's entry.
struct RustLookups {
    entry: Option<RustType>,
    helpers: &'static [&'static str],
    /// Whether the lookups can be `const fn` (BMI2 intrinsics cannot).
    constant: bool,
    body: &'static str,
}

/// The entry of `square` in the slider's table, as most bodies start.
macro_rules! entry_body {
    ($rest:literal) => {
        concat!("let m = &$MAGICS[square];\n    ", $rest)
    };
}

/// A layout's lookups in Rust, over the fields its entries render with (the formulas of
/// `magic_tables_core::layouts`, which the build checked).
fn rust_lookups(layout: Layout) -> RustLookups {
    let fancy = RustType {
        doc: "One square's fancy magic: `ATTACKS[offset + (((occupied & mask) * magic) >> shift)]`.",
        name: "Magic",
        fields: &[MASK, MAGIC, SHIFT, OFFSET],
    };
    let fancy_body =
        entry_body!("ATTACKS[m.offset as usize + ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]");
    let lookups = |entry, helpers, body| RustLookups { entry: Some(entry), helpers, constant: true, body };
    match layout {
        Layout::Fancy | Layout::FancyDense => lookups(fancy, &[], fancy_body),
        Layout::Plain => lookups(
            RustType {
                doc: "One square's plain magic: `TABLE[square][((occupied & mask) * magic) >> shift]`, with the \
                      slider's fixed shift.",
                name: "PlainMagic",
                fields: &[MASK, MAGIC],
            },
            &[],
            entry_body!("$TABLE[square][((occupied & m.mask).wrapping_mul(m.magic) >> $SHIFT) as usize]"),
        ),
        Layout::FixedShift => lookups(
            RustType {
                doc: "One square's fixed-shift magic: `ATTACKS[start + (((occupied & mask) * magic) >> shift)]`, \
                      with the slider's fixed shift.",
                name: "FixedMagic",
                fields: &[MASK, MAGIC, ATTACKS_AT],
            },
            &[RUST_SLOTS],
            entry_body!("ATTACKS[m.attacks.offset + ((occupied & m.mask).wrapping_mul(m.magic) >> $SHIFT) as usize]"),
        ),
        Layout::Black => lookups(
            RustType {
                doc: "One square's black magic: `ATTACKS[start + (((occupied | not_mask) * magic) >> shift)]`, \
                      with the slider's fixed shift.",
                name: "BlackMagic",
                fields: &[NOT_MASK, MAGIC, ATTACKS_AT],
            },
            &[RUST_SLOTS],
            entry_body!(
                "ATTACKS[m.attacks.offset + ((occupied | m.not_mask).wrapping_mul(m.magic) >> $SHIFT) as usize]"
            ),
        ),
        Layout::BlackVariable => lookups(
            RustType {
                doc: "One square's black magic: `ATTACKS[start + (((occupied | not_mask) * magic) >> shift)]`.",
                name: "BlackVariableMagic",
                fields: &[NOT_MASK, MAGIC, ATTACKS_AT, SHIFT],
            },
            &[RUST_SLOTS],
            entry_body!(
                "ATTACKS[m.attacks.offset + ((occupied | m.not_mask).wrapping_mul(m.magic) >> m.shift) as usize]"
            ),
        ),
        Layout::ByteLookup => lookups(
            RustType {
                doc: "One square's magic into the byte table: \
                      `ATTACK_SETS[base + INDEXES[offset + (((occupied & mask) * magic) >> shift)]]`.",
                name: "ByteMagic",
                fields: &[
                    MASK,
                    MAGIC,
                    SHIFT,
                    ("offset", "u32", "Start of the square's range in `INDEXES`."),
                    ("base", "u32", "The square's first attack set in `ATTACK_SETS`."),
                ],
            },
            &[],
            entry_body!(
                "let byte = INDEXES[m.offset as usize + ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize];\n    \
                 ATTACK_SETS[m.base as usize + byte as usize]"
            ),
        ),
        Layout::Magic32 => lookups(
            RustType {
                doc: "One square's magic as two 32-bit multipliers, one for each half of the masked occupancy.",
                name: "Magic32",
                fields: &[
                    MASK,
                    ("lo", "u32", "Multiplier of the low half."),
                    ("hi", "u32", "Multiplier of the high half."),
                    ("shift", "u32", "Right shift of the 32-bit product."),
                    OFFSET,
                ],
            },
            &[],
            entry_body!(
                "let key = occupied & m.mask;\n    \
                 let product = (key as u32).wrapping_mul(m.lo) ^ ((key >> 32) as u32).wrapping_mul(m.hi);\n    \
                 ATTACKS[m.offset as usize + (product >> m.shift) as usize]"
            ),
        ),
        Layout::Shared => lookups(
            RustType {
                doc: "One square's magic into a range shared with other squares; `postmask` keeps its own lines.",
                name: "SharedMagic",
                fields: &[
                    MASK,
                    MAGIC,
                    ("postmask", "u64", "The square's lines: what it keeps of a shared attack set."),
                    SHIFT,
                    OFFSET,
                ],
            },
            &[],
            entry_body!(
                "ATTACKS[m.offset as usize + ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize] & m.postmask"
            ),
        ),
        Layout::Folded => lookups(
            RustType {
                doc: "One square's magic whose top six bits are its shift.",
                name: "FoldedMagic",
                fields: &[MASK, ("magic", "u64", "The magic multiplier; its top six bits are the shift."), OFFSET],
            },
            &[],
            entry_body!(
                "ATTACKS[m.offset as usize + ((occupied & m.mask).wrapping_mul(m.magic) >> (m.magic >> 58)) as usize]"
            ),
        ),
        Layout::Pext => RustLookups {
            entry: Some(RustType {
                doc: "One square's `pext` entry: `ATTACKS[start + pext(occupied, mask)]`.",
                name: "PextEntry",
                fields: &[MASK, ATTACKS_AT],
            }),
            helpers: &[RUST_SLOTS, RUST_PEXT],
            constant: false,
            body: entry_body!("ATTACKS[m.attacks.offset + pext(occupied, m.mask) as usize]"),
        },
        Layout::PextPdep => RustLookups {
            entry: Some(RustType {
                doc: "One square's `pext`/`pdep` entry: \
                      `pdep(ATTACKS[offset + pext(occupied, mask)], attack_mask)`.",
                name: "PextPdepEntry",
                fields: &[MASK, ("attack_mask", "u64", "Every square the slider can attack from here."), OFFSET],
            }),
            helpers: &[RUST_PEXT, RUST_PDEP],
            constant: false,
            body: entry_body!(
                "pdep(ATTACKS[m.offset as usize + pext(occupied, m.mask) as usize] as u64, m.attack_mask)"
            ),
        },
        Layout::Tableless => {
            RustLookups { entry: None, helpers: &[RUST_TABLELESS], constant: true, body: "$TABLELESS" }
        }
    }
}

/// The tableless lookups' bodies (the lines through the square).
const TABLELESS_ROOK: &str = "assert!(square < 64, \"a square index is below 64\");\n    \
    line_attacks(square, occupied, 0xFF << (square & 56))\n        \
    | line_attacks(square, occupied, 0x0101_0101_0101_0101 << (square & 7))";
const TABLELESS_BISHOP: &str = "assert!(square < 64, \"a square index is below 64\");\n    \
    let (file, rank) = ((square & 7) as i32, (square >> 3) as i32);\n    \
    line_attacks(square, occupied, shifted(0x8040_2010_0804_0201, rank - file))\n        \
    | line_attacks(square, occupied, shifted(0x0102_0408_1020_4080, file + rank - 7))";

/// The standalone part of `layout`'s Rust file: entry type, helpers and lookups.
fn rust_standalone(layout: Layout) -> String {
    let lookups = rust_lookups(layout);
    let mut out = RUST_INTRO.to_owned();
    for helper in lookups.helpers {
        out += helper;
    }
    if let Some(entry) = &lookups.entry {
        out += &format!(
            "\n/// {}\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub struct {} {{\n",
            entry.doc, entry.name
        );
        for (name, ty, doc) in entry.fields {
            out += &format!("    /// {doc}\n    pub {name}: {ty},\n");
        }
        out += "}\n";
    }
    let constness = if lookups.constant { "const " } else { "" };
    for (slider, table, shift, tableless) in
        [("Rook", "ROOK", "52", TABLELESS_ROOK), ("Bishop", "BISHOP", "55", TABLELESS_BISHOP)]
    {
        let body = lookups
            .body
            .replace("$TABLELESS", tableless)
            .replace("$MAGICS", &format!("{table}_MAGICS"))
            .replace("$TABLE", &format!("{table}_ATTACKS"))
            .replace("$SHIFT", shift);
        out += &format!(
            "\n/// {slider} attacks from `square` (0..64) on the board `occupied`, the first blocker included.\n\
             #[inline]\npub {constness}fn {}_attacks(square: usize, occupied: u64) -> u64 {{\n    {body}\n}}\n",
            table.to_lowercase()
        );
    }
    out += &format!(
        "\n/// Queen attacks: rook and bishop attacks together.\n#[inline]\n\
         pub {constness}fn queen_attacks(square: usize, occupied: u64) -> u64 {{\n    \
         rook_attacks(square, occupied) | bishop_attacks(square, occupied)\n}}\n"
    );
    out
}

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
                       static inline uint64_t $line_attacks(unsigned square, uint64_t occupied, uint64_t line) {\n    \
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
                   return $line_attacks(square, occupied, (uint64_t)0xFF << (square & 56))\n        \
                   | $line_attacks(square, occupied, 0x0101010101010101ULL << (square & 7));",
            bishop: "square &= 63;\n    \
                     int file = (int)(square & 7), rank = (int)(square >> 3);\n    \
                     return $line_attacks(square, occupied, $shifted(0x8040201008040201ULL, 8 * (rank - file)))\n        \
                     | $line_attacks(square, occupied, $shifted(0x0102040810204080ULL, 8 * (file + rank - 7)));",
        },
    }
}

/// `file` (of `layout`) as a Rust file that compiles on its own: the tables, then the entry
/// type and the lookups `rook_attacks`, `bishop_attacks` and `queen_attacks`; with `pieces`,
/// then the other pieces' tables and the crate's functions over them (`knight_attacks`,
/// `king_attacks`, `pawn_attacks` with its `Color`, `between`, `line`).
pub fn rust_source(layout: Layout, file: &LayoutFile, pieces: Option<&PieceTables>) -> String {
    let mut out = build_support::render(file) + &rust_standalone(layout);
    if let Some(pieces) = pieces {
        let companion = pieces.companion();
        out.push('\n');
        out += &comment_block(&companion.comment, "//");
        out += &companion.rust_arrays();
        out += crate::pieces::RUST_FUNCTIONS;
    }
    out
}

/// `file` (of `layout`) as a C99 header whose every symbol starts with `prefix`; with `pieces`,
/// also `<prefix>_knight_attacks`, `_king_attacks`, `_pawn_attacks`, `_between` and `_line`.
pub fn c_source(
    layout: Layout,
    file: &LayoutFile,
    pieces: Option<&PieceTables>,
    prefix: &str,
) -> Result<String, String> {
    c_header::render(file, &c_lookups(layout), pieces.map(PieceTables::companion).as_ref(), prefix)
}
