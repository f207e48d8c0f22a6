//! A verified fancy table set as source code: the `fancy` layout file
//! ([`crate::layouts::fancy::file`]) rendered as Rust or as C.

use crate::generate::Generated;
use crate::layouts::fancy;
use crate::seeds::SeedPlan;

/// The fancy formula in C, the body of the header's `magic_lookup`.
const FANCY_C_LOOKUP: &str = "return ATTACKS[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)];";

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

/// The fancy layout file of `generated`, its "Reproduce" lines saying how to get this very output
/// (the layout's own lines describe the file the `magic-tables` build writes).
fn file_for(generated: &Generated, format: &str, what: &str) -> build_support::LayoutFile {
    let mut file = fancy::file(generated);
    let seed = generated.plan.argument();
    let mut reproduce =
        vec![format!("`cargo run --release -p magic-gen -- emit --seed {seed} --format {format}` prints {what}")];
    if generated.plan == SeedPlan::Tuned {
        reproduce
            .push("(`cargo build -p magic-tables --features fancy` writes the same tables to its OUT_DIR).".to_owned());
    }
    file.provenance.reproduce = reproduce;
    file
}

/// `generated` as a standalone Rust source file: the tables of the file `magic-tables` includes
/// for its `fancy` feature, then the `Magic` type and lookup functions they need to compile in any
/// crate.
pub fn rust_source(generated: &Generated) -> String {
    file_for(generated, "rust", "this file.").render() + RUST_STANDALONE
}

/// `generated` as a self-contained C header with inline lookups.
pub fn c_header(generated: &Generated) -> String {
    build_support::c_header::render(&file_for(generated, "c", "this header."), FANCY_C_LOOKUP)
        .expect("a fancy layout file has ROOK_MAGICS and BISHOP_MAGICS of 64 alike entries")
}
