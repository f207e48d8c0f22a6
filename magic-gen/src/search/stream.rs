//! Where candidates come from: one ChaCha8 stream per (slider, square), a candidate *family*
//! (the distribution the candidates are drawn from, a fixed number of stream words each, so any
//! candidate can be reached by seeking), and shards that split a square's sequence between
//! processes.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use magic_tables_core::{Slider, Square};

/// Which search a ChaCha stream serves. Each has its own block of stream numbers, so a
/// square's candidates in one search never depend on what another search drew.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StreamSet {
    /// The fancy (and 32-bit, folded) search of [`crate::search::find_magic`]: streams 0 to 127.
    Fancy,
    /// The frozen candidate stream of the dense packer ([`super::dense_stream`]): streams 256
    /// to 383.
    Dense,
    /// The frozen few-term stream of varied budgets ([`super::few_term_stream`]): streams 768
    /// to 895.
    FewTerm,
    /// The packer's valid-space walks (`crate::dense`, `pack --walks`): streams 1024 to 1151.
    Walk,
    /// The per-square span search (`crate::dense::span`, `magic-gen span`): streams 1280 to
    /// 1407.
    Span,
    /// The moves of the span search's climbs ([`super::climb_stream`], `span --climb`):
    /// streams 1536 to 1663.
    Climb,
}

/// The ChaCha stream number of (slider, square) in `set`: the set's base (0 for
/// [`StreamSet::Fancy`], 256 for [`StreamSet::Dense`], 768 for
/// [`StreamSet::FewTerm`], 1024 for [`StreamSet::Walk`], 1280 for [`StreamSet::Span`], 1536 for
/// [`StreamSet::Climb`]) plus rook a1 = 0 … rook h8 = 63,
/// bishop a1 = 64 … 127. (Streams 512 to 639 were a retired packer's: a block is never reused.)
pub const fn stream_id(set: StreamSet, slider: Slider, square: Square) -> u64 {
    let base = match set {
        StreamSet::Fancy => 0,
        StreamSet::Dense => 256,
        StreamSet::FewTerm => 768,
        StreamSet::Walk => 1024,
        StreamSet::Span => 1280,
        StreamSet::Climb => 1536,
    };
    base + magic_tables_core::pair_index(slider, square) as u64
}

/// The RNG of one (slider, square) in `set`: ChaCha8 keyed by `seed`, on [`stream_id`]. Each
/// pair has its own stream, so what one square draws never depends on which squares were
/// searched before it, in which order, or on how many threads search.
pub fn square_rng(seed: u64, set: StreamSet, slider: Slider, square: Square) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream_id(set, slider, square));
    rng
}

/// [`square_rng`] sought to candidate `k` (0-based) of a stream whose candidates take
/// `words_per_candidate` 32-bit words each: how every frozen stream reaches any candidate in O(1).
pub fn square_rng_at(
    seed: u64,
    set: StreamSet,
    slider: Slider,
    square: Square,
    words_per_candidate: u64,
    k: u64,
) -> ChaCha8Rng {
    let mut rng = square_rng(seed, set, slider, square);
    rng.set_word_pos(u128::from(k) * u128::from(words_per_candidate));
    rng
}

/// Candidate `number` (1-based) of the whole sequence of (`seed`, `slider`, `square`) in
/// `family`, found by seeking the stream rather than drawing the candidates before it.
pub fn nth_candidate(seed: u64, slider: Slider, square: Square, family: Family, number: u64) -> Option<u64> {
    let mut rng = square_rng_at(seed, StreamSet::Fancy, slider, square, family.words(), number.checked_sub(1)?);
    Some(family.draw(&mut rng))
}

/// The distribution candidates are drawn from. Which family finds magics decides a search's
/// speed more than anything else, and it depends on what is searched (measured with
/// `tests/benches/search.rs` and the command lines of docs/cli.md, where the figures are):
///
/// * minimal fancy magics (`c` index bits for a `c`-bit mask) are sparse: [`Family::Sparse`];
/// * one bit fewer, bishop magics are dense, half of their bits set: [`Family::Dense`];
/// * one bit fewer, rook magics are dense too, but their *negations* are sparse and short (7 to
///   16 bits set, all below bit 42 in every published one): [`Family::NegatedSparse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The OR of eight bits at random positions (6 to 8 bits set), from one 64-bit draw.
    Sparse,
    /// The AND of three random words, about 8 bits set: the textbook candidate, kept for the
    /// 32-bit and folded schemes, whose committed tuned seeds were derived with it.
    SparseAnd3,
    /// One random word: about half the bits set.
    Dense,
    /// `-(s)` for a short sparse `s`: `s` keeps the lowest 30 to 50 bits of the AND of two or of
    /// three random words (density 1/4 or 1/8, chosen at random), so `-s` has most bits set.
    NegatedSparse,
}

impl Family {
    /// The family a search for `bits` index bits on a square with a `mask_bits`-bit mask draws
    /// from: see [`Family`].
    pub fn for_bits(slider: Slider, bits: u32, mask_bits: u32) -> Family {
        match (bits < mask_bits, slider) {
            (false, _) => Family::Sparse,
            (true, Slider::Bishop) => Family::Dense,
            (true, Slider::Rook) => Family::NegatedSparse,
        }
    }

    /// 32-bit ChaCha words each candidate takes from the stream.
    pub const fn words(self) -> u64 {
        match self {
            Family::Sparse | Family::Dense => 2,
            Family::SparseAnd3 => 6,
            Family::NegatedSparse => 8,
        }
    }

    /// The next candidate of this family from `rng`, which it advances by exactly
    /// [`Family::words`] words.
    #[inline]
    pub fn draw(self, rng: &mut impl Rng) -> u64 {
        match self {
            Family::Sparse => {
                // Eight 6-bit fields of one word pick the positions.
                let r = rng.next_u64();
                let mut magic = 0;
                let mut field = 0;
                while field < 8 {
                    magic |= 1u64 << ((r >> (6 * field)) & 63);
                    field += 1;
                }
                magic
            }
            Family::SparseAnd3 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
            Family::Dense => rng.next_u64(),
            Family::NegatedSparse => {
                let shape = rng.next_u64();
                let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
                let length = 30 + (shape % 21) as u32;
                let sparse = if shape >> 63 == 0 { a & b } else { a & b & c };
                (sparse & ((1u64 << length) - 1)).wrapping_neg()
            }
        }
    }
}

/// Candidates per block of a square's sequence; shards own whole blocks.
pub const SHARD_BLOCK: u64 = 4096;

/// A deterministic share of every square's candidate sequence: shard `index` of `count` owns
/// the blocks of [`SHARD_BLOCK`] candidates whose block number is `index` modulo `count`.
///
/// Candidate `j` (0-based) of a square is always drawn from the same words of its ChaCha stream
/// (words `w·j .. w·(j + 1)` for the family's `w` words per candidate), whichever shard draws it,
/// so `count` processes together search exactly the sequence one process would, without overlap. The first magic of the whole sequence is the
/// found magic with the smallest candidate number over all shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u64,
    count: u64,
}

/// Why a shard specification was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// Not of the form `I/N`.
    Syntax(String),
    /// `I >= N` or `N = 0`.
    OutOfRange {
        /// Requested index.
        index: u64,
        /// Requested count.
        count: u64,
    },
}

impl core::fmt::Display for ShardError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ShardError::Syntax(text) => {
                write!(f, "`{text}` is not a shard: expected I/N with whole numbers, such as 0/4")
            }
            ShardError::OutOfRange { index, count } => write!(
                f,
                "shard {index}/{count} does not exist: the index must be below the count (0/{count} .. {}/{count})",
                count.saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for ShardError {}

impl Shard {
    /// The whole sequence: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if index < count { Ok(Shard { index, count }) } else { Err(ShardError::OutOfRange { index, count }) }
    }

    /// This shard's index.
    pub fn index(self) -> u64 {
        self.index
    }

    /// How many shards the sequence is split into.
    pub fn count(self) -> u64 {
        self.count
    }

    /// How many of the candidates numbered `1..=number` this shard owns (candidate `n` lies in
    /// block `(n - 1) / SHARD_BLOCK`). A shard that drew `d` candidates after candidate `a`
    /// has searched every candidate it owns up to number `n` exactly when
    /// `owned_up_to(n) - owned_up_to(a) <= d`: what `merge` checks before it calls the
    /// smallest found candidate the first of the whole sequence.
    pub fn owned_up_to(self, number: u64) -> u64 {
        let (block, count, index) = (u128::from(SHARD_BLOCK), u128::from(self.count), u128::from(self.index));
        let number = u128::from(number);
        let full = number / block;
        let whole_blocks = full / count + u128::from(full % count > index);
        let partial = if full % count == index { number - full * block } else { 0 };
        // At most `number`, so it fits.
        (whole_blocks * block + partial) as u64
    }

    /// The first block at or after `block` that this shard owns.
    fn own_block_from(self, block: u64) -> u64 {
        let owner = block % self.count;
        let ahead = if self.index >= owner { self.index - owner } else { self.count - (owner - self.index) };
        block.saturating_add(ahead)
    }
}

impl core::fmt::Display for Shard {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl core::str::FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Quoted cut short: the text may be anything a user or a script passed.
        let syntax = || ShardError::Syntax(crate::text::quote_prefix(s));
        let (index, count) = s.split_once('/').ok_or_else(syntax)?;
        let index = index.trim().parse().map_err(|_| syntax())?;
        let count = count.trim().parse().map_err(|_| syntax())?;
        Shard::new(index, count)
    }
}

/// The candidates of one (seed, slider, square) that one shard draws, numbered by their
/// position in the square's whole sequence.
#[derive(Clone, Debug)]
pub struct CandidateStream {
    rng: ChaCha8Rng,
    family: Family,
    shard: Shard,
    next: u64,
}

impl CandidateStream {
    /// The stream of `shard` through the `family` candidates of (`seed`, `slider`, `square`).
    pub fn new(seed: u64, slider: Slider, square: Square, family: Family, shard: Shard) -> Self {
        CandidateStream { rng: square_rng(seed, StreamSet::Fancy, slider, square), family, shard, next: 0 }
    }
}

impl CandidateStream {
    /// Skips ahead so that the next candidate is the first of this shard numbered above `after`
    /// in the whole sequence: a search that continues one which stopped at candidate `after`
    /// draws exactly the candidates that one did not. Seeks; it never draws the skipped ones.
    /// Never moves backwards: a stream already past `after` is left as it is.
    pub fn skip_to_after(&mut self, after: u64) {
        if after <= self.next {
            return;
        }
        self.next = after;
        if self.shard.count > 1 {
            let block = self.next / SHARD_BLOCK;
            let own = self.shard.own_block_from(block);
            if own != block {
                // `after` lies in another shard's block: start at this shard's next block.
                self.next = own.saturating_mul(SHARD_BLOCK);
            }
        }
        self.rng.set_word_pos(u128::from(self.next) * u128::from(self.family.words()));
    }

    /// The number (1-based, in the whole sequence) of the candidate the next call yields: a
    /// shard skips the other shards' blocks.
    pub fn next_number(&self) -> u64 {
        if self.shard.count > 1 && self.next % SHARD_BLOCK == 0 {
            let block = self.shard.own_block_from(self.next / SHARD_BLOCK);
            return block.saturating_mul(SHARD_BLOCK).saturating_add(1);
        }
        self.next.saturating_add(1)
    }
}

impl Iterator for CandidateStream {
    /// (1-based number in the whole sequence, candidate magic).
    type Item = (u64, u64);

    fn next(&mut self) -> Option<(u64, u64)> {
        if self.shard.count > 1 && self.next % SHARD_BLOCK == 0 {
            let block = self.shard.own_block_from(self.next / SHARD_BLOCK);
            if block != self.next / SHARD_BLOCK {
                self.next = block.checked_mul(SHARD_BLOCK)?;
                self.rng.set_word_pos(u128::from(self.next) * u128::from(self.family.words()));
            }
        }
        self.next = self.next.checked_add(1)?;
        Some((self.next, self.family.draw(&mut self.rng)))
    }
}
