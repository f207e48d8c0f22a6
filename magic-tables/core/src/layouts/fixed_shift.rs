//! `fixed-shift`: "white" magics with one shift per slider and per-square ranges that overlap
//! in one shared array wherever the slots they use do not conflict (Onno Garms, Volker Annuss).

use crate::{Slider, Slots};

/// What a fixed-shift lookup of one square needs:
/// `attacks[((occupied & mask) * magic) >> slider.fixed_shift()]`.
///
/// `R` is where the square's range starts: [`Slots`] (an address) in the generated tables, the
/// offset (`usize`) while the generator checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixedMagic<R = Slots> {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The magic multiplier.
    pub magic: u64,
    /// Where the square's range of indices starts in the attack array.
    pub attacks: R,
}

impl<R> FixedMagic<R> {
    /// The index of `occupied` within the square's range.
    #[inline(always)]
    pub const fn index(&self, occupied: u64, slider: Slider) -> usize {
        ((occupied & self.mask).wrapping_mul(self.magic) >> slider.fixed_shift()) as usize
    }
}
