//! `black`: black magics (Volker Annuss), `((occupied | !mask) * magic) >> shift` with one shift
//! per slider and overlapping per-square ranges. ORing in the mask's complement instead of
//! ANDing the mask fixes every bit outside the mask to 1, which gives the product a constant
//! part a search can use to pull the indices of a square together.

use crate::{Slider, Slots};

/// What a black-magic lookup of one square needs:
/// `attacks[((occupied | not_mask) * magic) >> slider.fixed_shift()]`.
///
/// `R` is where the square's range starts: [`Slots`] (an address) in the generated tables, the
/// offset (`usize`) while the generator checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlackMagic<R = Slots> {
    /// The complement of the relevant-occupancy mask.
    pub not_mask: u64,
    /// The black magic multiplier.
    pub magic: u64,
    /// Where the square's range of indices starts in the attack array.
    pub attacks: R,
}

impl<R> BlackMagic<R> {
    /// The index of `occupied` within the square's range.
    #[inline(always)]
    pub const fn index(&self, occupied: u64, slider: Slider) -> usize {
        ((occupied | self.not_mask).wrapping_mul(self.magic) >> slider.fixed_shift()) as usize
    }
}
