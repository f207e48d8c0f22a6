//! `black-variable`: black magics with a shift per square, `((occupied | !mask) * magic) >>
//! shift`, and overlapping per-square ranges in one array. Where `black` gives every rook 12
//! and every bishop 9 index bits, each square here has as many as its mask (5 to 12, or fewer
//! where a fewer-bit magic exists), so its range is as small as its occupancies allow, and a
//! lookup is still one load with no post-mask.

use crate::Slots;

/// What a per-square-shift black-magic lookup of one square needs:
/// `attacks[((occupied | not_mask) * magic) >> shift]`.
///
/// `R` is where the square's range starts: [`Slots`] (an address) in the generated tables, the
/// offset (`usize`) while the generator checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlackVariableMagic<R = Slots> {
    /// The complement of the relevant-occupancy mask.
    pub not_mask: u64,
    /// The black magic multiplier.
    pub magic: u64,
    /// Where the square's range of indices starts in the attack array.
    pub attacks: R,
    /// Right shift: 64 minus the square's index bits.
    pub shift: u32,
}

impl<R> BlackVariableMagic<R> {
    /// The index of `occupied` within the square's range.
    #[inline(always)]
    pub const fn index(&self, occupied: u64) -> usize {
        ((occupied | self.not_mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}
