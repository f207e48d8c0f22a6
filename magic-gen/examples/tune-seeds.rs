//! Re-derives `magic-gen/src/seeds/tuned.rs` from scratch and prints it to standard output:
//!
//! ```text
//! cargo run --release -p magic-gen --example tune-seeds > magic-gen/src/seeds/tuned.rs
//! ```
//!
//! For every (slider, square) it takes the smallest seed whose search finds a minimal-bit
//! magic within `TUNED_CANDIDATES` candidates. Takes a few seconds in a release build.

use std::fmt::Write as _;

use magic_gen::ReferenceSet;
use magic_gen::seeds::{TUNED_CANDIDATES, tune_seed};

fn main() {
    let references = ReferenceSet::new();
    let mut rows = [String::new(), String::new()];
    for (i, occ) in references.iter().enumerate() {
        let seed = tune_seed(occ, occ.mask_bits(), TUNED_CANDIDATES, 0, u64::MAX)
            .expect("some seed works: every u64 range this large holds one");
        let row = &mut rows[i / 64];
        if i % 8 == 0 {
            row.push_str("\n        ");
        } else {
            row.push(' ');
        }
        write!(row, "{seed},").unwrap();
        eprintln!("{} {}: seed {seed}", occ.slider, occ.square);
    }
    println!(
        "//! Tuned seeds: regenerate with `cargo run --release -p magic-gen --example tune-seeds`.\n\
         //! Each is the smallest seed whose search finds its square's minimal-bit magic within\n\
         //! `TUNED_CANDIDATES` candidates (see `magic_gen::seeds::tune_seed`).\n\
         \n\
         /// Candidates a tuned seed's search may draw.\n\
         pub const TUNED_CANDIDATES: u64 = {TUNED_CANDIDATES};\n\
         \n\
         /// `TUNED_SEEDS[slider][square]`, rook first, each a1 … h8 (eight squares, one rank, a line).\n\
         #[rustfmt::skip]\n\
         pub const TUNED_SEEDS: [[u64; 64]; 2] = [\n    [{}\n    ],\n    [{}\n    ],\n];",
        rows[0], rows[1]
    );
}
