//! `pext-pdep`: the `pext` index, with each attack set stored as a 16-bit code over the
//! square's attack mask (its attacks on an empty board: at most 14 squares) and expanded by
//! `pdep` (<https://www.chessprogramming.org/BMI2#PEXTBitboards>).

/// Bits of `value` under `mask`, packed into the low bits in order: what BMI2's `pext` computes,
/// here bit by bit (the generator's check, and the runtime without BMI2).
#[inline]
pub const fn pext(value: u64, mask: u64) -> u64 {
    let (mut mask, mut packed, mut bit) = (mask, 0u64, 1u64);
    while mask != 0 {
        if value & mask & mask.wrapping_neg() != 0 {
            packed |= bit;
        }
        bit <<= 1;
        mask &= mask - 1;
    }
    packed
}

/// The low bits of `value` spread onto the set bits of `mask`, in order: what BMI2's `pdep`
/// computes, here bit by bit.
#[inline]
pub const fn pdep(value: u64, mask: u64) -> u64 {
    let (mut mask, mut spread, mut bit) = (mask, 0u64, 1u64);
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        if value & bit != 0 {
            spread |= lowest;
        }
        bit <<= 1;
        mask &= mask - 1;
    }
    spread
}

/// What a pext-pdep lookup of one square needs:
/// `pdep(ATTACKS[offset + pext(occupied, mask)], attack_mask)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextPdepEntry {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The squares the slider attacks on an empty board: the bits a code spreads onto.
    pub attack_mask: u64,
    /// Where the square's slice starts in the code array.
    pub offset: u32,
}

impl PextPdepEntry {
    /// The index of `occupied` within the square's slice (`pext(occupied, mask)`, bit by bit).
    #[inline]
    pub const fn index(&self, occupied: u64) -> usize {
        pext(occupied, self.mask) as usize
    }

    /// The 16-bit code of the attack set `attacks` (a subset of `attack_mask`).
    #[inline]
    pub const fn code(&self, attacks: u64) -> u16 {
        pext(attacks, self.attack_mask) as u16
    }

    /// The attack set of `code` (`pdep(code, attack_mask)`, bit by bit).
    #[inline]
    pub const fn expand(&self, code: u16) -> u64 {
        pdep(code as u64, self.attack_mask)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pext_and_pdep_undo_each_other() {
        let masks = [0u64, 1, 0x8000_0000_0000_0001, 0x0101_0101_0101_017E, u64::MAX, 0x0000_0010_2844_0200];
        let mut value = 0x0123_4567_89AB_CDEFu64;
        for mask in masks {
            for _ in 0..64 {
                value = value.rotate_left(7) ^ 0x9E37_79B9_7F4A_7C15;
                assert_eq!(pdep(pext(value, mask), mask), value & mask);
                let low = value & ((1u64 << mask.count_ones().min(63)) - 1) | if mask == u64::MAX { value } else { 0 };
                assert_eq!(pext(pdep(low, mask), mask), low);
            }
        }
        assert_eq!(pext(0b1010_0000, 0b1110_0000), 0b101);
        assert_eq!(pdep(0b101, 0b1110_0000), 0b1010_0000);
        let entry = PextPdepEntry { mask: 0b0110, attack_mask: 0b1111_0000, offset: 0 };
        assert_eq!((entry.index(0b0100), entry.code(0b1010_0000), entry.expand(0b1010)), (2, 0b1010, 0b1010_0000));
    }
}
