//! A verified table set as source code, through the `build-support` renderers.

use build_support::{Entry, FancyTables, Provenance, Segment};

use crate::generate::Generated;
use crate::seeds::SeedPlan;
use crate::table::MagicEntry;
use crate::{Slider, Square};

/// How to regenerate a file made from `plan`, one line each.
fn reproduce_lines(plan: SeedPlan) -> Vec<String> {
    let seed_arg = match plan {
        SeedPlan::Tuned => "tuned".to_owned(),
        SeedPlan::Master(seed) => seed.to_string(),
    };
    let mut lines = Vec::new();
    if plan == SeedPlan::Tuned {
        lines.push("`cargo build -p magic-tables` writes this file to its OUT_DIR, or".to_owned());
    }
    lines.push(format!("`cargo run --release -p magic-gen -- emit --seed {seed_arg} --format rust` prints it."));
    lines
}

fn entry(e: &MagicEntry) -> Entry {
    Entry { mask: e.mask, magic: e.magic, shift: e.shift, offset: e.offset }
}

/// The renderer's view of `generated`: entries, attack array, one labelled segment per
/// (slider, square) slice, and the provenance for the header.
pub fn fancy_tables(generated: &Generated) -> FancyTables<'_> {
    let tables = &generated.tables;
    let mut segments = Vec::with_capacity(128);
    for slider in Slider::ALL {
        for square in Square::ALL {
            let e = tables.entry(slider, square);
            let start = e.offset as usize;
            segments.push(Segment {
                label: format!("{slider} {square}: offset {start}, {} index bits", e.bits()),
                values: &tables.attacks[start..start + (1usize << e.bits())],
            });
        }
    }
    FancyTables {
        provenance: Provenance {
            generator: format!("magic-gen {}", crate::VERSION),
            seed: generated.plan.to_string(),
            candidates: Some(generated.total_candidates()),
            verified_occupancies: generated.report.occupancies_checked,
            reproduce: reproduce_lines(generated.plan),
        },
        rook: tables.entries[0].map(|e| entry(&e)),
        bishop: tables.entries[1].map(|e| entry(&e)),
        attacks: &tables.attacks,
        segments,
    }
}

/// `generated` as the Rust source file `magic-tables` includes.
pub fn rust_source(generated: &Generated) -> String {
    build_support::render_fancy(&fancy_tables(generated))
}

/// `generated` as a self-contained C header with inline lookups.
pub fn c_header(generated: &Generated) -> String {
    build_support::c_header::render_fancy_c(&fancy_tables(generated))
}
