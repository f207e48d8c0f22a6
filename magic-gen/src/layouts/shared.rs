//! Shared attacks (Lasse Hansen's post-masking): a lookup ANDs the stored set with the square's
//! attacks on an empty board, so squares whose empty-board attacks only meet on squares they
//! always attack can store the union of their attack sets in one shared table.
//!
//! * Rooks pair up diagonally inside each 2 × 2 block (a1 with b2, b1 with a2): the two
//!   squares where their lines cross are neighbours of both, so always attacked by both.
//! * Bishops group by four: two squares of each colour, each pair two files or two ranks apart.
//!   Such a pair meets only on the squares diagonally between them, again neighbours of both,
//!   and squares of different colours never meet. The groups put squares of equal index size
//!   together: c–f of ranks 3 to 6 (so the four 9-bit centre squares take two 512-slot tables,
//!   each shared with two 7-bit squares), a–d and e–h of ranks 1, 2, 7 and 8, and the a/b and
//!   g/h files of ranks 3 and 5, or 4 and 6. That gives 1,792 bishop slots.
//!
//! Each group's table has the size of its largest member's fancy slice and each member indexes
//! it with its own fancy magic, so no new magics are needed.

use build_support_model::LayoutFile;

use super::{entry_tables, provenance, sliced_array};
use crate::error::BuildError;
use crate::generate::Generated;
use crate::geometry::slow_attacks;
use crate::layout::Layout;
use crate::reference::ReferenceSet;
use crate::verify::check_lookup;
use magic_tables_core::layouts::shared::SharedMagic;
use magic_tables_core::pair_index;
use magic_tables_core::{Slider, Square};

/// The group of (slider, square): rook groups 0..32, then bishop groups 32..48.
pub fn group_of(slider: Slider, square: Square) -> usize {
    let (file, rank) = (square.file() as usize, square.rank() as usize);
    match slider {
        Slider::Rook => ((rank / 2) * 4 + file / 2) * 2 + usize::from(file % 2 != rank % 2),
        Slider::Bishop => {
            32 + match (rank, file) {
                (0 | 1, _) => rank * 2 + file / 4,
                (6 | 7, _) => (rank - 4) * 2 + file / 4,
                (_, 2..=5) => 8 + (rank - 2),
                _ => 12 + (rank % 2) * 2 + file / 4,
            }
        }
    }
}

/// Number of groups: 32 rook pairs and 16 bishop quadruples.
pub const GROUPS: usize = 48;

/// The shared layout of `fancy`'s magics.
pub fn build(references: &ReferenceSet, fancy: &Generated) -> Result<LayoutFile, BuildError> {
    let layout = Layout::Shared;
    let tables = &fancy.tables;
    let mut sizes = [0usize; GROUPS];
    for occ in references.iter() {
        let group = group_of(occ.slider, occ.square);
        sizes[group] = sizes[group].max(1 << occ.mask_bits());
    }
    let mut group_offsets = [0usize; GROUPS];
    let mut slices = Vec::with_capacity(GROUPS);
    let mut total = 0;
    for (group, &size) in sizes.iter().enumerate() {
        group_offsets[group] = total;
        slices.push((total, size));
        total += size;
    }
    let mut attacks = vec![0u64; total];
    for occ in references.iter() {
        let entry = tables.entry(occ.slider, occ.square);
        let offset = group_offsets[group_of(occ.slider, occ.square)];
        for (&blockers, &set) in occ.blockers.iter().zip(&occ.attacks) {
            attacks[offset + (blockers.wrapping_mul(entry.magic) >> entry.shift) as usize] |= set;
        }
    }
    let entries: Vec<SharedMagic> = references
        .iter()
        .map(|occ| {
            let e = tables.entry(occ.slider, occ.square);
            SharedMagic {
                mask: e.mask,
                magic: e.magic,
                // The square's own rays on an empty board: all it may keep of a shared entry.
                postmask: slow_attacks(occ.slider, occ.square, 0),
                shift: e.shift,
                offset: u32::try_from(group_offsets[group_of(occ.slider, occ.square)]).expect("shared slots fit u32"),
            }
        })
        .collect();
    let verified = check_lookup(layout, references, |slider, square, occupied| {
        let entry = &entries[pair_index(slider, square)];
        attacks.get(entry.slot(occupied)).map(|&stored| entry.attacks(stored))
    })?;
    let runs = group_labels();
    let mut array = sliced_array("ATTACKS", "Unions of the attack sets of each group's squares.", attacks, &slices);
    for ((label, _), group_label) in array.runs.iter_mut().zip(runs) {
        *label = group_label;
    }
    Ok(LayoutFile {
        layout: layout.name().into(),
        description: vec![
            "shared: fancy magics into tables shared by two rook squares (diagonal neighbours".into(),
            "in a 2 x 2 block) or four bishop squares (two of each colour), post-masked.".into(),
            "Lookup: postmask & ATTACKS[offset + (((occupied & mask) * magic) >> shift)]".into(),
        ],
        provenance: provenance(layout, format!("the fancy magics ({})", fancy.plan), None, verified),
        entry_tables: entry_tables("mask, magic, post-mask, shift and group offset", &entries),
        arrays: vec![array],
        table_entries: total,
    })
}

/// "rook group 3: b1 a2"-style labels of the groups, in group order.
fn group_labels() -> Vec<String> {
    let mut members = vec![Vec::new(); GROUPS];
    for slider in Slider::ALL {
        for square in Square::ALL {
            members[group_of(slider, square)].push(square.to_string());
        }
    }
    members
        .iter()
        .enumerate()
        .map(|(group, squares)| {
            let slider = if group < 32 { Slider::Rook } else { Slider::Bishop };
            format!("{slider} group {group}: {}", squares.join(" "))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_have_two_rooks_or_four_bishops() {
        let mut counts = [0; GROUPS];
        for slider in Slider::ALL {
            for square in Square::ALL {
                counts[group_of(slider, square)] += 1;
            }
        }
        assert!(counts[..32].iter().all(|&c| c == 2));
        assert!(counts[32..].iter().all(|&c| c == 4));
        let sq = |name: &str| name.parse::<Square>().unwrap();
        assert_eq!(group_of(Slider::Rook, sq("a1")), group_of(Slider::Rook, sq("b2")));
        assert_eq!(group_of(Slider::Rook, sq("b1")), group_of(Slider::Rook, sq("a2")));
        assert_ne!(group_of(Slider::Rook, sq("a1")), group_of(Slider::Rook, sq("b1")));
        assert_eq!(group_of(Slider::Bishop, sq("a1")), group_of(Slider::Bishop, sq("d1")));
        assert_ne!(group_of(Slider::Bishop, sq("d1")), group_of(Slider::Bishop, sq("e1")));
        assert_eq!(group_of(Slider::Bishop, sq("c4")), group_of(Slider::Bishop, sq("f4")));
        assert_eq!(group_of(Slider::Bishop, sq("a3")), group_of(Slider::Bishop, sq("b5")));
        assert_eq!(group_of(Slider::Bishop, sq("g4")), group_of(Slider::Bishop, sq("h6")));
    }
}
