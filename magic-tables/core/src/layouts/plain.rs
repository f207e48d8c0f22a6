//! `plain`: one row of `2^12` (rook) or `2^9` (bishop) attack sets per square, indexed with the
//! slider's fixed shift, so no entry needs a shift or an offset.

use crate::Slider;

/// What a plain lookup of one square needs: `ATTACKS[square][index]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainMagic {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The magic multiplier.
    pub magic: u64,
}

impl PlainMagic {
    /// The index of `occupied` in the square's row, below `2^(64 - slider.fixed_shift())`.
    #[inline(always)]
    pub const fn index(&self, occupied: u64, slider: Slider) -> usize {
        ((occupied & self.mask).wrapping_mul(self.magic) >> slider.fixed_shift()) as usize
    }
}
