//! The entry type and lookup formulas of the tables `magic-gen` generates for a
//! [`Board`](crate::board::Board) other than chess's: what the generator checks every table
//! through and what `magic_tables::xiangqi` (and a generated standalone file, in its own words)
//! runs.
//!
//! **Riders and the cannon are split into lines.** A rook's attacks are those along its rank
//! and along its file, each decided by that line's occupancy alone (a bishop's: its two
//! diagonals). Every line of a direction with the same length looks the same from inside, so
//! one table serves all of them: a square's [`BoardIndex`] shifts the occupancy down by the
//! line's first square (`base`), keeps the line's other inner squares (`mask_lo`, `mask_hi`:
//! neither end, where a piece changes nothing, nor the square itself), folds the two 64-bit
//! halves onto each other without overlap (`fold`) and multiplies by a magic into the block of
//! that (direction, length, position). The block holds the line's attack *pattern* (bit `k` for
//! the line's `k`-th square) in 16 bits; a rank's pattern is its squares shifted by `base`, any
//! other direction's goes through a spread table first ([`spread`]). On 9x10 that is about 2,500
//! patterns for the rook and as many for the cannon, instead of one table per square of up to
//! 2^15 sets (1,081,344 for each piece).
//!
//! That is the *compact* layout. The *split* one trades size for speed on narrow boards such as
//! xiangqi's: a rank has a block per square of whole attack sets, a file shares one block per
//! rank position with every file (file a's sets, shifted by the file: below 64, so a cheap
//! shift), and the rook's and the cannon's sets lie side by side in each slot so that one index
//! serves both ([`split_attacks`]).
//!
//! **Lame leapers** (horse, horse-to, elephant) have at most four blocking squares near the
//! square: the same [`BoardIndex`], with `base` 0 and the mask where it stands, indexes the
//! square's own block of attack sets.
//!
//! Sets in the data arrays are two `u64` words each, low word first ([`set_at`]), so that the
//! C header writes them the same way on any compiler.

/// One square's way into one table: for a rider or the cannon, into the block of one line
/// through it (its rank, file or diagonal); for a lame leaper, into the square's own block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardIndex {
    /// The low 64 bits of the squares whose occupancy decides the result, counted from `base`.
    pub mask_lo: u64,
    /// The high 64 bits of that mask (zero when it fits the low word).
    pub mask_hi: u64,
    /// The multiplier; zero when the mask is empty (the block then has one slot).
    pub magic: u64,
    /// The block's first slot in its array.
    pub offset: u32,
    /// The square the mask is counted from (the line's first square).
    pub base: u8,
    /// How far the masked high word is rotated before it is XORed onto the low word: chosen so
    /// that no bit of the one lands on a bit of the other, so the fold loses nothing.
    pub fold: u8,
    /// 64 minus the block's index bits (63, with a zero magic, for a one-slot block).
    pub shift: u8,
}

impl BoardIndex {
    /// The slot of `occupied` in this square's block: any bits of `occupied` outside the mask
    /// (including above the board) are ignored.
    #[inline(always)]
    pub const fn slot(&self, occupied: u128) -> usize {
        self.slot_of_shifted(occupied >> self.base)
    }

    /// [`BoardIndex::slot`] for a `base` below 64 (a file's first square, or 0 for a block of
    /// one square): said so to the compiler, the shift is two instructions instead of a 128-bit
    /// shift's five or six. A larger `base` is taken modulo 64.
    #[inline(always)]
    pub const fn slot_near(&self, occupied: u128) -> usize {
        self.slot_of_shifted(occupied >> (self.base & 63))
    }

    /// [`BoardIndex::slot`] of a block of one square, whose mask stands where it is on the board
    /// (`base` 0): no shift at all.
    #[inline(always)]
    pub const fn slot_here(&self, occupied: u128) -> usize {
        self.slot_of_shifted(occupied)
    }

    /// The slot of an occupancy already shifted down by `base`: the three ways of shifting
    /// above differ only in what the compiler may assume of `base`.
    #[inline(always)]
    const fn slot_of_shifted(&self, shifted: u128) -> usize {
        let lo = shifted as u64 & self.mask_lo;
        let hi = (shifted >> 64) as u64 & self.mask_hi;
        let folded = lo ^ hi.rotate_left(self.fold as u32);
        self.offset as usize + (folded.wrapping_mul(self.magic) >> self.shift) as usize
    }

    /// Whether every slot this entry can give, for any occupancy, holds `width` sets in an
    /// array of `len` sets: the block's `2^(64 - shift)` slots (one for a zero magic) from
    /// `offset` on. What makes the unchecked lookups sound: `magic_tables::xiangqi` asserts it
    /// of every entry at compile time.
    pub const fn fits(&self, width: usize, len: usize) -> bool {
        if self.shift == 0 || self.shift > 63 {
            return false;
        }
        // In 128 bits, so that no product overflows on any target.
        let slots: u128 = if self.magic == 0 { 1 } else { 1 << (64 - self.shift as u32) };
        (self.offset as u128 + slots) * width as u128 <= len as u128
    }
}

/// Set `index` of a data array that stores each set as two words, low word first.
#[inline(always)]
pub const fn set_at(words: &[u64], index: usize) -> u128 {
    ((words[2 * index + 1] as u128) << 64) | words[2 * index] as u128
}

/// A line pattern (bit `k` for the line's `k`-th square) as the squares of the line that starts
/// on square 0, from its direction's spread tables: `low` for the pattern's low byte, `high` for
/// the rest (both arrays of [`set_at`] pairs).
#[inline(always)]
pub const fn spread(low: &[u64], high: &[u64], pattern: u16) -> u128 {
    set_at(low, (pattern & 0xFF) as usize) | set_at(high, (pattern >> 8) as usize)
}

/// The attacks along a rank: the pattern of the square's block, shifted to the rank.
#[inline(always)]
pub const fn rank_attacks(index: &BoardIndex, patterns: &[u16], occupied: u128) -> u128 {
    (patterns[index.slot(occupied)] as u128) << index.base
}

/// The attacks along a file or diagonal: the pattern of the square's block, spread over the
/// direction's steps and shifted to the line.
#[inline(always)]
pub const fn line_attacks(index: &BoardIndex, patterns: &[u16], low: &[u64], high: &[u64], occupied: u128) -> u128 {
    spread(low, high, patterns[index.slot(occupied)]) << index.base
}

/// A lame leaper's attacks: the set in the square's own block (whose mask stands where it is on
/// the board: `base` 0).
#[inline(always)]
pub const fn leaper_attacks(index: &BoardIndex, sets: &[u64], occupied: u128) -> u128 {
    set_at(sets, index.slot_here(occupied))
}

/// The attacks of mover `mover` (of `movers` whose sets lie side by side in each slot) along
/// a line with a block of its own square (`base` 0): the set of the slot, as it stands.
#[inline(always)]
pub const fn square_attacks(index: &BoardIndex, sets: &[u64], movers: usize, mover: usize, occupied: u128) -> u128 {
    set_at(sets, index.slot_here(occupied) * movers + mover)
}

/// The attacks of mover `mover` (of `movers` whose sets lie side by side in each slot) along
/// a line of the split layout: the set of the square's slot, shifted by `base` (a file's
/// first square, below 64; 0 for a block of one square, whose sets stand where they are).
#[inline(always)]
pub const fn split_attacks(index: &BoardIndex, sets: &[u64], movers: usize, mover: usize, occupied: u128) -> u128 {
    set_at(sets, index.slot_near(occupied) * movers + mover) << (index.base & 63)
}

/// [`square_attacks`] without bounds checks.
///
/// # Safety
///
/// `index` must [fit](BoardIndex::fits) `sets` with width `movers`, and `mover < movers`.
#[inline(always)]
pub const unsafe fn square_attacks_unchecked(
    index: &BoardIndex,
    sets: &[u64],
    movers: usize,
    mover: usize,
    occupied: u128,
) -> u128 {
    // SAFETY: the slot is in the block the caller guarantees is in `sets`.
    unsafe { set_at_unchecked(sets, index.slot_here(occupied) * movers + mover) }
}

/// [`split_attacks`] without bounds checks.
///
/// # Safety
///
/// As for [`square_attacks_unchecked`].
#[inline(always)]
pub const unsafe fn split_attacks_unchecked(
    index: &BoardIndex,
    sets: &[u64],
    movers: usize,
    mover: usize,
    occupied: u128,
) -> u128 {
    // SAFETY: as above.
    unsafe { set_at_unchecked(sets, index.slot_near(occupied) * movers + mover) << (index.base & 63) }
}

/// [`leaper_attacks`] without bounds checks.
///
/// # Safety
///
/// `index` must [fit](BoardIndex::fits) `sets` with width 1.
#[inline(always)]
pub const unsafe fn leaper_attacks_unchecked(index: &BoardIndex, sets: &[u64], occupied: u128) -> u128 {
    // SAFETY: as above.
    unsafe { set_at_unchecked(sets, index.slot_here(occupied)) }
}

/// Whether every entry of `entries` [fits](BoardIndex::fits) an array of `words` words holding
/// `width` two-word sets per slot.
pub const fn all_fit(entries: &[BoardIndex], width: usize, words: usize) -> bool {
    let mut i = 0;
    while i < entries.len() {
        if !entries[i].fits(width, words / 2) {
            return false;
        }
        i += 1;
    }
    true
}

/// Set `index` of a two-word array, without a bounds check.
///
/// # Safety
///
/// `2 * index + 1` must be an index of `words`.
#[inline(always)]
pub const unsafe fn set_at_unchecked(words: &[u64], index: usize) -> u128 {
    // SAFETY: the caller guarantees both words are in `words`.
    unsafe {
        let low = words.as_ptr().add(2 * index);
        ((*low.add(1) as u128) << 64) | *low as u128
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fold_keeps_both_halves() {
        // Mask bits 1 (low word) and 64 + 3 (high word), the high word rotated by 10 onto bit 13.
        let index =
            BoardIndex { mask_lo: 0b10, mask_hi: 0b1000, magic: 1 << 50, offset: 7, base: 0, fold: 10, shift: 50 };
        // The folded value, multiplied by 2^50 and shifted down by 50, is the folded value.
        assert_eq!(index.slot(0), 7);
        assert_eq!(index.slot(0b10), 7 + 0b10);
        assert_eq!(index.slot(1 << 67), 7 + (1 << 13));
        assert_eq!(index.slot((1 << 67) | 0b10 | (1 << 127) | 1), 7 + (1 << 13) + 0b10);
    }

    #[test]
    fn the_base_counts_the_mask_from_the_line() {
        let index = BoardIndex { mask_lo: 0b110, mask_hi: 0, magic: 1 << 62, offset: 0, base: 100, fold: 0, shift: 63 };
        // Bits 101 and 102 of the board are bits 1 and 2 of the mask; the magic keeps bit 1 only.
        assert_eq!(index.slot(1 << 101), 1);
        assert_eq!(index.slot(1 << 102), 0);
        assert_eq!(index.slot(1 << 99), 0);
    }

    #[test]
    fn sets_are_two_words() {
        let words = [1, 2, 3, 4];
        assert_eq!(set_at(&words, 1), (4 << 64) | 3);
        // A pattern's low byte and high part look up their own tables.
        let low = [0, 0, 5, 0];
        let high = [0, 0, 0, 1];
        assert_eq!(spread(&low, &high, 0x101), 5 | (1 << 64));
        // SAFETY: set 1 is words 2 and 3.
        assert_eq!(unsafe { set_at_unchecked(&words, 1) }, (4 << 64) | 3);
    }

    #[test]
    fn an_entry_fits_its_block() {
        let index = BoardIndex { mask_lo: 0b110, mask_hi: 0, magic: 3, offset: 4, base: 0, fold: 0, shift: 62 };
        // Four slots from 4 on, two sets each: 16 sets.
        assert!(index.fits(2, 16));
        assert!(!index.fits(2, 15));
        let single = BoardIndex { magic: 0, shift: 63, ..index };
        assert!(single.fits(1, 5) && !single.fits(1, 4));
        assert!(!BoardIndex { shift: 0, ..index }.fits(1, usize::MAX / 2));
    }
}
