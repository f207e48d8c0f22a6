//! The seeded magic search of one block of a board's tables: a multiplier that sends every
//! occupancy of a mask (after the fold of `magic_tables_core::board_tables::BoardIndex`) to a
//! slot where nothing with a different result lands, with as few index bits as it finds.
//!
//! Each block has its own ChaCha8 stream ([`block_stream`]), so a block's magic never depends on
//! which blocks were searched before it, in which order, or on how many threads search.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use magic_tables_core::board::Board;

/// Candidates tried at one index width before the search allows one more bit.
pub const CANDIDATES_PER_WIDTH: u64 = 1 << 17;

/// What a block is, for its stream number: a line block (direction, length, position) or a
/// lame leaper's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKey {
    /// The block of positions `position` of the lines of `direction` (its ordinal) and `length`.
    Line {
        /// `Direction as u8`.
        direction: u8,
        /// The lines' length.
        length: u8,
        /// The position on them.
        position: u8,
    },
    /// The block of `square` alone on its line of `direction` (its ordinal).
    LineSquare {
        /// `Direction as u8`.
        direction: u8,
        /// The square.
        square: u8,
    },
    /// The block of a lame leaper (`Piece as u8`) on `square`.
    Leaper {
        /// `Piece as u8`.
        piece: u8,
        /// The square.
        square: u8,
    },
}

/// The ChaCha stream number of a block on `board`: 2^32 and up, above every stream the 8x8
/// searches use (`crate::search::stream::StreamSet`, below 2^11), with the board's sides, the
/// block's kind and its numbers in separate bytes, so no two blocks of any two boards share one.
pub fn block_stream(board: Board, key: BlockKey) -> u64 {
    let sides = u64::from(board.files()) << 8 | u64::from(board.ranks());
    let (kind, a, b, c) = match key {
        BlockKey::Line { direction, length, position } => (1, direction, length, position),
        BlockKey::Leaper { piece, square } => (2, piece, square, 0),
        BlockKey::LineSquare { direction, square } => (3, direction, square, 0),
    };
    1 << 32 | sides << 40 | kind << 24 | u64::from(a) << 16 | u64::from(b) << 8 | u64::from(c)
}

/// A found magic and how it indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockMagic {
    /// The multiplier (0 for an empty mask).
    pub magic: u64,
    /// Index bits: the block has `1 << bits` slots.
    pub bits: u32,
    /// The high word's rotation in the fold.
    pub fold: u32,
    /// Candidates drawn to find it.
    pub candidates: u64,
}

impl BlockMagic {
    /// The shift of the index formula (63 for a one-slot block, whose magic is 0).
    pub fn shift(self) -> u32 {
        if self.bits == 0 { 63 } else { 64 - self.bits }
    }

    /// The slot of a folded occupancy in the block.
    pub fn slot(self, folded: u64) -> usize {
        (folded.wrapping_mul(self.magic) >> self.shift()) as usize
    }
}

/// The smallest rotation of the high word that lands none of its bits on the low word's.
pub fn fold_rotation(mask: u128) -> u32 {
    let (lo, hi) = (mask as u64, (mask >> 64) as u64);
    (0..64).find(|&r| lo & hi.rotate_left(r) == 0).expect("a mask of at most 128 bits with room to fold")
}

/// `value` (counted from the block's base) folded to 64 bits with `fold`.
pub fn folded(value: u128, fold: u32) -> u64 {
    value as u64 ^ ((value >> 64) as u64).rotate_left(fold)
}

/// Finds the block's magic: candidates (the AND of three random words) from the block's stream
/// under `seed`, at the mask's own bit count first and one bit more after each
/// [`CANDIDATES_PER_WIDTH`]. `cases` pairs every occupancy of the mask with a key of its result;
/// two occupancies may share a slot only if their keys are equal. Fails only if no width up to
/// 24 bits works, which a mask of at most 16 bits never reaches.
pub fn find_block_magic(
    board: Board,
    key: BlockKey,
    seed: u64,
    mask: u128,
    cases: &[(u128, u128)],
) -> Result<BlockMagic, String> {
    let fold = fold_rotation(mask);
    let mask_bits = mask.count_ones();
    if mask_bits == 0 {
        return Ok(BlockMagic { magic: 0, bits: 0, fold, candidates: 0 });
    }
    let folded_cases = folded_cases(cases, fold);
    let mut rng = block_rng(board, key, seed);
    // Slot contents, valid where the stamp is the current candidate's.
    let mut stamps = vec![0u64; 1 << MAX_BITS.min(mask_bits + 8)];
    let mut results = vec![0u128; stamps.len()];
    let mut candidates = 0;
    for bits in mask_bits..=MAX_BITS {
        if 1 << bits > stamps.len() {
            stamps.resize(1 << bits, 0);
            results.resize(1 << bits, 0);
        }
        for _ in 0..CANDIDATES_PER_WIDTH {
            let magic = draw(&mut rng);
            candidates += 1;
            let found = BlockMagic { magic, bits, fold, candidates };
            if fits(found, &folded_cases, candidates, &mut stamps, &mut results) {
                return Ok(found);
            }
        }
    }
    Err(format!("no magic of up to {MAX_BITS} index bits for the block {key:?} of {mask_bits} squares"))
}

/// The block's magic at a known place in its stream: candidate `candidate` (1-based, as
/// [`BlockMagic::candidates`] counts) of [`find_block_magic`]'s sequence, at the width that
/// search tried it at, reached by seeking (6 words per candidate) and checked. So a build
/// re-derives a searched magic without searching: an error means the number is not where that
/// search stops.
pub fn block_magic_at(
    board: Board,
    key: BlockKey,
    seed: u64,
    mask: u128,
    cases: &[(u128, u128)],
    candidate: u64,
) -> Result<BlockMagic, String> {
    let fold = fold_rotation(mask);
    let mask_bits = mask.count_ones();
    if mask_bits == 0 || candidate == 0 {
        return match (mask_bits, candidate) {
            (0, 0) => Ok(BlockMagic { magic: 0, bits: 0, fold, candidates: 0 }),
            _ => Err(format!("candidate {candidate} cannot be the magic of the block {key:?}")),
        };
    }
    let bits = mask_bits + u32::try_from((candidate - 1) / CANDIDATES_PER_WIDTH).unwrap_or(u32::MAX);
    if bits > MAX_BITS {
        return Err(format!("candidate {candidate} is beyond the search of the block {key:?}"));
    }
    let mut rng = block_rng(board, key, seed);
    rng.set_word_pos(u128::from(candidate - 1) * WORDS_PER_CANDIDATE);
    let found = BlockMagic { magic: draw(&mut rng), bits, fold, candidates: candidate };
    let (mut stamps, mut results) = (vec![0u64; 1 << bits], vec![0u128; 1 << bits]);
    if fits(found, &folded_cases(cases, fold), 1, &mut stamps, &mut results) {
        Ok(found)
    } else {
        Err(format!("candidate {candidate} of the block {key:?} is not a magic for it"))
    }
}

/// The widest index a search tries.
const MAX_BITS: u32 = 24;

/// 32-bit stream words a candidate takes ([`draw`]): what seeking to a candidate counts.
const WORDS_PER_CANDIDATE: u128 = 6;

/// The block's ChaCha8 stream under `seed`, at its start.
fn block_rng(board: Board, key: BlockKey, seed: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(block_stream(board, key));
    rng
}

/// The next candidate: the AND of three random words, [`WORDS_PER_CANDIDATE`] stream words.
fn draw(rng: &mut ChaCha8Rng) -> u64 {
    rng.next_u64() & rng.next_u64() & rng.next_u64()
}

/// `cases` with their occupancies folded to 64 bits.
fn folded_cases(cases: &[(u128, u128)], fold: u32) -> Vec<(u64, u128)> {
    cases.iter().map(|&(occupied, result)| (folded(occupied, fold), result)).collect()
}

/// Whether `magic` sends no two cases with different keys to one slot.
fn fits(magic: BlockMagic, cases: &[(u64, u128)], stamp: u64, stamps: &mut [u64], results: &mut [u128]) -> bool {
    for &(folded, result) in cases {
        let slot = magic.slot(folded);
        if stamps[slot] != stamp {
            stamps[slot] = stamp;
            results[slot] = result;
        } else if results[slot] != result {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_distinct() {
        let keys = [
            BlockKey::Line { direction: 1, length: 10, position: 0 },
            BlockKey::Line { direction: 1, length: 10, position: 1 },
            BlockKey::Line { direction: 0, length: 10, position: 0 },
            BlockKey::Leaper { piece: 1, square: 10 },
            BlockKey::Leaper { piece: 1, square: 0 },
            BlockKey::LineSquare { direction: 1, square: 0 },
            BlockKey::LineSquare { direction: 0, square: 1 },
        ];
        let boards = [Board::XIANGQI, Board::new(10, 9).unwrap()];
        let mut streams: Vec<u64> =
            boards.iter().flat_map(|&b| keys.iter().map(move |&k| block_stream(b, k))).collect();
        streams.sort_unstable();
        streams.dedup();
        assert_eq!(streams.len(), keys.len() * boards.len());
        assert!(streams.iter().all(|&s| s >= 1 << 32));
    }

    #[test]
    fn the_fold_avoids_the_low_bits() {
        let mask = (0b1010u128 << 64) | 0b1010;
        let fold = fold_rotation(mask);
        assert_eq!(fold, 1);
        assert_eq!(folded(mask, fold), 0b1010 | 0b10100);
    }

    #[test]
    fn a_found_magic_separates_every_case() {
        // Four spread-out bits, every subset its own result.
        let mask: u128 = 1 | 1 << 9 | 1 << 70 | 1 << 100;
        let bits: Vec<u128> = (0..128).filter(|b| mask >> b & 1 == 1).map(|b| 1u128 << b).collect();
        let cases: Vec<(u128, u128)> =
            (0..16u128).map(|n| ((0..4).filter(|i| n >> i & 1 == 1).map(|i| bits[i]).sum(), n)).collect();
        let key = BlockKey::Leaper { piece: 3, square: 0 };
        let found = find_block_magic(Board::XIANGQI, key, 1, mask, &cases).unwrap();
        let slots: std::collections::BTreeSet<usize> =
            cases.iter().map(|&(occupied, _)| found.slot(folded(occupied, found.fold))).collect();
        assert_eq!(slots.len(), 16);
        // The same seed finds the same magic; another seed's stream differs.
        assert_eq!(find_block_magic(Board::XIANGQI, key, 1, mask, &cases), Ok(found));
        assert_ne!(find_block_magic(Board::XIANGQI, key, 2, mask, &cases).unwrap().magic, found.magic);
        // Seeking to its number finds it again; the number before it is not a magic.
        assert_eq!(block_magic_at(Board::XIANGQI, key, 1, mask, &cases, found.candidates), Ok(found));
        assert!(block_magic_at(Board::XIANGQI, key, 1, mask, &cases, found.candidates - 1).is_err());
    }
}
