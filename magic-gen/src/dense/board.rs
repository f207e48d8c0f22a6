//! The packer's table: a bitset of used slots, probed 64 offsets at a time, with running counts
//! of used slots that rule out long stretches of offsets at once.

use super::square::Candidate;

/// Slots the board can hold: no table this packer builds comes near it.
pub const CAPACITY: usize = 1 << 18;

/// Bitset of used slots.
#[derive(Clone, Debug)]
pub struct Board {
    bits: Vec<u64>,
    /// `used_before[w]`: used slots in words `0 .. w`, kept up to date for `w <= high + 1`
    /// (beyond it nothing is used, so the count stays `used_before[high + 1]`).
    used_before: Vec<u32>,
    /// The highest word that was ever used.
    high: usize,
}

impl Default for Board {
    fn default() -> Self {
        // A word of slack beyond the capacity: a probe reads one word past its start.
        let words = CAPACITY / 64 + 128;
        Board { bits: vec![0; words], used_before: vec![0; words + 1], high: 0 }
    }
}

impl Board {
    /// Bits `slot .. slot + 64` (bit j: slot `slot + j` used).
    #[inline(always)]
    fn word_at(&self, slot: usize) -> u64 {
        let (word, bit) = (slot / 64, slot % 64);
        if bit == 0 { self.bits[word] } else { (self.bits[word] >> bit) | (self.bits[word + 1] << (64 - bit)) }
    }

    /// Used slots below `slot`.
    #[inline(always)]
    fn used_below(&self, slot: usize) -> usize {
        let (word, bit) = (slot / 64, slot % 64);
        let before = self.used_before[word.min(self.high + 1)] as usize;
        before + (self.bits[word] & ((1u64 << bit) - 1)).count_ones() as usize
    }

    /// How many offsets from `start` on cannot fit `candidate` because the window of its span
    /// holds fewer free slots than it uses: 0 if it holds enough. Moving the window by `d`
    /// slots frees at most `d` more, so a window short of `k` free slots at `start` is short at
    /// every start below `start + k`.
    #[inline]
    fn shortfall(&self, candidate: &Candidate, start: usize) -> usize {
        let span = candidate.span as usize;
        let used_inside = self.used_below(start + span) - self.used_below(start);
        (candidate.used.len() + used_inside).saturating_sub(span)
    }

    /// Bit j set where `candidate` at position `base + j` collides, ORed over its used slots
    /// (stops early once every position collides).
    #[inline]
    fn collisions(&self, candidate: &Candidate, base: usize) -> u64 {
        let mut blocked = 0u64;
        for &relative in &candidate.used {
            blocked |= self.word_at(base + relative as usize);
            if blocked == u64::MAX {
                break;
            }
        }
        blocked
    }

    /// The lowest board position `start >= min_start` with `start + span <= max_top` at which
    /// all of `candidate`'s slots are free. Stretches where its span cannot hold its used slots
    /// are skipped ([`Board::shortfall`]: in the dense part of a table, hundreds of positions at
    /// a time for a rook); elsewhere 64 positions are tested at once ([`Board::collisions`]).
    pub fn lowest_fit(&self, candidate: &Candidate, min_start: usize, max_top: usize) -> Option<usize> {
        let span = candidate.span as usize;
        let last = max_top.min(CAPACITY).checked_sub(span)?;
        // A shorter skip than a probe's 64 positions is not worth taking, and a candidate of
        // fewer used slots cannot be short of more free ones: it only probes.
        let counts = candidate.used.len() >= 64;
        let mut base = min_start;
        while base <= last {
            let skip = if counts { self.shortfall(candidate, base) } else { 0 };
            if skip >= 64 {
                base += skip;
                continue;
            }
            let blocked = self.collisions(candidate, base);
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
        // The counts are good up to `high + 1`: recount from there at the latest.
        let first = (start / 64).min(self.high + 1);
        self.high = self.high.max((start + candidate.span as usize - 1) / 64);
        self.count_from(first);
    }

    /// Recounts `used_before` from word `first` up to the highest used word.
    fn count_from(&mut self, first: usize) {
        let mut count = self.used_before[first];
        for word in first..=self.high {
            count += self.bits[word].count_ones();
            self.used_before[word + 1] = count;
        }
    }
}
