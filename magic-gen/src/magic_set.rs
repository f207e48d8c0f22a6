//! Checking a set of magics in any of the common layouts: fancy (one slice per square, laid
//! out here), or with given offsets into one shared array where squares' ranges may overlap
//! ("white" fixed-shift magics and black magics).
//!
//! Unlike [`crate::verify()`], which checks a built table, this builds the table from the magics
//! and the slow reference and reports whether it can exist: no destructive collision inside a
//! square, and no slot that two squares need to hold different attack sets.

use core::fmt;

use crate::reference::ReferenceSet;
use magic_tables_core::{Slider, Square};

/// How an occupancy becomes an index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Indexing {
    /// `((occupied & mask) * magic) >> shift`: the usual ("white") magics.
    White,
    /// `((occupied | !mask) * magic) >> shift`: black magics, which OR the mask's complement in.
    Black,
}

impl Indexing {
    /// The key multiplied for `occupied`: ANDed with `mask` (white) or ORed with its complement
    /// (black), so bits outside the mask never matter.
    #[inline]
    pub fn key(self, occupied: u64, mask: u64) -> u64 {
        match self {
            Indexing::White => occupied & mask,
            Indexing::Black => occupied | !mask,
        }
    }

    /// The index of `occupied` (already restricted to `mask` or not: bits outside are ignored).
    pub fn index(self, occupied: u64, mask: u64, magic: u64, shift: u32) -> u64 {
        self.key(occupied, mask).wrapping_mul(magic) >> shift
    }
}

/// One square's magic in a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetEntry {
    /// Slider.
    pub slider: Slider,
    /// Square.
    pub square: Square,
    /// Magic multiplier.
    pub magic: u64,
    /// Right shift (64 minus the index bits).
    pub shift: u32,
    /// Start of the square's range in the shared array; `None` for a fancy set laid out here.
    pub offset: Option<u32>,
    /// The line (1-based) of the file the entry was read from, for messages
    /// ([`SetError::in_file`]); 0 when it was not read from a file or the format has no row
    /// lines.
    pub line: u64,
}

/// A set of magics as read from a file or found by a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicSet {
    /// How indices are formed.
    pub indexing: Indexing,
    /// The entries, in any order.
    pub entries: Vec<SetEntry>,
}

/// Why a magic set is not a valid table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// A (slider, square) appears twice.
    Duplicate {
        /// Slider.
        slider: Slider,
        /// Square.
        square: Square,
    },
    /// A layout with offsets lacks a square.
    Missing {
        /// Slider.
        slider: Slider,
        /// Square.
        square: Square,
    },
    /// Some entries have offsets and some do not.
    MixedOffsets {
        /// Slider.
        slider: Slider,
        /// Square.
        square: Square,
    },
    /// The shift leaves no index bits or more than [`MAX_INDEX_BITS`].
    BadShift {
        /// Slider.
        slider: Slider,
        /// Square.
        square: Square,
        /// The shift.
        shift: u32,
    },
    /// An offset beyond any table worth building.
    OffsetTooLarge {
        /// Slider.
        slider: Slider,
        /// Square.
        square: Square,
        /// The offset.
        offset: u32,
    },
    /// Two occupancies of one square with different attacks share an index: not a magic.
    NotMagic {
        /// Slider.
        slider: Slider,
        /// Square.
        square: Square,
        /// Its magic.
        magic: u64,
        /// The first occupancy that failed.
        occupancy: u64,
        /// The earlier occupancy it collided with.
        other: u64,
        /// The shared index (relative to the square's offset).
        index: u64,
    },
    /// Two squares' ranges overlap on a slot where they need different attack sets.
    Incompatible {
        /// Slider of the square that failed.
        slider: Slider,
        /// The square that failed.
        square: Square,
        /// Its occupancy that needs the slot.
        occupancy: u64,
        /// Slider of the square already holding the slot.
        other_slider: Slider,
        /// The square already holding the slot.
        other_square: Square,
        /// The slot.
        slot: usize,
    },
}

impl SetError {
    /// The error as a reader of `file` (which `set` was read from) needs it: `file:line: …` with
    /// the line of the failing square's row, or `file: …` when the set has no line for it (a
    /// square the file lacks, a format without row lines). The one mapping from a layout check's
    /// failure to a place in a file: the build script, `emit`, `verify` and `pack --resume` all
    /// report through it.
    ///
    /// An error about two rows names both: two squares that collide, the other square's
    /// `file:line` too (the changed row may be either); a square listed twice, the line of its
    /// first row (the prefix is the second's).
    pub fn in_file(&self, file: &str, set: &MagicSet) -> String {
        let (slider, square) = self.square();
        match *self {
            SetError::Incompatible { other_slider, other_square, .. } => {
                let other = set.place(file, other_slider, other_square);
                format!("{}: {}", set.place(file, slider, square), self.describe(Some(&other)))
            }
            SetError::Duplicate { .. } => {
                let lines: Vec<u64> = set.rows_of(slider, square).map(|e| e.line).filter(|&l| l > 0).collect();
                match lines[..] {
                    [first, second, ..] => format!("{file}:{second}: {self} (first on line {first})"),
                    _ => format!("{}: {self}", set.place(file, slider, square)),
                }
            }
            _ => format!("{}: {self}", set.place(file, slider, square)),
        }
    }

    /// The square the error is about (the one that failed, for two squares that collide).
    pub fn square(&self) -> (Slider, Square) {
        match *self {
            SetError::Duplicate { slider, square }
            | SetError::Missing { slider, square }
            | SetError::MixedOffsets { slider, square }
            | SetError::BadShift { slider, square, .. }
            | SetError::OffsetTooLarge { slider, square, .. }
            | SetError::NotMagic { slider, square, .. }
            | SetError::Incompatible { slider, square, .. } => (slider, square),
        }
    }
}

impl SetError {
    /// The message, with the other square of two that collide placed at `other` (its
    /// `file:line`) if given.
    fn describe(&self, other: Option<&str>) -> String {
        match self {
            SetError::Incompatible { slider, square, occupancy, other_slider, other_square, slot } => {
                let at = other.map_or(String::new(), |place| format!(" ({place})"));
                format!(
                    "{slider} {square} and {other_slider} {other_square}{at} are incompatible: both need slot {slot} (occupancy {occupancy:#018x} of {slider} {square}) for different attack sets"
                )
            }
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Duplicate { slider, square } => write!(f, "{slider} {square} appears twice"),
            SetError::Missing { slider, square } => {
                write!(f, "{slider} {square} is missing: a table with offsets needs all 128 squares")
            }
            SetError::MixedOffsets { slider, square } => {
                write!(f, "{slider} {square} has no offset while other squares have one")
            }
            SetError::BadShift { slider, square, shift } => write!(
                f,
                "{slider} {square}: shift {shift} is out of range ({}..=63: 1 to {MAX_INDEX_BITS} index bits)",
                64 - MAX_INDEX_BITS
            ),
            SetError::OffsetTooLarge { slider, square, offset } => {
                write!(f, "{slider} {square}: offset {offset} is beyond the largest table checked ({MAX_SLOTS} slots)")
            }
            SetError::NotMagic { slider, square, magic, occupancy, other, index } => write!(
                f,
                "{slider} {square} (magic {magic:#018x}) is not magic: occupancies {occupancy:#018x} and {other:#018x} have different attacks but both map to index {index}"
            ),
            SetError::Incompatible { .. } => f.write_str(&self.describe(None)),
        }
    }
}

impl std::error::Error for SetError {}

/// What a valid set amounts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetReport {
    /// Squares listed in the set.
    pub squares: usize,
    /// Relevant occupancies checked against the reference.
    pub occupancies_checked: usize,
    /// Size of the table the listed squares need: highest slot + 1.
    pub entries: usize,
    /// Slots that some occupancy maps to.
    pub used: usize,
    /// Squares whose slot range (lowest to highest slot used) intersects another square's:
    /// the interleaving that overlapped layouts (fixed-shift, black magics) rely on.
    pub overlapping_squares: usize,
    /// Slots used by more than one square, which then need the same attack set there (they do,
    /// since the set is valid).
    pub shared_slots: usize,
    /// For a fancy set that lists only some squares: entries of the whole table when every
    /// unlisted square gets a minimal (mask-sized) slice, as in published "best magics" sizes.
    pub entries_with_unlisted_minimal: usize,
    /// The square that uses the table's last slot (so sets its size), if any slot is used.
    pub last_square: Option<(Slider, Square)>,
}

impl SetReport {
    /// `None` if the table is the size a file states (`stated`: table entries and used slots);
    /// else the error, naming `file` and, when the entries differ, the line of the square that
    /// uses the last slot (a damaged offset usually moves it).
    pub fn stated_size_error(&self, file: &str, set: &MagicSet, (entries, used): (usize, usize)) -> Option<String> {
        if (entries, used) == (self.entries, self.used) {
            return None;
        }
        let last = self.last_square.filter(|_| entries != self.entries);
        let (place, whose) =
            match last.and_then(|(slider, square)| set.line_of(slider, square).map(|l| (l, slider, square))) {
                Some((line, slider, square)) => {
                    (format!("{file}:{line}"), format!(" (the last slot is {slider} {square}'s)"))
                }
                None => (file.to_owned(), String::new()),
            };
        Some(format!(
            "{place}: the file states {entries} table entries and {used} used slots, but its rows make {} and {}{whose}",
            self.entries, self.used
        ))
    }
}

impl MagicSet {
    /// The entry of (`slider`, `square`), if the set lists it.
    pub fn entry(&self, slider: Slider, square: Square) -> Option<&SetEntry> {
        self.rows_of(slider, square).next()
    }

    /// Every entry of (`slider`, `square`), in file order (more than one only in a set that
    /// [`check_structure`] refuses).
    pub fn rows_of(&self, slider: Slider, square: Square) -> impl Iterator<Item = &SetEntry> {
        self.entries.iter().filter(move |e| (e.slider, e.square) == (slider, square))
    }

    /// The line of the file the entry of (`slider`, `square`) was read from, if known.
    pub fn line_of(&self, slider: Slider, square: Square) -> Option<u64> {
        self.entry(slider, square).map(|e| e.line).filter(|&line| line > 0)
    }

    /// Where (`slider`, `square`) stands in `file`, the set's source: `file:line`, or `file` when
    /// its line is not known.
    pub fn place(&self, file: &str, slider: Slider, square: Square) -> String {
        match self.line_of(slider, square) {
            Some(line) => format!("{file}:{line}"),
            None => file.to_owned(),
        }
    }
}

/// Most index bits a set may use per square: the plain layout's 12 for rooks, with room to spare.
pub const MAX_INDEX_BITS: u32 = 16;

/// Largest offset accepted: 16 Mi slots, far beyond every published layout (the plain one has
/// 294,912), so that a corrupt file cannot make the check allocate gigabytes.
pub const MAX_SLOTS: u32 = 1 << 24;

/// Checks what a set must satisfy before any table can be built from it: no (slider, square)
/// twice, shifts that leave 1 to [`MAX_INDEX_BITS`] index bits (any per square: the layouts with
/// one shift per slider check theirs), offsets up to [`MAX_SLOTS`], and either offsets for every
/// square (then all 128 must be there) or for none.
pub fn check_structure(set: &MagicSet) -> Result<(), SetError> {
    let mut seen = [[false; 64]; 2];
    for entry in &set.entries {
        let (slider, square) = (entry.slider, entry.square);
        let place = &mut seen[slider.ordinal()][square.index() as usize];
        if *place {
            return Err(SetError::Duplicate { slider, square });
        }
        *place = true;
        if !(64 - MAX_INDEX_BITS..=63).contains(&entry.shift) {
            return Err(SetError::BadShift { slider, square, shift: entry.shift });
        }
        if let Some(offset) = entry.offset.filter(|&o| o > MAX_SLOTS) {
            return Err(SetError::OffsetTooLarge { slider, square, offset });
        }
    }
    if set.entries.iter().any(|e| e.offset.is_some()) {
        if let Some(entry) = set.entries.iter().find(|e| e.offset.is_none()) {
            return Err(SetError::MixedOffsets { slider: entry.slider, square: entry.square });
        }
        for slider in Slider::ALL {
            for square in Square::ALL {
                if !seen[slider.ordinal()][square.index() as usize] {
                    return Err(SetError::Missing { slider, square });
                }
            }
        }
    }
    Ok(())
}

/// Builds the table `set` describes from the slow reference and checks it. A fancy set (no
/// offsets) is laid out in stream order (rook a1 … h8, bishop a1 … h8), its listed squares only.
pub fn check_set(set: &MagicSet, references: &ReferenceSet) -> Result<SetReport, SetError> {
    build_set(set, references).map(|(report, _)| report)
}

/// [`check_set`], also returning the table it built: the attack set of every slot, 0 where no
/// occupancy maps.
pub fn build_set(set: &MagicSet, references: &ReferenceSet) -> Result<(SetReport, Vec<u64>), SetError> {
    check_structure(set)?;
    let mut by_pair: [[Option<&SetEntry>; 64]; 2] = [[None; 64]; 2];
    for entry in &set.entries {
        by_pair[entry.slider.ordinal()][entry.square.index() as usize] = Some(entry);
    }
    // The owner of each slot as (pair number, attack set), pair number = stream order.
    let mut slots: Vec<Option<(usize, u64)>> = Vec::new();
    let mut next_offset = 0usize;
    let mut checked = 0;
    let mut unlisted_minimal = 0usize;
    let mut shared = Vec::new();
    let mut ranges = Vec::new();
    for (pair, occ) in references.iter().enumerate() {
        let (slider, square) = (occ.slider, occ.square);
        let Some(entry) = by_pair[slider.ordinal()][square.index() as usize] else {
            // Only a fancy set can leave squares out (check_structure): count them at minimal size.
            unlisted_minimal += 1 << occ.mask_bits();
            continue;
        };
        let offset = match entry.offset {
            Some(offset) => offset as usize,
            None => {
                let offset = next_offset;
                next_offset += 1 << (64 - entry.shift);
                offset
            }
        };
        let index_of = |occupancy| set.indexing.index(occupancy, occ.mask, entry.magic, entry.shift);
        let (mut low, mut high) = (usize::MAX, 0);
        for (&occupancy, &attacks) in occ.blockers.iter().zip(&occ.attacks) {
            let index = index_of(occupancy);
            let slot = offset + index as usize;
            (low, high) = (low.min(slot), high.max(slot));
            if slot >= slots.len() {
                slots.resize(slot + 1, None);
            }
            match slots[slot] {
                None => slots[slot] = Some((pair, attacks)),
                Some((owner, held)) if held == attacks => {
                    if owner != pair {
                        if slot >= shared.len() {
                            shared.resize(slot + 1, false);
                        }
                        shared[slot] = true;
                    }
                }
                Some((owner, _)) if owner == pair => {
                    // The first occupancy of this square with the same index is the one that
                    // filled the slot.
                    let other = occ.blockers.iter().copied().find(|&b| index_of(b) == index).unwrap_or(0);
                    return Err(SetError::NotMagic { slider, square, magic: entry.magic, occupancy, other, index });
                }
                Some((owner, _)) => {
                    let other = &references.iter().nth(owner).expect("owner is a pair number");
                    return Err(SetError::Incompatible {
                        slider,
                        square,
                        occupancy,
                        other_slider: other.slider,
                        other_square: other.square,
                        slot,
                    });
                }
            }
        }
        checked += occ.blockers.len();
        ranges.push((low, high));
    }
    let entries = slots.len();
    let last_square = slots
        .last()
        .copied()
        .flatten()
        .and_then(|(pair, _)| references.iter().nth(pair))
        .map(|occ| (occ.slider, occ.square));
    let report = SetReport {
        last_square,
        squares: set.entries.len(),
        occupancies_checked: checked,
        entries,
        used: slots.iter().filter(|s| s.is_some()).count(),
        overlapping_squares: count_overlapping(&mut ranges),
        shared_slots: shared.iter().filter(|&&s| s).count(),
        entries_with_unlisted_minimal: entries + unlisted_minimal,
    };
    Ok((report, slots.into_iter().map(|slot| slot.map_or(0, |(_, attacks)| attacks)).collect()))
}

/// How many of the inclusive `ranges` intersect at least one other.
fn count_overlapping(ranges: &mut [(usize, usize)]) -> usize {
    ranges.sort_unstable();
    let mut overlapping = vec![false; ranges.len()];
    // Sweep by start: a range overlaps the one with the furthest end seen so far, if any does.
    let mut furthest: Option<(usize, usize)> = None; // (end, index)
    for (i, &(start, end)) in ranges.iter().enumerate() {
        match furthest {
            Some((furthest_end, j)) if start <= furthest_end => {
                overlapping[i] = true;
                overlapping[j] = true;
            }
            _ => {}
        }
        if furthest.is_none_or(|(furthest_end, _)| end > furthest_end) {
            furthest = Some((end, i));
        }
    }
    overlapping.iter().filter(|&&o| o).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generate_fancy;
    use crate::seeds::SeedPlan;

    fn tuned_set(references: &ReferenceSet) -> MagicSet {
        let generated = generate_fancy(references, SeedPlan::Tuned, 0).unwrap();
        let entries = references
            .iter()
            .map(|occ| {
                let e = generated.tables.entry(occ.slider, occ.square);
                SetEntry {
                    slider: occ.slider,
                    square: occ.square,
                    magic: e.magic,
                    shift: e.shift,
                    offset: None,
                    line: 0,
                }
            })
            .collect();
        MagicSet { indexing: Indexing::White, entries }
    }

    #[test]
    fn tuned_fancy_set_is_valid_and_minimal() {
        let references = ReferenceSet::new();
        let report = check_set(&tuned_set(&references), &references).unwrap();
        assert_eq!((report.squares, report.entries, report.occupancies_checked), (128, 107_648, 107_648));
        assert_eq!((report.overlapping_squares, report.shared_slots), (0, 0));
        assert!(report.used <= report.entries);
    }

    #[test]
    fn errors_name_the_square() {
        let references = ReferenceSet::new();
        let mut set = tuned_set(&references);
        set.entries[28].magic = 1;
        let err = check_set(&set, &references).unwrap_err();
        assert!(matches!(err, SetError::NotMagic { slider: Slider::Rook, .. }), "{err}");
        assert!(err.to_string().contains("rook e4"));

        let mut set = tuned_set(&references);
        set.entries.push(set.entries[3]);
        assert!(matches!(check_set(&set, &references), Err(SetError::Duplicate { .. })));

        // Everything at offset 0: the first two squares overlap and disagree.
        let mut set = tuned_set(&references);
        set.entries.iter_mut().for_each(|e| e.offset = Some(0));
        let err = check_set(&set, &references).unwrap_err();
        assert!(matches!(err, SetError::Incompatible { other_square, .. } if other_square.index() == 0), "{err}");

        let mut set = tuned_set(&references);
        set.entries[0].offset = Some(0);
        assert!(matches!(check_set(&set, &references), Err(SetError::MixedOffsets { .. })));

        let mut set = tuned_set(&references);
        set.entries[5].shift = 64;
        assert!(matches!(check_set(&set, &references), Err(SetError::BadShift { shift: 64, .. })));
        set.entries[5].shift = 32;
        assert!(matches!(check_set(&set, &references), Err(SetError::BadShift { shift: 32, .. })));

        let mut set = tuned_set(&references);
        set.entries.iter_mut().for_each(|e| e.offset = Some(u32::MAX));
        assert!(matches!(check_set(&set, &references), Err(SetError::OffsetTooLarge { .. })));
    }

    #[test]
    fn overlap_counting() {
        assert_eq!(count_overlapping(&mut [(0, 9), (10, 19), (20, 29)]), 0);
        assert_eq!(count_overlapping(&mut [(0, 9), (5, 6), (20, 29)]), 2);
        assert_eq!(count_overlapping(&mut [(0, 100), (5, 6), (50, 60), (200, 300)]), 3);
    }

    #[test]
    fn partial_fancy_sets_count_unlisted_squares_at_minimal_size() {
        let references = ReferenceSet::new();
        let mut set = tuned_set(&references);
        set.entries.retain(|e| e.slider == Slider::Bishop);
        let report = check_set(&set, &references).unwrap();
        assert_eq!((report.squares, report.entries, report.entries_with_unlisted_minimal), (64, 5248, 107_648));
    }
}
