//! The packer's table: a bitset of used slots, probed 1,024 offsets at a time, with running counts
//! of used slots that rule out long stretches of offsets at once.

use super::square::Candidate;

/// Slots the board can hold: no table this packer builds comes near it.
pub const CAPACITY: usize = 1 << 18;

/// Words of 64 positions one probe tests ([`Board::collisions`]).
const LANES: usize = 16;

/// Bitset of used slots.
#[derive(Clone, Debug)]
pub struct Board {
    /// Slot `s` used: bit `s % 8` of byte `s / 8`. Bytes, not words, so that a probe reads its
    /// words at any byte and shifts them by less than 8 bits, which compiles to vector loads
    /// and shifts (a word-aligned read needs a funnel shift per word, which does not).
    bytes: Vec<u8>,
    /// `used_before[w]`: used slots in words `0 .. w`, kept up to date for `w <= high + 1`
    /// (beyond it nothing is used, so the count stays `used_before[high + 1]`).
    used_before: Vec<u32>,
    /// The highest word that was ever used.
    high: usize,
}

impl Default for Board {
    fn default() -> Self {
        // Slack beyond the capacity: a probe reads `LANES` words and a byte from its start.
        let words = CAPACITY / 64 + 128;
        Board { bytes: vec![0; 8 * words], used_before: vec![0; words + 1], high: 0 }
    }
}

impl Board {
    /// Slots `64 w .. 64 w + 64` (bit j: slot `64 w + j` used).
    #[inline(always)]
    fn word(&self, w: usize) -> u64 {
        u64::from_le_bytes(self.bytes[8 * w..8 * w + 8].try_into().expect("eight bytes"))
    }

    /// Used slots in words `0 .. word`.
    #[inline(always)]
    fn used_in_words_below(&self, word: usize) -> usize {
        self.used_before[word.min(self.high + 1)] as usize
    }

    /// Used slots below `slot`.
    #[inline(always)]
    fn used_below(&self, slot: usize) -> usize {
        let (word, bit) = (slot / 64, slot % 64);
        self.used_in_words_below(word) + (self.word(word) & ((1u64 << bit) - 1)).count_ones() as usize
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

    /// A lower bound on [`Board::shortfall`] from whole words only (no bit count): the used
    /// slots of the words wholly inside the window.
    #[inline(always)]
    fn coarse_shortfall(&self, candidate: &Candidate, start: usize) -> usize {
        let span = candidate.span as usize;
        let inside =
            self.used_in_words_below((start + span) / 64).saturating_sub(self.used_in_words_below(start / 64 + 1));
        (candidate.used.len() + inside).saturating_sub(span)
    }

    /// Bit j of word i set where `candidate` at position `base + 64 i + j` collides, ORed over
    /// its used slots (stops early once every position collides). In the dense part of a table
    /// a few used slots block every one of 1,024 positions, hardly more than block 64, so a wide
    /// probe moves sixteen times as far for little more work. Measured on the yardstick run
    /// (DENSE_PACKING.md §8): with word-aligned reads, 4 words 15 % faster than 1 and 8 words 6 %
    /// faster than 4; with byte reads (vector shifts), 16 words 5 % faster than 8, 32 slower.
    #[inline]
    fn collisions(&self, candidate: &Candidate, base: usize) -> [u64; LANES] {
        let mut blocked = [0u64; LANES];
        for (i, &relative) in candidate.used.iter().enumerate() {
            let slot = base + relative as usize;
            let (byte, bit) = (slot / 8, (slot % 8) as u32);
            let window: &[u8; 8 * LANES + 1] = self.bytes[byte..=byte + 8 * LANES].try_into().expect("slack bytes");
            let word = |at: usize| u64::from_le_bytes(window[at..at + 8].try_into().expect("eight bytes"));
            for (lane, blocked) in blocked.iter_mut().enumerate() {
                // Slots from `slot + 64 lane` on: its word shifted down by `bit`, and the low
                // `bit` bits of the byte after it on top (both hold the bits they share).
                *blocked |= word(8 * lane) >> bit | word(8 * lane + 1) << (8 - bit);
            }
            // Looked at every second slot: the sixteen-word test costs about as much as a slot
            // (every slot: 8 % slower in all; every fourth: no faster than every second).
            if i % 2 == 1 && blocked.iter().fold(u64::MAX, |all, &lane| all & lane) == u64::MAX {
                break;
            }
        }
        blocked
    }

    /// The lowest board position `start >= min_start` with `start + span <= max_top` at which
    /// all of `candidate`'s slots are free. Stretches where its span cannot hold its used slots
    /// are skipped (`Board::shortfall`: in the dense part of a table, hundreds of positions at
    /// a time for a rook); elsewhere 1,024 positions are tested at once (`Board::collisions`).
    pub fn lowest_fit(&self, candidate: &Candidate, min_start: usize, max_top: usize) -> Option<usize> {
        let span = candidate.span as usize;
        let last = max_top.min(CAPACITY).checked_sub(span)?;
        // A skip shorter than 64 positions is not worth the count (taking it and probing from
        // there was measured 5 % slower), and a candidate of fewer used slots cannot be short of
        // more free ones: it only probes.
        let counts = candidate.used.len() >= 64;
        let mut base = min_start;
        while base <= last {
            let skip = match counts {
                true => match self.coarse_shortfall(candidate, base) {
                    coarse if coarse >= 64 => coarse,
                    _ => self.shortfall(candidate, base),
                },
                false => 0,
            };
            if skip >= 64 {
                base += skip;
                continue;
            }
            let blocked = self.collisions(candidate, base);
            if let Some(lane) = blocked.iter().position(|&lane| lane != u64::MAX) {
                let start = base + 64 * lane + (!blocked[lane]).trailing_zeros() as usize;
                return (start <= last).then_some(start);
            }
            base += 64 * LANES;
        }
        None
    }

    /// Marks (`on`) or clears `candidate`'s slots at board position `start`.
    pub fn set(&mut self, candidate: &Candidate, start: usize, on: bool) {
        for &relative in &candidate.used {
            let slot = start + relative as usize;
            if on {
                debug_assert!(self.bytes[slot / 8] & (1 << (slot % 8)) == 0);
                self.bytes[slot / 8] |= 1 << (slot % 8);
            } else {
                self.bytes[slot / 8] &= !(1 << (slot % 8));
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
            count += self.word(word).count_ones();
            self.used_before[word + 1] = count;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A candidate of the given used slots (relative to its lowest, which is used).
    fn candidate(used: &[u16]) -> Candidate {
        let span = u32::from(*used.iter().max().unwrap()) + 1;
        Candidate { position: 0, magic: 0, low: 0, span, used: used.to_vec(), blocked: span }
    }

    /// The lowest fit, with the skips of the running counts, against a slot-by-slot scan, on
    /// boards filled and emptied at random (dense stretches, holes, the counts after clears).
    #[test]
    fn lowest_fit_is_the_first_free_position() {
        let mut state = 17u64;
        let mut next = |most: u64| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) % most
        };
        let mut board = Board::default();
        // A dense stretch with scattered holes, where the counts skip.
        let fill: Vec<u16> = (0..8000).filter(|&slot| slot == 0 || next(10) != 0).collect();
        board.set(&candidate(&fill), 0, true);
        let mut placed = Vec::new();
        for round in 0..400 {
            // Small and large candidates: only those of 64 used slots or more skip.
            let size = if round % 2 == 0 { 1 + next(40) } else { 64 + next(300) };
            let width = size + next(2 * size);
            let mut used: Vec<u16> = (0..size).map(|_| next(width) as u16).chain([0]).collect();
            used.sort_unstable();
            used.dedup();
            let c = candidate(&used);
            let (min_start, max_top) = (next(3000) as usize, 2000 + next(9000) as usize);
            let free = |start: usize| {
                c.used.iter().all(|&r| board.bytes[(start + r as usize) / 8] >> ((start + r as usize) % 8) & 1 == 0)
            };
            let brute = (min_start..=max_top.saturating_sub(c.span as usize)).find(|&start| free(start));
            let brute = brute.filter(|&start| start + c.span as usize <= max_top);
            assert_eq!(board.lowest_fit(&c, min_start, max_top), brute, "round {round}");
            if let Some(start) = brute {
                board.set(&c, start, true);
                placed.push((c, start));
            }
            if next(3) == 0 && !placed.is_empty() {
                let (c, start) = placed.swap_remove(next(placed.len() as u64) as usize);
                board.set(&c, start, false);
            }
        }
    }

    /// Where a skip lands exactly on the answer: a full prefix of `full` slots and a candidate
    /// of `n` consecutive used slots, whose lowest fit is `full` itself, reached by a last skip
    /// of exactly its shortfall. A skip one longer, or twice as long, misses it.
    #[test]
    fn a_skip_never_passes_the_lowest_fit() {
        for n in [64u16, 100, 333, 1000] {
            let c = candidate(&(0..n).collect::<Vec<_>>());
            let length = usize::from(n);
            for full in (0..1200u16).step_by(7) {
                let prefix = usize::from(full);
                let mut board = Board::default();
                if full > 0 {
                    board.set(&candidate(&(0..full).collect::<Vec<_>>()), 0, true);
                }
                for min_start in [0, prefix.saturating_sub(length + 5), prefix / 2] {
                    assert_eq!(
                        board.lowest_fit(&c, min_start, 4000),
                        Some(prefix),
                        "n {n}, full {full}, from {min_start}"
                    );
                }
                // One slot taken just inside the span above the prefix: the fit moves past it.
                board.set(&candidate(&[0]), prefix + length - 1, true);
                assert_eq!(board.lowest_fit(&c, 0, 4000), Some(prefix + length), "n {n}, full {full}, one more");
            }
        }
    }

    /// At the very top of the board a probe reads past the capacity: a fit in the last free
    /// slots is found, in whichever word of the probe they fall, and one that would need a slot
    /// beyond the capacity is not.
    #[test]
    fn fits_at_the_top_of_the_board() {
        for free in [1usize, 3, 64, 200, 700] {
            let mut board = Board::default();
            let chunk: Vec<u16> = (0..50_000).collect();
            let mut start = 0;
            while start + 50_000 <= CAPACITY - free {
                board.set(&candidate(&chunk), start, true);
                start += 50_000;
            }
            let rest: Vec<u16> = (0..(CAPACITY - free - start) as u16).collect();
            if !rest.is_empty() {
                board.set(&candidate(&rest), start, true);
            }
            let first_free = CAPACITY - free;
            assert_eq!(board.lowest_fit(&candidate(&[0]), 0, CAPACITY), Some(first_free), "{free} free");
            let whole: Vec<u16> = (0..free as u16).collect();
            assert_eq!(board.lowest_fit(&candidate(&whole), 0, CAPACITY), Some(first_free), "{free} free");
            let more: Vec<u16> = (0..=free as u16).collect();
            assert_eq!(board.lowest_fit(&candidate(&more), 0, CAPACITY), None, "{free} free");
        }
    }
}
