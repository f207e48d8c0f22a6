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
//! **On targets with BMI2, `pext` indexes without a magic** ([`PextIndex`]): every line through
//! every square and every leaper's square has a block of its own, and the slot is the `pext` of
//! the occupancy under the block's mask (the mask where it stands on the board), the rook's and
//! the cannon's sets side by side as in the split layout. Nothing is searched; the blocks are
//! larger than the split layout's (a file's are not shared), and a lookup is two `pext`s, a
//! shift, an OR and a load per line ([`pext_attacks`]).
//!
//! Sets in the data arrays are two `u64` words each, low word first ([`set_at`]), so that the
//! C header writes them the same way on any compiler.

use crate::Slots;

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

/// One square's way into its own block by `pext`: the slot is `offset` plus the occupancy's
/// bits under the mask, gathered in square order (the low word's first, then the high word's,
/// shifted up by `low_bits`). The mask stands where it is on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextIndex {
    /// The low 64 bits of the squares whose occupancy decides the result.
    pub mask_lo: u64,
    /// The high 64 bits of that mask.
    pub mask_hi: u64,
    /// The block's first slot in its array.
    pub offset: u32,
    /// How many bits of the mask are in the low word (`mask_lo.count_ones()`), stored so that
    /// the lookup does not count them.
    pub low_bits: u8,
}

impl PextIndex {
    /// The index of a block over `mask` that starts at `offset`; `None` if the offset does not
    /// fit a `u32`.
    pub const fn new(mask: u128, offset: usize) -> Option<PextIndex> {
        if offset > u32::MAX as usize {
            return None;
        }
        Some(PextIndex {
            mask_lo: mask as u64,
            mask_hi: (mask >> 64) as u64,
            offset: offset as u32,
            low_bits: (mask as u64).count_ones() as u8,
        })
    }

    /// The slot of `occupied` in this square's block: the BMI2 instruction where the target
    /// has it, [`PextIndex::slot_portable`] elsewhere (the same slot, bit by bit).
    #[inline(always)]
    pub fn slot(&self, occupied: u128) -> usize {
        self.offset as usize + pext_u128(occupied, self.mask_lo, self.mask_hi, self.low_bits) as usize
    }

    /// [`PextIndex::slot`] bit by bit, in a `const fn`: what the generator checks its tables
    /// through on a host without BMI2.
    pub const fn slot_portable(&self, occupied: u128) -> usize {
        self.offset as usize + pext_u128_portable(occupied, self.mask_lo, self.mask_hi, self.low_bits) as usize
    }
}

/// A [`PextIndex`] with its block's address in place of its first slot, as
/// `magic_tables::xiangqi::pext` ships it: the offset is added once, when the tables are laid
/// out, not on every lookup (see [`Slots`]). `attacks` points at the block's first word: its
/// first slot times the words of a slot (two per set, a set per mover).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextBlock {
    /// The low 64 bits of the squares whose occupancy decides the result.
    pub mask_lo: u64,
    /// The high 64 bits of that mask.
    pub mask_hi: u64,
    /// The block's first word.
    pub attacks: Slots,
    /// `mask_lo.count_ones()`.
    pub low_bits: u8,
}

impl PextBlock {
    /// The attacks of mover `mover` of `movers` whose sets lie side by side in each slot: the
    /// same set as [`pext_attacks`] of the [`PextIndex`] this block was made from.
    ///
    /// # Safety
    ///
    /// The block must [fit](PextBlock::fits) its array with width `movers`, and `mover < movers`.
    #[inline(always)]
    pub unsafe fn attacks(&self, movers: usize, mover: usize, occupied: u128) -> u128 {
        let index = pext_u128(occupied, self.mask_lo, self.mask_hi, self.low_bits);
        let word = 2 * (index as usize * movers + mover);
        // SAFETY: the slot is in the block the caller guarantees is in the array.
        unsafe { ((self.attacks.get(word + 1) as u128) << 64) | self.attacks.get(word) as u128 }
    }

    /// Whether the block was made from `array`, holds all `2^bits` slots of `width` two-word
    /// sets inside it, and `low_bits` counts the low mask: what makes [`PextBlock::attacks`]
    /// sound. Meant for compile time, where a block made from another array fails to compile.
    ///
    /// # Safety
    ///
    /// The block must have been made from `array` ([`Slots::offset_from_start`]).
    pub const unsafe fn fits(&self, array: &[u64], width: usize) -> bool {
        let Some(bits) = mask_bits(self.mask_lo, self.mask_hi, self.low_bits) else {
            return false;
        };
        // SAFETY: the caller guarantees the block was made from `array`.
        let start = unsafe { self.attacks.offset_from_start(array) };
        start as u128 + (1u128 << bits) * width as u128 * 2 <= array.len() as u128
    }
}

/// Two lines through one square (a rook's rank and file) under one `pext`: the occupancy's bits
/// under both lines' masks give one joint index, and each line's index is the `pext` of the
/// joint one under that line's field (the positions of its mask's bits among both masks'). As
/// `pext` keeps the order of bits, each line's index is the one its own [`PextIndex`] gives, so
/// the blocks are the `pext` layout's; the pair only saves work: three `pext`s of 64 bits fewer
/// and one entry instead of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextPair {
    /// The low 64 bits of both lines' masks.
    pub mask_lo: u64,
    /// The high 64 bits.
    pub mask_hi: u64,
    /// The first line's bits in the joint index.
    pub first_field: u64,
    /// The second line's bits in the joint index.
    pub second_field: u64,
    /// The first line's block.
    pub first: Slots,
    /// The second line's block.
    pub second: Slots,
    /// `mask_lo.count_ones()`.
    pub low_bits: u8,
}

/// The indexes of `occupied` in the blocks of a [`PextPair`]'s two lines: what
/// [`PextPair::attacks`] reads and the generator checks against each line's [`PextIndex`].
#[inline(always)]
pub fn pext_pair_indexes(
    mask_lo: u64,
    mask_hi: u64,
    low_bits: u8,
    fields: (u64, u64),
    occupied: u128,
) -> (usize, usize) {
    let joint = pext_u128(occupied, mask_lo, mask_hi, low_bits);
    (pext_u64(joint, fields.0) as usize, pext_u64(joint, fields.1) as usize)
}

impl PextPair {
    /// Mover `mover`'s attacks (of `movers` side by side in each slot) along both lines: the
    /// union of its sets in the two blocks.
    ///
    /// # Safety
    ///
    /// Both blocks must fit their arrays with width `movers` ([`PextPair::fits`]), and
    /// `mover < movers`.
    #[inline(always)]
    pub unsafe fn attacks(&self, movers: usize, mover: usize, occupied: u128) -> u128 {
        let fields = (self.first_field, self.second_field);
        let (first, second) = pext_pair_indexes(self.mask_lo, self.mask_hi, self.low_bits, fields, occupied);
        let (first, second) = (2 * (first * movers + mover), 2 * (second * movers + mover));
        // SAFETY: the slots are in the blocks the caller guarantees are in their arrays.
        unsafe {
            ((self.first.get(first + 1) as u128 | self.second.get(second + 1) as u128) << 64)
                | (self.first.get(first) | self.second.get(second)) as u128
        }
    }

    /// Whether the two blocks, made from `first` and `second`, hold every slot of their fields
    /// with `width` two-word sets, and the fields split the joint index: what makes
    /// [`PextPair::attacks`] sound. Meant for compile time.
    ///
    /// # Safety
    ///
    /// The blocks must have been made from `first` and `second` ([`Slots::offset_from_start`]).
    pub const unsafe fn fits(&self, first: &[u64], second: &[u64], width: usize) -> bool {
        let Some(bits) = mask_bits(self.mask_lo, self.mask_hi, self.low_bits) else {
            return false;
        };
        if self.first_field & self.second_field != 0 || (self.first_field | self.second_field) != (1u64 << bits) - 1 {
            return false;
        }
        // Words of each block: 2^(its field's bits) slots of `width` two-word sets.
        let words = (
            (1u128 << self.first_field.count_ones()) * width as u128 * 2,
            (1u128 << self.second_field.count_ones()) * width as u128 * 2,
        );
        // SAFETY: the caller guarantees where the blocks were made.
        let (at_first, at_second) =
            unsafe { (self.first.offset_from_start(first), self.second.offset_from_start(second)) };
        at_first as u128 + words.0 <= first.len() as u128 && at_second as u128 + words.1 <= second.len() as u128
    }
}

/// Whether every block of `blocks` [fits](PextBlock::fits) `array` with width `width`.
///
/// # Safety
///
/// Every block must have been made from `array`.
pub const unsafe fn all_blocks_fit(blocks: &[PextBlock], array: &[u64], width: usize) -> bool {
    let mut i = 0;
    while i < blocks.len() {
        // SAFETY: the caller guarantees it.
        if !unsafe { blocks[i].fits(array, width) } {
            return false;
        }
        i += 1;
    }
    true
}

/// The bits of `occupied` under a mask of two words, gathered in square order: the low word's
/// (`low_bits` of them, `mask_lo.count_ones()`) below the high word's. The index of every
/// `pext` entry ([`PextIndex`], [`PextBlock`], [`PextPair`]).
#[inline(always)]
pub fn pext_u128(occupied: u128, mask_lo: u64, mask_hi: u64, low_bits: u8) -> u64 {
    pext_u64(occupied as u64, mask_lo) | pext_u64((occupied >> 64) as u64, mask_hi) << low_bits
}

/// [`pext_u128`] bit by bit, in a `const fn`.
pub const fn pext_u128_portable(occupied: u128, mask_lo: u64, mask_hi: u64, low_bits: u8) -> u64 {
    pext_u64_portable(occupied as u64, mask_lo) | pext_u64_portable((occupied >> 64) as u64, mask_hi) << low_bits
}

/// The index bits of a `pext` entry's mask, if `low_bits` counts its low word and there are at
/// most 32 (what the entries' `fits` check before they bound the blocks).
const fn mask_bits(mask_lo: u64, mask_hi: u64, low_bits: u8) -> Option<u32> {
    let bits = mask_lo.count_ones() + mask_hi.count_ones();
    if low_bits as u32 != mask_lo.count_ones() || bits > 32 { None } else { Some(bits) }
}

/// The bits of `value` under `mask`, gathered to the bottom in order (x86's `pext`): the
/// instruction where the target has BMI2, [`pext_u64_portable`] elsewhere.
#[inline(always)]
pub fn pext_u64(value: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the target has BMI2 (the `cfg` above). (The block is needed before Rust 1.87,
        // where the intrinsic became safe to call with the feature enabled.)
        #[allow(unused_unsafe)]
        unsafe {
            core::arch::x86_64::_pext_u64(value, mask)
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        pext_u64_portable(value, mask)
    }
}

/// [`pext_u64`] bit by bit, in a `const fn`.
pub const fn pext_u64_portable(value: u64, mut mask: u64) -> u64 {
    let (mut result, mut bit) = (0, 1u64);
    while mask != 0 {
        if value & mask & mask.wrapping_neg() != 0 {
            result |= bit;
        }
        mask &= mask - 1;
        bit <<= 1;
    }
    result
}

/// The attacks of mover `mover` (of `movers` whose sets lie side by side in each slot) through
/// a [`PextIndex`]: the set of the slot, as it stands (a leaper's table has one mover).
#[inline(always)]
pub fn pext_attacks(index: &PextIndex, sets: &[u64], movers: usize, mover: usize, occupied: u128) -> u128 {
    set_at(sets, index.slot(occupied) * movers + mover)
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

    #[test]
    fn pext_gathers_the_masked_bits_in_order() {
        assert_eq!(pext_u64_portable(0b1011_0110, 0b1111_0000), 0b1011);
        assert_eq!(pext_u64_portable(0b1011_0110, 0b0101_0101), 0b0110);
        assert_eq!(pext_u64_portable(u64::MAX, 0), 0);
        assert_eq!(pext_u64(0b1011_0110, 0b1111_0000), 0b1011);
        // Mask bits 1 and 3 low, 64 + 0 high: the high word's bit lands above the low word's two.
        let index = PextIndex::new(0b1010 | 1 << 64, 5).unwrap();
        assert_eq!(index.low_bits, 2);
        assert_eq!(index.slot(0), 5);
        assert_eq!(index.slot(0b1000 | 1 << 64 | 1 << 100 | 1), 5 + 0b110);
        assert_eq!(index.slot_portable(0b1000 | 1 << 64), 5 + 0b110);
        assert_eq!(PextIndex::new(0, 1 << 40), None);
    }

    #[test]
    fn a_pair_splits_one_pext_into_each_line_s_index() {
        // Two one-square lines: bit 1 (the first, low word) and bit 64 + 2 (the second, high
        // word). Each block has two slots of one set (two words each).
        static FIRST: [u64; 4] = [10, 0, 11, 0];
        static SECOND: [u64; 4] = [0, 20, 0, 21];
        let pair = PextPair {
            mask_lo: 0b10,
            mask_hi: 0b100,
            first_field: 0b01,
            second_field: 0b10,
            first: Slots::at(&FIRST, 0),
            second: Slots::at(&SECOND, 0),
            low_bits: 1,
        };
        // SAFETY: the blocks were made from these arrays.
        assert!(unsafe { pair.fits(&FIRST, &SECOND, 1) });
        assert!(!unsafe { PextPair { second_field: 0b11, ..pair }.fits(&FIRST, &SECOND, 1) });
        assert!(!unsafe { pair.fits(&FIRST, &SECOND[..3], 1) });
        assert_eq!(pext_pair_indexes(0b10, 0b100, 1, (0b01, 0b10), 0b10 | 1 << 66 | 1 << 100), (1, 1));
        // SAFETY: fits, as asserted.
        unsafe {
            assert_eq!(pair.attacks(1, 0, 0), 10 | 20 << 64);
            assert_eq!(pair.attacks(1, 0, 0b10), 11 | 20 << 64);
            assert_eq!(pair.attacks(1, 0, 1 << 66 | 1), 10 | 21 << 64);
        }
    }
}
