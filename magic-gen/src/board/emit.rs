//! A board's verified tables as source for other programs (`magic-gen emit --board FxR`): the
//! Rust renderer's file with the entry type and lookups appended, so that it compiles on its
//! own, or a C99 header ([`build_support::c_header::render_board`]).
//!
//! The lookups are written out here, in each language's words, from the same formulas the
//! generator checked the tables through (`magic_tables_core::board_tables`): one index per
//! square and table, a pattern or set per slot, the layout's way from there to squares. A board
//! of at most 64 squares gets `u64` bitboards and one word per set; a larger one `u128`
//! (`unsigned __int128` in C) and two words per set, low word first.

use std::fmt::Write as _;
use std::path::Path;

use build_support::LayoutFile;
use magic_tables_core::board::{Board, Piece};

use super::file::{checked_file, emit_command, index_name, upper, wide};
use super::lines::Direction;
use super::tables::{BoardLayout, BoardTables, LineData, LineTable};

/// What an engine's build script calls: the tables of `pieces` on `board` (from `seed`, in
/// `layout`), verified, written to `path` as Rust (only if they changed, so cargo does not
/// rebuild for nothing). The file defines `rook_attacks(square: usize, occupied: Bitboard)` and
/// so on for each piece, with `Bitboard` `u64` up to 64 squares and `u128` above; the crate
/// includes it with `include!(concat!(env!("OUT_DIR"), "/<name>.rs"))`.
///
/// ```no_run
/// // build.rs, with magic-gen as a build-dependency (feature `board-source`).
/// use magic_gen::board::{BoardLayout, emit::write_rust_file};
/// use magic_tables_core::board::{Board, Piece};
///
/// let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("attacks.rs");
/// let shogi = Board::new(9, 9).unwrap();
/// write_rust_file(&out, shogi, &[Piece::Rook, Piece::Bishop], 1, BoardLayout::Compact).unwrap();
/// ```
pub fn write_rust_file(
    path: &Path,
    board: Board,
    pieces: &[Piece],
    seed: u64,
    layout: BoardLayout,
) -> Result<(), String> {
    let tables = BoardTables::build(board, pieces, seed, layout)?;
    let reproduce = format!("A build script wrote this file; `{} --format rust` prints it.", emit_command(&tables));
    let source = rust(&tables, &checked_file(&tables, vec![reproduce])?);
    build_support::write_if_changed(path, &source)
        .map(|_| ())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The function a piece's attacks are called by (`horse_attacks_to` for horse-to).
pub fn function_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Rook => "rook_attacks",
        Piece::Bishop => "bishop_attacks",
        Piece::Cannon => "cannon_attacks",
        Piece::Horse => "horse_attacks",
        Piece::HorseTo => "horse_attacks_to",
        Piece::Elephant => "elephant_attacks",
    }
}

/// What a piece's function says it returns.
fn piece_doc(piece: Piece) -> &'static str {
    match piece {
        Piece::Rook => {
            "Squares a rook on `square` attacks: along its rank and file up to and including the first piece."
        }
        Piece::Bishop => {
            "Squares a bishop on `square` attacks: along its diagonals up to and including the first piece."
        }
        Piece::Cannon => {
            "Squares a cannon on `square` attacks: beyond the first piece each way (the screen), up to and including the next."
        }
        Piece::Horse => {
            "Squares a horse on `square` attacks: the knight jumps whose leg (the square next to it) is empty."
        }
        Piece::HorseTo => {
            "Squares a horse attacks `square` from: the knight jumps whose leg next to that square is empty."
        }
        Piece::Elephant => {
            "Squares an elephant on `square` attacks: two diagonal steps over an empty eye, on its side of the river."
        }
    }
}

/// One line part of a rider's or the cannon's lookup, as an expression of `square` and
/// `occupied` in the language of `c` (`@`/`$` prefixes in C), for the mover at `mover`.
fn line_part(line: &LineTable, mover: usize, piece: Piece, c: bool) -> String {
    let direction = line.direction;
    let index = index_name(direction);
    let prefix = if c { "@" } else { "" };
    let slot =
        if c { format!("$slot(&@{index}[square], occupied)") } else { format!("{index}[square].slot(occupied)") };
    let base = if c { format!("@{index}[square].base") } else { format!("{index}[square].base") };
    let set_at = if c { "$set_at" } else { "set_at" };
    let cast = if c { "($bitboard)" } else { "" };
    let as_bitboard = if c { "" } else { " as Bitboard" };
    match &line.data {
        LineData::Patterns { spread: None, .. } => {
            let array = format!("{prefix}{}_{}", upper(piece.name()), upper(direction.name()));
            format!("(({cast}{array}[{slot}]{as_bitboard}) << {base})")
        }
        LineData::Patterns { spread: Some(_), .. } => {
            let array = format!("{prefix}{}_{}", upper(piece.name()), upper(direction.name()));
            let low = format!("{prefix}{}_SPREAD_LOW", upper(direction.name()));
            let high = format!("{prefix}{}_SPREAD_HIGH", upper(direction.name()));
            if c {
                format!("$spread({low}, {high}, {array}[{slot}], {base})")
            } else {
                format!("spread(&{low}, &{high}, {array}[{slot}], {base})")
            }
        }
        LineData::Sets(_) => {
            let array = format!("{prefix}{}_ATTACKS", upper(direction.name()));
            let array = if c { array } else { format!("&{array}") };
            let set = format!("{set_at}({array}, {slot} * {} + {mover})", line.movers.len());
            if line.per_square { set } else { format!("({set} << {base})") }
        }
    }
}

/// The expression of a piece's attacks.
fn attacks_expression(tables: &BoardTables, piece: Piece, c: bool) -> String {
    if let Some(leaper) = tables.leapers.iter().find(|t| t.piece == piece) {
        let name = upper(leaper.piece.name());
        return if c {
            format!("$set_at(@{name}_ATTACKS, $slot(&@{name}_INDEX[square], occupied))")
        } else {
            format!("set_at(&{name}_ATTACKS, {name}_INDEX[square].slot(occupied))")
        };
    }
    let parts: Vec<String> = Direction::of(piece)
        .iter()
        .filter_map(|&direction| {
            let line = tables.line(direction)?;
            let mover = line.movers.iter().position(|&p| p == piece)?;
            Some(line_part(line, mover, piece, c))
        })
        .collect();
    parts.join("\n        | ")
}

/// The Rust file: the rendered tables, then the entry type, the helpers and one `const fn` per
/// piece.
pub fn rust(tables: &BoardTables, file: &LayoutFile) -> String {
    let mut out = build_support::render(file);
    let board = tables.board;
    let squares = board.squares();
    let wide = wide(board);
    let (bitboard, words) =
        if wide { ("u128", "two words per set, low word first") } else { ("u64", "one word per set") };
    write!(
        out,
        "
// Added by `magic-gen emit` so that this file compiles on its own, with no dependency: the entry
// type the tables above are written with, and the lookups. Squares are numbered file + {files} * rank
// from 0 (a square of {squares} or more panics); `occupied` has bit n set when square n is
// occupied, by either side, and may hold any bits (those above the board are ignored). Attack
// sets are {bitboard} bitboards ({words} in the arrays).

/// A bitboard of this board.
pub type Bitboard = {bitboard};
",
        files = board.files(),
    )
    .unwrap();
    if tables.layout == BoardLayout::Pext {
        out.push_str(RUST_PEXT);
        out.push_str(if wide { RUST_PEXT_WIDE } else { RUST_PEXT_NARROW });
    } else if wide {
        out.push_str(
            "
/// One square's way into one table: the occupancy shifted down by `base`, masked, its high word
/// rotated by `fold` and XORed onto the low word, multiplied by `magic` and shifted by `shift`
/// gives the slot from `offset` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardIndex {
    pub mask_lo: u64,
    pub mask_hi: u64,
    pub magic: u64,
    pub offset: u32,
    pub base: u8,
    pub fold: u8,
    pub shift: u8,
}

impl BoardIndex {
    /// The slot of `occupied`.
    #[inline]
    pub const fn slot(&self, occupied: Bitboard) -> usize {
        let shifted = occupied >> self.base;
        let folded = (shifted as u64 & self.mask_lo) ^ ((shifted >> 64) as u64 & self.mask_hi).rotate_left(self.fold as u32);
        self.offset as usize + (folded.wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Set `index` of an array of sets.
#[inline]
const fn set_at(words: &[u64], index: usize) -> Bitboard {
    ((words[2 * index + 1] as u128) << 64) | words[2 * index] as u128
}
",
        );
    } else {
        out.push_str(
            "
/// One square's way into one table: the occupancy shifted down by `base`, masked, multiplied by
/// `magic` and shifted by `shift` gives the slot from `offset` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardIndex {
    pub mask: u64,
    pub magic: u64,
    pub offset: u32,
    pub base: u8,
    pub shift: u8,
}

impl BoardIndex {
    /// The slot of `occupied`.
    #[inline]
    pub const fn slot(&self, occupied: Bitboard) -> usize {
        let masked = (occupied >> self.base) & self.mask;
        self.offset as usize + (masked.wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Set `index` of an array of sets.
#[inline]
const fn set_at(words: &[u64], index: usize) -> Bitboard {
    words[index]
}
",
        );
    }
    if tables.lines.iter().any(|l| matches!(l.data, LineData::Patterns { spread: Some(_), .. })) {
        out.push_str(
            "
/// A line pattern (bit k: the line's k-th square) as squares of the line that starts on `base`.
#[inline]
const fn spread(low: &[u64], high: &[u64], pattern: u16, base: u8) -> Bitboard {
    (set_at(low, (pattern & 0xFF) as usize) | set_at(high, (pattern >> 8) as usize)) << base
}
",
        );
    }
    // `pext` is an intrinsic: the pext layout's lookups cannot be `const`.
    let constness = if tables.layout == BoardLayout::Pext { "" } else { "const " };
    for &piece in &tables.pieces {
        write!(
            out,
            "
/// {}
#[inline]
pub {constness}fn {}(square: usize, occupied: Bitboard) -> Bitboard {{
    {}
}}
",
            piece_doc(piece),
            function_name(piece),
            attacks_expression(tables, piece, false)
        )
        .unwrap();
    }
    out
}

/// The pext layout's `pext` in a standalone Rust file: the instruction where the target has
/// BMI2, bit by bit elsewhere (the same result, slower).
const RUST_PEXT: &str = "
/// The bits of `value` under `mask`, gathered to the bottom in order: x86's `pext` where the
/// target has BMI2 (`-C target-cpu=native` on Intel since Haswell, AMD since Zen 3), bit by bit
/// elsewhere.
#[inline(always)]
fn pext(value: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = \"x86_64\", target_feature = \"bmi2\"))]
    // SAFETY: the target has BMI2 (the `cfg` above).
    #[allow(unused_unsafe)]
    unsafe {
        core::arch::x86_64::_pext_u64(value, mask)
    }
    #[cfg(not(all(target_arch = \"x86_64\", target_feature = \"bmi2\")))]
    {
        let (mut mask, mut result, mut bit) = (mask, 0, 1);
        while mask != 0 {
            if value & mask & mask.wrapping_neg() != 0 {
                result |= bit;
            }
            mask &= mask - 1;
            bit <<= 1;
        }
        result
    }
}
";

/// The pext layout's entry type on a board of more than 64 squares.
const RUST_PEXT_WIDE: &str = "
/// One square's way into its own block: the occupancy's bits under the mask, the low word's
/// first, give the slot from `offset` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextIndex {
    pub mask_lo: u64,
    pub mask_hi: u64,
    pub offset: u32,
    pub low_bits: u8,
}

impl PextIndex {
    /// The slot of `occupied`.
    #[inline]
    pub fn slot(&self, occupied: Bitboard) -> usize {
        let low = pext(occupied as u64, self.mask_lo);
        let high = pext((occupied >> 64) as u64, self.mask_hi);
        self.offset as usize + (low | high << self.low_bits) as usize
    }
}

/// Set `index` of an array of sets.
#[inline]
const fn set_at(words: &[u64], index: usize) -> Bitboard {
    ((words[2 * index + 1] as u128) << 64) | words[2 * index] as u128
}
";

/// The pext layout's entry type on a board of at most 64 squares.
const RUST_PEXT_NARROW: &str = "
/// One square's way into its own block: the occupancy's bits under the mask give the slot from
/// `offset` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextIndex {
    pub mask: u64,
    pub offset: u32,
}

impl PextIndex {
    /// The slot of `occupied`.
    #[inline]
    pub fn slot(&self, occupied: Bitboard) -> usize {
        self.offset as usize + pext(occupied, self.mask) as usize
    }
}

/// Set `index` of an array of sets.
#[inline]
const fn set_at(words: &[u64], index: usize) -> Bitboard {
    words[index]
}
";

/// The C header of the tables, its symbols prefixed with `prefix` (feature `cli`, which brings
/// the C renderer).
#[cfg(feature = "cli")]
pub fn c(tables: &BoardTables, file: &LayoutFile, prefix: &str) -> Result<String, String> {
    let board = tables.board;
    let wide = wide(board);
    let mut code = String::new();
    writeln!(
        code,
        "/* Squares are numbered file + {files} * rank from 0; a square of {squares} or more is out of
 * bounds. `occupied` has bit n set when square n is occupied and may hold any bits (those above
 * the board are ignored). */",
        files = board.files(),
        squares = board.squares()
    )
    .unwrap();
    if tables.layout == BoardLayout::Pext {
        code.push_str(if wide {
            "__extension__ typedef unsigned __int128 $bitboard;\n\n"
        } else {
            "typedef uint64_t $bitboard;\n\n"
        });
        code.push_str(C_PEXT);
        code.push_str(if wide { C_PEXT_WIDE } else { C_PEXT_NARROW });
    } else if wide {
        code.push_str(
            "__extension__ typedef unsigned __int128 $bitboard;

/* The slot of `occupied` in the block `e` leads to. */
static inline size_t $slot(const $index *e, $bitboard occupied) {
    $bitboard shifted = occupied >> e->base;
    uint64_t low = (uint64_t)shifted & e->mask_lo;
    uint64_t high = (uint64_t)(shifted >> 64) & e->mask_hi;
    uint64_t folded = low ^ (e->fold ? (high << e->fold) | (high >> (64 - e->fold)) : high);
    return e->offset + (size_t)((folded * e->magic) >> e->shift);
}

/* Set `index` of an array of sets (two words each, low word first). */
static inline $bitboard $set_at(const uint64_t *words, size_t index) {
    return (($bitboard)words[2 * index + 1] << 64) | words[2 * index];
}
",
        );
    } else {
        code.push_str(
            "typedef uint64_t $bitboard;

/* The slot of `occupied` in the block `e` leads to. */
static inline size_t $slot(const $index *e, $bitboard occupied) {
    return e->offset + (size_t)((((occupied >> e->base) & e->mask) * e->magic) >> e->shift);
}

/* Set `index` of an array of sets. */
static inline $bitboard $set_at(const uint64_t *words, size_t index) {
    return words[index];
}
",
        );
    }
    if tables.lines.iter().any(|l| matches!(l.data, LineData::Patterns { spread: Some(_), .. })) {
        code.push_str(
            "
/* A line pattern (bit k: the line's k-th square) as squares of the line that starts on `base`. */
static inline $bitboard $spread(const uint64_t *low, const uint64_t *high, uint16_t pattern, unsigned base) {
    return ($set_at(low, pattern & 0xFF) | $set_at(high, pattern >> 8)) << base;
}
",
        );
    }
    for &piece in &tables.pieces {
        write!(
            code,
            "
/* {} */
static inline $bitboard ${}(unsigned square, $bitboard occupied) {{
    return {};
}}
",
            piece_doc(piece),
            function_name(piece),
            attacks_expression(tables, piece, true)
        )
        .unwrap();
    }
    build_support::c_header::render_board(file, &code, prefix)
}

/// The pext layout's `pext` in C: the instruction where the compiler targets BMI2 (`-mbmi2`,
/// `-march=native`), bit by bit elsewhere.
#[cfg(feature = "cli")]
const C_PEXT: &str = "#if defined(__BMI2__)
#include <immintrin.h>
#endif

/* The bits of `value` under `mask`, gathered to the bottom in order: x86's pext with BMI2, bit
 * by bit elsewhere. */
static inline uint64_t $pext(uint64_t value, uint64_t mask) {
#if defined(__BMI2__)
    return _pext_u64(value, mask);
#else
    uint64_t result = 0, bit = 1;
    while (mask) {
        if (value & mask & (0 - mask)) result |= bit;
        mask &= mask - 1;
        bit <<= 1;
    }
    return result;
#endif
}
";

/// The pext layout's slot and set in C on a board of more than 64 squares.
#[cfg(feature = "cli")]
const C_PEXT_WIDE: &str = "
/* The slot of `occupied` in the block `e` leads to: its bits under the mask, the low word's first. */
static inline size_t $slot(const $index *e, $bitboard occupied) {
    uint64_t low = $pext((uint64_t)occupied, e->mask_lo);
    uint64_t high = $pext((uint64_t)(occupied >> 64), e->mask_hi);
    return e->offset + (size_t)(low | (high << e->low_bits));
}

/* Set `index` of an array of sets (two words each, low word first). */
static inline $bitboard $set_at(const uint64_t *words, size_t index) {
    return (($bitboard)words[2 * index + 1] << 64) | words[2 * index];
}
";

/// The pext layout's slot and set in C on a board of at most 64 squares.
#[cfg(feature = "cli")]
const C_PEXT_NARROW: &str = "
/* The slot of `occupied` in the block `e` leads to: its bits under the mask. */
static inline size_t $slot(const $index *e, $bitboard occupied) {
    return e->offset + (size_t)$pext(occupied, e->mask);
}

/* Set `index` of an array of sets. */
static inline $bitboard $set_at(const uint64_t *words, size_t index) {
    return words[index];
}
";
