//! The one exhaustive check every table passes before it is rendered: each layout's lookup,
//! through the formula of `magic_tables_core::layouts` that the runtime evaluates, compared with
//! the slow reference for every relevant occupancy of every square, and again with bits outside
//! the mask set.

use crate::error::BuildError;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::table::TableSet;
use magic_tables_core::{Slider, Square};

/// What a successful verification of a fancy table set covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// Relevant occupancies looked up and compared (107,648 for full masks), each also with
    /// bits outside its mask set.
    pub occupancies_checked: usize,
    /// Slots of the attack array.
    pub entries: usize,
}

/// Checks `lookup(slider, square, occupied)` against the slow reference for every relevant
/// occupancy of every (slider, square), and for each also with a pseudo-random pattern of
/// bits outside the mask set. `None` means the formula's slot lies outside the array. Returns
/// the number of relevant occupancies checked.
pub fn check_lookup(
    layout: Layout,
    references: &ReferenceSet,
    lookup: impl Fn(Slider, Square, u64) -> Option<u64>,
) -> Result<usize, BuildError> {
    let mut checked = 0;
    for occ in references.iter() {
        let outside = !occ.mask;
        for (&blockers, &expected) in occ.blockers.iter().zip(&occ.attacks) {
            // A cheap, fixed scramble of the occupancy picks the outside bits, so that every
            // square's check sees many different patterns.
            let noise = blockers.wrapping_add(checked as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
            for occupancy in [blockers, blockers | (outside & noise)] {
                let found = lookup(occ.slider, occ.square, occupancy);
                if found != Some(expected) {
                    let (slider, square) = (occ.slider, occ.square);
                    return Err(BuildError::Mismatch {
                        layout: layout.name(),
                        slider,
                        square,
                        occupancy,
                        expected,
                        found,
                    });
                }
            }
            checked += 1;
        }
    }
    Ok(checked)
}

/// Checks a fancy table set: every entry's mask is its square's relevant mask, and
/// [`check_lookup`] passes through the entries' own formula (`Magic::slot`).
pub fn verify(tables: &TableSet, references: &ReferenceSet) -> Result<VerifyReport, BuildError> {
    verify_fancy(Layout::Fancy, tables, references)
}

/// [`verify`] of a fancy table set built for `layout` (`fancy` or `fancy-dense`), whose name the
/// errors carry.
pub(crate) fn verify_fancy(
    layout: Layout,
    tables: &TableSet,
    references: &ReferenceSet,
) -> Result<VerifyReport, BuildError> {
    for occ in references.iter() {
        let found = tables.entry(occ.slider, occ.square).mask;
        if found != occ.mask {
            let message = format!(
                "{} {}: mask {found:#018x} is not the relevant-occupancy mask {:#018x}",
                occ.slider, occ.square, occ.mask
            );
            return Err(BuildError::Data { layout: layout.name(), message });
        }
    }
    let checked = check_lookup(layout, references, |slider, square, occupied| tables.lookup(slider, square, occupied))?;
    Ok(VerifyReport { occupancies_checked: checked, entries: tables.attacks.len() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_lookup_reports_the_first_wrong_square() {
        let references = ReferenceSet::new();
        let err = check_lookup(Layout::Plain, &references, |slider, square, occupied| {
            let attacks = crate::geometry::slow_attacks(slider, square, occupied);
            Some(if square == Square::ALL[9] { attacks ^ 1 } else { attacks })
        })
        .unwrap_err();
        assert!(matches!(err, BuildError::Mismatch { slider: Slider::Rook, .. }));
        assert!(err.to_string().starts_with("plain: rook b2: occupancy"), "{err}");
        let err = check_lookup(Layout::Plain, &references, |_, _, _| None).unwrap_err();
        assert!(err.to_string().contains("a slot outside the array"));
    }
}
