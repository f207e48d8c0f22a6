//! [`Shard`]: one part of an exhaustive sweep (`magic-gen sweep --shard I/N`). Apart from the
//! sweep itself because recipes name the shard a swept magic came from (`sweep:N@I/S`), and the
//! build reads recipes without compiling the sweep.

/// A shard index not below its count, or a count of 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardOutOfRange {
    /// Requested shard index.
    pub index: u64,
    /// Requested shard count.
    pub count: u64,
}

impl core::fmt::Display for ShardOutOfRange {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "shard {}/{} does not exist", self.index, self.count)
    }
}

impl std::error::Error for ShardOutOfRange {}

/// One of `count` contiguous, disjoint ranges of first-field values that together cover them
/// all (`ExhaustiveSearch::shard_range` of the exhaustive search, feature `sweep`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u64,
    count: u64,
}

impl Shard {
    /// The whole first field.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count` (`index < count`).
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardOutOfRange> {
        if index >= count {
            return Err(ShardOutOfRange { index, count });
        }
        Ok(Shard { index, count })
    }

    /// This shard's index.
    pub fn index(self) -> u64 {
        self.index
    }

    /// The number of shards the first field is split into.
    pub fn count(self) -> u64 {
        self.count
    }
}

impl core::fmt::Display for Shard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl core::str::FromStr for Shard {
    type Err = String;

    /// `I/N`.
    fn from_str(s: &str) -> Result<Shard, String> {
        // Quoted cut short: the text may be anything a user or a script passed.
        let quoted = crate::text::quote_prefix(s);
        let (i, n) = s.split_once('/').ok_or_else(|| format!("shard `{quoted}` is not I/N"))?;
        let parse = |v: &str| v.trim().parse::<u64>().map_err(|e| format!("shard `{quoted}`: {e}"));
        Shard::new(parse(i)?, parse(n)?).map_err(|e| e.to_string())
    }
}

impl Shard {
    /// `samples` distinct shards of `count` drawn at random from `seed` (SplitMix64, each index
    /// uniform below `count`, repeats drawn again), ascending: the same draw for the same
    /// arguments on every machine, so that a sample of a sweep's shards is named by its seed.
    /// All of them when `samples` is at least `count`.
    pub fn draw(count: u64, samples: u64, seed: u64) -> Vec<Shard> {
        let mut state = seed;
        let mut next = move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut drawn = std::collections::BTreeSet::new();
        if samples >= count {
            drawn.extend(0..count);
        }
        while (drawn.len() as u64) < samples.min(count) {
            // Multiply-shift: uniform enough for any count below 2^64.
            drawn.insert(((u128::from(next()) * u128::from(count)) >> 64) as u64);
        }
        drawn.into_iter().map(|index| Shard { index, count }).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn draws_are_distinct_in_range_and_repeatable() {
        let drawn = Shard::draw(1 << 40, 100, 7);
        assert_eq!(drawn.len(), 100);
        assert!(drawn.windows(2).all(|w| w[0].index() < w[1].index()));
        assert!(drawn.iter().all(|s| s.count() == 1 << 40));
        assert_eq!(drawn, Shard::draw(1 << 40, 100, 7));
        assert_ne!(drawn, Shard::draw(1 << 40, 100, 8));
        // Spread over the range, not bunched at one end.
        assert!(drawn[0].index() < 1 << 36 && drawn[99].index() > (1 << 40) - (1 << 36));
        // Small counts: every shard once, whatever the sample asks.
        assert_eq!(Shard::draw(5, 9, 1).iter().map(|s| s.index()).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);
        assert_eq!(Shard::draw(5, 4, 1).len(), 4);
    }
}
