//! The packer's table: a bitset of used slots, probed 64 offsets at a time.

use super::square::Candidate;

/// Slots the board can hold: no table this packer builds comes near it.
pub const CAPACITY: usize = 1 << 18;

/// Bitset of used slots.
#[derive(Clone, Debug)]
pub struct Board {
    bits: Vec<u64>,
}

impl Default for Board {
    fn default() -> Self {
        // A word of slack beyond the capacity: a probe reads one word past its start.
        Board { bits: vec![0; CAPACITY / 64 + 128] }
    }
}

impl Board {
    /// Bits `slot .. slot + 64` (bit j: slot `slot + j` used).
    #[inline(always)]
    fn word_at(&self, slot: usize) -> u64 {
        let (word, bit) = (slot / 64, slot % 64);
        if bit == 0 { self.bits[word] } else { (self.bits[word] >> bit) | (self.bits[word + 1] << (64 - bit)) }
    }

    /// The lowest board position `start >= min_start` with `start + span <= max_top` at which
    /// all of `candidate`'s slots are free. 64 positions are tested at once: a word with bit j
    /// set where position `base + j` collides, ORed over the candidate's used slots.
    pub fn lowest_fit(&self, candidate: &Candidate, min_start: usize, max_top: usize) -> Option<usize> {
        let span = candidate.span as usize;
        let last = max_top.min(CAPACITY).checked_sub(span)?;
        let mut base = min_start;
        while base <= last {
            let mut blocked = 0u64;
            for &relative in &candidate.used {
                blocked |= self.word_at(base + relative as usize);
                if blocked == u64::MAX {
                    break;
                }
            }
            if blocked != u64::MAX {
                let start = base + (!blocked).trailing_zeros() as usize;
                return (start <= last).then_some(start);
            }
            base += 64;
        }
        None
    }

    /// Marks (`on`) or clears `candidate`'s slots at board position `start`.
    pub fn set(&mut self, candidate: &Candidate, start: usize, on: bool) {
        for &relative in &candidate.used {
            let slot = start + relative as usize;
            if on {
                debug_assert!(self.bits[slot / 64] & (1 << (slot % 64)) == 0);
                self.bits[slot / 64] |= 1 << (slot % 64);
            } else {
                self.bits[slot / 64] &= !(1 << (slot % 64));
            }
        }
    }
}
