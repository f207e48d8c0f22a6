//! `fancy` (Pradu Kannan's layout): per square a mask, a magic, a shift and an offset into one
//! flat array, each square's slice `2^bits` long, in stream order. The search's own layout: the
//! magics are the seeded search's ([`crate::generate::generate_fancy`]), which checked the table
//! ([`crate::verify()`]) before it returned it.

use build_support_model::LayoutFile;

use super::{entry_tables, sliced_array};
use crate::generate::Generated;
use crate::layout::Layout;
use crate::seeds::SeedPlan;
use crate::table::TableSet;
use magic_tables_core::layouts::fancy::Magic;

/// The `fancy` layout file of a generated, verified table set.
pub fn file(generated: &Generated) -> LayoutFile {
    let plan = generated.plan;
    let seed = plan.argument();
    let mut reproduce = Vec::new();
    if plan == SeedPlan::Tuned {
        reproduce.push("`cargo build -p magic-tables --features fancy` writes this file to its OUT_DIR, or".to_owned());
    }
    reproduce.push(format!("`cargo run --release -p magic-gen -- emit --seed {seed} --format rust` prints it."));
    let provenance = build_support_model::Provenance {
        generator: format!("magic-gen {}", crate::VERSION),
        seed: plan.to_string(),
        candidates: Some(generated.total_candidates()),
        verified_occupancies: generated.report.occupancies_checked,
        reproduce,
        scope: None,
    };
    let description = vec![
        "fancy: per-square mask, magic, shift and offset into one flat attack array;".into(),
        "slices in order rook a1..h8 then bishop a1..h8, 2^(64 - shift) entries each.".into(),
        "Lookup: ATTACKS[offset + (((occupied & mask) * magic) >> shift)]".into(),
    ];
    tables_file(Layout::Fancy, &generated.tables, description, provenance)
}

/// A layout file of a fancy table set (`fancy` and `fancy-dense`): the entries as `Magic`
/// rows and the attack array cut into one run per square's slice.
pub(crate) fn tables_file(
    layout: Layout,
    tables: &TableSet,
    description: Vec<String>,
    provenance: build_support_model::Provenance,
) -> LayoutFile {
    let entries: Vec<Magic> = tables.entries.iter().flatten().copied().collect();
    let slices: Vec<(usize, usize)> =
        tables.entries.iter().flatten().map(|e| (e.offset as usize, 1usize << e.bits())).collect();
    LayoutFile {
        layout: layout.name().into(),
        description,
        provenance,
        entry_tables: entry_tables("mask, magic, shift and offset", &entries),
        arrays: vec![sliced_array("ATTACKS", "Attack sets of every square's slice.", tables.attacks.clone(), &slices)],
        table_entries: tables.attacks.len(),
    }
}
