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
