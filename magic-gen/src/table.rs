//! The fancy table layout: one flat attack array holding a slice of `2^bits` entries per
//! (slider, square), and per square the entry a lookup needs (mask, magic, shift, offset).
//!
//! Slices are laid out in stream order, rook a1 … rook h8 then bishop a1 … bishop h8, each
//! starting where the previous one ends, so the rook slices take the first 102,400 entries
//! and the bishop slices the last 5,248 when every square uses its minimal (mask-sized) index.

use crate::reference::ReferenceSet;
use crate::search::FoundMagic;
use magic_tables_core::{Slider, Square};

use magic_tables_core::layouts::fancy::Magic;

/// A complete fancy table set: 128 entries and the flat attack array they index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSet {
    /// `entries[slider.ordinal()][square.index()]`.
    pub entries: [[Magic; 64]; 2],
    /// All attack sets of all squares, slices in stream order.
    pub attacks: Vec<u64>,
}

impl TableSet {
    /// Lays out the table of the 128 magics `found` (in stream order: rook a1 … bishop h8)
    /// and fills every slot an occupancy maps to. Slots no occupancy maps to stay 0.
    ///
    /// This does not check that the magics are magic: a destructive collision leaves the
    /// last writer in its slot, which [`crate::verify()`] then reports.
    pub fn build_fancy(references: &ReferenceSet, found: &[FoundMagic; 128]) -> Self {
        let empty = Magic { mask: 0, magic: 0, shift: 0, offset: 0 };
        let mut entries = [[empty; 64]; 2];
        let mut attacks = Vec::new();
        for (occ, magic) in references.iter().zip(found) {
            let entry = Magic {
                mask: occ.mask,
                magic: magic.magic,
                shift: 64 - magic.bits,
                offset: u32::try_from(attacks.len()).expect("attack array fits in u32 offsets"),
            };
            attacks.resize(attacks.len() + (1 << magic.bits), 0);
            for (&blockers, &set) in occ.blockers.iter().zip(&occ.attacks) {
                attacks[entry.slot(blockers)] = set;
            }
            entries[occ.slider.ordinal()][occ.square.index() as usize] = entry;
        }
        TableSet { entries, attacks }
    }

    /// The entry of (slider, square).
    pub fn entry(&self, slider: Slider, square: Square) -> &Magic {
        &self.entries[slider.ordinal()][square.index() as usize]
    }

    /// The attacks stored for `occupied`, or `None` if the entry points outside the array.
    pub fn lookup(&self, slider: Slider, square: Square, occupied: u64) -> Option<u64> {
        self.attacks.get(self.entry(slider, square).slot(occupied)).copied()
    }
}
