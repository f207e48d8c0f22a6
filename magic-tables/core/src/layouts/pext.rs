//! `pext`: BMI2's parallel bit extract packs the occupancy's mask bits into a dense index, so no
//! magic is needed.

use crate::Slots;

/// What a pext lookup of one square needs: `attacks[pext(occupied, mask)]`.
///
/// `R` is where the square's slice starts: [`Slots`] (an address) in the generated tables, the
/// offset (`usize`) while the generator checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextEntry<R = Slots> {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// Where the square's slice starts in the attack array.
    pub attacks: R,
}

impl<R> PextEntry<R> {
    /// The index of `occupied` within the square's slice, computed bit by bit as the `pext`
    /// instruction defines it: the generator checks the tables with this, and the runtime, which
    /// runs the instruction itself, is compiled only for targets that have it.
    pub const fn index(&self, occupied: u64) -> usize {
        let (mut mask, mut index, mut bit) = (self.mask, 0usize, 0);
        while mask != 0 {
            if occupied & mask & mask.wrapping_neg() != 0 {
                index |= 1 << bit;
            }
            bit += 1;
            mask &= mask - 1;
        }
        index
    }
}

#[cfg(test)]
mod tests {
    use super::PextEntry;

    fn pext(value: u64, mask: u64) -> usize {
        PextEntry { mask, attacks: () }.index(value)
    }

    #[test]
    fn packs_the_masked_bits_in_order() {
        assert_eq!(pext(0b1010_0000, 0b1110_0000), 0b101);
        assert_eq!(pext(u64::MAX, 0x8000_0000_0000_0001), 0b11);
        assert_eq!(pext(0, u64::MAX), 0);
        assert_eq!(pext(0x0123_4567_89AB_CDEF, u64::MAX), 0x0123_4567_89AB_CDEF);
    }
}
