//! Re-derives one of the committed tuned-seed files from scratch and writes it in place, once
//! the whole file is ready (a file shell redirection would truncate before this example, which
//! compiles that very file, is built):
//!
//! ```text
//! cargo run --release -p magic-gen --example tune-seeds             # magic-gen/src/seeds/tuned.rs
//! cargo run --release -p magic-gen --example tune-seeds -- magic32  # magic-gen/src/seeds/tuned_magic32.rs
//! cargo run --release -p magic-gen --example tune-seeds -- folded   # magic-gen/src/seeds/tuned_folded.rs
//! ```
//!
//! For every (slider, square) it takes the smallest seed whose search finds a minimal-bit
//! magic of the scheme within `TUNED_CANDIDATES` candidates. Each pair's answer depends on nothing else, so
//! the pairs are shared out over all cores; the output is the same for any number of them.
//! About 7 s of CPU time in a release build.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};

use magic_gen::ReferenceSet;
use magic_gen::geometry::Occupancies;
use magic_gen::search::Scheme;
use magic_gen::seeds::{TUNED_CANDIDATES, tune_seed};

/// Which scheme's seeds to derive, from the first argument.
#[derive(Clone, Copy)]
enum Which {
    Fancy,
    Magic32,
    Folded,
}

impl Which {
    fn scheme(self) -> Scheme {
        match self {
            Which::Fancy => Scheme::Fancy,
            Which::Magic32 => Scheme::Magic32,
            Which::Folded => Scheme::Folded,
        }
    }

    /// (file name, constant name, what the seeds are for).
    fn names(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Which::Fancy => ("tuned.rs", "TUNED_SEEDS", "minimal-bit magic"),
            Which::Magic32 => ("tuned_magic32.rs", "TUNED_SEEDS_MAGIC32", "minimal-bit 32-bit (Osborne) magic pair"),
            Which::Folded => {
                ("tuned_folded.rs", "TUNED_SEEDS_FOLDED", "minimal-bit folded magic (shift in its top six bits)")
            }
        }
    }
}

fn derive(which: Which, occ: &Occupancies) -> u64 {
    let seed = tune_seed(occ, which.scheme(), occ.mask_bits(), TUNED_CANDIDATES, 0, u64::MAX)
        .expect("a working seed exists long before the u64 range ends");
    eprintln!("{} {}: seed {seed}", occ.slider, occ.square);
    seed
}

fn main() {
    let which = match std::env::args().nth(1).as_deref() {
        None | Some("fancy") => Which::Fancy,
        Some("magic32") => Which::Magic32,
        Some("folded") => Which::Folded,
        Some(other) => {
            eprintln!("error: unknown scheme `{other}`: expected fancy, magic32 or folded");
            std::process::exit(2);
        }
    };
    let references = ReferenceSet::new();
    let pairs: Vec<&Occupancies> = references.iter().collect();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut seeds = vec![0u64; pairs.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(occ) = pairs.get(i) else { break done };
                        done.push((i, derive(which, occ)));
                    }
                })
            })
            .collect();
        for worker in workers {
            for (i, seed) in worker.join().expect("a tuning thread panicked") {
                seeds[i] = seed;
            }
        }
    });

    let (file, _, _) = which.names();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/seeds").join(file);
    let text = render(which, &seeds);
    // All or nothing: a partly written file would break the build of this very example.
    let written = magic_gen::atomic_write::write_file(&path, text.as_bytes());
    if let Err(error) = written {
        eprintln!("error: cannot write {}: {error}", path.display());
        std::process::exit(1);
    }
    eprintln!("wrote {}", path.display());
}

/// The seed file's text.
fn render(which: Which, seeds: &[u64]) -> String {
    let mut out = String::new();
    let mut rows = [String::new(), String::new()];
    for (i, seed) in seeds.iter().enumerate() {
        let row = &mut rows[i / 64];
        row.push_str(if i % 8 == 0 { "\n        " } else { " " });
        write!(row, "{seed},").unwrap();
    }
    let (file, name, what) = which.names();
    let argument = if file == "tuned.rs" { String::new() } else { format!(" -- {}", &file[6..file.len() - 3]) };
    writeln!(
        out,
        "//! Tuned seeds: regenerate with `cargo run --release -p magic-gen --example tune-seeds{argument}`.\n\
         //! Each is the smallest seed whose search finds its square's {what}\n\
         //! within `TUNED_CANDIDATES` candidates (see `magic_gen::seeds::tune_seed`).\n"
    )
    .unwrap();
    if file == "tuned.rs" {
        writeln!(
            out,
            "/// Candidates a tuned seed's search may draw.\n\
             pub const TUNED_CANDIDATES: u64 = {TUNED_CANDIDATES};\n"
        )
        .unwrap();
    }
    writeln!(
        out,
        "/// `{name}[slider][square]`, rook first, each a1 … h8 (eight squares, one rank, a line).\n\
         #[rustfmt::skip]\n\
         pub const {name}: [[u64; 64]; 2] = [\n    [{}\n    ],\n    [{}\n    ],\n];",
        rows[0], rows[1]
    )
    .unwrap();
    out
}
