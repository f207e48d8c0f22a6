//! The board geometry magic bitboards rest on: relevant-occupancy masks, blocker-board
//! enumeration and the slow reference attacks every table is checked against.
//!
//! Nothing here needs to be fast; it is the ground truth. Everything else in the
//! workspace is verified against [`slow_attacks`].

pub use magic_tables_core::geometry::{distinct_attack_sets, lower_bound_bits, relevant_mask, slow_attacks};

use magic_tables_core::{Slider, Square};

/// Every subset of `mask`, from the empty set upwards, by the carry-rippler trick:
/// `next = (current - mask) & mask` borrows through the gaps between mask bits.
/// Yields exactly `2^popcount(mask)` bitboards.
pub fn subsets(mask: u64) -> Subsets {
    Subsets { mask, next: Some(0) }
}

/// Iterator returned by [`subsets`].
#[derive(Clone, Debug)]
pub struct Subsets {
    mask: u64,
    next: Option<u64>,
}

impl Iterator for Subsets {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        let current = self.next?;
        let following = current.wrapping_sub(self.mask) & self.mask;
        self.next = (following != 0).then_some(following);
        Some(current)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Not exact once iteration started; the upper bound is what matters for allocation.
        let total = 1usize.checked_shl(self.mask.count_ones());
        (usize::from(self.next.is_some()), total)
    }
}

/// Every subset of a 128-bit `mask` (a board of up to 128 squares), from the empty set
/// upwards, by the same carry-rippler trick as [`subsets`].
pub fn subsets_u128(mask: u128) -> impl Iterator<Item = u128> {
    let mut next = Some(0u128);
    std::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(current)
    })
}

/// Every relevant occupancy of one (slider, square) with its reference attack set: the
/// "blocker boards" and "move boards" (each blocker board's attacks), in [`subsets`] order.
#[derive(Clone, Debug)]
pub struct Occupancies {
    /// Which slider.
    pub slider: Slider,
    /// Which square.
    pub square: Square,
    /// The relevant-occupancy mask.
    pub mask: u64,
    /// Every subset of `mask`.
    pub blockers: Vec<u64>,
    /// `slow_attacks` of each entry of `blockers`, at the same position.
    pub attacks: Vec<u64>,
}

impl Occupancies {
    /// Enumerates all blocker boards of (`slider`, `square`) and their attacks.
    pub fn new(slider: Slider, square: Square) -> Self {
        let mask = relevant_mask(slider, square);
        let count = 1usize << mask.count_ones();
        let (mut blockers, mut attacks) = (Vec::with_capacity(count), Vec::with_capacity(count));
        // The carry-rippler of `subsets`, inlined: this runs unoptimized in the build script.
        let mut subset = 0u64;
        loop {
            blockers.push(subset);
            attacks.push(slow_attacks(slider, square, subset));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        Occupancies { slider, square, mask, blockers, attacks }
    }

    /// Number of bits in the mask: the minimal index bits of a plain magic for this square.
    pub fn mask_bits(&self) -> u32 {
        self.mask.count_ones()
    }

    /// Number of different attack sets among all occupancies.
    pub fn distinct_attack_sets(&self) -> usize {
        distinct_attack_sets(self.slider, self.square)
    }

    /// `ceil(log2(distinct attack sets))`: no index with fewer bits can tell them apart.
    pub fn lower_bound_bits(&self) -> u32 {
        lower_bound_bits(self.slider, self.square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn board(names: &[&str]) -> u64 {
        names.iter().map(|n| sq(n).bit()).fold(0, |a, b| a | b)
    }

    #[test]
    fn mask_entries_total() {
        let entries = |slider| Square::ALL.iter().map(|&s| 1u32 << relevant_mask(slider, s).count_ones()).sum::<u32>();
        assert_eq!((entries(Slider::Rook), entries(Slider::Bishop)), (102_400, 5_248));
    }

    #[test]
    fn occupancies_enumerate_subsets_in_order() {
        let occ = Occupancies::new(Slider::Bishop, sq("c1"));
        assert_eq!(occ.blockers, subsets(occ.mask).collect::<Vec<_>>());
    }

    #[test]
    fn subsets_are_all_distinct_and_inside_the_mask() {
        let mask = board(&["a1", "c3", "h8", "e4"]);
        let mut all: Vec<u64> = subsets(mask).collect();
        assert_eq!(all.len(), 16);
        assert!(all.iter().all(|&s| s & !mask == 0));
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 16);
        assert_eq!(subsets(0).collect::<Vec<_>>(), vec![0]);
        assert_eq!(subsets(u64::MAX).take(3).collect::<Vec<_>>(), vec![0, 1, 2]);
    }

    #[test]
    fn distinct_attack_set_formula_matches_enumeration() {
        let mut totals = [0, 0];
        for slider in Slider::ALL {
            for square in Square::ALL {
                let mut sets = Occupancies::new(slider, square).attacks;
                sets.sort_unstable();
                sets.dedup();
                assert_eq!(sets.len(), distinct_attack_sets(slider, square), "{slider} {square}");
                totals[slider.ordinal()] += sets.len();
            }
        }
        assert_eq!(totals, [4900, 1428]);
    }

    #[test]
    fn distinct_attack_sets_of_seed_table() {
        let count = |slider, name| Occupancies::new(slider, sq(name));
        let rook_a8 = count(Slider::Rook, "a8");
        assert_eq!((rook_a8.blockers.len(), rook_a8.distinct_attack_sets()), (4096, 49));
        assert_eq!(rook_a8.lower_bound_bits(), 6);
        let rook_d5 = count(Slider::Rook, "d5");
        assert_eq!((rook_d5.blockers.len(), rook_d5.distinct_attack_sets()), (1024, 144));
        let bishop_a8 = count(Slider::Bishop, "a8");
        assert_eq!((bishop_a8.blockers.len(), bishop_a8.distinct_attack_sets()), (64, 7));
        assert_eq!(bishop_a8.lower_bound_bits(), 3);
        let bishop_d5 = count(Slider::Bishop, "d5");
        assert_eq!((bishop_d5.blockers.len(), bishop_d5.distinct_attack_sets()), (512, 108));
    }
}
