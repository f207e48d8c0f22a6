//! The exhaustive check every table set passes before it is written anywhere.

use crate::geometry::relevant_mask;
use crate::reference::ReferenceSet;
use crate::table::TableSet;
use crate::{Slider, Square};

/// The first way in which a table set disagrees with the slow reference.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The entry's mask is not the relevant-occupancy mask of its square.
    #[error("{slider} {square}: mask {found:#018x} is not the relevant-occupancy mask {expected:#018x}")]
    WrongMask {
        /// Slider of the entry.
        slider: Slider,
        /// Square of the entry.
        square: Square,
        /// The relevant mask.
        expected: u64,
        /// The entry's mask.
        found: u64,
    },
    /// The index of an occupancy falls outside the attack array.
    #[error(
        "{slider} {square} (magic {magic:#018x}): occupancy {occupancy:#018x} maps to slot {slot}, outside the attack array of {len} entries"
    )]
    OutOfRange {
        /// Slider of the entry.
        slider: Slider,
        /// Square of the entry.
        square: Square,
        /// Its magic.
        magic: u64,
        /// The offending occupancy.
        occupancy: u64,
        /// The slot it maps to.
        slot: usize,
        /// Length of the attack array.
        len: usize,
    },
    /// A lookup returns other attacks than the slow reference.
    #[error(
        "{slider} {square} (magic {magic:#018x}): occupancy {occupancy:#018x} looks up {found:#018x}, expected {expected:#018x}"
    )]
    Mismatch {
        /// Slider of the entry.
        slider: Slider,
        /// Square of the entry.
        square: Square,
        /// Its magic.
        magic: u64,
        /// The occupancy whose lookup is wrong.
        occupancy: u64,
        /// The slow reference attacks.
        expected: u64,
        /// What the table holds.
        found: u64,
    },
}

/// What a successful verification covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// Occupancies looked up and compared (107,648 for full masks).
    pub occupancies_checked: usize,
    /// Slots of the attack array.
    pub entries: usize,
}

/// Checks every subset of every mask of `tables` against the slow reference attacks in
/// `references`, in stream order, and stops at the first disagreement.
///
/// Occupancy bits outside a mask need no separate pass: the lookup ANDs them away before
/// anything else, so the subsets of the mask are every input the table can see, provided
/// the mask is the relevant one, which is checked first.
pub fn verify(tables: &TableSet, references: &ReferenceSet) -> Result<VerifyReport, VerifyError> {
    let mut checked = 0;
    for occ in references.iter() {
        let (slider, square) = (occ.slider, occ.square);
        let entry = tables.entry(slider, square);
        let expected_mask = relevant_mask(slider, square);
        if entry.mask != expected_mask {
            return Err(VerifyError::WrongMask { slider, square, expected: expected_mask, found: entry.mask });
        }
        for (&occupancy, &expected) in occ.blockers.iter().zip(&occ.attacks) {
            let slot = entry.slot(occupancy);
            let found = *tables.attacks.get(slot).ok_or(VerifyError::OutOfRange {
                slider,
                square,
                magic: entry.magic,
                occupancy,
                slot,
                len: tables.attacks.len(),
            })?;
            if found != expected {
                return Err(VerifyError::Mismatch { slider, square, magic: entry.magic, occupancy, expected, found });
            }
        }
        checked += occ.blockers.len();
    }
    Ok(VerifyReport { occupancies_checked: checked, entries: tables.attacks.len() })
}
