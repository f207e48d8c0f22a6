//! `tableless`: no attack table at all. Each attack set is computed from the square and the
//! occupancy by the obstruction difference along the slider's two lines
//! (`magic_tables_core::layouts::tableless`), a few dozen integer operations and no memory
//! read: for wasm and embedded users, for whom a 700 KB table is most of the binary.
//!
//! The file it generates holds no data, only its sizes (0) and the header that says the
//! formula was checked against the slow reference on every occupancy before it was written.

use build_support_model::LayoutFile;

use super::provenance;
use crate::error::BuildError;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::verify::check_lookup;
use magic_tables_core::Slider;
use magic_tables_core::layouts::tableless;

/// The tableless layout: checked, and with nothing to store.
pub fn build(references: &ReferenceSet) -> Result<LayoutFile, BuildError> {
    let layout = Layout::Tableless;
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        Some(match slider {
            Slider::Rook => tableless::rook_attacks(square, occupied),
            Slider::Bishop => tableless::bishop_attacks(square, occupied),
        })
    })?;
    Ok(LayoutFile {
        layout: layout.name().into(),
        description: vec![
            "tableless: no attack table; each line through the square by the obstruction".into(),
            "difference (the nearest blockers below and above the square, from the lowest and".into(),
            "highest set bits of the line's blockers), `const fn`, no memory read.".into(),
            "Lookup: magic_tables_core::layouts::tableless::{rook,bishop}_attacks(square, occupied)".into(),
        ],
        provenance: provenance(layout, "none needed: the attack sets are computed".into(), None, verified),
        entry_tables: Vec::new(),
        arrays: Vec::new(),
        table_entries: 0,
    })
}
